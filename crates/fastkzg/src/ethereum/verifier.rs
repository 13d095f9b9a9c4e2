//! `KzgVerifier`: what verification needs of the trusted setup, and the
//! tables built for it. It is the verify-only context (light clients,
//! execution clients that only check proofs: no prover tables, start-up in
//! milliseconds) and the verifier half of [`KzgSettings`](crate::KzgSettings), which holds one
//! and adds the prover's data; both run the same verification code (the
//! `verify_*` methods, defined on this type).
//!
//! Held: the first `FIELD_ELEMENTS_PER_CELL` monomial G1 points (cell
//! interpolation commitments), the G2 points prepared for pairings, the
//! roots of unity of the blob, extended-blob and cell domains in the forms
//! blob evaluation uses, and, built on first use, the cell interpolation
//! table, a comb table of the G1 generator, the prepared G2 point of each
//! cell index and the cache of decoded commitments.

use crate::backend::{Backend, DefaultBackend, Group, Scalar};
use crate::error::{Error, Result};
use crate::ethereum::commitment_cache::CommitmentCache;
use crate::ethereum::constants::{
    CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL,
    FIELD_ELEMENTS_PER_EXT_BLOB,
};
use crate::math::{bit_reversal_permutation, Domain};
use crate::msm::dispatch::{fixed_base_table, FixedBaseTable};
use crate::msm::{FixedBaseMsm, FixedBaseMul, SubsetSumMsm};
use crate::par::Lazy;
use alloc::format;
use alloc::vec::Vec;

/// The fixed-base table of the cell interpolation commitment.
enum CellTable<'a, B: Backend> {
    Buckets(&'a FixedBaseMsm<B>),
    Subsets(&'a SubsetSumMsm<B>),
}

/// A cell interpolation commitment: a point, or the position sums `S_k`
/// of the subset-sum method (the commitment is `Σ_k 2^k·S_k`).
pub(crate) enum CellCommitment<B: Backend> {
    Point(B::G1),
    Positions(Vec<Option<(B::Fp, B::Fp)>>),
}

/// Expanded points per base of the cell interpolation table (128 digits
/// each).
const CELL_SUBSET_LAYERS: usize = 2;
/// Points per window of the cell interpolation table: with 2 layers, the
/// windows that made the one-column interpolation commitment fastest
/// without an MSM kernel (1.7 MiB with blst; docs/performance-notes.md).
const CELL_SUBSET_GROUP: usize = 12;

/// The verifier's part of the Ethereum trusted setup, for one backend.
pub struct KzgVerifier<B: Backend = DefaultBackend> {
    /// `[τ^i]₁` for `i < FIELD_ELEMENTS_PER_CELL`.
    pub(crate) cell_bases: Vec<B::G1Affine>,
    /// `[τ^FIELD_ELEMENTS_PER_CELL]₂`, unprepared (for the per-cell-index
    /// G2 points).
    pub(crate) g2_tau_cell_point: B::G2,
    /// The 4096-th roots of unity in bit-reversed order.
    pub(crate) brp_roots_of_unity: Vec<B::Fr>,
    /// `w_{2k}²` for the bit-reversed roots (`w_{2k+1} = −w_{2k}`), for a
    /// backend's vector blob evaluation ([`Accel::blob_pair_fraction_sum`]).
    ///
    /// [`Accel::blob_pair_fraction_sum`]: crate::backend::Accel::blob_pair_fraction_sum
    pub(crate) brp_root_pairs_squared: Vec<B::Fr>,
    /// The inverse roots that blob evaluation folds with
    /// ([`crate::math::fold_eval`]).
    pub(crate) fold_inverse_roots: Vec<B::Fr>,
    /// The domain of size `FIELD_ELEMENTS_PER_BLOB`.
    pub(crate) domain: Domain<B::Fr>,
    /// The domain of size `FIELD_ELEMENTS_PER_EXT_BLOB`.
    pub(crate) ext_domain: Domain<B::Fr>,
    /// The domain of size `FIELD_ELEMENTS_PER_CELL`.
    pub(crate) cell_domain: Domain<B::Fr>,
    /// `[1]₂`, prepared.
    pub(crate) g2_generator: B::G2Prepared,
    /// `[τ]₂`, prepared.
    pub(crate) g2_tau: B::G2Prepared,
    /// `[τ^FIELD_ELEMENTS_PER_CELL]₂`, prepared (cell proofs).
    pub(crate) g2_tau_cell: B::G2Prepared,
    /// `[τ^64]₂ − h_c^64·[1]₂` for each cell index `c` (`h_c` the shift of
    /// its coset), prepared on first use: the pairing of a cell batch whose
    /// cells all have index `c` (a data-column sidecar), see
    /// [`KzgVerifier::verify_cell_kzg_proof_batch`].
    pub(crate) column_g2: Vec<Lazy<B::G2Prepared>>,
    /// Commitments decoded by cell verification, by their bytes (see
    /// [`KzgVerifier::forget_decoded_commitments`]).
    pub(crate) commitment_cache: CommitmentCache<B>,
    /// Fixed-base table over `cell_bases` for a backend with its own MSM
    /// kernel, built on first use.
    cell_monomial_msm: Lazy<FixedBaseMsm<B>>,
    /// Signed subset sums of the same points for the generic arithmetic,
    /// built on first use.
    cell_monomial_subsets: Lazy<SubsetSumMsm<B>>,
    /// Comb table for multiples of the G1 generator (built on first use).
    generator_mul: Lazy<FixedBaseMul<B>>,
}

impl<B: Backend> core::fmt::Debug for KzgVerifier<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KzgVerifier")
            .field("backend", &B::NAME)
            .finish()
    }
}

