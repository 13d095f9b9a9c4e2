//! A weighted sum of a polynomial's coefficient chunks, from its values on
//! the bit-reversed roots of unity, without the full inverse FFT.
//!
//! Cell verification from whole blobs needs `Σ_q u_q·(c_{mq}, …, c_{mq+m−1})`
//! for the `r` chunks of `m` coefficients of a blob's polynomial (`n = r·m`
//! values `E_j` at `ω^j`, ω of order `n`). With `j = t + r·s` (`t < r`,
//! `s < m`), `ω^{r·m} = 1` and `ω^{m·r·s·q} = 1`:
//!
//! ```text
//! Σ_q u_q·c_{mq+i} = (1/n)·Σ_t U_t·ω^{−t·i}·F_t(i),
//! U_t    = Σ_q u_q·ω^{−m·t·q}            (an r-point inverse DFT of u),
//! F_t(i) = Σ_s E_{t+r·s}·ω^{−r·s·i}      (an m-point inverse DFT).
//! ```
//!
//! In bit-reversed order the values `E_{t+r·s}` of one `t` lie together, in
//! block `brp_r(t)`, themselves in bit-reversed order of `s`: exactly the
//! input of an inverse FFT with bit-reversed input. So the sum costs `r`
//! transforms of `m` points and `2n` products, against one transform of `n`
//! points and `n` products (a blob's 64 chunks of 64: about 20.7 k products
//! against 28.7 k).

use super::bit_reversal::reverse_bits;
use super::domain::Domain;
use super::fft;
use crate::backend::Scalar;
use crate::error::{Error, Result};
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

/// `Σ_{q<r} weights[q]·(c_{m·q}, …, c_{m·q+m−1})` for the coefficients `c`
/// of the polynomial whose values on the bit-reversed `n`-th roots of unity
/// are `evals_brp` (as [`super::das::brp_evals_to_coeffs`] gives them), with
/// `r = weights.len()` chunks of `m = n/r` coefficients. `n` and `r` are
/// powers of two, `r ≤ n`, and `domain`'s size is a multiple of `n`.
pub fn weighted_coeff_chunks<F: Scalar>(
    evals_brp: &[F],
    weights: &[F],
    domain: &Domain<F>,
) -> Result<Vec<F>> {
    let (n, r) = (evals_brp.len(), weights.len());
    if !n.is_power_of_two() || !r.is_power_of_two() || r > n || !domain.size().is_multiple_of(n) {
        return Err(Error::InvalidSize(format!(
            "{r} chunks of {n} values over a domain of {}",
            domain.size()
        )));
    }
    let m = n / r;
    let stride = domain.size() / n;
    // 1/n = stride/N for the domain's size N = n·stride.
    let n_inv = domain.size_inv() * F::from_u64(stride as u64);
    // U_t/n, in natural order.
    let mut u = weights.to_vec();
    fft::ifft_in_place_unscaled(&mut u, domain)?;
    for v in u.iter_mut() {
        *v *= n_inv;
    }
    let mut sum = vec![F::zero(); m];
    let mut block = vec![F::zero(); m];
    for (b, values) in evals_brp.chunks_exact(m).enumerate() {
        let t = reverse_bits(b, r);
        block.copy_from_slice(values);
        fft::ifft_in_place_rn_unscaled(&mut block, domain)?;
        for (i, (acc, f)) in sum.iter_mut().zip(&block).enumerate() {
            // ω^{−t·i} (t·i < r·m = n).
            let twiddle = domain.root((n - t * i) % n * stride);
            *acc += *f * (u[t] * twiddle);
        }
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::DefaultBackend;
    use crate::backend::{Backend, Module, Scalar};
    use crate::math::das::brp_evals_to_coeffs;

    type Fr = <DefaultBackend as Backend>::Fr;

    /// Equals the chunks of the full inverse FFT summed with the weights,
    /// for every split of 256 values (and over a larger domain).
    #[test]
    fn matches_the_full_transform() {
        let n = 256;
        let evals: Vec<Fr> = (0..n as u64)
            .map(|j| Fr::from_u64(j * j * 7919 + 31 * j + 5))
            .collect();
        for domain_size in [n, 4 * n] {
            let domain = Domain::<Fr>::new(domain_size).expect("domain");
            let full = Domain::<Fr>::new(n).expect("domain");
            let coeffs = brp_evals_to_coeffs(&evals, &full).expect("coefficients");
            for r in [1, 2, 16, 64, 256] {
                let m = n / r;
                let weights: Vec<Fr> = (0..r as u64)
                    .map(|q| Fr::from_u64(3 * q + 1).inverse().expect("non-zero"))
                    .collect();
                let mut want = vec![Fr::zero(); m];
                for (q, chunk) in coeffs.chunks_exact(m).enumerate() {
                    for (w, c) in want.iter_mut().zip(chunk) {
                        *w += *c * weights[q];
                    }
                }
                let got = weighted_coeff_chunks(&evals, &weights, &domain).expect("sum");
                assert_eq!(got, want, "r = {r}, domain {domain_size}");
            }
        }
    }

    /// Sizes that are not powers of two, or a domain too small, are refused.
    #[test]
    fn refuses_bad_sizes() {
        let domain = Domain::<Fr>::new(64).expect("domain");
        let evals = vec![Fr::one(); 64];
        assert!(weighted_coeff_chunks(&evals, &[Fr::one(); 3], &domain).is_err());
        assert!(weighted_coeff_chunks(&evals[..48], &[Fr::one(); 4], &domain).is_err());
        assert!(weighted_coeff_chunks(&evals, &[Fr::one(); 128], &domain).is_err());
        assert!(weighted_coeff_chunks(&vec![Fr::one(); 128], &[Fr::one(); 4], &domain).is_err());
    }
}
