//! The untrusted byte-level types of the Ethereum API. They are plain
//! fixed-size arrays; parsing them into field elements and points is where
//! validation happens.

use crate::backend::{Backend, Scalar};
use crate::error::{Error, Input, Result};
use crate::ethereum::constants::{BYTES_PER_BLOB, BYTES_PER_CELL};
use crate::par::Ranges;
use alloc::vec::Vec;

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

/// Spec `bytes_to_bls_field`: a canonical big-endian field element
/// (errors name it as `input` at `position`).
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#bytes_to_bls_field>
pub(crate) fn bytes_to_bls_field<B: Backend>(
    bytes: &Bytes32,
    input: Input,
    position: usize,
) -> Result<B::Fr> {
    B::Fr::from_bytes_be(bytes).ok_or(Error::NonCanonicalFieldElement {
        input,
        position,
        element: 0,
    })
}

/// Spec `validate_kzg_g1` + `bytes_to_kzg_commitment`/`bytes_to_kzg_proof`:
/// the point at infinity, or a valid compressed point in the G1 subgroup.
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#validate_kzg_g1>
pub(crate) fn bytes_to_g1<B: Backend>(
    bytes: &Bytes48,
    input: Input,
    position: usize,
) -> Result<B::G1Affine> {
    B::g1_decompress(bytes).map_err(|reason| Error::InvalidG1Point {
        input,
        position,
        reason,
    })
}

/// [`bytes_to_g1`] for a point the caller then multiplies by a scalar (a
/// proof): the point and, where the backend's subgroup check yields it,
/// `[|z|]·φ(P)` for [`crate::msm::z_adic::g1_mul_decoded`].
pub(crate) fn bytes_to_g1_with_z_multiple<B: Backend>(
    bytes: &Bytes48,
    input: Input,
    position: usize,
) -> Result<(B::G1Affine, Option<B::G1Affine>)> {
    B::g1_decompress_with_z_multiple(bytes).map_err(|reason| Error::InvalidG1Point {
        input,
        position,
        reason,
    })
}

/// The fewest and the most points [`bytes_to_g1_many`] decodes per task
/// (the fewest raised to the backend's
/// [`Accel::g1_decompress_lanes`](crate::backend::Accel::g1_decompress_lanes),
/// eight for blst with IFMA).
///
/// From four points on blst shares one normalisation among a chunk's
/// checks, and chunks of four rather than eight let the thread that
/// computed the interpolation commitment beside the decoding take half of
/// a small batch's points; blst's lock-step check keeps gaining up to
/// about a thousand points per chunk (measurements: "Point decoding" in
/// docs/performance-notes.md).
const MIN_CHUNK: usize = 4;
const MAX_CHUNK: usize = 1024;

/// A thread's share of fewer points than this is decoded in
/// [`SMALL_SHARE_CHUNKS`] chunks: blst's lock-step subgroup check starts at
/// 128 points, and below it the cost per point hardly depends on the
/// chunk, so smaller chunks cost nothing and let a thread that comes free
/// late take its part (cell verification decodes beside the interpolation;
/// see "Point decoding" in docs/performance-notes.md).
const SMALL_SHARE: usize = 128;

/// Chunks per thread for a share below [`SMALL_SHARE`]: with four, the
/// thread that joins late (after the interpolation of a 16 × 8 cell batch)
/// finished a chunk of 18 points up to a millisecond after the other; with
/// eight that gap halves (measurements: "Point decoding" in
/// docs/performance-notes.md).
const SMALL_SHARE_CHUNKS: usize = 8;

/// The smallest chunk of [`guided_chunks`] (but for the last).
const GUIDED_MIN_CHUNK: usize = 32;

/// Chunks of `n` points for `threads` threads taking them in turn, in
/// decreasing sizes: each is the remainder's share of one thread (at most
/// [`MAX_CHUNK`], at least [`GUIDED_MIN_CHUNK`], whole lane groups). The
/// first chunks are large enough for blst's lock-step subgroup checks
/// (which gain 7–12 % from 128 points), and a thread that comes free late
/// (after the challenge and the interpolation of a cell batch, or on a
/// busier core) takes the smaller ones, so the threads end close together
/// instead of one of them waiting for the other's half ("Point decoding"
/// in docs/performance-notes.md).
fn guided_chunks(n: usize, threads: usize, lanes: usize) -> Vec<core::ops::Range<usize>> {
    let mut chunks = Vec::new();
    let mut at = 0;
    while at < n {
        let left = n - at;
        let len = left
            .div_ceil(threads)
            .clamp(GUIDED_MIN_CHUNK, MAX_CHUNK)
            .next_multiple_of(lanes)
            .min(left);
        chunks.push(at..at + len);
        at += len;
    }
    chunks
}

