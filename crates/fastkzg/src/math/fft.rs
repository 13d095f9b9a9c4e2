//! Radix-2 FFTs over any [`Module`]: the scalar field (Fr) and the curve
//! groups (G1), so one implementation serves both.
//!
//! Conventions: inputs and outputs are in natural order;
//! `fft(a)[k] = Σ_j a[j]·ω^(jk)` and `ifft` is its inverse. The length must be
//! a power of two that divides the domain size.
//!
//! The G1 transforms (`g1_*`) collect each stage's twiddle products into one
//! call of the backend's [`Accel::g1_scale_many`] where
//! [`Accel::g1_batched_scaling`] says so (decided at run time); the others
//! multiply one butterfly at a time.

use super::bit_reversal::bit_reversal_permutation_in_place;
use super::domain::Domain;
use crate::backend::{Accel, Backend, Module, Scalar};
use crate::error::{Error, Result};

/// How the twiddle products of a stage are made: `None`, one per
/// butterfly; `Some(f)`, all of a stage in one call `f(ys, ws)`
/// (`ys[i] ← ws[i]·ys[i]`).
type StageScaling<F, T> = Option<fn(&mut [T], &[F])>;

/// The stage scaling of a G1 transform with backend `B`.
fn g1_scaling<B: Backend>() -> StageScaling<B::Fr, B::G1> {
    if B::g1_batched_scaling() {
        Some(<B as Accel<B>>::g1_scale_many)
    } else {
        None
    }
}

fn check_len<F: Scalar>(n: usize, domain: &Domain<F>) -> Result<usize> {
    if n == 0 || !n.is_power_of_two() || !domain.size().is_multiple_of(n) {
        return Err(Error::InvalidSize(format!(
            "FFT length {n} must be a power of two dividing the domain size {}",
            domain.size()
        )));
    }
    Ok(domain.size() / n)
}

/// The twiddle `ω_n^(±j)` as an index into the domain's roots, where
/// `ω_n = domain.root(stride)`.
#[inline]
fn twiddle(j: usize, stride: usize, size: usize, inverse: bool) -> usize {
    let k = j * stride;
    if inverse && k != 0 {
        size - k
    } else {
        k
    }
}

/// In-place iterative decimation-in-time butterfly network: bit-reversed
/// input, natural-order output. `stride` selects `ω_n = domain.root(stride)`;
/// `inverse` uses `ω_n^(-1)` (the unscaled inverse transform). With `parallel`
/// (and the `parallel` feature) every stage's butterflies are spread over the
/// rayon pool: worth it only for expensive element types such as points.
/// With `scaling`, each stage's twiddle products are made in one call.
fn dit<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
    stride: usize,
    inverse: bool,
    parallel: bool,
    scaling: StageScaling<F, T>,
) {
    let n = a.len();
    let roots = domain.roots();
    let mut half = 1;
    while half < n {
        let step = (n / (2 * half)) * stride;
        if let Some(scale_many) = scaling.filter(|_| half > 1) {
            let w = |j| &roots[twiddle(j, step, roots.len(), inverse)];
            scale_stage(a, half, w, parallel, scale_many);
            for chunk in a.chunks_exact_mut(2 * half) {
                let (lo, hi) = chunk.split_at_mut(half);
                for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                    T::butterfly_unit(x, y);
                }
            }
            half *= 2;
            continue;
        }
        let stage = |chunk: &mut [T]| {
            let (lo, hi) = chunk.split_at_mut(half);
            butterflies(
                lo,
                hi,
                |j| &roots[twiddle(j, step, roots.len(), inverse)],
                parallel,
            );
        };
        #[cfg(feature = "parallel")]
        if parallel && crate::par::is_parallel() {
            use rayon::prelude::*;
            a.par_chunks_exact_mut(2 * half).for_each(stage);
            half *= 2;
            continue;
        }
        a.chunks_exact_mut(2 * half).for_each(stage);
        half *= 2;
    }
}

/// Multiplies the upper element of every butterfly of one stage by its
/// twiddle (`j ≥ 1`; `j = 0` has twiddle 1) in one `scale_many` call,
/// split over the rayon pool with `parallel`.
fn scale_stage<'r, F: Scalar + 'r, T: Module<F>>(
    a: &mut [T],
    half: usize,
    w: impl Fn(usize) -> &'r F,
    parallel: bool,
    scale_many: fn(&mut [T], &[F]),
) {
    let mut ys = Vec::with_capacity(a.len() / 2);
    let mut ws = Vec::with_capacity(a.len() / 2);
    for chunk in a.chunks_exact(2 * half) {
        for j in 1..half {
            ys.push(chunk[half + j]);
            ws.push(*w(j));
        }
    }
    scale_split(&mut ys, &ws, parallel, scale_many);
    let mut scaled = ys.into_iter();
    for chunk in a.chunks_exact_mut(2 * half) {
        for y in &mut chunk[half + 1..] {
            if let Some(s) = scaled.next() {
                *y = s;
            }
        }
    }
}

