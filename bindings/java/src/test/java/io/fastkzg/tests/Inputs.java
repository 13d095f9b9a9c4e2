package io.fastkzg.tests;

import java.util.Arrays;
import java.util.Random;

/** Valid inputs (computed with jc-kzg) and the bytes that break them. */
final class Inputs {
  static final int BLOB = 131072;
  static final int CELL = 2048;

  final byte[] blob;
  final byte[] commitment;
  final byte[] proof;
  final byte[] z;
  final byte[] y;
  final byte[] zProof;
  final byte[] cells;
  final byte[] cellProofs;

  private static Inputs shared;

  /** One set per JVM (jc-kzg computes it once). */
  static synchronized Inputs get() throws Exception {
    if (shared == null) {
      shared = new Inputs(blob(1));
    }
    return shared;
  }

  private Inputs(byte[] blob) throws Exception {
    Ckzg ref = Ckzg.JCKZG;
    ref.ensureLoaded();
    this.blob = blob;
    this.commitment = (byte[]) ref.call("blobToKzgCommitment", blob);
    this.proof = (byte[]) ref.call("computeBlobKzgProof", blob, commitment);
    this.z = fieldElement(7);
    Object py = ref.call("computeKzgProof", blob, z);
    this.zProof = (byte[]) py.getClass().getMethod("getProof").invoke(py);
    this.y = (byte[]) py.getClass().getMethod("getY").invoke(py);
    Object cp = ref.call("computeCellsAndKzgProofs", blob);
    this.cells = (byte[]) cp.getClass().getMethod("getCells").invoke(cp);
    this.cellProofs = (byte[]) cp.getClass().getMethod("getProofs").invoke(cp);
  }

  /** A blob of pseudo-random canonical field elements. */
  static byte[] blob(long seed) {
    byte[] b = new byte[BLOB];
    new Random(seed).nextBytes(b);
    for (int i = 0; i < BLOB; i += 32) {
      b[i] = 0; // below the modulus
    }
    return b;
  }

  /** A small canonical field element. */
  static byte[] fieldElement(int v) {
    byte[] b = new byte[32];
    b[31] = (byte) v;
    return b;
  }

  /** The BLS modulus, big-endian: the smallest non-canonical field element. */
  static byte[] modulus() {
    byte[] m = ethereum.ckzg4844.CKZG4844JNI.BLS_MODULUS.toByteArray();
    return Arrays.copyOfRange(m, m.length - 32, m.length);
  }

  /** {@code data} with the 32 bytes at field element {@code i} replaced by the modulus. */
  static byte[] nonCanonicalAt(byte[] data, int i) {
    byte[] b = data.clone();
    System.arraycopy(modulus(), 0, b, 32 * i, 32);
    return b;
  }

  static byte[] resized(byte[] b, int n) {
    return Arrays.copyOf(b, n);
  }

  /** Cells {@code from..to} (exclusive) of a concatenation. */
  static byte[] slice(byte[] all, int size, int from, int to) {
    return Arrays.copyOfRange(all, from * size, to * size);
  }

  static long[] range(int from, int to) {
    long[] r = new long[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }

  /** Invalid G1 points: no compression flag, bad infinity, x too large, not in the subgroup. */
  static byte[][] badPoints() {
    byte[] noFlag = new byte[48];
    byte[] badInfinity = new byte[48];
    badInfinity[0] = (byte) 0xc0;
    badInfinity[47] = 1;
    byte[] allOnes = new byte[48];
    Arrays.fill(allOnes, (byte) 0xff);
    byte[] notOnCurve = Hex.decode("0x8123456789abcdef0123456789abcdef0123456789abcdef"
        + "0123456789abcdef0123456789abcdef0123456789abcdef");
    return new byte[][] {noFlag, badInfinity, allOnes, notOnCurve};
  }

  /** The point at infinity (a valid commitment and proof). */
  static byte[] infinity() {
    byte[] p = new byte[48];
    p[0] = (byte) 0xc0;
    return p;
  }
}
