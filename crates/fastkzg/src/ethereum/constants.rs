//! The Ethereum constants: sizes and domain separators of the Deneb
//! `polynomial-commitments.md` and Fulu `polynomial-commitments-sampling.md`
//! specs (ethereum/consensus-specs at `8a3df1d`).

/// Field elements in a blob.
pub const FIELD_ELEMENTS_PER_BLOB: usize = 4096;
/// Bytes in a scalar-field element encoding.
pub const BYTES_PER_FIELD_ELEMENT: usize = 32;
/// Bytes in a blob.
pub const BYTES_PER_BLOB: usize = FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT;
/// Bytes in a compressed G1 point (commitment or proof).
pub const BYTES_PER_G1_POINT: usize = 48;
/// Bytes in a compressed G2 point.
pub const BYTES_PER_G2_POINT: usize = 96;
/// Bytes in a KZG commitment.
pub const BYTES_PER_COMMITMENT: usize = BYTES_PER_G1_POINT;
/// Bytes in a KZG proof.
pub const BYTES_PER_PROOF: usize = BYTES_PER_G1_POINT;
/// G2 points in the mainnet setup.
pub const NUM_G2_POINTS: usize = 65;

/// Domain separator of `compute_challenge`.
pub const FIAT_SHAMIR_PROTOCOL_DOMAIN: &[u8; 16] = b"FSBLOBVERIFY_V1_";
/// Domain separator of `verify_kzg_proof_batch`.
pub const RANDOM_CHALLENGE_KZG_BATCH_DOMAIN: &[u8; 16] = b"RCKZGBATCH___V1_";
/// Domain separator of `compute_verify_cell_kzg_proof_batch_challenge`.
pub const RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN: &[u8; 16] = b"RCKZGCBATCH__V1_";

/// The extended blob size (EIP-7594).
pub const FIELD_ELEMENTS_PER_EXT_BLOB: usize = 2 * FIELD_ELEMENTS_PER_BLOB;
/// Field elements in a cell.
pub const FIELD_ELEMENTS_PER_CELL: usize = 64;
/// Bytes in a cell.
pub const BYTES_PER_CELL: usize = FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT;
/// Cells in an extended blob.
pub const CELLS_PER_EXT_BLOB: usize = FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL;
/// Cells that carry the original blob.
pub const CELLS_PER_BLOB: usize = FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL;

/// The compressed encoding of the G1 point at infinity.
pub const G1_POINT_AT_INFINITY: [u8; 48] = {
    let mut b = [0u8; 48];
    b[0] = 0xc0;
    b
};
