//! Power-of-two FFTs over any [`Module`]: the scalar field (Fr) and the
//! curve groups (G1), so one implementation serves both.
//!
//! Conventions: inputs and outputs are in natural order;
//! `fft(a)[k] = Σ_j a[j]·ω^(jk)` and `ifft` is its inverse. The length must be
//! a power of two that divides the domain size.
//!
//! The G1 transforms (`g1_*`) run a split-radix network whose twiddle
//! products are collected, two batches per sub-transform size, into calls
//! of [`crate::msm::scale::g1_scale_many`] where
//! [`crate::backend::Accel::g1_batched_scaling`] says so (decided at run time); the others
//! are radix-2 networks that multiply one butterfly at a time.

use super::bit_reversal::bit_reversal_permutation_in_place;
use super::domain::Domain;
use crate::backend::{Backend, Module, Scalar};
use crate::error::{Error, Result};
use crate::par::Ranges;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::{AddAssign, Sub};

/// How the twiddle products are made: `None`, one per butterfly (radix-2);
/// `Some((f, lanes))`, in batches `f(ys, ws)` (`ys[i] ← ws[i]·ys[i]`) of
/// the split-radix network, `lanes` products at a time (a parallel share is
/// a multiple of it when it can be).
type StageScaling<F, T> = Option<(ScaleMany<F, T>, usize)>;

/// `ys[i] ← ws[i]·ys[i]` for every `i`.
type ScaleMany<F, T> = fn(&mut [T], &[F]);

