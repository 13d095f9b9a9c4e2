//! The data-availability-sampling extension: `n` evaluations are extended to
//! `2n` so that any `n` of them (and, for cells, any half of the cells)
//! determine the polynomial.
//!
//! Ordering follows the Ethereum specs: values are evaluations over the roots
//! of unity in bit-reversed order. In that order the first half of the
//! `2n` extended evaluations are exactly the `n` inputs (the even powers of
//! `ω_{2n}`), and the second half are the evaluations on the coset
//! `ω_{2n}·⟨ω_n⟩`.

use super::domain::Domain;
use super::fft;
use crate::backend::Scalar;
use crate::error::{Error, Result};
use alloc::format;
use alloc::vec::Vec;

/// Coefficients of the polynomial whose evaluations over the `n`-th roots of
/// unity in bit-reversed order are `evals_brp` (spec
/// `polynomial_eval_to_coeff`). `domain` must have size `evals_brp.len()`.
/// One inverse FFT that reads bit-reversed input directly.
pub fn brp_evals_to_coeffs<F: Scalar>(evals_brp: &[F], domain: &Domain<F>) -> Result<Vec<F>> {
    let mut a = evals_brp.to_vec();
    fft::ifft_in_place_rn(&mut a, domain)?;
    Ok(a)
}

/// The evaluations over the `2n`-th roots of unity, in bit-reversed order, of
/// a polynomial given by `n` coefficients. `ext_domain` has size `2n`. Two
/// size-`n` FFTs with bit-reversed output: the first half is the evaluation
/// over `⟨ω_n⟩`, the second over the coset `ω_{2n}·⟨ω_n⟩`.
pub fn extend_coeffs<F: Scalar>(coeffs: &[F], ext_domain: &Domain<F>) -> Result<Vec<F>> {
    let n = coeffs.len();
    if 2 * n != ext_domain.size() {
        return Err(Error::InvalidSize(format!(
            "{n} coefficients cannot be extended over a domain of {}",
            ext_domain.size()
        )));
    }
    let mut out = Vec::with_capacity(2 * n);
    out.extend_from_slice(coeffs);
    out.extend(coeffs.iter().zip(ext_domain.roots()).map(|(c, w)| *c * w));
    let (even, odd) = out.split_at_mut(n);
    fft::fft_in_place_nr(even, ext_domain)?;
    fft::fft_in_place_nr(odd, ext_domain)?;
    Ok(out)
}

/// The factors `ω_{2n}^j / n` (`j < n`) that turn the unscaled inverse FFT
/// of `n` evaluations into coefficients shifted onto the coset
/// `ω_{2n}·⟨ω_n⟩`; computed once for repeated [`das_odd_half`] calls.
pub fn das_coset_factors<F: Scalar>(ext_domain: &Domain<F>) -> Result<Vec<F>> {
    let n = ext_domain.size() / 2;
    let n_inv = F::from_u64(n as u64)
        .inverse()
        .ok_or(Error::DivisionByZero)?;
    Ok(ext_domain.roots()[..n].iter().map(|w| *w * n_inv).collect())
}

/// The second half of the DAS extension: from `n` evaluations over the
/// `n`-th roots (bit-reversed), the `n` evaluations over the coset
/// `ω_{2n}·⟨ω_n⟩` (bit-reversed). One inverse FFT with bit-reversed input,
/// one pass with the `factors` of [`das_coset_factors`], one FFT with
/// bit-reversed output: no permutation passes.
pub fn das_odd_half<F: Scalar>(
    evals_brp: &[F],
    ext_domain: &Domain<F>,
    factors: &[F],
) -> Result<Vec<F>> {
    let n = evals_brp.len();
    if 2 * n != ext_domain.size() || factors.len() != n {
        return Err(Error::InvalidSize(format!(
            "{n} evaluations do not match an extended domain of {} with {} factors",
            ext_domain.size(),
            factors.len()
        )));
    }
    let mut a = evals_brp.to_vec();
    fft::ifft_in_place_rn_unscaled(&mut a, ext_domain)?;
    // Spread over the pool like the transforms around it.
    fft::scale_split(
        &mut a,
        factors,
        n >= fft::SPLIT_MIN,
        (mul_pointwise::<F>, 1),
    );
    fft::fft_in_place_nr(&mut a, ext_domain)?;
    Ok(a)
}

/// `a[i] ← a[i]·factors[i]`.
fn mul_pointwise<F: Scalar>(a: &mut [F], factors: &[F]) {
    for (x, f) in a.iter_mut().zip(factors) {
        *x *= *f;
    }
}

/// DAS extension of data in evaluation form: `n` evaluations over the
/// `n`-th roots (bit-reversed) become `2n` evaluations over the `2n`-th roots
/// (bit-reversed); the first `n` outputs equal the inputs. Computed as a copy
/// plus [`das_odd_half`].
pub fn das_extension<F: Scalar>(
    evals_brp: &[F],
    domain: &Domain<F>,
    ext_domain: &Domain<F>,
) -> Result<Vec<F>> {
    let n = evals_brp.len();
    if n != domain.size() || 2 * n != ext_domain.size() {
        return Err(Error::InvalidSize(format!(
            "{n} evaluations do not match domains of {} and {}",
            domain.size(),
            ext_domain.size()
        )));
    }
    let odd = das_odd_half(evals_brp, ext_domain, &das_coset_factors(ext_domain)?)?;
    let mut out = Vec::with_capacity(2 * n);
    out.extend_from_slice(evals_brp);
    out.extend_from_slice(&odd);
    Ok(out)
}
