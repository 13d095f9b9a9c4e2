//! Multi-point KZG openings: one proof for the values of a polynomial at
//! several points, through the interpolation polynomial `I` and the zero
//! polynomial `Z` of the points: `π = [(p − I)/Z (τ)]₁`.

use super::srs::Srs;
use crate::backend::Backend;
use crate::error::{Error, Input, Result};
use crate::math::zero_poly::zero_polynomial;
use crate::math::Polynomial;
use alloc::vec;
use alloc::vec::Vec;

impl<B: Backend> Srs<B> {
    /// Opens `poly` at all `points` with one proof; returns the proof and the
    /// values `p(x_i)`. Points must be distinct.
    ///
    /// ```
    /// use fastkzg::backend::{Backend, Scalar};
    /// use fastkzg::kzg::Srs;
    /// use fastkzg::math::Polynomial;
    /// use fastkzg::Blst;
    /// type Fr = <Blst as Backend>::Fr;
    ///
    /// // Three points need four G2 powers to verify.
    /// let srs = Srs::<Blst>::insecure_from_secret(&Fr::from_u64(77), 16, 4);
    /// let poly = Polynomial::new((1..=16).map(Fr::from_u64).collect());
    /// let commitment = srs.commit(&poly).unwrap();
    /// let points = [Fr::from_u64(3), Fr::from_u64(4), Fr::from_u64(5)];
    /// let (proof, values) = srs.open_multi(&poly, &points).unwrap();
    /// assert!(srs.verify_multi(&commitment, &points, &values, &proof).unwrap());
    /// let mut wrong = values.clone();
    /// wrong[1] += Fr::one();
    /// assert!(!srs.verify_multi(&commitment, &points, &wrong, &proof).unwrap());
    /// ```
    pub fn open_multi(
        &self,
        poly: &Polynomial<B::Fr>,
        points: &[B::Fr],
    ) -> Result<(B::G1, Vec<B::Fr>)> {
        let values: Vec<B::Fr> = points.iter().map(|x| poly.evaluate(x)).collect();
        let interp = Polynomial::interpolate(points, &values)?;
        let zero = zero_polynomial(points);
        let (q, _r) = poly.sub(&interp).div_rem(&zero)?;
        Ok((self.commit(&q)?, values))
    }

    /// Checks a multi-point opening:
    /// `e(C − [I(τ)]₁, [1]₂) = e(π, [Z(τ)]₂)`. Needs `points.len() + 1` G2
    /// powers.
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_multi(
        &self,
        commitment: &B::G1,
        points: &[B::Fr],
        values: &[B::Fr],
        proof: &B::G1,
    ) -> Result<bool> {
        if points.len() != values.len() {
            return Err(Error::LengthMismatch {
                inputs: &[Input::Point, Input::Value],
                lengths: vec![points.len(), values.len()],
            });
        }
        let Some(g2_0) = self.g2.first() else {
            return Err(Error::InvalidSize("verification needs G2 powers".into()));
        };
        let interp = Polynomial::interpolate(points, values)?;
        let zero = zero_polynomial(points);
        let zero_g2 = self.commit_g2(&zero)?;
        let lhs = *commitment - self.commit(&interp)?;
        let neg_g2 = B::g2_prepare(&-*g2_0);
        let z2 = B::g2_prepare(&zero_g2);
        Ok(B::pairings_verify(&[(lhs, &neg_g2), (*proof, &z2)]))
    }
}
