"use strict";
/**
 * The drop-in for the npm package c-kzg 4.1.x: the same exports, argument
 * checks, results (Buffers) and errors (class and message), in the same
 * order of checks, so that code written for c-kzg runs unchanged.
 *
 * Differences, all deliberate: `loadTrustedSetup(precompute)` without a
 * path loads the embedded mainnet setup; a precompute that is not a
 * number throws c-kzg's TypeError but leaves the module unloaded (c-kzg
 * is left in a state where neither calls nor a new load work).
 */
const fs = require("fs");
const { isUint8Array } = require("util").types;
const native = require("./native");
const { nativeRecord } = require("./errors");
const setupFile = require("./setup-file");
const split = require("./split");

/** The loaded settings (a native handle), or null before loadTrustedSetup. */
let settings = null;

/** c-kzg's check of a byte argument: a TypeError naming it. */
function bytes(value, length, name) {
  if (!isUint8Array(value)) throw new TypeError(`Expected ${name} to be a Uint8Array`);
  if (value.byteLength !== length) throw new TypeError(`Expected ${name} to be ${length} bytes`);
  return value;
}
const blob = (v) => bytes(v, native.BYTES_PER_BLOB, "blob");
const bytes32 = (v, name) => bytes(v, native.BYTES_PER_FIELD_ELEMENT, name);
const bytes48 = (v, name) => bytes(v, native.BYTES_PER_COMMITMENT, name);
const cell = (v) => bytes(v, native.BYTES_PER_CELL, "cell");

/** A value >= 2^63 that the library rejects as out of range. */
const OUT_OF_RANGE = 2 ** 63;

/**
 * c-kzg's cell index: a TypeError for a non-number; otherwise the number
 * as its native code converts a double to uint64 on x86-64 (truncated
 * toward zero; negative values and NaN become out-of-range values, and
 * values >= 2^64, Infinity included, become 0).
 */
function cellIndex(value) {
  if (typeof value !== "number") throw new TypeError("cell index should be a number");
  if (Number.isNaN(value)) return OUT_OF_RANGE;
  if (value >= 2 ** 64) return 0;
  const t = Math.trunc(value);
  return t <= -1 ? OUT_OF_RANGE : Math.abs(t);
}

function loaded() {
  if (settings === null) throw new Error("Must run loadTrustedSetup before running any other c-kzg functions");
  return settings;
}

/** Runs an operation; a library error becomes c-kzg's Error with its return code. */
function run(name, prefix, bytesArgs, numbers = []) {
  const s = loaded();
  try {
    return s.run(name, bytesArgs, numbers);
  } catch (err) {
    const r = nativeRecord(err);
    throw new Error(`${prefix}: ${r ? r.ckzg : "C_KZG_ERROR"}`);
  }
}

/**
 * Loads the trusted setup: the file at `filePath` (.txt or .json), or the
 * embedded mainnet setup when no path is given. Throws if one is loaded.
 */
function loadTrustedSetup(precompute, filePath) {
  const file = filePath ? setupFile.getTrustedSetupFilepath(filePath) : null;
  if (settings !== null) throw new Error("Error trusted setup is already loaded");
  if (typeof precompute !== "number") throw new TypeError("A number was expected");
  const p = Number.isFinite(precompute) ? Math.trunc(precompute) : 0;
  let text = null;
  if (file !== null) {
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      throw new Error(`Error opening trusted setup file: ${file}`);
    }
  }
  if (p < 0 || p > native.MAX_PRECOMPUTE) throw new Error("Error loading trusted setup file: C_KZG_BADARGS");
  try {
    settings = text === null ? native.NativeSettings.mainnet(p) : native.NativeSettings.parse(text, p);
  } catch (err) {
    const r = nativeRecord(err);
    throw new Error(`Error loading trusted setup file: ${r ? r.ckzg : "C_KZG_ERROR"}`);
  }
}

function blobToKzgCommitment(b) {
  blob(b);
  return run("blobToKzgCommitment", "Failed to convert blob to commitment", [b]);
}

function computeKzgProof(b, zBytes) {
  blob(b);
  bytes32(zBytes, "zBytes");
  return split.proofAndY(run("computeKzgProof", "Failed to compute proof", [b, zBytes]));
}

function computeBlobKzgProof(b, commitmentBytes) {
  blob(b);
  bytes48(commitmentBytes, "commitmentBytes");
  return run("computeBlobKzgProof", "Error in computeBlobKzgProof", [b, commitmentBytes]);
}

function verifyKzgProof(commitmentBytes, zBytes, yBytes, proofBytes) {
  bytes48(commitmentBytes, "commitmentBytes");
  bytes32(zBytes, "zBytes");
  bytes32(yBytes, "yBytes");
  bytes48(proofBytes, "proofBytes");
  return run("verifyKzgProof", "Failed to verify KZG proof", [commitmentBytes, zBytes, yBytes, proofBytes]);
}

