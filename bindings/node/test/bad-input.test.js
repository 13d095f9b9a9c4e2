"use strict";
/**
 * Bad input, compared live with npm c-kzg 4.1.x: wrong lengths and types,
 * null and undefined, non-canonical field elements, invalid points, bad
 * cell indices, list mismatches, missing and extra arguments. The drop-in
 * must throw the same error class with the same message (or return the
 * same value); the idiomatic API must throw a KzgError.
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const ckzg = require("c-kzg");
const fastkzg = require("..");
const { outcome, randomBlob } = require("./helpers");

const { KzgSettings, KzgError } = fastkzg;

ckzg.loadTrustedSetup(0);
fastkzg.loadTrustedSetup(0);

const blob = randomBlob(7);
const commitment = ckzg.blobToKzgCommitment(blob);
const proof = ckzg.computeBlobKzgProof(blob, commitment);
const z = new Uint8Array(32).fill(1);
const [, y] = ckzg.computeKzgProof(blob, z);
const [cells, cellProofs] = ckzg.computeCellsAndKzgProofs(blob);
const half = [...Array(64).keys()].map((i) => 2 * i);

const ones = (n) => new Uint8Array(n).fill(0xff);
const nonCanonicalBlob = Uint8Array.from(blob);
nonCanonicalBlob.set(ones(32), 32 * 5);
const nonCanonicalCell = Uint8Array.from(cells[3]);
nonCanonicalCell.set(ones(32), 32 * 2);
/** Compressed-point encodings that are not valid G1 points. */
const badPoints = {
  allOnes: ones(48),
  noCompressionFlag: new Uint8Array(48),
  infinityWithBits: Uint8Array.from([0xc0, ...new Array(46).fill(0), 1]),
  notOnCurve: Uint8Array.from([0x80, ...new Array(46).fill(0), 5]),
};
const wrongTypes = {
  string: "not bytes",
  null: null,
  undefined: undefined,
  number: 42,
  object: {},
  numberArray: Array.from(blob.subarray(0, 48)),
  uint16: new Uint16Array(24),
  clamped: new Uint8ClampedArray(48),
  dataView: new DataView(new ArrayBuffer(48)),
  arrayBuffer: new ArrayBuffer(48),
};

/** [name, function, args] of every bad call. */
const CASES = [];
const add = (name, fn, args) => CASES.push([name, fn, args]);

// Wrong lengths, per argument.
for (const n of [0, 1, 131071, 131073]) add(`blob of ${n} bytes`, "blobToKzgCommitment", [new Uint8Array(n)]);
for (const n of [0, 31, 33]) {
  add(`z of ${n} bytes`, "computeKzgProof", [blob, new Uint8Array(n)]);
  add(`y of ${n} bytes`, "verifyKzgProof", [commitment, z, new Uint8Array(n), proof]);
}
for (const n of [0, 47, 49, 96]) {
  add(`commitment of ${n} bytes`, "computeBlobKzgProof", [blob, new Uint8Array(n)]);
  add(`proof of ${n} bytes`, "verifyBlobKzgProof", [blob, commitment, new Uint8Array(n)]);
  add(`commitment of ${n} bytes (verifyKzgProof)`, "verifyKzgProof", [new Uint8Array(n), z, y, proof]);
  add(`proof of ${n} bytes (verifyKzgProof)`, "verifyKzgProof", [commitment, z, y, new Uint8Array(n)]);
}
for (const n of [0, 2047, 2049]) {
  add(`cell of ${n} bytes (verify)`, "verifyCellKzgProofBatch", [[commitment], [0], [new Uint8Array(n)], [cellProofs[0]]]);
  add(`cell of ${n} bytes (recover)`, "recoverCellsAndKzgProofs", [half, half.map((i) => (i === 6 ? new Uint8Array(n) : cells[i]))]);
}

