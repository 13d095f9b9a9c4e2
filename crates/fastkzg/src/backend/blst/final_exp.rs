//! The final exponentiation of the BLS12-381 pairing, `f^((p¹² − 1)/r)`,
//! equal to blst's `blst_final_exp` for every input, with the hard part's
//! exponentiations by the curve parameter in Karabina's compressed form.
//!
//! blst's hard part raises four and a half times to the power `|x| =
//! 0xd201000000010000` (the BLS parameter), each a chain of 63 cyclotomic
//! squarings (Granger–Scott: nine Fp2 squarings each) and five Fp12
//! products. Here a squaring is six Fp2 squarings, and those chains are
//! most of the exponentiation (measured: docs/performance-notes.md,
//! "Pairings and `verify_kzg_proof`").
//!
//! Write an Fp12 element as `Σ aᵢ·wⁱ` (`w⁶ = ξ = 1 + u`; blst's
//! `fp6[j].fp2[i]` is `a_{2i+j}`). For an element of the cyclotomic
//! subgroup the Granger–Scott squaring maps `(a1, a4)` to new values of
//! `a2, a5` and `(a2, a5)` to new `a1, a4`:
//!
//! - `a1' = 6ξ·a2·a5 + 2·a1`, `a5' = 6·a1·a4 + 2·a5`,
//! - `a2' = 3·(a1² + ξ·a4²) − 2·a2`, `a4' = 3·(a2² + ξ·a5²) − 2·a4`,
//!
//! so `(a1, a2, a4, a5)` can be squared on their own (six Fp2 squarings)
//! and `a0, a3` recovered when needed (Karabina, "Squaring in cyclotomic
//! subgroups", Math. Comp. 82, 2013):
//!
//! - `a3 = (ξ·a5² + 3·a2² − 2·a4) / (4·a1)`,
//! - `a0 = ξ·(2·a3² + a1·a5 − 3·a2·a4) + 1`.
//!
//! An exponentiation by `|x|` squares the compressed element 63 times,
//! keeps the six powers `a^(2^k)` for the set bits `k` of `|x|`,
//! decompresses them with one shared inversion and multiplies them. When a
//! divisor `a1` is zero (no pairing input of a valid verification reaches
//! it, but it is not excluded) the whole exponentiation is blst's, so the
//! result is blst's in every case.
//!
//! Every `unsafe` block calls blst on live references of the right types.

use alloc::vec::Vec;
use blst::{blst_fp12, blst_fp2};

use super::fp::{fresh, Fp};
use crate::backend::BaseField;

/// An element of Fp2 with inlined additions; products call blst.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fp2 {
    c0: Fp,
    c1: Fp,
}

impl Fp2 {
    pub(super) fn one() -> Fp2 {
        Fp2 {
            c0: Fp::one(),
            c1: Fp::zero(),
        }
    }

    fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }

    pub(super) fn from_blst(a: &blst_fp2) -> Fp2 {
        Fp2 {
            c0: Fp(a.fp[0]),
            c1: Fp(a.fp[1]),
        }
    }

    /// The element blst has just written to `out` ([`fresh`]).
    #[inline(always)]
    fn fresh(out: &blst_fp2) -> Fp2 {
        Fp2 {
            c0: fresh(&out.fp[0]),
            c1: fresh(&out.fp[1]),
        }
    }

    pub(super) fn to_blst(self) -> blst_fp2 {
        blst_fp2 {
            fp: [self.c0.0, self.c1.0],
        }
    }

    /// The element `c0 + c1·u`.
    pub(super) fn new(c0: Fp, c1: Fp) -> Fp2 {
        Fp2 { c0, c1 }
    }

    /// `k·self` for `k` in Fp (two Fp products).
    #[inline]
    pub(super) fn scale(self, k: Fp) -> Fp2 {
        Fp2 {
            c0: self.c0 * k,
            c1: self.c1 * k,
        }
    }

    #[inline]
    pub(super) fn add(self, b: Fp2) -> Fp2 {
        Fp2 {
            c0: self.c0 + b.c0,
            c1: self.c1 + b.c1,
        }
    }

    #[inline]
    fn sub(self, b: Fp2) -> Fp2 {
        Fp2 {
            c0: self.c0 - b.c0,
            c1: self.c1 - b.c1,
        }
    }

    #[inline]
    fn double(self) -> Fp2 {
        self.add(self)
    }

    /// Multiplication by `ξ = 1 + u` (`u² = −1`).
    #[inline]
    fn mul_by_xi(self) -> Fp2 {
        Fp2 {
            c0: self.c0 - self.c1,
            c1: self.c0 + self.c1,
        }
    }

    #[inline]
    fn square(self) -> Fp2 {
        let a = self.to_blst();
        let mut out = blst_fp2::default();
        // SAFETY: reads an initialised Fp2 element, writes `out`.
        unsafe { blst::blst_fp2_sqr(&mut out, &a) };
        Fp2::fresh(&out)
    }

    #[inline]
    pub(super) fn mul(self, b: Fp2) -> Fp2 {
        let (a, b) = (self.to_blst(), b.to_blst());
        let mut out = blst_fp2::default();
        // SAFETY: reads two initialised Fp2 elements, writes `out`.
        unsafe { blst::blst_fp2_mul(&mut out, &a, &b) };
        Fp2::fresh(&out)
    }

    fn inverse(self) -> Fp2 {
        let a = self.to_blst();
        let mut out = blst_fp2::default();
        // SAFETY: reads an initialised Fp2 element, writes `out`.
        unsafe { blst::blst_fp2_inverse(&mut out, &a) };
        Fp2::from_blst(&out)
    }

    /// Replaces every element by its inverse with one inversion
    /// (Montgomery's trick), unless one of them is zero: then nothing
    /// changes and the result is `false`.
    pub(super) fn batch_inverse(values: &mut [Fp2]) -> bool {
        if values.iter().any(Fp2::is_zero) {
            return false;
        }
        let mut prefix = Vec::with_capacity(values.len());
        let mut acc = Fp2::one();
        for v in values.iter() {
            prefix.push(acc);
            acc = acc.mul(*v);
        }
        let mut inv = acc.inverse();
        for (v, before) in values.iter_mut().zip(prefix).rev() {
            let own = inv.mul(before);
            inv = inv.mul(*v);
            *v = own;
        }
        true
    }
}

/// The coefficients `(a1, a2, a4, a5)` of a cyclotomic-subgroup element,
/// in blst's form: the squaring runs on them through blst's own Fp2
/// functions, in place: by-value [`Fp2`] arithmetic moves each
/// intermediate through the stack, with store-forwarding stalls whose cost
/// depends on where the code lands (docs/performance-notes.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Compressed {
    a1: blst_fp2,
    a2: blst_fp2,
    a4: blst_fp2,
    a5: blst_fp2,
}

/// `out = ξ·a` (`ξ = 1 + u`, `u² = −1`: `(a0 − a1) + (a0 + a1)·u`); `out`
/// and `a` are different places.
fn mul_by_xi_into(out: &mut blst_fp2, a: &blst_fp2) {
    // SAFETY: reads initialised field elements of `a`, writes those of
    // `out` (a different place).
    unsafe {
        blst::blst_fp_sub(&mut out.fp[0], &a.fp[0], &a.fp[1]);
        blst::blst_fp_add(&mut out.fp[1], &a.fp[0], &a.fp[1]);
    }
}

impl Compressed {
    fn of(f: &blst_fp12) -> Compressed {
        Compressed {
            a1: f.fp6[1].fp2[0],
            a2: f.fp6[0].fp2[1],
            a4: f.fp6[0].fp2[2],
            a5: f.fp6[1].fp2[2],
        }
    }

