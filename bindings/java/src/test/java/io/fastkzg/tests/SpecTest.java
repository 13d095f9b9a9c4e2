package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fastkzg.Kzg;
import io.fastkzg.KzgException;
import io.fastkzg.KzgSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every consensus-spec reference case through the drop-in API (compared with jc-kzg-4844 2.1.8 in
 * the same JVM: same value, or same exception class, c-kzg error and message) and through the
 * idiomatic API (same value, or an {@link KzgException}). Prints the case counts.
 */
class SpecTest {
  private static KzgSettings kzg;
  private static final Map<String, Integer> COUNTS = new TreeMap<>();

  /** A spec function: the drop-in method and arguments, the idiomatic call, the expected text. */
  private record Fn(
      String function,
      String method,
      Function<SpecCases.Case, Object[]> args,
      Function<SpecCases.Case, Callable<Object>> idiomatic,
      Function<Object, String> expected) {}

  @BeforeAll
  static void setUp() {
    Ckzg.FASTKZG.ensureLoaded();
    Ckzg.JCKZG.ensureLoaded();
    kzg = KzgSettings.mainnet();
  }

  @AfterAll
  static void report() {
    int total = COUNTS.values().stream().mapToInt(Integer::intValue).sum();
    System.out.println("reference cases run per function: " + COUNTS);
    System.out.println("reference cases run in total: " + total);
    kzg.close();
  }

  private static String bytes(Object o) {
    return Hex.encode(Hex.decode((String) o));
  }

  private static byte[] concat(Object list) {
    List<byte[]> parts = new ArrayList<>();
    for (Object o : (List<?>) list) {
      parts.add(Hex.decode((String) o));
    }
    return Hex.concat(parts);
  }

  private static String cellsAndProofs(Object o) {
    List<?> l = (List<?>) o;
    return Outcome.cellsAndProofs(concat(l.get(0)), concat(l.get(1)));
  }

  /** Arguments, or null if a hex input does not decode. */
  private static Object[] all(Object... a) {
    for (Object x : a) {
      if (x == null) {
        return null;
      }
    }
    return a;
  }

  private static Object[] concatOrNull(List<byte[]> l) {
    return l == null ? null : new Object[] {Hex.concat(l)};
  }

  private static Object first(Object[] a) {
    return a == null ? null : a[0];
  }

  private void run(Fn fn) throws Exception {
    List<SpecCases.Case> cases = SpecCases.load(fn.function);
    List<String> failures = new ArrayList<>();
    for (SpecCases.Case c : cases) {
      String expected = c.output() == null ? null : fn.expected.apply(c.output());
      Object[] args = fn.args.apply(c);
      if (args == null) {
        // An input that is not even hex: it must be an invalid case.
        if (expected != null) {
          failures.add(c.name() + ": undecodable input in a valid case");
        }
        continue;
      }
      if (fn.method != null) {
        Outcome ours = Ckzg.FASTKZG.run(fn.method, args);
        Outcome ref = Ckzg.JCKZG.run(fn.method, args);
        if (!ours.text().equals(ref.text())) {
          failures.add(c.name() + ": fastkzg " + ours + " but jc-kzg " + ref);
        }
        check(failures, c.name() + " (drop-in)", ours, expected, ethereum.ckzg4844.CKZGException.class);
      }
      Outcome idiom = Outcome.of(fn.idiomatic.apply(c));
      check(failures, c.name() + " (io.fastkzg)", idiom, expected, KzgException.class);
    }
    COUNTS.put(fn.function, cases.size());
    assertTrue(failures.isEmpty(), fn.function + ": " + failures.size() + " failures:\n" + String.join("\n", failures));
  }

  private static void check(List<String> failures, String name, Outcome o, String expected, Class<?> errorClass) {
    if (expected == null) {
      if (!o.failed() || !errorClass.isInstance(o.error())) {
        failures.add(name + ": expected " + errorClass.getSimpleName() + ", got " + o);
      }
    } else if (o.failed() || !expected.equals(o.value())) {
      failures.add(name + ": expected " + expected.substring(0, Math.min(80, expected.length())) + "..., got " + o);
    }
  }

  @Test
  void blobToKzgCommitment() throws Exception {
    run(new Fn("blob_to_kzg_commitment", "blobToKzgCommitment",
        c -> all(c.bytes("blob")),
        c -> () -> kzg.blobToKzgCommitment(c.bytes("blob")),
        SpecTest::bytes));
  }

  @Test
  void computeKzgProof() throws Exception {
    run(new Fn("compute_kzg_proof", "computeKzgProof",
        c -> all(c.bytes("blob"), c.bytes("z")),
        c -> () -> kzg.computeKzgProof(c.bytes("blob"), c.bytes("z")),
        o -> Outcome.proofAndY(Hex.decode((String) ((List<?>) o).get(0)), Hex.decode((String) ((List<?>) o).get(1)))));
  }