/// How a G1 transform with backend `B` makes its twiddle products.
fn g1_scaling<B: Backend>() -> StageScaling<B::Fr, B::G1> {
    if B::g1_batched_scaling() {
        Some((crate::msm::scale::g1_scale_many::<B>, B::g1_scale_lanes()))
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
/// With `scaling`, the split-radix network runs instead, its twiddle
/// products made in batches ([`split_radix`]).
fn dit<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
    stride: usize,
    inverse: bool,
    parallel: bool,
    scaling: StageScaling<F, T>,
) {
    if let Some(scale) = scaling {
        split_radix(a, domain, stride, inverse, parallel, scale);
        return;
    }
    let n = a.len();
    let roots = domain.roots();
    let mut half = 1;
    while half < n {
        let step = (n / (2 * half)) * stride;
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

/// The split-radix network for transforms whose twiddle products are made
/// in batches (G1): bit-reversed input, natural-order output, in place.
///
/// A transform of size `s` is that of its first half (the even inputs) and
/// of its last two quarters (inputs `4m + 1` and `4m + 3`); with `ω = ω_s`
/// and `ι = ω^(s/4)` (a fourth root of unity), for `k < s/4`
/// `X[k] = U[k] + (ω^k·Z[k] + ω^3k·Z'[k])`, `X[k + s/2] = U[k] − (…)`,
/// `X[k + s/4] = U[k + s/4] + ι·(ω^k·Z[k] − ω^3k·Z'[k])` and
/// `X[k + 3s/4] = U[k + s/4] − ι·(…)`. Against the radix-2 network this
/// trades general twiddle products for products by `ι`, which are cheaper
/// in G1 ([`crate::msm::scale`]): for 128 points 186 general and 135 by `ι`
/// instead of 258 and 63. The sub-transforms of one size are combined
/// together, so each size makes its products in two batches (the twiddles,
/// then `ι`).
fn split_radix<F: Scalar, T: Module<F>>(
    a: &mut [T],
    domain: &Domain<F>,
    stride: usize,
    inverse: bool,
    parallel: bool,
    scale: (ScaleMany<F, T>, usize),
) {
    let n = a.len();
    let roots = domain.roots();
    // The sub-transforms by size: `nodes[l]` holds the offsets of those of
    // size `2^l`.
    let levels = n.trailing_zeros() as usize;
    let mut nodes: Vec<Vec<usize>> = vec![Vec::new(); levels + 1];
    let mut pending = vec![(0usize, n)];
    while let Some((offset, size)) = pending.pop() {
        if size < 2 {
            continue;
        }
        nodes[size.trailing_zeros() as usize].push(offset);
        pending.push((offset, size / 2));
        if size >= 4 {
            pending.push((offset + size / 2, size / 4));
            pending.push((offset + 3 * size / 4, size / 4));
        }
    }
    for offset in nodes.get(1).into_iter().flatten() {
        let (x, y) = a[*offset..*offset + 2].split_at_mut(1);
        butterfly_unit(&mut x[0], &mut y[0]);
    }
    for (level, offsets) in nodes.iter().enumerate().skip(2) {
        let size = 1usize << level;
        let q = size / 4;
        let step = (n / size) * stride;
        let w = |j: usize| roots[twiddle(j, step, roots.len(), inverse)];
        if scale.1 == 1 {
            split_radix_size_in_shares(a, offsets, q, w, parallel, scale.0);
            continue;
        }
        // ω^k·Z[k] and ω^3k·Z'[k] for 1 ≤ k < q.
        let mut at = Vec::with_capacity(2 * offsets.len() * q);
        let mut ws = Vec::with_capacity(at.capacity());
        for offset in offsets {
            for k in 1..q {
                at.push(offset + 2 * q + k);
                ws.push(w(k));
                at.push(offset + 3 * q + k);
                ws.push(w(3 * k));
            }
        }
        scale_at(a, &at, &ws, parallel, scale);
        // (Z, Z') ← (sum, difference), then ι·difference.
        at.clear();
        for offset in offsets {
            for k in 0..q {
                let (z, z3) = a.split_at_mut(offset + 3 * q + k);
                butterfly_unit(&mut z[offset + 2 * q + k], &mut z3[0]);
                at.push(offset + 3 * q + k);
            }
        }
        let iota = vec![w(q); at.len()];
        scale_at(a, &at, &iota, parallel, scale);
        for offset in offsets {
            for k in 0..q {
                for (u, v) in [(k, 2 * q + k), (q + k, 3 * q + k)] {
                    let (lo, hi) = a.split_at_mut(offset + v);
                    butterfly_unit(&mut lo[offset + u], &mut hi[0]);
                }
            }
        }
    }
}

/// One size of [`split_radix`] for products made one at a time (`lanes`
/// of one): the butterfly groups `(offset, k)` (every sub-transform at
/// `offsets`, `k < q`; a group is `U[k]`, `U[k + q]`, `Z[k]`, `Z'[k]`) go
/// out in shares, one per thread with `parallel`. Each share makes its
/// twiddle products in one batch, its products by `ι = w(q)` in another,
/// and its own additions, so that a size costs one hand-over to the pool
/// and no serial additions; on one thread the single share makes the same
/// batches as the other route.
fn split_radix_size_in_shares<F: Scalar, T: Module<F>>(
    a: &mut [T],
    offsets: &[usize],
    q: usize,
    w: impl Fn(usize) -> F + Sync + Send,
    parallel: bool,
    scale_many: ScaleMany<F, T>,
) {
    let groups: Vec<(usize, usize)> = offsets
        .iter()
        .flat_map(|o| (0..q).map(move |k| (*o, k)))
        .collect();
    // One share per thread (at most one per group).
    let threads = if parallel { crate::par::threads() } else { 1 };
    let shares = Ranges::per_thread(groups.len(), threads, 1);
    let positions = |(o, k): (usize, usize)| [o + k, o + q + k, o + 2 * q + k, o + 3 * q + k];
    let input: &[T] = a;
    let done = shares.map(|range| {
        let mine = &groups[range];
        let mut v: Vec<[T; 4]> = mine
            .iter()
            .map(|g| positions(*g).map(|i| input[i]))
            .collect();
        // ω^k·Z[k] and ω^3k·Z'[k] for 1 ≤ k < q.
        let mut ys = Vec::with_capacity(2 * v.len());
        let mut ws = Vec::with_capacity(ys.capacity());
        for (x, (_, k)) in v.iter().zip(mine) {
            if *k > 0 {
                ys.extend([x[2], x[3]]);
                ws.extend([w(*k), w(3 * k)]);
            }
        }
        scale_many(&mut ys, &ws);
        let twiddled = v.iter_mut().zip(mine).filter(|(_, (_, k))| *k > 0);
        for ((x, _), y) in twiddled.zip(ys.chunks_exact(2)) {
            x[2] = y[0];
            x[3] = y[1];
        }
        // (Z, Z') ← (sum, difference), then ι·difference.
        for [_, _, z, z3] in v.iter_mut() {
            butterfly_unit(z, z3);
        }
        let mut ys: Vec<T> = v.iter().map(|x| x[3]).collect();
        let iota = vec![w(q); ys.len()];
        scale_many(&mut ys, &iota);
        for ([u0, u1, z, z3], y) in v.iter_mut().zip(ys) {
            *z3 = y;
            butterfly_unit(u0, z);
            butterfly_unit(u1, z3);
        }
        v
    });
    for (g, x) in groups.iter().zip(done.into_iter().flatten()) {
        for (i, value) in positions(*g).into_iter().zip(x) {
            a[i] = value;
        }
    }
}

/// `a[at[i]] ← ws[i]·a[at[i]]` with one [`scale_split`] (over the pool
/// with `parallel`).
fn scale_at<F: Scalar, T: Module<F>>(
    a: &mut [T],
    at: &[usize],
    ws: &[F],
    parallel: bool,
    scale: (ScaleMany<F, T>, usize),
) {
    if at.is_empty() {
        return;
    }
    let mut ys: Vec<T> = at.iter().map(|i| a[*i]).collect();
    scale_split(&mut ys, ws, parallel, scale);
    for (i, y) in at.iter().zip(ys) {
        a[*i] = y;
    }
}

/// `scale_many(ys, ws)`, split over the rayon pool with `parallel` (and
/// the `parallel` feature): one share per thread, rounded up to a multiple
/// of `lanes` (the backend's batch width, so that every lane of a batch is
/// busy). A backend without lanes (`lanes = 1`) thus spreads even a stage
/// of a few dozen products over every thread of a large pool.
pub(crate) fn scale_split<F: Scalar, T: Module<F>>(
    ys: &mut [T],
    ws: &[F],
    parallel: bool,
    (scale_many, lanes): (ScaleMany<F, T>, usize),
) {
    #[cfg(feature = "parallel")]
    if parallel && crate::par::is_parallel() {
        use rayon::prelude::*;
        let per = Ranges::into_parts(ys.len(), crate::par::threads())
            .per()
            .next_multiple_of(lanes.max(1));
        ys.par_chunks_mut(per)
            .zip(ws.par_chunks(per))
            .for_each(|(y, w)| scale_many(y, w));
        return;
    }
    let _ = (parallel, lanes);
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

/// `(x, y) ← (x + w·y, x − w·y)` in place (the decimation-in-time
/// butterfly). The product is made in place and every sum is read from
/// where it was written, never copied whole: an element just written eight
/// bytes at a time (by blst) and then copied with wider moves stalls on the
/// store buffer (docs/performance-notes.md, "FFT butterflies").
#[inline(always)]
fn butterfly<F, T: Module<F>>(x: &mut T, y: &mut T, w: &F) {
    *y *= w;
    butterfly_unit(x, y);
}

/// `(x, y) ← (x + y, (x − y)·w)` in place (the decimation-in-frequency
/// butterfly).
#[inline(always)]
fn butterfly_dif<F, T: Module<F>>(x: &mut T, y: &mut T, w: &F) {
    butterfly_unit(x, y);
    *y *= w;
}

/// `(x, y) ← (x + y, x − y)` in place.
#[inline(always)]
fn butterfly_unit<T: Copy + Sub<Output = T> + AddAssign>(x: &mut T, y: &mut T) {
    let d = *x - *y;
    *x += *y;
    *y = d;
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
        butterfly_unit(x, y);
    } else if DIF {
        butterfly_dif(x, y, w(j));
    } else {
        butterfly(x, y, w(j));
    }
}

/// `(x, y) ← (x + w_j·y, x − w_j·y)` for every pair `j` of one stage.
fn butterflies<'r, F: Scalar + 'r, T: Module<F>>(
    lo: &mut [T],
    hi: &mut [T],
    w: impl Fn(usize) -> &'r F + Sync + Send,
    parallel: bool,
) {
    #[cfg(feature = "parallel")]
    if parallel && crate::par::is_parallel() {
        use rayon::prelude::*;
        lo.par_iter_mut()
            .zip(hi.par_iter_mut())
            .enumerate()
            .for_each(|(j, (x, y))| butterfly_at::<F, T, false>(j, x, y, &w));
        return;
    }
    let _ = parallel;
    // A plain loop, so that the butterflies inline into it: one closure
    // for both paths was compiled as a call per butterfly.
    for (j, (x, y)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
        butterfly_at::<F, T, false>(j, x, y, &w);
    }
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

/// Forward FFT of G1 points in place, parallel with the `parallel`
/// feature, the twiddle products made in batches by
/// [`crate::msm::scale::g1_scale_many`] where the backend's
/// [`crate::backend::Accel::g1_batched_scaling`] says so (a split-radix
/// network); same result as [`fft_in_place`].
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

/// [`fft_in_place`] of G1 points with the batched twiddle products of
/// [`g1_fft_in_place_parallel`] (on the calling thread).
pub fn g1_fft_in_place<B: Backend>(a: &mut [B::G1], domain: &Domain<B::Fr>) -> Result<()> {
    transform(a, domain, false, false, g1_scaling::<B>())
}

/// [`ifft`] of G1 points, with the batched twiddle products of
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
        *x *= &n_inv;
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
        *x *= &s;
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
        *x *= &s;
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
