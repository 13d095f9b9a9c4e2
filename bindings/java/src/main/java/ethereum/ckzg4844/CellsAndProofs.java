package ethereum.ckzg4844;

/** The 128 cells of an extended blob and their 128 proofs, each concatenated into one array. */
public class CellsAndProofs {
  private final byte[] cells;
  private final byte[] proofs;

  /**
   * @param cells the cells, concatenated ({@code 128 * BYTES_PER_CELL} bytes)
   * @param proofs the proofs, concatenated ({@code 128 * BYTES_PER_PROOF} bytes)
   */
  public CellsAndProofs(final byte[] cells, final byte[] proofs) {
    this.cells = cells;
    this.proofs = proofs;
  }

  /** @return the cells, concatenated */
  public byte[] getCells() {
    return cells;
  }

  /** @return the proofs, concatenated */
  public byte[] getProofs() {
    return proofs;
  }

  /**
   * @param cells the cells, concatenated
   * @param proofs the proofs, concatenated
   * @return a new instance
   */
  public static CellsAndProofs of(final byte[] cells, final byte[] proofs) {
    return new CellsAndProofs(cells, proofs);
  }
}
