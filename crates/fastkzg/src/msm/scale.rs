//! Many independent variable-time scalar multiplications `wᵢ·Pᵢ` of points
//! in G1: the twiddle products of a G1 FFT stage.
//!
//! Each product uses the GLV split (`msm::glv`): two 128-bit halves on
//! one chain of 128 doublings, width-5 NAF digits, tables of the odd
//! multiples `P, 3P, …, 15P` and their images under `φ`. All tables are made
//! affine with one shared inversion, so every table addition is a mixed
//! addition and `φ` is one base-field multiplication per entry. Against a
//! constant-time 255-bit multiplication (255 doublings) this is about a third
//! fewer field multiplications. For public inputs only.

use super::wnaf;
use crate::backend::{Backend, Group, Module};

/// NAF width: tables of `2^(W−2)` odd multiples.
const W: usize = 5;
/// Table entries per point.
const ENTRIES: usize = 1 << (W - 2);

/// `ys[i] ← ws[i]·ys[i]` for every `i` below both lengths. The points must
/// lie in G1 (the GLV endomorphism acts as `λ` only there).
pub fn g1_scale_many<B: Backend>(ys: &mut [B::G1], ws: &[B::Fr]) {
    let n = ys.len().min(ws.len());
    if n == 0 {
        return;
    }
    let mut tables = Vec::with_capacity(n * ENTRIES);
    for y in &ys[..n] {
        tables.extend(wnaf::odd_multiples(y, W));
    }
    let plus = B::g1_batch_to_affine(&tables);
    let beta = B::g1_glv_beta();
    // Per entry: φ(T), −T and −φ(T); the point at infinity maps to itself.
    let mut phi = Vec::with_capacity(plus.len());
    let mut minus = Vec::with_capacity(plus.len());
    let mut phi_minus = Vec::with_capacity(plus.len());
    for t in &plus {
        match B::g1_affine_xy(t) {
            Some((x, y)) => {
                let bx = beta * x;
                phi.push(B::g1_affine_from_xy(bx, y));
                minus.push(B::g1_affine_from_xy(x, -y));
                phi_minus.push(B::g1_affine_from_xy(bx, -y));
            }
            None => {
                phi.push(*t);
                minus.push(*t);
                phi_minus.push(*t);
            }
        }
    }
    for (i, (y, w)) in ys.iter_mut().zip(ws).enumerate() {
        let (k1, k2) = super::glv::split(w);
        let d1 = wnaf::digits(&[k1 as u64, (k1 >> 64) as u64], W);
        let d2 = wnaf::digits(&[k2 as u64, (k2 >> 64) as u64], W);
        let at = i * ENTRIES..(i + 1) * ENTRIES;
        let terms = [
            (&d1, &plus[at.clone()], &minus[at.clone()]),
            (&d2, &phi[at.clone()], &phi_minus[at]),
        ];
        let mut acc = B::G1::zero();
        let top = d1.len().max(d2.len());
        for bit in (0..top).rev() {
            if !acc.is_zero() {
                acc = acc.double();
            }
            for (digits, pos, neg) in &terms {
                let d = digits.get(bit).copied().unwrap_or(0);
                // `d` is odd, so `|d| = 2k + 1` is entry `k`.
                let k = (d.unsigned_abs() / 2) as usize;
                if d > 0 {
                    acc = B::g1_add_affine(&acc, &pos[k]);
                } else if d < 0 {
                    acc = B::g1_add_affine(&acc, &neg[k]);
                }
            }
        }
        *y = acc;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Scalar;
    use crate::Blst;

    type Fr = <Blst as Backend>::Fr;
    type G1 = <Blst as Backend>::G1;

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
        scalars.extend((0..40).map(|_| next()));
        let mut points: Vec<G1> = scalars.iter().map(|_| G1::generator() * &next()).collect();
        points[3] = G1::zero();
        points[7] = G1::generator();
        let expected: Vec<G1> = points.iter().zip(&scalars).map(|(p, s)| *p * s).collect();
        for len in [0, 1, 2, 9, scalars.len()] {
            let mut ys = points[..len].to_vec();
            g1_scale_many::<Blst>(&mut ys, &scalars);
            assert_eq!(ys, expected[..len], "len {len}");
        }
    }
}
