//! The KZG10 toolkit cases (fastkzg only), generic over the backend: Fr and
//! G1 FFTs, the DAS extension, variable- and fixed-base MSMs, FK20
//! multi-proofs, zero polynomials and erasure recovery.

use std::sync::OnceLock;

use fastkzg::backend::{Backend, Module, Scalar};
use fastkzg::kzg::Fk20;
use fastkzg::math::{das, erasure, fft, zero_poly, Domain};
use fastkzg::msm::FixedBaseMsm;
use fastkzg::KzgSettings;
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};

use crate::cases::Job;

/// The largest MSM benchmarked (log2 of the point count).
pub const MAX_MSM_SCALE: u32 = 16;
/// The largest FFT benchmarked (log2 of the size).
pub const MAX_FFT_SCALE: u32 = 15;
/// The largest G1 FFT in quick mode.
pub const QUICK_G1_FFT_SCALE: u32 = 12;

/// A toolkit case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// `fft::fft_in_place` over Fr, size `2^s`.
    FrFft(u32),
    /// `fft::fft_in_place` over G1 (projective), size `2^s`.
    G1Fft(u32),
    /// `fft::g1_fft_in_place_parallel` over G1, size `2^s` (the FK20 path).
    G1FftParallel(u32),
    /// `das::das_extension` of `2^s` evaluations to `2^(s+1)`.
    DasExtension(u32),
    /// `Backend::g1_msm` (variable base) of `2^s` points.
    Msm(u32),
    /// `FixedBaseMsm::msm` over the 4096 Lagrange setup points with a window.
    FixedBaseMsm(usize),
    /// `Fk20::multi_proofs` for 4096 coefficients and cells of 64, with
    /// fixed-base tables of this window (0 = none).
    Fk20MultiProofs(usize),
    /// `Fk20::h_commitments` (the same without the last G1 FFT).
    Fk20HCommitments(usize),
    /// `zero_poly::zero_polynomial` of `n` roots.
    ZeroPolynomial(usize),
    /// `erasure::recover_from_samples` over `2^s` points, a random half missing.
    ErasureRecovery(u32),
    /// `KzgSettings::construct_vanishing_polynomial` for 64 missing cells.
    CellVanishingPolynomial,
    /// `erasure::recover_with_zero_poly` over 8192 points with the vanishing
    /// polynomial of 64 missing cells (the core of cell recovery).
    CellRecoverWithZeroPoly,
}

impl Tool {
    /// The group (criterion group, report family), the parameter (scale,
    /// window, roots; chart axes), the parameter as text, and whether
    /// fastkzg runs it in parallel with the `parallel` feature.
    fn info(&self) -> (&'static str, u64, String, bool) {
        let tables = |w: usize| {
            if w == 0 {
                "no tables".into()
            } else {
                format!("tables w={w}")
            }
        };
        let (s, w) = (
            |s: &u32| (*s as u64, format!("2^{s}")),
            |w: &usize| *w as u64,
        );
        let ((p, l), group, par) = match self {
            Tool::FrFft(n) => (s(n), "fr_fft", false),
            Tool::G1Fft(n) => (s(n), "g1_fft", false),
            Tool::G1FftParallel(n) => (s(n), "g1_fft_parallel", true),
            Tool::DasExtension(n) => (s(n), "das_extension", false),
            Tool::Msm(n) => (s(n), "g1_msm", false),
            Tool::ErasureRecovery(n) => (s(n), "erasure_recover_from_samples", false),
            Tool::FixedBaseMsm(x) => ((w(x), format!("w={x}")), "fixed_base_msm_4096", true),
            Tool::Fk20MultiProofs(x) => ((w(x), tables(*x)), "fk20_multi_proofs", true),
            Tool::Fk20HCommitments(x) => ((w(x), tables(*x)), "fk20_h_commitments", true),
            Tool::ZeroPolynomial(n) => ((w(n), format!("{n} roots")), "zero_polynomial", false),
            Tool::CellVanishingPolynomial => (
                (64, "64 missing cells".into()),
                "cell_vanishing_polynomial",
                false,
            ),
            Tool::CellRecoverWithZeroPoly => (
                (64, "64 missing cells".into()),
                "cell_recover_with_zero_poly",
                false,
            ),
        };
        (group, p, l, par)
    }

