//! Variable-time scalar multiplication by width-w NAF digits, with several
//! (point, scalar) terms sharing one chain of doublings (Straus's method).
//!
//! A scalar in non-adjacent form of width `w` has odd digits in
//! `(−2^(w−1), 2^(w−1))`, and at least `w − 1` zeros after each non-zero
//! digit, so a `b`-bit scalar costs about `b/(w + 1)` additions from a table
//! of the odd multiples `P, 3P, …, (2^(w−1) − 1)P`, on top of the `b`
//! doublings that every term shares.
//!
//! For public inputs only: the digits, and so the sequence of additions,
//! depend on the scalar. Verification is the only user. The default of
//! [`crate::backend::Accel::g1_mul_vartime`].

use crate::backend::Group;

/// The digit width used for single scalar multiplications.
pub const WINDOW: usize = 5;

/// The width-`w` NAF of the little-endian integer `scalar`, least significant
/// digit first (one digit per bit, plus one for a final carry).
pub fn digits(scalar: &[u64], w: usize) -> Vec<i8> {
    debug_assert!((2..=7).contains(&w));
    // What is left of the scalar, with one spare limb for the carries that
    // negative digits cause.
    let mut k: Vec<u64> = scalar.iter().copied().chain([0]).collect();
    let mut out = vec![0i8; scalar.len() * 64 + 1];
    let full = 1u64 << w;
    let mut i = 0;
    while k.iter().any(|&l| l != 0) && i < out.len() {
        let mut shift = 1;
        if k[0] & 1 == 1 {
            // The odd residue modulo 2^w, centred: k − d ≡ 0 (mod 2^w).
            let v = k[0] & (full - 1);
            if v >= full / 2 {
                out[i] = (v as i64 - full as i64) as i8;
                add_small(&mut k, full - v);
            } else {
                out[i] = v as i8;
                k[0] -= v;
            }
            shift = w;
        }
        shift_right(&mut k, shift);
        i += shift;
    }
    out
}

/// `k += v` for a little-endian integer with room for the carry.
fn add_small(k: &mut [u64], v: u64) {
    let mut carry = v;
    for limb in k.iter_mut() {
        let (s, c) = limb.overflowing_add(carry);
        *limb = s;
        carry = c as u64;
        if carry == 0 {
            break;
        }
    }
}

/// `k >>= s` for `0 < s < 64`.
fn shift_right(k: &mut [u64], s: usize) {
    for j in 0..k.len() {
        let high = k.get(j + 1).map_or(0, |h| h << (64 - s));
        k[j] = (k[j] >> s) | high;
    }
}

/// `P, 3P, 5P, …, (2^(w−1) − 1)P`: the table the digits of width `w` index.
pub fn odd_multiples<F, G: Group<F>>(p: &G, w: usize) -> Vec<G> {
    let double = p.double();
    let mut table = Vec::with_capacity(1 << (w - 2));
    let mut m = *p;
    table.push(m);
    for _ in 1..(1 << (w - 2)) {
        m += double;
        table.push(m);
    }
    table
}

/// `Σ dᵢ·Tᵢ` over terms `(Tᵢ, dᵢ)`: a table of odd multiples of a point
/// (from [`odd_multiples`]) and the NAF digits of its scalar (from
/// [`digits`], with the same width). The digit lists may differ in length.
pub fn straus<F, G: Group<F>>(terms: &[(&[G], &[i8])]) -> G {
    let len = terms.iter().map(|(_, d)| d.len()).max().unwrap_or(0);
    let mut acc = G::zero();
    let mut started = false;
    for i in (0..len).rev() {
        if started {
            acc = acc.double();
        }
        for (table, digits) in terms {
            let d = digits.get(i).copied().unwrap_or(0);
            if d == 0 {
                continue;
            }
            // `d` is odd, so `|d| = 2k + 1` is entry `k` of the table.
            let Some(q) = table.get((d.unsigned_abs() as usize) / 2) else {
                continue;
            };
            if d > 0 {
                acc += *q;
            } else {
                acc -= *q;
            }
            started = true;
        }
    }
    acc
}

/// `scalar·P` for a scalar given as little-endian limbs, by one NAF term.
pub fn mul<F, G: Group<F>>(p: &G, scalar: &[u64]) -> G {
    let table = odd_multiples(p, WINDOW);
    let d = digits(scalar, WINDOW);
    straus(&[(&table, &d)])
}

