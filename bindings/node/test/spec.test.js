"use strict";
/**
 * Every consensus-spec reference case through the drop-in, the idiomatic
 * API (sync and async), and npm c-kzg 4.1.x in the same process: the
 * drop-in's outcome (value, or error class and message) must equal
 * c-kzg's, and every API must give the expected output (an error where
 * the case expects none).
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const ckzg = require("c-kzg");
const fastkzg = require("..");
const { cases, hex, outcome, outcomeAsync, specTestsDir } = require("./helpers");

const { KzgSettings } = fastkzg;

const list = (xs) => xs.map(hex);
const cellsOf = (cosets) => cosets.map((evals) => hex("0x" + evals.map((e) => e.slice(2)).join("")));

/**
 * Per reference-test folder: the c-kzg function name (null: not in c-kzg,
 * idiomatic API only), the arguments from the case input, and extra
 * idiomatic methods checked against (part of) the expected output.
 */
const FUNCTIONS = {
  blob_to_kzg_commitment: { fn: "blobToKzgCommitment", args: (i) => [hex(i.blob)] },
  compute_kzg_proof: { fn: "computeKzgProof", args: (i) => [hex(i.blob), hex(i.z)] },
  compute_blob_kzg_proof: { fn: "computeBlobKzgProof", args: (i) => [hex(i.blob), hex(i.commitment)] },
  verify_kzg_proof: {
    fn: "verifyKzgProof",
    args: (i) => [hex(i.commitment), hex(i.z), hex(i.y), hex(i.proof)],
  },
  verify_blob_kzg_proof: {
    fn: "verifyBlobKzgProof",
    args: (i) => [hex(i.blob), hex(i.commitment), hex(i.proof)],
  },
  verify_blob_kzg_proof_batch: {
    fn: "verifyBlobKzgProofBatch",
    args: (i) => [list(i.blobs), list(i.commitments), list(i.proofs)],
  },
  compute_cells: { fn: "computeCells", args: (i) => [hex(i.blob)] },
  compute_cells_and_kzg_proofs: { fn: "computeCellsAndKzgProofs", args: (i) => [hex(i.blob)] },
  recover_cells_and_kzg_proofs: {
    fn: "recoverCellsAndKzgProofs",
    args: (i) => [i.cell_indices, list(i.cells)],
    extra: { recoverCells: (out) => out[0] },
  },
  verify_cell_kzg_proof_batch: {
    fn: "verifyCellKzgProofBatch",
    args: (i) => [list(i.commitments), i.cell_indices, list(i.cells), list(i.proofs)],
  },
  compute_challenge: {
    fn: null,
    method: "computeChallenge",
    args: (i) => [hex(i.blob), hex(i.commitment)],
  },
  compute_verify_cell_kzg_proof_batch_challenge: {
    fn: null,
    method: "computeVerifyCellKzgProofBatchChallenge",
    args: (i) => [list(i.commitments), i.commitment_indices, i.cell_indices, cellsOf(i.cosets_evals), list(i.proofs)],
  },
};

/** Lower-case hex everywhere, for comparison with the YAML output. */
const norm = (v) => (typeof v === "string" ? v.toLowerCase() : Array.isArray(v) ? v.map(norm) : v);

/** Checks an idiomatic outcome against the expected output. */
function expectOutput(got, expected, what) {
  if (expected === null) {
    assert.ok(got.error, `${what}: expected an error, got ${JSON.stringify(short(got))}`);
    assert.equal(got.error.class, "KzgError", `${what}: ${JSON.stringify(got.error)}`);
  } else {
    assert.ok(!got.error, `${what}: unexpected error ${JSON.stringify(got.error)}`);
    assert.ok(meetsSpec(got, expected), `${what}: got ${JSON.stringify(short(got))}`);
  }
}

/** An outcome in short: the error, or a digest of the value (for readable failures). */
function short(o) {
  if (o.error) return o;
  const text = JSON.stringify(norm(o.value));
  return { value: text.length <= 80 ? text : `${text.slice(0, 40)}... sha256:${sha256(text)}` };
}
const sha256 = (text) => require("crypto").createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Whether an outcome is what the case expects. */
function meetsSpec(o, expected) {
  if (expected === null) return Boolean(o.error);
  return !o.error && JSON.stringify(norm(o.value)) === JSON.stringify(norm(expected));
}

const counts = {};
/** Cases where npm c-kzg 4.1.x itself disagrees with the reference output. */
const ckzgDeviations = [];
let total = 0;

test.before(() => {
  ckzg.loadTrustedSetup(0);
  fastkzg.loadTrustedSetup(0);
});

for (const [folder, spec] of Object.entries(FUNCTIONS)) {
  test(`reference cases: ${folder}`, async (t) => {
    const settings = KzgSettings.mainnet();
    const all = cases(folder);
    for (const c of all) {
      const args = spec.args(c.input);
      const what = `${folder}/${c.name}`;
      if (spec.fn) {
        const ref = outcome(() => ckzg[spec.fn](...args));
        const drop = outcome(() => fastkzg[spec.fn](...args));
        assert.ok(meetsSpec(drop, c.output), `${what}: drop-in gave ${JSON.stringify(short(drop))}`);
        if (meetsSpec(ref, c.output)) {
          // Where c-kzg follows the spec, the drop-in behaves exactly as it does.
          assert.deepEqual(short(drop), short(ref), `${what}: drop-in differs from c-kzg`);
        } else {
          // c-kzg 4.1.x predates this case: the drop-in follows the spec,
          // failing the way c-kzg fails on invalid arguments.
          ckzgDeviations.push(`${what} (c-kzg: ${JSON.stringify(short(ref)).slice(0, 60)})`);
          assert.match(drop.error.message, /^Error in \w+: C_KZG_BADARGS$/, what);
        }
      }
      const name = spec.fn || spec.method;
      const target = spec.fn ? settings : fastkzg;
      const sync = outcome(() => target[name](...args));
      expectOutput(sync, c.output, `${what} (idiomatic)`);
      const later = await outcomeAsync(() => target[`${name}Async`](...args));
      assert.deepEqual(short(later), short(sync), `${what}: async differs from sync`);
      for (const [method, pick] of Object.entries(spec.extra || {})) {
        const got = outcome(() => settings[method](...args));
        expectOutput(got, c.output === null ? null : pick(c.output), `${what} (${method})`);
      }
    }
    counts[folder] = all.length;
    total += all.length;
    t.diagnostic(`${folder}: ${all.length} cases`);
  });
}

test.after(() => {
  const lines = Object.entries(counts).map(([f, n]) => `  ${f}: ${n}`);
  console.log(`reference cases from ${specTestsDir()}:\n${lines.join("\n")}\n  total: ${total}`);
  if (ckzgDeviations.length > 0) {
    console.log(`cases where npm c-kzg ${require("c-kzg/package.json").version} disagrees with the spec (fastkzg follows the spec):`);
    for (const d of ckzgDeviations) console.log(`  ${d}`);
  }
});
