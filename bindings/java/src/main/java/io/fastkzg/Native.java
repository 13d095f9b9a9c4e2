package io.fastkzg;

/**
 * The JNI entry points of the idiomatic API. Lengths and nulls are checked natively. A handle is
 * a {@link KzgSettings}' or a {@link KzgVerifier}'s; the verification functions take either.
 */
final class Native {
  static {
    NativeLibrary.load();
  }

  private Native() {}

  static native long openMainnet(int precompute);

  static native long parse(String text, int precompute);

  static native long fromBytes(byte[] g1Monomial, byte[] g1Lagrange, byte[] g2Monomial, int precompute);

  static native long openVerifierMainnet();

  static native long parseVerifier(String text);

  static native void close(long handle);

  static native int precompute(long handle);

  static native byte[] blobToKzgCommitment(long handle, byte[] blob);

  static native byte[][] computeKzgProof(long handle, byte[] blob, byte[] z);

  static native byte[] computeBlobKzgProof(long handle, byte[] blob, byte[] commitment);

  static native boolean verifyKzgProof(long handle, byte[] commitment, byte[] z, byte[] y, byte[] proof);

  static native boolean verifyBlobKzgProof(long handle, byte[] blob, byte[] commitment, byte[] proof);

  static native boolean verifyBlobKzgProofBatch(
      long handle, byte[][] blobs, byte[][] commitments, byte[][] proofs);

  static native byte[][] computeCells(long handle, byte[] blob);

  static native byte[][] computeCellsAndKzgProofs(long handle, byte[] blob);

  static native byte[][] recoverCellsAndKzgProofs(long handle, long[] cellIndices, byte[][] cells);

  static native byte[][] recoverCells(long handle, long[] cellIndices, byte[][] cells);

  static native boolean verifyCellKzgProofBatch(
      long handle, byte[][] commitments, long[] cellIndices, byte[][] cells, byte[][] proofs);

  static native byte[][] computeCellsBatch(long handle, byte[][] blobs);

  static native byte[][] computeCellsAndKzgProofsBatch(long handle, byte[][] blobs);

  static native byte[][] recoverCellsBatch(long handle, long[] cellIndices, byte[][][] cells);

  static native boolean verifyCellsSharedIndices(
      long handle, byte[][] commitments, long[] cellIndices, byte[][][] cells, byte[][][] proofs);

  static native boolean verifyBlobCellProofs(
      long handle, byte[][] blobs, byte[][] commitments, byte[][][] proofs);

  static native byte[] computeChallenge(byte[] blob, byte[] commitment);

  static native byte[] computeVerifyCellKzgProofBatchChallenge(
      byte[][] commitments, long[] commitmentIndices, long[] cellIndices, byte[][] cells, byte[][] proofs);

  static native void setThreads(int n);

  static native int threads();

  static native void setIfma(boolean on);

  static native boolean ifmaActive();

  static native void loadGlobalMainnet(long precompute);
}