/// Little-endian 64-bit limbs of a 32-byte little-endian integer.
pub fn limbs(bytes_le: &[u8; 32]) -> [u64; 4] {
    let mut out = [0u64; 4];
    for (limb, chunk) in out.iter_mut().zip(bytes_le.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *limb = u64::from_le_bytes(b);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Accel, Backend, Blst, Module, Scalar};
    use rand::{Rng, SeedableRng};

    /// `Σ dᵢ·2^i` as a little-endian integer of `limbs + 1` limbs, by
    /// Horner's rule in wrapping two's-complement arithmetic (a negative
    /// sum would show as a huge value).
    fn recombine(d: &[i8], limbs: usize) -> Vec<u64> {
        let mut acc = vec![0u64; limbs + 1];
        for &di in d.iter().rev() {
            let mut carry = 0u64;
            for l in acc.iter_mut() {
                let next = *l >> 63;
                *l = (*l << 1) | carry;
                carry = next;
            }
            // Add di sign-extended to the full width.
            let ext = if di < 0 { u64::MAX } else { 0 };
            let mut carry = false;
            for (j, l) in acc.iter_mut().enumerate() {
                let v = if j == 0 { di as i64 as u64 } else { ext };
                let (s1, o1) = l.overflowing_add(v);
                let (s2, o2) = s1.overflowing_add(carry as u64);
                *l = s2;
                carry = o1 || o2;
            }
        }
        acc
    }

    fn check_digits(scalar: &[u64], w: usize) {
        let d = digits(scalar, w);
        assert_eq!(d.len(), scalar.len() * 64 + 1);
        let mut expected = scalar.to_vec();
        expected.push(0);
        assert_eq!(recombine(&d, scalar.len()), expected, "{scalar:x?} w={w}");
        let mut last_nonzero: Option<usize> = None;
        for (i, &di) in d.iter().enumerate() {
            if di == 0 {
                continue;
            }
            assert!(di % 2 != 0, "digit {di} is odd");
            assert!((di as i32).abs() < 1 << (w - 1), "digit {di} in range");
            if let Some(j) = last_nonzero {
                assert!(i - j >= w, "non-zero digits {j} and {i} at least w apart");
            }
            last_nonzero = Some(i);
        }
    }

    #[test]
    fn digits_recombine_and_are_sparse() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for w in 2..=7 {
            for edge in [
                [0u64, 0],
                [1, 0],
                [u64::MAX, u64::MAX],
                [0, 1 << 63],
                [31, 0],
            ] {
                check_digits(&edge, w);
            }
            for _ in 0..300 {
                let s: [u64; 4] = rng.gen();
                check_digits(&s, w);
                let t: [u64; 2] = rng.gen();
                check_digits(&t, w);
            }
        }
    }

    /// The NAF product equals blst's constant-time multiplication, through
    /// the generic path and through blst's GLV override, on edge and random
    /// scalars and points (including the identity).
    #[test]
    fn mul_matches_the_constant_time_product() {
        type G1 = <Blst as Backend>::G1;
        type Fr = <Blst as Backend>::Fr;
        let mut rng = rand::rngs::StdRng::seed_from_u64(12);
        let g = <G1 as Group<Fr>>::generator();
        let mut points = vec![g, G1::zero()];
        for _ in 0..6 {
            points.push(g * &Fr::from_bytes_be_reduced(&rng.gen()));
        }
        let mut scalars = vec![Fr::zero(), Fr::one(), -Fr::one(), Fr::from_u64(2)];
        // λ and λ ± 1 around the GLV split's boundary.
        let lambda = Fr::from_bytes_be_reduced(&{
            let mut b = [0u8; 32];
            b[16..].copy_from_slice(&0xac45_a401_0001_a402_0000_0000_ffff_ffffu128.to_be_bytes());
            b
        });
        scalars.extend([lambda, lambda + Fr::one(), lambda - Fr::one(), -lambda]);
        for _ in 0..20 {
            scalars.push(Fr::from_bytes_be_reduced(&rng.gen()));
        }
        for p in &points {
            for s in &scalars {
                let expected = *p * s;
                assert_eq!(mul(p, &limbs(&s.to_bytes_le())), expected);
                assert_eq!(Blst::g1_mul_vartime(p, s), expected);
            }
        }
    }
}
