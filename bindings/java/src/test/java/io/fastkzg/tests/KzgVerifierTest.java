package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fastkzg.CellsAndProofs;
import io.fastkzg.InvalidTrustedSetupException;
import io.fastkzg.KzgContext;
import io.fastkzg.KzgException;
import io.fastkzg.KzgSettings;
import io.fastkzg.KzgVerifier;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The verify-only context: every consensus-spec reference case of the verification functions
 * gives the same outcome (value, or exception class and message) on {@link KzgVerifier} as on
 * {@link KzgSettings}, and the expected output; the batch verifications agree too; it has the
 * verification methods of KzgSettings under the same names and no prover method; loading and
 * life cycle.
 */
class KzgVerifierTest {
  private static KzgSettings settings;
  private static KzgVerifier verifier;
  private static final Map<String, Integer> COUNTS = new TreeMap<>();

  /** The verification methods, on both classes. */
  private static final Set<String> VERIFY = Set.of(
      "verifyKzgProof",
      "verifyBlobKzgProof",
      "verifyBlobKzgProofBatch",
      "verifyCellKzgProofBatch",
      "verifyCellsSharedIndices",
      "verifyBlobCellProofs");

  @BeforeAll
  static void setUp() {
    settings = KzgSettings.mainnet();
    verifier = KzgVerifier.mainnet();
  }

  @AfterAll
  static void report() {
    int total = COUNTS.values().stream().mapToInt(Integer::intValue).sum();
    System.out.println("KzgVerifier: reference cases per function: " + COUNTS);
    System.out.println("KzgVerifier: reference cases in total: " + total);
    settings.close();
    verifier.close();
  }

  /**
   * Runs {@code call} on both contexts for every case of {@code function}: same outcome text, and
   * the expected output ({@code true}/{@code false}, or an exception for a case without output).
   */
  private static void sameOnBoth(String function, Function<SpecCases.Case, Function<KzgContext, Object>> call)
      throws Exception {
    List<SpecCases.Case> cases = SpecCases.load(function);
    List<String> failures = new ArrayList<>();
    for (SpecCases.Case c : cases) {
      Function<KzgContext, Object> f = call.apply(c);
      Outcome onSettings = Outcome.of(() -> f.apply(settings));
      Outcome onVerifier = Outcome.of(() -> f.apply(verifier));
      if (!onVerifier.text().equals(onSettings.text())) {
        failures.add(c.name() + ": KzgVerifier " + onVerifier + " but KzgSettings " + onSettings);
      }
      if (c.output() == null) {
        boolean typed = onVerifier.error() instanceof KzgException
            || onVerifier.error() instanceof NullPointerException; // input that is not hex
        if (!typed) {
          failures.add(c.name() + ": expected an exception, got " + onVerifier);
        }
      } else if (!c.output().toString().equals(onVerifier.value())) {
        failures.add(c.name() + ": expected " + c.output() + ", got " + onVerifier);
      }
    }
    COUNTS.put(function, cases.size());
    assertTrue(failures.isEmpty(), function + ": " + failures.size() + " failures:\n" + String.join("\n", failures));
  }

  @Test
  void verifyKzgProof() throws Exception {
    sameOnBoth("verify_kzg_proof",
        c -> k -> k.verifyKzgProof(c.bytes("commitment"), c.bytes("z"), c.bytes("y"), c.bytes("proof")));
  }

  @Test
  void verifyBlobKzgProof() throws Exception {
    sameOnBoth("verify_blob_kzg_proof",
        c -> k -> k.verifyBlobKzgProof(c.bytes("blob"), c.bytes("commitment"), c.bytes("proof")));
  }

  @Test
  void verifyBlobKzgProofBatch() throws Exception {
    sameOnBoth("verify_blob_kzg_proof_batch",
        c -> k -> k.verifyBlobKzgProofBatch(c.list("blobs"), c.list("commitments"), c.list("proofs")));
  }

  @Test
  void verifyCellKzgProofBatch() throws Exception {
    sameOnBoth("verify_cell_kzg_proof_batch",
        c -> k -> k.verifyCellKzgProofBatch(
            c.list("commitments"), c.indices("cell_indices"), c.list("cells"), c.list("proofs")));
  }