impl<B: Backend> KzgVerifier<B> {
    /// Assembles the verifier from already validated points: the first
    /// `FIELD_ELEMENTS_PER_CELL` monomial G1 points and at least
    /// `FIELD_ELEMENTS_PER_CELL + 1` monomial G2 points (the first the
    /// generator).
    pub(crate) fn from_points(cell_bases: Vec<B::G1Affine>, g2_monomial: &[B::G2]) -> Result<Self> {
        if cell_bases.len() != FIELD_ELEMENTS_PER_CELL {
            return Err(Error::InvalidTrustedSetup(format!(
                "expected {FIELD_ELEMENTS_PER_CELL} G1 points for cells, got {}",
                cell_bases.len()
            )));
        }
        let (Some(g2_0), Some(g2_1), Some(g2_cell)) = (
            g2_monomial.first(),
            g2_monomial.get(1),
            g2_monomial.get(FIELD_ELEMENTS_PER_CELL),
        ) else {
            return Err(Error::InvalidTrustedSetup(format!(
                "expected at least {} G2 points, got {}",
                FIELD_ELEMENTS_PER_CELL + 1,
                g2_monomial.len()
            )));
        };
        if *g2_0 != B::G2::generator() {
            return Err(Error::InvalidTrustedSetup(
                "the first G2 point is not the generator".into(),
            ));
        }
        let g2_generator = B::g2_prepare(g2_0);
        // Every check pairs [τ]₂ or [τ^64]₂ with [1]₂.
        let g2_tau = B::g2_prepare_partnered(g2_1, &g2_generator);
        let g2_tau_cell = B::g2_prepare_partnered(g2_cell, &g2_generator);
        let domain = Domain::<B::Fr>::new(FIELD_ELEMENTS_PER_BLOB)?;
        let ext_domain = Domain::new(FIELD_ELEMENTS_PER_EXT_BLOB)?;
        let cell_domain = Domain::new(FIELD_ELEMENTS_PER_CELL)?;
        let brp_roots_of_unity = bit_reversal_permutation(domain.roots());
        let brp_root_pairs_squared = brp_roots_of_unity
            .iter()
            .step_by(2)
            .map(|w| w.square())
            .collect();
        let fold_inverse_roots = crate::math::fold_eval::fold_inverse_roots(&domain);
        Ok(KzgVerifier {
            cell_bases,
            g2_tau_cell_point: *g2_cell,
            brp_roots_of_unity,
            brp_root_pairs_squared,
            fold_inverse_roots,
            domain,
            ext_domain,
            cell_domain,
            g2_generator,
            g2_tau,
            g2_tau_cell,
            column_g2: (0..CELLS_PER_EXT_BLOB).map(|_| Lazy::new()).collect(),
            commitment_cache: CommitmentCache::new(),
            cell_monomial_msm: Lazy::new(),
            cell_monomial_subsets: Lazy::new(),
            generator_mul: Lazy::new(),
        })
    }

