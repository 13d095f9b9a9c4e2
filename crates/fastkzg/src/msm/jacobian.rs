//! Variable-time point arithmetic over the backend's base field for the
//! GLV/NAF products ([`super::straus`], [`super::scale`], [`g1_mul_glv`])
//! and the generator comb ([`super::FixedBaseMul`]): a Jacobian
//! accumulator with mixed additions (8M + 3S, against blst's constant-time
//! mixed addition, which also evaluates the doubling formula) and tables of
//! odd multiples built in affine form for many points at once.

use crate::backend::{batch_invert, Backend, BaseField, Module};
use alloc::vec;
use alloc::vec::Vec;

/// NAF digit width of the products: tables of `P, 3P, …, 15P`.
pub(crate) const WINDOW: usize = super::wnaf::WINDOW;

/// A Jacobian point `(X/Z², Y/Z³)` on `y² = x³ + 4` over the backend's
/// base field; `Z = 0` is the point at infinity. The accumulator of
/// variable-time products: only doublings and additions of affine points,
/// whose formulas need no curve constant.
#[derive(Clone, Copy)]
pub(crate) struct Jacobian<B: Backend> {
    x: B::Fp,
    y: B::Fp,
    z: B::Fp,
}

impl<B: Backend> Jacobian<B> {
    pub(crate) fn infinity() -> Self {
        Jacobian {
            x: <B::Fp as BaseField>::one(),
            y: <B::Fp as BaseField>::one(),
            z: <B::Fp as BaseField>::zero(),
        }
    }

    /// `2·self` (2M + 5S, for curves with `a = 0`).
    pub(crate) fn double(&self) -> Self {
        if self.z.is_zero() || self.y.is_zero() {
            return Self::infinity();
        }
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let t = (self.x + b).square() - a - c;
        let d = t + t;
        let e = B::fp_triple(&a);
        let x = e.square() - d - d;
        let y = e * (d - x) - B::fp_times_8(&c);
        let yz = self.y * self.z;
        Jacobian { x, y, z: yz + yz }
    }

    /// The affine point `(x, y)`.
    pub(crate) fn from_affine(x: B::Fp, y: B::Fp) -> Self {
        Jacobian {
            x,
            y,
            z: <B::Fp as BaseField>::one(),
        }
    }

