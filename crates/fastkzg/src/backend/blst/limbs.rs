//! Modular addition and subtraction on little-endian 64-bit limbs, for the
//! blst field types (a few instructions inlined where a call into blst
//! costs more than the arithmetic).
//! The reductions select by mask rather than by a branch on the carry,
//! which the CPU cannot predict on random field elements
//! (docs/performance-notes.md, "Field arithmetic").

use crate::backend::limbs::add_wrapping;
pub(super) use crate::backend::limbs::sub_with_borrow;

/// The limbs blst has just written, read one at a time. blst stores a
/// result eight bytes at a time; copying it with wider moves (as the
/// compiler otherwise does) cannot take the values from the store buffer and
/// waits for the stores to reach the cache, a stall after every product.
#[inline(always)]
pub(super) fn read_fresh<const N: usize>(limbs: &[u64; N]) -> [u64; N] {
    core::array::from_fn(|i| {
        // SAFETY: reads an initialised limb through a live reference;
        // volatile only keeps the loads eight bytes wide.
        unsafe { core::ptr::read_volatile(&limbs[i]) }
    })
}

/// All ones if `flag`, else zero.
#[inline(always)]
fn mask(flag: bool) -> u64 {
    0u64.wrapping_sub(flag as u64)
}

/// `a + b mod m` for `a, b < m < 2^(64N − 1)`.
#[inline(always)]
pub(super) fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    // a + b < 2m < 2^(64N): subtract m unless that borrows.
    let sum = add_wrapping(a, b);
    let (reduced, borrow) = sub_with_borrow(&sum, m);
    let keep = mask(borrow);
    core::array::from_fn(|i| (sum[i] & keep) | (reduced[i] & !keep))
}

/// `v`, hidden from the optimiser. On x86-64 a mask it can see to be zero
/// or all ones is turned back into a branch on the carry, which the CPU
/// mispredicts half the time on random field elements; an opaque one is
/// applied with `and` (docs/performance-notes.md, "Field arithmetic").
/// Other targets keep the plain mask.
#[inline(always)]
fn opaque(v: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut v = v;
        // SAFETY: an empty assembly block (a comment) that only names `v`'s
        // register: it reads and writes no memory and changes no other
        // register or flag.
        unsafe {
            core::arch::asm!(
                "/* {0} */",
                inout(reg) v,
                options(pure, nomem, nostack, preserves_flags)
            )
        };
        v
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        v
    }
}

/// `a − b mod m` for `a, b < m`.
#[inline(always)]
pub(super) fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (diff, borrow) = sub_with_borrow(a, b);
    let back = opaque(mask(borrow));
    add_wrapping(&diff, &core::array::from_fn(|i| m[i] & back))
}

/// `−a mod m` for `a < m`.
#[inline(always)]
pub(super) fn neg_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    sub_mod(&[0; N], a, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn to_u128(a: &[u64; 2]) -> u128 {
        (a[1] as u128) << 64 | a[0] as u128
    }

    /// Against u128 arithmetic with a two-limb modulus, on random values and
    /// on the edges 0 and m − 1.
    #[test]
    fn matches_wide_integers() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let m_val: u128 = (1u128 << 127) - 1;
        let m = [m_val as u64, (m_val >> 64) as u64];
        let split = |v: u128| [v as u64, (v >> 64) as u64];
        let mut values: Vec<u128> = vec![0, 1, m_val - 1, m_val / 2, m_val / 2 + 1];
        values.extend((0..40).map(|_| rng.gen::<u128>() % m_val));
        for &a in &values {
            for &b in &values {
                let (sa, sb) = (split(a), split(b));
                assert_eq!(to_u128(&add_mod(&sa, &sb, &m)), (a + b) % m_val);
                assert_eq!(to_u128(&sub_mod(&sa, &sb, &m)), (a + m_val - b) % m_val);
            }
            assert_eq!(to_u128(&neg_mod(&split(a), &m)), (m_val - a) % m_val);
        }
    }
}
