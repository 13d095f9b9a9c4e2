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
//! instead of two (two Fp multiplications fewer per line and pair; see
//! docs/performance-notes.md, "Pairings and `verify_kzg_proof`").
//!
//! Two G2 points that are always paired together (the setup's `[τ]₂` or
//! `[τ^64]₂` with `[1]₂`) can be *partnered*: the product of their two
//! lines at each step is then formed from precomputed Fp2 products of the
//! lines' fixed coefficients and four Fp values of the two G1 points (14
//! Fp products), and multiplied into the accumulator with one full Fp12
//! product, instead of two sparse ones (see [`PartnerTerms`]).
//!
//! Every `unsafe` block calls blst on pointers from live Rust references of
//! the right types.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering};

use blst::{blst_fp, blst_fp12, blst_fp2, blst_fp6, blst_p1_affine, blst_p2_affine};

use super::final_exp::Fp2;
use super::fp::Fp;

/// The source of [`Lines::id`].
static NEXT_LINES_ID: AtomicU64 = AtomicU64::new(0);

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
    /// Distinguishes these lines from every other `Lines` of the process
    /// (what a partner refers to).
    id: u64,
    /// The products with a partner's lines, if these lines have one.
    partner: Option<PartnerTerms>,
}

impl Lines {
    /// The lines of `q`, which must be a point of G2 other than the
    /// identity.
    pub(super) fn new(q: &blst_p2_affine) -> Lines {
        let mut lines = Box::new([blst_fp6::default(); 68]);
        // SAFETY: blst writes exactly 68 fp6 line values into the array.
        unsafe { blst::blst_precompute_lines(lines.as_mut_ptr(), q) };
        let normalized = normalize(&mut lines);
        Lines {
            lines,
            normalized,
            id: NEXT_LINES_ID.fetch_add(1, Ordering::Relaxed),
            partner: None,
        }
    }

    /// The lines of `q` (a point of G2 other than the identity), partnered
    /// with `partner`'s: products of the two over one shared Miller loop
    /// use [`PartnerTerms`] (when both sets of lines are normalized; else
    /// they stay unpartnered).
    pub(super) fn with_partner(q: &blst_p2_affine, partner: &Lines) -> Lines {
        let mut lines = Lines::new(q);
        if lines.normalized && partner.normalized {
            lines.partner = Some(PartnerTerms::new(&lines, partner));
        }
        lines
    }

    /// The heap bytes these lines hold.
    pub(super) fn heap_bytes(&self) -> usize {
        core::mem::size_of::<[blst_fp6; 68]>()
            + self
                .partner
                .as_ref()
                .map_or(0, |_| core::mem::size_of::<[[blst_fp2; 4]; 68]>())
    }
}

/// For two normalized sets of lines, `(a₁, b₁, 1)` of this point and
/// `(a₂, b₂, 1)` of the partner at the same index, evaluated at G1 points
/// with `X = −2·x`, `Y = 2·y`: the lines are the sparse elements
/// `(a + b·X·v) + Y·v·w` of Fp12 (`v³ = ξ`, `w² = v`), whose product is
///
/// - `(a₁a₂ + ξ·Y₁Y₂) + (a₁b₂·X₂ + a₂b₁·X₁)·v + b₁b₂·X₁X₂·v²`
/// - `+ ((a₁·Y₂ + a₂·Y₁)·v + (b₁·X₁Y₂ + b₂·X₂Y₁)·v²)·w`.
///
/// The four Fp2 products `a₁a₂, a₁b₂, a₂b₁, b₁b₂` of each index are kept;
/// `Y₁Y₂, X₁X₂, X₁Y₂, X₂Y₁` are computed once per pairing.
struct PartnerTerms {
    /// [`Lines::id`] of the partner.
    partner: u64,
    /// Per line index: `a₁a₂, a₁b₂, a₂b₁, b₁b₂`.
    terms: Box<[[blst_fp2; 4]; 68]>,
}