    /// The square (six Fp2 squarings), valid for elements of the
    /// cyclotomic subgroup.
    fn square(&self) -> Compressed {
        use blst::{blst_fp2_add as add, blst_fp2_lshift as shl, blst_fp2_mul_by_3 as times_3};
        use blst::{blst_fp2_sqr as sqr, blst_fp2_sub as sub};
        let Compressed { a1, a2, a4, a5 } = self;
        let mut out = *self;
        let [mut s1, mut s2, mut s4, mut s5, mut a1a4, mut a2a5, mut t, mut u] =
            [blst_fp2::default(); 8];
        // SAFETY: blst reads initialised Fp2 elements and writes locals;
        // an output aliasing an input is supported by blst.
        unsafe {
            sqr(&mut s1, a1);
            sqr(&mut s2, a2);
            sqr(&mut s4, a4);
            sqr(&mut s5, a5);
            // 2·a1·a4 and 2·a2·a5 from the squares of the sums.
            add(&mut t, a1, a4);
            sqr(&mut a1a4, &t);
            sub(&mut a1a4, &a1a4, &s1);
            sub(&mut a1a4, &a1a4, &s4);
            add(&mut t, a2, a5);
            sqr(&mut a2a5, &t);
            sub(&mut a2a5, &a2a5, &s2);
            sub(&mut a2a5, &a2a5, &s5);
            // a1' = 3·ξ·(2·a2·a5) + 2·a1.
            mul_by_xi_into(&mut t, &a2a5);
            times_3(&mut t, &t);
            shl(&mut u, a1, 1);
            add(&mut out.a1, &u, &t);
            // a2' = 3·(a1² + ξ·a4²) − 2·a2.
            mul_by_xi_into(&mut t, &s4);
            add(&mut t, &t, &s1);
            times_3(&mut t, &t);
            shl(&mut u, a2, 1);
            sub(&mut out.a2, &t, &u);
            // a4' = 3·(a2² + ξ·a5²) − 2·a4.
            mul_by_xi_into(&mut t, &s5);
            add(&mut t, &t, &s2);
            times_3(&mut t, &t);
            shl(&mut u, a4, 1);
            sub(&mut out.a4, &t, &u);
            // a5' = 3·(2·a1·a4) + 2·a5.
            times_3(&mut t, &a1a4);
            shl(&mut u, a5, 1);
            add(&mut out.a5, &u, &t);
        }
        out
    }

    /// `4·a1`, the divisor of the decompression.
    fn divisor(&self) -> Fp2 {
        Fp2::from_blst(&self.a1).double().double()
    }

    /// The full element, given `1/(4·a1)`.
    fn decompress(&self, divisor_inverse: Fp2) -> blst_fp12 {
        let [a1, a2, a4, a5] = [&self.a1, &self.a2, &self.a4, &self.a5].map(Fp2::from_blst);
        let three_a2_sq = {
            let s = a2.square();
            s.double().add(s)
        };
        let a3 = a5
            .square()
            .mul_by_xi()
            .add(three_a2_sq)
            .sub(a4.double())
            .mul(divisor_inverse);
        let a2a4 = a2.mul(a4);
        let a0 = a3
            .square()
            .double()
            .add(a1.mul(a5))
            .sub(a2a4.double().add(a2a4))
            .mul_by_xi()
            .add(Fp2::one());
        let mut f = blst_fp12::default();
        f.fp6[0].fp2 = [a0.to_blst(), a2.to_blst(), a4.to_blst()];
        f.fp6[1].fp2 = [a1.to_blst(), a3.to_blst(), a5.to_blst()];
        f
    }
}

fn fp12_mul(a: &blst_fp12, b: &blst_fp12) -> blst_fp12 {
    let mut out = blst_fp12::default();
    // SAFETY: reads two initialised Fp12 elements, writes `out`.
    unsafe { blst::blst_fp12_mul(&mut out, a, b) };
    out
}

fn conjugate(a: &blst_fp12) -> blst_fp12 {
    let mut out = *a;
    // SAFETY: conjugates an initialised Fp12 element in place.
    unsafe { blst::blst_fp12_conjugate(&mut out) };
    out
}

fn frobenius(a: &blst_fp12, n: usize) -> blst_fp12 {
    let mut out = blst_fp12::default();
    // SAFETY: reads an initialised Fp12 element, writes `out`; n is 1 to 3,
    // the powers blst's map supports.
    unsafe { blst::blst_fp12_frobenius_map(&mut out, a, n) };
    out
}

/// The set bits of `|x|/2 = 0x6900800000008000`; those of `|x|` are one
/// higher.
const HALF_X_BITS: [u32; 6] = [15, 47, 56, 59, 61, 62];

