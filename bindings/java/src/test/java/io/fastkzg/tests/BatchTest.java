package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fastkzg.CellsAndProofs;
import io.fastkzg.InvalidInputException;
import io.fastkzg.InvalidInputException.Reason;
import io.fastkzg.KzgContext;
import io.fastkzg.KzgSettings;
import io.fastkzg.KzgVerifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The batch calls of the idiomatic API (computeCellsBatch, computeCellsAndKzgProofsBatch,
 * recoverCellsBatch, verifyCellsSharedIndices, verifyBlobCellProofs): each equals the per-blob
 * composition of the single calls on random blobs (verification: the verdict of
 * verifyCellKzgProofBatch over the flattened lists), on KzgSettings and KzgVerifier alike; bad
 * input throws an InvalidInputException naming the blob and the position inside it; empty
 * batches; inputs are never modified.
 */
class BatchTest {
  private static final int N = 3;
  private static KzgSettings kzg;
  private static KzgVerifier verifier;
  private static List<byte[]> blobs;
  private static List<byte[]> commitments;
  private static List<List<byte[]>> cells;
  private static List<List<byte[]>> proofs;
  /** 64 indices (the odd ones), 70 mixed ones. */
  private static final long[] ODD = odd();
  private static final long[] MIXED = mixed();

  @BeforeAll
  static void setUp() {
    kzg = KzgSettings.mainnet();
    verifier = KzgVerifier.mainnet();
    blobs = new ArrayList<>();
    commitments = new ArrayList<>();
    cells = new ArrayList<>();
    proofs = new ArrayList<>();
    for (int b = 0; b < N; b++) {
      byte[] blob = Inputs.blob(100 + b);
      blobs.add(blob);
      commitments.add(kzg.blobToKzgCommitment(blob));
      CellsAndProofs cp = kzg.computeCellsAndKzgProofs(blob);
      cells.add(cp.cells());
      proofs.add(cp.proofs());
    }
  }

  @AfterAll
  static void tearDown() {
    kzg.close();
    verifier.close();
  }

  private static long[] odd() {
    long[] r = new long[64];
    for (int i = 0; i < 64; i++) {
      r[i] = 2L * i + 1;
    }
    return r;
  }

  private static long[] mixed() {
    long[] r = new long[70];
    for (int i = 0; i < 70; i++) {
      r[i] = i < 35 ? i : i + 50;
    }
    return r;
  }

  /** The items of {@code list} at {@code indices}. */
  private static List<byte[]> pick(long[] indices, List<byte[]> list) {
    List<byte[]> out = new ArrayList<>();
    for (long i : indices) {
      out.add(list.get((int) i));
    }
    return out;
  }

  private static List<List<byte[]>> pickAll(long[] indices, List<List<byte[]>> lists) {
    List<List<byte[]>> out = new ArrayList<>();
    for (List<byte[]> l : lists) {
      out.add(pick(indices, l));
    }
    return out;
  }

  /** Lists as comparable text (hex of each item, nested). */
  private static String text(Object o) {
    if (o instanceof byte[] b) {
      return Hex.encode(b);
    }
    if (o instanceof long[] l) {
      return Arrays.toString(l);
    }
    if (o instanceof CellsAndProofs cp) {
      return "[" + text(cp.cells()) + ", " + text(cp.proofs()) + "]";
    }
    if (o instanceof List<?> l) {
      List<String> parts = new ArrayList<>();
      for (Object x : l) {
        parts.add(text(x));
      }
      return parts.toString();
    }
    return String.valueOf(o);
  }

