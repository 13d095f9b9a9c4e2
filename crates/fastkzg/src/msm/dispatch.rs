//! The one MSM dispatcher: every choice between a backend's kernel
//! ([`crate::backend::Accel`]) and the generic algorithms of this module is made here.
//!
//! The generic code asks a kernel first and runs its own algorithm where
//! the backend has none ([`g1_msm`], [`g1_msm_signed_digits`],
//! [`g1_mul_vartime`], [`fr_glv_lincomb`], the products of
//! [`super::scale::g1_scale_many`]). The planners above (FK20, cell
//! verification, the verifier's tables, the precompute plans) take one of
//! the named plans below ([`fixed_base_table`], [`many_msms`],
//! [`grouped_sums`]) rather than asking the backend, so the rule for when
//! kernels run, and what each algorithm is chosen for, lives in this file.

use alloc::vec::Vec;

use crate::backend::{Backend, Module};

/// Whether the backend's MSM kernels run now ([`crate::backend::Accel::msm_kernels`]): the
/// planners then prefer one large MSM over lock-step batches of generic
/// ones, and no precomputed subset tables.
#[inline]
pub fn kernels<B: Backend>() -> bool {
    B::msm_kernels()
}

/// The precomputed table that a fixed-base MSM over a few points (FK20's
/// rows, the verifier's cell interpolation) is fastest with on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedBaseTable {
    /// Multiples per window for Pippenger's buckets ([`super::FixedBaseMsm`]),
    /// which the backend's kernel sums.
    Window,
    /// Signed subset sums of groups of points ([`super::SubsetSumMsm`]),
    /// summed by the generic batch-affine code.
    SubsetSums,
}

/// The table for fixed-base MSMs: [`FixedBaseTable::Window`] where the
/// backend's MSM kernels run (they beat subset sums, which run without
/// them), else [`FixedBaseTable::SubsetSums`].
pub fn fixed_base_table<B: Backend>() -> FixedBaseTable {
    if kernels::<B>() {
        FixedBaseTable::Window
    } else {
        FixedBaseTable::SubsetSums
    }
}

/// How a batch of independent MSMs (FK20's row MSMs) runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManyMsms {
    /// One after another, each on the backend's kernel.
    EachOnKernel,
    /// Each thread's share in lock step, so that the batch-affine additions
    /// of all its MSMs share one inversion.
    LockStep,
}

/// [`ManyMsms::EachOnKernel`] where the backend's MSM kernels run, else
/// [`ManyMsms::LockStep`].
pub fn many_msms<B: Backend>() -> ManyMsms {
    if kernels::<B>() {
        ManyMsms::EachOnKernel
    } else {
        ManyMsms::LockStep
    }
}

/// How `Σ r_i·P_i` and `Σ r_i·h_{g(i)}·P_i` over points in groups (cell
/// proofs in columns, with `h_g^64 = ±1` per column) are summed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupedSums {
    /// Two MSMs over the points, sharing their buckets' points.
    TwoMsms,
    /// One GLV sum per group in lock step, then a chain of doublings per
    /// group (`msm::small_groups`).
    GroupSums,
}

/// The fewest points per group, on average, for which the group sums win
/// on one thread: they cost a chain of 65 doublings per group plus a share
/// per point, the two MSMs only a share per point; they break even at
/// about five points per group ("Cell verification" in
/// docs/performance-notes.md).
const GROUP_SUMS_MIN_POINTS_PER_GROUP: usize = 6;

/// [`GROUP_SUMS_MIN_POINTS_PER_GROUP`] on more than one thread (the
/// second sum's MSM then runs on one), measured the same way.
const GROUP_SUMS_MIN_POINTS_PER_GROUP_PARALLEL: usize = 8;

/// The method for `points` points in `groups` groups: two MSMs where the
/// backend's kernels run or the groups are small on average, else the
/// group sums.
pub fn grouped_sums<B: Backend>(points: usize, groups: usize) -> GroupedSums {
    let per_group = if crate::par::threads() > 1 {
        GROUP_SUMS_MIN_POINTS_PER_GROUP_PARALLEL
    } else {
        GROUP_SUMS_MIN_POINTS_PER_GROUP
    };
    if kernels::<B>() || points < per_group * groups {
        GroupedSums::TwoMsms
    } else {
        GroupedSums::GroupSums
    }
}

/// `Σ scalars[i]·points[i]` (variable base, one thread): the backend's
/// kernel where it has one, else [`super::g1_msm_generic`]. Points must be
/// in G1. Extra entries of the longer slice are ignored.
pub fn g1_msm<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    let n = points.len().min(scalars.len());
    let (points, scalars) = (&points[..n], &scalars[..n]);
    B::g1_msm_kernel(points, scalars).unwrap_or_else(|| super::g1_msm_generic::<B>(points, scalars))
}

