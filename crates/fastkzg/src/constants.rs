//! Spec constants (Deneb `polynomial-commitments.md`, Fulu
//! `polynomial-commitments-sampling.md`) and BLS12-381 parameters.

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

/// The scalar-field modulus r as little-endian 64-bit limbs.
pub const BLS_MODULUS_LIMBS: [u64; 4] = [
    0xffff_ffff_0000_0001,
    0x53bd_a402_fffe_5bfe,
    0x3339_d808_09a1_d805,
    0x73ed_a753_299d_7d48,
];

/// The multiplicative generator of Fr used by the spec (`PRIMITIVE_ROOT_OF_UNITY`).
pub const PRIMITIVE_ROOT_OF_UNITY: u64 = 7;

/// `(r - 1) / 2^32`, the odd part of `r - 1`, as little-endian limbs:
/// `PRIMITIVE_ROOT_OF_UNITY^T` has order exactly 2^32.
pub const MODULUS_MINUS_ONE_ODD_PART: [u64; 4] = [
    0xfffe_5bfe_ffff_ffff,
    0x09a1_d805_53bd_a402,
    0x299d_7d48_3339_d808,
    0x0000_0000_73ed_a753,
];

/// The 2-adicity of r − 1.
pub const TWO_ADICITY: u32 = 32;
