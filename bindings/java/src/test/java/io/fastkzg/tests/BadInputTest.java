package io.fastkzg.tests;

import static io.fastkzg.tests.Inputs.CELL;
import static io.fastkzg.tests.Inputs.nonCanonicalAt;
import static io.fastkzg.tests.Inputs.range;
import static io.fastkzg.tests.Inputs.resized;
import static io.fastkzg.tests.Inputs.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ethereum.ckzg4844.CKZGException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Invalid inputs through the drop-in API, each compared live with jc-kzg-4844 2.1.8: the same
 * exception class, c-kzg error and message (or the same result, for the few valid edge cases).
 */
class BadInputTest {
  private static Inputs in;

  @BeforeAll
  static void setUp() throws Exception {
    Ckzg.FASTKZG.ensureLoaded();
    Ckzg.JCKZG.ensureLoaded();
    in = Inputs.get();
  }

  /** A call: drop-in method name and arguments; {@code invalid}: it must fail. */
  private record Call(String what, boolean invalid, String method, Object... args) {}

  private static final List<Call> CALLS = new ArrayList<>();

  private static void bad(String what, String method, Object... args) {
    CALLS.add(new Call(what, true, method, args));
  }

  private static void edge(String what, String method, Object... args) {
    CALLS.add(new Call(what, false, method, args));
  }

  private static void sizes(String method, int position, int size, Object... valid) {
    for (int n : new int[] {0, size - 1, size + 1}) {
      Object[] args = valid.clone();
      args[position] = resized((byte[]) valid[position], n);
      bad(method + " arg " + position + " of " + n + " bytes", method, args);
    }
  }

