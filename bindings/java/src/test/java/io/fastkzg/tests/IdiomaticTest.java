package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fastkzg.CellsAndProofs;
import io.fastkzg.InvalidInputException;
import io.fastkzg.InvalidInputException.Reason;
import io.fastkzg.InvalidTrustedSetupException;
import io.fastkzg.Kzg;
import io.fastkzg.KzgSettings;
import io.fastkzg.ProofAndY;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The io.fastkzg API: results equal to jc-kzg's, typed exceptions, settings life cycle. */
class IdiomaticTest {

  private static List<byte[]> split(byte[] all, int size) {
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < all.length; i += size) {
      out.add(java.util.Arrays.copyOfRange(all, i, i + size));
    }
    return out;
  }

  @Test
  void resultsEqualJcKzg() throws Exception {
    Inputs in = Inputs.get();
    try (KzgSettings kzg = KzgSettings.mainnet()) {
      assertArrayEquals(in.commitment, kzg.blobToKzgCommitment(in.blob));
      assertArrayEquals(in.proof, kzg.computeBlobKzgProof(in.blob, in.commitment));
      ProofAndY py = kzg.computeKzgProof(in.blob, in.z);
      assertArrayEquals(in.zProof, py.proof());
      assertArrayEquals(in.y, py.y());
      assertTrue(kzg.verifyKzgProof(in.commitment, in.z, in.y, in.zProof));
      assertTrue(kzg.verifyBlobKzgProof(in.blob, in.commitment, in.proof));
      assertFalse(kzg.verifyBlobKzgProof(in.blob, in.commitment, in.zProof));
      assertTrue(kzg.verifyBlobKzgProofBatch(List.of(in.blob), List.of(in.commitment), List.of(in.proof)));
      assertTrue(kzg.verifyBlobKzgProofBatch(List.of(), List.of(), List.of()));
      List<byte[]> cells = split(in.cells, 2048);
      List<byte[]> proofs = split(in.cellProofs, 48);
      assertArrayEquals(in.cells, Hex.concat(kzg.computeCells(in.blob)));
      CellsAndProofs cp = kzg.computeCellsAndKzgProofs(in.blob);
      assertArrayEquals(in.cells, Hex.concat(cp.cells()));
      assertArrayEquals(in.cellProofs, Hex.concat(cp.proofs()));
      long[] odd = new long[64];
      List<byte[]> oddCells = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        odd[i] = 2L * i + 1;
        oddCells.add(cells.get(2 * i + 1));
      }
      CellsAndProofs rec = kzg.recoverCellsAndKzgProofs(odd, oddCells);
      assertArrayEquals(in.cells, Hex.concat(rec.cells()));
      assertArrayEquals(in.cellProofs, Hex.concat(rec.proofs()));
      assertArrayEquals(in.cells, Hex.concat(kzg.recoverCells(odd, oddCells)));
      List<byte[]> commitments = new ArrayList<>();
      for (int i = 0; i < 128; i++) {
        commitments.add(in.commitment);
      }
      assertTrue(kzg.verifyCellKzgProofBatch(commitments, Inputs.range(0, 128), cells, proofs));
      assertEquals(32, Kzg.computeChallenge(in.blob, in.commitment).length);
    }
  }

  @Test
  void typedExceptionsNameTheInput() throws Exception {
    Inputs in = Inputs.get();
    try (KzgSettings kzg = KzgSettings.mainnet()) {
      byte[] bad = Inputs.nonCanonicalAt(in.blob, 17);
      InvalidInputException e = assertThrows(InvalidInputException.class,
          () -> kzg.verifyBlobKzgProofBatch(List.of(in.blob, in.blob, bad),
              List.of(in.commitment, in.commitment, in.commitment), List.of(in.proof, in.proof, in.proof)));
      assertEquals("blob", e.input());
      assertEquals(OptionalInt.of(2), e.index());
      assertEquals(OptionalInt.of(17), e.element());
      assertEquals(Reason.NON_CANONICAL, e.reason());

      e = assertThrows(InvalidInputException.class,
          () -> kzg.verifyBlobKzgProofBatch(List.of(in.blob, in.blob),
              List.of(in.commitment, new byte[47]), List.of(in.proof, in.proof)));
      assertEquals("commitment", e.input());
      assertEquals(OptionalInt.of(1), e.index());
      assertEquals(Reason.LENGTH, e.reason());
      assertEquals(OptionalLong.of(48), e.expected());
      assertEquals(OptionalLong.of(47), e.got());

      e = assertThrows(InvalidInputException.class,
          () -> kzg.verifyBlobKzgProofBatch(List.of(in.blob), List.of(), List.of()));
      assertEquals(Reason.MISMATCHED_LENGTHS, e.reason());

      e = assertThrows(InvalidInputException.class,
          () -> kzg.verifyKzgProof(in.commitment, in.z, in.y, Inputs.badPoints()[3]));
      assertEquals("proof", e.input());
      assertEquals(Reason.NOT_IN_SUBGROUP, e.reason());
      e = assertThrows(InvalidInputException.class,
          () -> kzg.verifyBlobKzgProof(in.blob, Inputs.badPoints()[0], in.proof));
      assertEquals("commitment", e.input());
      assertEquals(Reason.INVALID_ENCODING, e.reason());

      e = assertThrows(InvalidInputException.class,
          () -> kzg.computeKzgProof(in.blob, Inputs.modulus()));
      assertEquals("z", e.input());
      assertEquals(Reason.NON_CANONICAL, e.reason());

      List<byte[]> cells = split(in.cells, 2048).subList(0, 64);
      long[] idx = Inputs.range(0, 64);
      idx[10] = 200;
      e = assertThrows(InvalidInputException.class, () -> kzg.recoverCells(idx, cells));
      assertEquals("cellIndex", e.input());
      assertEquals(OptionalInt.of(10), e.index());
      assertEquals(Reason.OUT_OF_RANGE, e.reason());
      assertEquals(OptionalLong.of(200), e.got());

      long[] dup = Inputs.range(0, 64);
      dup[5] = 4;
      e = assertThrows(InvalidInputException.class, () -> kzg.recoverCellsAndKzgProofs(dup, cells));
      assertEquals(Reason.NOT_ASCENDING, e.reason());
      assertEquals(OptionalInt.of(5), e.index());

      e = assertThrows(InvalidInputException.class,
          () -> kzg.recoverCells(Inputs.range(0, 63), cells.subList(0, 63)));
      assertEquals(Reason.TOO_FEW, e.reason());

      NullPointerException npe = assertThrows(NullPointerException.class, () -> kzg.blobToKzgCommitment(null));
      assertEquals("blob must not be null", npe.getMessage());
      List<byte[]> withNull = new ArrayList<>(List.of(in.commitment));
      withNull.add(null);
      assertThrows(NullPointerException.class,
          () -> kzg.verifyBlobKzgProofBatch(List.of(in.blob, in.blob), withNull, List.of(in.proof, in.proof)));
    }
  }

  @Test
  void settingsLifeCycle() throws Exception {
    Inputs in = Inputs.get();
    KzgSettings a = KzgSettings.mainnet();
    KzgSettings b = KzgSettings.mainnet();
    a.close();
    a.close(); // idempotent
    assertThrows(IllegalStateException.class, () -> a.blobToKzgCommitment(in.blob));
    assertArrayEquals(in.commitment, b.blobToKzgCommitment(in.blob));
    b.close();
    try (KzgSettings p = KzgSettings.mainnet(4)) {
      assertEquals(4, p.precompute());
      assertArrayEquals(in.proof, p.computeBlobKzgProof(in.blob, in.commitment));
    }
    try (KzgSettings f = KzgSettings.load(Ckzg.trustedSetup(), 0)) {
      assertArrayEquals(in.commitment, f.blobToKzgCommitment(in.blob));
    }
    byte[][] pts = SetupStateTest.points(Ckzg.trustedSetup());
    try (KzgSettings f = KzgSettings.fromBytes(pts[0], pts[1], pts[2], 0)) {
      assertArrayEquals(in.commitment, f.blobToKzgCommitment(in.blob));
    }
    assertThrows(InvalidTrustedSetupException.class, () -> KzgSettings.parse("4096 65 zz", 0));
    assertThrows(IllegalArgumentException.class, () -> KzgSettings.mainnet(16));
    assertThrows(java.io.IOException.class, () -> KzgSettings.load(Path.of("/nonexistent/setup.txt"), 0));
  }

  @Test
  void threadsAndIfma() {
    int before = Kzg.threads();
    try {
      Kzg.setThreads(1);
      assertEquals(1, Kzg.threads());
      Kzg.setThreads(3);
      assertEquals(3, Kzg.threads());
      assertThrows(IllegalArgumentException.class, () -> Kzg.setThreads(-1));
    } finally {
      Kzg.setThreads(before);
    }
    boolean ifma = Kzg.ifmaActive();
    Kzg.setIfma(false);
    assertFalse(Kzg.ifmaActive());
    Kzg.setIfma(true);
    assertEquals(ifma, Kzg.ifmaActive());
  }
}
