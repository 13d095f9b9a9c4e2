//! Sums of many small sets of affine points as binary trees, all sets in
//! lock step a level at a time: fixed-width groups of terms
//! ([`group_sums`]) and the terms sent to each target ([`sums_by_target`]).

use super::accumulators::{Accumulators, Xy};
use crate::backend::{Backend, BaseField};
use alloc::vec;
use alloc::vec::Vec;

/// The sum of each group of `width` consecutive terms of `terms` (a
/// term `None` is the point at infinity; a last, shorter group is summed
/// too), all groups in lock step as a binary tree: each level adds
/// neighbouring pairs of every group into fresh accumulators, so a level's
/// additions are independent and share rounds of one inversion. The sums
/// are affine, `None` for infinity.
pub(crate) fn group_sums<B: Backend>(
    terms: &[Option<(B::Fp, B::Fp)>],
    width: usize,
) -> Vec<Option<(B::Fp, B::Fp)>> {
    if width == 0 {
        return Vec::new();
    }
    let groups = terms.len().div_ceil(width);
    let mut level: Vec<Option<Xy<B::Fp>>> =
        terms.iter().map(|t| t.map(|(x, y)| Xy { x, y })).collect();
    let mut width = width;
    while width > 1 {
        let half = width.div_ceil(2);
        let mut acc = Accumulators::<B>::new(groups * half);
        for (i, term) in level.iter().enumerate() {
            if let Some(p) = term {
                acc.add((i / width) * half + (i % width) / 2, *p);
            }
        }
        acc.finish();
        level = (0..groups * half).map(|t| acc.get(t)).collect();
        width = half;
    }
    level.into_iter().map(|p| p.map(|p| (p.x, p.y))).collect()
}

/// An affine point `(x, y)` sent to accumulator `target`: `(target, (x, y))`.
pub(crate) type TargetTerm<F> = (usize, (F, F));

/// For each of `targets` targets, the sum of the affine points that
/// `terms` sends to it (`(target, (x, y))`, no point at infinity): the
/// terms are sorted by target (counting sort) and each target's run is
/// summed as a binary tree, all runs in lock step, a level at a time: a
/// level adds neighbouring pairs of every run into fresh accumulators, so
/// its additions are independent and share rounds of one inversion. The
/// sums are affine, `None` for infinity (no term, or terms that cancel).
pub(crate) fn sums_by_target<B: Backend>(
    targets: usize,
    terms: &[TargetTerm<B::Fp>],
) -> Vec<Option<(B::Fp, B::Fp)>> {
    // starts[t]..starts[t + 1]: target t's points in `run`.
    let mut starts = vec![0usize; targets + 1];
    for (t, _) in terms {
        starts[*t + 1] += 1;
    }
    for t in 0..targets {
        starts[t + 1] += starts[t];
    }
    let mut fill = starts.clone();
    let mut run = vec![
        Xy {
            x: B::Fp::zero(),
            y: B::Fp::zero()
        };
        terms.len()
    ];
    for (t, (x, y)) in terms {
        run[fill[*t]] = Xy { x: *x, y: *y };
        fill[*t] += 1;
    }
    while (0..targets).any(|t| starts[t + 1] - starts[t] > 1) {
        // Run t's pairs go to accumulators out[t]..out[t + 1].
        let mut out = vec![0usize; targets + 1];
        for t in 0..targets {
            out[t + 1] = out[t] + (starts[t + 1] - starts[t]).div_ceil(2);
        }
        let mut acc = Accumulators::<B>::new(out[targets]);
        for t in 0..targets {
            for (j, p) in run[starts[t]..starts[t + 1]].iter().enumerate() {
                acc.add(out[t] + j / 2, *p);
            }
        }
        acc.finish();
        // The next level: each run's non-empty sums.
        let mut next = Vec::with_capacity(out[targets]);
        let mut next_starts = vec![0usize; targets + 1];
        for t in 0..targets {
            next.extend((out[t]..out[t + 1]).filter_map(|slot| acc.get(slot)));
            next_starts[t + 1] = next.len();
        }
        run = next;
        starts = next_starts;
    }
    (0..targets)
        .map(|t| (starts[t + 1] > starts[t]).then(|| (run[starts[t]].x, run[starts[t]].y)))
        .collect()
}
