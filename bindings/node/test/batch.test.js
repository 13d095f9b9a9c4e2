"use strict";
/**
 * The batch calls of the idiomatic API (computeCellsBatch,
 * computeCellsAndKzgProofsBatch, recoverCellsBatch, verifyBlobCellProofs,
 * verifyCellsSharedIndices), sync and async: each equals the per-blob
 * calls of the same class on random blobs (verification: the verdict of
 * verifyCellKzgProofBatch over the flattened lists); bad input throws a
 * KzgError naming the blob, never aborts.
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const fastkzg = require("..");
const { plain, randomBlob } = require("./helpers");

const { KzgSettings, KzgError } = fastkzg;
const kzg = KzgSettings.mainnet();

const N = 3;
const blobs = [...Array(N).keys()].map((i) => randomBlob(1000 + i));
const commitments = blobs.map((b) => kzg.blobToKzgCommitment(b));
const perBlob = blobs.map((b) => kzg.computeCellsAndKzgProofs(b));
const allCells = perBlob.map(([cells]) => cells);
const allProofs = perBlob.map(([, proofs]) => proofs);
/** 64 shared indices (every other one, shifted), and 70 mixed ones. */
const even = [...Array(64).keys()].map((i) => 2 * i + 1);
const mixed = [...Array(70).keys()].map((i) => (i < 35 ? i : i + 50));
const pick = (indices, list) => indices.map((i) => list[i]);

const ones = (n) => new Uint8Array(n).fill(0xff);
const nonCanonical = Uint8Array.from(blobs[2]);
nonCanonical.set(ones(32), 32 * 9);

/** The KzgError a call throws (sync) or rejects with (async). */
function thrown(f) {
  try {
    f();
  } catch (err) {
    return err;
  }
  assert.fail("no error thrown");
}
async function rejected(f) {
  try {
    await f();
  } catch (err) {
    return err;
  }
  assert.fail("no rejection");
}

/** `expected` fields of a KzgError. */
function assertKzgError(err, expected) {
  assert.ok(err instanceof KzgError, `not a KzgError: ${err && err.stack}`);
  for (const [key, value] of Object.entries(expected)) {
    assert.equal(err[key], value, `${key} of ${err.code}: ${err.message}`);
  }
}

test("computeCellsBatch and computeCellsAndKzgProofsBatch equal the per-blob calls", async () => {
  const cells = kzg.computeCellsBatch(blobs);
  assert.equal(cells.length, N);
  assert.deepEqual(plain(cells), plain(blobs.map((b) => kzg.computeCells(b))));
  assert.deepEqual(plain(cells), plain(allCells));
  const both = kzg.computeCellsAndKzgProofsBatch(blobs);
  assert.deepEqual(plain(both), plain(perBlob));
  assert.ok(Buffer.isBuffer(both[1][0][5]) && both[1][0][5].length === 2048);
  assert.ok(both[1][1][127].length === 48);
  // Async twins; any iterable of blobs.
  assert.deepEqual(plain(await kzg.computeCellsBatchAsync(blobs)), plain(cells));
  assert.deepEqual(plain(await kzg.computeCellsAndKzgProofsBatchAsync(new Set(blobs))), plain(perBlob));
  // No blobs, one blob.
  assert.deepEqual(kzg.computeCellsBatch([]), []);
  assert.deepEqual(kzg.computeCellsAndKzgProofsBatch([]), []);
  assert.deepEqual(plain(kzg.computeCellsBatch([blobs[1]])), plain([allCells[1]]));
});

test("recoverCellsBatch equals recoverCells of each blob", async () => {
  for (const indices of [even, mixed, [...Array(64).keys()], [...Array(128).keys()]]) {
    const cells = allCells.map((c) => pick(indices, c));
    const got = kzg.recoverCellsBatch(indices, cells);
    assert.deepEqual(plain(got), plain(cells.map((c) => kzg.recoverCells(indices, c))));
    assert.deepEqual(plain(got), plain(allCells));
    assert.deepEqual(plain(await kzg.recoverCellsBatchAsync(indices, cells)), plain(allCells));
  }
  assert.deepEqual(kzg.recoverCellsBatch(even, []), []);
});