  @Test
  void sameErrorsAsJcKzg() {
    byte[] blob = in.blob, c = in.commitment, p = in.proof, z = in.z, y = in.y;
    byte[] badBlob = nonCanonicalAt(blob, 4095);
    byte[] mod = Inputs.modulus();
    CALLS.clear();
    // Sizes of every byte[] argument.
    sizes("blobToKzgCommitment", 0, Inputs.BLOB, blob);
    sizes("computeKzgProof", 0, Inputs.BLOB, blob, z);
    sizes("computeKzgProof", 1, 32, blob, z);
    sizes("computeBlobKzgProof", 0, Inputs.BLOB, blob, c);
    sizes("computeBlobKzgProof", 1, 48, blob, c);
    sizes("verifyKzgProof", 0, 48, c, z, y, in.zProof);
    sizes("verifyKzgProof", 1, 32, c, z, y, in.zProof);
    sizes("verifyKzgProof", 2, 32, c, z, y, in.zProof);
    sizes("verifyKzgProof", 3, 48, c, z, y, in.zProof);
    sizes("verifyBlobKzgProof", 0, Inputs.BLOB, blob, c, p);
    sizes("verifyBlobKzgProof", 1, 48, blob, c, p);
    sizes("verifyBlobKzgProof", 2, 48, blob, c, p);
    sizes("computeCells", 0, Inputs.BLOB, blob);
    sizes("computeCellsAndKzgProofs", 0, Inputs.BLOB, blob);
    // Non-canonical field elements.
    bad("blob element 4095", "blobToKzgCommitment", badBlob);
    bad("blob element 0", "blobToKzgCommitment", nonCanonicalAt(blob, 0));
    bad("blob", "computeKzgProof", badBlob, z);
    bad("z = modulus", "computeKzgProof", blob, mod);
    bad("blob", "computeBlobKzgProof", badBlob, c);
    bad("z", "verifyKzgProof", c, mod, y, in.zProof);
    bad("y", "verifyKzgProof", c, z, mod, in.zProof);
    bad("blob", "verifyBlobKzgProof", badBlob, c, p);
    bad("blob", "computeCells", badBlob);
    bad("blob", "computeCellsAndKzgProofs", badBlob);
    // Invalid points.
    for (byte[] pt : Inputs.badPoints()) {
      bad("commitment", "computeBlobKzgProof", blob, pt);
      bad("commitment", "verifyKzgProof", pt, z, y, in.zProof);
      bad("proof", "verifyKzgProof", c, z, y, pt);
      bad("commitment", "verifyBlobKzgProof", blob, pt, p);
      bad("proof", "verifyBlobKzgProof", blob, c, pt);
      bad("cell proof", "verifyCellKzgProofBatch", c, new long[] {0}, slice(in.cells, CELL, 0, 1), pt);
      bad("cell commitment", "verifyCellKzgProofBatch", pt, new long[] {0}, slice(in.cells, CELL, 0, 1),
          slice(in.cellProofs, 48, 0, 1));
    }
    edge("infinity proof", "verifyKzgProof", c, z, y, Inputs.infinity());
    edge("wrong proof", "verifyBlobKzgProof", blob, c, in.zProof);
    // Blob batches.
    byte[] two = concat(blob, blob), c2 = concat(c, c), p2 = concat(p, p);
    edge("batch of 2", "verifyBlobKzgProofBatch", two, c2, p2, 2L);
    edge("empty batch", "verifyBlobKzgProofBatch", new byte[0], new byte[0], new byte[0], 0L);
    bad("count too high", "verifyBlobKzgProofBatch", two, c2, p2, 3L);
    bad("count too low", "verifyBlobKzgProofBatch", two, c2, p2, 1L);
    bad("count -1", "verifyBlobKzgProofBatch", two, c2, p2, -1L);
    bad("commitments short", "verifyBlobKzgProofBatch", two, c, p2, 2L);
    bad("proofs short", "verifyBlobKzgProofBatch", two, c2, p, 2L);
    bad("blob 1 non-canonical", "verifyBlobKzgProofBatch", concat(blob, badBlob), c2, p2, 2L);
    bad("commitment 1 invalid", "verifyBlobKzgProofBatch", two, concat(c, Inputs.badPoints()[3]), p2, 2L);
    // Recovery.
    byte[] half = slice(in.cells, CELL, 0, 64);
    edge("first half", "recoverCellsAndKzgProofs", range(0, 64), half);
    edge("second half", "recoverCellsAndKzgProofs", range(64, 128), slice(in.cells, CELL, 64, 128));
    bad("63 cells", "recoverCellsAndKzgProofs", range(0, 63), slice(in.cells, CELL, 0, 63));
    bad("no cells", "recoverCellsAndKzgProofs", new long[0], new byte[0]);
    bad("129 cells", "recoverCellsAndKzgProofs", range(0, 129), concat(in.cells, slice(in.cells, CELL, 0, 1)));
    bad("cells size", "recoverCellsAndKzgProofs", range(0, 64), slice(in.cells, CELL, 0, 63));
    long[] outOfRange = range(0, 64);
    outOfRange[63] = 128;
    bad("index 128", "recoverCellsAndKzgProofs", outOfRange, half);
    long[] negative = range(0, 64);
    negative[63] = -1;
    bad("index -1", "recoverCellsAndKzgProofs", negative, half);
    long[] unsorted = range(0, 64);
    unsorted[0] = 1;
    unsorted[1] = 0;
    bad("unsorted", "recoverCellsAndKzgProofs", unsorted, half);
    long[] duplicate = range(0, 64);
    duplicate[1] = 0;
    bad("duplicate", "recoverCellsAndKzgProofs", duplicate, half);
    bad("non-canonical cell", "recoverCellsAndKzgProofs", range(0, 64), nonCanonicalAt(half, 100));
    // Cell batches.
    byte[] cell0 = slice(in.cells, CELL, 0, 1), proof0 = slice(in.cellProofs, 48, 0, 1);
    edge("one cell", "verifyCellKzgProofBatch", c, new long[] {0}, cell0, proof0);
    edge("all cells", "verifyCellKzgProofBatch", repeat(c, 128), range(0, 128), in.cells, in.cellProofs);
    edge("wrong index", "verifyCellKzgProofBatch", c, new long[] {1}, cell0, proof0);
    edge("no cells", "verifyCellKzgProofBatch", new byte[0], new long[0], new byte[0], new byte[0]);
    bad("commitments 47 bytes", "verifyCellKzgProofBatch", resized(c, 47), new long[] {0}, cell0, proof0);
    bad("commitments 49 bytes", "verifyCellKzgProofBatch", resized(c, 49), new long[] {0}, cell0, proof0);
    bad("two indices", "verifyCellKzgProofBatch", c, new long[] {0, 1}, cell0, proof0);
    bad("no index", "verifyCellKzgProofBatch", c, new long[0], cell0, proof0);
    bad("cell size", "verifyCellKzgProofBatch", c, new long[] {0}, resized(cell0, 2047), proof0);
    bad("proof size", "verifyCellKzgProofBatch", c, new long[] {0}, cell0, resized(proof0, 47));
    bad("index 128", "verifyCellKzgProofBatch", c, new long[] {128}, cell0, proof0);
    bad("index -1", "verifyCellKzgProofBatch", c, new long[] {-1}, cell0, proof0);
    bad("non-canonical cell", "verifyCellKzgProofBatch", c, new long[] {0}, nonCanonicalAt(cell0, 63), proof0);

    List<String> failures = new ArrayList<>();
    for (Call call : CALLS) {
      Outcome ours = Ckzg.FASTKZG.run(call.method, call.args);
      Outcome ref = Ckzg.JCKZG.run(call.method, call.args);
      if (!ours.text().equals(ref.text())) {
        failures.add(call.method + " (" + call.what + "): fastkzg " + ours + " but jc-kzg " + ref);
      } else if (call.invalid != ours.failed()) {
        failures.add(call.method + " (" + call.what + "): expected failure=" + call.invalid + ", got " + ours);
      }
    }
    System.out.println("bad-input calls compared with jc-kzg: " + CALLS.size());
    assertTrue(failures.isEmpty(), failures.size() + " differences:\n" + String.join("\n", failures));
  }

