"use strict";
/**
 * loadTrustedSetup and calls before it, compared live with npm c-kzg
 * 4.1.x. Each scenario needs a fresh module, so it runs in a child
 * process, once with c-kzg and once with fastkzg.
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const { execFile } = require("child_process");
const { promisify } = require("util");
const fs = require("fs");
const os = require("os");
const path = require("path");

const PACKAGE = path.resolve(__dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fastkzg-node-setup-"));
const mainnetText = require("..").getTrustedSetupFilepath();
const brokenSetup = path.join(tmp, "broken.txt");
fs.writeFileSync(brokenSetup, "4096\n65\n0xzz\n");

/** A JSON setup in c-kzg's format, per module (c-kzg writes a .txt beside it). */
function jsonSetup(tag) {
  const lines = fs.readFileSync(mainnetText, "utf8").trim().split(/\s+/);
  const [n1, n2] = [Number(lines[0]), Number(lines[1])];
  const pts = lines.slice(2).map((p) => "0x" + p);
  const file = path.join(tmp, `setup-${tag}.json`);
  const json = { g1_lagrange: pts.slice(0, n1), g2_monomial: pts.slice(n1, n1 + n2), g1_monomial: pts.slice(n1 + n2) };
  fs.writeFileSync(file, JSON.stringify(json));
  return file;
}

/** Scenarios: lines of JavaScript run in order, `k` being the module; each line's outcome is recorded. */
const SCENARIOS = {
  "calls before loading": [
    "k.blobToKzgCommitment(new Uint8Array(131072))",
    "k.verifyKzgProof(new Uint8Array(48), new Uint8Array(32), new Uint8Array(32), new Uint8Array(48))",
    "k.blobToKzgCommitment(new Uint8Array(3))",
    "k.computeCells('x')",
    "k.verifyBlobKzgProofBatch(2, [], [])",
    "k.verifyBlobKzgProofBatch([], [], [])",
    "k.verifyCellKzgProofBatch([], [], [], [])",
    "k.recoverCellsAndKzgProofs([], [])",
    "k.recoverCellsAndKzgProofs(1, [])",
    "k.loadTrustedSetup('0')",
    "k.loadTrustedSetup(undefined)",
  ],
  "load twice, bad paths after loading, results": [
    "k.loadTrustedSetup(0)",
    "k.loadTrustedSetup(0)",
    "k.loadTrustedSetup(1)",
    "k.loadTrustedSetup(0, '/nonexistent/x.txt')",
    "k.loadTrustedSetup(0, 5)",
    "Buffer.isBuffer(k.blobToKzgCommitment(new Uint8Array(131072)))",
    "k.computeCellsAndKzgProofs(new Uint8Array(131072)).map((l) => [l.length, Buffer.isBuffer(l[0]), l[0].length])",
    "k.computeKzgProof(new Uint8Array(131072), new Uint8Array(32)).map((b) => [Buffer.isBuffer(b), b.length])",
  ],
  "bad precompute, then NaN": [
    "k.loadTrustedSetup(16)",
    "k.loadTrustedSetup(-1)",
    "k.loadTrustedSetup(1e9)",
    "k.blobToKzgCommitment(new Uint8Array(131072))",
    "k.loadTrustedSetup(NaN)",
    "k.blobToKzgCommitment(new Uint8Array(131072))",
  ],
  "bad paths, then Infinity and an empty path": [
    "k.loadTrustedSetup(0, 5)",
    "k.loadTrustedSetup(0, '/nonexistent/trusted_setup.txt')",
    `k.loadTrustedSetup(0, ${JSON.stringify(brokenSetup)})`,
    "k.blobToKzgCommitment(new Uint8Array(131072))",
    "k.loadTrustedSetup(Infinity, '')",
    "k.computeCells(new Uint8Array(131072)).length",
  ],
  "JSON setup file, then the default file path, 2.9 as precompute": [
    "k.getTrustedSetupFilepath(JSON_SETUP) === JSON_SETUP.replace('.json', '.txt')",
    "require('fs').existsSync(JSON_SETUP.replace('.json', '.txt'))",
    "k.getTrustedSetupFilepath(7)",
    "k.getTrustedSetupFilepath('/nonexistent')",
    "k.getTrustedSetupFilepath() === k.DEFAULT_TRUSTED_SETUP_PATH",
    `k.loadTrustedSetup(2.9, ${JSON.stringify(mainnetText)})`,
    "k.blobToKzgCommitment(new Uint8Array(131072))",
  ],
  "constants and exports": [
    "[k.BYTES_PER_BLOB, k.BYTES_PER_COMMITMENT, k.BYTES_PER_FIELD_ELEMENT, k.BYTES_PER_PROOF, k.BYTES_PER_CELL, k.FIELD_ELEMENTS_PER_BLOB, k.FIELD_ELEMENTS_PER_CELL, k.CELLS_PER_EXT_BLOB]",
    "['loadTrustedSetup','blobToKzgCommitment','computeKzgProof','computeBlobKzgProof','verifyKzgProof','verifyBlobKzgProof','verifyBlobKzgProofBatch','computeCells','computeCellsAndKzgProofs','recoverCellsAndKzgProofs','verifyCellKzgProofBatch','getTrustedSetupFilepath'].map((f) => typeof k[f])",
  ],
};

/** Runs a scenario in a fresh process with module `mod`; resolves to the outcomes. */
async function runScenario(mod, lines, jsonFile) {
  const script = `
    const k = require(${JSON.stringify(mod)});
    const JSON_SETUP = ${JSON.stringify(jsonFile)};
    const out = [];
    for (const line of ${JSON.stringify(lines)}) {
      try {
        const v = eval(line);
        out.push({ value: v === undefined ? "undefined" : JSON.parse(JSON.stringify(v)) });
      } catch (err) {
        out.push({ error: err.constructor.name + ": " + err.message });
      }
    }
    process.stdout.write(JSON.stringify(out));`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { cwd: PACKAGE, encoding: "utf8" });
  return JSON.parse(stdout);
}

test("setup: loading and calls before loading behave as in c-kzg", async (t) => {
  const json = { ckzg: jsonSetup("ckzg"), fastkzg: jsonSetup("fastkzg") };
  // Both modules' processes of every scenario at once (c-kzg takes seconds to load).
  const runs = Object.entries(SCENARIOS).map(async ([name, lines]) => {
    const [ref, got] = await Promise.all([
      runScenario("c-kzg", lines, json.ckzg),
      runScenario(PACKAGE, lines, json.fastkzg),
    ]);
    return [name, ref, got];
  });
  for (const [name, ref, got] of await Promise.all(runs)) {
    assert.deepEqual(got, ref, name);
    t.diagnostic(`${name}: ${lines(ref)} calls as c-kzg`);
  }
});

const lines = (outcomes) => outcomes.length;

test("setup: the idiomatic loaders agree with each other", () => {
  const { KzgSettings } = require("..");
  const blob = new Uint8Array(131072);
  blob[31] = 9;
  const expected = KzgSettings.mainnet().blobToKzgCommitment(blob);
  const withTables = KzgSettings.mainnet(2);
  assert.equal(withTables.precompute, 2);
  for (const s of [withTables, KzgSettings.load(mainnetText), KzgSettings.load(jsonSetup("idiomatic"))]) {
    assert.deepEqual(s.blobToKzgCommitment(blob), expected);
  }
  assert.equal(KzgSettings.mainnet(), KzgSettings.mainnet());
});

test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
