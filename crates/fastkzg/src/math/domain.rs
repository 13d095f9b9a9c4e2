//! Roots of unity and multiplicative evaluation domains.

use crate::backend::Scalar;
use crate::constants::{MODULUS_MINUS_ONE_ODD_PART, PRIMITIVE_ROOT_OF_UNITY, TWO_ADICITY};
use crate::error::{Error, Result};
use alloc::format;
use alloc::vec::Vec;

/// The multiplicative subgroup of Fr of order `size` (a power of two), with
/// its roots of unity in natural order: `roots[i] = ω^i`.
#[derive(Clone, Debug)]
pub struct Domain<F> {
    roots: Vec<F>,
    size_inv: F,
}

/// A primitive `order`-th root of unity derived from the spec's
/// `PRIMITIVE_ROOT_OF_UNITY` (spec `compute_roots_of_unity` uses
/// `7^((r-1)/order)`). `order` must be a power of two `<= 2^32`.
pub fn primitive_root_of_unity<F: Scalar>(order: usize) -> Result<F> {
    if !order.is_power_of_two() || order.trailing_zeros() > TWO_ADICITY {
        return Err(Error::InvalidSize(format!(
            "no root of unity of order {order}"
        )));
    }
    let mut w = F::from_u64(PRIMITIVE_ROOT_OF_UNITY).pow(&MODULUS_MINUS_ONE_ODD_PART);
    for _ in order.trailing_zeros()..TWO_ADICITY {
        w = w.square();
    }
    Ok(w)
}

impl<F: Scalar> Domain<F> {
    /// The domain of `size` elements (spec `compute_roots_of_unity(size)`).
    pub fn new(size: usize) -> Result<Self> {
        let w = primitive_root_of_unity::<F>(size)?;
        let mut roots = Vec::with_capacity(size);
        let mut acc = F::one();
        for _ in 0..size {
            roots.push(acc);
            acc *= w;
        }
        let size_inv = F::from_u64(size as u64)
            .inverse()
            .ok_or(Error::DivisionByZero)?;
        Ok(Domain { roots, size_inv })
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.roots.len()
    }

    /// The roots `ω^0, ω^1, …` in natural order.
    pub fn roots(&self) -> &[F] {
        &self.roots
    }

    /// `ω^i` for any integer exponent (taken modulo the size).
    pub fn root(&self, i: usize) -> F {
        self.roots[i % self.roots.len()]
    }

    /// `1 / size`.
    pub fn size_inv(&self) -> F {
        self.size_inv
    }

    /// The generator `ω`.
    pub fn generator(&self) -> F {
        self.root(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    type Fr = <crate::DefaultBackend as crate::backend::Backend>::Fr;

    #[test]
    fn root_has_exact_order() {
        for log in [1usize, 4, 12, 13, 16] {
            let n = 1 << log;
            let w = primitive_root_of_unity::<Fr>(n).unwrap();
            assert_eq!(w.pow(&[n as u64]), Fr::one());
            assert_ne!(w.pow(&[(n / 2) as u64]), Fr::one());
        }
    }

    #[test]
    fn matches_spec_definition() {
        // 7^((r-1)/8192) computed independently with Python's pow().
        let expected =
            hex_literal("485d512737b1da3d2ccddea2972e89ed146b58bc434906ac6fdd00bfc78c8967");
        let w = primitive_root_of_unity::<Fr>(8192).unwrap();
        assert_eq!(w.to_bytes_be(), expected);
    }

    fn hex_literal(s: &str) -> [u8; 32] {
        let v = hex::decode(s).unwrap();
        v.try_into().unwrap()
    }

    #[test]
    fn rejects_bad_orders() {
        assert!(Domain::<Fr>::new(3).is_err());
        assert!(primitive_root_of_unity::<Fr>(1 << 33).is_err());
    }
}
