"use strict";
/**
 * The addon returns a list result as one Buffer; these split it into
 * items, each a Buffer of its own (so that keeping one cell does not keep
 * the whole extended blob alive).
 */
const native = require("./native");

/** `count` items of `size` bytes from `buf` at `offset`. */
function items(buf, size, count, offset = 0) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = offset + i * size;
    out[i] = Buffer.from(buf.subarray(start, start + size));
  }
  return out;
}

/** An extended blob's cells. */
function cells(buf) {
  return items(buf, native.BYTES_PER_CELL, native.CELLS_PER_EXT_BLOB);
}

/** An extended blob's cells and their proofs. */
function cellsAndProofs(buf) {
  const n = native.CELLS_PER_EXT_BLOB;
  return [
    items(buf, native.BYTES_PER_CELL, n),
    items(buf, native.BYTES_PER_PROOF, n, n * native.BYTES_PER_CELL),
  ];
}

/** Per-blob results of `size` bytes each, one after the other, split by blob. */
function perBlob(buf, size, one) {
  const n = buf.length / size;
  const out = new Array(n);
  for (let b = 0; b < n; b++) out[b] = one(buf.subarray(b * size, (b + 1) * size));
  return out;
}

/** Many extended blobs' cells: one list of 128 cells per blob. */
function cellsBatch(buf) {
  return perBlob(buf, native.CELLS_PER_EXT_BLOB * native.BYTES_PER_CELL, cells);
}

/** Many extended blobs' cells and proofs: one [cells, proofs] pair per blob. */
function cellsAndProofsBatch(buf) {
  const n = native.CELLS_PER_EXT_BLOB;
  return perBlob(buf, n * (native.BYTES_PER_CELL + native.BYTES_PER_PROOF), cellsAndProofs);
}

/** A proof and the evaluation `y`. */
function proofAndY(buf) {
  return [
    Buffer.from(buf.subarray(0, native.BYTES_PER_PROOF)),
    Buffer.from(buf.subarray(native.BYTES_PER_PROOF)),
  ];
}

module.exports = { cells, cellsAndProofs, cellsBatch, cellsAndProofsBatch, proofAndY };
