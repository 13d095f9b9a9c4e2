"use strict";
/**
 * The idiomatic API's contexts, each method synchronous and as an
 * `...Async` twin that runs off the JavaScript thread and returns a
 * Promise:
 * - `KzgSettings`: a loaded trusted setup with every spec function and
 *   batch call;
 * - `KzgVerifier`: the verify-only context (the verifier's part of a
 *   setup: the mainnet one loads in about a millisecond and holds under
 *   1 MiB), with the verifications of `KzgSettings` under the same names.
 * Both wrap the addon's `NativeSettings` and get their methods from the
 * same operation table (lib/operations.js), so a verification runs the
 * same code on either.
 */
const native = require("./native");
const check = require("./check");
const { KzgError, wrap } = require("./errors");
const { OPERATIONS, VERIFY_OPERATIONS, CHALLENGES, install } = require("./operations");
const { setupText } = require("./setup-file");

/** Token that guards the constructors: contexts come from the factories. */
const FACTORY = Symbol("fastkzg factory");

/** The shared mainnet settings (precompute 0) and verifier, made on first use. */
let shared = null;
let sharedVerifier = null;

/** The text of a setup file (.txt, or c-kzg's .json), or a KzgError (IO, INVALID_TRUSTED_SETUP). */
function readSetup(filePath) {
  if (typeof filePath !== "string") {
    throw new KzgError("INVALID_TYPE", "trusted setup path: expected a string");
  }
  try {
    return setupText(filePath);
  } catch (err) {
    // fs errors carry a code such as ENOENT; anything else is a bad file.
    const code = typeof err.code === "string" && err.code.startsWith("E") ? "IO" : "INVALID_TRUSTED_SETUP";
    throw new KzgError(code, `${filePath}: ${err.message}`);
  }
}

/** A setup text argument, checked to be a string. */
function setupString(text) {
  if (typeof text !== "string") {
    throw new KzgError("INVALID_TYPE", "trusted setup: expected a string");
  }
  return text;
}

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
    return KzgSettings.parse(readSetup(filePath), precompute);
  }

  /** A trusted setup in c-kzg's text format, from a string. */
  static parse(text, precompute = 0) {
    check.precompute(precompute);
    setupString(text);
    return new KzgSettings(FACTORY, wrap(() => native.NativeSettings.parse(text, precompute)));
  }

  /** The `precompute` value the setup was loaded with. */
  get precompute() {
    return this._native.precompute;
  }
}

class KzgVerifier {
  /** Use `KzgVerifier.mainnet()`, `.load()` or `.parse()`. */
  constructor(token, handle) {
    if (token !== FACTORY) {
      throw new TypeError("use KzgVerifier.mainnet(), KzgVerifier.load() or KzgVerifier.parse()");
    }
    Object.defineProperty(this, "_native", { value: handle });
  }

  /** The verifier of the embedded mainnet setup (no file needed): one process-wide instance. */
  static mainnet() {
    if (sharedVerifier === null) {
      sharedVerifier = new KzgVerifier(FACTORY, wrap(() => native.NativeSettings.mainnetVerifier()));
    }
    return sharedVerifier;
  }

  /**
   * A trusted setup file: c-kzg's text format (.txt) or its JSON format
   * (.json). The mainnet setup loads from the embedded form; any other is
   * validated in full and only the verifier's part kept.
   */
  static load(filePath) {
    return KzgVerifier.parse(readSetup(filePath));
  }

  /** A trusted setup in c-kzg's text format, from a string (as `load`). */
  static parse(text) {
    setupString(text);
    return new KzgVerifier(FACTORY, wrap(() => native.NativeSettings.parseVerifier(text)));
  }
}

install(KzgSettings.prototype, OPERATIONS, (self) => self._native);
install(KzgVerifier.prototype, VERIFY_OPERATIONS, (self) => self._native);

/** computeChallenge and computeVerifyCellKzgProofBatchChallenge (and their Async twins). */
const challenges = {};
install(challenges, CHALLENGES, () => KzgSettings.mainnet()._native);

module.exports = { KzgSettings, KzgVerifier, challenges };
