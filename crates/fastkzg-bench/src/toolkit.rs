//! The KZG10 toolkit cases (fastkzg only), generic over the backend: Fr and
//! G1 FFTs, the DAS extension, variable- and fixed-base MSMs, FK20
//! multi-proofs, zero polynomials and erasure recovery.

use fastkzg::backend::{Backend, Module, Scalar};
use fastkzg::ethereum::bytes::blob_to_polynomial;
use fastkzg::kzg::Fk20;
use fastkzg::math::{das, erasure, fft, zero_poly, Domain};
use fastkzg::msm::FixedBaseMsm;
use fastkzg::KzgSettings;
use rand::seq::index::sample;
use rand::{RngCore, SeedableRng};

use crate::cases::Job;

/// The largest MSM benchmarked (log2 of the point count).
pub const MAX_MSM_SCALE: u32 = 16;
/// The largest FFT benchmarked (log2 of the size).
pub const MAX_FFT_SCALE: u32 = 15;

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
    /// The criterion group / report family, the parameter (scale, window,
    /// roots; chart axes) and the parameter as text (`2^12`, `w=8`,
    /// `64 roots`).
    pub fn info(&self) -> (&'static str, u64, String) {
        let tables = |w: &usize| match w {
            0 => "no tables".to_string(),
            w => format!("tables w={w}"),
        };
        let two = |s: &u32| (*s as u64, format!("2^{s}"));
        let cells = (64, "64 missing cells".into());
        let (group, (p, l)) = match self {
            Tool::FrFft(s) => ("fr_fft", two(s)),
            Tool::G1Fft(s) => ("g1_fft", two(s)),
            Tool::G1FftParallel(s) => ("g1_fft_parallel", two(s)),
            Tool::DasExtension(s) => ("das_extension", two(s)),
            Tool::Msm(s) => ("g1_msm", two(s)),
            Tool::ErasureRecovery(s) => ("erasure_recover_from_samples", two(s)),
            Tool::FixedBaseMsm(w) => ("fixed_base_msm_4096", (*w as u64, format!("w={w}"))),
            Tool::Fk20MultiProofs(w) => ("fk20_multi_proofs", (*w as u64, tables(w))),
            Tool::Fk20HCommitments(w) => ("fk20_h_commitments", (*w as u64, tables(w))),
            Tool::ZeroPolynomial(n) => ("zero_polynomial", (*n as u64, format!("{n} roots"))),
            Tool::CellVanishingPolynomial => ("cell_vanishing_polynomial", cells),
            Tool::CellRecoverWithZeroPoly => ("cell_recover_with_zero_poly", cells),
        };
        (group, p, l)
    }

    /// The criterion group / report family.
    pub fn group(&self) -> &'static str {
        self.info().0
    }

    /// Whether fastkzg runs this case in parallel with the `parallel`
    /// feature (benchmarked at 2 threads too then).
    pub fn parallel(&self) -> bool {
        use Tool::{FixedBaseMsm, Fk20HCommitments, Fk20MultiProofs, G1FftParallel};
        matches!(
            self,
            G1FftParallel(_) | FixedBaseMsm(_) | Fk20MultiProofs(_) | Fk20HCommitments(_)
        )
    }

    /// Every case, in benchmark order: FFTs of 2^4..2^15 (`quick` stops G1
    /// FFTs at 2^12), MSMs of 2^6..2^16 points.
    pub fn all(quick: bool) -> Vec<Tool> {
        let g1_max = if quick { 12 } else { MAX_FFT_SCALE };
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
}