/// Spec `validate_kzg_g1` + `bytes_to_kzg_commitment`/`bytes_to_kzg_proof`
/// ([`bytes_to_g1`]) for many points: the subgroup checks may run several at
/// a time ([`Accel::g1_decompress_many`](crate::backend::Accel::g1_decompress_many)), in chunks spread over the
/// caller's thread pool. The error names the first invalid point, as
/// `input` at position `position_of(i)` for the `i`-th point.
pub(crate) fn bytes_to_g1_many<B: Backend>(
    bytes: &[Bytes48],
    input: Input,
    position_of: impl Fn(usize) -> usize,
) -> Result<Vec<B::G1Affine>> {
    bytes_to_g1_many_at::<B>(bytes, |i| (input, position_of(i)))
}

/// [`bytes_to_g1_many`] over points of several inputs: the error names the
/// first invalid point as `at(i)` (its input and position) for the `i`-th.
pub(crate) fn bytes_to_g1_many_at<B: Backend>(
    bytes: &[Bytes48],
    at: impl Fn(usize) -> (Input, usize),
) -> Result<Vec<B::G1Affine>> {
    // Chunks of 4 (or the backend's lanes) to 1024 points: on one thread
    // up to 1024 at a time; on several, eight equal chunks per thread when
    // a thread's share is below 128, else chunks of decreasing sizes taken
    // in turn.
    let threads = crate::par::threads().max(1);
    let share = bytes.len().div_ceil(threads);
    // Whole lane groups: a chunk of 9 points would take two passes of
    // eight lanes.
    let lanes = B::g1_decompress_lanes().max(1);
    let chunks = if threads > 1 && share >= SMALL_SHARE {
        crate::par::map_in_turn(&guided_chunks(bytes.len(), threads, lanes), |range| {
            B::g1_decompress_many(&bytes[range])
        })
    } else {
        let per_thread = if threads > 1 { SMALL_SHARE_CHUNKS } else { 1 };
        let chunk = share
            .div_ceil(per_thread)
            .clamp(MIN_CHUNK.max(lanes), MAX_CHUNK)
            .next_multiple_of(lanes);
        Ranges::of_len(bytes.len(), chunk).map(|range| B::g1_decompress_many(&bytes[range]))
    };
    chunks
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, point)| {
            point.map_err(|reason| {
                let (input, position) = at(i);
                Error::InvalidG1Point {
                    input,
                    position,
                    reason,
                }
            })
        })
        .collect()
}

/// The error for a non-canonical element (by its index) of `input` at
/// `position`.
fn non_canonical(input: Input, position: usize) -> impl Fn(usize) -> Error {
    move |element| Error::NonCanonicalFieldElement {
        input,
        position,
        element,
    }
}

/// Parses consecutive 32-byte canonical field elements of `input` at
/// `position` (named with the element index in errors).
pub(crate) fn bytes_to_field_elements<B: Backend>(
    bytes: &[u8],
    input: Input,
    position: usize,
) -> Result<Vec<B::Fr>> {
    B::fr_from_bytes_be_many(bytes).map_err(non_canonical(input, position))
}

/// [`bytes_to_field_elements`] scaled by a backend constant: every element
/// times `1/c`, returned with `c` (the same for every call;
/// [`Accel::fr_from_bytes_be_many_scaled`](crate::backend::Accel::fr_from_bytes_be_many_scaled)),
/// for computations linear in the elements.
pub(crate) fn bytes_to_field_elements_scaled<B: Backend>(
    bytes: &[u8],
    input: Input,
    position: usize,
) -> Result<(Vec<B::Fr>, B::Fr)> {
    B::fr_from_bytes_be_many_scaled(bytes).map_err(non_canonical(input, position))
}

/// Spec `blob_to_polynomial`: the blob's 4096 field elements (evaluation form,
/// bit-reversed order), each required to be canonical.
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#blob_to_polynomial>
///
/// Errors: [`Error::NonCanonicalFieldElement`] naming the first
/// non-canonical element.
pub fn blob_to_polynomial<B: Backend>(blob: &Blob) -> Result<Vec<B::Fr>> {
    bytes_to_field_elements::<B>(blob, Input::Blob, 0)
}

/// [`blob_to_polynomial`] in the backend's raw form
/// ([`Accel::fr_from_bytes_be_many_raw`](crate::backend::Accel::fr_from_bytes_be_many_raw)),
/// for computations linear in the blob whose results are encoded with
/// [`Accel::fr_to_bytes_be_raw`](crate::backend::Accel::fr_to_bytes_be_raw).
pub(crate) fn blob_to_polynomial_raw<B: Backend>(blob: &Blob) -> Result<Vec<B::Fr>> {
    B::fr_from_bytes_be_many_raw(blob).map_err(non_canonical(Input::Blob, 0))
}

/// [`blob_to_polynomial`] scaled by a backend constant: every element
/// times `1/c`, returned with `c` ([`Accel::fr_from_bytes_be_many_scaled`](crate::backend::Accel::fr_from_bytes_be_many_scaled)),
/// for computations linear in the blob (its evaluation at a point).
pub(crate) fn blob_to_polynomial_scaled<B: Backend>(
    blob: &Blob,
    position: usize,
) -> Result<(Vec<B::Fr>, B::Fr)> {
    bytes_to_field_elements_scaled::<B>(blob, Input::Blob, position)
}
