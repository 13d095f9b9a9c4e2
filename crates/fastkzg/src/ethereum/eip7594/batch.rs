//! Batch calls: the spec's cell functions over many blobs in one call, in
//! the shapes clients use (whole blocks, the execution layer's check of a
//! blob transaction's cell proofs, a few cells of many blobs at one shared
//! set of indices).
//!
//! Each result is defined as the spec function applied blob by blob (for
//! verification: the verdict of `verify_cell_kzg_proof_batch` over the
//! flattened lists); the batch is free to share decoding, tables and one
//! pairing check across blobs, and spreads blobs over the caller's threads.
//! Errors name the blob ([`Error::InBlob`]) and the position inside it.

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use core::borrow::Borrow;

use super::recovery::{check_recovery_indices, parse_received, Vanishing};
use super::unique::UniqueCommitments;
use super::verify::{ByColumn, CellBatch};
use super::{check_cell_indices, coset_shift_exponent, CellIndex, CellProofs, Cells};
use crate::backend::{Backend, Module, Scalar};
use crate::error::{Error, Input, Result};
use crate::ethereum::bytes::{blob_to_polynomial_scaled, bytes_to_g1_many, Blob, Bytes48, Cell};
use crate::ethereum::challenge::{compute_cell_batch_randomizers, hash_to_bls_field};
use crate::ethereum::constants::{CELLS_PER_BLOB, CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL};
use crate::ethereum::{KzgSettings, KzgVerifier};
use crate::math::{fft, Domain};
use crate::par::Lazy;
use crate::trace::{phase, span};

/// Domain separator of the challenge of [`KzgVerifier::verify_blob_cell_proofs`].
const BLOB_CELL_PROOFS_DOMAIN: &[u8; 16] = b"FASTKZG_BLBCLPF1";

/// `n·per` without overflow (an error naming the sizes otherwise).
fn product(n: usize, per: usize, what: &str) -> Result<usize> {
    n.checked_mul(per)
        .ok_or_else(|| Error::InvalidSize(format!("{n} blobs × {per} {what} overflows")))
}

/// An error found at `position` of a blob-major flat list with `per`
/// entries per blob, as an error of blob `position / per` at `position %
/// per`.
fn locate(err: Error, per: usize) -> Error {
    let split = |p: usize| (p / per.max(1), p % per.max(1));
    match err {
        Error::InvalidLength {
            input,
            position,
            expected,
            got,
        } => {
            let (blob, position) = split(position);
            Error::InvalidLength {
                input,
                position,
                expected,
                got,
            }
            .in_blob(blob)
        }
        Error::NonCanonicalFieldElement {
            input,
            position,
            element,
        } => {
            let (blob, position) = split(position);
            Error::NonCanonicalFieldElement {
                input,
                position,
                element,
            }
            .in_blob(blob)
        }
        Error::InvalidG1Point {
            input: Input::Commitment,
            position,
            reason,
        } => Error::InvalidG1Point {
            input: Input::Commitment,
            position: split(position).0,
            reason,
        },
        Error::InvalidG1Point {
            input,
            position,
            reason,
        } => {
            let (blob, position) = split(position);
            Error::InvalidG1Point {
                input,
                position,
                reason,
            }
            .in_blob(blob)
        }
        other => other,
    }
}

impl<B: Backend> KzgVerifier<B> {
    /// Spec `verify_cell_kzg_proof_batch` of the cells at one shared list of
    /// indices of many blobs: blob `b` has commitment `commitments[b]`, and
    /// `cells` and `proofs` hold, blob after blob, its cells at
    /// `cell_indices` and their proofs. The verdict is that of the spec
    /// function over the flattened lists. Duplicate indices are allowed (as
    /// in the spec function); no blobs is `Ok(true)`, whatever the indices.
    ///
    /// Errors: an index `>= 128` (its position in `cell_indices`); lengths
    /// that are not `n`, `n·k`, `n·k`; an invalid commitment (its blob); an
    /// invalid proof or a non-canonical cell ([`Error::InBlob`]).
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_cells_shared_indices<T: Borrow<Cell> + Sync>(
        &self,
        commitments: &[Bytes48],
        cell_indices: &[CellIndex],
        cells: &[T],
        proofs: &[Bytes48],
    ) -> Result<bool> {
        span!("verify_cells_shared_indices");
        let n = commitments.len();
        if n == 0 && cells.is_empty() && proofs.is_empty() {
            // The flattened lists are empty: nothing to check, whatever the
            // indices (as the spec function over the composition).
            return Ok(true);
        }
        check_cell_indices(cell_indices)?;
        let per = cell_indices.len();
        let total = product(n, per, "cells")?;
        if cells.len() != total || proofs.len() != total {
            return Err(Error::LengthMismatch {
                inputs: &[
                    Input::Commitment,
                    Input::CellIndex,
                    Input::Cell,
                    Input::Proof,
                ],
                lengths: vec![n, per, cells.len(), proofs.len()],
            });
        }
        if total == 0 {
            return Ok(true);
        }
        let flat_commitments: Vec<Bytes48> = commitments
            .iter()
            .flat_map(|c| core::iter::repeat_n(*c, per))
            .collect();
        let flat_indices: Vec<CellIndex> =
            (0..n).flat_map(|_| cell_indices.iter().copied()).collect();
        self.verify_cell_kzg_proof_batch(&flat_commitments, &flat_indices, cells, proofs)
            .map_err(|e| locate(e, per))
    }