  /** jc-kzg crashes the JVM on null arguments; this package throws C_KZG_BADARGS instead. */
  @Test
  void nullsAreBadArgs() {
    byte[] blob = in.blob, c = in.commitment, p = in.proof;
    Object[][] calls = {
      {"blobToKzgCommitment", null},
      {"computeKzgProof", blob, null},
      {"computeBlobKzgProof", null, c},
      {"verifyKzgProof", c, in.z, null, p},
      {"verifyBlobKzgProof", blob, c, null},
      {"verifyBlobKzgProofBatch", null, c, p, 1L},
      {"computeCells", null},
      {"computeCellsAndKzgProofs", null},
      {"recoverCellsAndKzgProofs", null, new byte[0]},
      {"recoverCellsAndKzgProofs", new long[0], null},
      {"verifyCellKzgProofBatch", c, null, new byte[CELL], p},
      {"verifyCellKzgProofBatch", null, new long[0], new byte[0], new byte[0]},
    };
    for (Object[] call : calls) {
      Object[] args = java.util.Arrays.copyOfRange(call, 1, call.length);
      Outcome o = Ckzg.FASTKZG.run((String) call[0], args);
      CKZGException e = assertInstanceOf(CKZGException.class, o.error(), call[0] + ": " + o);
      assertEquals(CKZGException.CKZGError.C_KZG_BADARGS, e.getError(), call[0] + ": " + o);
      assertTrue(e.getMessage().contains("Got null"), o.toString());
    }
  }

  static byte[] concat(byte[]... parts) {
    return Hex.concat(List.of(parts));
  }

  static byte[] repeat(byte[] b, int n) {
    List<byte[]> l = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      l.add(b);
    }
    return Hex.concat(l);
  }
}
