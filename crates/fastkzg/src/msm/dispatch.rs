//! The one MSM dispatcher: every choice between a backend's kernel
//! ([`crate::backend::Accel`]) and the generic algorithms of this module is made here.
//!
//! The generic code asks a kernel first and runs its own algorithm where
//! the backend has none ([`g1_msm`], [`g1_msm_signed_digits`],
//! [`g1_mul_vartime`], [`fr_glv_lincomb`], the products of
//! [`super::scale::g1_scale_many`]); the planners above (FK20, cell
//! verification, the verifier's tables, the precompute plans) ask
//! [`kernels`] rather than the backend, so the rule for when kernels run
//! lives in one function.

use alloc::vec::Vec;

use crate::backend::{Backend, Module};

/// Whether the backend's MSM kernels run now ([`crate::backend::Accel::msm_kernels`]): the
/// planners then prefer one large MSM over lock-step batches of generic
/// ones, and no precomputed subset tables.
#[inline]
pub fn kernels<B: Backend>() -> bool {
    B::msm_kernels()
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
