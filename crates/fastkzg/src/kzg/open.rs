//! Single-point KZG openings in coefficient form.

use super::srs::Srs;
use crate::backend::{Backend, Group};
use crate::error::{Error, Result};
use crate::math::Polynomial;

impl<B: Backend> Srs<B> {
    /// Opens `poly` at `z`: returns the proof `[q(τ)]₁` with
    /// `q = (p − p(z))/(X − z)` and the value `y = p(z)`.
    pub fn open(&self, poly: &Polynomial<B::Fr>, z: &B::Fr) -> Result<(B::G1, B::Fr)> {
        let (q, y) = poly.divide_by_linear(z);
        Ok((self.commit(&q)?, y))
    }

    /// Checks a single-point opening: `e(C − [y]₁, [1]₂) = e(π, [τ − z]₂)`.
    /// Needs at least two G2 powers.
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify(&self, commitment: &B::G1, z: &B::Fr, y: &B::Fr, proof: &B::G1) -> Result<bool> {
        let (Some(g2_0), Some(g2_1)) = (self.g2.first(), self.g2.get(1)) else {
            return Err(Error::InvalidSize(
                "verification needs two G2 powers".into(),
            ));
        };
        let lhs = *commitment - B::G1::generator() * y;
        let x_minus_z = *g2_1 - *g2_0 * z;
        let neg_g2 = B::g2_prepare(&-*g2_0);
        let xz = B::g2_prepare(&x_minus_z);
        Ok(B::pairings_verify(&[(lhs, &neg_g2), (*proof, &xz)]))
    }
}
