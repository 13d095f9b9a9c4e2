"use strict";
/**
 * fastkzg: KZG commitments for Ethereum (EIP-4844 blobs, EIP-7594 cells).
 *
 * Two APIs in one module:
 * - the c-kzg 4.1.x drop-in: `loadTrustedSetup`, `blobToKzgCommitment`,
 *   ... with c-kzg's exports, results and errors (lib/ckzg.js);
 * - the idiomatic API: `KzgSettings` (sync and async methods, typed
 *   `KzgError`s), the verify-only `KzgVerifier`, the challenges, and the
 *   thread and IFMA switches.
 */
const native = require("./lib/native");
const ckzg = require("./lib/ckzg");
const { KzgSettings, KzgVerifier, challenges } = require("./lib/settings");
const { KzgError } = require("./lib/errors");

module.exports = {
  ...ckzg,
  KzgSettings,
  KzgVerifier,
  KzgError,
  MAX_PRECOMPUTE: native.MAX_PRECOMPUTE,
  computeChallenge: challenges.computeChallenge,
  computeChallengeAsync: challenges.computeChallengeAsync,
  computeVerifyCellKzgProofBatchChallenge: challenges.computeVerifyCellKzgProofBatchChallenge,
  computeVerifyCellKzgProofBatchChallengeAsync: challenges.computeVerifyCellKzgProofBatchChallengeAsync,
  /** Sets the number of threads (0 or 1: serial; overrides FASTKZG_NUM_THREADS). */
  setNumThreads: (n) => {
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
      throw new KzgError("INVALID_ARGUMENT", `thread count must be an integer >= 0, got ${String(n)}`);
    }
    native.setNumThreads(n);
  },
  /** The number of threads computations use (1: serial). */
  getNumThreads: () => native.getNumThreads(),
  /** Whether the AVX-512 IFMA kernels run. */
  ifmaActive: () => native.ifmaActive(),
  /** Turns the AVX-512 IFMA kernels on or off (FASTKZG_NO_IFMA=1 turns them off at start). */
  setIfma: (on) => native.setIfma(Boolean(on)),
};
