//! Small variable-base MSMs: GLV halves and width-5 NAF digits for every
//! point (Straus's method), with the tables of odd multiples in affine form
//! (one shared inversion per step for all points). The terms are grouped
//! by bit position: the terms at bit `b` are summed into `S_b` in affine
//! form, all positions (of all MSMs of a call) in lock step, so that each
//! digit costs an affine addition with a shared inversion (about 5M + 1S)
//! instead of a mixed Jacobian addition (7M + 4S); `Σ 2^b·S_b` then takes
//! one chain of 128 doublings and up to 129 mixed additions per MSM.
//!
//! For `n` points this is about `2n·128/6` affine additions, `8n` for the
//! tables and the chain; a bucket method pays `⌈129/c⌉·(2n + 2^c)`
//! additions plus the bucket reduction, which only pays off once `n`
//! reaches a few dozen points. Affine sums with shared inversions also
//! beat adding the same digits into one Jacobian accumulator, by more the
//! more points (docs/performance-notes.md, "Small MSMs").

use super::batch_affine::{sums_by_target, MsmInput, TargetTerm};
use super::jacobian::{glv_digits, odd_multiples_affine, TABLE_LEN};
use super::subset_sum::position_chain;
use crate::backend::{Backend, Module};
use alloc::vec::Vec;

/// The sum of the terms at one bit position: affine, `None` for infinity.
type PositionSum<F> = Option<(F, F)>;

/// `Σ scalars[i]·points[i]` by [`g1_msm_straus_many`] (variable time:
/// public inputs only). Points must be in G1 (the endomorphism acts as λ
/// there only); points at infinity and zero scalars are skipped. Extra
/// entries of the longer slice are ignored.
pub fn g1_msm_straus<B: Backend>(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
    g1_msm_straus_many::<B>(&[(points, scalars)])
        .pop()
        .unwrap_or_else(B::G1::zero)
}

