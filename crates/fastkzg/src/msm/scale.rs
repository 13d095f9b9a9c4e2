//! Many independent variable-time scalar multiplications `wᵢ·Pᵢ` of points
//! in G1: the twiddle products of a G1 FFT stage.
//!
//! Each product uses the GLV split (`msm::glv`): two 128-bit halves on
//! one chain of 128 doublings, width-5 NAF digits, tables of the odd
//! multiples `P, 3P, …, 15P` and their images under `φ`. The inputs are made
//! affine with one shared inversion and the tables are built in affine form
//! for all points at once (one inversion per step), so every digit is a
//! mixed addition into a Jacobian accumulator, and `φ` is one base-field
//! multiplication per addition; the results share one more inversion.
//! Against a constant-time 255-bit multiplication (255 doublings) this is
//! less than half the field multiplications. For public inputs only.
//!
//! The twiddles `±ω₄` (a quarter of a radix-2 FFT's non-trivial products)
//! take a shorter route: with BLS12-381's parameter `z`, `r = z⁴ − z² + 1`
//! divides `z⁶ + 1`, so `z³` is a fourth root of unity in Fr, and on G1
//! `[z²]P = [λ + 1]P = φ(P) + P = −φ²(P)` (`φ² + φ + 1 = 0`). Hence
//! `[z³]P = [|z|]·(β²x, y)`: one chain of 63 doublings and 5 additions for
//! the sparse 64-bit `|z|`, against 128 doublings and about 43 additions
//! for a GLV product.

use super::dispatch::g1_scale_products;
use super::jacobian::{
    batch_to_group, glv_chain, glv_digits, odd_multiples_affine, Jacobian, TABLE_LEN,
};
use crate::backend::{Backend, Scalar};
use crate::constants::BLS_X_ABS as Z_ABS;
use alloc::vec::Vec;

/// `z³` in Fr, a primitive fourth root of unity.
fn z_cubed<F: Scalar>() -> F {
    let z = -F::from_u64(Z_ABS);
    z * z * z
}

/// `[|z|]·(x, y)` for an affine point of G1: double-and-add over the six
/// set bits of `|z|`.
fn times_abs_z<B: Backend>(x: B::Fp, y: B::Fp) -> Jacobian<B> {
    let mut acc = Jacobian::<B>::from_affine(x, y);
    for bit in (0..63).rev() {
        acc = acc.double();
        if Z_ABS >> bit & 1 == 1 {
            acc = acc.add_affine(x, y);
        }
    }
    acc
}

/// `ys[i] ← ws[i]·ys[i]` for every `i` below both lengths: the products by
/// `±z³` on the short chain, the others on the backend's kernel where it
/// has one ([`super::dispatch`]), else by GLV. The points must lie in G1
/// (the GLV endomorphism acts as `λ` only there).
pub fn g1_scale_many<B: Backend>(ys: &mut [B::G1], ws: &[B::Fr]) {
    let n = ys.len().min(ws.len());
    let rest = g1_scale_fourth_roots::<B>(ys, ws);
    if rest.len() == n {
        g1_scale_products::<B>(&mut ys[..n], &ws[..n], glv_products::<B>);
        return;
    }
    let mut others: Vec<B::G1> = rest.iter().map(|i| ys[*i]).collect();
    let others_ws: Vec<B::Fr> = rest.iter().map(|i| ws[*i]).collect();
    g1_scale_products::<B>(&mut others, &others_ws, glv_products::<B>);
    for (i, y) in rest.iter().zip(others) {
        ys[*i] = y;
    }
}

