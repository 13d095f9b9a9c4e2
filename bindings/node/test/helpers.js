"use strict";
/** Shared helpers of the tests: the reference cases, hex, outcomes. */
const fs = require("fs");
const path = require("path");
const YAML = require("yaml");

/** The consensus-spec reference tests: $FASTKZG_SPEC_TESTS, else the repository's spec-tests/ (test.sh checks it against its manifest first). */
function specTestsDir() {
  return process.env.FASTKZG_SPEC_TESTS || path.resolve(__dirname, "..", "..", "..", "spec-tests");
}

/** Every case of `fn` (a folder name): [{ name, input, output }]. Throws if there are none. */
function cases(fn) {
  const dir = specTestsDir();
  if (!fs.existsSync(dir)) {
    throw new Error(`spec tests not found at ${dir}: set FASTKZG_SPEC_TESTS to the reference-test folder`);
  }
  const root = path.join(dir, fn, "kzg-mainnet");
  const names = fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
  if (names.length === 0) throw new Error(`no reference cases for ${fn} under ${root}`);
  return names.map((name) => {
    const data = YAML.parse(fs.readFileSync(path.join(root, name, "data.yaml"), "utf8"));
    return { name, input: data.input, output: data.output };
  });
}

/** Hex (0x prefix optional) to a Uint8Array. */
function hex(s) {
  return new Uint8Array(Buffer.from(s.startsWith("0x") ? s.slice(2) : s, "hex"));
}

/** A value as plain data: Uint8Arrays as hex, arrays recursively. */
function plain(v) {
  if (v instanceof Uint8Array) return "0x" + Buffer.from(v).toString("hex");
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

/** What a call did: { value } or { error: { class, message } }. */
function outcome(f) {
  try {
    return { value: plain(f()) };
  } catch (err) {
    return { error: { class: err && err.constructor ? err.constructor.name : typeof err, message: String(err && err.message) } };
  }
}

/** outcome() of an async call. */
async function outcomeAsync(f) {
  try {
    return { value: plain(await f()) };
  } catch (err) {
    return { error: { class: err && err.constructor ? err.constructor.name : typeof err, message: String(err && err.message) } };
  }
}

/** A random blob of canonical field elements (top byte below 0x73). */
function randomBlob(seed = 1) {
  const blob = new Uint8Array(131072);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < blob.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    blob[i] = x & 0xff;
  }
  for (let i = 0; i < blob.length; i += 32) blob[i] &= 0x3f;
  return blob;
}

module.exports = { specTestsDir, cases, hex, plain, outcome, outcomeAsync, randomBlob };