    /// Whether `proofs` are the 128 cell proofs of each blob: spec
    /// `compute_cells` of every blob, then `verify_cell_kzg_proof_batch`
    /// over all cells, with blob `b`'s cells at indices 0..127 against
    /// `commitments[b]` and `proofs[128·b + k]` (the execution layer's check
    /// of a blob transaction's cell proofs). No blobs is `Ok(true)`.
    ///
    /// The cells are never computed: cell `k` of a blob is the polynomial
    /// `P` of the blob on the coset `{x: x^64 = s_k}`, so its interpolation
    /// polynomial is `P mod (X^64 − s_k)`, and the randomized sum of all
    /// interpolations is `Σ_r X^r Σ_q p_{64q+r}·u_q` with `u_q = Σ_k t_k
    /// s_k^q` (one 128-point FFT of the randomizers) over the blob's
    /// coefficients `p` (one inverse FFT). The checks are combined with
    /// randomizers `t = a + b·λ` as in
    /// [`KzgVerifier::verify_cell_kzg_proof_batch`], from a SHA-256
    /// challenge over the commitments, blobs and proofs.
    ///
    /// Errors: `proofs.len() != 128·blobs.len()` or `commitments.len() !=
    /// blobs.len()`; a blob with a non-canonical field element
    /// ([`Error::InBlob`]); an invalid commitment (its blob); an invalid
    /// proof ([`Error::InBlob`] with the cell index).
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_blob_cell_proofs<T: Borrow<Blob> + Sync>(
        &self,
        blobs: &[T],
        commitments: &[Bytes48],
        proofs: &[Bytes48],
    ) -> Result<bool> {
        span!("verify_blob_cell_proofs");
        let n = blobs.len();
        let total = product(n, CELLS_PER_EXT_BLOB, "proofs")?;
        if commitments.len() != n || proofs.len() != total {
            return Err(Error::LengthMismatch {
                inputs: &[Input::Blob, Input::Commitment, Input::Proof],
                lengths: vec![n, commitments.len(), proofs.len()],
            });
        }
        if n == 0 {
            return Ok(true);
        }
        // Commitments deduplicated by bytes (blobs may share one).
        let UniqueCommitments {
            unique,
            first_at: unique_at,
            index_of: blob_commitment,
        } = UniqueCommitments::new(commitments);
        // Points on one side; on the other the challenge (it hashes bytes,
        // not points), the randomizers and the interpolation. Errors in the
        // order blobs, commitments, proofs.
        let ((unique_points, points), (halves, randomizers, rli)) = crate::par::join(
            || {
                phase!(
                    "decode points",
                    crate::par::join(
                        || self.decode_commitments(&unique, &unique_at),
                        || {
                            bytes_to_g1_many::<B>(proofs, Input::Proof, |k| k)
                                .map_err(|e| locate(e, CELLS_PER_EXT_BLOB))
                        },
                    )
                )
            },
            || {
                let r = phase!(
                    "challenge",
                    hash_to_bls_field::<B>(
                        &[&BLOB_CELL_PROOFS_DOMAIN[..], &(n as u64).to_be_bytes()[..]]
                            .into_iter()
                            .chain(commitments.iter().map(|c| &c[..]))
                            .chain(blobs.iter().map(|b| &b.borrow()[..]))
                            .chain(proofs.iter().map(|p| &p[..]))
                            .collect::<Vec<&[u8]>>(),
                    )
                );
                let halves = compute_cell_batch_randomizers(&r, total);
                let randomizers = crate::backend::glv::from_halves::<B::Fr>(&halves);
                let rli = phase!(
                    "interpolation",
                    self.blob_interpolations(blobs, &randomizers)
                );
                (halves, randomizers, rli)
            },
        );
        let rli = rli?;
        let unique_points = unique_points?;
        let proofs = points?;

        let columns: Vec<usize> = (0..total).map(|k| k % CELLS_PER_EXT_BLOB).collect();
        let by_column = ByColumn::new(&columns);
        let commitment_indices: Vec<u64> = (0..total)
            .map(|k| blob_commitment[k / CELLS_PER_EXT_BLOB])
            .collect();
        Ok(self.check_cell_batch(CellBatch {
            proofs: &proofs,
            columns: &columns,
            by_column: &by_column,
            randomizers: &randomizers,
            halves: &halves,
            unique_points: &unique_points,
            commitment_indices: &commitment_indices,
            rli,
        }))
    }

