//! The scalar field Fr of the blst backend: blst's Montgomery form, with
//! additions inlined as limb arithmetic and products calling blst.

use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use blst::{blst_fr, blst_scalar};

use super::limbs::{add_mod, neg_mod, read_fresh, sub_mod};
use crate::backend::{Module, Scalar};
use crate::constants::BLS_MODULUS_LIMBS;

/// An element of Fr in blst's Montgomery form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Fr(pub blst_fr);

/// Little-endian u64 limbs of a 32-byte big-endian integer.
pub(super) fn limbs_from_be(bytes: &[u8; 32]) -> [u64; 4] {
    let mut limbs = [0u64; 4];
    for (i, chunk) in bytes.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        limbs[3 - i] = u64::from_be_bytes(b);
    }
    limbs
}

/// Whether little-endian limbs are below the scalar-field modulus r.
pub(super) fn less_than_modulus(limbs: &[u64; 4]) -> bool {
    for (a, m) in limbs.iter().zip(BLS_MODULUS_LIMBS.iter()).rev() {
        if a != m {
            return a < m;
        }
    }
    false
}

impl Fr {
    /// The canonical integer (not Montgomery form), little-endian limbs.
    pub(super) fn canonical_limbs(&self) -> [u64; 4] {
        let mut limbs = [0u64; 4];
        // SAFETY: blst writes four limbs into `limbs` from a live value.
        unsafe { blst::blst_uint64_from_fr(limbs.as_mut_ptr(), &self.0) };
        limbs
    }

    pub(super) fn scalar(&self) -> blst_scalar {
        let mut s = blst_scalar::default();
        // SAFETY: both pointers come from live, properly typed values.
        unsafe { blst::blst_scalar_from_fr(&mut s, &self.0) };
        s
    }
}

// Addition, subtraction and negation are inlined limb arithmetic
// ([`crate::backend::limbs`]); products call blst and read the result back a limb at
// a time.
impl Add for Fr {
    type Output = Fr;
    #[inline]
    fn add(self, rhs: Fr) -> Fr {
        Fr(blst_fr {
            l: add_mod(&self.0.l, &rhs.0.l, &BLS_MODULUS_LIMBS),
        })
    }
}
impl Sub for Fr {
    type Output = Fr;
    #[inline]
    fn sub(self, rhs: Fr) -> Fr {
        Fr(blst_fr {
            l: sub_mod(&self.0.l, &rhs.0.l, &BLS_MODULUS_LIMBS),
        })
    }
}
impl Mul for Fr {
    type Output = Fr;
    #[inline]
    fn mul(self, rhs: Fr) -> Fr {
        let mut out = blst_fr::default();
        // SAFETY: blst reads two initialised field elements and writes `out`.
        unsafe { blst::blst_fr_mul(&mut out, &self.0, &rhs.0) };
        Fr(blst_fr {
            l: read_fresh(&out.l),
        })
    }
}
impl<'a> Mul<&'a Fr> for Fr {
    type Output = Fr;
    fn mul(self, rhs: &'a Fr) -> Fr {
        self * *rhs
    }
}
impl<'a> MulAssign<&'a Fr> for Fr {
    #[inline]
    fn mul_assign(&mut self, rhs: &'a Fr) {
        let a: *mut blst_fr = &mut self.0;
        // SAFETY: `a` points to an initialised element that blst reads and
        // then overwrites; aliasing output and input is supported by blst.
        unsafe { blst::blst_fr_mul(a, a, &rhs.0) };
    }
}
impl Neg for Fr {
    type Output = Fr;
    #[inline]
    fn neg(self) -> Fr {
        Fr(blst_fr {
            l: neg_mod(&self.0.l, &BLS_MODULUS_LIMBS),
        })
    }
}
impl AddAssign for Fr {
    #[inline]
    fn add_assign(&mut self, rhs: Fr) {
        *self = *self + rhs;
    }
}
impl SubAssign for Fr {
    #[inline]
    fn sub_assign(&mut self, rhs: Fr) {
        *self = *self - rhs;
    }
}
// Multiplication in place lets blst write the result where it stays.
impl MulAssign for Fr {
    #[inline]
    fn mul_assign(&mut self, rhs: Fr) {
        let a: *mut blst_fr = &mut self.0;
        // SAFETY: `a` points to an initialised element that blst reads and
        // then overwrites; aliasing output and input is supported by blst.
        unsafe { blst::blst_fr_mul(a, a, &rhs.0) };
    }
}

impl Module<Fr> for Fr {
    fn zero() -> Self {
        Fr(blst_fr::default())
    }
    fn is_zero(&self) -> bool {
        self.0.l == [0; 4]
    }
}

impl Scalar for Fr {
    fn one() -> Self {
        Self::from_u64(1)
    }
    fn from_u64(v: u64) -> Self {
        let limbs = [v, 0, 0, 0];
        let mut out = blst_fr::default();
        // SAFETY: blst reads four u64 limbs from a live array.
        unsafe { blst::blst_fr_from_uint64(&mut out, limbs.as_ptr()) };
        Fr(out)
    }
    fn from_bytes_be(bytes: &[u8; 32]) -> Option<Self> {
        let limbs = limbs_from_be(bytes);
        if !less_than_modulus(&limbs) {
            return None;
        }
        let mut out = blst_fr::default();
        // SAFETY: blst reads four u64 limbs (a value below r) from a live array.
        unsafe { blst::blst_fr_from_uint64(&mut out, limbs.as_ptr()) };
        Some(Fr(out))
    }
    fn from_bytes_be_reduced(bytes: &[u8; 32]) -> Self {
        let mut s = blst_scalar::default();
        let mut out = blst_fr::default();
        // SAFETY: blst reads 32 bytes (length passed explicitly) and reduces
        // modulo r; the result is always a valid scalar.
        unsafe {
            blst::blst_scalar_from_be_bytes(&mut s, bytes.as_ptr(), bytes.len());
            blst::blst_fr_from_scalar(&mut out, &s);
        }
        Fr(out)
    }
    fn to_bytes_be(&self) -> [u8; 32] {
        // From the canonical limbs: blst's byte-by-byte reversal
        // (`blst_bendian_from_scalar`) cost as much as the conversion.
        let mut out = [0u8; 32];
        for (dst, limb) in out
            .chunks_exact_mut(8)
            .zip(self.canonical_limbs().iter().rev())
        {
            dst.copy_from_slice(&limb.to_be_bytes());
        }
        out
    }
    fn to_bytes_le(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (dst, limb) in out.chunks_exact_mut(8).zip(self.canonical_limbs()) {
            dst.copy_from_slice(&limb.to_le_bytes());
        }
        out
    }
    fn square(&self) -> Self {
        let mut out = blst_fr::default();
        // SAFETY: reads one initialised field element, writes `out`.
        unsafe { blst::blst_fr_sqr(&mut out, &self.0) };
        Fr(blst_fr {
            l: read_fresh(&out.l),
        })
    }
    fn inverse(&self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        let mut out = blst_fr::default();
        // SAFETY: reads one initialised non-zero field element, writes `out`.
        unsafe { blst::blst_fr_eucl_inverse(&mut out, &self.0) };
        Some(Fr(out))
    }
}
