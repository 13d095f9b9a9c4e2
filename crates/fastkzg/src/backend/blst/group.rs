//! G1 and G2 of the blst backend: blst's Jacobian points with the group
//! law, the products by scalars and the generators of blst.

use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use blst::{blst_p1, blst_p2};

use super::Fr;
use crate::backend::{Group, Module};

/// A G1 point in Jacobian coordinates.
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct G1(pub blst_p1);

/// A G2 point in Jacobian coordinates.
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct G2(pub blst_p2);

/// Implements the group traits for one of blst's projective point types.
macro_rules! blst_group {
    ($name:ident, $raw:ty, $add:ident, $double:ident, $cneg:ident, $mult:ident, $is_inf:ident,
     $is_equal:ident, $generator:ident) => {
        impl Add for $name {
            type Output = $name;
            fn add(self, rhs: $name) -> $name {
                let mut out = <$raw>::default();
                // SAFETY: blst reads two initialised points and writes `out`.
                unsafe { blst::$add(&mut out, &self.0, &rhs.0) };
                $name(out)
            }
        }
        impl Sub for $name {
            type Output = $name;
            fn sub(self, rhs: $name) -> $name {
                self + (-rhs)
            }
        }
        impl Neg for $name {
            type Output = $name;
            fn neg(self) -> $name {
                let mut out = self.0;
                // SAFETY: in-place conditional negation of an initialised point.
                unsafe { blst::$cneg(&mut out, true) };
                $name(out)
            }
        }
        impl AddAssign for $name {
            fn add_assign(&mut self, rhs: $name) {
                *self = *self + rhs;
            }
        }
        impl SubAssign for $name {
            fn sub_assign(&mut self, rhs: $name) {
                *self = *self - rhs;
            }
        }
        impl<'a> Mul<&'a Fr> for $name {
            type Output = $name;
            fn mul(self, rhs: &'a Fr) -> $name {
                let s = rhs.scalar();
                let mut out = <$raw>::default();
                // SAFETY: blst reads a 255-bit little-endian scalar from the
                // 32-byte array `s.b` and an initialised point.
                unsafe { blst::$mult(&mut out, &self.0, s.b.as_ptr(), 255) };
                $name(out)
            }
        }
        impl<'a> MulAssign<&'a Fr> for $name {
            fn mul_assign(&mut self, rhs: &'a Fr) {
                *self = *self * rhs;
            }
        }
        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                // SAFETY: reads two initialised points.
                unsafe { blst::$is_equal(&self.0, &other.0) }
            }
        }
        impl Module<Fr> for $name {
            fn zero() -> Self {
                $name(<$raw>::default())
            }
            fn is_zero(&self) -> bool {
                // SAFETY: reads one initialised point.
                unsafe { blst::$is_inf(&self.0) }
            }
        }
        impl Group<Fr> for $name {
            fn generator() -> Self {
                // SAFETY: blst returns a pointer to its static generator.
                $name(unsafe { *blst::$generator() })
            }
            fn double(&self) -> Self {
                let mut out = <$raw>::default();
                // SAFETY: reads one initialised point, writes `out`.
                unsafe { blst::$double(&mut out, &self.0) };
                $name(out)
            }
        }
    };
}

blst_group!(
    G1,
    blst_p1,
    blst_p1_add_or_double,
    blst_p1_double,
    blst_p1_cneg,
    blst_p1_mult,
    blst_p1_is_inf,
    blst_p1_is_equal,
    blst_p1_generator
);
blst_group!(
    G2,
    blst_p2,
    blst_p2_add_or_double,
    blst_p2_double,
    blst_p2_cneg,
    blst_p2_mult,
    blst_p2_is_inf,
    blst_p2_is_equal,
    blst_p2_generator
);
