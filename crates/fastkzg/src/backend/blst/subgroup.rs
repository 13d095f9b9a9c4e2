//! The G1 subgroup check of several points at once, for the blst backend
//! where the IFMA kernels do not run: the test of blst's
//! `blst_p1_affine_in_g1` (Scott, ePrint 2021/1130), with the points'
//! intermediate multiples normalised together, or, for 128 points
//! and more, every step of the chains shared by all points in affine form
//! ([`Lanes`]).
//!
//! `σ(x, y) = (β·x, y)` acts on G1 as a cube root of unity λ with
//! `1 + z²·λ ≡ 0 mod r` (z the BLS parameter), and a point of the curve
//! is in G1 exactly when `[z²]·σ(P) = −P` (blst checks the equivalent
//! `σ²(P) = −[z²]·P`; apply σ to both sides). `[z²]` is two
//! multiplications by `|z|` (64 bits, six of them set: 63 doublings and
//! five additions each). blst runs the second on a Jacobian point, so its
//! additions are general ones (about 16 products); here the first results
//! of all points are made affine with one shared inversion (Montgomery's
//! trick, about 7 products per point), so both multiplications add an
//! affine point (about 11 products). The doublings are blst's own. In
//! lock step, a doubling or an addition of every point shares one
//! inversion and both products run in affine form throughout.
//!
//! blst's point functions handle the point at infinity and equal or
//! opposite operands, which the small-order points of the curve (orders 3
//! and 11 among them) reach inside the chains; in lock step such a point's
//! lane breaks and the point takes blst's own check.

use alloc::vec;
use alloc::vec::Vec;
use blst::{blst_p1, blst_p1_affine};

use super::fp::Fp;
use super::glv::endomorphism;
use super::lanes::Lanes;
use crate::backend::batch_invert;
use crate::backend::BaseField;
use crate::constants::BLS_X_ABS as Z_ABS;

/// From this many points on, [`in_g1_many`] shares the normalisation; for
/// fewer, one inversion costs more than it saves, and each point takes
/// blst's check.
pub(super) const SHARED_MIN_POINTS: usize = 4;

/// From this many points on, [`in_g1_many`] runs the chains in lock step:
/// each of their 136 steps costs one inversion (about a hundred products)
/// shared by the batch, so the affine steps' saving per point repays it
/// only in large batches: against the Jacobian chains the lock step is
/// slower at 8 points, level at 64 and ahead from 128 on, the more the
/// larger the batch (docs/performance-notes.md, "Point decoding and
/// subgroup checks").
const LANES_MIN_POINTS: usize = 128;

/// `[|z|]·p` for an affine `p` (double-and-add from the top bit).
fn times_z_abs(p: &blst_p1_affine) -> blst_p1 {
    let mut acc = blst_p1::default();
    // SAFETY: blst reads and writes initialised points; in-place operands
    // are allowed by blst.
    unsafe {
        blst::blst_p1_from_affine(&mut acc, p);
        for bit in (0..63).rev() {
            blst::blst_p1_double(&mut acc, &acc);
            if Z_ABS >> bit & 1 == 1 {
                blst::blst_p1_add_or_double_affine(&mut acc, &acc, p);
            }
        }
    }
    acc
}

/// The affine forms of Jacobian points, with one shared inversion
/// ([`batch_invert`]; `None` for the point at infinity, whose `Z` is 0).
fn normalise(points: &[blst_p1]) -> Vec<Option<blst_p1_affine>> {
    let mut z_inv: Vec<Fp> = points.iter().map(|p| Fp(p.z)).collect();
    batch_invert(&mut z_inv);
    points
        .iter()
        .zip(z_inv)
        .map(|(p, zi)| {
            (!zi.is_zero()).then(|| {
                let zi2 = zi.square();
                blst_p1_affine {
                    x: (Fp(p.x) * zi2).0,
                    y: (Fp(p.y) * (zi2 * zi)).0,
                }
            })
        })
        .collect()
}

/// `[|z|]·(lane's start)` in every lane whose point is its `base`
/// entry: the top bit is the start; then, for each lower bit, a doubling
/// and, where the bit is set, an addition of `base`.
fn times_z_abs_lanes(lanes: &mut Lanes, base: &[blst_p1_affine]) {
    for bit in (0..63).rev() {
        lanes.double();
        if Z_ABS >> bit & 1 == 1 {
            lanes.add(base);
        }
    }
}

