//! Arithmetic on little-endian 64-bit limbs shared by the blst field types
//! (`blst/limbs.rs`) and the scalar recodings of the MSMs.

/// `a + b`, without the carry out (callers keep the sum below `2^(64N)`).
#[inline(always)]
pub(crate) fn add_wrapping<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut carry = false;
    for i in 0..N {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(carry as u64);
        out[i] = s;
        carry = c1 | c2;
    }
    out
}