impl<B: Backend> ToolkitInputs<B> {
    /// Builds the inputs (loads the embedded setup, derives `2^16` points).
    pub fn mainnet() -> Self {
        let ks = KzgSettings::<B>::load_mainnet(0).expect("embedded setup");
        let mut rng = rand::rngs::StdRng::seed_from_u64(42);
        let n = 1usize << MAX_MSM_SCALE;
        let scalars = (0..n).map(|_| {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            B::Fr::from_bytes_be_reduced(&b)
        });
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
        let evals = blob_to_polynomial::<B>(blob).expect("canonical blob");
        let coeffs = das::brp_evals_to_coeffs(&evals, &Domain::new(evals.len()).expect("domain"))
            .expect("ifft");
        ToolkitInputs {
            ks,
            scalars: scalars.collect(),
            points,
            coeffs,
        }
    }

    /// The job of a case (its result is discarded; the fingerprint is 0).
    /// FK20 and fixed-base tables are built here, outside the timing.
    pub fn job(&self, tool: Tool) -> Job<'_> {
        let rng = || rand::rngs::StdRng::seed_from_u64(9);
        let size = |s: u32| 1usize << s;
        let domain = |n: usize| Domain::<B::Fr>::new(n).expect("domain");
        let fk20 = |w: usize| Fk20::new(self.ks.srs(), 4096, 64, w).expect("FK20");
        match tool {
            Tool::FrFft(s) => {
                let (mut buf, d) = (self.scalars[..size(s)].to_vec(), domain(size(s)));
                job(move || fft::fft_in_place(&mut buf, &d).expect("fft"))
            }
            Tool::G1Fft(s) | Tool::G1FftParallel(s) => {
                let (p, d) = (&self.points[..size(s)], domain(size(s)));
                let mut buf: Vec<B::G1> = p.iter().map(B::g1_from_affine).collect();
                let f = match tool.parallel() {
                    true => fft::g1_fft_in_place_parallel::<B>,
                    false => fft::g1_fft_in_place::<B>,
                };
                job(move || f(&mut buf, &d).expect("fft"))
            }
            Tool::DasExtension(s) => {
                let n = size(s);
                let (evals, d, e) = (&self.scalars[..n], domain(n), domain(2 * n));
                job(move || das::das_extension(evals, &d, &e).expect("extension"))
            }
            Tool::Msm(s) => {
                let (p, k) = (&self.points[..size(s)], &self.scalars[..size(s)]);
                job(move || fastkzg::msm::g1_msm::<B>(p, k))
            }
            Tool::FixedBaseMsm(w) => {
                let t = FixedBaseMsm::<B>::new(self.ks.g1_lagrange_brp(), w);
                let k = &self.scalars[..4096];
                job(move || t.msm(k))
            }
            Tool::Fk20MultiProofs(w) => {
                let (fk, c) = (fk20(w), &self.coeffs);
                job(move || fk.multi_proofs(c).expect("fk20"))
            }
            Tool::Fk20HCommitments(w) => {
                let (fk, c) = (fk20(w), &self.coeffs);
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
                let samples = fft::fft(&coeffs, &d).expect("fft").into_iter().map(Some);
                let mut samples: Vec<Option<B::Fr>> = samples.collect();
                for i in sample(&mut rng(), n, n / 2) {
                    samples[i] = None;
                }
                job(move || erasure::recover_from_samples(&samples, &d).expect("recovery"))
            }
            Tool::CellVanishingPolynomial => {
                let (ks, missing) = (&self.ks, crate::cases::random_indices(9, 64));
                job(move || ks.construct_vanishing_polynomial(&missing))
            }
            Tool::CellRecoverWithZeroPoly => {
                let missing = crate::cases::random_indices(9, 64);
                let zero = self.ks.construct_vanishing_polynomial(&missing);
                let zero = zero.expect("cell indices < 128");
                let (d, mut evals) = (domain(8192), self.scalars[..8192].to_vec());
                for c in missing.iter().map(|c| *c as usize) {
                    evals[c * 64..(c + 1) * 64].fill(B::Fr::zero());
                }
                job(move || erasure::recover_with_zero_poly(&evals, &zero, &d).expect("recovery"))
            }
        }
    }
}