impl PartnerTerms {
    fn new(own: &Lines, partner: &Lines) -> PartnerTerms {
        let mut terms = Box::new([[blst_fp2::default(); 4]; 68]);
        for (t, (l1, l2)) in terms
            .iter_mut()
            .zip(own.lines.iter().zip(partner.lines.iter()))
        {
            let (a1, b1) = (Fp2::from_blst(&l1.fp2[0]), Fp2::from_blst(&l1.fp2[1]));
            let (a2, b2) = (Fp2::from_blst(&l2.fp2[0]), Fp2::from_blst(&l2.fp2[1]));
            *t = [a1.mul(a2), a1.mul(b2), a2.mul(b1), b1.mul(b2)].map(Fp2::to_blst);
        }
        PartnerTerms {
            partner: partner.id,
            terms,
        }
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

/// The Miller loop's skeleton: `step(acc, i)` multiplies the accumulator
/// by the lines of index `i` (0 to 67), between the loop's squarings;
/// then the conjugate, as the loop parameter x is negative.
fn miller_loop(mut step: impl FnMut(&mut blst_fp12, usize)) -> blst_fp12 {
    // SAFETY: `blst_fp12_one` returns a pointer to a static constant.
    let mut acc = unsafe { *blst::blst_fp12_one() };
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
    // SAFETY: conjugates an initialised fp12 in place.
    unsafe { blst::blst_fp12_conjugate(&mut acc) };
    acc
}

/// The product of the Miller loops of all `pairs`, sharing the squarings.
/// The empty product is 1.
pub(super) fn miller_loop_lines_n(pairs: &[LinePair<'_>]) -> blst_fp12 {
    if pairs.is_empty() {
        // SAFETY: `blst_fp12_one` returns a pointer to a static constant.
        return unsafe { *blst::blst_fp12_one() };
    }
    let scaled: Vec<(blst_fp, blst_fp)> = pairs.iter().map(|q| doubled_coordinates(&q.p)).collect();
    miller_loop(|acc, index| {
        for (q, (x2, y2)) in pairs.iter().zip(&scaled) {
            mul_by_line(acc, &q.lines.lines[index], q.lines.normalized, x2, y2);
        }
    })
}

/// The product of the Miller loops of two pairs whose lines are partners
/// (`first.lines` holds `terms`, the products with `second.lines`): one
/// full Fp12 product per step.
fn miller_loop_partnered(
    first: &LinePair<'_>,
    second: &LinePair<'_>,
    terms: &PartnerTerms,
) -> blst_fp12 {
    let ((x1, y1), (x2, y2)) = (
        doubled_coordinates(&first.p),
        doubled_coordinates(&second.p),
    );
    let (x1, y1, x2, y2) = (Fp(x1), Fp(y1), Fp(x2), Fp(y2));
    let (y1y2, x1x2, x1y2, x2y1) = (y1 * y2, x1 * x2, x1 * y2, x2 * y1);
    let xi_y1y2 = Fp2::new(y1y2, y1y2);
    miller_loop(|acc, index| {
        let (l1, l2) = (&first.lines.lines[index], &second.lines.lines[index]);
        let (a1, b1) = (Fp2::from_blst(&l1.fp2[0]), Fp2::from_blst(&l1.fp2[1]));
        let (a2, b2) = (Fp2::from_blst(&l2.fp2[0]), Fp2::from_blst(&l2.fp2[1]));
        let [a1a2, a1b2, a2b1, b1b2] = terms.terms[index].map(|t| Fp2::from_blst(&t));
        let mut product = blst_fp12::default();
        product.fp6[0].fp2 = [
            a1a2.add(xi_y1y2).to_blst(),
            a1b2.scale(x2).add(a2b1.scale(x1)).to_blst(),
            b1b2.scale(x1x2).to_blst(),
        ];
        product.fp6[1].fp2 = [
            blst_fp2::default(),
            a1.scale(y2).add(a2.scale(y1)).to_blst(),
            b1.scale(x1y2).add(b2.scale(x2y1)).to_blst(),
        ];
        let a: *mut blst_fp12 = acc;
        // SAFETY: multiplies the initialised `acc` in place (output aliasing
        // an input is supported) by an initialised element.
        unsafe { blst::blst_fp12_mul(a, a, &product) };
    })
}

/// The two pairs in the order of [`miller_loop_partnered`] and the terms,
/// when `pairs` is two pairs whose lines are partners.
fn partnered<'p, 'a>(
    pairs: &'p [LinePair<'a>],
) -> Option<(&'p LinePair<'a>, &'p LinePair<'a>, &'a PartnerTerms)> {
    let [p, q] = pairs else {
        return None;
    };
    [(p, q), (q, p)].into_iter().find_map(|(first, second)| {
        let terms = first.lines.partner.as_ref()?;
        (terms.partner == second.lines.id).then_some((first, second, terms))
    })
}

/// Whether the product of the pairings of `pairs` is 1: the shared Miller
/// loop, then the final exponentiation ([`super::final_exp`]). One
/// thread: the verifications pair two points, and half a Miller loop is
/// shorter than waking another thread costs.
pub(super) fn pairing_product_is_one(pairs: &[LinePair<'_>]) -> bool {
    if pairs.is_empty() {
        return true;
    }
    let f = match partnered(pairs) {
        Some((first, second, terms)) => miller_loop_partnered(first, second, terms),
        None => miller_loop_lines_n(pairs),
    };
    let fe = super::final_exp::final_exp(&f);
    // SAFETY: reads an initialised fp12.
    unsafe { blst::blst_fp12_is_one(&fe) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::blst::final_exp::blst_final_exp;

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
            id: NEXT_LINES_ID.fetch_add(1, Ordering::Relaxed),
            partner: None,
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

    /// The partnered loop equals the shared loop over the same lines (the
    /// same Fp12 value, so the same final exponentiation), for either order
    /// of the two pairs; lines partnered with other lines, and raw lines,
    /// take the shared loop.
    #[test]
    fn partnered_loop_equals_shared_loop() {
        let (q1, q2) = (random_g2(20), random_g2(21));
        let second = Lines::new(&q2);
        let first = Lines::with_partner(&q1, &second);
        assert!(first.partner.is_some());
        for seed in 0..4 {
            let (p1, p2) = (random_g1(2 * seed), random_g1(2 * seed + 1));
            let a = LinePair {
                p: p1,
                lines: &first,
            };
            let b = LinePair {
                p: p2,
                lines: &second,
            };
            let terms = first.partner.as_ref().unwrap();
            let expected = miller_loop_lines_n(&[
                LinePair {
                    p: p1,
                    lines: &first,
                },
                LinePair {
                    p: p2,
                    lines: &second,
                },
            ]);
            assert_eq!(
                miller_loop_partnered(&a, &b, terms),
                expected,
                "seed {seed}"
            );
            let pairs = [a, b];
            let (x, y, _) = partnered(&pairs).expect("partners");
            assert_eq!((x.lines.id, y.lines.id), (first.id, second.id));
            let swapped = [
                LinePair {
                    p: p2,
                    lines: &second,
                },
                LinePair {
                    p: p1,
                    lines: &first,
                },
            ];
            let (x, _, _) = partnered(&swapped).expect("partners, swapped");
            assert_eq!(x.lines.id, first.id);
        }
        let stranger = Lines::new(&q2);
        let p = random_g1(9);
        assert!(partnered(&[
            LinePair { p, lines: &first },
            LinePair {
                p,
                lines: &stranger
            }
        ])
        .is_none());
        assert!(partnered(&[LinePair { p, lines: &first }]).is_none());
        let raw = raw_lines(&q1);
        assert!(Lines::with_partner(&q1, &raw).partner.is_none());
    }

    /// A verification that holds and one that does not, through the
    /// partnered loop: `e(P, [s]Q)·e(−[s]P, Q) = 1`, and not with `[s+1]P`.
    #[test]
    fn partnered_product_is_one() {
        let q = random_g2(30);
        let p = random_g1(31);
        let s = [7u8, 1, 0, 0, 0, 0, 0, 0];
        let (mut sq, mut sp, mut sp1) = (
            blst::blst_p2::default(),
            blst::blst_p1::default(),
            blst::blst_p1::default(),
        );
        let (mut sq_a, mut msp_a, mut msp1_a) = (
            blst_p2_affine::default(),
            blst_p1_affine::default(),
            blst_p1_affine::default(),
        );
        // SAFETY: scalar multiplications of initialised points by a local
        // 9-bit scalar, negations and normalisations into locals.
        unsafe {
            let mut qj = blst::blst_p2::default();
            blst::blst_p2_from_affine(&mut qj, &q);
            blst::blst_p2_mult(&mut sq, &qj, s.as_ptr(), 9);
            blst::blst_p2_to_affine(&mut sq_a, &sq);
            let mut pj = blst::blst_p1::default();
            blst::blst_p1_from_affine(&mut pj, &p);
            blst::blst_p1_mult(&mut sp, &pj, s.as_ptr(), 9);
            blst::blst_p1_add_or_double(&mut sp1, &sp, &pj);
            blst::blst_p1_cneg(&mut sp, true);
            blst::blst_p1_cneg(&mut sp1, true);
            blst::blst_p1_to_affine(&mut msp_a, &sp);
            blst::blst_p1_to_affine(&mut msp1_a, &sp1);
        }
        let generator = Lines::new(&q);
        let shifted = Lines::with_partner(&sq_a, &generator);
        assert!(shifted.partner.is_some());
        let pairs = |minus| {
            [
                LinePair { p, lines: &shifted },
                LinePair {
                    p: minus,
                    lines: &generator,
                },
            ]
        };
        assert!(partnered(&pairs(msp_a)).is_some());
        assert!(pairing_product_is_one(&pairs(msp_a)));
        assert!(!pairing_product_is_one(&pairs(msp1_a)));
    }
}