// Wrong types in every position.
for (const [t, v] of Object.entries(wrongTypes)) {
  add(`blob is ${t}`, "blobToKzgCommitment", [v]);
  add(`blob is ${t} (cells)`, "computeCellsAndKzgProofs", [v]);
  add(`blob is ${t} (computeCells)`, "computeCells", [v]);
  add(`z is ${t}`, "computeKzgProof", [blob, v]);
  add(`commitment is ${t}`, "computeBlobKzgProof", [blob, v]);
  add(`commitment is ${t} (verifyKzgProof)`, "verifyKzgProof", [v, z, y, proof]);
  add(`y is ${t}`, "verifyKzgProof", [commitment, z, v, proof]);
  add(`proof is ${t}`, "verifyBlobKzgProof", [blob, commitment, v]);
  add(`blob list item is ${t}`, "verifyBlobKzgProofBatch", [[blob, v], [commitment, commitment], [proof, proof]]);
  add(`commitment list item is ${t}`, "verifyBlobKzgProofBatch", [[blob], [v], [proof]]);
  add(`proof list item is ${t}`, "verifyBlobKzgProofBatch", [[blob], [commitment], [v]]);
  add(`blob list is ${t}`, "verifyBlobKzgProofBatch", [v, [commitment], [proof]]);
  add(`cell list is ${t}`, "verifyCellKzgProofBatch", [[commitment], [0], v, [cellProofs[0]]]);
  add(`cell item is ${t}`, "verifyCellKzgProofBatch", [[commitment], [0], [v], [cellProofs[0]]]);
  add(`cell index is ${t}`, "verifyCellKzgProofBatch", [[commitment], [v], [cells[0]], [cellProofs[0]]]);
  add(`recover cell index list is ${t}`, "recoverCellsAndKzgProofs", [v, half.map((i) => cells[i])]);
  add(`recover cell list is ${t}`, "recoverCellsAndKzgProofs", [half, v]);
  add(`recover cell index is ${t}`, "recoverCellsAndKzgProofs", [[v, ...half.slice(1)], half.map((i) => cells[i])]);
}

// Values: non-canonical field elements and invalid points.
add("non-canonical blob", "blobToKzgCommitment", [nonCanonicalBlob]);
add("non-canonical blob (proof)", "computeBlobKzgProof", [nonCanonicalBlob, commitment]);
add("non-canonical blob (cells)", "computeCellsAndKzgProofs", [nonCanonicalBlob]);
add("non-canonical blob (verify)", "verifyBlobKzgProof", [nonCanonicalBlob, commitment, proof]);
add("non-canonical z", "computeKzgProof", [blob, ones(32)]);
add("non-canonical y", "verifyKzgProof", [commitment, z, ones(32), proof]);
add("non-canonical cell", "verifyCellKzgProofBatch", [[commitment], [3], [nonCanonicalCell], [cellProofs[3]]]);
add("non-canonical cell (recover)", "recoverCellsAndKzgProofs", [half, half.map((i) => (i === 2 ? nonCanonicalCell : cells[i]))]);
for (const [t, p] of Object.entries(badPoints)) {
  add(`commitment ${t}`, "verifyBlobKzgProof", [blob, p, proof]);
  add(`proof ${t}`, "verifyBlobKzgProof", [blob, commitment, p]);
  add(`commitment ${t} (computeBlobKzgProof)`, "computeBlobKzgProof", [blob, p]);
  add(`commitment ${t} (verifyKzgProof)`, "verifyKzgProof", [p, z, y, proof]);
  add(`batch proof ${t}`, "verifyBlobKzgProofBatch", [[blob, blob], [commitment, commitment], [proof, p]]);
  add(`cell commitment ${t}`, "verifyCellKzgProofBatch", [[p], [0], [cells[0]], [cellProofs[0]]]);
  add(`cell proof ${t}`, "verifyCellKzgProofBatch", [[commitment], [0], [cells[0]], [p]]);
}

