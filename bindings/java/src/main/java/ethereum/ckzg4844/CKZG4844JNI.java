package ethereum.ckzg4844;

import io.fastkzg.NativeLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The EIP-4844 and EIP-7594 KZG functions over one global trusted setup: a drop-in for the class
 * of the same name in jc-kzg-4844 2.1.x (the Java binding of c-kzg-4844), backed by fastkzg.
 *
 * <p>Same methods, constants, argument checks, messages and exceptions. Call {@link
 * #loadNativeLibrary()}, then one of the {@code loadTrustedSetup} methods; every other call before
 * that throws a {@link RuntimeException} ({@code "Trusted Setup is not loaded."}), as does a second
 * load before {@link #freeTrustedSetup()}. Invalid inputs throw {@link CKZGException} with {@link
 * CKZGException.CKZGError#C_KZG_BADARGS}.
 *
 * <p>Unlike jc-kzg: every method may be called from any number of threads at once (also while
 * another thread frees or loads the setup: a call keeps the setup it started with), a {@code null}
 * argument is a {@link CKZGException} instead of a JVM crash, and the computation runs in
 * fastkzg's thread pool ({@code io.fastkzg.Kzg.setThreads}). For the embedded mainnet setup
 * without a file, see {@code io.fastkzg.Kzg.loadMainnetTrustedSetup}.
 */
public class CKZG4844JNI {

  /** Scalar field modulus of BLS12-381. */
  public static final BigInteger BLS_MODULUS =
      new BigInteger(
          "52435875175126190479447740508185965837690552500527637822603658699938581184513");

  /** Bytes of a compressed G1 point. */
  protected static final int BYTES_PER_G1 = 48;

  /** Bytes of a compressed G2 point. */
  protected static final int BYTES_PER_G2 = 96;

  /** Bytes of a field element. */
  public static final int BYTES_PER_FIELD_ELEMENT = 32;

  /** Bits of a field element. */
  protected static final int BITS_PER_FIELD_ELEMENT = 255;

  /** Field elements in a blob. */
  public static final int FIELD_ELEMENTS_PER_BLOB = 4096;

  /** Field elements in an extended blob. */
  protected static final int FIELD_ELEMENTS_PER_EXT_BLOB = 2 * FIELD_ELEMENTS_PER_BLOB;

  /** Field elements in a cell. */
  public static final int FIELD_ELEMENTS_PER_CELL = 64;

  /** Bytes of a KZG commitment. */
  public static final int BYTES_PER_COMMITMENT = 48;

  /** Bytes of a KZG proof. */
  public static final int BYTES_PER_PROOF = 48;

  /** Bytes of a blob. */
  public static final int BYTES_PER_BLOB = FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT;

  /** Bytes of a cell. */
  public static final int BYTES_PER_CELL = FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT;

  /** Cells in an extended blob. */
  public static final int CELLS_PER_EXT_BLOB =
      FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL;

  private CKZG4844JNI() {}

  /**
   * Loads the native library packaged in the jar (extracted to a temporary file), or else {@code
   * fastkzg_java} from {@code java.library.path}. Calling it again does nothing.
   *
   * @throws RuntimeException if no library for this platform is found
   */
  public static void loadNativeLibrary() {
    NativeLibrary.load();
  }

  /**
   * Loads the global trusted setup from a file in the c-kzg text format. The mainnet file is
   * recognised and loaded from fastkzg's embedded, pre-validated copy in milliseconds.
   *
   * @param file the file's path
   * @param precompute the precompute level, 0 to 15 (memory for faster proofs)
   * @throws RuntimeException if a setup is loaded, or the file cannot be opened
   * @throws CKZGException if the file is not a valid setup or {@code precompute} is out of range
   */
  public static native void loadTrustedSetup(String file, long precompute);

  /**
   * Loads the global trusted setup from its compressed points.
   *
   * @param g1MonomialBytes the 4096 G1 points in monomial form, 48 bytes each
   * @param g1LagrangeBytes the 4096 G1 points in Lagrange form, 48 bytes each
   * @param g2MonomialBytes the 65 G2 points in monomial form, 96 bytes each
   * @param precompute the precompute level, 0 to 15
   * @throws RuntimeException if a setup is loaded
   * @throws CKZGException if the points are not a valid setup
   */
  public static native void loadTrustedSetup(
      byte[] g1MonomialBytes, byte[] g1LagrangeBytes, byte[] g2MonomialBytes, long precompute);

  /**
   * Loads the global trusted setup from a resource (copied to a temporary file first).
   *
   * @param resource the resource's name, as {@link Class#getResourceAsStream} takes it
   * @param clazz the class whose loader finds the resource
   * @param precompute the precompute level, 0 to 15
   * @param <T> the class's type
   * @throws IllegalArgumentException if the resource does not exist
   * @throws RuntimeException if a setup is loaded
   * @throws CKZGException if the resource is not a valid setup
   */
  public static <T> void loadTrustedSetupFromResource(
      String resource, Class<T> clazz, long precompute) {
    InputStream in = clazz.getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalArgumentException("Resource " + resource + " does not exist.");
    }
    try (InputStream source = in) {
      Path copy = Files.createTempFile("kzg-trusted-setup", ".txt");
      copy.toFile().deleteOnExit();
      Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
      loadTrustedSetup(copy.toString(), precompute);
    } catch (IOException e) {
      throw new UncheckedIOException("Error loading trusted setup from resource " + resource, e);
    }
  }

  /**
   * Frees the global trusted setup. Calls running with it finish first (they hold it).
   *
   * @throws RuntimeException if no setup is loaded
   */
  public static native void freeTrustedSetup();

  /**
   * Spec {@code blob_to_kzg_commitment}.
   *
   * @param blob the blob ({@link #BYTES_PER_BLOB} bytes)
   * @return the commitment (48 bytes)
   * @throws CKZGException for a wrong size or a non-canonical field element
   */
  public static native byte[] blobToKzgCommitment(byte[] blob);

  /**
   * Spec {@code compute_kzg_proof}.
   *
   * @param blob the blob
   * @param zBytes the point z (32 bytes, big-endian, canonical)
   * @return the proof and y = p(z)
   * @throws CKZGException for a wrong size or a non-canonical field element
   */
  public static native ProofAndY computeKzgProof(byte[] blob, byte[] zBytes);

  /**
   * Spec {@code compute_blob_kzg_proof}.
   *
   * @param blob the blob
   * @param commitmentBytes its commitment (48 bytes)
   * @return the proof (48 bytes)
   * @throws CKZGException for a wrong size, a non-canonical field element or an invalid point
   */
  public static native byte[] computeBlobKzgProof(byte[] blob, byte[] commitmentBytes);

  /**
   * Spec {@code verify_kzg_proof}.
   *
   * @param commitmentBytes the commitment (48 bytes)
   * @param zBytes the point z (32 bytes)
   * @param yBytes the claimed value y (32 bytes)
   * @param proofBytes the proof (48 bytes)
   * @return whether the proof is valid
   * @throws CKZGException for a wrong size, a non-canonical field element or an invalid point
   */
  public static native boolean verifyKzgProof(
      byte[] commitmentBytes, byte[] zBytes, byte[] yBytes, byte[] proofBytes);

  /**
   * Spec {@code verify_blob_kzg_proof}.
   *
   * @param blob the blob
   * @param commitmentBytes the commitment (48 bytes)
   * @param proofBytes the proof (48 bytes)
   * @return whether the proof is valid
   * @throws CKZGException for a wrong size, a non-canonical field element or an invalid point
   */
  public static native boolean verifyBlobKzgProof(
      byte[] blob, byte[] commitmentBytes, byte[] proofBytes);

  /**
   * Spec {@code verify_blob_kzg_proof_batch}.
   *
   * @param blobs the blobs, concatenated
   * @param commitmentsBytes the commitments, concatenated
   * @param proofsBytes the proofs, concatenated
   * @param count the number of blobs (and of commitments and of proofs)
   * @return whether all proofs are valid
   * @throws CKZGException for wrong sizes, a non-canonical field element or an invalid point
   */
  public static native boolean verifyBlobKzgProofBatch(
      byte[] blobs, byte[] commitmentsBytes, byte[] proofsBytes, long count);

  /**
   * Spec {@code compute_cells}.
   *
   * @param blob the blob
   * @return the 128 cells, concatenated
   * @throws CKZGException for a wrong size or a non-canonical field element
   */
  public static native byte[] computeCells(byte[] blob);

  /**
   * Spec {@code compute_cells_and_kzg_proofs}.
   *
   * @param blob the blob
   * @return the 128 cells and their proofs
   * @throws CKZGException for a wrong size or a non-canonical field element
   */
  public static native CellsAndProofs computeCellsAndKzgProofs(byte[] blob);

  /**
   * Spec {@code recover_cells_and_kzg_proofs}: all cells and proofs from at least half of the
   * cells.
   *
   * @param cellIndices the indices of the given cells, strictly ascending, each below 128
   * @param cells the given cells, concatenated
   * @return the 128 cells and their proofs
   * @throws CKZGException for wrong sizes, bad indices, too few or too many cells, or a
   *     non-canonical field element
   */
  public static native CellsAndProofs recoverCellsAndKzgProofs(long[] cellIndices, byte[] cells);

  /**
   * Spec {@code verify_cell_kzg_proof_batch}.
   *
   * @param commitmentsBytes the commitment of each cell's blob, concatenated
   * @param cellIndices the index of each cell
   * @param cells the cells, concatenated
   * @param proofsBytes the proof of each cell, concatenated
   * @return whether all proofs are valid
   * @throws CKZGException for wrong sizes, bad indices, a non-canonical field element or an
   *     invalid point
   */
  public static native boolean verifyCellKzgProofBatch(
      byte[] commitmentsBytes, long[] cellIndices, byte[] cells, byte[] proofsBytes);
}