/// `scale_many` over `ys`, split over the rayon pool with `parallel` (and
/// the `parallel` feature).
pub(crate) fn scale_split<F: Scalar, T: Module<F>>(
    ys: &mut [T],
    ws: &[F],
    parallel: bool,
    scale_many: fn(&mut [T], &[F]),
) {
    #[cfg(feature = "parallel")]
    if parallel && crate::par::is_parallel() {
        use rayon::prelude::*;
        // Multiples of eight per task keep every lane of a batch busy.
        let per = ys.len().div_ceil(crate::par::threads()).next_multiple_of(8);
        ys.par_chunks_mut(per)
            .zip(ws.par_chunks(per))
            .for_each(|(y, w)| scale_many(y, w));
        return;
    }
    let _ = parallel;
    scale_many(ys, ws);
}

/// The smallest transform that [`dit_split`] and [`dif_split`] halve over
/// two threads (smaller ones cost less than the hand-over).
pub(crate) const SPLIT_MIN: usize = 1024;

/// Whether a transform of `n` elements of `T` is halved over the pool:
/// with a second thread, unless the stages are scaled in batches (those
/// transforms have their own parallel network, [`dit`] with `parallel`).
fn split_here<F, T>(n: usize, scaling: StageScaling<F, T>) -> bool {
    scaling.is_none() && n >= SPLIT_MIN && crate::par::is_parallel()
}

/// One full stage of butterflies (`half = a.len()/2`, twiddle step `step`),
/// the two halves of the pairs beside each other when [`split_here`].
/// `DIF` selects the decimation-in-frequency butterfly.
fn split_stage<F: Scalar, T: Module<F>, const DIF: bool>(
    a: &mut [T],
    domain: &Domain<F>,
    step: usize,
    inverse: bool,
) {
    let roots = domain.roots();
    let w = |j: usize| &roots[twiddle(j, step, roots.len(), inverse)];
    let half = a.len() / 2;
    let (lo, hi) = a.split_at_mut(half);
    let run = |lo: &mut [T], hi: &mut [T], offset: usize| {
        for (j, (x, y)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
            butterfly_at::<F, T, DIF>(j + offset, x, y, &w);
        }
    };
    let quarter = half / 2;
    let (lo0, lo1) = lo.split_at_mut(quarter);
    let (hi0, hi1) = hi.split_at_mut(quarter);
    crate::par::join(|| run(lo0, hi0, 0), || run(lo1, hi1, quarter));
}

/// [`dit`] (serial network) for a transform that may be halved over two
/// threads: its stages below the last act on the two halves separately,
/// and those are the half-size transforms with twice the stride.
fn dit_split<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
    stride: usize,
    inverse: bool,
    scaling: StageScaling<F, T>,
) {
    if !split_here(a.len(), scaling) {
        dit(a, domain, stride, inverse, false, scaling);
        return;
    }
    let (lo, hi) = a.split_at_mut(a.len() / 2);
    crate::par::join(
        || dit_split(lo, domain, 2 * stride, inverse, scaling),
        || dit_split(hi, domain, 2 * stride, inverse, scaling),
    );
    split_stage::<F, T, false>(a, domain, stride, inverse);
}

/// [`dif`] for a transform that may be halved over two threads: after its
/// first stage, the two halves are half-size transforms with twice the
/// stride.
fn dif_split<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
    stride: usize,
    inverse: bool,
) {
    if !split_here::<F, T>(a.len(), None) {
        dif(a, domain, stride, inverse);
        return;
    }
    split_stage::<F, T, true>(a, domain, stride, inverse);
    let (lo, hi) = a.split_at_mut(a.len() / 2);
    crate::par::join(
        || dif_split(lo, domain, 2 * stride, inverse),
        || dif_split(hi, domain, 2 * stride, inverse),
    );
}

