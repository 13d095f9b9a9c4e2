//! `KzgSettings`: the Ethereum trusted setup and everything precomputed from
//! it. Built once, immutable, `Send + Sync`, shared across threads.

use crate::par::Lazy;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::backend::{Backend, Blst, Group, Module, Scalar};
use crate::error::{Error, Result};
use crate::ethereum::commitment_cache::CommitmentCache;
use crate::ethereum::constants::{
    CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL,
    FIELD_ELEMENTS_PER_EXT_BLOB,
};
use crate::kzg::Fk20;
use crate::kzg::Srs;
use crate::math::{bit_reversal_permutation, Domain};
use crate::msm::{FixedBaseMsm, FixedBaseMul, SubsetSumMsm};

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
/// Points per window of the cell interpolation table (with 2 layers: the
/// interpolation commitment of a one-column batch, without IFMA on a Zen
/// 5 EPYC, about 520 µs with the window-8 bucket table, 445 µs with 4
/// layers in windows of 10 and 405 µs with these, now 1.7 MiB as the
/// windows hold 11 or 12 points).
const CELL_SUBSET_GROUP: usize = 12;

/// The largest accepted `precompute` level (as in c-kzg-4844).
pub const MAX_PRECOMPUTE: usize = 15;

/// The number of blob commitments (and proofs, which commit to a quotient)
/// computed with the variable-base MSM before the fixed-base Lagrange table
/// is built: about the number of calls whose savings pay for the table.
pub const TABLE_AFTER_COMMITMENTS: usize = 16;

/// The trusted setup plus derived data, for one backend.
pub struct KzgSettings<B: Backend = Blst> {
    /// Monomial G1 powers (4096) and G2 powers (65).
    pub(crate) srs: Srs<B>,
    /// Lagrange-basis G1 points in bit-reversed order (spec
    /// `bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE)`).
    pub(crate) g1_lagrange_brp: Vec<B::G1Affine>,
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
    /// `ω_8192^j / 4096` for `j < 4096` (the DAS extension's coset shift).
    pub(crate) das_factors: Vec<B::Fr>,
    /// `[1]₂`, prepared.
    pub(crate) g2_generator: B::G2Prepared,
    /// `[τ]₂`, prepared.
    pub(crate) g2_tau: B::G2Prepared,
    /// `[τ^FIELD_ELEMENTS_PER_CELL]₂`, prepared (cell proofs).
    pub(crate) g2_tau_cell: B::G2Prepared,
    /// `[τ^64]₂ − h_c^64·[1]₂` for each cell index `c` (`h_c` the shift of
    /// its coset), prepared on first use: the pairing of a cell batch whose
    /// cells all have index `c` (a data-column sidecar), see
    /// [`KzgSettings::verify_cell_kzg_proof_batch`].
    pub(crate) column_g2: Vec<Lazy<B::G2Prepared>>,
    /// Commitments decoded by cell verification, by their bytes (see
    /// [`KzgSettings::forget_decoded_commitments`]).
    pub(crate) commitment_cache: CommitmentCache<B>,
    /// Fixed-base table over `g1_lagrange_brp`, built on first use.
    lagrange_msm: Lazy<FixedBaseMsm<B>>,
    /// Fixed-base table over the first `FIELD_ELEMENTS_PER_CELL` monomial
    /// points (cell-verification interpolation commitments) for a backend
    /// with its own MSM kernel, built on first use.
    cell_monomial_msm: Lazy<FixedBaseMsm<B>>,
    /// Signed subset sums of the same points for the generic arithmetic,
    /// built on first use.
    cell_monomial_subsets: Lazy<SubsetSumMsm<B>>,
    /// Comb table for multiples of the G1 generator (built on first use).
    generator_mul: Lazy<FixedBaseMul<B>>,
    /// FK20 precomputation for cell proofs: built at load time when
    /// `precompute > 0` (with fixed-base tables), otherwise on first use.
    fk20: Lazy<Result<Fk20<B>>>,
    /// The FK20 rows of this setup in the uncompressed layout of
    /// [`crate::ethereum::embedded::MAINNET_FK20_BIN`], when they are known in advance
    /// (the embedded mainnet setup): read instead of computed.
    fk20_rows: Option<&'static [u8]>,
    /// Commitments computed so far without the Lagrange table (see
    /// [`KzgSettings::commit_lagrange`]).
    untabled_commitments: AtomicUsize,
    /// The precompute level requested at load time.
    pub(crate) precompute: usize,
}

impl<B: Backend> core::fmt::Debug for KzgSettings<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KzgSettings")
            .field("backend", &B::NAME)
            .field("g1_points", &self.srs.g1.len())
            .field("g2_points", &self.srs.g2.len())
            .field("precompute", &self.precompute)
            .finish()
    }
}