/// `Σ d_i·points[i]` for signed `window`-bit digits in two's complement
/// (the fixed-base MSM's recoding; `2 ≤ window ≤ 16`, other windows give
/// the identity): the backend's kernel where it has one, else the generic
/// batch-affine bucket method. Extra entries of the longer slice are
/// ignored.
pub fn g1_msm_signed_digits<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
) -> B::G1 {
    let n = points.len().min(digits.len());
    if n == 0 || !(2..=16).contains(&window) {
        return B::G1::zero();
    }
    let (points, digits) = (&points[..n], &digits[..n]);
    B::g1_msm_signed_digits_kernel(points, digits, window)
        .unwrap_or_else(|| super::batch_affine::signed_digit_sum::<B>(points, digits, window))
}

/// `s·p` in variable time, for public inputs (verification): the backend's
/// kernel where it has one, else the GLV split into two 128-bit NAF terms
/// on one doubling chain ([`super::jacobian::g1_mul_glv`]). `p` must be in
/// G1.
pub fn g1_mul_vartime<B: Backend>(p: &B::G1, s: &B::Fr) -> B::G1 {
    B::g1_mul_vartime_kernel(p, s).unwrap_or_else(|| super::jacobian::g1_mul_glv::<B>(p, s))
}

/// `out[j] = Σ_k (a_k + b_k·λ)·rows[k][j]` for every `j < out.len()`, with
/// `halves[k] = (a_k, b_k)` (the GLV form of a cell batch's randomizers;
/// λ = `0xac45a4010001a40200000000ffffffff`, the eigenvalue of G1's
/// endomorphism). Rows shorter than `out` are read as zeros beyond their
/// end. The backend's kernel where it has one (it may sum unreduced
/// products and reduce once per output), else one product per term.
pub fn fr_glv_lincomb<B: Backend>(out: &mut [B::Fr], halves: &[(u64, u64)], rows: &[&[B::Fr]]) {
    if B::fr_glv_lincomb_kernel(out, halves, rows) {
        return;
    }
    for o in out.iter_mut() {
        *o = B::Fr::zero();
    }
    let t: Vec<B::Fr> = crate::backend::glv::from_halves::<B::Fr>(halves);
    for (t, row) in t.iter().zip(rows) {
        for (o, v) in out.iter_mut().zip(row.iter()) {
            *o += *v * *t;
        }
    }
}

/// The GLV products `ys[i] ← ws[i]·ys[i]` (slices of the same length, no
/// `±z³` among the `ws`): the backend's kernel where it has one, else
/// `generic`.
pub(crate) fn g1_scale_products<B: Backend>(
    ys: &mut [B::G1],
    ws: &[B::Fr],
    generic: impl FnOnce(&mut [B::G1], &[B::Fr]),
) {
    if !B::g1_scale_kernel(ys, ws) {
        generic(ys, ws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Group, Scalar};
    use crate::DefaultBackend as B;

    type Fr = <B as Backend>::Fr;

    /// The generic combination equals the sum of products term by term,
    /// whether or not a kernel answers.
    #[test]
    fn glv_lincomb_matches_products() {
        let rows: Vec<Vec<Fr>> = (0..5u64)
            .map(|k| (0..7u64).map(|j| Fr::from_u64(k * 31 + j + 1)).collect())
            .collect();
        let refs: Vec<&[Fr]> = rows.iter().map(|r| &r[..3 + (r.len() % 3)]).collect();
        let halves: Vec<(u64, u64)> = (0..5u64).map(|k| (k * 7 + 3, u64::MAX - k)).collect();
        let mut got = vec![Fr::one(); 7];
        fr_glv_lincomb::<B>(&mut got, &halves, &refs);
        let t = crate::backend::glv::from_halves::<Fr>(&halves);
        for (j, g) in got.iter().enumerate() {
            let want = refs.iter().zip(&t).fold(Fr::zero(), |acc, (row, t)| {
                acc + row.get(j).map_or(Fr::zero(), |v| *v * *t)
            });
            assert_eq!(*g, want, "{j}");
        }
    }

    /// Out-of-range windows and empty inputs give the identity.
    #[test]
    fn signed_digits_edges() {
        let g = B::g1_to_affine(&<B as Backend>::G1::generator());
        assert!(g1_msm_signed_digits::<B>(&[g], &[1], 1).is_zero());
        assert!(g1_msm_signed_digits::<B>(&[g], &[1], 17).is_zero());
        assert!(g1_msm_signed_digits::<B>(&[], &[], 4).is_zero());
        assert_eq!(
            g1_msm_signed_digits::<B>(&[g], &[1], 4),
            <B as Backend>::G1::generator()
        );
    }
}
