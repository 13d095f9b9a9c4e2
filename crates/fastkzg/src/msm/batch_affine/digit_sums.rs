//! Signed digit sums `Σ_i d_i·points[i]`: the points go into buckets by
//! their signed digits, many groups in lock step, and the buckets reduce
//! to the sums; also the parts of one sum by bucket range, and buckets
//! kept unreduced so that the buckets of several slices reduce once.

use super::accumulators::{xy, Accumulators, Xy};
use super::reduce::{reduce_buckets, reduce_range};
use crate::backend::prefetch::prefetch;
use crate::backend::{Backend, Module};
use alloc::vec;
use alloc::vec::Vec;

/// How far ahead the loops of [`signed_digit_sums`] prefetch
/// ([`prefetch`]), in steps of one addition per group (with the 32 groups
/// of a pass of window-8 tables, 64 and 32 additions ahead): the points
/// (a table is read once, from memory) and the buckets that their digits
/// name (a pass's buckets outgrow the first-level cache, and the points
/// streaming through evict them from the second).
const POINT_AHEAD: usize = 2;
const BUCKET_AHEAD: usize = 1;

/// Buckets in one pass of [`signed_digit_sums`] (about 400 KB of affine
/// points with blst): more groups are processed a slice at a time so that
/// their buckets stay in the core's cache.
const BUCKETS_PER_PASS: usize = 4096;

/// One MSM of [`signed_digit_sums`]: points and their signed digits.
pub type DigitInput<'a, B> = (&'a [<B as Backend>::G1Affine], &'a [u16]);

/// `Σ_i d_i·points[i]` for each group `(points, digits)`, all groups in
/// lock step. Every digit is a signed `window`-bit digit in two's complement
/// (`-2^(window-1) ≤ d_i < 2^(window-1)`, as `recode` writes them);
/// extra entries of the longer slice are ignored. `2 ≤ window ≤ 16`;
/// other windows give zeros.
pub fn signed_digit_sums<B: Backend>(groups: &[DigitInput<'_, B>], window: usize) -> Vec<B::G1> {
    if !(2..=16).contains(&window) {
        return vec![B::G1::zero(); groups.len()];
    }
    let half = 1usize << (window - 1);
    let per_pass = (BUCKETS_PER_PASS / half).max(1);
    groups
        .chunks(per_pass)
        .flat_map(|chunk| signed_digit_sums_pass::<B>(chunk, window))
        .collect()
}

/// [`signed_digit_sums`] of a single group.
pub fn signed_digit_sum<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
) -> B::G1 {
    signed_digit_sums::<B>(&[(points, digits)], window)
        .pop()
        .unwrap_or_else(B::G1::zero)
}

/// The part of [`signed_digit_sum`] that comes from the digits whose
/// magnitude lies in `lo + 1 ..= lo + len` (`len` a power of two; digits
/// outside are skipped). Those points go into `len` buckets by magnitude
/// minus `lo`, which reduce to `Σ_k k·B_k` and `Σ_k B_k`; the part is
/// `Σ_k k·B_k + lo·Σ_k B_k`. The parts over consecutive ranges add up to
/// the whole sum and each reduces the buckets of its range only, so
/// threads can share one MSM by bucket range as well as by points (a split
/// by points alone makes every part reduce every bucket).
pub(crate) fn signed_digit_sum_in_range<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
    lo: usize,
    len: usize,
) -> B::G1 {
    if !(2..=16).contains(&window) || !len.is_power_of_two() {
        return B::G1::zero();
    }
    let mut buckets = Accumulators::<B>::new(len);
    for (p, d) in points.iter().zip(digits) {
        let (k, negative) = signed_digit(*d, window);
        if k <= lo || k > lo + len {
            continue;
        }
        let Some(p) = xy::<B>(p) else {
            continue;
        };
        let p = if negative { Xy { x: p.x, y: -p.y } } else { p };
        buckets.add(k - lo - 1, p);
    }
    buckets.finish();
    reduce_range::<B>(&buckets, lo)
}

