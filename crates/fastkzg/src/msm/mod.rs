//! Multi-scalar multiplication: variable-base (generic batch-affine, or the
//! backend's kernels through [`crate::backend::Accel`], chosen in one place:
//! [`dispatch`]), a naive reference, a fixed-base method with precomputed
//! tables, and variable-time products.

use alloc::vec::Vec;

pub mod batch_affine;
pub mod dispatch;
pub mod fixed_base;
pub mod jacobian;
pub mod scale;
pub(crate) mod small_groups;
pub mod straus;
pub mod subset_sum;
mod subset_sum_many;
pub mod wnaf;
pub mod z_adic;

pub use dispatch::{fr_glv_lincomb, g1_msm, g1_msm_signed_digits, g1_mul_vartime};
pub use fixed_base::{FixedBaseMsm, FixedBaseMul};
pub(crate) use subset_sum::position_chain;
pub use subset_sum::SubsetSumMsm;

use crate::backend::Backend;
use crate::par::Ranges;

/// The fewest points per part when a variable-base MSM is split over one
/// or two threads, or runs on the backend's own MSM (smaller parts lose
/// more to the per-part bucket reduction than the second thread gains).
const SPLIT_MIN_POINTS: usize = 512;

/// The fewest points per part of the generic MSM when more than two
/// threads share it: with many threads the parts run side by side, and a
/// part of 32 points already takes a third of a 128-point MSM's time.
const SPLIT_MIN_POINTS_MANY: usize = 32;

/// From this many shared points on, [`g1_msm_shared_points`] runs its MSMs
/// in one lock-step batch-affine pass; below it, each runs alone through
/// [`g1_msm`] (Straus's method below 32 points).
pub(crate) const BATCH_AFFINE_MIN_POINTS: usize = 64;

/// Up to this many points, the generic MSM is a sum of variable-time
/// products.
const PRODUCTS_MAX_POINTS: usize = 3;

/// Below this many points, the generic MSM is [`straus::g1_msm_straus`]:
/// with few points a bucket method's reduction dominates, and the two
/// methods meet near 48 points (callgrind on the earlier Jacobian form of
/// Straus: 16 points 5.0 M instructions against 7.0 M for the bucket
/// method and 7.5 M for blst's Pippenger; docs/performance-notes.md,
/// "Small MSMs").
pub(crate) const STRAUS_MAX_POINTS: usize = 32;

/// The generic variable-base MSM: up to three points a sum of
/// variable-time products, below 32 points interleaved GLV/NAF
/// terms ([`straus::g1_msm_straus`]), else the batch-affine bucket method
/// with GLV ([`batch_affine::g1_msm_many`]). Points must be in G1. Extra
/// entries of the longer slice are ignored.
pub fn g1_msm_generic<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    let n = points.len().min(scalars.len());
    if n <= PRODUCTS_MAX_POINTS {
        return points[..n].iter().zip(scalars).fold(
            <B::G1 as crate::backend::Module<B::Fr>>::zero(),
            |acc, (p, s)| acc + crate::msm::g1_mul_vartime::<B>(&B::g1_from_affine(p), s),
        );
    }
    if n < STRAUS_MAX_POINTS {
        return straus::g1_msm_straus::<B>(&points[..n], &scalars[..n]);
    }
    batch_affine::g1_msm_many::<B>(&[(&points[..n], &scalars[..n])])
        .pop()
        .unwrap_or_else(<B::G1 as crate::backend::Module<B::Fr>>::zero)
}

/// `Σ scalars[i]·points[i] + Σ_k 2^k·S_k` for position sums `S_k`
/// (affine, `None` for infinity; e.g. [`SubsetSumMsm::position_sums`]).
/// Where the generic MSM would run Straus's method (fewer than
/// [`STRAUS_MAX_POINTS`] points, no backend MSM kernel), the sums join its
/// terms and both share one chain of doublings
/// ([`straus::g1_msm_straus_plus_positions`]); otherwise [`g1_msm`] plus
/// the sums' own chain. Points must be in G1.
pub(crate) fn g1_msm_plus_positions<B: Backend>(
    points: &[B::G1Affine],
    scalars: &[B::Fr],
    position_sums: &[Option<(B::Fp, B::Fp)>],
) -> B::G1 {
    if points.len().min(scalars.len()) < STRAUS_MAX_POINTS && !crate::msm::dispatch::kernels::<B>()
    {
        return straus::g1_msm_straus_plus_positions::<B>(points, scalars, position_sums);
    }
    g1_msm::<B>(points, scalars) + position_chain::<B>(position_sums)
}

/// `Σ scalars[i]·points[i]` for each scalar list over the same points: in
/// lock step (one batch-affine pass shares its rounds and inversions) when
/// the generic MSM runs on one or two threads, the windows of all lists
/// shared between the two; else one [`g1_msm`] per list, spread over the
/// caller's pool.
pub fn g1_msm_shared_points<B: Backend>(
    points: &[B::G1Affine],
    scalar_lists: &[&[B::Fr]],
) -> Vec<B::G1> {
    let threads = crate::par::threads();
    if threads > 2 || points.len() < BATCH_AFFINE_MIN_POINTS || crate::msm::dispatch::kernels::<B>()
    {
        // The pool's threads shared among the lists: with more threads
        // than lists, each list's MSM is split further (as in
        // [`g1_lincomb`]).
        let per_list = (crate::par::threads() / scalar_lists.len().max(1)).max(1);
        return crate::par::map_collect(scalar_lists.len(), |i| {
            g1_msm_in_parts::<B>(points, scalar_lists[i], per_list)
        });
    }
    let msms: Vec<batch_affine::MsmInput<'_, B>> =
        scalar_lists.iter().map(|s| (points, *s)).collect();
    batch_affine::g1_msm_many_on::<B>(&msms, threads)
}

/// `Σ scalars[i]·points[i]` with [`g1_msm`] (spec `g1_lincomb`), split
/// into one part per thread of the caller's pool for large inputs. Extra
/// entries of the longer slice are ignored.
pub fn g1_lincomb<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    g1_msm_in_parts::<B>(points, scalars, crate::par::threads())
}

/// [`g1_msm`] split into at most `threads` parts of at least
/// [`SPLIT_MIN_POINTS`] points ([`SPLIT_MIN_POINTS_MANY`] for the generic
/// MSM on more than two threads), run over the caller's pool and summed.
#[inline]
fn g1_msm_in_parts<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr], threads: usize) -> B::G1 {
    let n = points.len().min(scalars.len());
    let min_part = if threads > 2 && !crate::msm::dispatch::kernels::<B>() {
        SPLIT_MIN_POINTS_MANY
    } else {
        SPLIT_MIN_POINTS
    };
    let parts = Ranges::per_thread(n, threads, min_part);
    if parts.count() <= 1 {
        return g1_msm::<B>(points, scalars);
    }
    parts
        .map(|range| g1_msm::<B>(&points[range.clone()], &scalars[range]))
        .into_iter()
        .fold(
            <B::G1 as crate::backend::Module<B::Fr>>::zero(),
            |acc, p| acc + p,
        )
}

/// The naive linear combination: one scalar multiplication per point. The
/// reference the fast MSMs are tested against.
pub fn g1_lincomb_naive<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    points.iter().zip(scalars).fold(
        <B::G1 as crate::backend::Module<B::Fr>>::zero(),
        |acc, (p, s)| acc + B::g1_from_affine(p) * s,
    )
}
