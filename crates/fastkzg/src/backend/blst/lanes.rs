//! Many affine points of the curve `y² = x³ + 4` doubled, or each added to
//! a point of its own, in lock step with blst's field functions: every step
//! inverts all its denominators with one inversion (Montgomery's trick,
//! three products per point), so a doubling costs 5M + 2S and an addition
//! 5M + 1S, written in place. blst's Jacobian doubling is 2M + 5S plus
//! about ten additions and subtractions of field elements; the affine
//! doubling has four, and the subgroup check ([`super::subgroup`]),
//! whose chains are 126 doublings per point, spends most of its time there.
//!
//! A zero denominator (the sum of a point and itself or its opposite, or
//! the double of a point with `y = 0`, which the curve does not have over
//! Fp: its order is odd) marks the lane broken: its value is meaningless
//! from then on, and the caller answers for that point another way.

use alloc::vec;
use alloc::vec::Vec;
use blst::{blst_fp, blst_p1_affine};

use super::fp::Fp;
use crate::backend::BaseField;

/// The points of the lanes and which of them broke.
pub(super) struct Lanes {
    x: Vec<blst_fp>,
    y: Vec<blst_fp>,
    broken: Vec<bool>,
    /// Each step's denominators, then their inverses.
    den: Vec<blst_fp>,
    /// Products of the denominators before each (Montgomery's trick).
    prefix: Vec<blst_fp>,
}

impl Lanes {
    /// One lane per point (affine points of the curve, none the point at
    /// infinity: blst's all-zero form would read as `(0, 0)`).
    pub(super) fn new(points: &[blst_p1_affine]) -> Lanes {
        let n = points.len();
        Lanes {
            x: points.iter().map(|p| p.x).collect(),
            y: points.iter().map(|p| p.y).collect(),
            broken: vec![false; n],
            den: vec![blst_fp::default(); n],
            prefix: Vec::with_capacity(n),
        }
    }

    /// Lane `i`'s point, `None` once the lane broke.
    pub(super) fn point(&self, i: usize) -> Option<blst_p1_affine> {
        (!self.broken[i]).then(|| blst_p1_affine {
            x: self.x[i],
            y: self.y[i],
        })
    }

    /// Every lane's point, the broken ones' meaningless.
    pub(super) fn points(&self) -> Vec<blst_p1_affine> {
        self.x
            .iter()
            .zip(&self.y)
            .map(|(x, y)| blst_p1_affine { x: *x, y: *y })
            .collect()
    }

    /// Marks the lanes whose denominator is zero broken and gives them the
    /// denominator one, so that the shared inversion stays defined.
    fn guard_denominators(&mut self) {
        let one = Fp::one().0;
        for (d, broken) in self.den.iter_mut().zip(&mut self.broken) {
            if Fp(*d).is_zero() {
                *broken = true;
                *d = one;
            }
        }
    }

    /// `den[i] ← 1/den[i]` for every lane (all non-zero), with one
    /// inversion: Montgomery's trick in place on blst's elements
    /// (`backend::batch_invert`, the same trick over by-value
    /// products with a fresh prefix buffer per call, made the subgroup
    /// check 6–8 % slower per point).
    fn invert_denominators(&mut self) {
        self.guard_denominators();
        let mut acc = Fp::one().0;
        self.prefix.clear();
        for d in &self.den {
            self.prefix.push(acc);
            // SAFETY: blst multiplies two initialised field elements into
            // the first operand (in-place operands are allowed by blst).
            unsafe { blst::blst_fp_mul(&mut acc, &acc, d) };
        }
        let mut inv = blst_fp::default();
        // SAFETY: blst inverts an initialised non-zero field element into
        // a local.
        unsafe { blst::blst_fp_eucl_inverse(&mut inv, &acc) };
        for (d, before) in self.den.iter_mut().zip(&self.prefix).rev() {
            // `inv` is the inverse of the product up to and including `d`.
            let mut rest = blst_fp::default();
            // SAFETY: blst multiplies initialised field elements into
            // `rest` and then into `d`, which no other operand aliases.
            unsafe {
                blst::blst_fp_mul(&mut rest, &inv, d);
                blst::blst_fp_mul(d, &inv, before);
            }
            inv = rest;
        }
    }