/// `a^(-|x|/2)` (`half`) or `a^(-|x|)` = `a^x` for `a` in the cyclotomic
/// subgroup; `None` when a decompression divisor is zero.
fn raise_to_x(a: &blst_fp12, half: bool) -> Option<blst_fp12> {
    let shift = u32::from(!half);
    let mut powers = [Compressed::of(a); 6];
    let mut c = powers[0];
    let mut done = 0;
    for (slot, bit) in powers.iter_mut().zip(HALF_X_BITS) {
        while done < bit + shift {
            c = c.square();
            done += 1;
        }
        *slot = c;
    }
    let mut inverses = powers.map(|p| p.divisor());
    if !Fp2::batch_inverse(&mut inverses) {
        return None;
    }
    let mut full = powers.iter().zip(inverses).map(|(p, i)| p.decompress(i));
    let first = full.next()?;
    let product = full.fold(first, |acc, f| fp12_mul(&acc, &f));
    // x is negative: the inverse of a cyclotomic element is its conjugate.
    Some(conjugate(&product))
}

/// blst's final exponentiation with compressed exponentiations by `x`:
/// the same sequence of operations, so the same value (see the module
/// documentation for the fallback).
pub(super) fn final_exp(f: &blst_fp12) -> blst_fp12 {
    compressed_final_exp(f).unwrap_or_else(|| blst_final_exp(f))
}

/// blst's own final exponentiation.
pub(super) fn blst_final_exp(f: &blst_fp12) -> blst_fp12 {
    let mut out = blst_fp12::default();
    // SAFETY: reads an initialised Fp12 element, writes `out`.
    unsafe { blst::blst_final_exp(&mut out, f) };
    out
}

/// The easy part of the final exponentiation, `f^((p⁶ − 1)(p² + 1))`:
/// an element of the cyclotomic subgroup.
fn easy_part(f: &blst_fp12) -> blst_fp12 {
    let mut inv = blst_fp12::default();
    // SAFETY: reads an initialised Fp12 element, writes `inv`.
    unsafe { blst::blst_fp12_inverse(&mut inv, f) };
    let t = fp12_mul(&conjugate(f), &inv);
    fp12_mul(&t, &frobenius(&t, 2))
}

/// blst's Granger–Scott squaring of a cyclotomic-subgroup element.
fn cyclotomic_sqr(a: &blst_fp12) -> blst_fp12 {
    let mut out = blst_fp12::default();
    // SAFETY: reads an initialised Fp12 element, writes `out`.
    unsafe { blst::blst_fp12_cyclotomic_sqr(&mut out, a) };
    out
}