/// In-place decimation-in-frequency network (serial): natural-order input,
/// bit-reversed output.
fn dif<F: Scalar, T: Module<F>>(a: &mut [T], domain: &Domain<F>, stride: usize, inverse: bool) {
    let n = a.len();
    let roots = domain.roots();
    let mut half = n / 2;
    while half >= 1 {
        let step = (n / (2 * half)) * stride;
        let w = |j: usize| &roots[twiddle(j, step, roots.len(), inverse)];
        for chunk in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = chunk.split_at_mut(half);
            for (j, (x, y)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                butterfly_at::<F, T, true>(j, x, y, &w);
            }
        }
        half /= 2;
    }
}

/// Butterfly `j` of a stage: the unit butterfly at `j = 0` (twiddle 1),
/// else the decimation-in-time one (`DIF = false`:
/// `(x, y) ← (x + w_j·y, x − w_j·y)`) or the decimation-in-frequency one
/// with twiddle `w(j)`.
#[inline(always)]
fn butterfly_at<'r, F: Scalar + 'r, T: Module<F>, const DIF: bool>(
    j: usize,
    x: &mut T,
    y: &mut T,
    w: &impl Fn(usize) -> &'r F,
) {
    if j == 0 {
        T::butterfly_unit(x, y);
    } else if DIF {
        T::butterfly_dif(x, y, w(j));
    } else {
        T::butterfly(x, y, w(j));
    }
}

/// `(x, y) ← (x + w_j·y, x − w_j·y)` for every pair `j` of one stage.
fn butterflies<'r, F: Scalar + 'r, T: Module<F>>(
    lo: &mut [T],
    hi: &mut [T],
    w: impl Fn(usize) -> &'r F + Sync + Send,
    parallel: bool,
) {
    let butterfly = |(j, (x, y)): (usize, (&mut T, &mut T))| {
        butterfly_at::<F, T, false>(j, x, y, &w);
    };
    #[cfg(feature = "parallel")]
    if parallel && crate::par::is_parallel() {
        use rayon::prelude::*;
        lo.par_iter_mut()
            .zip(hi.par_iter_mut())
            .enumerate()
            .for_each(butterfly);
        return;
    }
    let _ = parallel;
    lo.iter_mut()
        .zip(hi.iter_mut())
        .enumerate()
        .for_each(butterfly);
}

/// Forward FFT with natural-order input and **bit-reversed** output, in
/// place: `a[rev(k)] ← Σ_j a[j]·ω^(jk)`. Skips the bit-reversal pass of
/// [`fft_in_place`]; for outputs wanted in bit-reversed order (cells).
pub fn fft_in_place_nr<F: Scalar, T: Module<F>>(a: &mut [T], domain: &Domain<F>) -> Result<()> {
    let stride = check_len(a.len(), domain)?;
    dif_split(a, domain, stride, false);
    Ok(())
}

/// Unscaled inverse FFT (`n·ifft`) with **bit-reversed** input and natural
/// output, in place; for evaluations given in bit-reversed order (blobs).
pub fn ifft_in_place_rn_unscaled<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
) -> Result<()> {
    let stride = check_len(a.len(), domain)?;
    dit_split(a, domain, stride, true, None);
    Ok(())
}

/// Forward FFT of G1 points in place, parallel over butterflies with the
/// `parallel` feature, each stage's twiddle products made by the backend's
/// [`Accel::g1_scale_many`] where [`Accel::g1_batched_scaling`]; same
/// result as [`fft_in_place`].
pub fn g1_fft_in_place_parallel<B: Backend>(a: &mut [B::G1], domain: &Domain<B::Fr>) -> Result<()> {
    transform(a, domain, true, false, g1_scaling::<B>())
}

/// [`ifft_in_place_unscaled`] of G1 points with the parallel butterfly
/// network of [`g1_fft_in_place_parallel`].
pub fn g1_ifft_in_place_unscaled_parallel<B: Backend>(
    a: &mut [B::G1],
    domain: &Domain<B::Fr>,
) -> Result<()> {
    transform(a, domain, true, true, g1_scaling::<B>())
}

/// [`fft_in_place`] of G1 points with the stage scaling of
/// [`g1_fft_in_place_parallel`] (on the calling thread).
pub fn g1_fft_in_place<B: Backend>(a: &mut [B::G1], domain: &Domain<B::Fr>) -> Result<()> {
    transform(a, domain, false, false, g1_scaling::<B>())
}

/// [`ifft`] of G1 points, with the stage scaling of
/// [`g1_fft_in_place_parallel`] (on the calling thread).
pub fn g1_ifft<B: Backend>(a: &[B::G1], domain: &Domain<B::Fr>) -> Result<Vec<B::G1>> {
    let mut out = a.to_vec();
    transform(&mut out, domain, false, true, g1_scaling::<B>())?;
    scale_by_inverse_len(&mut out)?;
    Ok(out)
}

