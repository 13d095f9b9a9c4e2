//! Limb-vector helpers shared by the base-field ([`super::fp`]) and
//! scalar-field ([`super::fr`]) lanes: an element is `N` limbs of `BITS`
//! bits, register `k` holding limb `k` of all eight lanes.

use core::arch::x86_64::*;

/// `v` on every lane.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn splat(v: u64) -> __m512i {
    _mm512_set1_epi64(v as i64)
}

/// Byte offsets `0, stride, …, 7·stride`, one per lane.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn lane_offsets(stride: usize) -> __m512i {
    let offsets: [i64; 8] = core::array::from_fn(|l| (l * stride) as i64);
    // SAFETY: unaligned load of eight i64 from a live array.
    unsafe { _mm512_loadu_si512(offsets.as_ptr().cast()) }
}

/// Propagates carries (or borrows: limbs are read as signed) so that every
/// limb is below `2^BITS`; returns the limbs and the signed carry out of
/// the top limb.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn normalize<const N: usize, const BITS: u32>(
    mut c: [__m512i; N],
) -> ([__m512i; N], __m512i) {
    let mask = splat((1 << BITS) - 1);
    let mut carry = _mm512_setzero_si512();
    for limb in c.iter_mut() {
        let v = _mm512_add_epi64(*limb, carry);
        carry = _mm512_srai_epi64::<BITS>(v);
        *limb = _mm512_and_si512(v, mask);
    }
    (c, carry)
}

/// `c − m` if that is non-negative, else `c`, for `c` with normalised limbs
/// (`m` given as limbs).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn sub_if_not_below<const N: usize, const BITS: u32>(
    c: [__m512i; N],
    m: &[u64; N],
) -> [__m512i; N] {
    let mut d = c;
    for (limb, m) in d.iter_mut().zip(m) {
        *limb = _mm512_sub_epi64(*limb, splat(*m));
    }
    let (d, borrow) = normalize::<N, BITS>(d);
    // borrow is 0 where c ≥ m and −1 where c < m.
    let keep = _mm512_cmpeq_epi64_mask(borrow, _mm512_setzero_si512());
    let mut out = c;
    for (o, d) in out.iter_mut().zip(d) {
        *o = _mm512_mask_blend_epi64(keep, *o, d);
    }
    out
}

/// `a + b` reduced into `[0, 2m)` for inputs there (`m2 = 2m` as limbs).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn add_lazy<const N: usize, const BITS: u32>(
    a: &[__m512i; N],
    b: &[__m512i; N],
    m2: &[u64; N],
) -> [__m512i; N] {
    let mut c = *a;
    for (c, b) in c.iter_mut().zip(b) {
        *c = _mm512_add_epi64(*c, *b);
    }
    let (c, _) = normalize::<N, BITS>(c);
    sub_if_not_below::<N, BITS>(c, m2)
}

/// `a − b` reduced into `[0, 2m)` for inputs there (`m2 = 2m` as limbs).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn sub_lazy<const N: usize, const BITS: u32>(
    a: &[__m512i; N],
    b: &[__m512i; N],
    m2: &[u64; N],
) -> [__m512i; N] {
    let mut c = *a;
    for ((c, b), m2) in c.iter_mut().zip(b).zip(m2) {
        *c = _mm512_sub_epi64(_mm512_add_epi64(*c, splat(*m2)), *b);
    }
    let (c, _) = normalize::<N, BITS>(c);
    sub_if_not_below::<N, BITS>(c, m2)
}
