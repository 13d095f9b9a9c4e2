//! `s·P` for a point P of G1 that comes with `Q = [|z|]·φ(P)` (z the BLS
//! parameter, φ the GLV endomorphism): a four-term product over 64-bit
//! digits, half the doublings of the GLV product
//! ([`super::jacobian::g1_mul_glv`]).
//!
//! The subgroup check of a decoded point (Scott's test, `[z²]·φ(P) = −P`)
//! computes Q on the way, so a verifier that decodes a proof and then
//! multiplies it by a scalar gets Q for free
//! ([`crate::backend::Accel::g1_decompress_with_z_multiple`]).
//!
//! With `Z = |z| = 0xd201000000010000` (z = −Z), `r = Z⁴ − Z² + 1`, and φ
//! acts on G1 as `λ = Z² − 1`. Hence, for P in G1:
//!
//! - `[Z²]·P = φ(P) + P`;
//! - `Q = [Z·λ]·P = [Z³ − Z]·P`;
//! - `φ(Q) = [(Z³ − Z)(Z² − 1)]·P = [Z⁵ − 2Z³ + Z]·P = [−Z³]·P`, using
//!   `Z⁴ ≡ Z² − 1` (so `Z⁵ ≡ Z³ − Z`);
//! - so `[Z³]·P = −φ(Q)` and `[Z]·P = [Z³]·P − Q = −φ(Q) − Q`.
//!
//! Every scalar `s < r < Z⁴` has base-Z digits `s = e₀ + e₁Z + e₂Z² + e₃Z³`
//! (`eᵢ < Z < 2^64`), and with `R = −Q`:
//!
//! `s·P = [e₀ + e₂]·P + [e₂]·φ(P) + [e₁]·R + [e₁ + e₃]·φ(R)`,
//!
//! four non-negative coefficients of at most 65 bits: one chain of 65
//! doublings (`jacobian::glv_chain` with two terms: P with φ(P),
//! R with φ(R)) over the tables `P, 3P, 5P, 7P` and `R, 3R, 5R, 7R`, made
//! affine with one shared inversion.

use super::jacobian::{glv_chain, odd_multiples_few};
use crate::backend::glv::scalar_limbs;
use crate::backend::{Backend, Module};
use crate::constants::BLS_X_ABS as Z_ABS;

/// NAF digit width: tables `P, 3P, 5P, 7P`. For 65-bit coefficients the
/// two tables cost more, relative to the chain, than in the 128-bit GLV
/// product, and width 4 is the cheapest (measured against 3 and 5).
const WINDOW: usize = 4;
const TABLE_LEN: usize = 1 << (WINDOW - 2);

/// The base-`|z|` digits `[e₀, e₁, e₂, e₃]` of an integer below `|z|⁴`
/// ([`crate::constants::BLS_X_ABS`]) given as little-endian limbs (every
/// scalar below r is).
pub fn z_adic_digits(limbs: &[u64; 4]) -> [u64; 4] {
    let mut rest = *limbs;
    let mut digits = [0u64; 4];
    for d in digits.iter_mut() {
        // Long division of `rest` by Z, from the top limb.
        let mut remainder = 0u128;
        for limb in rest.iter_mut().rev() {
            let current = remainder << 64 | u128::from(*limb);
            *limb = (current / u128::from(Z_ABS)) as u64;
            remainder = current % u128::from(Z_ABS);
        }
        *d = remainder as u64;
    }
    digits
}