  /** Deep copies of byte arrays, in lists of any depth. */
  private static Object copy(Object o) {
    if (o instanceof byte[] b) {
      return b.clone();
    }
    if (o instanceof long[] l) {
      return l.clone();
    }
    if (o instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object x : l) {
        out.add(copy(x));
      }
      return out;
    }
    return o;
  }

  /** Runs {@code call} (returning or throwing) and checks that {@code inputs} are unchanged. */
  private static void untouched(Executable call, Object... inputs) {
    Object before = copy(Arrays.asList(inputs));
    try {
      call.execute();
    } catch (Throwable ignored) {
      // only the inputs matter here
    }
    assertEquals(text(before), text(Arrays.asList(inputs)), "inputs changed");
  }

  /** The verdict of verifyCellKzgProofBatch over the flattened lists. */
  private static boolean reference(
      List<byte[]> cms, long[] indices, List<List<byte[]>> cellLists, List<List<byte[]>> proofLists) {
    List<byte[]> flatCommitments = new ArrayList<>();
    long[] flatIndices = new long[cms.size() * indices.length];
    List<byte[]> flatCells = new ArrayList<>();
    List<byte[]> flatProofs = new ArrayList<>();
    for (int b = 0; b < cms.size(); b++) {
      for (int k = 0; k < indices.length; k++) {
        flatCommitments.add(cms.get(b));
        flatIndices[b * indices.length + k] = indices[k];
      }
      flatCells.addAll(cellLists.get(b));
      flatProofs.addAll(proofLists.get(b));
    }
    return kzg.verifyCellKzgProofBatch(flatCommitments, flatIndices, flatCells, flatProofs);
  }

  private static InvalidInputException invalid(Executable call) {
    return assertThrows(InvalidInputException.class, call);
  }

  /** Checks the fields of an exception; -1: absent. */
  private static void fields(
      InvalidInputException e, String input, int blob, int index, Reason reason) {
    assertEquals(input, e.input(), e.getMessage());
    assertEquals(blob < 0 ? OptionalInt.empty() : OptionalInt.of(blob), e.blob(), e.getMessage());
    assertEquals(index < 0 ? OptionalInt.empty() : OptionalInt.of(index), e.index(), e.getMessage());
    assertEquals(reason, e.reason(), e.getMessage());
    if (blob >= 0) {
      assertTrue(e.getMessage().startsWith("blob " + blob + ": "), e.getMessage());
    }
  }

  @Test
  void computeBatchesEqualThePerBlobCalls() {
    List<List<byte[]>> perBlobCells = new ArrayList<>();
    List<CellsAndProofs> perBlob = new ArrayList<>();
    for (byte[] blob : blobs) {
      perBlobCells.add(kzg.computeCells(blob));
      perBlob.add(kzg.computeCellsAndKzgProofs(blob));
    }
    List<List<byte[]>> got = kzg.computeCellsBatch(blobs);
    assertEquals(N, got.size());
    assertEquals(text(perBlobCells), text(got));
    assertEquals(text(cells), text(got));
    List<CellsAndProofs> both = kzg.computeCellsAndKzgProofsBatch(blobs);
    assertEquals(N, both.size());
    assertEquals(text(perBlob), text(both));
    assertEquals(128, both.get(1).cells().size());
    assertEquals(2048, both.get(1).cells().get(5).length);
    assertEquals(48, both.get(2).proofs().get(127).length);
    // One blob; no blobs.
    assertEquals(text(List.of(cells.get(1))), text(kzg.computeCellsBatch(List.of(blobs.get(1)))));
    assertEquals(List.of(), kzg.computeCellsBatch(List.of()));
    assertEquals(List.of(), kzg.computeCellsAndKzgProofsBatch(List.of()));
    untouched(() -> kzg.computeCellsBatch(blobs), blobs);
    untouched(() -> kzg.computeCellsAndKzgProofsBatch(blobs), blobs);
  }

  @Test
  void recoverCellsBatchEqualsRecoveryOfEachBlob() {
    for (long[] indices : new long[][] {ODD, MIXED, Inputs.range(0, 64), Inputs.range(0, 128)}) {
      List<List<byte[]>> kept = pickAll(indices, cells);
      List<List<byte[]>> perBlob = new ArrayList<>();
      for (List<byte[]> k : kept) {
        perBlob.add(kzg.recoverCellsAndKzgProofs(indices, k).cells());
      }
      List<List<byte[]>> got = kzg.recoverCellsBatch(indices, kept);
      assertEquals(text(perBlob), text(got));
      assertEquals(text(cells), text(got));
      untouched(() -> kzg.recoverCellsBatch(indices, kept), indices, kept);
    }
    assertEquals(List.of(), kzg.recoverCellsBatch(ODD, List.of()));
  }

  @Test
  void verifyCellsSharedIndicesIsTheVerdictOverTheFlattenedLists() {
    for (long[] indices : new long[][] {{5}, {0, 7, 7, 127}, ODD}) {
      List<List<byte[]>> c = pickAll(indices, cells);
      List<List<byte[]>> p = pickAll(indices, proofs);
      for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
        assertTrue(ctx.verifyCellsSharedIndices(commitments, indices, c, p));
      }
      assertTrue(reference(commitments, indices, c, p));
      // Blob 1's cells with blob 2's proofs.
      List<List<byte[]>> bad = List.of(p.get(0), p.get(2), p.get(2));
      for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
        assertFalse(ctx.verifyCellsSharedIndices(commitments, indices, c, bad));
      }
      assertFalse(reference(commitments, indices, c, bad));
      untouched(() -> kzg.verifyCellsSharedIndices(commitments, indices, c, p), commitments, indices, c, p);
    }
    List<List<byte[]>> none = List.of(List.of(), List.of(), List.of());
    for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
      assertTrue(ctx.verifyCellsSharedIndices(List.of(), ODD, List.of(), List.of()));
      assertTrue(ctx.verifyCellsSharedIndices(commitments, new long[0], none, none));
    }
  }

  @Test
  void verifyBlobCellProofsIsTheVerdictOverAllCells() {
    long[] all = Inputs.range(0, 128);
    for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
      assertTrue(ctx.verifyBlobCellProofs(blobs, commitments, proofs));
      assertTrue(ctx.verifyBlobCellProofs(List.of(blobs.get(2)), List.of(commitments.get(2)), List.of(proofs.get(2))));
      assertTrue(ctx.verifyBlobCellProofs(List.of(), List.of(), List.of()));
    }
    assertTrue(reference(commitments, all, cells, proofs));
    // Two proofs of blob 1 swapped.
    List<List<byte[]>> swapped = new ArrayList<>(proofs);
    List<byte[]> p1 = new ArrayList<>(proofs.get(1));
    p1.set(3, proofs.get(1).get(4));
    p1.set(4, proofs.get(1).get(3));
    swapped.set(1, p1);
    // Commitments of blobs 0 and 1 swapped.
    List<byte[]> wrong = List.of(commitments.get(1), commitments.get(0), commitments.get(2));
    for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
      assertFalse(ctx.verifyBlobCellProofs(blobs, commitments, swapped));
      assertFalse(ctx.verifyBlobCellProofs(blobs, wrong, proofs));
    }
    assertFalse(reference(commitments, all, cells, swapped));
    assertFalse(reference(wrong, all, cells, proofs));
    untouched(() -> kzg.verifyBlobCellProofs(blobs, commitments, proofs), blobs, commitments, proofs);
  }

  @Test
  void errorsNameTheBlobAndThePositionInsideIt() {
    // A non-canonical field element (element 9) in blob 2.
    List<byte[]> bad = List.of(blobs.get(0), blobs.get(1), Inputs.nonCanonicalAt(blobs.get(2), 9));
    for (Executable call : List.<Executable>of(
        () -> kzg.computeCellsBatch(bad),
        () -> kzg.computeCellsAndKzgProofsBatch(bad),
        () -> kzg.verifyBlobCellProofs(bad, commitments, proofs),
        () -> verifier.verifyBlobCellProofs(bad, commitments, proofs))) {
      InvalidInputException e = invalid(call);
      fields(e, "blob", 2, 0, Reason.NON_CANONICAL);
      assertEquals(OptionalInt.of(9), e.element());
      untouched(call, bad, commitments, proofs);
    }
    // A blob of the wrong length at position 1.
    List<byte[]> shortBlob = List.of(blobs.get(0), new byte[131071]);
    InvalidInputException e = invalid(() -> kzg.computeCellsBatch(shortBlob));
    fields(e, "blob", -1, 1, Reason.LENGTH);
    assertEquals(OptionalLong.of(131071), e.got());

    // A non-canonical cell at position 5 of blob 1 (element 3).
    List<List<byte[]>> kept = pickAll(ODD, cells);
    List<byte[]> k1 = new ArrayList<>(kept.get(1));
    k1.set(5, Inputs.nonCanonicalAt(k1.get(5), 3));
    kept.set(1, k1);
    List<List<byte[]>> keptProofs = pickAll(ODD, proofs);
    for (Executable call : List.<Executable>of(
        () -> kzg.recoverCellsBatch(ODD, kept),
        () -> kzg.verifyCellsSharedIndices(commitments, ODD, kept, keptProofs),
        () -> verifier.verifyCellsSharedIndices(commitments, ODD, kept, keptProofs))) {
      e = invalid(call);
      fields(e, "cell", 1, 5, Reason.NON_CANONICAL);
      assertEquals(OptionalInt.of(3), e.element());
      untouched(call, ODD, kept, keptProofs);
    }
    // A cell of the wrong length at position 3 of blob 1.
    List<List<byte[]>> shortCell = pickAll(ODD, cells);
    List<byte[]> s1 = new ArrayList<>(shortCell.get(1));
    s1.set(3, new byte[2047]);
    shortCell.set(1, s1);
    fields(invalid(() -> kzg.recoverCellsBatch(ODD, shortCell)), "cell", 1, 3, Reason.LENGTH);

    // An invalid proof at position 7 of blob 2.
    List<List<byte[]>> badProofs = new ArrayList<>(proofs);
    List<byte[]> p2 = new ArrayList<>(proofs.get(2));
    p2.set(7, Inputs.badPoints()[3]);
    badProofs.set(2, p2);
    for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
      fields(invalid(() -> ctx.verifyBlobCellProofs(blobs, commitments, badProofs)),
          "proof", 2, 7, Reason.NOT_IN_SUBGROUP);
      List<List<byte[]>> sharedProofs = pickAll(Inputs.range(0, 10), badProofs);
      fields(invalid(() -> ctx.verifyCellsSharedIndices(
              commitments, Inputs.range(0, 10), pickAll(Inputs.range(0, 10), cells), sharedProofs)),
          "proof", 2, 7, Reason.NOT_IN_SUBGROUP);
    }

    // An invalid commitment of blob 1: the blob's position.
    List<byte[]> badCommitments = List.of(commitments.get(0), Inputs.badPoints()[0], commitments.get(2));
    for (KzgContext ctx : new KzgContext[] {kzg, verifier}) {
      fields(invalid(() -> ctx.verifyBlobCellProofs(blobs, badCommitments, proofs)),
          "commitment", -1, 1, Reason.INVALID_ENCODING);
      fields(invalid(() -> ctx.verifyCellsSharedIndices(
              badCommitments, ODD, pickAll(ODD, cells), pickAll(ODD, proofs))),
          "commitment", -1, 1, Reason.INVALID_ENCODING);
    }
  }

  @Test
  void badIndicesAndShapesAreTypedErrors() {
    List<List<byte[]>> kept = pickAll(ODD, cells);
    List<List<byte[]>> keptProofs = pickAll(ODD, proofs);

    // An index >= 128 at position 63.
    long[] big = ODD.clone();
    big[63] = 128;
    InvalidInputException e = invalid(() -> kzg.recoverCellsBatch(big, kept));
    fields(e, "cellIndex", -1, 63, Reason.OUT_OF_RANGE);
    assertEquals(OptionalLong.of(128), e.got());
    fields(invalid(() -> verifier.verifyCellsSharedIndices(commitments, big, kept, keptProofs)),
        "cellIndex", -1, 63, Reason.OUT_OF_RANGE);
    long[] negative = ODD.clone();
    negative[0] = -1;
    fields(invalid(() -> kzg.recoverCellsBatch(negative, kept)), "cellIndex", -1, 0, Reason.OUT_OF_RANGE);

    // Duplicate indices (recovery needs them strictly ascending).
    long[] dup = ODD.clone();
    dup[5] = dup[4];
    fields(invalid(() -> kzg.recoverCellsBatch(dup, kept)), "cellIndex", -1, 5, Reason.NOT_ASCENDING);
    long[] reversed = new long[64];
    for (int i = 0; i < 64; i++) {
      reversed[i] = ODD[63 - i];
    }
    assertEquals(Reason.NOT_ASCENDING, invalid(() -> kzg.recoverCellsBatch(reversed, kept)).reason());

    // Fewer than 64 indices.
    long[] few = Arrays.copyOf(ODD, 63);
    e = invalid(() -> kzg.recoverCellsBatch(few, pickAll(few, cells)));
    assertEquals(Reason.TOO_FEW, e.reason());
    assertEquals(OptionalLong.of(64), e.expected());
    assertEquals(Reason.TOO_FEW, invalid(() -> kzg.recoverCellsBatch(new long[0], List.of())).reason());

    // A blob's list of the wrong length.
    List<List<byte[]>> shortList = new ArrayList<>(kept);
    shortList.set(1, kept.get(1).subList(1, 64));
    e = invalid(() -> kzg.recoverCellsBatch(ODD, shortList));
    fields(e, "cell", 1, -1, Reason.MISMATCHED_LENGTHS);
    assertEquals(OptionalLong.of(64), e.expected());
    assertEquals(OptionalLong.of(63), e.got());
    List<List<byte[]>> longProofs = new ArrayList<>(keptProofs);
    List<byte[]> extra = new ArrayList<>(keptProofs.get(2));
    extra.add(keptProofs.get(2).get(0));
    longProofs.set(2, extra);
    fields(invalid(() -> kzg.verifyCellsSharedIndices(commitments, ODD, kept, longProofs)),
        "proof", 2, -1, Reason.MISMATCHED_LENGTHS);
    List<List<byte[]>> fewProofs = List.of(proofs.get(0), proofs.get(1), proofs.get(2).subList(0, 126));
    fields(invalid(() -> verifier.verifyBlobCellProofs(blobs, commitments, fewProofs)),
        "proof", 2, -1, Reason.MISMATCHED_LENGTHS);

    // Not one list (or commitment) per blob.
    assertEquals(Reason.MISMATCHED_LENGTHS,
        invalid(() -> kzg.verifyBlobCellProofs(blobs, commitments.subList(0, 2), proofs)).reason());
    assertEquals(Reason.MISMATCHED_LENGTHS,
        invalid(() -> kzg.verifyBlobCellProofs(blobs, commitments, proofs.subList(0, 2))).reason());
    assertEquals(Reason.MISMATCHED_LENGTHS,
        invalid(() -> kzg.verifyCellsSharedIndices(commitments.subList(1, 3), ODD, kept, keptProofs)).reason());
    assertEquals(Reason.MISMATCHED_LENGTHS,
        invalid(() -> kzg.verifyCellsSharedIndices(
            commitments, new long[0], List.of(List.of()), List.of(List.of()))).reason());

    // Nulls: the list, a blob's list, an item.
    assertThrows(NullPointerException.class, () -> kzg.computeCellsBatch(null));
    assertThrows(NullPointerException.class, () -> kzg.recoverCellsBatch(null, kept));
    assertThrows(NullPointerException.class, () -> kzg.recoverCellsBatch(ODD, null));
    List<List<byte[]>> nullList = new ArrayList<>(kept);
    nullList.set(1, null);
    NullPointerException npe = assertThrows(NullPointerException.class, () -> kzg.recoverCellsBatch(ODD, nullList));
    assertEquals("cells of blob 1 must not be null", npe.getMessage());
    List<List<byte[]>> nullItem = new ArrayList<>(kept);
    List<byte[]> withNull = new ArrayList<>(kept.get(2));
    withNull.set(4, null);
    nullItem.set(2, withNull);
    npe = assertThrows(NullPointerException.class, () -> kzg.recoverCellsBatch(ODD, nullItem));
    assertEquals("blob 2: cell 4 must not be null", npe.getMessage());
    assertThrows(NullPointerException.class, () -> verifier.verifyBlobCellProofs(blobs, null, proofs));
  }

  @Test
  void closedContextsThrow() {
    KzgSettings s = KzgSettings.mainnet();
    KzgVerifier v = KzgVerifier.mainnet();
    s.close();
    v.close();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> s.computeCellsBatch(blobs));
    assertEquals("KzgSettings is closed", e.getMessage());
    e = assertThrows(IllegalStateException.class,
        () -> v.verifyBlobCellProofs(blobs, commitments, proofs));
    assertEquals("KzgVerifier is closed", e.getMessage());
    // Other instances are unaffected.
    assertArrayEquals(cells.get(0).get(0), kzg.computeCellsBatch(List.of(blobs.get(0))).get(0).get(0));
    assertTrue(verifier.verifyBlobCellProofs(blobs, commitments, proofs));
  }
}
