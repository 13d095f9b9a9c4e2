package io.fastkzg.tests;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * One implementation of the {@code ethereum.ckzg4844.CKZG4844JNI} API, called by reflection: this
 * package's drop-in ({@link #FASTKZG}) or jc-kzg-4844 2.1.8 from Maven Central ({@link
 * #JCKZG}), loaded in a class loader of its own whose parent is the platform loader, so that its
 * classes of the same names never meet ours. Both have their global setup loaded (mainnet).
 */
final class Ckzg {
  /** This package's drop-in. */
  static final Ckzg FASTKZG = new Ckzg(ethereum.ckzg4844.CKZG4844JNI.class);
  /** jc-kzg-4844 itself. */
  static final Ckzg JCKZG = new Ckzg(loadReference());

  final Class<?> cls;
  private final Map<String, Method> methods = new HashMap<>();

  private Ckzg(Class<?> cls) {
    this.cls = cls;
    for (Method m : cls.getMethods()) {
      methods.put(m.getName() + m.getParameterCount(), m);
    }
    Outcome.of(() -> call("loadNativeLibrary"));
    ensureLoaded();
  }

  /** The mainnet trusted_setup.txt (the c-kzg 2.1.8 copy in the repository). */
  static Path trustedSetup() {
    Path p = Path.of(System.getProperty("fastkzg.trusted.setup",
        "../../crates/fastkzg/data/trusted_setup.txt"));
    if (!Files.isRegularFile(p)) {
      throw new IllegalStateException("mainnet trusted setup not found at " + p.toAbsolutePath());
    }
    return p;
  }

  private static Class<?> loadReference() {
    String jar = System.getProperty("jckzg.jar");
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IllegalStateException(
          "jc-kzg-4844 jar not found (system property jckzg.jar = " + jar + "); run bindings/java/test.sh");
    }
    try {
      URLClassLoader loader = new URLClassLoader(
          "jc-kzg-4844", new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
      Class<?> c = Class.forName("ethereum.ckzg4844.CKZG4844JNI", true, loader);
      if (c == ethereum.ckzg4844.CKZG4844JNI.class) {
        throw new IllegalStateException("jc-kzg resolved to this package's class");
      }
      return c;
    } catch (Exception e) {
      throw new IllegalStateException("cannot load jc-kzg-4844 from " + jar, e);
    }
  }

  /** Calls the public static method {@code name} with {@code args} (overloads by count). */
  Object call(String name, Object... args) throws Exception {
    Method m = methods.get(name + args.length);
    if (name.equals("loadTrustedSetup") && args.length == 2) {
      m = cls.getMethod(name, String.class, long.class);
    }
    if (m == null) {
      throw new NoSuchMethodException(name + "/" + args.length);
    }
    return m.invoke(null, args);
  }

  /** The call's outcome. */
  Outcome run(String name, Object... args) {
    return Outcome.of(() -> call(name, args));
  }

  /** Loads the mainnet setup unless one is loaded. */
  void ensureLoaded() {
    run("loadTrustedSetup", trustedSetup().toString(), 0L);
  }

  /** Frees the setup if one is loaded. */
  void ensureFreed() {
    run("freeTrustedSetup");
  }
}
