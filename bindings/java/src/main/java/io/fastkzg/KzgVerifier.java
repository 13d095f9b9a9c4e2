package io.fastkzg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The verify-only context: what verification needs of a trusted setup and nothing of the
 * prover's (light clients, execution clients that only check proofs). The mainnet setup loads in
 * about a millisecond and holds under 1 MiB. It has every verification method of {@link
 * KzgSettings}, single and batch ({@link KzgContext}), with the same results; it cannot compute
 * commitments, proofs or cells.
 *
 * <pre>{@code
 * try (KzgVerifier kzg = KzgVerifier.mainnet()) {
 *   boolean ok = kzg.verifyBlobKzgProof(blob, commitment, proof);
 *   boolean all = kzg.verifyBlobCellProofs(blobs, commitments, cellProofs);
 * }
 * }</pre>
 *
 * <p>Thread-safe and {@link AutoCloseable} as {@link KzgSettings}: calls after {@link #close()}
 * throw {@link IllegalStateException}.
 */
public final class KzgVerifier extends KzgContext {

  private KzgVerifier(long handle) {
    super(handle);
  }

  /**
   * The verifier of the embedded mainnet trusted setup (no file needed), shared by every instance
   * this returns: built once per process, in about a millisecond.
   *
   * @return a verifier on the mainnet setup
   */
  public static KzgVerifier mainnet() {
    return new KzgVerifier(Native.openVerifierMainnet());
  }

  /**
   * Loads a trusted-setup file in the c-kzg text format (the mainnet file is recognised and
   * loaded from the embedded copy; any other is validated in full and only the verifier's part
   * kept).
   *
   * @param path the file
   * @return a new verifier
   * @throws IOException if the file cannot be read
   * @throws InvalidTrustedSetupException if it is not a valid setup
   */
  public static KzgVerifier load(Path path) throws IOException {
    return parse(Files.readString(path, StandardCharsets.US_ASCII));
  }

  /**
   * Parses a trusted setup in the c-kzg text format, as {@link #load}.
   *
   * @param text the setup
   * @return a new verifier
   * @throws InvalidTrustedSetupException if it is not a valid setup
   */
  public static KzgVerifier parse(String text) {
    return new KzgVerifier(Native.parseVerifier(Objects.requireNonNull(text, "text")));
  }
}