fn compressed_final_exp(f: &blst_fp12) -> Option<blst_fp12> {
    let ret = easy_part(f);
    // The hard part, in blst's order.
    let y0 = cyclotomic_sqr(&ret);
    let y1 = raise_to_x(&y0, false)?;
    let y2 = raise_to_x(&y1, true)?;
    let y1 = conjugate(&fp12_mul(&y1, &conjugate(&ret)));
    let y1 = fp12_mul(&y1, &y2);
    let y2 = raise_to_x(&y1, false)?;
    let y3 = raise_to_x(&y2, false)?;
    let y1 = conjugate(&y1);
    let y3 = fp12_mul(&y3, &y1);
    let y1 = frobenius(&conjugate(&y1), 3);
    let y1 = fp12_mul(&y1, &frobenius(&y2, 2));
    let y2 = raise_to_x(&y3, false)?;
    let y2 = fp12_mul(&fp12_mul(&y2, &y0), &ret);
    let y1 = fp12_mul(&y1, &y2);
    Some(fp12_mul(&y1, &frobenius(&y3, 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Miller-loop outputs of hashed points (not in the cyclotomic
    /// subgroup), then the easy part applied by blst's own operations.
    fn miller_output(seed: u8) -> blst_fp12 {
        let mut p1 = blst::blst_p1::default();
        let mut p2 = blst::blst_p2::default();
        let mut a1 = blst::blst_p1_affine::default();
        let mut a2 = blst::blst_p2_affine::default();
        let mut out = blst_fp12::default();
        let msg = [seed; 8];
        // SAFETY: hashes a local message to points, normalises them and
        // runs blst's Miller loop on them.
        unsafe {
            blst::blst_hash_to_g1(&mut p1, msg.as_ptr(), 8, [].as_ptr(), 0, [].as_ptr(), 0);
            blst::blst_hash_to_g2(&mut p2, msg.as_ptr(), 8, [].as_ptr(), 0, [].as_ptr(), 0);
            blst::blst_p1_to_affine(&mut a1, &p1);
            blst::blst_p2_to_affine(&mut a2, &p2);
            blst::blst_miller_loop(&mut out, &a2, &a1);
        }
        out
    }

    /// An element of the cyclotomic subgroup: the easy part of the final
    /// exponentiation applied to a Miller-loop output.
    fn cyclotomic(seed: u8) -> blst_fp12 {
        easy_part(&miller_output(seed))
    }

    fn decompress(c: &Compressed) -> blst_fp12 {
        c.decompress(c.divisor().inverse())
    }

    /// The batch inversion against one inversion per element, and its
    /// refusal (values unchanged) when one element is zero.
    #[test]
    fn batch_inverse_matches_single_inversions() {
        let g = cyclotomic(30);
        let values = Compressed::of(&g);
        let mut v = [values.a1, values.a2, values.a4, values.a5].map(|a| Fp2::from_blst(&a));
        let singles = v.map(Fp2::inverse);
        assert!(Fp2::batch_inverse(&mut v));
        assert_eq!(v, singles);
        let mut with_zero = v;
        with_zero[2] = Fp2 {
            c0: Fp::zero(),
            c1: Fp::zero(),
        };
        let before = with_zero;
        assert!(!Fp2::batch_inverse(&mut with_zero));
        assert_eq!(with_zero, before);
    }

    /// The compressed squaring is blst's Granger–Scott squaring on the
    /// kept coefficients, and decompression recovers the other two.
    #[test]
    fn compressed_square_and_decompress_match_blst() {
        for seed in 0..4 {
            let mut g = cyclotomic(seed);
            let mut c = Compressed::of(&g);
            for _ in 0..70 {
                assert_eq!(decompress(&c), g, "seed {seed}");
                g = cyclotomic_sqr(&g);
                c = c.square();
                assert_eq!(c, Compressed::of(&g), "seed {seed}");
            }
        }
    }

    /// `raise_to_x` against square-and-multiply with blst's squarings.
    #[test]
    fn raise_to_x_matches_square_and_multiply() {
        use crate::constants::BLS_X_ABS as ABS_X;
        let naive = |a: &blst_fp12, e: u64| {
            // SAFETY: `blst_fp12_one` returns a pointer to a constant.
            let mut acc = unsafe { *blst::blst_fp12_one() };
            for bit in (0..64).rev() {
                acc = cyclotomic_sqr(&acc);
                if e >> bit & 1 == 1 {
                    acc = fp12_mul(&acc, a);
                }
            }
            conjugate(&acc)
        };
        for seed in 10..13 {
            let a = cyclotomic(seed);
            assert_eq!(raise_to_x(&a, false), Some(naive(&a, ABS_X)));
            assert_eq!(raise_to_x(&a, true), Some(naive(&a, ABS_X / 2)));
        }
    }

    /// The final exponentiation equals blst's on Miller-loop outputs, on
    /// products of them, on 1 and on 0 (both of which take the fallback:
    /// their `a1` is zero).
    #[test]
    fn final_exp_matches_blst() {
        let mut f = miller_output(20);
        for seed in 21..27 {
            assert_eq!(final_exp(&f), blst_final_exp(&f), "seed {seed}");
            assert!(compressed_final_exp(&f).is_some());
            f = fp12_mul(&f, &miller_output(seed));
        }
        // SAFETY: `blst_fp12_one` returns a pointer to a constant.
        let one = unsafe { *blst::blst_fp12_one() };
        assert_eq!(compressed_final_exp(&one), None);
        assert_eq!(final_exp(&one), one);
        let zero = blst_fp12::default();
        assert_eq!(final_exp(&zero), blst_final_exp(&zero));
    }
}