test("verifyBlobCellProofs: the verdict of verifyCellKzgProofBatch over all cells", async () => {
  const flat = (lists) => lists.flat();
  const all = [...Array(128).keys()];
  const reference = (proofs) =>
    kzg.verifyCellKzgProofBatch(
      flat(commitments.map((c) => all.map(() => c))),
      flat(blobs.map(() => all)),
      flat(allCells),
      flat(proofs)
    );
  assert.equal(kzg.verifyBlobCellProofs(blobs, commitments, allProofs), true);
  assert.equal(reference(allProofs), true);
  assert.equal(await kzg.verifyBlobCellProofsAsync(blobs, commitments, allProofs), true);
  // A proof swapped for another valid point: invalid, as the reference says.
  const swapped = allProofs.map((p) => [...p]);
  [swapped[1][3], swapped[1][4]] = [swapped[1][4], swapped[1][3]];
  assert.equal(kzg.verifyBlobCellProofs(blobs, commitments, swapped), false);
  assert.equal(reference(swapped), false);
  // Commitments swapped between blobs.
  const wrong = [commitments[1], commitments[0], commitments[2]];
  assert.equal(kzg.verifyBlobCellProofs(blobs, wrong, allProofs), false);
  assert.equal(await kzg.verifyBlobCellProofsAsync(blobs, wrong, allProofs), false);
  assert.equal(kzg.verifyBlobCellProofs([], [], []), true);
  assert.equal(kzg.verifyBlobCellProofs([blobs[2]], [commitments[2]], [allProofs[2]]), true);
});

test("verifyCellsSharedIndices: the verdict of verifyCellKzgProofBatch over the flattened lists", async () => {
  const reference = (cms, indices, cells, proofs) =>
    kzg.verifyCellKzgProofBatch(
      cms.flatMap((c) => indices.map(() => c)),
      cms.flatMap(() => indices),
      cells.flat(),
      proofs.flat()
    );
  for (const indices of [[5], [0, 7, 7, 127], even]) {
    const cells = allCells.map((c) => pick(indices, c));
    const proofs = allProofs.map((p) => pick(indices, p));
    assert.equal(kzg.verifyCellsSharedIndices(commitments, indices, cells, proofs), true);
    assert.equal(reference(commitments, indices, cells, proofs), true);
    assert.equal(await kzg.verifyCellsSharedIndicesAsync(commitments, indices, cells, proofs), true);
    // Blob 1's cells with blob 2's proofs.
    const bad = [proofs[0], proofs[2], proofs[2]];
    assert.equal(kzg.verifyCellsSharedIndices(commitments, indices, cells, bad), false);
    assert.equal(reference(commitments, indices, cells, bad), false);
  }
  assert.equal(kzg.verifyCellsSharedIndices([], even, [], []), true);
  assert.equal(kzg.verifyCellsSharedIndices(commitments, [], [[], [], []], [[], [], []]), true);
});

