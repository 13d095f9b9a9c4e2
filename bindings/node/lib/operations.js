"use strict";
/**
 * The spec functions of the idiomatic API, as a table: for each, how its
 * arguments become the addon's inputs (checked, concatenated) and how the
 * addon's result becomes the return value. `KzgSettings` builds a
 * synchronous method and an `...Async` method from every entry.
 */
const check = require("./check");
const split = require("./split");

const same = (out) => out;

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
};

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

module.exports = { OPERATIONS, CHALLENGES };
