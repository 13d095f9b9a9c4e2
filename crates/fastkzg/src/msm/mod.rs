//! Multi-scalar multiplication: variable-base (the backend's native MSM), a
//! naive reference, and a fixed-base method with precomputed tables.

pub mod fixed_base;

pub use fixed_base::{FixedBaseMsm, FixedBaseMul};

use crate::backend::Backend;

/// The fewest points per part when a variable-base MSM is split over
/// threads (smaller parts lose more to the per-part bucket reduction than
/// the second thread gains).
const SPLIT_MIN_POINTS: usize = 512;

/// `Σ scalars[i]·points[i]` with the backend's variable-base MSM
/// (spec `g1_lincomb`), split into one part per thread of the caller's pool
/// for large inputs. Extra entries of the longer slice are ignored.
pub fn g1_lincomb<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    let n = points.len().min(scalars.len());
    let parts = crate::par::threads().min(n / SPLIT_MIN_POINTS).max(1);
    if parts == 1 {
        return B::g1_msm(points, scalars);
    }
    let chunk = n.div_ceil(parts);
    crate::par::map_collect(n.div_ceil(chunk), |c| {
        let (lo, hi) = (c * chunk, ((c + 1) * chunk).min(n));
        B::g1_msm(&points[lo..hi], &scalars[lo..hi])
    })
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