test("batch errors name the blob and the position inside it", async () => {
  const bad = [blobs[0], blobs[1], nonCanonical];
  for (const name of ["computeCellsBatch", "computeCellsAndKzgProofsBatch"]) {
    const expected = { code: "NON_CANONICAL_FIELD_ELEMENT", input: "blob", blob: 2, index: 0, element: 9 };
    assertKzgError(thrown(() => kzg[name](bad)), expected);
    assertKzgError(await rejected(() => kzg[`${name}Async`](bad)), expected);
    assert.match(thrown(() => kzg[name](bad)).message, /^blob 2: blob: field element 9/);
  }
  assertKzgError(
    thrown(() => kzg.verifyBlobCellProofs(bad, commitments, allProofs)),
    { code: "NON_CANONICAL_FIELD_ELEMENT", input: "blob", blob: 2, element: 9 }
  );

  // A non-canonical cell at position 5 of blob 1.
  const cells = allCells.map((c) => pick(even, c));
  cells[1] = [...cells[1]];
  const badCell = Uint8Array.from(cells[1][5]);
  badCell.set(ones(32), 32 * 3);
  cells[1][5] = badCell;
  const cellError = { code: "NON_CANONICAL_FIELD_ELEMENT", input: "cell", blob: 1, index: 5, element: 3 };
  assertKzgError(thrown(() => kzg.recoverCellsBatch(even, cells)), cellError);
  assertKzgError(await rejected(() => kzg.recoverCellsBatchAsync(even, cells)), cellError);
  const proofs = allProofs.map((p) => pick(even, p));
  assertKzgError(thrown(() => kzg.verifyCellsSharedIndices(commitments, even, cells, proofs)), cellError);

  // An invalid proof at position 7 of blob 2.
  const badProofs = allProofs.map((p) => [...p]);
  badProofs[2][7] = ones(48);
  assertKzgError(thrown(() => kzg.verifyBlobCellProofs(blobs, commitments, badProofs)), {
    code: "INVALID_POINT",
    input: "proof",
    blob: 2,
    index: 7,
  });
  // An invalid commitment: its blob's position.
  const badCommitments = [commitments[0], ones(48), commitments[2]];
  assertKzgError(thrown(() => kzg.verifyBlobCellProofs(blobs, badCommitments, allProofs)), {
    code: "INVALID_POINT",
    input: "commitment",
    index: 1,
  });
});

