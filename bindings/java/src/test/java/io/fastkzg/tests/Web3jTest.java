package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.tuweni.bytes.Bytes;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Blob;
import org.web3j.crypto.BlobUtils;

/**
 * A real client: web3j's {@code BlobUtils} (org.web3j:crypto 4.13.0, or 4.14.0 on Java 21+; built against jc-kzg-4844
 * 2.0.0, which the pom excludes) running on this jar, checked against jc-kzg 2.1.8 itself.
 */
class Web3jTest {

  @Test
  void blobUtilsOnFastkzg() throws Exception {
    // BlobUtils loads the global setup from its own resource when first used.
    Ckzg.FASTKZG.ensureFreed();
    Class<?> ours = Class.forName("ethereum.ckzg4844.CKZG4844JNI");
    assertEquals(ethereum.ckzg4844.CKZG4844JNI.class, ours);
    for (long seed = 10; seed < 13; seed++) {
      byte[] raw = Inputs.blob(seed);
      Blob blob = new Blob(raw);
      Bytes commitment = BlobUtils.getCommitment(blob);
      Bytes proof = BlobUtils.getProof(blob, commitment);
      byte[] refCommitment = (byte[]) Ckzg.JCKZG.call("blobToKzgCommitment", raw);
      byte[] refProof = (byte[]) Ckzg.JCKZG.call("computeBlobKzgProof", raw, refCommitment);
      assertArrayEquals(refCommitment, commitment.toArrayUnsafe());
      assertArrayEquals(refProof, proof.toArrayUnsafe());
      assertTrue(BlobUtils.checkProofValidity(blob, commitment, proof));
      assertFalse(BlobUtils.checkProofValidity(blob, commitment, commitment));
      assertEquals(32, BlobUtils.kzgToVersionedHash(commitment).size());
    }
    // The class BlobUtils called is this package's (jc-kzg is not on the class path).
    assertEquals(
        ethereum.ckzg4844.CKZG4844JNI.class.getProtectionDomain().getCodeSource().getLocation(),
        io.fastkzg.KzgSettings.class.getProtectionDomain().getCodeSource().getLocation());
  }
}
