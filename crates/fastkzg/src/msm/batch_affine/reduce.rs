//! The reduction of buckets to their weighted sums `Σ_k k·B_k`: running
//! sums in lock step over segments of the buckets, affine as well.

use super::accumulators::{add_xy, Accumulators};
use crate::backend::{Backend, Group, Module};
use alloc::vec::Vec;

/// The fewest independent additions per step of the lock-step bucket
/// reduction; fewer groups are split into segments to reach it, down to
/// segments of [`MIN_SEGMENT`] buckets (each segment costs three projective
/// additions to join: a single 128-bucket group does best with 16 segments,
/// 3 % fewer instructions for one-column cell verification than with 128).
const REDUCTION_LANES: usize = 128;

/// The fewest buckets per segment of the lock-step bucket reduction.
const MIN_SEGMENT: usize = 8;

/// `Σ_t (lo + t + 1)·B_t` for the `len` buckets `B_t` of `buckets` (`len`
/// a power of two), which hold magnitudes `lo + 1 ..= lo + len`: the
/// running sums give `Σ_t (t+1)·B_t` and `Σ_t B_t`, and the range's offset
/// adds `lo·Σ_t B_t`.
pub(super) fn reduce_range<B: Backend>(buckets: &Accumulators<B>, lo: usize) -> B::G1 {
    let len = buckets.len();
    let Some((weighted, total)) = reduce_buckets_with_totals::<B>(buckets, 1, len).pop() else {
        return B::G1::zero();
    };
    weighted + small_multiple::<B>(total, lo)
}

/// `k·p` for a small `k` by doubling and adding.
fn small_multiple<B: Backend>(p: B::G1, k: usize) -> B::G1 {
    let mut acc = B::G1::zero();
    for bit in (0..usize::BITS - k.leading_zeros()).rev() {
        acc = acc.double();
        if k >> bit & 1 == 1 {
            acc += p;
        }
    }
    acc
}

/// `Σ_k (k+1)·B[g·m + k]` for every group `g < groups` of `m` buckets (`m` a
/// power of two): [`reduce_buckets_with_totals`] without the totals.
pub(super) fn reduce_buckets<B: Backend>(
    buckets: &Accumulators<B>,
    groups: usize,
    m: usize,
) -> Vec<B::G1> {
    reduce_buckets_with_totals::<B>(buckets, groups, m)
        .into_iter()
        .map(|(weighted, _)| weighted)
        .collect()
}

/// `(Σ_k (k+1)·B[g·m + k], Σ_k B[g·m + k])` for every group `g < groups` of
/// `m` buckets (`m` a power of two), with running sums in lock step: each
/// group's buckets are cut into segments so that a step has at least
/// [`REDUCTION_LANES`] independent additions, and the segments are joined
/// in projective form (the plain sum is the last running sum).
fn reduce_buckets_with_totals<B: Backend>(
    buckets: &Accumulators<B>,
    groups: usize,
    m: usize,
) -> Vec<(B::G1, B::G1)> {
    let mut segments = 1;
    while groups * segments < REDUCTION_LANES && segments * MIN_SEGMENT < m {
        segments *= 2;
    }
    let len = m / segments;
    let lanes = groups * segments;
    // Lane `g·segments + s` covers buckets `(g·segments + s)·len + t`.
    let mut run = Accumulators::<B>::new(lanes);
    let mut total = Accumulators::<B>::new(lanes);
    for t in (0..len).rev() {
        for lane in 0..lanes {
            if let Some(p) = buckets.get(lane * len + t) {
                run.add(lane, p);
            }
        }
        run.finish();
        for lane in 0..lanes {
            if let Some(p) = run.get(lane) {
                total.add(lane, p);
            }
        }
        total.finish();
    }
    // Segment s of a group adds total_s + s·len·run_s.
    (0..groups)
        .map(|g| {
            let (mut totals, mut running, mut weighted) =
                (B::G1::zero(), B::G1::zero(), B::G1::zero());
            for s in (0..segments).rev() {
                let lane = g * segments + s;
                totals = add_xy::<B>(&totals, total.get(lane));
                running = add_xy::<B>(&running, run.get(lane));
                if s > 0 {
                    weighted += running;
                }
            }
            for _ in 0..len.trailing_zeros() {
                weighted = weighted.double();
            }
            (totals + weighted, running)
        })
        .collect()
}