    /// Every lane's point doubled: `λ = 3x²/(2y)`, `x' = λ² − 2x`,
    /// `y' = λ·(x − x') − y`.
    pub(super) fn double(&mut self) {
        for (d, y) in self.den.iter_mut().zip(&self.y) {
            // SAFETY: blst adds two initialised field elements into `d`.
            unsafe { blst::blst_fp_add(d, y, y) };
        }
        self.invert_denominators();
        for ((x, y), inv) in self.x.iter_mut().zip(&mut self.y).zip(&self.den) {
            let mut lambda = blst_fp::default();
            let mut t = blst_fp::default();
            // SAFETY: blst reads initialised field elements and writes the
            // first operand of each call; in-place operands are allowed.
            unsafe {
                blst::blst_fp_sqr(&mut t, x);
                blst::blst_fp_mul_by_3(&mut t, &t);
                blst::blst_fp_mul(&mut lambda, &t, inv);
                blst::blst_fp_sqr(&mut t, &lambda);
                blst::blst_fp_sub(&mut t, &t, x);
                blst::blst_fp_sub(&mut t, &t, x);
                // t = x'; now x − x' into x, then λ·(x − x') − y into y.
                blst::blst_fp_sub(x, x, &t);
                blst::blst_fp_mul(x, x, &lambda);
                blst::blst_fp_sub(y, x, y);
            }
            *x = t;
        }
    }

    /// Lane `i`'s point plus `others[i]` (as many as there are lanes; none
    /// the point at infinity): `λ = (y₂ − y)/(x₂ − x)`,
    /// `x' = λ² − x − x₂`, `y' = λ·(x − x') − y`.
    pub(super) fn add(&mut self, others: &[blst_p1_affine]) {
        for ((d, x), q) in self.den.iter_mut().zip(&self.x).zip(others) {
            // SAFETY: blst subtracts two initialised field elements into `d`.
            unsafe { blst::blst_fp_sub(d, &q.x, x) };
        }
        self.invert_denominators();
        let lanes = self.x.iter_mut().zip(&mut self.y).zip(&self.den);
        for (((x, y), inv), q) in lanes.zip(others) {
            let mut lambda = blst_fp::default();
            let mut t = blst_fp::default();
            // SAFETY: as in `double`.
            unsafe {
                blst::blst_fp_sub(&mut t, &q.y, y);
                blst::blst_fp_mul(&mut lambda, &t, inv);
                blst::blst_fp_sqr(&mut t, &lambda);
                blst::blst_fp_sub(&mut t, &t, x);
                blst::blst_fp_sub(&mut t, &t, &q.x);
                blst::blst_fp_sub(x, x, &t);
                blst::blst_fp_mul(x, x, &lambda);
                blst::blst_fp_sub(y, x, y);
            }
            *x = t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_points::{affine, jacobian, mult};
    use super::*;
    use blst::blst_p1;

    /// `k·G` for small `k`.
    fn multiple(k: u64) -> blst_p1_affine {
        // SAFETY: reads blst's static generator.
        let g = unsafe { *blst::blst_p1_generator() };
        affine(&mult(&g, &k.to_le_bytes(), 64))
    }

    /// Doublings and additions against blst's Jacobian ones, repeatedly,
    /// with a lane added to itself and one to its opposite among ordinary
    /// lanes: those two break, the others stay exact.
    #[test]
    fn agrees_with_blst() {
        let points: Vec<blst_p1_affine> = (1..=9u64).map(|k| multiple(k * 1_000_003)).collect();
        let mut others: Vec<blst_p1_affine> = (1..=9u64).map(|k| multiple(k * 7919 + 5)).collect();
        let mut lanes = Lanes::new(&points);
        let mut want: Vec<blst_p1> = points.iter().map(jacobian).collect();
        let breaks = |i: usize| i == 3 || i == 6;
        for round in 0..3 {
            lanes.double();
            for w in &mut want {
                // SAFETY: doubles an initialised point in place.
                unsafe { blst::blst_p1_double(w, w) };
            }
            for (i, w) in want.iter().enumerate() {
                if round == 0 || !breaks(i) {
                    assert_eq!(
                        lanes.point(i),
                        Some(affine(w)),
                        "double, round {round}, lane {i}"
                    );
                }
            }
            if round == 0 {
                // Lane 3 is added to its own point, lane 6 to its opposite.
                others[3] = affine(&want[3]);
                others[6] = affine(&want[6]);
                // SAFETY: negates an initialised field element in place.
                unsafe { blst::blst_fp_cneg(&mut others[6].y, &others[6].y, true) };
            }
            lanes.add(&others);
            for (w, q) in want.iter_mut().zip(&others) {
                // SAFETY: adds an initialised affine point in place.
                unsafe { blst::blst_p1_add_or_double_affine(w, w, q) };
            }
            for (i, w) in want.iter().enumerate() {
                let got = lanes.point(i);
                if breaks(i) {
                    assert_eq!(got, None, "round {round}, lane {i} broke");
                } else {
                    assert_eq!(got, Some(affine(w)), "add, round {round}, lane {i}");
                }
            }
        }
    }
}