/// For each point of the curve (decoded, not yet checked), whether it is in
/// G1; the same answers as `blst_p1_affine_in_g1` (the point at infinity is
/// in G1). From [`LANES_MIN_POINTS`] points on, the chains run in lock step
/// ([`in_g1_lanes`]); below, each point's first product is made affine
/// with the others' ([`in_g1_normalised`]).
pub(super) fn in_g1_many(points: &[blst_p1_affine]) -> Vec<bool> {
    if points.len() >= LANES_MIN_POINTS {
        in_g1_lanes(points)
    } else {
        in_g1_normalised(points)
    }
}

/// The test with both multiplications by `|z|` on affine points in lock
/// step ([`Lanes`]); a point whose chain meets an equal or opposite operand
/// (only points of small order outside G1 do) takes blst's check.
fn in_g1_lanes(points: &[blst_p1_affine]) -> Vec<bool> {
    // SAFETY: reads initialised affine points.
    let finite: Vec<usize> = (0..points.len())
        .filter(|i| !unsafe { blst::blst_p1_affine_is_inf(&points[*i]) })
        .collect();
    let sigma: Vec<blst_p1_affine> = finite.iter().map(|i| endomorphism(&points[*i])).collect();
    let mut lanes = Lanes::new(&sigma);
    times_z_abs_lanes(&mut lanes, &sigma);
    let first = lanes.points();
    times_z_abs_lanes(&mut lanes, &first);
    let mut member = vec![true; points.len()];
    for (lane, i) in finite.iter().enumerate() {
        let p = &points[*i];
        let mut minus_p = *p;
        // SAFETY: blst negates an initialised field element in place, then
        // reads initialised points.
        member[*i] = unsafe {
            blst::blst_fp_cneg(&mut minus_p.y, &p.y, true);
            match lanes.point(lane) {
                Some(r) => blst::blst_p1_affine_is_equal(&r, &minus_p),
                None => blst::blst_p1_affine_in_g1(p),
            }
        };
    }
    member
}

/// The test with blst's Jacobian chains, the first product of every point
/// made affine with one shared inversion.
fn in_g1_normalised(points: &[blst_p1_affine]) -> Vec<bool> {
    let first: Vec<blst_p1> = points
        .iter()
        .map(|p| times_z_abs(&endomorphism(p)))
        .collect();
    normalise(&first)
        .iter()
        .zip(points)
        .map(|(q, p)| {
            // SAFETY: reads an initialised affine point.
            let infinity = unsafe { blst::blst_p1_affine_is_inf(p) };
            infinity || completes(p, q.as_ref())
        })
        .collect()
}

/// The second half of the test for a point P other than the point at
/// infinity, given `q = [|z|]·σ(P)` made affine (`None`: the point at
/// infinity): whether `[|z|]·q = −P`.
fn completes(p: &blst_p1_affine, q: Option<&blst_p1_affine>) -> bool {
    // [|z|]·σ(P) = 0 for P ≠ 0 only outside G1 (|z|·λ is not a multiple
    // of r).
    let Some(q) = q else {
        return false;
    };
    let z2_sigma = times_z_abs(q);
    let mut minus_p = blst_p1::default();
    // SAFETY: converts and negates an initialised point into a local, then
    // compares two initialised points.
    unsafe {
        blst::blst_p1_from_affine(&mut minus_p, p);
        blst::blst_p1_cneg(&mut minus_p, true);
        blst::blst_p1_is_equal(&z2_sigma, &minus_p)
    }
}

/// The test of one point of the curve other than the point at infinity:
/// `Some([|z|]·σ(P))` (affine, the test's intermediate, for
/// [`crate::msm::z_adic`]) when P is in G1, `None` when it is not. One
/// inversion more than blst's check, which the product with the
/// intermediate saves many times over.
pub(super) fn z_multiple_if_in_g1(p: &blst_p1_affine) -> Option<blst_p1_affine> {
    let q = normalise(&[times_z_abs(&endomorphism(p))]).pop()??;
    completes(p, Some(&q)).then_some(q)
}

#[cfg(test)]
mod tests {
    use super::super::test_points::{affine, jacobian, mult};
    use super::*;
    use crate::constants::BLS_MODULUS_LIMBS;

    /// The cofactor `h = (z − 1)²/3` of G1 in `E(Fp)`.
    const COFACTOR: u128 = 0x396c_8c00_5555_e156_8c00_aaab_0000_aaab;

