package io.fastkzg;

/**
 * A KZG proof and the value y = p(z) it proves.
 *
 * @param proof the proof (48 bytes)
 * @param y the value (32 bytes, big-endian)
 */
public record ProofAndY(byte[] proof, byte[] y) {}
