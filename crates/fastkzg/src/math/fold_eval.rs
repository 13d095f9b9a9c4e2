//! The value at any point of a polynomial given by its values on the
//! bit-reversed roots of unity, in about `2n` multiplications and no
//! inversion (the barycentric formula with a batch inversion takes `5n`).
//!
//! With `ω̄_i = 1/ω_i`, each barycentric term `f_i·ω_i/(z − ω_i)` is
//! `f_i/(z·ω̄_i − 1)`. In bit-reversed order, entries `2m` and `2m + 1` sit at
//! opposite roots, and two such terms join over a denominator of the same
//! shape:
//!
//! ```text
//! a/(u·ω̄ − 1) + b/(−u·ω̄ − 1) = ((a − b)·u·ω̄ + (a + b)) / (u²·ω̄² − 1)
//! ```
//!
//! The squares `ω̄²` are the inverse roots of the half-size domain, again in
//! bit-reversed order, so the same step (two multiplications per pair)
//! halves the list until one term `g/(z^n − 1)` is left. The barycentric
//! factor `(z^n − 1)/n` cancels that denominator: `p(z) = g/n`. `g` is a
//! polynomial in `z`, so this holds at the roots too (no special case).

use crate::backend::Scalar;
use crate::error::{Error, Result};
use crate::math::{bit_reversal_permutation, Domain};
use alloc::format;
use alloc::vec::Vec;

/// The table [`evaluate_bit_reversed`] needs for a domain of size `n`:
/// `ω^{−brp(m)}` for `m < n/2`, the inverse roots at the even bit-reversed
/// positions (and, by the identity above, at every level of the fold).
pub fn fold_inverse_roots<F: Scalar>(domain: &Domain<F>) -> Vec<F> {
    let n = domain.size();
    let inverse: Vec<F> = (0..n / 2).map(|j| domain.root((n - j) % n)).collect();
    bit_reversal_permutation(&inverse)
}

/// Spec `evaluate_polynomial_in_evaluation_form` for any power-of-two size
/// `n`: the value at `z` of the polynomial whose values on the bit-reversed
/// `n`-th roots of unity are `evals`. `inverse_roots` is
/// [`fold_inverse_roots`] of the domain (or of a larger one: only its first
/// `n/2` entries are read, and a larger domain's table starts with the
/// smaller one's) and `n_inv` is `1/n`.
pub fn evaluate_bit_reversed<F: Scalar>(
    evals: &[F],
    inverse_roots: &[F],
    n_inv: &F,
    z: &F,
) -> Result<F> {
    let n = evals.len();
    if !n.is_power_of_two() || inverse_roots.len() < n / 2 {
        return Err(Error::InvalidSize(format!(
            "{n} evaluations with {} inverse roots",
            inverse_roots.len()
        )));
    }
    if n == 1 {
        return Ok(evals[0]);
    }
    let mut u = *z;
    let mut level: Vec<F> = evals
        .chunks_exact(2)
        .zip(inverse_roots)
        .map(|(pair, w)| join(pair[0], pair[1], u * *w))
        .collect();
    while level.len() > 1 {
        u = u.square();
        let half = level.len() / 2;
        for m in 0..half {
            level[m] = join(level[2 * m], level[2 * m + 1], u * inverse_roots[m]);
        }
        level.truncate(half);
    }
    Ok(level[0] * *n_inv)
}

/// `(a − b)·t + (a + b)`: the numerator of two joined terms, `t = u·ω̄`.
#[inline(always)]
fn join<F: Scalar>(a: F, b: F, t: F) -> F {
    let mut out = a;
    out -= b;
    out *= t;
    out += a;
    out += b;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Module;
    use crate::math::poly::evaluate_in_evaluation_form;
    use crate::DefaultBackend;

    type Fr = <DefaultBackend as crate::backend::Backend>::Fr;

    /// Every size from 1 to 256 against the batch-inversion barycentric
    /// formula, at pseudo-random points, at roots, at negated roots and at 0,
    /// with the table of a larger domain.
    #[test]
    fn matches_barycentric_formula() {
        let big = Domain::<Fr>::new(512).unwrap();
        let table = fold_inverse_roots(&big);
        let mut x = Fr::from_u64(0x1234_5678_9abc_def1);
        let mut next = || {
            x = x * x + Fr::from_u64(7);
            x
        };
        for log in 0..=8 {
            let n = 1usize << log;
            let domain = Domain::<Fr>::new(n).unwrap();
            let roots = bit_reversal_permutation(domain.roots());
            let evals: Vec<Fr> = (0..n).map(|_| next()).collect();
            let mut points = vec![next(), next(), Fr::zero(), roots[n - 1], -roots[0]];
            points.push(roots[n / 2]);
            for z in points {
                let fast = evaluate_bit_reversed(&evals, &table, &domain.size_inv(), &z).unwrap();
                let oracle = evaluate_in_evaluation_form(&evals, &roots, &z).unwrap();
                assert_eq!(fast, oracle, "n {n}");
            }
        }
        assert!(evaluate_bit_reversed(&[Fr::one(); 3], &table, &Fr::one(), &Fr::one()).is_err());
        assert!(evaluate_bit_reversed(&[Fr::one(); 1024], &table, &Fr::one(), &Fr::one()).is_err());
    }
}
