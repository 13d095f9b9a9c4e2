//! Width-w NAF digits of scalars, for variable-time products.
//!
//! A scalar in non-adjacent form of width `w` has odd digits in
//! `(−2^(w−1), 2^(w−1))`, and at least `w − 1` zeros after each non-zero
//! digit, so a `b`-bit scalar costs about `b/(w + 1)` additions from a table
//! of the odd multiples `P, 3P, …, (2^(w−1) − 1)P`, on top of the `b`
//! doublings that every term shares (the chains of [`super::jacobian`]).
//!
//! For public inputs only: the digits, and so the sequence of additions,
//! depend on the scalar.

use alloc::vec;
use alloc::vec::Vec;

/// The digit width of the GLV/NAF products.
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

#[cfg(test)]
mod tests {
    use super::*;
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
}