/// `Σ scalars[i]·points[i]` for each MSM of `inputs`, by bit position
/// (Straus's method with affine position sums): the GLV halves of every
/// scalar as width-5 NAF digits; the terms at bit `b` of an MSM (odd
/// multiples from the affine tables of its points, all tables built in
/// lock step) summed into `S_b` in affine form, every position of every
/// MSM in lock step (rounds of one shared inversion); then `Σ 2^b·S_b` on
/// one chain of 128 doublings per MSM. Variable time (public inputs only);
/// points must be in G1; points at infinity and zero scalars are skipped;
/// extra entries of the longer slice of an input are ignored.
pub fn g1_msm_straus_many<B: Backend>(inputs: &[MsmInput<'_, B>]) -> Vec<B::G1> {
    straus_positions::<B>(inputs, &[])
}

/// `Σ scalars[i]·points[i] + Σ_k 2^k·S_k` by [`g1_msm_straus_many`]'s
/// method, where `position_sums[k] = S_k` (affine, `None` for infinity)
/// joins the terms at bit `k`: another MSM already reduced to position
/// sums (e.g. [`super::SubsetSumMsm::position_sums`]) shares the one chain
/// of doublings instead of running its own.
pub fn g1_msm_straus_plus_positions<B: Backend>(
    points: &[B::G1Affine],
    scalars: &[B::Fr],
    position_sums: &[PositionSum<B::Fp>],
) -> B::G1 {
    straus_positions::<B>(&[(points, scalars)], &[position_sums])
        .pop()
        .unwrap_or_else(B::G1::zero)
}

/// [`g1_msm_straus_many`] with `extra[m]` (if present) added to MSM `m` as
/// position sums.
fn straus_positions<B: Backend>(
    inputs: &[MsmInput<'_, B>],
    extra: &[&[PositionSum<B::Fp>]],
) -> Vec<B::G1> {
    // Per MSM, its non-trivial terms: table offset and GLV digits.
    let mut bases = Vec::new();
    let mut digits: Vec<Vec<(usize, [Vec<i8>; 2])>> = Vec::with_capacity(inputs.len());
    for (points, scalars) in inputs {
        let mut own = Vec::new();
        for (p, s) in points.iter().zip(scalars.iter()) {
            let Some(xy) = B::g1_affine_xy(p) else {
                continue;
            };
            let d = glv_digits(s);
            if d.iter().all(|half| half.iter().all(|x| *x == 0)) {
                continue;
            }
            own.push((bases.len() * TABLE_LEN, d));
            bases.push(xy);
        }
        digits.push(own);
    }
    let top = digits
        .iter()
        .flatten()
        .flat_map(|(_, halves)| halves.iter().map(Vec::len))
        .chain(extra.iter().map(|e| e.len()))
        .max()
        .unwrap_or(0);
    let table = odd_multiples_affine(&bases);
    let beta = B::g1_glv_beta();
    let mut terms: Vec<TargetTerm<B::Fp>> = Vec::new();
    for (m, own) in digits.iter().enumerate() {
        for (at, halves) in own {
            for (h, ds) in halves.iter().enumerate() {
                for (b, d) in ds.iter().enumerate().filter(|(_, d)| **d != 0) {
                    // `d` is odd, so `|d| = 2k + 1` is entry `k`.
                    let (x, y) = table[at + (d.unsigned_abs() / 2) as usize];
                    let x = if h == 1 { beta * x } else { x };
                    terms.push((m * top + b, (x, if *d < 0 { -y } else { y })));
                }
            }
        }
    }
    for (m, sums) in extra.iter().enumerate().take(inputs.len()) {
        for (b, s) in sums.iter().enumerate() {
            if let Some(xy) = s {
                terms.push((m * top + b, *xy));
            }
        }
    }
    let sums = sums_by_target::<B>(inputs.len() * top, &terms);
    (0..inputs.len())
        .map(|m| position_chain::<B>(&sums[m * top..(m + 1) * top]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{g1_msm_straus, g1_msm_straus_many, g1_msm_straus_plus_positions};
    use crate::backend::{Backend, Group, Module, Scalar};
    use crate::msm::g1_lincomb_naive;
    use crate::msm::SubsetSumMsm;
    use crate::DefaultBackend;

    type B = DefaultBackend;
    type Fr = <B as Backend>::Fr;

    /// `n` points `(i·step + 1 + offset)·G` and `n` scalars from the
    /// sequence `x ← x² + c` started at `seed`.
    fn points_and_scalars(
        n: u64,
        step: u64,
        offset: u64,
        seed: u64,
        c: u64,
    ) -> (Vec<<B as Backend>::G1Affine>, Vec<Fr>) {
        let g = <B as Backend>::G1::generator();
        let pts = (1..=n)
            .map(|i| B::g1_to_affine(&(g * &Fr::from_u64(i * step + offset))))
            .collect();
        let mut x = Fr::from_u64(seed);
        let sc = (0..n)
            .map(|_| {
                x = x * x + Fr::from_u64(c);
                x
            })
            .collect();
        (pts, sc)
    }

    #[test]
    fn matches_naive_with_edge_cases() {
        let (mut pts, mut sc) = points_and_scalars(20, 7919, 3, 11, 5);
        // Infinity, a repeated point, its negation.
        pts[3] = B::g1_to_affine(&<B as Backend>::G1::zero());
        pts[5] = pts[4];
        pts[6] = B::g1_to_affine(&-B::g1_from_affine(&pts[4]));
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

    /// Several MSMs in one call, each against the naive sum: different
    /// lengths, an empty one, one with only zero scalars, one whose points
    /// are another's (shared rounds), and terms that cancel across points
    /// (`P` and `−P` with equal scalars: every position sum is infinity).
    #[test]
    fn many_match_naive() {
        let (pts, sc) = points_and_scalars(24, 104_729, 1, 5, 11);
        let zeros = vec![Fr::zero(); 6];
        let opposite = [pts[0], B::g1_to_affine(&-B::g1_from_affine(&pts[0]))];
        let same = [sc[3], sc[3]];
        let inputs: Vec<(&[_], &[Fr])> = vec![
            (&pts[..24], &sc[..24]),
            (&pts[..0], &sc[..0]),
            (&pts[..6], &zeros),
            (&pts[..7], &sc[10..17]),
            (&pts[3..5], &sc[..9]),
            (&opposite, &same),
        ];
        let got = g1_msm_straus_many::<B>(&inputs);
        assert_eq!(got.len(), inputs.len());
        for (i, (p, s)) in inputs.iter().enumerate() {
            assert_eq!(got[i], g1_lincomb_naive::<B>(p, s), "MSM {i}");
        }
        assert!(got[5].is_zero());
        assert!(g1_msm_straus_many::<B>(&[]).is_empty());
    }

    /// Position sums of a subset-sum MSM joined to a Straus MSM: the sum of
    /// both, also with no Straus points, no position sums, or sums that
    /// cancel the Straus part.
    #[test]
    fn plus_positions_matches_naive() {
        let (pts, sc) = points_and_scalars(20, 7_919, 13, 17, 2);
        let table = SubsetSumMsm::<B>::new(&pts[8..20], 2, 5);
        for (n, m) in [(8, 12), (0, 12), (8, 0), (3, 5)] {
            let sums = table.position_sums(&sc[8..8 + m]);
            let expected = g1_lincomb_naive::<B>(&pts[..n], &sc[..n])
                + g1_lincomb_naive::<B>(&pts[8..8 + m], &sc[8..8 + m]);
            assert_eq!(
                g1_msm_straus_plus_positions::<B>(&pts[..n], &sc[..n], &sums),
                expected,
                "{n} {m}"
            );
        }
        // The same points and scalars on both sides, one negated: zero.
        let negated: Vec<Fr> = sc[8..16].iter().map(|s| -*s).collect();
        let sums = table.position_sums(&negated);
        assert!(g1_msm_straus_plus_positions::<B>(&pts[8..16], &sc[8..16], &sums).is_zero());
    }
}