  /**
   * The cells and proofs of every valid compute_cells_and_kzg_proofs case: verifyBlobCellProofs
   * accepts them on both contexts, and so does verifyCellsSharedIndices for a few columns; a proof
   * moved to another cell is rejected by both.
   */
  @Test
  void batchVerificationOfReferenceCells() throws Exception {
    List<SpecCases.Case> cases = SpecCases.load("compute_cells_and_kzg_proofs");
    int valid = 0;
    for (SpecCases.Case c : cases) {
      if (c.output() == null) {
        continue;
      }
      valid++;
      byte[] blob = c.bytes("blob");
      List<?> out = (List<?>) c.output();
      List<byte[]> cells = hexList(out.get(0));
      List<byte[]> proofs = hexList(out.get(1));
      byte[] commitment = settings.blobToKzgCommitment(blob);
      long[] columns = {0, 3, 64, 127};
      List<byte[]> someCells = new ArrayList<>();
      List<byte[]> someProofs = new ArrayList<>();
      for (long k : columns) {
        someCells.add(cells.get((int) k));
        someProofs.add(proofs.get((int) k));
      }
      // Two different proofs swapped (a blob of one repeated value has equal proofs).
      int other = 1;
      while (other < 128 && Arrays.equals(proofs.get(other), proofs.get(0))) {
        other++;
      }
      List<byte[]> moved = new ArrayList<>(proofs);
      if (other < 128) {
        moved.set(0, proofs.get(other));
        moved.set(other, proofs.get(0));
      }
      for (KzgContext k : new KzgContext[] {settings, verifier}) {
        String what = c.name() + " on " + k.getClass().getSimpleName();
        assertTrue(k.verifyBlobCellProofs(List.of(blob), List.of(commitment), List.of(proofs)), what);
        assertTrue(k.verifyCellsSharedIndices(
            List.of(commitment), columns, List.of(someCells), List.of(someProofs)), what);
        assertEquals(other == 128,
            k.verifyBlobCellProofs(List.of(blob), List.of(commitment), List.of(moved)), what);
      }
    }
    assertTrue(valid > 0, "no valid compute_cells_and_kzg_proofs case");
  }

  private static List<byte[]> hexList(Object o) {
    List<byte[]> out = new ArrayList<>();
    for (Object x : (List<?>) o) {
      out.add(Hex.decode((String) x));
    }
    return out;
  }

  private static Set<String> publicMethods(Class<?> c) {
    Set<String> out = new TreeSet<>();
    for (Method m : c.getMethods()) {
      if (m.getDeclaringClass() != Object.class && Modifier.isPublic(m.getModifiers())) {
        out.add(m.getName());
      }
    }
    return out;
  }

  @Test
  void verifyMethodsOnlyWithTheNamesOfKzgSettings() {
    Set<String> expected = new TreeSet<>(VERIFY);
    expected.addAll(Set.of("close", "mainnet", "load", "parse"));
    assertEquals(expected, publicMethods(KzgVerifier.class));
    assertTrue(publicMethods(KzgSettings.class).containsAll(VERIFY));
    for (String prover : List.of("blobToKzgCommitment", "computeKzgProof", "computeBlobKzgProof",
        "computeCells", "computeCellsAndKzgProofs", "recoverCells", "recoverCellsAndKzgProofs",
        "computeCellsBatch", "computeCellsAndKzgProofsBatch", "recoverCellsBatch", "precompute")) {
      assertTrue(publicMethods(KzgSettings.class).contains(prover), prover);
      assertFalse(publicMethods(KzgVerifier.class).contains(prover), prover);
    }
    // Verification methods are the shared ones, not copies.
    for (String name : VERIFY) {
      for (Method m : KzgVerifier.class.getMethods()) {
        if (m.getName().equals(name)) {
          assertEquals(KzgContext.class, m.getDeclaringClass(), name);
        }
      }
    }
  }

  @Test
  void loadingAndLifeCycle() throws Exception {
    Inputs in = Inputs.get();
    // From the file, from its text, and from a text that is not byte-for-byte the mainnet file
    // (decoded and validated in full).
    String text = Files.readString(Ckzg.trustedSetup(), StandardCharsets.US_ASCII);
    for (KzgVerifier v : List.of(
        KzgVerifier.load(Ckzg.trustedSetup()), KzgVerifier.parse(text), KzgVerifier.parse(text + "\n"))) {
      try (v) {
        assertTrue(v.verifyBlobKzgProof(in.blob, in.commitment, in.proof));
        assertTrue(v.verifyKzgProof(in.commitment, in.z, in.y, in.zProof));
        assertFalse(v.verifyBlobKzgProof(in.blob, in.commitment, in.zProof));
      }
    }
    assertThrows(InvalidTrustedSetupException.class, () -> KzgVerifier.parse("4096 65 zz"));
    assertThrows(NullPointerException.class, () -> KzgVerifier.parse(null));
    assertThrows(java.io.IOException.class, () -> KzgVerifier.load(Path.of("/nonexistent/setup.txt")));

    KzgVerifier a = KzgVerifier.mainnet();
    KzgVerifier b = KzgVerifier.mainnet();
    a.close();
    a.close(); // idempotent
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> a.verifyBlobKzgProof(in.blob, in.commitment, in.proof));
    assertEquals("KzgVerifier is closed", e.getMessage());
    assertTrue(b.verifyBlobKzgProof(in.blob, in.commitment, in.proof));
    b.close();

    // The verifier agrees with the settings on the cells of the shared inputs.
    CellsAndProofs cp = settings.computeCellsAndKzgProofs(in.blob);
    List<byte[]> commitments = new ArrayList<>();
    for (int i = 0; i < 128; i++) {
      commitments.add(in.commitment);
    }
    assertTrue(verifier.verifyCellKzgProofBatch(commitments, Inputs.range(0, 128), cp.cells(), cp.proofs()));
  }
}
