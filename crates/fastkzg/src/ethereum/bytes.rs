//! The untrusted byte-level types of the Ethereum API. They are plain
//! fixed-size arrays; parsing them into field elements and points is where
//! validation happens.

use crate::backend::{Backend, Scalar};
use crate::error::{Error, Result};
use crate::ethereum::constants::{BYTES_PER_BLOB, BYTES_PER_CELL, G1_POINT_AT_INFINITY};

/// A blob: 4096 big-endian field elements of 32 bytes.
pub type Blob = [u8; BYTES_PER_BLOB];
/// A cell: 64 big-endian field elements of 32 bytes (EIP-7594).
pub type Cell = [u8; BYTES_PER_CELL];
/// 32 bytes (a serialised field element).
pub type Bytes32 = [u8; 32];
/// 48 bytes (a compressed G1 point).
pub type Bytes48 = [u8; 48];
/// A compressed G1 commitment.
pub type KzgCommitment = Bytes48;
/// A compressed G1 proof.
pub type KzgProof = Bytes48;

/// Spec `bytes_to_bls_field`: a canonical big-endian field element.
pub fn bytes_to_bls_field<B: Backend>(
    bytes: &Bytes32,
    what: &'static str,
    index: usize,
) -> Result<B::Fr> {
    B::Fr::from_bytes_be(bytes).ok_or(Error::NonCanonicalFieldElement { what, index })
}

/// Spec `validate_kzg_g1` + `bytes_to_kzg_commitment`/`bytes_to_kzg_proof`:
/// the point at infinity, or a valid compressed point in the G1 subgroup.
pub fn bytes_to_g1<B: Backend>(
    bytes: &Bytes48,
    what: &'static str,
    index: usize,
) -> Result<B::G1Affine> {
    B::g1_decompress(bytes).map_err(|reason| Error::InvalidG1Point {
        what,
        index,
        reason,
    })
}

/// The fewest and the most points [`bytes_to_g1_many`] decodes per task.
const MIN_CHUNK: usize = 8;
const MAX_CHUNK: usize = 16;

/// Spec `validate_kzg_g1` + `bytes_to_kzg_commitment`/`bytes_to_kzg_proof`
/// ([`bytes_to_g1`]) for many points: the subgroup checks may run several at
/// a time ([`Backend::g1_decompress_many`]), in chunks spread over the
/// caller's thread pool. The error names the first invalid point, as
/// `what` with index `index_of(position)`.
pub fn bytes_to_g1_many<B: Backend>(
    bytes: &[Bytes48],
    what: &'static str,
    index_of: impl Fn(usize) -> usize,
) -> Result<Vec<B::G1Affine>> {
    // Chunks of 8 to 16 points (a backend checking eight at a time fills
    // its lanes), as many as the pool has threads when there are few points.
    let chunk = bytes
        .len()
        .div_ceil(crate::par::threads())
        .clamp(MIN_CHUNK, MAX_CHUNK);
    let chunks = crate::par::map_collect(bytes.len().div_ceil(chunk), |c| {
        B::g1_decompress_many(&bytes[c * chunk..bytes.len().min((c + 1) * chunk)])
    });
    chunks
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, point)| {
            point.map_err(|reason| Error::InvalidG1Point {
                what,
                index: index_of(i),
                reason,
            })
        })
        .collect()
}

/// Whether `bytes` is the canonical compressed point at infinity.
pub fn is_g1_point_at_infinity(bytes: &Bytes48) -> bool {
    *bytes == G1_POINT_AT_INFINITY
}

/// Parses consecutive 32-byte canonical field elements (`what` and the
/// element index name the culprit in errors).
pub fn bytes_to_field_elements<B: Backend>(bytes: &[u8], what: &'static str) -> Result<Vec<B::Fr>> {
    B::Fr::from_bytes_be_many(bytes)
        .map_err(|index| Error::NonCanonicalFieldElement { what, index })
}

/// Spec `blob_to_polynomial`: the blob's 4096 field elements (evaluation form,
/// bit-reversed order), each required to be canonical.
pub fn blob_to_polynomial<B: Backend>(blob: &Blob) -> Result<Vec<B::Fr>> {
    bytes_to_field_elements::<B>(blob, "blob")
}

/// [`blob_to_polynomial`] scaled by a backend constant: every element
/// times `1/c`, returned with `c` ([`Scalar::from_bytes_be_many_scaled`]),
/// for computations linear in the blob (its evaluation at a point).
pub fn blob_to_polynomial_scaled<B: Backend>(blob: &Blob) -> Result<(Vec<B::Fr>, B::Fr)> {
    B::Fr::from_bytes_be_many_scaled(blob).map_err(|index| Error::NonCanonicalFieldElement {
        what: "blob",
        index,
    })
}

/// Copies a slice into a fixed-size array, with a typed length error.
pub fn to_array<const N: usize>(bytes: &[u8], what: &'static str) -> Result<[u8; N]> {
    bytes.try_into().map_err(|_| Error::InvalidLength {
        what,
        expected: N,
        got: bytes.len(),
    })
}
