//! A product of pairings over G2 points whose Miller-loop lines were
//! precomputed, with one shared Miller loop.
//!
//! blst exports `blst_miller_loop_lines` for a single pair; a product of `n`
//! such loops repeats the 63 Fp12 squarings of the BLS12-381 loop `n` times
//! and needs `n - 1` Fp12 multiplications to join them. Here the squarings
//! are shared: at each step of the loop the accumulator is squared once and
//! multiplied by every pair's line. Each precomputed line is the sparse
//! element `(c0, c1·(-2·Px), c2·(2·Py))` after scaling by the G1 point,
//! which is what blst's own loop does with its `blst_precompute_lines`
//! output; the layout of those 68 lines follows the loop's parameter
//! `|x| = 0xd201000000010000`: one doubling line, then five segments of one
//! addition line followed by `k` doubling lines.
//!
//! The lines are stored divided by their coefficient `c2` (an Fp2 element,
//! which the final exponentiation maps to 1, so the pairing is unchanged):
//! `(c0/c2, c1/c2·(-2·Px), 2·Py)` scales one Fp2 coefficient per line
//! instead of two (two Fp multiplications fewer per line and pair, about
//! 9 µs of a two-pair check).
//!
//! Every `unsafe` block calls blst on pointers from live Rust references of
//! the right types.

use blst::{blst_fp, blst_fp12, blst_fp2, blst_fp6, blst_p1_affine, blst_p2_affine};

use super::blst_final_exp::Fp2;

/// The loop's segments after the first doubling: (index of the addition
/// line, number of doubling lines after it). Together with the first line
/// they cover all 68 precomputed lines (1 + 3 + 4 + 10 + 33 + 17).
const SEGMENTS: [(usize, usize); 5] = [(1, 2), (4, 3), (8, 9), (18, 32), (51, 16)];

/// The 68 Miller-loop lines of a G2 point other than the identity.
pub(super) struct Lines {
    lines: Box<[blst_fp6; 68]>,
    /// Whether every line is divided by its `c2` (all of them are non-zero
    /// for a point of order r; otherwise the lines are kept as blst made
    /// them).
    normalized: bool,
}

impl Lines {
    /// The lines of `q`, which must be a point of G2 other than the
    /// identity.
    pub(super) fn new(q: &blst_p2_affine) -> Lines {
        let mut lines = Box::new([blst_fp6::default(); 68]);
        // SAFETY: blst writes exactly 68 fp6 line values into the array.
        unsafe { blst::blst_precompute_lines(lines.as_mut_ptr(), q) };
        let normalized = normalize(&mut lines);
        Lines { lines, normalized }
    }
}

/// Divides every line by its `c2` (one shared inversion), unless one of
/// them is zero: then nothing changes and the result is `false`.
fn normalize(lines: &mut [blst_fp6; 68]) -> bool {
    let mut inverses = lines.map(|l| Fp2::from_blst(&l.fp2[2]));
    if !Fp2::batch_inverse(&mut inverses) {
        return false;
    }
    for (l, c2_inv) in lines.iter_mut().zip(inverses) {
        l.fp2[0] = Fp2::from_blst(&l.fp2[0]).mul(c2_inv).to_blst();
        l.fp2[1] = Fp2::from_blst(&l.fp2[1]).mul(c2_inv).to_blst();
        l.fp2[2] = Fp2::one().to_blst();
    }
    true
}

/// One pair of the product: a G1 point (affine, finite) and the lines of a
/// G2 point (not the identity).
pub(super) struct LinePair<'a> {
    pub(super) p: blst_p1_affine,
    pub(super) lines: &'a Lines,
}