/// `s·P` for `p` in G1 and `q = [|z|]·φ(p)` (see the module documentation;
/// a `q` that is not that point gives a wrong product). The point at
/// infinity gives the identity.
pub fn g1_mul_with_z_multiple<B: Backend>(p: &B::G1Affine, q: &B::G1Affine, s: &B::Fr) -> B::G1 {
    let Some(p_xy) = B::g1_affine_xy(p) else {
        return B::G1::zero();
    };
    // Q is not the identity for P ≠ 0 in G1 (Z·λ is not a multiple of r);
    // the plain product covers a caller that passes it anyway.
    let Some((qx, qy)) = B::g1_affine_xy(q) else {
        return crate::msm::g1_mul_vartime::<B>(&B::g1_from_affine(p), s);
    };
    let [e0, e1, e2, e3] = z_adic_digits(&scalar_limbs(s));
    let naf = |k: u128| super::wnaf::digits(&[k as u64, (k >> 64) as u64], WINDOW);
    let wide = |a: u64, b: u64| u128::from(a) + u128::from(b);
    let p_halves = [naf(wide(e0, e2)), naf(u128::from(e2))];
    let r_halves = [naf(u128::from(e1)), naf(wide(e1, e3))];
    let tables = odd_multiples_few::<B>(&[p_xy, (qx, -qy)], TABLE_LEN);
    let (p_table, r_table) = tables.split_at(TABLE_LEN);
    glv_chain::<B>(
        &[(&p_halves, p_table), (&r_halves, r_table)],
        B::g1_glv_beta(),
    )
    .to_group()
}

/// `s·P` for a decoded point `p` of G1, with `q = [|z|]·φ(p)` where the
/// decoding yielded it ([`crate::backend::Accel::g1_decompress_with_z_multiple`]),
/// else the backend's product ([`crate::msm::g1_mul_vartime`]).
pub fn g1_mul_decoded<B: Backend>(p: &B::G1Affine, q: Option<&B::G1Affine>, s: &B::Fr) -> B::G1 {
    match q {
        Some(q) => g1_mul_with_z_multiple::<B>(p, q, s),
        None => crate::msm::g1_mul_vartime::<B>(&B::g1_from_affine(p), s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::glv::lambda;
    use crate::backend::{DefaultBackend, Group, Scalar};

    type Fr = <DefaultBackend as Backend>::Fr;
    type G1 = <DefaultBackend as Backend>::G1;

    fn pseudo_random(i: u64) -> Fr {
        let a = Fr::from_u64(i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut x = a;
        for _ in 0..6 {
            x = x * x + a;
        }
        x
    }

    /// The digits recombine to the integer, on edge values and scalars
    /// below r.
    #[test]
    fn digits_recombine() {
        let r_minus_1 = scalar_limbs(&(Fr::zero() - Fr::one()));
        let mut cases = vec![
            [0u64; 4],
            [1, 0, 0, 0],
            [Z_ABS - 1, 0, 0, 0],
            [Z_ABS, 0, 0, 0],
            r_minus_1,
        ];
        cases.extend((0..50).map(|i| scalar_limbs(&pseudo_random(i))));
        for limbs in cases {
            let digits = z_adic_digits(&limbs);
            assert!(digits.iter().all(|d| *d < Z_ABS), "{limbs:x?}");
            // Horner in Fr: e₀ + Z·(e₁ + Z·(e₂ + Z·e₃)).
            let z = Fr::from_u64(Z_ABS);
            let value = digits
                .iter()
                .rev()
                .fold(Fr::zero(), |acc, d| acc * z + Fr::from_u64(*d));
            assert_eq!(scalar_limbs(&value), limbs);
        }
    }

    /// Against the backend's own product, for multiples of the generator
    /// and scalars at the edges (0, 1, r − 1, the powers of Z) and
    /// pseudo-random ones; the identity gives the identity.
    #[test]
    fn matches_plain_product() {
        let z_lambda = Fr::from_u64(Z_ABS) * lambda::<Fr>();
        let z = Fr::from_u64(Z_ABS);
        let mut scalars = vec![
            Fr::zero(),
            Fr::one(),
            Fr::zero() - Fr::one(),
            z,
            z * z,
            z * z * z,
        ];
        scalars.extend((0..12).map(|i| pseudo_random(100 + i)));
        for i in 0..6 {
            let p = G1::generator() * &pseudo_random(i);
            let q = p * &z_lambda;
            let (pa, qa) = (
                DefaultBackend::g1_to_affine(&p),
                DefaultBackend::g1_to_affine(&q),
            );
            for s in &scalars {
                assert_eq!(
                    g1_mul_with_z_multiple::<DefaultBackend>(&pa, &qa, s),
                    p * s,
                    "point {i}"
                );
            }
        }
        let inf = DefaultBackend::g1_to_affine(&G1::zero());
        assert!(g1_mul_with_z_multiple::<DefaultBackend>(&inf, &inf, &pseudo_random(1)).is_zero());
    }
}
