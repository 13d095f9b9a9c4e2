"use strict";
/**
 * The verify-only KzgVerifier: every consensus-spec reference case of the
 * verification functions gives the same outcome (value, or error class and
 * message), sync and async, on KzgVerifier as on KzgSettings, and the
 * expected output; the batch verifications agree on random blobs, errors
 * included; it has exactly the verification methods of KzgSettings and no
 * prover method; loading and factories.
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const fastkzg = require("..");
const { cases, hex, plain, outcome, outcomeAsync, randomBlob } = require("./helpers");

const { KzgSettings, KzgVerifier, KzgError } = fastkzg;
const settings = KzgSettings.mainnet();
const verifier = KzgVerifier.mainnet();

const list = (xs) => xs.map(hex);

/** The verification functions' reference folders and their arguments. */
const FUNCTIONS = {
  verify_kzg_proof: {
    method: "verifyKzgProof",
    args: (i) => [hex(i.commitment), hex(i.z), hex(i.y), hex(i.proof)],
  },
  verify_blob_kzg_proof: {
    method: "verifyBlobKzgProof",
    args: (i) => [hex(i.blob), hex(i.commitment), hex(i.proof)],
  },
  verify_blob_kzg_proof_batch: {
    method: "verifyBlobKzgProofBatch",
    args: (i) => [list(i.blobs), list(i.commitments), list(i.proofs)],
  },
  verify_cell_kzg_proof_batch: {
    method: "verifyCellKzgProofBatch",
    args: (i) => [list(i.commitments), i.cell_indices, list(i.cells), list(i.proofs)],
  },
};

const VERIFY = Object.values(FUNCTIONS)
  .map((f) => f.method)
  .concat(["verifyBlobCellProofs", "verifyCellsSharedIndices"]);

const counts = {};

for (const [folder, spec] of Object.entries(FUNCTIONS)) {
  test(`reference cases on KzgVerifier equal KzgSettings: ${folder}`, async () => {
    const all = cases(folder);
    for (const c of all) {
      const what = `${folder}/${c.name}`;
      const args = spec.args(c.input);
      const onSettings = outcome(() => settings[spec.method](...args));
      const onVerifier = outcome(() => verifier[spec.method](...args));
      assert.deepEqual(onVerifier, onSettings, `${what}: KzgVerifier differs from KzgSettings`);
      const later = await outcomeAsync(() => verifier[`${spec.method}Async`](...args));
      assert.deepEqual(later, onVerifier, `${what}: async differs from sync`);
      if (c.output === null) {
        assert.equal(onVerifier.error && onVerifier.error.class, "KzgError", `${what}: expected a KzgError`);
      } else {
        assert.deepEqual(onVerifier, { value: c.output }, what);
      }
    }
    counts[folder] = all.length;
  });
}

test.after(() => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`KzgVerifier reference cases: ${JSON.stringify(counts)}, total ${total}`);
});

test("batch verifications agree with KzgSettings, errors included", async () => {
  const blobs = [randomBlob(7), randomBlob(8)];
  const commitments = blobs.map((b) => settings.blobToKzgCommitment(b));
  const both = blobs.map((b) => settings.computeCellsAndKzgProofs(b));
  const cells = both.map(([c]) => c);
  const proofs = both.map(([, p]) => p);
  const columns = [0, 5, 5, 127];
  const pick = (lists) => lists.map((l) => columns.map((k) => l[k]));
  const swapped = [proofs[0], [proofs[1][1], proofs[1][0], ...proofs[1].slice(2)]];
  const badBlob = Uint8Array.from(blobs[1]);
  badBlob.fill(0xff, 0, 32);
  const calls = [
    ["verifyBlobCellProofs", [blobs, commitments, proofs], true],
    ["verifyBlobCellProofs", [blobs, commitments, swapped], false],
    ["verifyBlobCellProofs", [[], [], []], true],
    ["verifyBlobCellProofs", [[blobs[0], badBlob], commitments, proofs], null],
    ["verifyCellsSharedIndices", [commitments, columns, pick(cells), pick(proofs)], true],
    ["verifyCellsSharedIndices", [commitments, columns, pick(cells), pick(swapped)], false],
    ["verifyCellsSharedIndices", [[], columns, [], []], true],
    ["verifyCellsSharedIndices", [commitments, [0, 5, 5, 128], pick(cells), pick(proofs)], null],
    ["verifyCellKzgProofBatch", [[commitments[0]], [3], [cells[0][3]], [proofs[0][3]]], true],
    ["verifyBlobKzgProofBatch", [blobs, commitments, blobs.map((b, i) => settings.computeBlobKzgProof(b, commitments[i]))], true],
  ];
  for (const [name, args, expected] of calls) {
    const onSettings = outcome(() => settings[name](...args));
    const onVerifier = outcome(() => verifier[name](...args));
    assert.deepEqual(onVerifier, onSettings, `${name}: KzgVerifier differs`);
    assert.deepEqual(await outcomeAsync(() => verifier[`${name}Async`](...args)), onVerifier, `${name}: async`);
    if (expected === null) {
      assert.equal(onVerifier.error.class, "KzgError", name);
    } else {
      assert.deepEqual(onVerifier, { value: expected }, name);
    }
  }
  // A KzgError naming the blob, from the verifier.
  try {
    verifier.verifyBlobCellProofs([blobs[0], badBlob], commitments, proofs);
    assert.fail("no error");
  } catch (err) {
    assert.ok(err instanceof KzgError);
    assert.equal(err.code, "NON_CANONICAL_FIELD_ELEMENT");
    assert.equal(err.blob, 1);
    assert.match(err.message, /^blob 1: /);
  }
  // Inputs are not modified.
  assert.deepEqual(plain(blobs), plain([randomBlob(7), randomBlob(8)]));
});

