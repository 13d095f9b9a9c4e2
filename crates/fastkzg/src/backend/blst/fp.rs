//! The base field Fp of the blst backend, for the generic batch-affine
//! MSMs: multiplications, squares and inversions call blst (assembly with
//! ADX/MULX where the CPU has them); additions are inlined limb arithmetic.

use core::ops::{Add, Mul, Neg, Sub};

use blst::blst_fp;

use super::limbs::{add_mod, neg_mod, read_fresh, sub_mod, sub_with_borrow};
use crate::backend::BaseField;

/// An element of Fp in blst's Montgomery form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Fp(pub blst_fp);

/// Montgomery form of 1 (`2^384 mod p`).
const ONE: blst_fp = blst_fp {
    l: [
        0x7609_0000_0002_fffd,
        0xebf4_000b_c40c_0002,
        0x5f48_9857_53c7_58ba,
        0x77ce_5853_7052_5745,
        0x5c07_1a97_a256_ec6d,
        0x15f6_5ec3_fa80_e493,
    ],
};

/// The modulus p, little-endian limbs.
const P: [u64; 6] = [
    0xb9fe_ffff_ffff_aaab,
    0x1eab_fffe_b153_ffff,
    0x6730_d2a0_f6b0_f624,
    0x6477_4b84_f385_12bf,
    0x4b1b_a7b6_434b_acd7,
    0x1a01_11ea_397f_e69a,
];

/// The element blst has just written to `out` ([`read_fresh`]).
#[inline(always)]
pub(super) fn fresh(out: &blst_fp) -> Fp {
    Fp(blst_fp {
        l: read_fresh(&out.l),
    })
}

impl Fp {
    /// `3·self` in one call (`blst_fp_mul_by_3`), for the Jacobian
    /// doubling ([`crate::backend::Accel::fp_triple`]).
    #[inline]
    pub(super) fn triple(&self) -> Fp {
        let mut out = blst_fp::default();
        // SAFETY: blst reads an initialised field element and writes `out`.
        unsafe { blst::blst_fp_mul_by_3(&mut out, &self.0) };
        fresh(&out)
    }

    /// `8·self` in one call (`blst_fp_mul_by_8`).
    #[inline]
    pub(super) fn times_8(&self) -> Fp {
        let mut out = blst_fp::default();
        // SAFETY: blst reads an initialised field element and writes `out`.
        unsafe { blst::blst_fp_mul_by_8(&mut out, &self.0) };
        fresh(&out)
    }

    /// The element with the given 48-byte big-endian value, `None` unless it
    /// is below p (for backends that expose coordinates only as bytes).
    pub fn from_be_bytes(bytes: &[u8; 48]) -> Option<Fp> {
        let mut limbs = [0u64; 6];
        for (limb, chunk) in limbs.iter_mut().rev().zip(bytes.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            *limb = u64::from_be_bytes(b);
        }
        if !sub_with_borrow(&limbs, &P).1 {
            return None;
        }
        let mut out = blst_fp::default();
        // SAFETY: blst reads six limbs of a value below p and writes `out`.
        unsafe { blst::blst_fp_from_uint64(&mut out, limbs.as_ptr()) };
        Some(Fp(out))
    }

    /// The canonical 48-byte big-endian value.
    pub fn to_be_bytes(&self) -> [u8; 48] {
        let mut out = [0u8; 48];
        // SAFETY: blst writes 48 bytes into `out` from an initialised element.
        unsafe { blst::blst_bendian_from_fp(out.as_mut_ptr(), &self.0) };
        out
    }
}

// Addition, subtraction and negation are inlined limb arithmetic
// ([`crate::backend::limbs`]) on blst's representation, reduced below p.

impl Add for Fp {
    type Output = Fp;
    #[inline]
    fn add(self, rhs: Fp) -> Fp {
        // a + b < 2p < 2^382: subtract p unless that borrows.
        Fp(blst_fp {
            l: add_mod(&self.0.l, &rhs.0.l, &P),
        })
    }
}

impl Sub for Fp {
    type Output = Fp;
    #[inline]
    fn sub(self, rhs: Fp) -> Fp {
        Fp(blst_fp {
            l: sub_mod(&self.0.l, &rhs.0.l, &P),
        })
    }
}

impl Mul for Fp {
    type Output = Fp;
    #[inline]
    fn mul(self, rhs: Fp) -> Fp {
        let mut out = blst_fp::default();
        // SAFETY: blst reads two initialised field elements and writes `out`.
        unsafe { blst::blst_fp_mul(&mut out, &self.0, &rhs.0) };
        fresh(&out)
    }
}

impl Neg for Fp {
    type Output = Fp;
    #[inline]
    fn neg(self) -> Fp {
        Fp(blst_fp {
            l: neg_mod(&self.0.l, &P),
        })
    }
}

