package io.fastkzg.tests;

import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The consensus-spec KZG reference tests: {@code FUNCTION/kzg-mainnet/CASE/data.yaml} under
 * {@code $FASTKZG_SPEC_TESTS} (else the system property {@code fastkzg.spec.tests}, else {@code
 * spec-tests} of the repository). A missing or empty folder is an error, never a
 * skip.
 */
final class SpecCases {
  private SpecCases() {}

  /** One case: its name, its {@code input} map and its {@code output} (null: must fail). */
  record Case(String name, Map<String, Object> input, Object output) {
    /** The input {@code key} as bytes; null if it is not valid hex. */
    byte[] bytes(String key) {
      try {
        return Hex.decode((String) input.get(key));
      } catch (RuntimeException e) {
        return null;
      }
    }

    /** The input {@code key} (a list of hex strings) as byte arrays; null if any is not hex. */
    List<byte[]> list(String key) {
      List<byte[]> out = new ArrayList<>();
      for (Object o : (List<?>) input.get(key)) {
        try {
          out.add(Hex.decode((String) o));
        } catch (RuntimeException e) {
          return null;
        }
      }
      return out;
    }

    /**
     * The cells of a challenge case: {@code cells}, or each of {@code cosets_evals} (a cell's 64
     * field elements) concatenated.
     */
    List<byte[]> cells() {
      if (input.containsKey("cells")) {
        return list("cells");
      }
      List<byte[]> out = new ArrayList<>();
      for (Object coset : (List<?>) input.get("cosets_evals")) {
        List<byte[]> elements = new ArrayList<>();
        for (Object e : (List<?>) coset) {
          elements.add(Hex.decode((String) e));
        }
        out.add(Hex.concat(elements));
      }
      return out;
    }

    /** The input {@code key} (a list of integers) as c-kzg's uint64 values in longs. */
    long[] indices(String key) {
      List<?> l = (List<?>) input.get(key);
      long[] out = new long[l.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = new BigInteger(l.get(i).toString()).longValue();
      }
      return out;
    }
  }

  static Path root() {
    String dir = System.getenv("FASTKZG_SPEC_TESTS");
    if (dir == null || dir.isEmpty()) {
      dir = System.getProperty("fastkzg.spec.tests", "../../spec-tests");
    }
    Path p = Path.of(dir);
    if (!Files.isDirectory(p)) {
      throw new IllegalStateException(
          "consensus-spec reference tests not found at " + p.toAbsolutePath()
              + " (set FASTKZG_SPEC_TESTS to the spec-tests folder)");
    }
    return p;
  }

  /** The cases of {@code function}, sorted by name; fails if there are none. */
  static List<Case> load(String function) throws IOException {
    Path dir = root().resolve(function).resolve("kzg-mainnet");
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException("no reference tests for " + function + " at " + dir);
    }
    List<Case> cases = new ArrayList<>();
    LoaderOptions opts = new LoaderOptions();
    opts.setCodePointLimit(64 * 1024 * 1024);
    try (Stream<Path> s = Files.list(dir)) {
      for (Path c : s.sorted().toList()) {
        Path data = c.resolve("data.yaml");
        if (!Files.isRegularFile(data)) {
          continue;
        }
        try (Reader r = Files.newBufferedReader(data)) {
          Map<String, Object> doc = new Yaml(opts).load(r);
          @SuppressWarnings("unchecked")
          Map<String, Object> input = (Map<String, Object>) doc.get("input");
          cases.add(new Case(c.getFileName().toString(), input, doc.get("output")));
        }
      }
    }
    if (cases.isEmpty()) {
      throw new IllegalStateException("no reference cases in " + dir);
    }
    return cases;
  }
}
