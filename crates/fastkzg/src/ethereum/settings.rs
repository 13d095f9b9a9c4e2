//! `KzgSettings`: the Ethereum trusted setup and everything precomputed from
//! it. Built once, immutable, `Send + Sync`, shared across threads.
//!
//! It holds a [`KzgVerifier`] (what verification needs; its `verify_*`
//! methods are reachable on the settings through `Deref`) and adds what
//! proving needs: all monomial and Lagrange points, the DAS extension's
//! coset factors, the commitment table and the FK20 data.

use crate::par::Lazy;
use alloc::format;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};

use crate::backend::{Backend, DefaultBackend, Module};
use crate::error::{Error, Result};
use crate::ethereum::constants::{FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL};
use crate::ethereum::verifier::KzgVerifier;
use crate::kzg::Fk20;
use crate::kzg::Srs;
use crate::math::bit_reversal_permutation;
use crate::msm::FixedBaseMsm;

pub use crate::ethereum::precompute::MAX_PRECOMPUTE;
use crate::ethereum::precompute::{fk20_plan, Fk20Plan};

/// The number of blob commitments (and proofs, which commit to a quotient)
/// computed with the variable-base MSM before the fixed-base Lagrange table
/// is built: about the number of calls whose savings pay for the table.
pub const TABLE_AFTER_COMMITMENTS: usize = 16;

/// The trusted setup plus derived data, for one backend: a
/// [`KzgVerifier`] and the prover's data.
pub struct KzgSettings<B: Backend = DefaultBackend> {
    /// The verifier's part (its methods are reachable through `Deref`).
    pub(crate) verifier: KzgVerifier<B>,
    /// Monomial G1 powers (4096) and G2 powers (65).
    pub(crate) srs: Srs<B>,
    /// Lagrange-basis G1 points in bit-reversed order (spec
    /// `bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE)`).
    pub(crate) g1_lagrange_brp: Vec<B::G1Affine>,
    /// `ω_8192^j / 4096` for `j < 4096` (the DAS extension's coset shift).
    pub(crate) das_factors: Vec<B::Fr>,
    /// Fixed-base table over `g1_lagrange_brp`, built on first use.
    lagrange_msm: Lazy<FixedBaseMsm<B>>,
    /// FK20 precomputation for cell proofs: built at load time when the
    /// precompute level's plan has tables, otherwise on first use.
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

impl<B: Backend> core::ops::Deref for KzgSettings<B> {
    type Target = KzgVerifier<B>;

    /// The verifier's part: every `verify_*` method, `forget_decoded_commitments`.
    fn deref(&self) -> &KzgVerifier<B> {
        &self.verifier
    }
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
        let verifier = KzgVerifier::from_points(
            g1_monomial[..FIELD_ELEMENTS_PER_CELL].to_vec(),
            &g2_monomial,
        )?;
        let das_factors = crate::math::das::das_coset_factors(&verifier.ext_domain)?;
        let settings = KzgSettings {
            verifier,
            srs: Srs {
                g1: g1_monomial,
                g2: g2_monomial,
            },
            g1_lagrange_brp: bit_reversal_permutation(&g1_lagrange),
            das_factors,
            lagrange_msm: Lazy::new(),
            fk20: Lazy::new(),
            fk20_rows,
            untabled_commitments: AtomicUsize::new(0),
            precompute,
        };
        if settings.fk20_plan() != Fk20Plan::NoTable {
            settings.fk20()?;
        }
        Ok(settings)
    }

    /// The FK20 table plan of this settings' precompute level on this
    /// CPU (see [`fk20_plan`]).
    pub fn fk20_plan(&self) -> Fk20Plan {
        fk20_plan(
            self.precompute,
            crate::msm::dispatch::fixed_base_table::<B>(),
        )
    }

    /// The FK20 precomputation for cells of `FIELD_ELEMENTS_PER_CELL`.
    pub(crate) fn fk20(&self) -> Result<&Fk20<B>> {
        crate::par::get_or_build(&self.fk20, || {
            let plan = self.fk20_plan();
            let window = match plan {
                Fk20Plan::Window(w) => w,
                Fk20Plan::NoTable | Fk20Plan::Subsets(_) => 0,
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
                if let Fk20Plan::Subsets(group) = plan {
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

    /// The verifier's part, which [`KzgSettings::into_verifier`] keeps.
    pub fn verifier(&self) -> &KzgVerifier<B> {
        &self.verifier
    }

    /// The verifier's part alone, the prover's data dropped (a verify-only
    /// context from any setup these settings were loaded from).
    pub fn into_verifier(self) -> KzgVerifier<B> {
        self.verifier
    }

    /// Builds the lazily computed tables (commitment table, generator comb,
    /// the table of cell verification's interpolation commitment, FK20
    /// data, and at precompute 0 without IFMA the FK20 shifted layers) now
    /// rather than on first use.
    pub fn warm_up(&self) {
        let _ = self.lagrange_msm();
        self.verifier.warm_up();
        if let Ok(fk20) = self.fk20() {
            fk20.warm_up();
        }
    }

    pub(crate) fn lagrange_msm(&self) -> &FixedBaseMsm<B> {
        crate::par::get_or_build(&self.lagrange_msm, || {
            // 4096 bases: window 13, 20 layers, 7.5 MiB with blst.
            let bases = &self.g1_lagrange_brp;
            FixedBaseMsm::new(bases, FixedBaseMsm::<B>::best_window(bases.len(), 16))
        })
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

    /// Bytes of memory held by the settings (points, roots, tables built so
    /// far), an estimate that ignores allocator overhead.
    pub fn memory_bytes(&self) -> usize {
        let g1 = core::mem::size_of::<B::G1Affine>();
        let fr = core::mem::size_of::<B::Fr>();
        let mut total = self.verifier.memory_bytes()
            + (self.srs.g1.len() + self.g1_lagrange_brp.len()) * g1
            + self.srs.g2.len() * core::mem::size_of::<B::G2>()
            + self.das_factors.len() * fr;
        if let Some(t) = self.lagrange_msm.get() {
            total += t.memory_bytes();
        }
        if let Some(Ok(f)) = self.fk20.get() {
            total += f.memory_bytes();
        }
        total
    }
}
