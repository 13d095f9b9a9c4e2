//! Erasure recovery: the coefficients of a polynomial of degree `< N/2` from
//! any half of its evaluations over a domain of size `N` (Reed–Solomon
//! decoding with erasures only).
//!
//! Method (as the Fulu spec's `recover_polynomialcoeff`): with `E` the
//! evaluations (zero where missing) and `Z` a polynomial vanishing on the
//! missing points, `E·Z = P·Z` on the domain; an inverse FFT gives the
//! coefficients of `P·Z`, and dividing by `Z` on a coset (where `Z` has no
//! roots) gives `P`.

use super::batch_inverse::batch_inverse;
use super::domain::Domain;
use super::fft;
use super::zero_poly::zero_polynomial;
use crate::backend::Scalar;
use crate::constants::PRIMITIVE_ROOT_OF_UNITY;
use crate::error::{Error, Result};
use alloc::format;
use alloc::vec::Vec;

/// Recovers all `N` coefficients of `P` from `evals` (natural order over
/// `domain`, zeros at missing points) and `zero_poly_coeffs` (a polynomial of
/// at most `N` coefficients vanishing exactly at the missing points). The
/// coset shift is the spec's `PRIMITIVE_ROOT_OF_UNITY` (7).
pub fn recover_with_zero_poly<F: Scalar>(
    evals: &[F],
    zero_poly_coeffs: &[F],
    domain: &Domain<F>,
) -> Result<Vec<F>> {
    let n = domain.size();
    if evals.len() != n || zero_poly_coeffs.len() > n {
        return Err(Error::InvalidSize(format!(
            "recovery over {n} points with {} values and {} zero-polynomial coefficients",
            evals.len(),
            zero_poly_coeffs.len()
        )));
    }
    let mut z = zero_poly_coeffs.to_vec();
    z.resize(n, F::zero());
    let z_eval = fft::fft(&z, domain)?;
    let ez: Vec<F> = evals.iter().zip(&z_eval).map(|(e, z)| *e * *z).collect();
    let pz_coeffs = fft::ifft(&ez, domain)?;
    let shift = F::from_u64(PRIMITIVE_ROOT_OF_UNITY);
    let pz_coset = fft::coset_fft(&pz_coeffs, &shift, domain)?;
    let mut z_coset = fft::coset_fft(&z, &shift, domain)?;
    batch_inverse(&mut z_coset)?;
    let p_coset: Vec<F> = pz_coset
        .iter()
        .zip(&z_coset)
        .map(|(a, b)| *a * *b)
        .collect();
    fft::coset_ifft(&p_coset, &shift, domain)
}

/// Recovers the coefficients of a polynomial of degree `< N/2` from any
/// `N/2` or more of its evaluations over `domain` (natural order, `None` for
/// missing). Returns the first `N/2` coefficients. With more than `N/2`
/// samples that no such polynomial fits, the result is the truncation of
/// the recovered degree-`< N` polynomial (as in the spec).
pub fn recover_from_samples<F: Scalar>(
    samples: &[Option<F>],
    domain: &Domain<F>,
) -> Result<Vec<F>> {
    let n = domain.size();
    if samples.len() != n {
        return Err(Error::InvalidSize(format!(
            "{} samples over a domain of {n}",
            samples.len()
        )));
    }
    let missing: Vec<F> = samples
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| domain.root(i))
        .collect();
    if missing.len() > n / 2 {
        return Err(Error::InvalidSize(format!(
            "{} of {n} samples missing; at most half may be",
            missing.len()
        )));
    }
    let evals: Vec<F> = samples.iter().map(|s| s.unwrap_or_else(F::zero)).collect();
    let zero = zero_polynomial(&missing);
    let mut coeffs = recover_with_zero_poly(&evals, &zero.coeffs, domain)?;
    coeffs.truncate(n / 2);
    Ok(coeffs)
}