impl BaseField for Fp {
    fn zero() -> Self {
        Fp(blst_fp::default())
    }
    fn one() -> Self {
        Fp(ONE)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        self.0.l.iter().all(|l| *l == 0)
    }
    #[inline]
    fn square(&self) -> Self {
        let mut out = blst_fp::default();
        // SAFETY: blst reads one initialised field element and writes `out`.
        unsafe { blst::blst_fp_sqr(&mut out, &self.0) };
        fresh(&out)
    }
    fn inverse(&self) -> Self {
        let mut out = blst_fp::default();
        // SAFETY: blst reads one initialised field element and writes `out`
        // (zero maps to zero).
        unsafe { blst::blst_fp_eucl_inverse(&mut out, &self.0) };
        Fp(out)
    }
}

#[cfg(test)]
mod tests {
    use super::{Fp, ONE};
    use crate::backend::BaseField;

    /// blst's `3·x` and `8·x` equal the sums, for values up to p − 1.
    #[test]
    fn small_multiples_match_sums() {
        let mut values = vec![Fp::zero(), Fp::one(), -Fp::one()];
        let mut x = Fp::one() + Fp::one();
        for _ in 0..30 {
            x = x * x + Fp::one();
            values.push(x);
            values.push(-x);
        }
        for v in values {
            assert_eq!(v.triple(), v + v + v);
            let four = v + v + v + v;
            assert_eq!(v.times_8(), four + four);
        }
    }

    /// The byte conversions round-trip and reject values not below p.
    #[test]
    fn big_endian_bytes() {
        let mut x = Fp::one();
        for _ in 0..20 {
            x = x * x + Fp::one() + Fp::one();
            assert_eq!(Fp::from_be_bytes(&x.to_be_bytes()), Some(x));
        }
        let mut two = [0u8; 48];
        two[47] = 2;
        assert_eq!(Fp::from_be_bytes(&two), Some(Fp::one() + Fp::one()));
        let p: Vec<u8> = super::P
            .iter()
            .rev()
            .flat_map(|l| l.to_be_bytes())
            .collect();
        let mut p_be = [0u8; 48];
        p_be.copy_from_slice(&p);
        assert_eq!(Fp::from_be_bytes(&p_be), None);
        p_be[47] -= 1;
        assert_eq!(Fp::from_be_bytes(&p_be), Some(-Fp::one()));
        assert_eq!(Fp::from_be_bytes(&[0xff; 48]), None);
    }

    /// The Montgomery constant is blst's 1, and the operations agree with
    /// small-integer arithmetic.
    #[test]
    fn field_laws() {
        let from_u64 = |v: u64| {
            let mut out = blst::blst_fp::default();
            // SAFETY: blst writes one field element from a u64.
            unsafe { blst::blst_fp_from_uint64(&mut out, [v, 0, 0, 0, 0, 0].as_ptr()) };
            Fp(out)
        };
        assert_eq!(from_u64(1), Fp(ONE));
        let (a, b) = (from_u64(12345), from_u64(678));
        assert_eq!(a + b, from_u64(13023));
        assert_eq!(a - b, from_u64(11667));
        assert_eq!(a * b, from_u64(12345 * 678));
        assert_eq!(a.square(), from_u64(12345 * 12345));
        assert_eq!(a * a.inverse(), Fp::one());
        assert_eq!(a + (-a), from_u64(0));
        assert!(from_u64(0).is_zero() && !a.is_zero());
        assert!(from_u64(0).inverse().is_zero());
        // Reduction at both ends of the range: (p − 1) + 1 = 0, 0 − 1 = p − 1.
        let minus_one = -Fp::one();
        assert_eq!(minus_one + Fp::one(), from_u64(0));
        assert_eq!(from_u64(0) - Fp::one(), minus_one);
        assert_eq!(minus_one + minus_one, -(Fp::one() + Fp::one()));
        assert_eq!(-from_u64(0), from_u64(0));
        // Against blst's own operations on many values.
        let mut x = a;
        for _ in 0..1000 {
            x = x * x + b;
            let y = x.square() - a;
            let mut want = blst::blst_fp::default();
            // SAFETY: blst reads two initialised elements and writes `want`.
            unsafe { blst::blst_fp_add(&mut want, &x.0, &y.0) };
            assert_eq!(x + y, Fp(want));
            // SAFETY: blst reads two initialised elements and writes `want`.
            unsafe { blst::blst_fp_sub(&mut want, &x.0, &y.0) };
            assert_eq!(x - y, Fp(want));
            // SAFETY: blst reads one initialised element and writes `want`.
            unsafe { blst::blst_fp_cneg(&mut want, &y.0, true) };
            assert_eq!(-y, Fp(want));
        }
    }
}