/// `(-2·x, 2·y)` of a G1 point: the factors a line's second and third
/// coefficients are scaled by.
fn doubled_coordinates(p: &blst_p1_affine) -> (blst_fp, blst_fp) {
    let mut x2 = blst_fp::default();
    let mut y2 = blst_fp::default();
    // SAFETY: reads initialised field elements, writes the locals (the
    // in-place negation aliases input and output, which blst allows).
    unsafe {
        blst::blst_fp_add(&mut x2, &p.x, &p.x);
        blst::blst_fp_cneg(&mut x2, &x2, true);
        blst::blst_fp_add(&mut y2, &p.y, &p.y);
    }
    (x2, y2)
}

/// Multiplies `acc` by the line `line` evaluated at the G1 point whose
/// doubled coordinates are `(x2, y2)` (`normalized`: a line divided by its
/// `c2`).
///
/// `acc` is updated in place (blst supports the aliasing, and its own loop
/// does the same): copying a freshly written product with wide moves would
/// stall on store-to-load forwarding at every step.
fn mul_by_line(acc: &mut blst_fp12, line: &blst_fp6, normalized: bool, x2: &blst_fp, y2: &blst_fp) {
    let mut l = *line;
    let a: *mut blst_fp12 = acc;
    // SAFETY: reads and writes initialised field elements of `l`; `a` points
    // to the live, initialised `acc`, which `blst_fp12_mul_by_xy00z0` reads
    // and then overwrites (output aliasing the input is supported).
    unsafe {
        for c in l.fp2[1].fp.iter_mut() {
            blst::blst_fp_mul(c, c, x2);
        }
        if normalized {
            l.fp2[2] = blst_fp2 {
                fp: [*y2, blst_fp::default()],
            };
        } else {
            for c in l.fp2[2].fp.iter_mut() {
                blst::blst_fp_mul(c, c, y2);
            }
        }
        blst::blst_fp12_mul_by_xy00z0(a, a, &l);
    }
}

