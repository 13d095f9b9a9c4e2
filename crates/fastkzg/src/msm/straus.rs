//! Small variable-base MSMs: GLV halves and width-5 NAF digits for every
//! point, all terms sharing one chain of 128 doublings (Straus's method),
//! with the tables of odd multiples in affine form (one shared inversion
//! per step for all points) so that each digit costs a mixed addition into
//! a Jacobian accumulator (`msm::jacobian`).
//!
//! For `n` points this is about `128` doublings, `2n·128/6` mixed additions
//! and `8n` additions for the tables; a bucket method pays
//! `⌈129/c⌉·(2n + 2^c)` additions plus the bucket reduction, which only
//! pays off once `n` reaches a few dozen points.

use super::jacobian::{glv_chain, glv_digits, odd_multiples_affine, GlvTerm, TABLE_LEN};
use crate::backend::Backend;

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
        let d = glv_digits(s);
        if d.iter().all(|half| half.iter().all(|x| *x == 0)) {
            continue;
        }
        bases.push(xy);
        digits.push(d);
    }
    let table = odd_multiples_affine(&bases);
    let terms: Vec<GlvTerm<'_, B::Fp>> = digits.iter().zip(table.chunks_exact(TABLE_LEN)).collect();
    glv_chain(&terms, B::g1_glv_beta()).to_group::<B>()
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