    /// The point of the curve with the smallest `x ≥ seed` (either `y`).
    fn curve_point(seed: u64) -> blst_p1_affine {
        (seed..)
            .find_map(|x| {
                let mut bytes = [0u8; 48];
                bytes[40..].copy_from_slice(&x.to_be_bytes());
                bytes[0] |= 0x80 | if x % 2 == 0 { 0x20 } else { 0 };
                let mut a = blst_p1_affine::default();
                // SAFETY: blst reads 48 bytes and writes `a`.
                let ok = unsafe { blst::blst_p1_uncompress(&mut a, bytes.as_ptr()) };
                (ok == blst::BLST_ERROR::BLST_SUCCESS).then_some(a)
            })
            .unwrap_or_default()
    }

    /// Against `blst_p1_affine_in_g1`: multiples of the generator, the
    /// point at infinity, points of the curve outside G1, points of small
    /// order (3, 11 and the other primes of the cofactor, from `[r]·R` times
    /// a cofactor's cofactor) alone and added to G1 points, in groups of
    /// every size from one to 40 through both methods, and all of them
    /// five times over through the lanes.
    #[test]
    fn agrees_with_blst() {
        // SAFETY: reads blst's static generator.
        let g = jacobian(unsafe { &*blst::blst_p1_affine_generator() });
        let mut r_le = [0u8; 32];
        for (i, l) in BLS_MODULUS_LIMBS.iter().enumerate() {
            r_le[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
        }
        let mut points = vec![blst_p1_affine::default()];
        for k in 1..12u64 {
            let s = k.wrapping_mul(0x9e37_79b9_7f4a_7c15).to_le_bytes();
            points.push(affine(&mult(&g, &s, 64)));
        }
        for seed in [1u64, 5, 9, 1000, 77_777] {
            let outside = curve_point(seed);
            points.push(outside);
            // The cofactor part of R, then its parts of orders 3 and 11
            // and of the large primes.
            let torsion = mult(&jacobian(&outside), &r_le, 255);
            for d in [3u128, 11, 121, 10177, 859_267, 52_437_899, 1] {
                let t = mult(&torsion, &(COFACTOR / d).to_le_bytes(), 128);
                points.push(affine(&t));
                let mut sum = blst_p1::default();
                // SAFETY: adds two initialised points into a local.
                unsafe { blst::blst_p1_add_or_double(&mut sum, &t, &g) };
                points.push(affine(&sum));
            }
        }
        // (0, ±2): the points of order 3.
        let mut bytes = [0u8; 48];
        bytes[0] = 0x80;
        let mut order3 = blst_p1_affine::default();
        // SAFETY: blst reads 48 bytes and writes `order3`.
        unsafe { blst::blst_p1_uncompress(&mut order3, bytes.as_ptr()) };
        points.push(order3);
        // SAFETY: reads initialised points.
        let want: Vec<bool> = points
            .iter()
            .map(|p| unsafe { blst::blst_p1_affine_in_g1(p) })
            .collect();
        assert!(want.iter().any(|b| *b) && want.iter().any(|b| !*b));
        for size in 1..=40 {
            let got: Vec<bool> = points.chunks(size).flat_map(in_g1_many).collect();
            assert_eq!(got, want, "groups of {size}");
            let got: Vec<bool> = points.chunks(size).flat_map(in_g1_lanes).collect();
            assert_eq!(got, want, "groups of {size} in lock step");
        }
        // Enough points for `in_g1_many` to take the lanes: the list five
        // times over, so that equal points share a batch.
        let many: Vec<blst_p1_affine> = (0..5).flat_map(|_| points.iter().copied()).collect();
        assert!(many.len() >= LANES_MIN_POINTS);
        let want_many: Vec<bool> = (0..5).flat_map(|_| want.iter().copied()).collect();
        assert_eq!(in_g1_many(&many), want_many);
        // One point at a time with the intermediate: the same answers, and
        // for points of G1 the intermediate is [|z|]·σ(P), computed here by
        // blst's scalar multiplication.
        for (p, member) in points.iter().zip(&want) {
            // SAFETY: reads an initialised affine point.
            if unsafe { blst::blst_p1_affine_is_inf(p) } {
                continue;
            }
            let got = z_multiple_if_in_g1(p);
            assert_eq!(got.is_some(), *member);
            if let Some(q) = got {
                let expected = affine(&mult(&jacobian(&endomorphism(p)), &Z_ABS.to_le_bytes(), 64));
                assert_eq!(q, expected);
            }
        }
    }
}
