"use strict";
/**
 * The idiomatic API: `KzgSettings`, a loaded trusted setup with every
 * spec function as a synchronous method and as an `...Async` method that
 * runs off the JavaScript thread and returns a Promise.
 */
const native = require("./native");
const check = require("./check");
const { KzgError, toKzgError, wrap } = require("./errors");
const { OPERATIONS, CHALLENGES } = require("./operations");
const { setupText } = require("./setup-file");

/** Token that guards the constructor: settings come from the factories. */
const FACTORY = Symbol("KzgSettings factory");

/** The shared mainnet settings (precompute 0), made on first use. */
let shared = null;

class KzgSettings {
  /** Use `KzgSettings.mainnet()`, `.load()` or `.parse()`. */
  constructor(token, handle) {
    if (token !== FACTORY) {
      throw new TypeError("use KzgSettings.mainnet(), KzgSettings.load() or KzgSettings.parse()");
    }
    Object.defineProperty(this, "_native", { value: handle });
  }

  /**
   * The embedded mainnet setup (no file needed). `precompute` (0..15)
   * builds tables for faster proofs; 0 shares one process-wide instance.
   */
  static mainnet(precompute = 0) {
    check.precompute(precompute);
    if (precompute === 0) {
      if (shared === null) {
        shared = new KzgSettings(FACTORY, wrap(() => native.NativeSettings.mainnet(0)));
      }
      return shared;
    }
    return new KzgSettings(FACTORY, wrap(() => native.NativeSettings.mainnet(precompute)));
  }

  /** A trusted setup file: c-kzg's text format (.txt) or its JSON format (.json). */
  static load(filePath, precompute = 0) {
    check.precompute(precompute);
    if (typeof filePath !== "string") {
      throw new KzgError("INVALID_TYPE", "trusted setup path: expected a string");
    }
    let text;
    try {
      text = setupText(filePath);
    } catch (err) {
      // fs errors carry a code such as ENOENT; anything else is a bad file.
      const code = typeof err.code === "string" && err.code.startsWith("E") ? "IO" : "INVALID_TRUSTED_SETUP";
      throw new KzgError(code, `${filePath}: ${err.message}`);
    }
    return KzgSettings.parse(text, precompute);
  }

  /** A trusted setup in c-kzg's text format, from a string. */
  static parse(text, precompute = 0) {
    check.precompute(precompute);
    if (typeof text !== "string") {
      throw new KzgError("INVALID_TYPE", "trusted setup: expected a string");
    }
    return new KzgSettings(FACTORY, wrap(() => native.NativeSettings.parse(text, precompute)));
  }

  /** The `precompute` value the setup was loaded with. */
  get precompute() {
    return this._native.precompute;
  }
}

/** Adds `name` and `nameAsync` for every operation to `target`. */
function install(target, operations, handle) {
  for (const [name, op] of Object.entries(operations)) {
    target[name] = function (...args) {
      const [bytes, numbers] = op.args(...args);
      return op.result(wrap(() => handle(this).run(name, bytes, numbers)));
    };
    target[`${name}Async`] = async function (...args) {
      const [bytes, numbers] = op.args(...args);
      let out;
      try {
        out = await handle(this).runAsync(name, bytes, numbers);
      } catch (err) {
        throw toKzgError(err);
      }
      return op.result(out);
    };
    Object.defineProperty(target[name], "name", { value: name });
    Object.defineProperty(target[`${name}Async`], "name", { value: `${name}Async` });
  }
}

install(KzgSettings.prototype, OPERATIONS, (self) => self._native);

/** computeChallenge and computeVerifyCellKzgProofBatchChallenge (and their Async twins). */
const challenges = {};
install(challenges, CHALLENGES, () => KzgSettings.mainnet()._native);

module.exports = { KzgSettings, challenges };