impl<B: Backend> KzgSettings<B> {
    /// Assembles settings from already validated points: `g1_monomial` and
    /// `g1_lagrange` (natural order) of `FIELD_ELEMENTS_PER_BLOB` points each,
    /// and at least `FIELD_ELEMENTS_PER_CELL + 1` G2 monomial points.
    /// `fk20_rows`: the FK20 rows of exactly this setup, if known (pinned
    /// data only; they are not checked against the points).
    pub(crate) fn from_points(
        g1_monomial: Vec<B::G1Affine>,
        g1_lagrange: Vec<B::G1Affine>,
        g2_monomial: Vec<B::G2>,
        precompute: usize,
        fk20_rows: Option<&'static [u8]>,
    ) -> Result<Self> {
        if precompute > MAX_PRECOMPUTE {
            return Err(Error::InvalidTrustedSetup(format!(
                "precompute level {precompute} exceeds the maximum {MAX_PRECOMPUTE}"
            )));
        }
        if g1_monomial.len() != FIELD_ELEMENTS_PER_BLOB
            || g1_lagrange.len() != FIELD_ELEMENTS_PER_BLOB
        {
            return Err(Error::InvalidTrustedSetup(format!(
                "expected {FIELD_ELEMENTS_PER_BLOB} G1 points in each form, got {} monomial and {} Lagrange",
                g1_monomial.len(),
                g1_lagrange.len()
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
        let g2_generator = B::g2_prepare(g2_0);
        // Every check pairs [τ]₂ or [τ^64]₂ with [1]₂.
        let g2_tau = B::g2_prepare_partnered(g2_1, &g2_generator);
        let g2_tau_cell = B::g2_prepare_partnered(g2_cell, &g2_generator);
        if *g2_0 != B::G2::generator() {
            return Err(Error::InvalidTrustedSetup(
                "the first G2 point is not the generator".into(),
            ));
        }
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
        let das_factors = crate::math::das::das_coset_factors(&ext_domain)?;
        let settings = KzgSettings {
            srs: Srs {
                g1: g1_monomial,
                g2: g2_monomial,
            },
            g1_lagrange_brp: bit_reversal_permutation(&g1_lagrange),
            brp_roots_of_unity,
            brp_root_pairs_squared,
            fold_inverse_roots,
            domain,
            ext_domain,
            cell_domain,
            das_factors,
            g2_generator,
            g2_tau,
            g2_tau_cell,
            column_g2: (0..CELLS_PER_EXT_BLOB).map(|_| Lazy::new()).collect(),
            commitment_cache: CommitmentCache::new(),
            lagrange_msm: Lazy::new(),
            cell_monomial_msm: Lazy::new(),
            cell_monomial_subsets: Lazy::new(),
            generator_mul: Lazy::new(),
            fk20: Lazy::new(),
            fk20_rows,
            untabled_commitments: AtomicUsize::new(0),
            precompute,
        };
        if precompute > 0 {
            settings.fk20()?;
        }
        Ok(settings)
    }

    /// The FK20 window used for a precompute level: 0 = no tables,
    /// otherwise `max(precompute, 2)`.
    pub(crate) fn fk20_table_window(precompute: usize) -> usize {
        match precompute {
            0 => 0,
            p => p.max(2),
        }
    }

    /// Without an MSM kernel of the backend, level 8 (the recommended one)
    /// builds tables of signed subset sums over 7 windows of 9 or 10 points
    /// instead of the window-8 table (24 MiB with blst either way; about
    /// 13 % fewer field multiplications per row MSM); with a kernel (blst's
    /// IFMA kernels) the kernel's window-8 table.
    pub(crate) fn fk20_subset_group(precompute: usize) -> Option<usize> {
        (precompute == 8 && !B::msm_accelerated()).then_some(10)
    }

    /// The FK20 precomputation for cells of `FIELD_ELEMENTS_PER_CELL`.
    pub(crate) fn fk20(&self) -> Result<&Fk20<B>> {
        crate::par::get_or_build(&self.fk20, || {
            let subset_group = Self::fk20_subset_group(self.precompute);
            let window = match subset_group {
                Some(_) => 0,
                None => Self::fk20_table_window(self.precompute),
            };
            let fk20 = match self.fk20_rows {
                Some(bytes) => Fk20::from_rows(
                    FIELD_ELEMENTS_PER_BLOB,
                    FIELD_ELEMENTS_PER_CELL,
                    crate::ethereum::embedded::fk20_rows_from_uncompressed::<B>(bytes)?,
                    window,
                ),
                None => Fk20::new(
                    &self.srs,
                    FIELD_ELEMENTS_PER_BLOB,
                    FIELD_ELEMENTS_PER_CELL,
                    window,
                ),
            };
            fk20.map(|mut fk20| {
                if let Some(group) = subset_group {
                    fk20.build_subset_sum_tables(group);
                }
                fk20
            })
        })
        .as_ref()
        .map_err(Error::duplicate)
    }

    /// The monomial-form structured reference string.
    pub fn srs(&self) -> &Srs<B> {
        &self.srs
    }

    /// The Lagrange-basis G1 points in bit-reversed order.
    pub fn g1_lagrange_brp(&self) -> &[B::G1Affine] {
        &self.g1_lagrange_brp
    }

    /// The precompute level these settings were loaded with.
    pub fn precompute(&self) -> usize {
        self.precompute
    }

    /// Builds the lazily computed tables (commitment table, generator comb,
    /// the table of cell verification's interpolation commitment, FK20
    /// data, and at precompute 0 without IFMA the FK20 shifted layers) now
    /// rather than on first use.
    pub fn warm_up(&self) {
        let _ = self.lagrange_msm();
        let _ = self.generator_mul();
        let _ = self.cell_monomial_table();
        if let Ok(fk20) = self.fk20() {
            fk20.warm_up();
        }
    }

    /// Empties the cache of commitments that
    /// [`KzgSettings::verify_cell_kzg_proof_batch`] decoded. Not needed for
    /// memory (the cache keeps at most 4096 commitments, about 0.7 MiB with
    /// blst); for measuring verification as if every commitment were new.
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

    pub(crate) fn lagrange_msm(&self) -> &FixedBaseMsm<B> {
        crate::par::get_or_build(&self.lagrange_msm, || {
            // 4096 bases: window 13, 20 layers, 7.5 MiB with blst.
            let bases = &self.g1_lagrange_brp;
            FixedBaseMsm::new(bases, FixedBaseMsm::<B>::best_window(bases.len(), 16))
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

    /// The table [`KzgSettings::commit_cell_monomial`] uses now (built on
    /// first use).
    fn cell_monomial_table(&self) -> CellTable<'_, B> {
        let bases = &self.srs.g1[..FIELD_ELEMENTS_PER_CELL];
        if B::msm_accelerated() {
            return CellTable::Buckets(crate::par::get_or_build(&self.cell_monomial_msm, || {
                FixedBaseMsm::new(bases, FixedBaseMsm::<B>::best_window(bases.len(), 16))
            }));
        }
        CellTable::Subsets(crate::par::get_or_build(
            &self.cell_monomial_subsets,
            || SubsetSumMsm::new(bases, CELL_SUBSET_LAYERS, CELL_SUBSET_GROUP),
        ))
    }

    /// `Σ scalars[i]·L_brp[i]`: a commitment to a polynomial in evaluation
    /// form (spec `g1_lincomb(bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE), …)`).
    ///
    /// The fixed-base table over the 4096 Lagrange points (7.5 MiB with
    /// blst) makes each commitment faster but costs several commitments to
    /// build, so it is built only once [`TABLE_AFTER_COMMITMENTS`] commitments
    /// have been computed with the variable-base MSM (or by [`warm_up`]): a
    /// process that commits once never pays for it, one that commits often
    /// pays for it once.
    ///
    /// [`warm_up`]: KzgSettings::warm_up
    pub(crate) fn commit_lagrange(&self, scalars: &[B::Fr]) -> B::G1 {
        crate::trace::span!("commitment MSM");
        if scalars.is_empty() {
            return B::G1::zero();
        }
        if let Some(table) = self.lagrange_msm.get() {
            return table.msm(scalars);
        }
        // The call that counts exactly `TABLE_AFTER_COMMITMENTS` builds the
        // table; calls before it, and calls while it builds, go without.
        if self.untabled_commitments.fetch_add(1, Ordering::Relaxed) != TABLE_AFTER_COMMITMENTS {
            return crate::msm::g1_lincomb::<B>(&self.g1_lagrange_brp, scalars);
        }
        self.lagrange_msm().msm(scalars)
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

    /// Bytes of memory held by the settings (points, roots, tables built so
    /// far), an estimate that ignores allocator overhead.
    pub fn memory_bytes(&self) -> usize {
        let g1 = core::mem::size_of::<B::G1Affine>();
        let fr = core::mem::size_of::<B::Fr>();
        let mut total = (self.srs.g1.len() + self.g1_lagrange_brp.len()) * g1
            + self.srs.g2.len() * core::mem::size_of::<B::G2>()
            + self.prepared_g2_bytes()
            + (self.brp_roots_of_unity.len()
                + self.brp_root_pairs_squared.len()
                + self.fold_inverse_roots.len()
                + self.domain.size()
                + self.ext_domain.size()
                + self.das_factors.len())
                * fr
            + self.commitment_cache.len()
                * (core::mem::size_of::<crate::ethereum::bytes::Bytes48>() + g1);
        if let Some(t) = self.lagrange_msm.get() {
            total += t.memory_bytes();
        }
        if let Some(t) = self.cell_monomial_msm.get() {
            total += t.memory_bytes();
        }
        if let Some(t) = self.cell_monomial_subsets.get() {
            total += t.memory_bytes();
        }
        if let Some(t) = self.generator_mul.get() {
            total += t.memory_bytes();
        }
        if let Some(Ok(f)) = self.fk20.get() {
            total += f.memory_bytes();
        }
        total
    }
}