// Cell indices and counts.
for (const v of [128, 1000, -1, -0.5, 0.5, 1.5, 2 ** 53, 2 ** 63, 2 ** 64, 1e30, NaN, Infinity, -Infinity]) {
  add(`cell index ${v}`, "verifyCellKzgProofBatch", [[commitment], [v], [cells[0]], [cellProofs[0]]]);
  add(`recover cell index ${v}`, "recoverCellsAndKzgProofs", [[...half.slice(0, 63), v], half.map((i) => cells[i])]);
}
add("recover duplicate indices", "recoverCellsAndKzgProofs", [[0, ...half.slice(0, 63)], [cells[0], ...half.slice(0, 63).map((i) => cells[i])]]);
add("recover 63 cells", "recoverCellsAndKzgProofs", [half.slice(0, 63), half.slice(0, 63).map((i) => cells[i])]);
add("recover 0 cells", "recoverCellsAndKzgProofs", [[], []]);
add("recover 129 cells", "recoverCellsAndKzgProofs", [[...cells.keys(), 0], [...cells, cells[0]]]);
add("recover all 128 cells", "recoverCellsAndKzgProofs", [[...cells.keys()], cells]);
add("recover wrong cell data", "recoverCellsAndKzgProofs", [half, half.map((i) => cells[i + 1])]);

// List lengths and missing or extra arguments.
add("batch length mismatch (blobs)", "verifyBlobKzgProofBatch", [[blob, blob], [commitment], [proof]]);
add("batch length mismatch (proofs)", "verifyBlobKzgProofBatch", [[blob], [commitment], []]);
add("empty batch", "verifyBlobKzgProofBatch", [[], [], []]);
add("cell batch length mismatch", "verifyCellKzgProofBatch", [[commitment, commitment], [0], [cells[0]], [cellProofs[0]]]);
add("cell batch index mismatch", "verifyCellKzgProofBatch", [[commitment], [0, 1], [cells[0]], [cellProofs[0]]]);
add("empty cell batch", "verifyCellKzgProofBatch", [[], [], [], []]);
add("recover length mismatch", "recoverCellsAndKzgProofs", [half.slice(1), half.map((i) => cells[i])]);
add("no arguments (commitment)", "blobToKzgCommitment", []);
add("no arguments (batch)", "verifyBlobKzgProofBatch", []);
add("no arguments (cell batch)", "verifyCellKzgProofBatch", []);
add("no arguments (recover)", "recoverCellsAndKzgProofs", []);
add("one argument missing", "verifyKzgProof", [commitment, z, y]);
add("extra argument", "blobToKzgCommitment", [blob, "UNKNOWN_ARGUMENT"]);
add("wrong proof (false)", "verifyBlobKzgProof", [blob, commitment, cellProofs[0]]);

add("recover shuffled indices", "recoverCellsAndKzgProofs", [[...half].reverse(), [...half].reverse().map((i) => cells[i])]);

/**
 * Cases where npm c-kzg 4.1.x accepts what the current spec rejects (cell
 * indices for recovery that are not ascending; 1.5 truncates to 1, after
 * 124): the drop-in follows the spec and fails as c-kzg fails on bad
 * arguments.
 */
const SPEC_OVER_CKZG = new Set(["recover cell index 1.5", "recover shuffled indices"]);

test("bad input: drop-in throws as c-kzg does", () => {
  const differences = [];
  for (const [name, fn, args] of CASES) {
    const ref = outcome(() => ckzg[fn](...args));
    const got = outcome(() => fastkzg[fn](...args));
    if (JSON.stringify(got) !== JSON.stringify(ref)) {
      if (SPEC_OVER_CKZG.has(name)) {
        assert.equal(got.error?.message, "Error in recoverCellsAndKzgProofs: C_KZG_BADARGS", name);
        continue;
      }
      differences.push(`${name}: c-kzg ${JSON.stringify(ref).slice(0, 120)} fastkzg ${JSON.stringify(got).slice(0, 120)}`);
    }
  }
  assert.deepEqual(differences, []);
  console.log(
    `bad input: ${CASES.length} calls compared with c-kzg, ${CASES.length - SPEC_OVER_CKZG.size} identical, ` +
      `${SPEC_OVER_CKZG.size} where fastkzg follows the spec (${[...SPEC_OVER_CKZG].join(", ")})`
  );
});

