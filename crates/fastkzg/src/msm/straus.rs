//! Small variable-base MSMs: GLV halves and width-5 NAF digits for every
//! point, all terms sharing one chain of 128 doublings (Straus's method),
//! with the tables of odd multiples in affine form (one shared inversion)
//! so that each digit costs a mixed addition, in Jacobian coordinates over
//! the backend's base field (blst's own mixed addition also evaluates the
//! doubling formula, for constant time, which a public-input MSM does not
//! need).
//!
//! For `n` points this is about `128` doublings, `2n·128/6` mixed additions
//! and `8n` additions for the tables; a bucket method pays
//! `⌈129/c⌉·(2n + 2^c)` additions plus the bucket reduction, which only
//! pays off once `n` reaches a few dozen points.

use super::{glv, wnaf};
use crate::backend::{Backend, BaseField, Module};

/// Digit width: tables of `P, 3P, …, 15P` per point.
const WINDOW: usize = 5;

/// A Jacobian point `(X/Z², Y/Z³)` on `y² = x³ + 4` over the backend's
/// base field; `Z = 0` is the point at infinity. The accumulator of
/// [`g1_msm_straus`]: only doublings and additions of affine points, whose
/// formulas need no curve constant.
#[derive(Clone, Copy)]
struct Jacobian<F> {
    x: F,
    y: F,
    z: F,
}

impl<F: BaseField> Jacobian<F> {
    fn infinity() -> Self {
        Jacobian {
            x: F::one(),
            y: F::one(),
            z: F::zero(),
        }
    }

    /// `2·self` (2M + 5S, for curves with `a = 0`).
    fn double(&self) -> Self {
        if self.z.is_zero() || self.y.is_zero() {
            return Self::infinity();
        }
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let t = (self.x + b).square() - a - c;
        let d = t + t;
        let e = a + a + a;
        let x = e.square() - d - d;
        let c8 = {
            let c2 = c + c;
            let c4 = c2 + c2;
            c4 + c4
        };
        let y = e * (d - x) - c8;
        let yz = self.y * self.z;
        Jacobian { x, y, z: yz + yz }
    }

    /// `self + (x₂, y₂)` for an affine point (8M + 3S), with the equal and
    /// opposite cases handled.
    fn add_affine(&self, x2: F, y2: F) -> Self {
        if self.z.is_zero() {
            return Jacobian {
                x: x2,
                y: y2,
                z: F::one(),
            };
        }
        let z1z1 = self.z.square();
        let u2 = x2 * z1z1;
        let s2 = y2 * self.z * z1z1;
        let h = u2 - self.x;
        let r = s2 - self.y;
        if h.is_zero() {
            return if r.is_zero() {
                self.double()
            } else {
                Self::infinity()
            };
        }
        let hh = h.square();
        let hhh = h * hh;
        let v = self.x * hh;
        let x = r.square() - hhh - v - v;
        let y = r * (v - x) - self.y * hhh;
        Jacobian {
            x,
            y,
            z: self.z * h,
        }
    }

    /// The backend's point (one inversion).
    fn to_group<B: Backend<Fp = F>>(self) -> B::G1 {
        if self.z.is_zero() {
            return B::G1::zero();
        }
        let zi = self.z.inverse();
        let zi2 = zi.square();
        B::g1_from_affine(&B::g1_affine_from_xy(self.x * zi2, self.y * zi2 * zi))
    }
}

/// `Σ scalars[i]·points[i]` by interleaved GLV/NAF terms (variable time:
/// public inputs only). Points must be in G1 (the endomorphism acts as λ
/// there only); points at infinity and zero scalars are skipped. Extra
/// entries of the longer slice are ignored.
pub fn g1_msm_straus<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    let mut bases = Vec::new();
    let mut digits: Vec<[Vec<i8>; 2]> = Vec::new();
    for (p, s) in points.iter().zip(scalars) {
        let Some(xy) = B::g1_affine_xy(p) else {
            continue;
        };
        let (k1, k2) = glv::split(s);
        if k1 == 0 && k2 == 0 {
            continue;
        }
        bases.push(xy);
        digits.push([k1, k2].map(|k| wnaf::digits(&[k as u64, (k >> 64) as u64], WINDOW)));
    }
    if digits.is_empty() {
        return B::G1::zero();
    }
    let table = odd_multiples_affine(&bases);
    let m = TABLE_LEN;
    let beta = B::g1_glv_beta();
    let len = digits
        .iter()
        .flat_map(|d| d.iter().map(Vec::len))
        .max()
        .unwrap_or(0);
    let mut acc = Jacobian::<B::Fp>::infinity();
    for i in (0..len).rev() {
        acc = acc.double();
        for (t, halves) in digits.iter().enumerate() {
            for (half, d) in halves.iter().enumerate() {
                let d = d.get(i).copied().unwrap_or(0);
                if d == 0 {
                    continue;
                }
                let (x, y) = table[t * m + (d.unsigned_abs() as usize) / 2];
                // The second half multiplies φ(P) = (β·x, y).
                let x = if half == 1 { beta * x } else { x };
                acc = acc.add_affine(x, if d < 0 { -y } else { y });
            }
        }
    }
    acc.to_group::<B>()
}

