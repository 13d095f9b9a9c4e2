//! Multi-scalar multiplication: variable-base (the backend's native MSM), a
//! naive reference, and a fixed-base method with precomputed tables.

pub mod fixed_base;

pub use fixed_base::{FixedBaseMsm, FixedBaseMul};

use crate::backend::Backend;

/// `Σ scalars[i]·points[i]` with the backend's variable-base MSM
/// (spec `g1_lincomb`). Extra entries of the longer slice are ignored.
pub fn g1_lincomb<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    B::g1_msm(points, scalars)
}

/// The naive linear combination: one scalar multiplication per point. The
/// reference the fast MSMs are tested against.
pub fn g1_lincomb_naive<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    points.iter().zip(scalars).fold(
        <B::G1 as crate::backend::Module<B::Fr>>::zero(),
        |acc, (p, s)| acc + B::g1_from_affine(p) * s,
    )
}
