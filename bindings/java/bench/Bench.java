import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * fastkzg (this package's drop-in {@code ethereum.ckzg4844.CKZG4844JNI}, on the class path) against
 * jc-kzg-4844 (its jar, in a class loader of its own) in one JVM, on the same inputs: the median
 * time per call of six functions. Both are called the same way (reflection), so the comparison
 * includes the same call overhead on both sides. Prints the median and the minimum (the latter
 * is the steadier figure on a busy machine).
 *
 * <p>Usage: {@code java -cp fastkzg-java.jar Bench.java <jc-kzg jar> <trusted_setup.txt> [seconds
 * per function]}; with {@code -Dbench.op=<function>}: that function on fastkzg only, printing its
 * minimum time (for {@code overhead.sh}).
 */
public class Bench {
  private static final int BLOB = 131072;

  /** One library's API. */
  record Lib(String name, Class<?> cls) {
    Object call(String method, Object... args) throws Exception {
      for (Method m : cls.getMethods()) {
        if (m.getName().equals(method) && m.getParameterCount() == args.length) {
          return m.invoke(null, args);
        }
      }
      throw new NoSuchMethodException(method);
    }
  }

  interface Op {
    Object run(Lib lib) throws Exception;
  }

  public static void main(String[] a) throws Exception {
    Path jcJar = Path.of(a[0]);
    String setup = a[1];
    double seconds = a.length > 2 ? Double.parseDouble(a[2]) : 2.0;
    URLClassLoader loader = new URLClassLoader(
        new URL[] {jcJar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    Lib jc = new Lib("jc-kzg-4844", Class.forName("ethereum.ckzg4844.CKZG4844JNI", true, loader));
    Lib fk = new Lib("fastkzg", Class.forName("ethereum.ckzg4844.CKZG4844JNI"));
    for (Lib l : List.of(jc, fk)) {
      l.call("loadNativeLibrary");
      l.call("loadTrustedSetup", setup, 0L);
    }
    byte[] blob = new byte[BLOB];
    new Random(42).nextBytes(blob);
    for (int i = 0; i < BLOB; i += 32) {
      blob[i] = 0;
    }
    byte[] commitment = (byte[]) jc.call("blobToKzgCommitment", blob);
    byte[] proof = (byte[]) jc.call("computeBlobKzgProof", blob, commitment);
    Object cp = jc.call("computeCellsAndKzgProofs", blob);
    byte[] cells = (byte[]) cp.getClass().getMethod("getCells").invoke(cp);
    byte[] proofs = (byte[]) cp.getClass().getMethod("getProofs").invoke(cp);
    byte[] commitments = new byte[128 * 48];
    long[] all = new long[128];
    for (int i = 0; i < 128; i++) {
      System.arraycopy(commitment, 0, commitments, 48 * i, 48);
      all[i] = i;
    }
    long[] odd = new long[64];
    byte[] oddCells = new byte[64 * 2048];
    for (int i = 0; i < 64; i++) {
      odd[i] = 2 * i + 1;
      System.arraycopy(cells, (2 * i + 1) * 2048, oddCells, i * 2048, 2048);
    }
    Object[][] ops = {
      {"blob_to_kzg_commitment", (Op) l -> l.call("blobToKzgCommitment", blob)},
      {"compute_blob_kzg_proof", (Op) l -> l.call("computeBlobKzgProof", blob, commitment)},
      {"verify_blob_kzg_proof", (Op) l -> l.call("verifyBlobKzgProof", blob, commitment, proof)},
      {"compute_cells_and_kzg_proofs", (Op) l -> l.call("computeCellsAndKzgProofs", blob)},
      {"verify_cell_kzg_proof_batch (128 cells)",
          (Op) l -> l.call("verifyCellKzgProofBatch", commitments, all, cells, proofs)},
      {"recover_cells_and_kzg_proofs (64 of 128)",
          (Op) l -> l.call("recoverCellsAndKzgProofs", odd, oddCells)},
    };
    String only = System.getProperty("bench.op");
    if (only != null) {
      // bench/overhead.sh: one function, fastkzg only, the minimum in ms.
      for (Object[] op : ops) {
        if (((String) op[0]).startsWith(only)) {
          System.out.printf("%.4f%n", times(fk, (Op) op[1], seconds)[1]);
        }
      }
      return;
    }
    System.out.printf(
        "| function | jc-kzg-4844 2.1.8 median (min) ms | fastkzg median (min) ms | speed-up (medians) |%n");
    System.out.printf("|---|---:|---:|---:|%n");
    for (Object[] op : ops) {
      String name = (String) op[0];
      Op f = (Op) op[1];
      double[] tj = times(jc, f, seconds);
      double[] tf = times(fk, f, seconds);
      System.out.printf("| %s | %.2f (%.2f) | %.2f (%.2f) | %.2fx |%n",
          name, tj[0], tj[1], tf[0], tf[1], tj[0] / tf[0]);
    }
  }

  /**
   * Median and minimum milliseconds per call: 2 warm-up calls, then calls for {@code seconds} (at
   * least 5).
   */
  static double[] times(Lib lib, Op op, double seconds) throws Exception {
    op.run(lib);
    op.run(lib);
    List<Long> times = new ArrayList<>();
    long end = System.nanoTime() + (long) (seconds * 1e9);
    while (times.size() < 5 || System.nanoTime() < end) {
      long t0 = System.nanoTime();
      op.run(lib);
      times.add(System.nanoTime() - t0);
    }
    long[] t = times.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(t);
    return new double[] {t[t.length / 2] / 1e6, t[0] / 1e6};
  }
}
