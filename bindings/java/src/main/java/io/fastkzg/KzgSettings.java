package io.fastkzg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A trusted setup and everything precomputed from it, with the spec functions of EIP-4844 and
 * EIP-7594 as methods, and batch calls over many blobs. No global state: open as many as needed.
 * Thread-safe: any number of threads may call one instance at once, and {@link #close()} never
 * invalidates a call already running (that call keeps the setup alive until it returns); calls
 * after it throw {@link IllegalStateException}. Inputs are copied, never modified.
 *
 * <p>The verification methods are those of {@link KzgContext}, shared with the verify-only {@link
 * KzgVerifier}.
 *
 * <pre>{@code
 * try (KzgSettings kzg = KzgSettings.mainnet()) {
 *   byte[] commitment = kzg.blobToKzgCommitment(blob);
 *   byte[] proof = kzg.computeBlobKzgProof(blob, commitment);
 *   boolean ok = kzg.verifyBlobKzgProof(blob, commitment, proof);
 * }
 * }</pre>
 *
 * <p>Invalid inputs throw {@link InvalidInputException} (which names the input and its position);
 * {@code null} arguments throw {@link NullPointerException}.
 */
public final class KzgSettings extends KzgContext {
  /** The highest precompute level. */
  public static final int MAX_PRECOMPUTE = 15;

  /** Cells (and cell proofs) of an extended blob. */
  private static final int CELLS_PER_EXT_BLOB = 128;

  private KzgSettings(long handle) {
    super(handle);
  }

  /**
   * The embedded mainnet trusted setup (no file needed), shared by every instance this returns:
   * loaded once per process, in milliseconds.
   *
   * @return settings on the mainnet setup
   */
  public static KzgSettings mainnet() {
    return new KzgSettings(Native.openMainnet(-1));
  }

  /**
   * The embedded mainnet setup with tables of its own for a precompute level.
   *
   * @param precompute 0 to 15: more memory for faster proofs
   * @return new settings
   */
  public static KzgSettings mainnet(int precompute) {
    return new KzgSettings(Native.openMainnet(precompute));
  }

  /**
   * Loads a trusted-setup file in the c-kzg text format (the mainnet file is recognised and loaded
   * from the embedded copy).
   *
   * @param path the file
   * @param precompute 0 to 15
   * @return new settings
   * @throws IOException if the file cannot be read
   * @throws InvalidTrustedSetupException if it is not a valid setup
   */
  public static KzgSettings load(Path path, int precompute) throws IOException {
    return parse(Files.readString(path, StandardCharsets.US_ASCII), precompute);
  }

  /**
   * Parses a trusted setup in the c-kzg text format.
   *
   * @param text the setup
   * @param precompute 0 to 15
   * @return new settings
   * @throws InvalidTrustedSetupException if it is not a valid setup
   */
  public static KzgSettings parse(String text, int precompute) {
    return new KzgSettings(Native.parse(Objects.requireNonNull(text, "text"), precompute));
  }

  /**
   * A trusted setup from its compressed points.
   *
   * @param g1Monomial 4096 G1 points in monomial form, 48 bytes each
   * @param g1Lagrange 4096 G1 points in Lagrange form, 48 bytes each
   * @param g2Monomial 65 G2 points in monomial form, 96 bytes each
   * @param precompute 0 to 15
   * @return new settings
   * @throws InvalidTrustedSetupException if the points are not a valid setup
   */
  public static KzgSettings fromBytes(
      byte[] g1Monomial, byte[] g1Lagrange, byte[] g2Monomial, int precompute) {
    return new KzgSettings(Native.fromBytes(g1Monomial, g1Lagrange, g2Monomial, precompute));
  }

  /** @return the precompute level of these settings */
  public int precompute() {
    return Native.precompute(handle);
  }

  /**
   * Spec {@code blob_to_kzg_commitment}.
   *
   * @param blob the blob (131072 bytes)
   * @return the commitment (48 bytes)
   */
  public byte[] blobToKzgCommitment(byte[] blob) {
    return Native.blobToKzgCommitment(handle, blob);
  }

  /**
   * Spec {@code compute_kzg_proof}.
   *
   * @param blob the blob
   * @param z the point (32 bytes)
   * @return the proof and y = p(z)
   */
  public ProofAndY computeKzgProof(byte[] blob, byte[] z) {
    byte[][] r = Native.computeKzgProof(handle, blob, z);
    return new ProofAndY(r[0], r[1]);
  }

  /**
   * Spec {@code compute_blob_kzg_proof}.
   *
   * @param blob the blob
   * @param commitment its commitment (48 bytes)
   * @return the proof (48 bytes)
   */
  public byte[] computeBlobKzgProof(byte[] blob, byte[] commitment) {
    return Native.computeBlobKzgProof(handle, blob, commitment);
  }

  /**
   * Spec {@code compute_cells}.
   *
   * @param blob the blob
   * @return the 128 cells
   */
  public List<byte[]> computeCells(byte[] blob) {
    return List.of(Native.computeCells(handle, blob));
  }

  /**
   * Spec {@code compute_cells_and_kzg_proofs}.
   *
   * @param blob the blob
   * @return the 128 cells and their proofs
   */
  public CellsAndProofs computeCellsAndKzgProofs(byte[] blob) {
    return CellsAndProofs.split(List.of(Native.computeCellsAndKzgProofs(handle, blob)));
  }

  /**
   * Spec {@code recover_cells_and_kzg_proofs}: all cells and proofs from at least 64 cells.
   *
   * @param cellIndices the cells' indices, strictly ascending, below 128
   * @param cells the cells
   * @return the 128 cells and their proofs
   */
  public CellsAndProofs recoverCellsAndKzgProofs(long[] cellIndices, List<byte[]> cells) {
    return CellsAndProofs.split(
        List.of(Native.recoverCellsAndKzgProofs(handle, cellIndices, array(cells))));
  }

  /**
   * The cells of {@link #recoverCellsAndKzgProofs} without the proofs, at a fraction of the cost.
   *
   * @param cellIndices the cells' indices, strictly ascending, below 128
   * @param cells the cells
   * @return the 128 cells
   */
  public List<byte[]> recoverCells(long[] cellIndices, List<byte[]> cells) {
    return List.of(Native.recoverCells(handle, cellIndices, array(cells)));
  }

  /**
   * Batch call: spec {@code compute_cells} of each blob.
   *
   * <p>Errors: the first blob (in order) that is invalid, as an {@link InvalidInputException}
   * whose {@code index()} is the blob's position (a wrong length) or whose {@code blob()} is the
   * blob's position (a non-canonical field element, {@code element()} its index).
   *
   * @param blobs the blobs
   * @return per blob, its 128 cells; an empty list for no blobs
   */
  public List<List<byte[]>> computeCellsBatch(List<byte[]> blobs) {
    return perBlob(Native.computeCellsBatch(handle, array(blobs)), CELLS_PER_EXT_BLOB, l -> l);
  }

  /**
   * Batch call: spec {@code compute_cells_and_kzg_proofs} of each blob. Errors as {@link
   * #computeCellsBatch}.
   *
   * @param blobs the blobs
   * @return per blob, its 128 cells and their proofs; an empty list for no blobs
   */
  public List<CellsAndProofs> computeCellsAndKzgProofsBatch(List<byte[]> blobs) {
    return perBlob(
        Native.computeCellsAndKzgProofsBatch(handle, array(blobs)),
        2 * CELLS_PER_EXT_BLOB,
        CellsAndProofs::split);
  }

  /**
   * Batch call: the cells (not the proofs) of spec {@code recover_cells_and_kzg_proofs} for blobs
   * that all kept the cells at the same indices (the same as {@link #recoverCells} of each blob,
   * with the work on the indices done once).
   *
   * <p>Errors: the index rules of recovery (64 to 128 indices, each below 128, strictly ascending:
   * {@code TOO_FEW}, {@code OUT_OF_RANGE}, {@code NOT_ASCENDING}); a blob's list not of {@code
   * cellIndices.length} cells ({@code MISMATCHED_LENGTHS}, {@code blob()}); a cell of the wrong
   * length or with a non-canonical field element ({@code blob()} and its position in the blob's
   * list as {@code index()}).
   *
   * @param cellIndices the indices of the cells every blob kept, strictly ascending
   * @param cells per blob, its cells at {@code cellIndices}
   * @return per blob, its 128 cells; an empty list for no blobs
   */
  public List<List<byte[]>> recoverCellsBatch(
      long[] cellIndices, List<? extends List<byte[]>> cells) {
    return perBlob(
        Native.recoverCellsBatch(handle, cellIndices, arrays(cells)), CELLS_PER_EXT_BLOB, l -> l);
  }

}