/// The products `ys[i] ← ws[i]·ys[i]` whose `ws[i]` is `±z³`, made with the
/// short chain; returns the positions (below both lengths) of the other
/// products, which are left to the caller. The points must lie in G1.
fn g1_scale_fourth_roots<B: Backend>(ys: &mut [B::G1], ws: &[B::Fr]) -> Vec<usize> {
    let n = ys.len().min(ws.len());
    let i4 = z_cubed::<B::Fr>();
    let mut rest = Vec::with_capacity(n);
    // Position, and whether `w = −z³` (which negates `y`).
    let mut short = Vec::new();
    for (i, w) in ws[..n].iter().enumerate() {
        if *w == i4 {
            short.push((i, false));
        } else if *w == -i4 {
            short.push((i, true));
        } else {
            rest.push(i);
        }
    }
    if short.is_empty() {
        return rest;
    }
    let points: Vec<B::G1> = short.iter().map(|(i, _)| ys[*i]).collect();
    let beta = B::g1_glv_beta();
    let beta2 = beta * beta;
    let results: Vec<Jacobian<B>> = B::g1_batch_to_affine(&points)
        .iter()
        .zip(&short)
        .map(|(p, (_, negate))| match B::g1_affine_xy(p) {
            None => Jacobian::infinity(),
            Some((x, y)) => times_abs_z::<B>(beta2 * x, if *negate { -y } else { y }),
        })
        .collect();
    for ((i, _), r) in short.iter().zip(batch_to_group::<B>(&results)) {
        ys[*i] = r;
    }
    rest
}

/// `ys[i] ← ws[i]·ys[i]` by GLV products (tables of odd multiples built for
/// all points at once).
fn glv_products<B: Backend>(ys: &mut [B::G1], ws: &[B::Fr]) {
    let n = ys.len().min(ws.len());
    if n == 0 {
        return;
    }
    // The points other than infinity, in affine coordinates (infinity stays).
    let xys: Vec<Option<(B::Fp, B::Fp)>> = B::g1_batch_to_affine(&ys[..n])
        .iter()
        .map(B::g1_affine_xy)
        .collect();
    let bases: Vec<(B::Fp, B::Fp)> = xys.iter().flatten().copied().collect();
    let table = odd_multiples_affine(&bases);
    let beta = B::g1_glv_beta();
    let mut results = Vec::with_capacity(n);
    let mut t = 0;
    for (xy, w) in xys.iter().zip(ws) {
        if xy.is_none() {
            results.push(Jacobian::infinity());
            continue;
        }
        let entries = &table[t * TABLE_LEN..(t + 1) * TABLE_LEN];
        t += 1;
        results.push(glv_chain(&[(&glv_digits(w), entries)], beta));
    }
    for (y, r) in ys.iter_mut().zip(batch_to_group::<B>(&results)) {
        *y = r;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Group, Module, Scalar};
    use crate::DefaultBackend;

    type Fr = <DefaultBackend as Backend>::Fr;
    type G1 = <DefaultBackend as Backend>::G1;

    /// Against the plain product on edge scalars (0, ±1, r − 1, λ-sized
    /// halves) and pseudo-random ones, with the identity among the points.
    #[test]
    fn matches_plain_products() {
        let mut x = Fr::from_u64(0x5eed);
        let mut next = || {
            x = x * x + Fr::from_u64(11);
            x
        };
        let mut scalars = vec![Fr::zero(), Fr::one(), -Fr::one(), -Fr::from_u64(2)];
        scalars.push(Fr::from_u64(0xffff_ffff) + Fr::from_u64(1 << 40) * Fr::from_u64(1 << 40));
        // ±z³ (the fourth roots of unity, the short route) and neighbours.
        let i4 = super::z_cubed::<Fr>();
        assert_eq!(i4 * i4, -Fr::one());
        scalars.extend([i4, -i4, i4 + Fr::one(), i4 * i4 * i4]);
        scalars.extend((0..40).map(|_| next()));
        let mut points: Vec<G1> = scalars.iter().map(|_| G1::generator() * &next()).collect();
        points[3] = G1::zero();
        points[7] = G1::generator();
        let expected: Vec<G1> = points.iter().zip(&scalars).map(|(p, s)| *p * s).collect();
        for len in [0, 1, 2, 9, scalars.len()] {
            let mut ys = points[..len].to_vec();
            g1_scale_many::<DefaultBackend>(&mut ys, &scalars);
            assert_eq!(ys, expected[..len], "len {len}");
        }
    }
}