/// The magnitude `k` and sign (`true`: negative) of a signed
/// `window`-bit digit in two's complement, as [`recode`](super::recode)
/// writes them.
fn signed_digit(d: u16, window: usize) -> (usize, bool) {
    let modulus = 1u32 << window;
    let v = u32::from(d) & (modulus - 1);
    if v < modulus / 2 {
        (v as usize, false)
    } else {
        ((modulus - v) as usize, true)
    }
}

/// [`signed_digit_sums`] for groups whose buckets are handled at once.
fn signed_digit_sums_pass<B: Backend>(groups: &[DigitInput<'_, B>], window: usize) -> Vec<B::G1> {
    let half = 1usize << (window - 1);
    reduce_buckets::<B>(&digit_buckets::<B>(groups, window), groups.len(), half)
}

/// The buckets of each group of [`signed_digit_sums_pass`], `2^(window−1)`
/// per group: bucket `k − 1` of a group holds the sum of its points whose
/// digit is `±k` (negated for `−k`).
fn digit_buckets<B: Backend>(groups: &[DigitInput<'_, B>], window: usize) -> Accumulators<B> {
    let half = 1usize << (window - 1);
    let mut buckets = Accumulators::<B>::new(groups.len() * half);
    let longest = groups
        .iter()
        .map(|(p, d)| p.len().min(d.len()))
        .max()
        .unwrap_or(0);
    // Interleaved: consecutive additions go to different groups, so a round
    // rarely meets the same bucket twice.
    for i in 0..longest {
        for (g, (points, digits)) in groups.iter().enumerate() {
            if let Some(p) = points.get(i + POINT_AHEAD) {
                prefetch(p);
            }
            if let Some(d) = digits.get(i + BUCKET_AHEAD) {
                let (k, _) = signed_digit(*d, window);
                if k > 0 {
                    buckets.prefetch(g * half + k - 1);
                }
            }
            let (Some(p), Some(d)) = (points.get(i), digits.get(i)) else {
                continue;
            };
            let (k, negative) = signed_digit(*d, window);
            if k == 0 {
                continue;
            }
            let Some(p) = xy::<B>(p) else {
                continue;
            };
            // Bucket k−1 collects the points whose digit is ±k.
            let p = if negative { Xy { x: p.x, y: -p.y } } else { p };
            buckets.add(g * half + k - 1, p);
        }
    }
    buckets.finish();
    buckets
}

/// The buckets of [`signed_digit_sum`] before their reduction (see
/// [`signed_digit_buckets`]).
pub(crate) struct DigitBuckets<B: Backend>(Accumulators<B>);

/// The `2^(window−1)` buckets of [`signed_digit_sum`] over `points` with
/// `digits` (`2 ≤ window ≤ 16`, as there), unreduced, so that the buckets
/// of several slices of one MSM can be merged and reduced once
/// ([`merged_bucket_sum`]) instead of once per slice.
pub(crate) fn signed_digit_buckets<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
) -> DigitBuckets<B> {
    DigitBuckets(digit_buckets::<B>(&[(points, digits)], window.clamp(2, 16)))
}

/// The part of `Σ_k k·(Σ_s B_s[k − 1])` over the buckets `B_s` of all
/// `slices` (from [`signed_digit_buckets`] with one window) whose bucket
/// index lies in `lo .. lo + len` (`len` a power of two): the slices'
/// buckets of that range are added into one set (batch-affine rounds), which
/// reduces to `Σ_t (t+1)·M_t` and `Σ_t M_t`; the part is
/// `Σ_t (t+1)·M_t + lo·Σ_t M_t`. The parts over consecutive ranges add up
/// to the MSM of all slices, and every bucket is reduced once, by one part.
pub(crate) fn merged_bucket_sum<B: Backend>(
    slices: &[DigitBuckets<B>],
    lo: usize,
    len: usize,
) -> B::G1 {
    if !len.is_power_of_two() {
        return B::G1::zero();
    }
    let mut merged = Accumulators::<B>::new(len);
    // Slice by slice: consecutive additions go to different buckets.
    for DigitBuckets(buckets) in slices {
        for t in 0..len.min(buckets.len().saturating_sub(lo)) {
            if let Some(p) = buckets.get(lo + t) {
                merged.add(t, p);
            }
        }
    }
    merged.finish();
    reduce_range::<B>(&merged, lo)
}
