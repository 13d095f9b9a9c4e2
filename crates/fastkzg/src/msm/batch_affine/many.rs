//! The drivers of many variable-base MSMs at once: each MSM split by GLV
//! into small integers, every window of every MSM one group of the signed
//! digit sums, all in lock step, optionally shared among threads by cost.

use super::digit_sums::{signed_digit_sums, DigitInput};
use super::windows::{bucket_window, for_each_digit, window_widths, HALF_SCALAR_BITS};
use crate::backend::{Backend, Group, Module};
use alloc::vec;
use alloc::vec::Vec;

/// One variable-base MSM of [`g1_msm_many`]: points and their scalars.
pub type MsmInput<'a, B> = (&'a [<B as Backend>::G1Affine], &'a [<B as Backend>::Fr]);

/// `(x, y) ↦ (β·x, y)`, the GLV endomorphism φ (λ on G1).
pub(super) fn endomorphism<B: Backend>(p: &B::G1Affine, beta: B::Fp) -> B::G1Affine {
    match B::g1_affine_xy(p) {
        Some((x, y)) => B::g1_affine_from_xy(beta * x, y),
        None => *p,
    }
}

/// `Σ_i scalars[i]·points[i]` for each MSM `(points, scalars)`. Each MSM is
/// split by GLV into `2n` points (`Pᵢ` and `φ(Pᵢ)`) with 128-bit scalars
/// (`n` points when every scalar is below λ, as the short randomizers of
/// a batch verification are: then every `φ(Pᵢ)` has the integer 0);
/// every window of every MSM is a group of [`signed_digit_sums`], all in
/// lock step, and the windows are joined by doublings. Points must be in
/// G1 (the endomorphism acts as λ there only). Extra entries of the longer
/// slice are ignored.
pub fn g1_msm_many<B: Backend>(msms: &[MsmInput<'_, B>]) -> Vec<B::G1> {
    g1_msm_many_on::<B>(msms, 1)
}

/// [`g1_msm_many`] with its windows shared among `threads` threads of the
/// caller's pool ([`small_scalar_msms`]).
pub(crate) fn g1_msm_many_on<B: Backend>(msms: &[MsmInput<'_, B>], threads: usize) -> Vec<B::G1> {
    let beta = B::g1_glv_beta();
    let prepare = |i: usize| {
        let (points, scalars) = msms[i];
        let n = points.len().min(scalars.len());
        let halves: Vec<(u128, u128)> = scalars[..n]
            .iter()
            .map(crate::backend::glv::split)
            .collect();
        let mut all = Vec::with_capacity(2 * n);
        all.extend_from_slice(&points[..n]);
        let mut ints: Vec<u128> = halves.iter().map(|h| h.0).collect();
        if halves.iter().any(|h| h.1 != 0) {
            all.extend(points[..n].iter().map(|p| endomorphism::<B>(p, beta)));
            ints.extend(halves.iter().map(|h| h.1));
        }
        (all, ints)
    };
    let split = if threads > 1 {
        crate::par::map_collect(msms.len(), prepare)
    } else {
        (0..msms.len()).map(prepare).collect()
    };
    small_scalar_msms::<B>(split, HALF_SCALAR_BITS, threads)
}

/// `costs`' indices dealt into at most `parts` non-empty shares of about
/// equal total cost: the costliest first, each to the share with the least
/// so far (within the cost of one item of the best split; contiguous runs
/// can miss it by a large item: 12 % with a short-scalar MSM beside a full
/// one). Each share lists its indices in increasing order.
pub(super) fn share_by_cost(costs: &[usize], parts: usize) -> Vec<Vec<usize>> {
    let parts = parts.clamp(1, costs.len().max(1));
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|i| core::cmp::Reverse(costs[*i]));
    let mut shares: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new()); parts];
    for i in order {
        if let Some(least) = shares.iter_mut().min_by_key(|s| s.0) {
            least.0 += costs[i];
            least.1.push(i);
        }
    }
    shares
        .into_iter()
        .filter(|s| !s.1.is_empty())
        .map(|(_, mut items)| {
            items.sort_unstable();
            items
        })
        .collect()
}

