//! The data-availability-sampling extension: `n` evaluations are extended to
//! `2n` so that any `n` of them (and, for cells, any half of the cells)
//! determine the polynomial.
//!
//! Ordering follows the Ethereum specs: values are evaluations over the roots
//! of unity in bit-reversed order. In that order the first half of the
//! `2n` extended evaluations are exactly the `n` inputs (the even powers of
//! `ω_{2n}`), and the second half are the evaluations on the coset
//! `ω_{2n}·⟨ω_n⟩`.

use super::bit_reversal::bit_reversal_permutation_in_place;
use super::domain::Domain;
use super::fft;
use crate::backend::Scalar;
use crate::error::{Error, Result};

/// Coefficients of the polynomial whose evaluations over the `n`-th roots of
/// unity in bit-reversed order are `evals_brp` (spec
/// `polynomial_eval_to_coeff`). `domain` must have size `evals_brp.len()`.
pub fn brp_evals_to_coeffs<F: Scalar>(evals_brp: &[F], domain: &Domain<F>) -> Result<Vec<F>> {
    let mut a = evals_brp.to_vec();
    bit_reversal_permutation_in_place(&mut a);
    fft::ifft_in_place(&mut a, domain)?;
    Ok(a)
}

/// The evaluations over the `2n`-th roots of unity, in bit-reversed order, of
/// a polynomial given by `n` coefficients. `ext_domain` has size `2n`.
pub fn extend_coeffs<F: Scalar>(coeffs: &[F], ext_domain: &Domain<F>) -> Result<Vec<F>> {
    let n = coeffs.len();
    if 2 * n != ext_domain.size() {
        return Err(Error::InvalidSize(format!(
            "{n} coefficients cannot be extended over a domain of {}",
            ext_domain.size()
        )));
    }
    let mut out = coeffs.to_vec();
    out.resize(2 * n, F::zero());
    fft::fft_in_place(&mut out, ext_domain)?;
    bit_reversal_permutation_in_place(&mut out);
    Ok(out)
}

/// DAS extension of data in evaluation form: `n` evaluations over the
/// `n`-th roots (bit-reversed) become `2n` evaluations over the `2n`-th roots
/// (bit-reversed); the first `n` outputs equal the inputs. Computed as a copy
/// plus one size-`n` coset FFT.
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
    let coeffs = brp_evals_to_coeffs(evals_brp, domain)?;
    let mut odd = fft::coset_fft(&coeffs, &ext_domain.generator(), domain)?;
    bit_reversal_permutation_in_place(&mut odd);
    let mut out = Vec::with_capacity(2 * n);
    out.extend_from_slice(evals_brp);
    out.extend_from_slice(&odd);
    Ok(out)
}
