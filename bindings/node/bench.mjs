#!/usr/bin/env node
/**
 * Benchmark: fastkzg against npm c-kzg 4.1.x and @crate-crypto/node-eth-kzg
 * 0.10.x in one process, on the same inputs (mainnet setup, precompute 0,
 * each library's default configuration).
 *
 *   node bench.mjs                              # all cores
 *   FASTKZG_NUM_THREADS=1 RAYON_NUM_THREADS=1 node bench.mjs   # one thread
 *   FASTKZG_NO_IFMA=1 node bench.mjs            # AVX-512 IFMA kernels off
 *
 * Options: --min-time=SECONDS per function and library (default 2), spent
 * in 5 rounds that take turns between the libraries; the median round
 * counts (so that a load spike on a shared machine hits all alike).
 * c-kzg is single-threaded; node-eth-kzg uses its own rayon pool
 * (RAYON_NUM_THREADS). Prints a Markdown table of milliseconds per call
 * and how many times faster fastkzg is.
 *
 * node-eth-kzg is not a dev dependency (its lockfile entries name
 * per-platform packages that not every registry mirror serves, which would
 * break `npm ci`); install it first:
 *   npm install --no-save @crate-crypto/node-eth-kzg@0.10.0
 */
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";

const require = createRequire(import.meta.url);
const ckzg = require("c-kzg");
let ethKzg;
try {
  ethKzg = require("@crate-crypto/node-eth-kzg");
} catch {
  console.error("bench.mjs needs node-eth-kzg: npm install --no-save @crate-crypto/node-eth-kzg@0.10.0");
  process.exit(2);
}
const fastkzg = require("./index.js");

const minTime = Number((process.argv.find((a) => a.startsWith("--min-time=")) || "=2").split("=")[1]);
const ROUNDS = 5;

/** A deterministic blob of canonical field elements. */
function blob(seed) {
  const b = new Uint8Array(fastkzg.BYTES_PER_BLOB);
  let x = seed;
  for (let i = 0; i < b.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  for (let i = 0; i < b.length; i += 32) b[i] &= 0x3f;
  return b;
}

/** Mean milliseconds per call of `f` over `seconds` (2 calls at least). */
function measure(f, seconds) {
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (calls < 2 || elapsed < seconds * 1e3) {
    f();
    calls++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return elapsed / calls;
}

ckzg.loadTrustedSetup(0);
fastkzg.loadTrustedSetup(0);
const eth = new ethKzg.DasContextJs();

const b = blob(7);
const commitment = fastkzg.blobToKzgCommitment(b);
const proof = fastkzg.computeBlobKzgProof(b, commitment);
const [cells, cellProofs] = fastkzg.computeCellsAndKzgProofs(b);
const indices = [...cells.keys()];
const commitments = cells.map(() => commitment);
const half = indices.filter((i) => i % 2 === 0);
const halfCells = half.map((i) => cells[i]);

/** name -> call per library (same signatures for c-kzg and the fastkzg drop-in). */
const FUNCTIONS = {
  blobToKzgCommitment: (k) => () => k.blobToKzgCommitment(b),
  computeBlobKzgProof: (k) => () => k.computeBlobKzgProof(b, commitment),
  verifyBlobKzgProof: (k) => () => k.verifyBlobKzgProof(b, commitment, proof),
  computeCellsAndKzgProofs: (k) => () => k.computeCellsAndKzgProofs(b),
  "verifyCellKzgProofBatch (128 cells)": (k) => () => k.verifyCellKzgProofBatch(commitments, indices, cells, cellProofs),
  "recoverCellsAndKzgProofs (64 of 128)": (k) => () => k.recoverCellsAndKzgProofs(half, halfCells),
};
const LIBRARIES = { fastkzg, "c-kzg": ckzg, "node-eth-kzg": eth };

const cpu = (fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) || [])[1] || os.cpus()[0]?.model;
const hasIfma = /\bavx512ifma\b/.test(fs.readFileSync("/proc/cpuinfo", "utf8"));
const version = (name) => require(`${name}/package.json`).version;
console.log(`CPU: ${cpu} (${os.availableParallelism()} cores available)`);
console.log(`AVX-512 IFMA: ${hasIfma ? "in the CPU" : "not in the CPU"}, fastkzg kernels ${fastkzg.ifmaActive() ? "on" : "off"}`);
console.log(`fastkzg threads: ${fastkzg.getNumThreads()}, RAYON_NUM_THREADS=${process.env.RAYON_NUM_THREADS ?? "(unset)"}`);
console.log(`node ${process.version}, c-kzg ${version("c-kzg")}, @crate-crypto/node-eth-kzg ${version("@crate-crypto/node-eth-kzg")}\n`);
console.log("| function | fastkzg ms | c-kzg ms | node-eth-kzg ms | vs c-kzg | vs node-eth-kzg |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, call] of Object.entries(FUNCTIONS)) {
  const calls = Object.entries(LIBRARIES).map(([lib, k]) => [lib, call(k)]);
  const rounds = Object.fromEntries(calls.map(([lib, f]) => (f(), [lib, []])));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [lib, f] of calls) rounds[lib].push(measure(f, minTime / ROUNDS));
  }
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const ms = Object.fromEntries(Object.entries(rounds).map(([lib, xs]) => [lib, median(xs)]));
  const f = (x) => x.toFixed(x < 10 ? 3 : 1);
  const ratio = (x) => `${(x / ms.fastkzg).toFixed(2)}x`;
  console.log(
    `| ${name} | ${f(ms.fastkzg)} | ${f(ms["c-kzg"])} | ${f(ms["node-eth-kzg"])} | ${ratio(ms["c-kzg"])} | ${ratio(ms["node-eth-kzg"])} |`
  );
}
