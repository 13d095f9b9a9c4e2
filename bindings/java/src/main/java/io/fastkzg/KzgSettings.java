package io.fastkzg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A trusted setup and everything precomputed from it, with the spec functions of EIP-4844 and
 * EIP-7594 as methods. No global state: open as many as needed. Thread-safe: any number of threads
 * may call one instance at once, and {@link #close()} never invalidates a call already running
 * (that call keeps the setup alive until it returns); calls after it throw {@link
 * IllegalStateException}.
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
public final class KzgSettings implements AutoCloseable {
  /** The highest precompute level. */
  public static final int MAX_PRECOMPUTE = 15;

  private final long handle;

  private KzgSettings(long handle) {
    this.handle = handle;
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
   * Spec {@code verify_kzg_proof}.
   *
   * @param commitment the commitment
   * @param z the point
   * @param y the claimed value
   * @param proof the proof
   * @return whether the proof is valid
   */
  public boolean verifyKzgProof(byte[] commitment, byte[] z, byte[] y, byte[] proof) {
    return Native.verifyKzgProof(handle, commitment, z, y, proof);
  }

  /**
   * Spec {@code verify_blob_kzg_proof}.
   *
   * @param blob the blob
   * @param commitment the commitment
   * @param proof the proof
   * @return whether the proof is valid
   */
  public boolean verifyBlobKzgProof(byte[] blob, byte[] commitment, byte[] proof) {
    return Native.verifyBlobKzgProof(handle, blob, commitment, proof);
  }

  /**
   * Spec {@code verify_blob_kzg_proof_batch}. An empty batch is valid.
   *
   * @param blobs the blobs
   * @param commitments their commitments
   * @param proofs their proofs
   * @return whether every proof is valid
   */
  public boolean verifyBlobKzgProofBatch(
      List<byte[]> blobs, List<byte[]> commitments, List<byte[]> proofs) {
    return Native.verifyBlobKzgProofBatch(handle, array(blobs), array(commitments), array(proofs));
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
    return CellsAndProofs.split(Native.computeCellsAndKzgProofs(handle, blob));
  }

  /**
   * Spec {@code recover_cells_and_kzg_proofs}: all cells and proofs from at least 64 cells.
   *
   * @param cellIndices the cells' indices, strictly ascending, below 128
   * @param cells the cells
   * @return the 128 cells and their proofs
   */
  public CellsAndProofs recoverCellsAndKzgProofs(long[] cellIndices, List<byte[]> cells) {
    return CellsAndProofs.split(Native.recoverCellsAndKzgProofs(handle, cellIndices, array(cells)));
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
   * Spec {@code verify_cell_kzg_proof_batch}. An empty batch is valid.
   *
   * @param commitments the commitment of each cell's blob
   * @param cellIndices each cell's index
   * @param cells the cells
   * @param proofs each cell's proof
   * @return whether every proof is valid
   */
  public boolean verifyCellKzgProofBatch(
      List<byte[]> commitments, long[] cellIndices, List<byte[]> cells, List<byte[]> proofs) {
    return Native.verifyCellKzgProofBatch(
        handle, array(commitments), cellIndices, array(cells), array(proofs));
  }

  /** Releases these settings (idempotent); calls running with them finish first. */
  @Override
  public void close() {
    Native.close(handle);
  }

  /** A list as the array the native side reads (null checks there). */
  static byte[][] array(List<byte[]> list) {
    return list == null ? null : list.toArray(new byte[0][]);
  }
}