test("batch calls reject bad shapes, indices and types with a KzgError", async () => {
  const cells = allCells.map((c) => pick(even, c));
  const proofs = allProofs.map((p) => pick(even, p));
  const cases = [
    // Wrong inner lengths.
    ["recoverCellsBatch", [even, [cells[0], cells[1].slice(1), cells[2]]], { code: "LENGTH_MISMATCH", blob: 1 }],
    ["verifyBlobCellProofs", [blobs, commitments, [allProofs[0], allProofs[1], allProofs[2].slice(2)]], { code: "LENGTH_MISMATCH", blob: 2 }],
    ["verifyCellsSharedIndices", [commitments, even, cells, [proofs[0], [...proofs[1], proofs[1][0]], proofs[2]]], { code: "LENGTH_MISMATCH", blob: 1 }],
    // Wrong outer lengths.
    ["verifyBlobCellProofs", [blobs, commitments.slice(1), allProofs], { code: "LENGTH_MISMATCH" }],
    ["verifyBlobCellProofs", [blobs, commitments, allProofs.slice(1)], { code: "LENGTH_MISMATCH" }],
    ["verifyCellsSharedIndices", [commitments.slice(1), even, cells, proofs], { code: "LENGTH_MISMATCH" }],
    // Wrong item lengths inside a blob's list.
    ["recoverCellsBatch", [even, [cells[0], [...cells[1].slice(0, 3), new Uint8Array(2047), ...cells[1].slice(4)]]], { code: "INVALID_LENGTH", input: "cell", blob: 1, index: 3 }],
    ["verifyBlobCellProofs", [blobs, commitments, [allProofs[0], [new Uint8Array(49), ...allProofs[1].slice(1)], allProofs[2]]], { code: "INVALID_LENGTH", input: "proof", blob: 1, index: 0 }],
    ["computeCellsBatch", [[blobs[0], new Uint8Array(131071)]], { code: "INVALID_LENGTH", input: "blob", index: 1 }],
    // Index 128; 63 recovery indices; unsorted; duplicates.
    ["recoverCellsBatch", [[...even.slice(0, 63), 128], cells], { code: "CELL_INDEX_OUT_OF_RANGE", index: 63 }],
    ["verifyCellsSharedIndices", [commitments, [...even.slice(0, 63), 128], cells, proofs], { code: "CELL_INDEX_OUT_OF_RANGE", index: 63 }],
    ["recoverCellsBatch", [even.slice(0, 63), cells.map((c) => c.slice(0, 63))], { code: "NOT_ENOUGH_CELLS" }],
    ["recoverCellsBatch", [[...even].reverse(), cells], { code: "CELL_INDICES_NOT_ASCENDING" }],
    ["recoverCellsBatch", [[-1, ...even.slice(1)], cells], { code: "CELL_INDEX_OUT_OF_RANGE", index: 0 }],
    // Wrong types, outside and inside.
    ["computeCellsBatch", [blobs[0]], { code: "INVALID_TYPE", input: "blob" }],
    ["computeCellsBatch", [[blobs[0], "x"]], { code: "INVALID_TYPE", input: "blob", index: 1 }],
    ["computeCellsAndKzgProofsBatch", [null], { code: "INVALID_TYPE" }],
    ["recoverCellsBatch", [even, [cells[0], cells[1][0]]], { code: "INVALID_TYPE", input: "cell", blob: 1 }],
    ["recoverCellsBatch", [even, [cells[0], null]], { code: "INVALID_TYPE", input: "cell", blob: 1 }],
    ["recoverCellsBatch", [even, cells.flat()], { code: "INVALID_TYPE", input: "cell", blob: 0 }],
    ["recoverCellsBatch", [["1", ...even.slice(1)], cells], { code: "INVALID_TYPE", input: "cell index" }],
    ["recoverCellsBatch", [42, cells], { code: "INVALID_TYPE", input: "cell index" }],
    ["verifyBlobCellProofs", [blobs, commitments, allProofs.flat()], { code: "INVALID_TYPE", input: "proof", blob: 0 }],
    ["verifyBlobCellProofs", [blobs, [commitments[0], {}, commitments[2]], allProofs], { code: "INVALID_TYPE", input: "commitment", index: 1 }],
    ["verifyCellsSharedIndices", [commitments, even, cells, [proofs[0], proofs[1], [...proofs[2].slice(0, 10), 7, ...proofs[2].slice(11)]]], { code: "INVALID_TYPE", input: "proof", blob: 2, index: 10 }],
    ["verifyCellsSharedIndices", [commitments, even, undefined, proofs], { code: "INVALID_TYPE", input: "cell" }],
  ];
  for (const [name, args, expected] of cases) {
    assertKzgError(thrown(() => kzg[name](...args)), expected);
    // The async twin rejects (never throws synchronously) with the same error.
    let promise;
    assert.doesNotThrow(() => {
      promise = kzg[`${name}Async`](...args);
    });
    assert.ok(promise instanceof Promise);
    assertKzgError(await rejected(() => promise), expected);
  }
});

test("random garbage in batch calls never aborts", () => {
  let x = 12345;
  const rnd = (n) => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x % n;
  };
  const values = [null, undefined, 0, "s", {}, [], new Uint8Array(0), new Uint8Array(48), ones(48), new Uint8Array(2048), ones(2048), blobs[0], nonCanonical, [new Uint8Array(48)], [ones(2048)], [blobs[0]], [[ones(48)]], [[new Uint8Array(2048)]], [1, 2, 3], [128], even];
  const names = ["computeCellsBatch", "computeCellsAndKzgProofsBatch", "recoverCellsBatch", "verifyBlobCellProofs", "verifyCellsSharedIndices"];
  for (let i = 0; i < 300; i++) {
    const name = names[rnd(names.length)];
    const args = [...Array(rnd(5)).keys()].map(() => values[rnd(values.length)]);
    try {
      kzg[name](...args);
    } catch (err) {
      assert.ok(err instanceof KzgError, `${name}: ${err && err.stack}`);
    }
  }
});
