package io.fastkzg;

import java.util.List;

/**
 * The 128 cells of an extended blob and their proofs.
 *
 * @param cells the cells, 2048 bytes each
 * @param proofs the proofs, 48 bytes each
 */
public record CellsAndProofs(List<byte[]> cells, List<byte[]> proofs) {
  static CellsAndProofs split(byte[][] both) {
    int n = both.length / 2;
    return new CellsAndProofs(List.of(both).subList(0, n), List.of(both).subList(n, both.length));
  }
}