    /// The criterion group / report family.
    pub fn group(&self) -> &'static str {
        self.info().0
    }

    /// The parameter (scale, points, window, roots), as used on chart axes.
    pub fn param(&self) -> u64 {
        self.info().1
    }

    /// The parameter as text (`2^12`, `w=8`, `64 roots`).
    pub fn param_label(&self) -> String {
        self.info().2
    }

    /// Whether fastkzg runs this case in parallel with the `parallel`
    /// feature (benchmarked at 2 threads too then).
    pub fn parallel(&self) -> bool {
        self.info().3
    }

    /// Every case, in benchmark order; `quick` stops G1 FFTs at 2^12.
    pub fn all(quick: bool) -> Vec<Tool> {
        let g1_max = if quick {
            QUICK_G1_FFT_SCALE
        } else {
            MAX_FFT_SCALE
        };
        let mut v: Vec<Tool> = (4..=MAX_FFT_SCALE).map(Tool::FrFft).collect();
        v.extend((4..=g1_max).map(Tool::G1Fft));
        v.extend((4..=g1_max).map(Tool::G1FftParallel));
        v.extend((4..=MAX_FFT_SCALE).map(Tool::DasExtension));
        v.extend((6..=MAX_MSM_SCALE).map(Tool::Msm));
        v.extend([8, 13].map(Tool::FixedBaseMsm));
        v.extend([0, 8].map(Tool::Fk20MultiProofs));
        v.extend([0, 8].map(Tool::Fk20HCommitments));
        v.extend([16, 64, 256, 1024, 4096].map(Tool::ZeroPolynomial));
        v.extend((8..=13).map(Tool::ErasureRecovery));
        v.extend([Tool::CellVanishingPolynomial, Tool::CellRecoverWithZeroPoly]);
        v
    }
}

/// A job that runs `f`, keeps its result from being optimized away and
/// returns the fingerprint 0.
fn job<'a, R>(mut f: impl FnMut() -> R + Send + 'a) -> Job<'a> {
    Box::new(move || {
        std::hint::black_box(f());
        0
    })
}

/// Inputs of the toolkit cases on backend `B` (random, fixed seeds).
pub struct ToolkitInputs<B: Backend> {
    /// The mainnet settings (precompute 0).
    pub ks: KzgSettings<B>,
    /// `2^16` random scalars.
    pub scalars: Vec<B::Fr>,
    /// `2^16` distinct affine points (the 4096 setup points times 1..16).
    pub points: Vec<B::G1Affine>,
    /// The 4096 coefficients of a random blob polynomial.
    pub coeffs: Vec<B::Fr>,
    fk20: [OnceLock<Fk20<B>>; 2],
    fixed: [OnceLock<FixedBaseMsm<B>>; 2],
}

/// A random scalar of backend `B`.
pub fn random_fr<B: Backend>(rng: &mut impl RngCore) -> B::Fr {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    B::Fr::from_bytes_be_reduced(&b)
}

impl<B: Backend> ToolkitInputs<B> {
    /// Builds the inputs (loads the embedded setup, derives `2^16` points).
    pub fn new() -> Self {
        let ks = KzgSettings::<B>::load_mainnet(0).expect("embedded setup");
        let mut rng = rand::rngs::StdRng::seed_from_u64(42);
        let n = 1usize << MAX_MSM_SCALE;
        let scalars: Vec<B::Fr> = (0..n).map(|_| random_fr::<B>(&mut rng)).collect();
        let base: Vec<B::G1> = ks.srs().g1.iter().map(B::g1_from_affine).collect();
        let mut points = Vec::with_capacity(n);
        let mut acc = base.clone();
        while points.len() < n {
            points.extend(B::g1_batch_to_affine(&acc));
            for (a, b) in acc.iter_mut().zip(&base) {
                *a += *b;
            }
        }
        points.truncate(n);
        let blob = &crate::random_blobs(1, crate::BLOB_SEED)[0];
        let evals =
            fastkzg::ethereum::bytes::blob_to_polynomial::<B>(blob).expect("canonical blob");
        let coeffs = das::brp_evals_to_coeffs(&evals, &Domain::new(evals.len()).expect("domain"))
            .expect("ifft");
        ToolkitInputs {
            ks,
            scalars,
            points,
            coeffs,
            fk20: [OnceLock::new(), OnceLock::new()],
            fixed: [OnceLock::new(), OnceLock::new()],
        }
    }

    /// The FK20 precomputation for 4096 coefficients and cells of 64, with
    /// tables of window 8 or none (built on first use).
    pub fn fk20(&self, window: usize) -> &Fk20<B> {
        let slot = usize::from(window > 0);
        self.fk20[slot].get_or_init(|| {
            Fk20::new(self.ks.srs(), 4096, 64, if window > 0 { 8 } else { 0 }).expect("FK20")
        })
    }