    /// Builds now what the verifier otherwise builds on first use: the
    /// cell interpolation table and the generator comb.
    pub fn warm_up(&self) {
        let _ = self.generator_mul();
        let _ = self.cell_monomial_table();
    }

    /// Empties the cache of commitments that cell verification decoded.
    /// Not needed for memory (the cache keeps at most 4096 commitments,
    /// about 0.7 MiB with blst); for measuring verification as if every
    /// commitment were new.
    pub fn forget_decoded_commitments(&self) {
        self.commitment_cache.clear();
    }

    /// `s·[1]₁` through a comb table of the generator (396 KiB with blst).
    pub(crate) fn mul_generator(&self, s: &B::Fr) -> B::G1 {
        self.generator_mul().mul(s)
    }

    fn generator_mul(&self) -> &FixedBaseMul<B> {
        crate::par::get_or_build(&self.generator_mul, || {
            FixedBaseMul::new(&B::G1::generator())
        })
    }

    /// `Σ coeffs[i]·[τ^i]₁` for at most `FIELD_ELEMENTS_PER_CELL` coefficients.
    /// With a backend MSM kernel, a bucket MSM over a window-8 table (203
    /// KiB with blst); otherwise signed subset sums of 2 layers in windows
    /// of up to 12 points (1.7 MiB with blst; 1280 batch-affine additions in
    /// lock step and 255 projective operations, against 2304 additions for
    /// the bucket method).
    ///
    /// The result is left as position sums where the subset-sum table is
    /// used, so that a caller can join it to another MSM's chain of
    /// doublings ([`crate::msm::g1_msm_plus_positions`]).
    pub(crate) fn commit_cell_monomial(&self, coeffs: &[B::Fr]) -> CellCommitment<B> {
        match self.cell_monomial_table() {
            CellTable::Buckets(t) => CellCommitment::Point(t.msm(coeffs)),
            CellTable::Subsets(t) => CellCommitment::Positions(t.position_sums(coeffs)),
        }
    }

    /// The table [`KzgVerifier::commit_cell_monomial`] uses now (built on
    /// first use).
    fn cell_monomial_table(&self) -> CellTable<'_, B> {
        let bases = &self.cell_bases;
        if fixed_base_table::<B>() == FixedBaseTable::Window {
            return CellTable::Buckets(crate::par::get_or_build(&self.cell_monomial_msm, || {
                FixedBaseMsm::new(bases, FixedBaseMsm::<B>::best_window(bases.len(), 16))
            }));
        }
        CellTable::Subsets(crate::par::get_or_build(
            &self.cell_monomial_subsets,
            || SubsetSumMsm::new(bases, CELL_SUBSET_LAYERS, CELL_SUBSET_GROUP),
        ))
    }

    /// The prepared G2 points: the three fixed ones and those built for
    /// cell indices so far, with their lines where the backend counts them.
    fn prepared_g2_bytes(&self) -> usize {
        [&self.g2_generator, &self.g2_tau, &self.g2_tau_cell]
            .into_iter()
            .chain(self.column_g2.iter().filter_map(|c| c.get()))
            .map(|p| core::mem::size_of::<B::G2Prepared>() + B::g2_prepared_heap_bytes(p))
            .sum()
    }

    /// Bytes of memory held by the verifier (points, roots, tables built so
    /// far), an estimate that ignores allocator overhead.
    pub fn memory_bytes(&self) -> usize {
        let g1 = core::mem::size_of::<B::G1Affine>();
        let fr = core::mem::size_of::<B::Fr>();
        let mut total = self.cell_bases.len() * g1
            + core::mem::size_of::<B::G2>()
            + self.prepared_g2_bytes()
            + (self.brp_roots_of_unity.len()
                + self.brp_root_pairs_squared.len()
                + self.fold_inverse_roots.len()
                + self.domain.size()
                + self.ext_domain.size()
                + self.cell_domain.size())
                * fr
            + self.commitment_cache.len()
                * (core::mem::size_of::<crate::ethereum::bytes::Bytes48>() + g1);
        if let Some(t) = self.cell_monomial_msm.get() {
            total += t.memory_bytes();
        }
        if let Some(t) = self.cell_monomial_subsets.get() {
            total += t.memory_bytes();
        }
        if let Some(t) = self.generator_mul.get() {
            total += t.memory_bytes();
        }
        total
    }
}
