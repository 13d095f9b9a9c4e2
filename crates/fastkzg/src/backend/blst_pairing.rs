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
//! Every `unsafe` block calls blst on pointers from live Rust references of
//! the right types.

use blst::{blst_fp, blst_fp12, blst_fp6, blst_p1_affine};

/// The loop's segments after the first doubling: (index of the addition
/// line, number of doubling lines after it). Together with the first line
/// they cover all 68 precomputed lines (1 + 3 + 4 + 10 + 33 + 17).
const SEGMENTS: [(usize, usize); 5] = [(1, 2), (4, 3), (8, 9), (18, 32), (51, 16)];

/// One pair of the product: a G1 point (affine, finite) and the lines of a
/// G2 point (not the identity).
pub(super) struct LinePair<'a> {
    pub(super) p: blst_p1_affine,
    pub(super) lines: &'a [blst_fp6; 68],
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
/// doubled coordinates are `(x2, y2)`.
fn mul_by_line(acc: &mut blst_fp12, line: &blst_fp6, x2: &blst_fp, y2: &blst_fp) {
    let mut l = *line;
    let mut out = blst_fp12::default();
    // SAFETY: reads and writes initialised field elements of `l` and `acc`;
    // `blst_fp12_mul_by_xy00z0` reads `acc` and `l` and writes `out`.
    unsafe {
        for c in l.fp2[1].fp.iter_mut() {
            blst::blst_fp_mul(c, c, x2);
        }
        for c in l.fp2[2].fp.iter_mut() {
            blst::blst_fp_mul(c, c, y2);
        }
        blst::blst_fp12_mul_by_xy00z0(&mut out, acc, &l);
    }
    *acc = out;
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
            mul_by_line(acc, &q.lines[index], x2, y2);
        }
    };
    step(&mut acc, 0);
    for (start, doublings) in SEGMENTS {
        step(&mut acc, start);
        for j in 1..=doublings {
            let mut sq = blst_fp12::default();
            // SAFETY: reads an initialised fp12, writes `sq`.
            unsafe { blst::blst_fp12_sqr(&mut sq, &acc) };
            acc = sq;
            step(&mut acc, start + j);
        }
    }
    // The loop parameter x is negative.
    // SAFETY: conjugates an initialised fp12 in place.
    unsafe { blst::blst_fp12_conjugate(&mut acc) };
    acc
}

/// Whether the product of the pairings of `pairs` is 1: the shared Miller
/// loop, then blst's final exponentiation. One thread: the verifications
/// pair two points, and half a Miller loop is shorter than waking another
/// thread costs.
pub(super) fn pairing_product_is_one(pairs: &[LinePair<'_>]) -> bool {
    if pairs.is_empty() {
        return true;
    }
    let ml = miller_loop_lines_n(pairs);
    let mut fe = blst_fp12::default();
    // SAFETY: reads an initialised fp12, writes `fe`; then reads `fe`.
    unsafe {
        blst::blst_final_exp(&mut fe, &ml);
        blst::blst_fp12_is_one(&fe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn lines(q: &blst::blst_p2_affine) -> Box<[blst_fp6; 68]> {
        let mut l = Box::new([blst_fp6::default(); 68]);
        // SAFETY: blst writes 68 lines into the array.
        unsafe { blst::blst_precompute_lines(l.as_mut_ptr(), q) };
        l
    }

    /// The shared loop equals blst's own product of per-pair Miller loops
    /// (as Fp12 values, before the final exponentiation), for 1 to 4 pairs.
    #[test]
    fn shared_loop_equals_blst_miller_loops() {
        let ps: Vec<_> = (0..4).map(random_g1).collect();
        let qs: Vec<_> = (10..14).map(random_g2).collect();
        let ls: Vec<_> = qs.iter().map(lines).collect();
        for n in 1..=4 {
            let pairs: Vec<LinePair> = (0..n)
                .map(|i| LinePair {
                    p: ps[i],
                    lines: &ls[i],
                })
                .collect();
            let ours = miller_loop_lines_n(&pairs);
            let qp: Vec<*const blst::blst_p2_affine> =
                qs[..n].iter().map(|q| q as *const _).collect();
            let pp: Vec<*const blst_p1_affine> = ps[..n].iter().map(|p| p as *const _).collect();
            let mut theirs = blst_fp12::default();
            // SAFETY: `n` valid pointers to initialised affine points each.
            unsafe { blst::blst_miller_loop_n(&mut theirs, qp.as_ptr(), pp.as_ptr(), n) };
            assert_eq!(ours, theirs, "{n} pairs");
        }
    }
}
