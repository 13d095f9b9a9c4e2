package ethereum.ckzg4844;

/** A KZG proof at a point z and the polynomial's value y = p(z). */
public class ProofAndY {
  private final byte[] proof;
  private final byte[] y;

  /**
   * @param proof the proof (48 bytes)
   * @param y the value (32 bytes, big-endian)
   */
  public ProofAndY(byte[] proof, byte[] y) {
    this.proof = proof;
    this.y = y;
  }

  /** @return the proof */
  public byte[] getProof() {
    return proof;
  }

  /** @return the value y */
  public byte[] getY() {
    return y;
  }

  /**
   * @param proof the proof
   * @param y the value
   * @return a new instance
   */
  public static ProofAndY of(byte[] proof, byte[] y) {
    return new ProofAndY(proof, y);
  }
}