    /// `RLI` of [`KzgVerifier::verify_blob_cell_proofs`]: the commitment to
    /// `Σ_{b,k} t_{b,k}·(P_b mod (X^64 − s_k))`, with the randomizers
    /// blob-major (128 per blob).
    fn blob_interpolations<T: Borrow<Blob> + Sync>(
        &self,
        blobs: &[T],
        randomizers: &[B::Fr],
    ) -> Result<crate::ethereum::verifier::CellCommitment<B>> {
        let small = Domain::<B::Fr>::new(CELLS_PER_EXT_BLOB)?;
        // Each blob's share of the 64 coefficients; the blobs' common
        // parsing scale `c` is applied once at the end.
        let shares = crate::par::try_map_collect(blobs.len(), |b| {
            let (evals, c) =
                blob_to_polynomial_scaled::<B>(blobs[b].borrow(), 0).map_err(|e| e.in_blob(b))?;
            // w[e_k] = t_k, so that DFT_128(w)[q] = Σ_k t_k·ω_128^(e_k·q) = u_q.
            let mut w = vec![B::Fr::zero(); CELLS_PER_EXT_BLOB];
            for (k, t) in randomizers[b * CELLS_PER_EXT_BLOB..(b + 1) * CELLS_PER_EXT_BLOB]
                .iter()
                .enumerate()
            {
                w[coset_shift_exponent(k)] = *t;
            }
            fft::fft_in_place(&mut w, &small)?;
            // Σ_q u_q·(chunk q of the blob's coefficients), q < 64.
            let g = crate::math::coeff_chunks::weighted_coeff_chunks(
                &evals,
                &w[..CELLS_PER_BLOB],
                &self.domain,
            )?;
            Ok::<_, Error>((g, c))
        })?;
        let mut g = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_CELL];
        let mut scale = B::Fr::one();
        for (share, c) in shares {
            scale = c;
            for (acc, v) in g.iter_mut().zip(share) {
                *acc += v;
            }
        }
        for v in g.iter_mut() {
            *v *= scale;
        }
        Ok(self.commit_cell_monomial(&g))
    }
}

impl<B: Backend> KzgSettings<B> {
    /// Spec `compute_cells` of each blob: one `Cells` per blob, in order.
    ///
    /// Errors: the first blob (in order) with a non-canonical field element,
    /// as [`Error::InBlob`].
    pub fn compute_cells_batch<T: Borrow<Blob> + Sync>(&self, blobs: &[T]) -> Result<Vec<Cells>> {
        span!("compute_cells_batch");
        crate::par::try_map_collect(blobs.len(), |b| {
            self.compute_cells(blobs[b].borrow())
                .map_err(|e| e.in_blob(b))
        })
    }

    /// Spec `compute_cells_and_kzg_proofs` of each blob, in order.
    ///
    /// Errors: the first blob (in order) with a non-canonical field element,
    /// as [`Error::InBlob`].
    pub fn compute_cells_and_kzg_proofs_batch<T: Borrow<Blob> + Sync>(
        &self,
        blobs: &[T],
    ) -> Result<Vec<(Cells, CellProofs)>> {
        span!("compute_cells_and_kzg_proofs_batch");
        // Tables are built once, before the blobs run side by side.
        self.fk20()?;
        crate::par::try_map_collect(blobs.len(), |b| {
            self.compute_cells_and_kzg_proofs(blobs[b].borrow())
                .map_err(|e| e.in_blob(b))
        })
    }

    /// The cells (not the proofs) of spec `recover_cells_and_kzg_proofs`
    /// for each of `cells.len() / cell_indices.len()` blobs that all lost
    /// the same cells: `cells` holds, blob after blob, the cells at
    /// `cell_indices` (the same list for every blob). The vanishing
    /// polynomial of the missing cells is computed once for all blobs; a
    /// blob whose 64 data cells are all given takes the fast path of
    /// [`KzgSettings::recover_cells`].
    ///
    /// The index rules hold even with no cells (the number of blobs is
    /// that of the cells over the indices; the C ABI, which is given the
    /// number of blobs, writes nothing for none whatever the indices).
    ///
    /// Errors: the index rules of `recover_cells_and_kzg_proofs` (64 to 128
    /// indices, each `< 128`, strictly ascending); `cells.len()` not a
    /// multiple of the number of indices; a non-canonical cell field element
    /// ([`Error::InBlob`] with the cell's position in that blob's list).
    pub fn recover_cells_batch<T: Borrow<Cell> + Sync>(
        &self,
        cell_indices: &[CellIndex],
        cells: &[T],
    ) -> Result<Vec<Cells>> {
        span!("recover_cells_batch");
        let indices = check_recovery_indices(cell_indices)?;
        let per = indices.len();
        if !cells.len().is_multiple_of(per) {
            return Err(Error::LengthMismatch {
                inputs: &[Input::CellIndex, Input::Cell],
                lengths: vec![per, cells.len()],
            });
        }
        let vanishing: Lazy<Vanishing<B::Fr>> = Lazy::new();
        let blobs: Vec<&[T]> = cells.chunks_exact(per).collect();
        crate::par::try_map_collect(blobs.len(), |b| {
            let received =
                parse_received::<B, T>(indices.clone(), blobs[b]).map_err(|e| e.in_blob(b))?;
            self.recover_cells_received(&received, blobs[b], &vanishing)
                .map_err(|e| e.in_blob(b))
        })
    }
}
