"use strict";
/**
 * The async variants: same results and errors as the synchronous calls,
 * many at once, off the JavaScript thread; and the thread-count switch.
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const fastkzg = require("..");
const { randomBlob } = require("./helpers");

const { KzgSettings, KzgError } = fastkzg;
const s = KzgSettings.mainnet();

const blobs = [1, 2, 3, 4].map(randomBlob);
const commitments = blobs.map((b) => s.blobToKzgCommitment(b));
const proofs = blobs.map((b, i) => s.computeBlobKzgProof(b, commitments[i]));
const [cells, cellProofs] = s.computeCellsAndKzgProofs(blobs[0]);
const half = [...Array(64).keys()].map((i) => 2 * i + 1);
const z = new Uint8Array(32).fill(3);

/** [method, args] of one call of every kind. */
const CALLS = [
  ["blobToKzgCommitment", [blobs[1]]],
  ["computeKzgProof", [blobs[2], z]],
  ["computeBlobKzgProof", [blobs[3], commitments[3]]],
  ["verifyKzgProof", [commitments[0], z, ...s.computeKzgProof(blobs[0], z).reverse()].slice(0, 4)],
  ["verifyBlobKzgProof", [blobs[0], commitments[0], proofs[0]]],
  ["verifyBlobKzgProofBatch", [blobs, commitments, proofs]],
  ["computeCells", [blobs[1]]],
  ["computeCellsAndKzgProofs", [blobs[2]]],
  ["recoverCells", [half, half.map((i) => cells[i])]],
  ["recoverCellsAndKzgProofs", [half, half.map((i) => cells[i])]],
  ["verifyCellKzgProofBatch", [cells.map(() => commitments[0]), [...cells.keys()], cells, cellProofs]],
];

test("async variants equal the sync calls", async () => {
  for (const [method, args] of CALLS) {
    assert.deepEqual(await s[`${method}Async`](...args), s[method](...args), method);
  }
  const [proof, y] = s.computeKzgProof(blobs[0], z);
  assert.equal(await s.verifyKzgProofAsync(commitments[0], z, y, proof), true);
  assert.deepEqual(await fastkzg.computeChallengeAsync(blobs[0], commitments[0]), fastkzg.computeChallenge(blobs[0], commitments[0]));
});

test("many async calls at once equal the sync results", async () => {
  const expected = CALLS.map(([method, args]) => s[method](...args));
  const rounds = 4;
  const promises = [];
  for (let r = 0; r < rounds; r++) {
    for (const [method, args] of CALLS) promises.push(s[`${method}Async`](...args));
  }
  const results = await Promise.all(promises);
  results.forEach((got, i) => assert.deepEqual(got, expected[i % CALLS.length], CALLS[i % CALLS.length][0]));
  const commits = await Promise.all(Array.from({ length: 64 }, (_, i) => s.blobToKzgCommitmentAsync(blobs[i % 4])));
  commits.forEach((c, i) => assert.deepEqual(c, commitments[i % 4]));
});

test("async errors are rejections with KzgError, never synchronous throws", async () => {
  let promise;
  assert.doesNotThrow(() => {
    promise = s.blobToKzgCommitmentAsync("not a blob");
  });
  await assert.rejects(promise, (err) => err instanceof KzgError && err.code === "INVALID_TYPE");
  const bad = new Uint8Array(131072).fill(0xff);
  await assert.rejects(s.computeCellsAsync(bad), (err) => err instanceof KzgError && err.code === "NON_CANONICAL_FIELD_ELEMENT");
  const down = [...half].reverse();
  await assert.rejects(
    s.recoverCellsAsync(down, down.map((i) => cells[i])),
    (err) => err instanceof KzgError && err.code === "CELL_INDICES_NOT_ASCENDING"
  );
});

test("async calls run off the JavaScript thread", async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const work = Promise.all(Array.from({ length: 8 }, () => s.computeCellsAndKzgProofsAsync(blobs[0])));
  await work;
  clearInterval(timer);
  assert.ok(ticks > 0, "the event loop ran while the calls were computed");
});

test("inputs are copied: changing them after an async call starts changes nothing", async () => {
  const blob = Uint8Array.from(blobs[1]);
  const promise = s.blobToKzgCommitmentAsync(blob);
  blob.fill(0);
  assert.deepEqual(await promise, commitments[1]);
});

test("thread count: serial and parallel give the same results", async () => {
  const before = fastkzg.getNumThreads();
  assert.ok(before >= 1);
  const expected = s.computeCellsAndKzgProofs(blobs[3]);
  try {
    for (const n of [1, 2, 3]) {
      fastkzg.setNumThreads(n);
      assert.equal(fastkzg.getNumThreads(), n);
      assert.deepEqual(s.computeCellsAndKzgProofs(blobs[3]), expected);
      assert.deepEqual(await s.computeCellsAndKzgProofsAsync(blobs[3]), expected);
    }
    fastkzg.setNumThreads(0);
    assert.equal(fastkzg.getNumThreads(), 1);
  } finally {
    fastkzg.setNumThreads(before);
  }
  assert.equal(typeof fastkzg.ifmaActive(), "boolean");
});

test("IFMA on and off give the same results", () => {
  const expected = s.computeCellsAndKzgProofs(blobs[2]);
  const was = fastkzg.ifmaActive();
  try {
    fastkzg.setIfma(false);
    assert.equal(fastkzg.ifmaActive(), false);
    assert.deepEqual(s.computeCellsAndKzgProofs(blobs[2]), expected);
  } finally {
    fastkzg.setIfma(was);
  }
});