  @Test
  void computeBlobKzgProof() throws Exception {
    run(new Fn("compute_blob_kzg_proof", "computeBlobKzgProof",
        c -> all(c.bytes("blob"), c.bytes("commitment")),
        c -> () -> kzg.computeBlobKzgProof(c.bytes("blob"), c.bytes("commitment")),
        SpecTest::bytes));
  }

  @Test
  void verifyKzgProof() throws Exception {
    run(new Fn("verify_kzg_proof", "verifyKzgProof",
        c -> all(c.bytes("commitment"), c.bytes("z"), c.bytes("y"), c.bytes("proof")),
        c -> () -> kzg.verifyKzgProof(c.bytes("commitment"), c.bytes("z"), c.bytes("y"), c.bytes("proof")),
        Object::toString));
  }

  @Test
  void verifyBlobKzgProof() throws Exception {
    run(new Fn("verify_blob_kzg_proof", "verifyBlobKzgProof",
        c -> all(c.bytes("blob"), c.bytes("commitment"), c.bytes("proof")),
        c -> () -> kzg.verifyBlobKzgProof(c.bytes("blob"), c.bytes("commitment"), c.bytes("proof")),
        Object::toString));
  }

  @Test
  void verifyBlobKzgProofBatch() throws Exception {
    run(new Fn("verify_blob_kzg_proof_batch", "verifyBlobKzgProofBatch",
        c -> {
          List<byte[]> b = c.list("blobs");
          return all(first(concatOrNull(b)), first(concatOrNull(c.list("commitments"))),
              first(concatOrNull(c.list("proofs"))), b == null ? null : (long) b.size());
        },
        c -> () -> kzg.verifyBlobKzgProofBatch(c.list("blobs"), c.list("commitments"), c.list("proofs")),
        Object::toString));
  }

  @Test
  void computeChallenge() throws Exception {
    run(new Fn("compute_challenge", null,
        c -> all(c.bytes("blob"), c.bytes("commitment")),
        c -> () -> Kzg.computeChallenge(c.bytes("blob"), c.bytes("commitment")),
        SpecTest::bytes));
  }

  @Test
  void computeCells() throws Exception {
    run(new Fn("compute_cells", "computeCells",
        c -> all(c.bytes("blob")),
        c -> () -> Hex.concat(kzg.computeCells(c.bytes("blob"))),
        o -> Hex.encode(concat(o))));
  }

  @Test
  void computeCellsAndKzgProofs() throws Exception {
    run(new Fn("compute_cells_and_kzg_proofs", "computeCellsAndKzgProofs",
        c -> all(c.bytes("blob")),
        c -> () -> kzg.computeCellsAndKzgProofs(c.bytes("blob")),
        SpecTest::cellsAndProofs));
  }

  @Test
  void recoverCellsAndKzgProofs() throws Exception {
    run(new Fn("recover_cells_and_kzg_proofs", "recoverCellsAndKzgProofs",
        c -> all(c.indices("cell_indices"), first(concatOrNull(c.list("cells")))),
        c -> () -> {
          io.fastkzg.CellsAndProofs r = kzg.recoverCellsAndKzgProofs(c.indices("cell_indices"), c.list("cells"));
          // Cells-only recovery gives the same cells.
          List<byte[]> cells = kzg.recoverCells(c.indices("cell_indices"), c.list("cells"));
          assertEquals(Hex.encode(Hex.concat(r.cells())), Hex.encode(Hex.concat(cells)));
          return r;
        },
        SpecTest::cellsAndProofs));
  }

  @Test
  void verifyCellKzgProofBatch() throws Exception {
    run(new Fn("verify_cell_kzg_proof_batch", "verifyCellKzgProofBatch",
        c -> all(first(concatOrNull(c.list("commitments"))), c.indices("cell_indices"),
            first(concatOrNull(c.list("cells"))), first(concatOrNull(c.list("proofs")))),
        c -> () -> kzg.verifyCellKzgProofBatch(c.list("commitments"), c.indices("cell_indices"),
            c.list("cells"), c.list("proofs")),
        Object::toString));
  }

  @Test
  void computeVerifyCellKzgProofBatchChallenge() throws Exception {
    run(new Fn("compute_verify_cell_kzg_proof_batch_challenge", null,
        c -> all(c.list("commitments"), c.cells(), c.list("proofs")),
        c -> () -> Kzg.computeVerifyCellKzgProofBatchChallenge(c.list("commitments"),
            c.indices("commitment_indices"), c.indices("cell_indices"), c.cells(), c.list("proofs")),
        SpecTest::bytes));
  }
}
