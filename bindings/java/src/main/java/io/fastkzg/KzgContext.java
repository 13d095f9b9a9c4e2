package io.fastkzg;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A loaded trusted setup with the verification functions of EIP-4844 and EIP-7594: either {@link
 * KzgSettings} (prover and verifier) or {@link KzgVerifier} (verify only, loaded in about a
 * millisecond, under 1 MiB). Both run the same verification code, so every {@code verify...}
 * method gives the same result on either; code that only verifies can take a {@code KzgContext}.
 *
 * <p>Thread-safe: any number of threads may call one instance at once, and {@link #close()} never
 * invalidates a call already running (that call keeps the setup alive until it returns); calls
 * after it throw {@link IllegalStateException}. Inputs are copied, never modified.
 *
 * <p>Invalid inputs throw {@link InvalidInputException} (which names the input, its position and,
 * in a batch call, its blob); {@code null} arguments throw {@link NullPointerException}.
 */
public abstract sealed class KzgContext implements AutoCloseable permits KzgSettings, KzgVerifier {
  /** The native context (settings or verifier). */
  final long handle;

  KzgContext(long handle) {
    this.handle = handle;
  }

  /**
   * Spec {@code verify_kzg_proof}.
   *
   * @param commitment the commitment (48 bytes)
   * @param z the point (32 bytes)
   * @param y the claimed value (32 bytes)
   * @param proof the proof (48 bytes)
   * @return whether the proof is valid
   */
  public boolean verifyKzgProof(byte[] commitment, byte[] z, byte[] y, byte[] proof) {
    return Native.verifyKzgProof(handle, commitment, z, y, proof);
  }

  /**
   * Spec {@code verify_blob_kzg_proof}.
   *
   * @param blob the blob (131072 bytes)
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
   * Spec {@code verify_cell_kzg_proof_batch}. An empty batch is valid.
   *
   * @param commitments the commitment of each cell's blob
   * @param cellIndices each cell's index
   * @param cells the cells (2048 bytes each)
   * @param proofs each cell's proof
   * @return whether every proof is valid
   */
  public boolean verifyCellKzgProofBatch(
      List<byte[]> commitments, long[] cellIndices, List<byte[]> cells, List<byte[]> proofs) {
    return Native.verifyCellKzgProofBatch(
        handle, array(commitments), cellIndices, array(cells), array(proofs));
  }

  /**
   * Batch call: the cells of many blobs at one shared list of indices (a few columns of a block).
   * Blob {@code b} has commitment {@code commitments.get(b)}, its cells at {@code cellIndices} in
   * {@code cells.get(b)} and their proofs in {@code proofs.get(b)}. The result is that of spec
   * {@code verify_cell_kzg_proof_batch} over the flattened lists (duplicate indices allowed, as
   * there). No blobs, or no indices: {@code true}.
   *
   * <p>Errors: an index {@code >= 128} ({@code cellIndex}, its position); a blob's cell or proof
   * list not of {@code cellIndices.length} items, or not one list per commitment ({@code
   * MISMATCHED_LENGTHS}); an invalid commitment (its blob's position as {@code index()}); a
   * non-canonical cell or an invalid proof ({@code blob()} and the position inside the blob's
   * list).
   *
   * @param commitments one commitment per blob
   * @param cellIndices the indices every blob's cells are at
   * @param cells per blob, its cells at {@code cellIndices}
   * @param proofs per blob, the proofs of those cells
   * @return whether every proof is valid
   */
  public boolean verifyCellsSharedIndices(
      List<byte[]> commitments,
      long[] cellIndices,
      List<? extends List<byte[]>> cells,
      List<? extends List<byte[]>> proofs) {
    return Native.verifyCellsSharedIndices(
        handle, array(commitments), cellIndices, arrays(cells), arrays(proofs));
  }

  /**
   * Batch call: whether {@code proofs.get(b)} are the 128 cell proofs of {@code blobs.get(b)}
   * against {@code commitments.get(b)} for every blob (the execution layer's check of a blob
   * transaction's cell proofs). The result is that of spec {@code verify_cell_kzg_proof_batch}
   * over all cells of all blobs (spec {@code compute_cells} of each blob), though the cells are
   * never computed. No blobs: {@code true}.
   *
   * <p>Errors: not one commitment and one proof list per blob, or a proof list not of 128 proofs
   * ({@code MISMATCHED_LENGTHS}); a non-canonical field element in a blob ({@code blob()}); an
   * invalid commitment (its blob's position as {@code index()}); an invalid proof ({@code blob()}
   * and the cell index as {@code index()}).
   *
   * @param blobs the blobs
   * @param commitments one commitment per blob
   * @param proofs per blob, its 128 cell proofs
   * @return whether every proof is valid
   */
  public boolean verifyBlobCellProofs(
      List<byte[]> blobs, List<byte[]> commitments, List<? extends List<byte[]>> proofs) {
    return Native.verifyBlobCellProofs(handle, array(blobs), array(commitments), arrays(proofs));
  }

  /** Releases this context (idempotent); calls running with it finish first. */
  @Override
  public void close() {
    Native.close(handle);
  }

  /** A list as the array the native side reads (null checks there). */
  static byte[][] array(List<byte[]> list) {
    return list == null ? null : list.toArray(new byte[0][]);
  }

  /** Per-blob lists as the arrays the native side reads (null checks there). */
  static byte[][][] arrays(List<? extends List<byte[]>> lists) {
    if (lists == null) {
      return null;
    }
    byte[][][] out = new byte[lists.size()][][];
    int b = 0;
    for (List<byte[]> list : lists) {
      out[b++] = array(list);
    }
    return out;
  }

  /**
   * A batch result of {@code per} items per blob, blob after blob, split into one value per
   * blob.
   */
  static <T> List<T> perBlob(byte[][] all, int per, Function<List<byte[]>, T> one) {
    List<byte[]> items = List.of(all);
    List<T> out = new ArrayList<>(all.length / per);
    for (int i = 0; i + per <= all.length; i += per) {
      out.add(one.apply(items.subList(i, i + per)));
    }
    return List.copyOf(out);
  }
}