/// The product of the Miller loops of all `pairs`, sharing the squarings.
/// The empty product is 1.
pub(super) fn miller_loop_lines_n(pairs: &[LinePair<'_>]) -> blst_fp12 {
    // SAFETY: `blst_fp12_one` returns a pointer to a static constant.
    let mut acc = unsafe { *blst::blst_fp12_one() };
    if pairs.is_empty() {
        return acc;
    }
    let scaled: Vec<(blst_fp, blst_fp)> = pairs.iter().map(|q| doubled_coordinates(&q.p)).collect();
    let step = |acc: &mut blst_fp12, index: usize| {
        for (q, (x2, y2)) in pairs.iter().zip(&scaled) {
            mul_by_line(acc, &q.lines.lines[index], q.lines.normalized, x2, y2);
        }
    };
    step(&mut acc, 0);
    for (start, doublings) in SEGMENTS {
        step(&mut acc, start);
        for j in 1..=doublings {
            let a: *mut blst_fp12 = &mut acc;
            // SAFETY: squares the initialised `acc` in place (supported).
            unsafe { blst::blst_fp12_sqr(a, a) };
            step(&mut acc, start + j);
        }
    }
    // The loop parameter x is negative.
    // SAFETY: conjugates an initialised fp12 in place.
    unsafe { blst::blst_fp12_conjugate(&mut acc) };
    acc
}

/// Whether the product of the pairings of `pairs` is 1: the shared Miller
/// loop, then the final exponentiation ([`super::blst_final_exp`]). One
/// thread: the verifications pair two points, and half a Miller loop is
/// shorter than waking another thread costs.
pub(super) fn pairing_product_is_one(pairs: &[LinePair<'_>]) -> bool {
    if pairs.is_empty() {
        return true;
    }
    let fe = super::blst_final_exp::final_exp(&miller_loop_lines_n(pairs));
    // SAFETY: reads an initialised fp12.
    unsafe { blst::blst_fp12_is_one(&fe) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::blst_final_exp::blst_final_exp;

    fn random_g1(seed: u8) -> blst_p1_affine {
        let mut p = blst::blst_p1::default();
        let mut a = blst_p1_affine::default();
        // SAFETY: hashes a local message to a point and normalises it.
        unsafe {
            let msg = [seed; 8];
            blst::blst_hash_to_g1(
                &mut p,
                msg.as_ptr(),
                msg.len(),
                [].as_ptr(),
                0,
                [].as_ptr(),
                0,
            );
            blst::blst_p1_to_affine(&mut a, &p);
        }
        a
    }

    fn random_g2(seed: u8) -> blst::blst_p2_affine {
        let mut p = blst::blst_p2::default();
        let mut a = blst::blst_p2_affine::default();
        // SAFETY: hashes a local message to a point and normalises it.
        unsafe {
            let msg = [seed; 8];
            blst::blst_hash_to_g2(
                &mut p,
                msg.as_ptr(),
                msg.len(),
                [].as_ptr(),
                0,
                [].as_ptr(),
                0,
            );
            blst::blst_p2_to_affine(&mut a, &p);
        }
        a
    }

    /// blst's lines, not normalized.
    fn raw_lines(q: &blst::blst_p2_affine) -> Lines {
        let mut lines = Box::new([blst_fp6::default(); 68]);
        // SAFETY: blst writes 68 lines into the array.
        unsafe { blst::blst_precompute_lines(lines.as_mut_ptr(), q) };
        Lines {
            lines,
            normalized: false,
        }
    }

    fn pairs<'a>(ps: &[blst_p1_affine], ls: &'a [Lines]) -> Vec<LinePair<'a>> {
        ps.iter()
            .zip(ls)
            .map(|(p, lines)| LinePair { p: *p, lines })
            .collect()
    }

    /// The shared loop equals blst's own product of per-pair Miller loops,
    /// for 1 to 4 pairs: as Fp12 values over blst's lines, and after the
    /// final exponentiation over the normalized lines (which differ by an
    /// Fp2 factor before it, and are normalized for these points).
    #[test]
    fn shared_loop_equals_blst_miller_loops() {
        let ps: Vec<_> = (0..4).map(random_g1).collect();
        let qs: Vec<_> = (10..14).map(random_g2).collect();
        let raw: Vec<_> = qs.iter().map(raw_lines).collect();
        let normalized: Vec<_> = qs.iter().map(Lines::new).collect();
        assert!(normalized.iter().all(|l| l.normalized));
        for n in 1..=4 {
            let qp: Vec<*const blst::blst_p2_affine> =
                qs[..n].iter().map(|q| q as *const _).collect();
            let pp: Vec<*const blst_p1_affine> = ps[..n].iter().map(|p| p as *const _).collect();
            let mut theirs = blst_fp12::default();
            // SAFETY: `n` valid pointers to initialised affine points each.
            unsafe { blst::blst_miller_loop_n(&mut theirs, qp.as_ptr(), pp.as_ptr(), n) };
            assert_eq!(
                miller_loop_lines_n(&pairs(&ps[..n], &raw)),
                theirs,
                "{n} pairs"
            );
            let ours = miller_loop_lines_n(&pairs(&ps[..n], &normalized));
            assert_ne!(ours, theirs);
            assert_eq!(blst_final_exp(&ours), blst_final_exp(&theirs), "{n} pairs");
        }
    }

    /// A product of pairings that is 1 (`e(P, Q)·e(−P, Q)`) and one that is
    /// not (`e(P, Q)·e(P, Q)`), over normalized lines.
    #[test]
    fn product_is_one() {
        let p = random_g1(1);
        let mut minus_p = p;
        // SAFETY: negates an initialised coordinate in place.
        unsafe { blst::blst_fp_cneg(&mut minus_p.y, &p.y, true) };
        let q = Lines::new(&random_g2(2));
        let pair = |p| LinePair { p, lines: &q };
        assert!(pairing_product_is_one(&[pair(p), pair(minus_p)]));
        assert!(!pairing_product_is_one(&[pair(p), pair(p)]));
        assert!(pairing_product_is_one(&[]));
    }
}