test("bad input: the idiomatic API throws KzgError wherever c-kzg throws", () => {
  const settings = KzgSettings.mainnet();
  let rejected = 0;
  for (const [name, fn, args] of CASES) {
    const ref = outcome(() => ckzg[fn](...args));
    if (!ref.error) continue;
    try {
      settings[fn](...args);
    } catch (err) {
      assert.ok(err instanceof KzgError, `${name}: ${err}`);
      assert.equal(typeof err.code, "string");
      rejected++;
      continue;
    }
    assert.fail(`${name}: idiomatic API accepted what c-kzg rejects`);
  }
  assert.ok(rejected > 100);
});

test("typed errors name the input, its position and the element", () => {
  const s = KzgSettings.mainnet();
  const expectError = (f, fields) => {
    try {
      f();
    } catch (err) {
      assert.ok(err instanceof KzgError && err instanceof Error, String(err));
      for (const [k, v] of Object.entries(fields)) assert.equal(err[k], v, `${k} of ${err.message}`);
      return;
    }
    assert.fail("no error");
  };
  expectError(() => s.blobToKzgCommitment("x"), { code: "INVALID_TYPE", input: "blob" });
  expectError(() => s.blobToKzgCommitment(new Uint8Array(5)), { code: "INVALID_LENGTH", input: "blob" });
  expectError(() => s.blobToKzgCommitment(nonCanonicalBlob), {
    code: "NON_CANONICAL_FIELD_ELEMENT",
    input: "blob",
    element: 5,
  });
  expectError(() => s.verifyBlobKzgProofBatch([blob, blob], [commitment, commitment], [proof, badPoints.allOnes]), {
    code: "INVALID_POINT",
    input: "proof",
    index: 1,
    reason: "invalid_encoding",
  });
  expectError(() => s.verifyBlobKzgProofBatch([blob], [commitment, commitment], [proof]), { code: "LENGTH_MISMATCH" });
  expectError(() => s.verifyCellKzgProofBatch([commitment, commitment], [0, 128], [cells[0], cells[1]], cellProofs.slice(0, 2)), {
    code: "CELL_INDEX_OUT_OF_RANGE",
    index: 1,
  });
  expectError(() => s.recoverCells([...half].reverse(), [...half].reverse().map((i) => cells[i])), {
    code: "CELL_INDICES_NOT_ASCENDING",
  });
  expectError(() => s.recoverCells(half.slice(1), half.slice(1).map((i) => cells[i])), { code: "NOT_ENOUGH_CELLS" });
  expectError(() => s.recoverCells([0.5], [cells[0]]), { code: "CELL_INDEX_OUT_OF_RANGE", index: 0 });
  expectError(() => s.verifyKzgProof(commitment, z, y, "proof"), { code: "INVALID_TYPE", input: "proof" });
  expectError(() => s.verifyBlobKzgProofBatch([blob], [commitment], [new Uint8Array(3)]), {
    code: "INVALID_LENGTH",
    input: "proof",
    index: 0,
  });
  expectError(() => KzgSettings.mainnet(16), { code: "INVALID_ARGUMENT" });
  expectError(() => KzgSettings.load("/nonexistent/setup.txt"), { code: "IO" });
  expectError(() => KzgSettings.parse("4096 65 0x00"), { code: "INVALID_TRUSTED_SETUP" });
  expectError(() => fastkzg.setNumThreads(-1), { code: "INVALID_ARGUMENT" });
  assert.throws(() => new KzgSettings(), TypeError);
});

test("random garbage never aborts the process", () => {
  const pool = [blob, commitment, proof, z, cells[0], null, undefined, 7, "s", [], [blob], [0], {}, ...Object.values(badPoints)];
  let seed = 12345;
  const pick = () => pool[(seed = (seed * 1103515245 + 12345) & 0x7fffffff) % pool.length];
  const names = [...new Set(CASES.map((c) => c[1]))];
  const settings = KzgSettings.mainnet();
  for (let i = 0; i < 400; i++) {
    const fn = names[i % names.length];
    const args = [pick(), pick(), pick(), pick()];
    for (const api of [fastkzg, settings]) {
      try {
        api[fn](...args);
      } catch (err) {
        assert.ok(err instanceof Error);
      }
    }
  }
});