    /// `self + other` (12M + 4S), with the equal and opposite cases handled.
    pub(crate) fn add(&self, other: &Self) -> Self {
        if self.z.is_zero() {
            return *other;
        }
        if other.z.is_zero() {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = other.z.square();
        let u1 = self.x * z2z2;
        let u2 = other.x * z1z1;
        let s1 = self.y * other.z * z2z2;
        let s2 = other.y * self.z * z1z1;
        self.sum((u1, s1), (u2, s2), self.z * other.z)
    }

    /// `self + (x₂, y₂)` for an affine point (8M + 3S), with the equal and
    /// opposite cases handled.
    pub(crate) fn add_affine(&self, x2: B::Fp, y2: B::Fp) -> Self {
        if self.z.is_zero() {
            return Jacobian {
                x: x2,
                y: y2,
                z: <B::Fp as BaseField>::one(),
            };
        }
        let z1z1 = self.z.square();
        let u2 = x2 * z1z1;
        let s2 = y2 * self.z * z1z1;
        self.sum((self.x, self.y), (u2, s2), self.z)
    }

    /// The sum of two points given on a common scale: `(u₁, s₁)` and
    /// `(u₂, s₂)` are their `x·Z²` and `y·Z³` for `Z = z₁₂` (the product
    /// of the denominators); `self` is the first point (for the doubling).
    fn sum(&self, (u1, s1): (B::Fp, B::Fp), (u2, s2): (B::Fp, B::Fp), z12: B::Fp) -> Self {
        let h = u2 - u1;
        let r = s2 - s1;
        if h.is_zero() {
            return if r.is_zero() {
                self.double()
            } else {
                Self::infinity()
            };
        }
        let hh = h.square();
        let hhh = h * hh;
        let v = u1 * hh;
        let x = r.square() - hhh - v - v;
        let y = r * (v - x) - s1 * hhh;
        Jacobian { x, y, z: z12 * h }
    }

    /// The affine coordinates, given `zi = 1/Z` (`Z ≠ 0`).
    fn affine(&self, zi: B::Fp) -> (B::Fp, B::Fp) {
        let zi2 = zi.square();
        (self.x * zi2, self.y * zi2 * zi)
    }

    /// The backend's point for affine coordinates given `zi = 1/Z`.
    fn group_with(&self, zi: B::Fp) -> B::G1 {
        if self.z.is_zero() {
            return B::G1::zero();
        }
        let (x, y) = self.affine(zi);
        B::g1_from_affine(&B::g1_affine_from_xy(x, y))
    }

    /// The backend's point (one inversion, unless the backend takes
    /// Jacobian coordinates as they are).
    pub(crate) fn to_group(self) -> B::G1 {
        B::g1_from_jacobian(&self.x, &self.y, &self.z)
            .unwrap_or_else(|| self.group_with(self.z.inverse()))
    }
}

/// Entries per point of the tables of odd multiples.
pub(crate) const TABLE_LEN: usize = 1 << (WINDOW - 2);

/// `P, 3P, …, 15P` for every point, entry `t·TABLE_LEN + j` being
/// `(2j + 1)·P_t`, in affine coordinates: `2P` and then each next multiple
/// for all points at once, every step sharing one inversion. For points of
/// odd prime order (G1) no step meets a zero denominator: `2y ≠ 0` and
/// `(2j + 1)·P ≠ ±2P`.
pub(crate) fn odd_multiples_affine<F: BaseField>(points: &[(F, F)]) -> Vec<(F, F)> {
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

/// The backend's points for many Jacobian points, with one shared
/// inversion (none where the backend takes Jacobian coordinates).
pub(crate) fn batch_to_group<B: Backend>(points: &[Jacobian<B>]) -> Vec<B::G1> {
    let native: Option<Vec<B::G1>> = points
        .iter()
        .map(|p| B::g1_from_jacobian(&p.x, &p.y, &p.z))
        .collect();
    if let Some(native) = native {
        return native;
    }
    let mut zs: Vec<B::Fp> = points.iter().map(|p| p.z).collect();
    batch_invert(&mut zs);
    points
        .iter()
        .zip(zs)
        .map(|(p, zi)| p.group_with(zi))
        .collect()
}

/// `s·P` in variable time for a point in G1 (public inputs): the GLV halves
/// of `s` as width-5 NAF digits on one chain of 128 doublings, the table
/// `P, 3P, …, 15P` built in Jacobian form and made affine with one
/// inversion (for a single point that is cheaper than
/// the lock-step tables of many points, which pay an inversion per entry), `φ`
/// applied per addition, mixed additions into a Jacobian accumulator.
pub fn g1_mul_glv<B: Backend>(p: &B::G1, s: &B::Fr) -> B::G1 {
    let Some(xy) = B::g1_affine_xy(&B::g1_to_affine(p)) else {
        return B::G1::zero();
    };
    let halves = glv_digits(s);
    let table = odd_multiples_few::<B>(&[xy], TABLE_LEN);
    glv_chain::<B>(&[(&halves, &table[..])], B::g1_glv_beta()).to_group()
}

/// The odd multiples `P, 3P, …, (2·len − 1)·P` of a few points (entry
/// `t·len + j` is `(2j + 1)·P_t`), built in Jacobian form and made affine
/// with one inversion for all of them (for one or two points that is
/// cheaper than the inversion per step of [`odd_multiples_affine`]). The
/// points must be in G1 (no step meets a doubling or the identity).
pub(crate) fn odd_multiples_few<B: Backend>(
    points: &[(B::Fp, B::Fp)],
    len: usize,
) -> Vec<(B::Fp, B::Fp)> {
    let mut multiples = Vec::with_capacity(points.len() * len);
    for (x, y) in points {
        let first = Jacobian::<B>::from_affine(*x, *y);
        let double = first.double();
        multiples.push(first);
        for _ in 1..len {
            let next = multiples[multiples.len() - 1].add(&double);
            multiples.push(next);
        }
    }
    let mut zs: Vec<B::Fp> = multiples.iter().map(|m| m.z).collect();
    batch_invert(&mut zs);
    multiples
        .iter()
        .zip(zs)
        .map(|(m, zi)| m.affine(zi))
        .collect()
}

/// The GLV halves of `s` as width-[`WINDOW`] NAF digits.
pub(crate) fn glv_digits<S: crate::backend::Scalar>(s: &S) -> [Vec<i8>; 2] {
    let (k1, k2) = crate::backend::glv::split(s);
    [k1, k2].map(|k| super::wnaf::digits(&[k as u64, (k >> 64) as u64], WINDOW))
}

/// One term of [`glv_chain`]: the NAF digits of the two GLV halves of a
/// scalar and the affine table `P, 3P, …, 15P` of its point.
pub(crate) type GlvTerm<'a, F> = (&'a [Vec<i8>; 2], &'a [(F, F)]);

/// `Σ (k₁·Pₜ + k₂·φ(Pₜ))` over terms `(digits of k₁ and k₂, affine table of
/// P, 3P, …, 15P)`: one chain of doublings, the digits of every term added
/// at their bit (Straus), `φ(x, y) = (β·x, y)` applied per addition.
pub(crate) fn glv_chain<B: Backend>(terms: &[GlvTerm<'_, B::Fp>], beta: B::Fp) -> Jacobian<B> {
    let top = terms
        .iter()
        .flat_map(|(halves, _)| halves.iter().map(Vec::len))
        .max()
        .unwrap_or(0);
    let mut acc = Jacobian::infinity();
    for bit in (0..top).rev() {
        acc = acc.double();
        for (halves, table) in terms {
            for (half, digits) in halves.iter().enumerate() {
                let d = digits.get(bit).copied().unwrap_or(0);
                if d == 0 {
                    continue;
                }
                // `d` is odd, so `|d| = 2k + 1` is entry `k`.
                let (x, y) = table[(d.unsigned_abs() / 2) as usize];
                let x = if half == 1 { beta * x } else { x };
                acc = acc.add_affine(x, if d < 0 { -y } else { y });
            }
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::g1_mul_glv;
    use crate::backend::{Backend, DefaultBackend, Group, Module, Scalar};
    use rand::{Rng, SeedableRng};

    /// The GLV product equals the backend's constant-time multiplication, directly
    /// and as the backend's `g1_mul_vartime`, on edge and random scalars and
    /// points (including the identity).
    #[test]
    fn glv_product_matches_the_constant_time_product() {
        type G1 = <DefaultBackend as Backend>::G1;
        type Fr = <DefaultBackend as Backend>::Fr;
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
                assert_eq!(g1_mul_glv::<DefaultBackend>(p, s), expected);
                assert_eq!(crate::msm::g1_mul_vartime::<DefaultBackend>(p, s), expected);
            }
        }
    }
}
