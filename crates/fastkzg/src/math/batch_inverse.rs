//! Montgomery's batch inversion trick.

use crate::backend::Scalar;
use crate::error::{Error, Result};
use alloc::vec::Vec;

/// Inverts every element of `values` in place with one field inversion and
/// `3(n-1)` multiplications. Fails with [`Error::DivisionByZero`] (leaving
/// `values` untouched) if any element is zero.
pub fn batch_inverse<F: Scalar>(values: &mut [F]) -> Result<()> {
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = F::one();
    for v in values.iter() {
        prefix.push(acc);
        acc *= *v;
    }
    let mut inv = acc.inverse().ok_or(Error::DivisionByZero)?;
    for (v, p) in values.iter_mut().zip(prefix).rev() {
        let next = inv * *v;
        *v = inv * p;
        inv = next;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    type Fr = <crate::DefaultBackend as crate::backend::Backend>::Fr;

    #[test]
    fn inverts_each_element() {
        let vals: Vec<Fr> = (1..20).map(Fr::from_u64).collect();
        let mut inv = vals.clone();
        batch_inverse(&mut inv).unwrap();
        for (a, b) in vals.iter().zip(&inv) {
            assert_eq!(*a * *b, Fr::one());
        }
    }

    #[test]
    fn zero_is_rejected_without_change() {
        let mut vals = vec![Fr::from_u64(3), Fr::from_u64(0), Fr::from_u64(5)];
        let before = vals.clone();
        assert!(matches!(
            batch_inverse(&mut vals),
            Err(Error::DivisionByZero)
        ));
        assert_eq!(vals, before);
    }
}