function verifyBlobKzgProof(b, commitmentBytes, proofBytes) {
  blob(b);
  bytes48(commitmentBytes, "commitmentBytes");
  bytes48(proofBytes, "proofBytes");
  return run("verifyBlobKzgProof", "Error in verifyBlobKzgProof", [b, commitmentBytes, proofBytes]);
}

function verifyBlobKzgProofBatch(blobs, commitmentsBytes, proofsBytes) {
  if (!(Array.isArray(blobs) && Array.isArray(commitmentsBytes) && Array.isArray(proofsBytes))) {
    throw new Error("Blobs, commitments, and proofs must all be arrays");
  }
  loaded();
  const n = blobs.length;
  if (commitmentsBytes.length !== n || proofsBytes.length !== n) {
    throw new Error("Requires equal number of blobs/commitments/proofs");
  }
  for (let i = 0; i < n; i++) {
    blob(blobs[i]);
    bytes48(commitmentsBytes[i], "commitmentBytes");
    bytes48(proofsBytes[i], "proofBytes");
  }
  return run("verifyBlobKzgProofBatch", "Error in verifyBlobKzgProofBatch", [
    Buffer.concat(blobs),
    Buffer.concat(commitmentsBytes),
    Buffer.concat(proofsBytes),
  ]);
}

function computeCells(b) {
  blob(b);
  return split.cells(run("computeCells", "Error in computeCellsAndKzgProofs", [b]));
}

function computeCellsAndKzgProofs(b) {
  blob(b);
  return split.cellsAndProofs(run("computeCellsAndKzgProofs", "Error in computeCellsAndKzgProofs", [b]));
}

function recoverCellsAndKzgProofs(cellIndices, cells) {
  if (!Array.isArray(cellIndices)) throw new Error("CellIndices must be an array");
  if (!Array.isArray(cells)) throw new Error("Cells must be an array");
  loaded();
  if (cellIndices.length !== cells.length) throw new Error("There must equal lengths of cellIndices and cells");
  const indices = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    indices[i] = cellIndex(cellIndices[i]);
    cell(cells[i]);
  }
  const out = run("recoverCellsAndKzgProofs", "Error in recoverCellsAndKzgProofs", [Buffer.concat(cells)], [indices]);
  return split.cellsAndProofs(out);
}

function verifyCellKzgProofBatch(commitmentsBytes, cellIndices, cells, proofsBytes) {
  if (!(Array.isArray(commitmentsBytes) && Array.isArray(cellIndices) && Array.isArray(cells) && Array.isArray(proofsBytes))) {
    throw new Error("commitments, cell_indices, cells, and proofs must be arrays");
  }
  loaded();
  const n = cells.length;
  if (commitmentsBytes.length !== n || cellIndices.length !== n || proofsBytes.length !== n) {
    throw new Error("Must have equal lengths for commitments, cell_indices, cells, and proofs");
  }
  const indices = new Array(n);
  for (let i = 0; i < n; i++) {
    bytes48(commitmentsBytes[i], "commitmentBytes");
    indices[i] = cellIndex(cellIndices[i]);
    cell(cells[i]);
    bytes48(proofsBytes[i], "proofBytes");
  }
  return run(
    "verifyCellKzgProofBatch",
    "Error in verifyCellKzgProofBatch",
    [Buffer.concat(commitmentsBytes), Buffer.concat(cells), Buffer.concat(proofsBytes)],
    [indices]
  );
}

module.exports = {
  loadTrustedSetup,
  blobToKzgCommitment,
  computeKzgProof,
  computeBlobKzgProof,
  verifyKzgProof,
  verifyBlobKzgProof,
  verifyBlobKzgProofBatch,
  computeCells,
  computeCellsAndKzgProofs,
  recoverCellsAndKzgProofs,
  verifyCellKzgProofBatch,
  BYTES_PER_BLOB: native.BYTES_PER_BLOB,
  BYTES_PER_COMMITMENT: native.BYTES_PER_COMMITMENT,
  BYTES_PER_FIELD_ELEMENT: native.BYTES_PER_FIELD_ELEMENT,
  BYTES_PER_PROOF: native.BYTES_PER_PROOF,
  BYTES_PER_CELL: native.BYTES_PER_CELL,
  FIELD_ELEMENTS_PER_BLOB: native.FIELD_ELEMENTS_PER_BLOB,
  FIELD_ELEMENTS_PER_CELL: native.FIELD_ELEMENTS_PER_CELL,
  CELLS_PER_EXT_BLOB: native.CELLS_PER_EXT_BLOB,
  DEFAULT_TRUSTED_SETUP_PATH: setupFile.DEFAULT_TRUSTED_SETUP_PATH,
  getTrustedSetupFilepath: setupFile.getTrustedSetupFilepath,
  path: native.path,
};