    /// A fixed-base table over the 4096 Lagrange points, window 8 or 13.
    pub fn fixed(&self, window: usize) -> &FixedBaseMsm<B> {
        let (slot, w) = if window <= 8 { (0, 8) } else { (1, 13) };
        self.fixed[slot].get_or_init(|| FixedBaseMsm::new(self.ks.g1_lagrange_brp(), w))
    }

    /// The job of a case (its result is discarded; the fingerprint is 0).
    pub fn job(&self, tool: Tool) -> Job<'_> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let size = |s: u32| 1usize << s;
        let domain = |n: usize| Domain::<B::Fr>::new(n).expect("domain");
        match tool {
            Tool::FrFft(s) => {
                let (mut buf, d) = (self.scalars[..size(s)].to_vec(), domain(size(s)));
                job(move || fft::fft_in_place(&mut buf, &d).expect("fft"))
            }
            Tool::G1Fft(s) | Tool::G1FftParallel(s) => {
                let p = self.points[..size(s)].iter();
                let (mut buf, d) = (
                    p.map(B::g1_from_affine).collect::<Vec<_>>(),
                    domain(size(s)),
                );
                match tool {
                    Tool::G1Fft(_) => {
                        job(move || fft::g1_fft_in_place::<B>(&mut buf, &d).expect("fft"))
                    }
                    _ => {
                        job(move || fft::g1_fft_in_place_parallel::<B>(&mut buf, &d).expect("fft"))
                    }
                }
            }
            Tool::DasExtension(s) => {
                let (evals, d, e) = (
                    &self.scalars[..size(s)],
                    domain(size(s)),
                    domain(2 * size(s)),
                );
                job(move || das::das_extension(evals, &d, &e).expect("extension"))
            }
            Tool::Msm(s) => {
                let (p, k) = (&self.points[..size(s)], &self.scalars[..size(s)]);
                job(move || fastkzg::msm::g1_msm::<B>(p, k))
            }
            Tool::FixedBaseMsm(w) => {
                let (t, k) = (self.fixed(w), &self.scalars[..4096]);
                job(move || t.msm(k))
            }
            Tool::Fk20MultiProofs(w) => {
                let (fk, c) = (self.fk20(w), &self.coeffs);
                job(move || fk.multi_proofs(c).expect("fk20"))
            }
            Tool::Fk20HCommitments(w) => {
                let (fk, c) = (self.fk20(w), &self.coeffs);
                job(move || fk.h_commitments(c).expect("fk20"))
            }
            Tool::ZeroPolynomial(n) => {
                let roots = &self.scalars[..n];
                job(move || zero_poly::zero_polynomial(roots))
            }
            Tool::ErasureRecovery(s) => {
                let (n, d) = (size(s), domain(size(s)));
                let mut coeffs = self.scalars[..n / 2].to_vec();
                coeffs.resize(n, B::Fr::zero());
                let mut samples: Vec<Option<B::Fr>> = fft::fft(&coeffs, &d)
                    .expect("fft")
                    .into_iter()
                    .map(Some)
                    .collect();
                let mut idx: Vec<usize> = (0..n).collect();
                idx.shuffle(&mut rng);
                for i in &idx[..n / 2] {
                    samples[*i] = None;
                }
                job(move || erasure::recover_from_samples(&samples, &d).expect("recovery"))
            }
            Tool::CellVanishingPolynomial => {
                let (ks, missing_ids) =
                    (&self.ks, random_missing_cells(&mut rng).map(|c| c as u64));
                job(move || ks.construct_vanishing_polynomial(&missing_ids))
            }
            Tool::CellRecoverWithZeroPoly => {
                let missing = random_missing_cells(&mut rng);
                let ids = missing.map(|c| c as u64);
                let zero = self
                    .ks
                    .construct_vanishing_polynomial(&ids)
                    .expect("cell indices < 128");
                let (d, mut evals) = (domain(8192), self.scalars[..8192].to_vec());
                for c in missing {
                    evals[c * 64..(c + 1) * 64].fill(B::Fr::zero());
                }
                job(move || erasure::recover_with_zero_poly(&evals, &zero, &d).expect("recovery"))
            }
        }
    }
}

impl<B: Backend> Default for ToolkitInputs<B> {
    fn default() -> Self {
        Self::new()
    }
}

fn random_missing_cells(rng: &mut impl RngCore) -> [usize; 64] {
    let mut idx: Vec<usize> = (0..128).collect();
    idx.shuffle(rng);
    let mut m: [usize; 64] = idx[..64].try_into().expect("64 cells");
    m.sort_unstable();
    m
}