/// The forward transform, or with `inverse` the unscaled inverse one
/// (twiddles `ω^(-k) = ω^(n-k)`).
fn transform<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
    parallel: bool,
    inverse: bool,
    scaling: StageScaling<F, T>,
) -> Result<()> {
    let stride = check_len(a.len(), domain)?;
    bit_reversal_permutation_in_place(a);
    if parallel {
        dit(a, domain, stride, inverse, true, scaling);
    } else {
        dit_split(a, domain, stride, inverse, scaling);
    }
    Ok(())
}

/// Forward FFT in place: `a[k] ← Σ_j a[j]·ω^(jk)` with `ω` the primitive
/// `a.len()`-th root of unity of `domain`.
pub fn fft_in_place<F: Scalar, T: Module<F>>(a: &mut [T], domain: &Domain<F>) -> Result<()> {
    transform(a, domain, false, false, None)
}

/// Inverse FFT in place (including the `1/n` scaling).
pub fn ifft_in_place<F: Scalar, T: Module<F>>(a: &mut [T], domain: &Domain<F>) -> Result<()> {
    ifft_in_place_unscaled(a, domain)?;
    scale_by_inverse_len(a)
}

/// Inverse FFT in place (including the `1/n` scaling) with **bit-reversed**
/// input and natural output; for evaluations given in bit-reversed order.
pub fn ifft_in_place_rn<F: Scalar, T: Module<F>>(a: &mut [T], domain: &Domain<F>) -> Result<()> {
    ifft_in_place_rn_unscaled(a, domain)?;
    scale_by_inverse_len(a)
}

/// `a[i] ← a[i]/n` for `n = a.len()`.
fn scale_by_inverse_len<F: Scalar, T: Module<F>>(a: &mut [T]) -> Result<()> {
    let n_inv = F::from_u64(a.len() as u64)
        .inverse()
        .ok_or(Error::DivisionByZero)?;
    for x in a.iter_mut() {
        *x = *x * &n_inv;
    }
    Ok(())
}

/// Inverse FFT without the final `1/n` scaling (`n·ifft(a)`), for callers
/// that fold the scaling into cheaper data (e.g. scalars instead of points).
pub fn ifft_in_place_unscaled<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
) -> Result<()> {
    transform(a, domain, false, true, None)
}

/// Forward FFT returning a new vector.
pub fn fft<F: Scalar, T: Module<F>>(a: &[T], domain: &Domain<F>) -> Result<Vec<T>> {
    let mut out = a.to_vec();
    fft_in_place(&mut out, domain)?;
    Ok(out)
}

/// Inverse FFT returning a new vector.
pub fn ifft<F: Scalar, T: Module<F>>(a: &[T], domain: &Domain<F>) -> Result<Vec<T>> {
    let mut out = a.to_vec();
    ifft_in_place(&mut out, domain)?;
    Ok(out)
}

/// Evaluations on the coset `shift·H`: `out[k] = Σ_j a[j]·(shift·ω^k)^j`.
pub fn coset_fft<F: Scalar, T: Module<F>>(
    a: &[T],
    shift: &F,
    domain: &Domain<F>,
) -> Result<Vec<T>> {
    let mut out = a.to_vec();
    let mut s = F::one();
    for x in out.iter_mut() {
        *x = *x * &s;
        s *= *shift;
    }
    fft_in_place(&mut out, domain)?;
    Ok(out)
}

/// The inverse of [`coset_fft`].
pub fn coset_ifft<F: Scalar, T: Module<F>>(
    a: &[T],
    shift: &F,
    domain: &Domain<F>,
) -> Result<Vec<T>> {
    let mut out = ifft(a, domain)?;
    let shift_inv = shift.inverse().ok_or(Error::DivisionByZero)?;
    let mut s = F::one();
    for x in out.iter_mut() {
        *x = *x * &s;
        s *= shift_inv;
    }
    Ok(out)
}

/// The quadratic-time DFT, a test oracle for the FFTs.
pub fn dft_reference<F: Scalar, T: Module<F>>(a: &[T], domain: &Domain<F>) -> Result<Vec<T>> {
    let stride = check_len(a.len(), domain)?;
    let n = a.len();
    Ok((0..n)
        .map(|k| {
            a.iter().enumerate().fold(T::zero(), |acc, (j, x)| {
                acc + *x * &domain.root((j * k % n) * stride)
            })
        })
        .collect())
}
