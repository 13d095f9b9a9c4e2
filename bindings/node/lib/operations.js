"use strict";
/**
 * The spec functions of the idiomatic API, as a table: for each, how its
 * arguments become the addon's inputs (checked, concatenated) and how the
 * addon's result becomes the return value. `install` builds a synchronous
 * method and an `...Async` method from every entry: `KzgSettings` gets
 * them all, the verify-only `KzgVerifier` the verifications
 * (`VERIFY_OPERATIONS`), the same entries run by the same addon code.
 */
const check = require("./check");
const split = require("./split");
const { toKzgError, wrap } = require("./errors");

const same = (out) => out;
const CELLS_PER_EXT_BLOB = require("./native").CELLS_PER_EXT_BLOB;

/**
 * name -> { args(...) -> [bytes[], numbers[][]], result(out) -> value }.
 * Argument order and names follow the specs (and c-kzg).
 */
const OPERATIONS = {
  blobToKzgCommitment: {
    args: (blob) => [[check.bytes(blob, "blob")], []],
    result: same,
  },
  computeKzgProof: {
    args: (blob, z) => [[check.bytes(blob, "blob"), check.bytes(z, "z")], []],
    result: split.proofAndY,
  },
  computeBlobKzgProof: {
    args: (blob, commitment) => [[check.bytes(blob, "blob"), check.bytes(commitment, "commitment")], []],
    result: same,
  },
  verifyKzgProof: {
    args: (commitment, z, y, proof) => [
      [check.bytes(commitment, "commitment"), check.bytes(z, "z"), check.bytes(y, "y"), check.bytes(proof, "proof")],
      [],
    ],
    result: same,
  },
  verifyBlobKzgProof: {
    args: (blob, commitment, proof) => [
      [check.bytes(blob, "blob"), check.bytes(commitment, "commitment"), check.bytes(proof, "proof")],
      [],
    ],
    result: same,
  },
  verifyBlobKzgProofBatch: {
    args: (blobs, commitments, proofs) => [
      [check.list(blobs, "blob"), check.list(commitments, "commitment"), check.list(proofs, "proof")],
      [],
    ],
    result: same,
  },
  computeCells: {
    args: (blob) => [[check.bytes(blob, "blob")], []],
    result: split.cells,
  },
  computeCellsAndKzgProofs: {
    args: (blob) => [[check.bytes(blob, "blob")], []],
    result: split.cellsAndProofs,
  },
  recoverCells: {
    args: (cellIndices, cells) => [[check.list(cells, "cell")], [check.indices(cellIndices)]],
    result: split.cells,
  },
  recoverCellsAndKzgProofs: {
    args: (cellIndices, cells) => [[check.list(cells, "cell")], [check.indices(cellIndices)]],
    result: split.cellsAndProofs,
  },
  verifyCellKzgProofBatch: {
    args: (commitments, cellIndices, cells, proofs) => [
      [check.list(commitments, "commitment"), check.list(cells, "cell"), check.list(proofs, "proof")],
      [check.indices(cellIndices)],
    ],
    result: same,
  },

  // Batch calls over many blobs (one pass, blobs side by side, errors
  // naming the blob in `KzgError.blob`). Per-blob lists are nested arrays.
  computeCellsBatch: {
    args: (blobs) => [[check.list(blobs, "blob")], []],
    result: split.cellsBatch,
  },
  computeCellsAndKzgProofsBatch: {
    args: (blobs) => [[check.list(blobs, "blob")], []],
    result: split.cellsAndProofsBatch,
  },
  recoverCellsBatch: {
    args: (cellIndices, cells) => {
      const idx = check.indices(cellIndices);
      return [[check.nested(cells, "cell", idx.length, "one per cell index").bytes], [idx]];
    },
    result: split.cellsBatch,
  },
  verifyBlobCellProofs: {
    args: (blobs, commitments, proofs) => {
      const b = check.array(blobs, "blob");
      const c = check.array(commitments, "commitment");
      const blobBytes = check.list(b, "blob");
      const commitmentBytes = check.list(c, "commitment");
      check.sameCount(c, b.length, "commitment");
      const p = check.nested(proofs, "proof", CELLS_PER_EXT_BLOB, "one per cell");
      check.sameCount({ length: p.blobs }, b.length, "proof list");
      return [[blobBytes, commitmentBytes, p.bytes], []];
    },
    result: same,
  },
  verifyCellsSharedIndices: {
    args: (commitments, cellIndices, cells, proofs) => {
      const c = check.array(commitments, "commitment");
      const commitmentBytes = check.list(c, "commitment");
      const idx = check.indices(cellIndices);
      const k = check.nested(cells, "cell", idx.length, "one per cell index");
      const p = check.nested(proofs, "proof", idx.length, "one per cell index");
      check.sameCount({ length: k.blobs }, c.length, "cell list");
      check.sameCount({ length: p.blobs }, c.length, "proof list");
      return [[commitmentBytes, k.bytes, p.bytes], [idx]];
    },
    result: same,
  },
};

/** The verifications: the methods of the verify-only `KzgVerifier` (and of `KzgSettings`). */
const VERIFY_OPERATIONS = Object.fromEntries(
  [
    "verifyKzgProof",
    "verifyBlobKzgProof",
    "verifyBlobKzgProofBatch",
    "verifyCellKzgProofBatch",
    "verifyBlobCellProofs",
    "verifyCellsSharedIndices",
  ].map((name) => [name, OPERATIONS[name]])
);

/** The two Fiat–Shamir challenges (no settings needed; hashes only). */
const CHALLENGES = {
  computeChallenge: {
    args: (blob, commitment) => [[check.bytes(blob, "blob"), check.bytes(commitment, "commitment")], []],
    result: same,
  },
  computeVerifyCellKzgProofBatchChallenge: {
    args: (commitments, commitmentIndices, cellIndices, cells, proofs) => [
      [check.list(commitments, "commitment"), check.list(cells, "cell"), check.list(proofs, "proof")],
      [check.indices(commitmentIndices, "commitment index"), check.indices(cellIndices)],
    ],
    result: same,
  },
};

/**
 * Adds `name` and `nameAsync` for every operation to `target`; `handle(this)`
 * is the addon object they run on.
 */
function install(target, operations, handle) {
  for (const [name, op] of Object.entries(operations)) {
    target[name] = function (...args) {
      const [bytes, numbers] = op.args(...args);
      return op.result(wrap(() => handle(this).run(name, bytes, numbers)));
    };
    target[`${name}Async`] = async function (...args) {
      const [bytes, numbers] = op.args(...args);
      let out;
      try {
        out = await handle(this).runAsync(name, bytes, numbers);
      } catch (err) {
        throw toKzgError(err);
      }
      return op.result(out);
    };
    Object.defineProperty(target[name], "name", { value: name });
    Object.defineProperty(target[`${name}Async`], "name", { value: `${name}Async` });
  }
}

module.exports = { OPERATIONS, VERIFY_OPERATIONS, CHALLENGES, install };