test("KzgVerifier has the verifications of KzgSettings and no prover method", () => {
  const own = Object.getOwnPropertyNames(KzgVerifier.prototype).filter((n) => n !== "constructor");
  const expected = VERIFY.flatMap((n) => [n, `${n}Async`]);
  assert.deepEqual([...own].sort(), [...expected].sort());
  for (const name of expected) {
    assert.equal(typeof KzgSettings.prototype[name], "function", name);
  }
  for (const name of [
    "blobToKzgCommitment",
    "computeKzgProof",
    "computeBlobKzgProof",
    "computeCells",
    "computeCellsAndKzgProofs",
    "recoverCells",
    "recoverCellsAndKzgProofs",
    "computeCellsBatch",
    "computeCellsAndKzgProofsBatch",
    "recoverCellsBatch",
  ]) {
    assert.equal(verifier[name], undefined, name);
    assert.equal(verifier[`${name}Async`], undefined, `${name}Async`);
    assert.equal(typeof settings[name], "function", name);
  }
  // The addon refuses a prover operation on a verify-only context.
  assert.throws(
    () => verifier._native.run("computeCells", [new Uint8Array(131072)], []),
    (err) => /KzgVerifier only verifies/.test(err.message)
  );
});

test("KzgVerifier factories: mainnet, load, parse", () => {
  assert.equal(KzgVerifier.mainnet(), verifier, "mainnet() is one shared instance");
  assert.throws(() => new KzgVerifier(), TypeError);
  const text = fs.readFileSync(fastkzg.DEFAULT_TRUSTED_SETUP_PATH, "utf8");
  const blob = randomBlob(3);
  const commitment = settings.blobToKzgCommitment(blob);
  const proof = settings.computeBlobKzgProof(blob, commitment);
  // From the file, its text, and a text that is not byte-for-byte the
  // mainnet file (decoded and validated in full).
  for (const v of [KzgVerifier.load(fastkzg.DEFAULT_TRUSTED_SETUP_PATH), KzgVerifier.parse(text), KzgVerifier.parse(`${text}\n`)]) {
    assert.ok(v instanceof KzgVerifier);
    assert.equal(v.verifyBlobKzgProof(blob, commitment, proof), true);
    assert.equal(v.verifyBlobKzgProof(blob, commitment, commitment), false);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fastkzg-verifier-"));
  try {
    const bad = path.join(dir, "bad.txt");
    fs.writeFileSync(bad, "4096 65 zz");
    const codeOf = (f) => {
      try {
        f();
      } catch (err) {
        assert.ok(err instanceof KzgError, String(err));
        return err.code;
      }
      return null;
    };
    assert.equal(codeOf(() => KzgVerifier.load(bad)), "INVALID_TRUSTED_SETUP");
    assert.equal(codeOf(() => KzgVerifier.load(path.join(dir, "missing.txt"))), "IO");
    assert.equal(codeOf(() => KzgVerifier.parse("4096 65 zz")), "INVALID_TRUSTED_SETUP");
    assert.equal(codeOf(() => KzgVerifier.parse(42)), "INVALID_TYPE");
    assert.equal(codeOf(() => KzgVerifier.load(null)), "INVALID_TYPE");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