/// `Σ ints[i]·points[i]` for each MSM `(points, ints)` with non-negative
/// integers whose signed recoding into the windows of [`window_widths`]
/// ends without a carry. The top window has all `c` bits and the widths
/// cover at least `bits` bits, so that holds for any integer below
/// `2^(bits−2)` (the 32-bit pieces, with `bits = 34`: the top window's value
/// is below `2^(c−2)`) and for the GLV halves with `bits = 129` (below
/// `λ < 1.5·2^127`: the top window's value is below `0.75·2^(c−1)`, so with
/// the carry below `2^(c−1)` from `c = 4`; for `c ≤ 3` the windows cover 129
/// or 130 bits and the top value is at most 2 plus the carry). Every
/// window of every MSM is a group of
/// [`signed_digit_sums`], all in lock step, and the windows are joined by
/// doublings.
///
/// With `threads > 1` the groups are dealt into that many shares of about
/// equal cost ([`share_by_cost`]), each share in lock step on its own
/// thread of the caller's pool: a split by windows, so no bucket is reduced
/// twice, and MSMs of unequal cost (a short-scalar one beside a full one)
/// still share the threads evenly.
pub(super) fn small_scalar_msms<B: Backend>(
    msms: Vec<(Vec<B::G1Affine>, Vec<u128>)>,
    bits: usize,
    threads: usize,
) -> Vec<B::G1> {
    let total: usize = msms.iter().map(|(p, _)| p.len()).sum();
    if total == 0 {
        return vec![B::G1::zero(); msms.len()];
    }
    let c = bucket_window(total.div_ceil(msms.len()), bits);
    let widths = window_widths(bits, c);
    let layers = widths.len();
    // Per MSM: for each window t, the digits of its points at t·m + i.
    let digits: Vec<Vec<u16>> = msms
        .iter()
        .map(|(points, ints)| {
            let m = points.len();
            let mut by_layer = vec![0u16; m * layers];
            for (i, k) in ints.iter().enumerate() {
                let mut t = 0;
                for_each_digit(&k.to_le_bytes(), widths.iter().copied(), c, |d| {
                    by_layer[t * m + i] = d;
                    t += 1;
                });
            }
            by_layer
        })
        .collect();
    let groups: Vec<DigitInput<'_, B>> = msms
        .iter()
        .zip(&digits)
        .flat_map(|((points, _), digits)| {
            let m = points.len();
            (0..layers).map(move |t| (&points[..], &digits[t * m..(t + 1) * m]))
        })
        .collect();
    let sums = if threads > 1 {
        // A group's cost in the units of `bucket_window`: 16 per non-zero
        // digit, 9 per bucket of the reduction.
        let costs: Vec<usize> = groups
            .iter()
            .map(|(_, d)| 16 * d.iter().filter(|x| **x != 0).count() + (9 << c))
            .collect();
        let shares = share_by_cost(&costs, threads);
        let parts = crate::par::map_collect(shares.len(), |i| {
            let mine: Vec<DigitInput<'_, B>> = shares[i].iter().map(|g| groups[*g]).collect();
            signed_digit_sums::<B>(&mine, c)
        });
        let mut sums = vec![B::G1::zero(); groups.len()];
        for (share, part) in shares.iter().zip(parts) {
            for (g, sum) in share.iter().zip(part) {
                sums[*g] = sum;
            }
        }
        sums
    } else {
        signed_digit_sums::<B>(&groups, c)
    };
    sums.chunks_exact(layers)
        .map(|windows| {
            windows
                .iter()
                .zip(&widths)
                .rev()
                .fold(B::G1::zero(), |mut acc, (w, width)| {
                    for _ in 0..*width {
                        acc = acc.double();
                    }
                    acc + *w
                })
        })
        .collect()
}
