//! Bit-reversal permutations (spec: `reverse_bits`, `bit_reversal_permutation`).

use alloc::vec::Vec;

/// Reverses the lowest `log2(order)` bits of `n` (spec `reverse_bits`).
/// `order` must be a power of two; for `order <= 1` this returns 0.
pub fn reverse_bits(n: usize, order: usize) -> usize {
    if order <= 1 {
        return 0;
    }
    let bits = order.trailing_zeros();
    n.reverse_bits() >> (usize::BITS - bits)
}

/// Returns a copy of `values` in bit-reversed order (spec
/// `bit_reversal_permutation`). The length must be a power of two (other
/// lengths are returned unchanged).
pub fn bit_reversal_permutation<T: Clone>(values: &[T]) -> Vec<T> {
    let mut out = values.to_vec();
    bit_reversal_permutation_in_place(&mut out);
    out
}

/// Permutes `values` into bit-reversed order in place. Lengths that are not a
/// power of two are left unchanged.
pub fn bit_reversal_permutation_in_place<T>(values: &mut [T]) {
    let n = values.len();
    if n <= 2 || !n.is_power_of_two() {
        return;
    }
    for i in 0..n {
        let j = reverse_bits(i, n);
        if i < j {
            values.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_bits_small() {
        assert_eq!(reverse_bits(1, 8), 4);
        assert_eq!(reverse_bits(3, 8), 6);
        assert_eq!(reverse_bits(0, 8), 0);
        assert_eq!(reverse_bits(1, 128), 64);
    }

    #[test]
    fn permutation_is_an_involution() {
        let v: Vec<u32> = (0..64).collect();
        let p = bit_reversal_permutation(&v);
        assert_ne!(p, v);
        assert_eq!(p[1], 32);
        assert_eq!(bit_reversal_permutation(&p), v);
    }
}
