package io.fastkzg;

import java.util.List;

/**
 * Constants and functions that need no settings: the spec's Fiat–Shamir challenges, the thread
 * count, the AVX-512 IFMA switch, and loading the embedded mainnet setup as the global setup of the
 * drop-in {@code ethereum.ckzg4844.CKZG4844JNI}.
 */
public final class Kzg {
  /** Bytes of a field element. */
  public static final int BYTES_PER_FIELD_ELEMENT = 32;
  /** Bytes of a blob. */
  public static final int BYTES_PER_BLOB = 131072;
  /** Bytes of a commitment. */
  public static final int BYTES_PER_COMMITMENT = 48;
  /** Bytes of a proof. */
  public static final int BYTES_PER_PROOF = 48;
  /** Bytes of a cell. */
  public static final int BYTES_PER_CELL = 2048;
  /** Cells of an extended blob. */
  public static final int CELLS_PER_EXT_BLOB = 128;

  private Kzg() {}

  /**
   * Spec {@code compute_challenge}: the Fiat–Shamir point of a blob and its commitment (hashes
   * only; lengths are checked, nothing else).
   *
   * @param blob the blob
   * @param commitment the commitment
   * @return the challenge (32 bytes, big-endian)
   */
  public static byte[] computeChallenge(byte[] blob, byte[] commitment) {
    return Native.computeChallenge(blob, commitment);
  }

  /**
   * Spec {@code compute_verify_cell_kzg_proof_batch_challenge}: the challenge r of {@code
   * verify_cell_kzg_proof_batch}.
   *
   * @param commitments the deduplicated commitments
   * @param commitmentIndices each cell's commitment index
   * @param cellIndices each cell's index
   * @param cells the cells
   * @param proofs each cell's proof
   * @return the challenge (32 bytes, big-endian)
   */
  public static byte[] computeVerifyCellKzgProofBatchChallenge(
      List<byte[]> commitments,
      long[] commitmentIndices,
      long[] cellIndices,
      List<byte[]> cells,
      List<byte[]> proofs) {
    return Native.computeVerifyCellKzgProofBatchChallenge(
        KzgContext.array(commitments),
        commitmentIndices,
        cellIndices,
        KzgContext.array(cells),
        KzgContext.array(proofs));
  }

  /**
   * Sets the number of threads every call (of both APIs) may use: 0 or 1 runs each call serially
   * on its caller's thread; n &gt; 1 uses one pool of n threads shared by all callers. The default
   * is the environment variable {@code FASTKZG_NUM_THREADS}, else the number of cores. Calls
   * already running keep their pool.
   *
   * @param n the thread count
   */
  public static void setThreads(int n) {
    Native.setThreads(n);
  }

  /** @return the thread count calls use (1: serial) */
  public static int threads() {
    return Native.threads();
  }

  /**
   * Turns the AVX-512 IFMA kernels on or off (they run by default where the CPU has them, unless
   * {@code FASTKZG_NO_IFMA=1}); results are the same either way.
   *
   * @param on whether to use them
   */
  public static void setIfma(boolean on) {
    Native.setIfma(on);
  }

  /** @return whether the AVX-512 IFMA kernels run now */
  public static boolean ifmaActive() {
    return Native.ifmaActive();
  }

  /**
   * Loads the embedded mainnet setup as the global setup of {@code
   * ethereum.ckzg4844.CKZG4844JNI}, without a file (jc-kzg has no such method).
   *
   * @param precompute 0 to 15
   * @throws RuntimeException if a global setup is loaded (jc-kzg's message)
   */
  public static void loadMainnetTrustedSetup(long precompute) {
    Native.loadGlobalMainnet(precompute);
  }
}
