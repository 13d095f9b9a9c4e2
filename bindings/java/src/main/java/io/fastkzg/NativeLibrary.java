package io.fastkzg;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Loads the JNI library that both APIs of this package use: the copy packaged in the jar at {@code
 * io/fastkzg/lib/<os.arch>/<library file>}, extracted to a temporary file, else {@code
 * fastkzg_java} from {@code java.library.path}. Loaded once per class loader.
 */
public final class NativeLibrary {
  /** The library's name, as {@link System#mapLibraryName} takes it. */
  public static final String NAME = "fastkzg_java";

  private static boolean loaded;

  private NativeLibrary() {}

  /**
   * Loads the library unless it is loaded.
   *
   * @throws RuntimeException if no library for this platform is found
   */
  public static synchronized void load() {
    if (loaded) {
      return;
    }
    String file = System.mapLibraryName(NAME);
    String resource = "lib/" + System.getProperty("os.arch") + "/" + file;
    try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
      if (in == null) {
        loadFromPath(resource);
      } else {
        Path dir = Files.createTempDirectory(NAME + "@");
        dir.toFile().deleteOnExit();
        Path lib = dir.resolve(file);
        lib.toFile().deleteOnExit();
        Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
        System.load(lib.toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    loaded = true;
  }

  private static void loadFromPath(String resource) {
    try {
      System.loadLibrary(NAME);
    } catch (UnsatisfiedLinkError e) {
      throw new RuntimeException(
          String.format(
              "Couldn't load native library (%s). It wasn't available at %s or the library path.",
              NAME, resource),
          e);
    }
  }
}
