package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fastkzg.Kzg;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The drop-in API's global setup, compared live with jc-kzg: calls before a load, double loads,
 * double frees, missing and malformed files, bad precompute values, loading from bytes and from a
 * resource. Leaves both setups loaded.
 */
class SetupStateTest {

  @AfterAll
  static void reload() {
    Ckzg.FASTKZG.ensureLoaded();
    Ckzg.JCKZG.ensureLoaded();
  }

  /** Runs the same call on both and checks they behave the same; returns ours. */
  private static Outcome same(List<String> failures, String method, Object... args) {
    Outcome ours = Ckzg.FASTKZG.run(method, args);
    Outcome ref = Ckzg.JCKZG.run(method, args);
    if (!ours.text().equals(ref.text())) {
      failures.add(method + ": fastkzg " + ours + " but jc-kzg " + ref);
    }
    return ours;
  }

  private static void freeBoth() {
    Ckzg.FASTKZG.ensureFreed();
    Ckzg.JCKZG.ensureFreed();
  }

  @Test
  void callsBeforeLoad() throws Exception {
    Inputs in = Inputs.get();
    freeBoth();
    List<String> f = new ArrayList<>();
    byte[] b = in.blob, c = in.commitment, p = in.proof;
    Outcome o = same(f, "blobToKzgCommitment", b);
    assertEquals("RuntimeException: Trusted Setup is not loaded.", o.errorText());
    same(f, "blobToKzgCommitment", new byte[3]);
    same(f, "computeKzgProof", b, in.z);
    same(f, "computeBlobKzgProof", b, c);
    same(f, "verifyKzgProof", c, in.z, in.y, in.zProof);
    same(f, "verifyBlobKzgProof", b, c, p);
    same(f, "verifyBlobKzgProofBatch", b, c, p, 1L);
    same(f, "computeCells", b);
    same(f, "computeCellsAndKzgProofs", b);
    same(f, "recoverCellsAndKzgProofs", Inputs.range(0, 64), Inputs.slice(in.cells, 2048, 0, 64));
    same(f, "verifyCellKzgProofBatch", c, new long[] {0}, Inputs.slice(in.cells, 2048, 0, 1),
        Inputs.slice(in.cellProofs, 48, 0, 1));
    o = same(f, "freeTrustedSetup");
    assertTrue(o.failed());
    assertTrue(f.isEmpty(), String.join("\n", f));
  }

  @Test
  void loadsAndErrors() throws Exception {
    List<String> f = new ArrayList<>();
    String setup = Ckzg.trustedSetup().toString();
    freeBoth();
    assertFalse(same(f, "loadTrustedSetup", setup, 0L).failed());
    Outcome twice = same(f, "loadTrustedSetup", setup, 0L);
    assertEquals(
        "RuntimeException: Trusted Setup is already loaded. Free it before loading a new one.",
        twice.errorText());
    assertTrue(same(f, "loadTrustedSetupFromResource", "/nope.txt", SetupStateTest.class, 0L).failed());
    assertFalse(same(f, "freeTrustedSetup").failed());

    Path dir = Files.createTempDirectory("fastkzg-setup");
    Path garbage = dir.resolve("garbage.txt");
    Files.writeString(garbage, "4096\n65\nnot hex\n");
    Path truncated = dir.resolve("truncated.txt");
    Files.writeString(truncated, Files.readString(Path.of(setup)).substring(0, 100000));
    // jc-kzg 2.1.8 crashes the JVM on a missing file (it frees settings it never initialised):
    // this package throws the RuntimeException jc-kzg meant to throw.
    assertEquals(
        "RuntimeException: Couldn't load Trusted Setup. File might not exist or there is a permission issue.",
        Ckzg.FASTKZG.run("loadTrustedSetup", dir.resolve("missing.txt").toString(), 0L).errorText());
    assertTrue(same(f, "loadTrustedSetup", garbage.toString(), 0L).failed());
    assertTrue(same(f, "loadTrustedSetup", truncated.toString(), 0L).failed());
    assertTrue(same(f, "loadTrustedSetup", dir.toString(), 0L).failed());
    assertTrue(same(f, "loadTrustedSetup", setup, 16L).failed());
    assertTrue(same(f, "loadTrustedSetup", setup, -1L).failed());
    assertTrue(same(f, "loadTrustedSetup", new byte[0], new byte[0], new byte[0], 0L).failed());
    assertTrue(same(f, "freeTrustedSetup").failed());

    // From the points as bytes, then a computation on both.
    byte[][] points = points(Path.of(setup));
    assertFalse(same(f, "loadTrustedSetup", points[0], points[1], points[2], 0L).failed());
    Inputs in = Inputs.get();
    same(f, "computeBlobKzgProof", in.blob, in.commitment);
    freeBoth();
    // With a precompute level, and from a resource.
    assertFalse(same(f, "loadTrustedSetup", setup, 8L).failed());
    same(f, "computeCellsAndKzgProofs", in.blob);
    freeBoth();
    String resource = "/" + SetupStateTest.class.getPackageName().replace('.', '/') + "/setup.txt";
    Path res = Path.of(SetupStateTest.class.getResource("/").toURI()).resolve(resource.substring(1));
    Files.createDirectories(res.getParent());
    Files.copy(Path.of(setup), res, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertFalse(same(f, "loadTrustedSetupFromResource", resource, SetupStateTest.class, 0L).failed(),
        String.join("\n", f));
    freeBoth();
    assertTrue(f.isEmpty(), String.join("\n", f));
  }

  /** The embedded mainnet setup as the global one (fastkzg only), then a double load. */
  @Test
  void embeddedMainnetAsGlobal() throws Exception {
    Ckzg.FASTKZG.ensureFreed();
    Kzg.loadMainnetTrustedSetup(0);
    Inputs in = Inputs.get();
    assertEquals(Outcome.normalize(in.commitment),
        Ckzg.FASTKZG.run("blobToKzgCommitment", in.blob).text());
    RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(
        RuntimeException.class, () -> Kzg.loadMainnetTrustedSetup(0));
    assertEquals("Trusted Setup is already loaded. Free it before loading a new one.", e.getMessage());
  }

  /** The text format's three lists as compressed bytes: G1 monomial, G1 Lagrange, G2 monomial. */
  static byte[][] points(Path file) throws Exception {
    String[] t = Files.readString(file).trim().split("\\s+");
    int g1 = Integer.parseInt(t[0]), g2 = Integer.parseInt(t[1]);
    List<byte[]> lagrange = new ArrayList<>(), g2m = new ArrayList<>(), mono = new ArrayList<>();
    int i = 2;
    for (int k = 0; k < g1; k++) lagrange.add(Hex.decode(t[i++]));
    for (int k = 0; k < g2; k++) g2m.add(Hex.decode(t[i++]));
    for (int k = 0; k < g1; k++) mono.add(Hex.decode(t[i++]));
    return new byte[][] {Hex.concat(mono), Hex.concat(lagrange), Hex.concat(g2m)};
  }
}