/// Entries per point of the tables of odd multiples.
const TABLE_LEN: usize = 1 << (WINDOW - 2);

/// `P, 3P, …, 15P` for every point, entry `t·TABLE_LEN + j` being
/// `(2j + 1)·P_t`, in affine coordinates: `2P` and then each next multiple
/// for all points at once, every step sharing one inversion. For points of
/// odd prime order (G1) no step meets a zero denominator: `2y ≠ 0` and
/// `(2j + 1)·P ≠ ±2P`.
fn odd_multiples_affine<F: BaseField>(points: &[(F, F)]) -> Vec<(F, F)> {
    let n = points.len();
    let mut table = vec![(F::zero(), F::zero()); n * TABLE_LEN];
    let mut dens: Vec<F> = points.iter().map(|(_, y)| *y + *y).collect();
    batch_invert(&mut dens);
    let doubles: Vec<(F, F)> = points
        .iter()
        .zip(&dens)
        .map(|((x, y), inv)| {
            let xx = x.square();
            let lambda = (xx + xx + xx) * *inv;
            let x2 = lambda.square() - *x - *x;
            (x2, lambda * (*x - x2) - *y)
        })
        .collect();
    for (t, p) in points.iter().enumerate() {
        table[t * TABLE_LEN] = *p;
    }
    for j in 1..TABLE_LEN {
        for (t, d) in doubles.iter().enumerate() {
            dens[t] = d.0 - table[t * TABLE_LEN + j - 1].0;
        }
        batch_invert(&mut dens);
        for (t, (d, inv)) in doubles.iter().zip(&dens).enumerate() {
            let (x1, y1) = table[t * TABLE_LEN + j - 1];
            let lambda = (d.1 - y1) * *inv;
            let x3 = lambda.square() - x1 - d.0;
            table[t * TABLE_LEN + j] = (x3, lambda * (x1 - x3) - y1);
        }
    }
    table
}

/// Replaces every element by its inverse (Montgomery's trick: one inversion
/// and three multiplications per element; zeros stay zero).
fn batch_invert<F: BaseField>(v: &mut [F]) {
    let mut prefix = Vec::with_capacity(v.len());
    let mut acc = F::one();
    for x in v.iter() {
        prefix.push(acc);
        if !x.is_zero() {
            acc = acc * *x;
        }
    }
    let mut inv = acc.inverse();
    for (x, before) in v.iter_mut().zip(prefix).rev() {
        if x.is_zero() {
            continue;
        }
        let next = inv * *x;
        *x = inv * before;
        inv = next;
    }
}

#[cfg(test)]
mod tests {
    use super::g1_msm_straus;
    use crate::backend::{Backend, Group, Module, Scalar};
    use crate::msm::g1_lincomb_naive;
    use crate::Blst;

    type B = Blst;
    type Fr = <B as Backend>::Fr;

    #[test]
    fn matches_naive_with_edge_cases() {
        let g = <B as Backend>::G1::generator();
        let mut pts: Vec<_> = (1..=20u64)
            .map(|i| B::g1_to_affine(&(g * &Fr::from_u64(i * 7919 + 3))))
            .collect();
        // Infinity, a repeated point, its negation.
        pts[3] = B::g1_to_affine(&<B as Backend>::G1::zero());
        pts[5] = pts[4];
        pts[6] = B::g1_to_affine(&-B::g1_from_affine(&pts[4]));
        let mut x = Fr::from_u64(11);
        let mut sc: Vec<Fr> = (0..20)
            .map(|_| {
                x = x * x + Fr::from_u64(5);
                x
            })
            .collect();
        sc[2] = Fr::zero();
        sc[7] = -Fr::one();
        sc[8] = Fr::one();
        for n in [0, 1, 2, 5, 9, 20] {
            assert_eq!(
                g1_msm_straus::<B>(&pts[..n], &sc[..n]),
                g1_lincomb_naive::<B>(&pts[..n], &sc[..n]),
                "n = {n}"
            );
        }
        // Equal points with equal scalars: the accumulator meets itself.
        let same = vec![pts[0]; 4];
        let ones = vec![Fr::from_u64(3); 4];
        assert_eq!(
            g1_msm_straus::<B>(&same, &ones),
            g1_lincomb_naive::<B>(&same, &ones)
        );
    }
}
