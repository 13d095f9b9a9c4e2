//! Eight G1 points in extended Jacobian (XYZZ) coordinates, one per lane:
//! `x = X/ZZ`, `y = Y/ZZZ`, with `ZZ³ = ZZZ²`. The formulas are the
//! `madd-2008-s`, `add-2008-s` and `dbl-2008-s-1` of the Explicit-Formulas
//! Database for `a = 0`, the ones blst's own buckets use; the exceptional
//! cases (identity operands, equal or opposite points) are handled per lane.

use core::arch::x86_64::*;

use crate::G1Jacobian;

use super::fp::Fp8;

/// Eight points; lanes set in `inf` hold the identity and their
/// coordinates are ignored.
#[derive(Clone, Copy)]
pub(crate) struct Xyzz8 {
    pub(crate) x: Fp8,
    pub(crate) y: Fp8,
    pub(crate) zz: Fp8,
    pub(crate) zzz: Fp8,
    pub(crate) inf: __mmask8,
}

impl Xyzz8 {
    /// The identity on every lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn identity() -> Xyzz8 {
        let z = Fp8::zero();
        Xyzz8 {
            x: z,
            y: z,
            zz: z,
            zzz: z,
            inf: 0xff,
        }
    }

    /// The affine points `(x, y)` (none of them the identity).
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn from_affine(x: &Fp8, y: &Fp8) -> Xyzz8 {
        Xyzz8 {
            x: *x,
            y: *y,
            zz: Fp8::one(),
            zzz: Fp8::one(),
            inf: 0,
        }
    }

    /// `other` on the lanes of `mask`, `self` elsewhere.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn select(&self, mask: __mmask8, other: &Xyzz8) -> Xyzz8 {
        Xyzz8 {
            x: self.x.select(mask, &other.x),
            y: self.y.select(mask, &other.y),
            zz: self.zz.select(mask, &other.zz),
            zzz: self.zzz.select(mask, &other.zzz),
            inf: (self.inf & !mask) | (other.inf & mask),
        }
    }

    /// `self + (x2, y2)` on the lanes of `active`, unchanged elsewhere. The
    /// affine points on active lanes must not be the identity.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn add_affine(&mut self, x2: &Fp8, y2: &Fp8, active: __mmask8) {
        let p = x2.mul(&self.zz).sub(&self.x);
        let r = y2.mul(&self.zzz).sub(&self.y);
        let pp = p.square();
        let ppp = p.mul(&pp);
        let q = self.x.mul(&pp);
        let x3 = r.square().sub(&ppp).sub(&q.double());
        let y3 = r.mul(&q.sub(&x3)).sub(&self.y.mul(&ppp));
        let mut out = Xyzz8 {
            x: x3,
            y: y3,
            zz: self.zz.mul(&pp),
            zzz: self.zzz.mul(&ppp),
            inf: 0,
        };
        let finite = !self.inf & active;
        let same_x = p.is_zero_mask() & finite;
        if same_x != 0 {
            // Equal points double; opposite points cancel.
            let same_y = r.is_zero_mask() & same_x;
            if same_y != 0 {
                out = out.select(same_y, &Xyzz8::from_affine(x2, y2).double());
            }
            out.inf |= same_x & !same_y;
        }
        let from_identity = self.inf & active;
        if from_identity != 0 {
            out = out.select(from_identity, &Xyzz8::from_affine(x2, y2));
        }
        *self = self.select(active, &out);
    }

    /// `2·self`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn double(&self) -> Xyzz8 {
        let u = self.y.double();
        let v = u.square();
        let w = u.mul(&v);
        let s = self.x.mul(&v);
        let xx = self.x.square();
        let m = xx.double().add(&xx);
        let x3 = m.square().sub(&s.double());
        let y3 = m.mul(&s.sub(&x3)).sub(&w.mul(&self.y));
        Xyzz8 {
            x: x3,
            y: y3,
            zz: v.mul(&self.zz),
            zzz: w.mul(&self.zzz),
            // A point with y = 0 has order 2 and doubles to the identity.
            inf: self.inf | self.y.is_zero_mask(),
        }
    }

    /// `self + other`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn add(&self, other: &Xyzz8) -> Xyzz8 {
        let u1 = self.x.mul(&other.zz);
        let s1 = self.y.mul(&other.zzz);
        let p = other.x.mul(&self.zz).sub(&u1);
        let r = other.y.mul(&self.zzz).sub(&s1);
        let pp = p.square();
        let ppp = p.mul(&pp);
        let q = u1.mul(&pp);
        let x3 = r.square().sub(&ppp).sub(&q.double());
        let y3 = r.mul(&q.sub(&x3)).sub(&s1.mul(&ppp));
        let mut out = Xyzz8 {
            x: x3,
            y: y3,
            zz: self.zz.mul(&other.zz).mul(&pp),
            zzz: self.zzz.mul(&other.zzz).mul(&ppp),
            inf: 0,
        };
        let finite = !self.inf & !other.inf;
        let same_x = p.is_zero_mask() & finite;
        if same_x != 0 {
            let same_y = r.is_zero_mask() & same_x;
            if same_y != 0 {
                out = out.select(same_y, &self.double());
            }
            out.inf |= same_x & !same_y;
        }
        out = out.select(self.inf, other);
        out.select(other.inf & !self.inf, self)
    }

    /// The lanes as Jacobian points: `Z = ZZ·ZZZ`, `X = X·ZZZ·Z`,
    /// `Y = Y·ZZ·Z²`, so that `X/Z² = X/ZZ` and `Y/Z³ = Y/ZZZ`.
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn to_jacobian(self) -> [G1Jacobian; 8] {
        let z = self.zz.mul(&self.zzz);
        let x = self.x.mul(&self.zzz).mul(&z);
        let y = self.y.mul(&self.zz).mul(&z.square());
        let (x, y, z) = (x.to_limbs(), y.to_limbs(), z.to_limbs());
        core::array::from_fn(|i| {
            if self.inf >> i & 1 == 1 {
                G1Jacobian::default()
            } else {
                G1Jacobian {
                    x: x[i],
                    y: y[i],
                    z: z[i],
                }
            }
        })
    }
}
