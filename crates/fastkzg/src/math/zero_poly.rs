//! Zero (vanishing) polynomials.

use super::poly::Polynomial;
use crate::backend::Scalar;
use alloc::vec::Vec;

/// `Π (X − r)` over `roots`, monic of degree `roots.len()`; the empty product
/// is the constant 1. Quadratic in the number of roots.
pub fn zero_polynomial<F: Scalar>(roots: &[F]) -> Polynomial<F> {
    let mut coeffs = Vec::with_capacity(roots.len() + 1);
    coeffs.push(F::one());
    for r in roots {
        // Multiply by (X − r): shift up and subtract r·old.
        coeffs.push(F::zero());
        for i in (0..coeffs.len()).rev() {
            let lower = if i > 0 { coeffs[i - 1] } else { F::zero() };
            coeffs[i] = lower - *r * coeffs[i];
        }
    }
    Polynomial::new(coeffs)
}
