//! Arithmetic on little-endian 64-bit limbs shared by the blst field types
//! (`blst/limbs.rs`), the GLV scalar split and the scalar recodings of the
//! MSMs.

/// `a + b`, without the carry out (callers keep the sum below `2^(64N)`).
#[inline(always)]
pub(crate) fn add_wrapping<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut carry = 0u8;
    for i in 0..N {
        (carry, out[i]) = add_carry(carry, a[i], b[i]);
    }
    out
}

/// `a − b`, with the final borrow.
#[inline(always)]
pub(crate) fn sub_with_borrow<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut out = [0u64; N];
    let mut borrow = 0u8;
    for i in 0..N {
        (borrow, out[i]) = sub_borrow(borrow, a[i], b[i]);
    }
    (out, borrow != 0)
}

/// `a + b + carry` as (carry out, sum): one `adc` on x86-64.
#[inline(always)]
fn add_carry(carry: u8, a: u64, b: u64) -> (u8, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut s = 0;
        // Safe: `adc` is on every x86-64 CPU.
        let c = core::arch::x86_64::_addcarry_u64(carry, a, b, &mut s);
        (c, s)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let s = a as u128 + b as u128 + carry as u128;
        ((s >> 64) as u8, s as u64)
    }
}

/// `a − b − borrow` as (borrow out, difference): one `sbb` on x86-64.
#[inline(always)]
fn sub_borrow(borrow: u8, a: u64, b: u64) -> (u8, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut d = 0;
        let c = core::arch::x86_64::_subborrow_u64(borrow, a, b, &mut d);
        (c, d)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let d = (a as u128).wrapping_sub(b as u128 + borrow as u128);
        ((d >> 127) as u8, d as u64)
    }
}
