package io.fastkzg;

import java.util.List;

/**
 * The 128 cells of an extended blob and their proofs.
 *
 * @param cells the cells, 2048 bytes each
 * @param proofs the proofs, 48 bytes each
 */
public record CellsAndProofs(List<byte[]> cells, List<byte[]> proofs) {
  /** Cells then proofs, as the native side returns them. */
  static CellsAndProofs split(List<byte[]> both) {
    int n = both.size() / 2;
    return new CellsAndProofs(both.subList(0, n), both.subList(n, both.size()));
  }
}
