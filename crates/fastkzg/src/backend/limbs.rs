//! Arithmetic on little-endian 64-bit limbs shared by the blst field types
//! (`blst/limbs.rs`) and the scalar recodings of the MSMs.

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

/// `a + b + carry` as (carry out, sum): one `adc` on x86-64.
#[inline(always)]
pub(crate) fn add_carry(carry: u8, a: u64, b: u64) -> (u8, u64) {
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
