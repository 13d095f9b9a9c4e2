//! Structured reference strings in monomial form.

use crate::backend::{Backend, Group, Module, Scalar};
use crate::error::{Error, Result};
use crate::math::{fft, Domain, Polynomial};
use alloc::format;
use alloc::vec::Vec;

/// A KZG structured reference string: `[τ^i]₁` for `i < g1.len()` and
/// `[τ^i]₂` for `i < g2.len()`.
#[derive(Clone, Debug)]
pub struct Srs<B: Backend> {
    /// `[τ^i]₁`, affine.
    pub g1: Vec<B::G1Affine>,
    /// `[τ^i]₂`.
    pub g2: Vec<B::G2>,
}

impl<B: Backend> Srs<B> {
    /// An **insecure** setup from a known secret, for tests and research:
    /// `n_g1` G1 powers and `n_g2` G2 powers of `secret`. Anyone who knows
    /// the secret can forge proofs.
    ///
    /// ```
    /// use fastkzg::backend::{Backend, Scalar};
    /// use fastkzg::kzg::Srs;
    /// use fastkzg::math::Polynomial;
    /// use fastkzg::Blst;
    /// type Fr = <Blst as Backend>::Fr;
    ///
    /// let srs = Srs::<Blst>::insecure_from_secret(&Fr::from_u64(1234), 16, 2);
    /// let poly = Polynomial::new((1..=16).map(Fr::from_u64).collect());
    /// let commitment = srs.commit(&poly).unwrap();
    /// let z = Fr::from_u64(99);
    /// let (proof, y) = srs.open(&poly, &z).unwrap();
    /// assert_eq!(y, poly.evaluate(&z));
    /// assert!(srs.verify(&commitment, &z, &y, &proof).unwrap());
    /// assert!(!srs.verify(&commitment, &z, &(y + Fr::one()), &proof).unwrap());
    /// ```
    pub fn insecure_from_secret(secret: &B::Fr, n_g1: usize, n_g2: usize) -> Self {
        let powers = |n: usize| {
            let mut out = Vec::with_capacity(n);
            let mut acc = B::Fr::one();
            for _ in 0..n {
                out.push(acc);
                acc *= *secret;
            }
            out
        };
        let g1 = B::G1::generator();
        let g2 = B::G2::generator();
        let g1_proj: Vec<B::G1> = powers(n_g1).iter().map(|s| g1 * s).collect();
        Srs {
            g1: B::g1_batch_to_affine(&g1_proj),
            g2: powers(n_g2).iter().map(|s| g2 * s).collect(),
        }
    }

    /// The commitment `[p(τ)]₁` to a polynomial in coefficient form. Fails if
    /// the polynomial has more coefficients than the SRS has G1 points.
    pub fn commit(&self, poly: &Polynomial<B::Fr>) -> Result<B::G1> {
        if poly.coeffs.len() > self.g1.len() {
            return Err(Error::InvalidSize(format!(
                "{} coefficients but only {} G1 powers",
                poly.coeffs.len(),
                self.g1.len()
            )));
        }
        Ok(crate::msm::g1_msm::<B>(&self.g1, &poly.coeffs))
    }

    /// `[Σ coeffs_i·τ^i]₂` for a polynomial of at most `g2.len()` coefficients.
    pub fn commit_g2(&self, poly: &Polynomial<B::Fr>) -> Result<B::G2> {
        if poly.coeffs.len() > self.g2.len() {
            return Err(Error::InvalidSize(format!(
                "{} coefficients but only {} G2 powers",
                poly.coeffs.len(),
                self.g2.len()
            )));
        }
        Ok(self
            .g2
            .iter()
            .zip(&poly.coeffs)
            .fold(B::G2::zero(), |acc, (p, c)| acc + *p * c))
    }

    /// The SRS in Lagrange form over the subgroup of size `n` (natural
    /// order): `[L_i(τ)]₁`, computed as the inverse G1 FFT of the first `n`
    /// monomial points.
    pub fn lagrange(&self, n: usize) -> Result<Vec<B::G1Affine>> {
        if n > self.g1.len() {
            return Err(Error::InvalidSize(format!(
                "Lagrange basis of size {n} needs {n} G1 powers, have {}",
                self.g1.len()
            )));
        }
        let domain = Domain::<B::Fr>::new(n)?;
        let proj: Vec<B::G1> = self.g1[..n].iter().map(B::g1_from_affine).collect();
        let lag = fft::g1_ifft::<B>(&proj, &domain)?;
        Ok(B::g1_batch_to_affine(&lag))
    }
}
