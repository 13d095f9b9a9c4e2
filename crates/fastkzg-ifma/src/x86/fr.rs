//! Eight independent elements of the BLS12-381 scalar field, one per 64-bit
//! lane of AVX-512 registers, multiplied with IFMA.
//!
//! An element is held as five limbs of radix `2^52` (`Σ limb_k·2^(52k)`),
//! register `k` holding limb `k` of all eight lanes, so IFMA's split of a
//! product at bit 52 falls on a limb boundary. The Montgomery radix is
//! `R = 2^260`, not the `2^256` of [`Fr`] (blst's): an [`Fr`] word pattern
//! (the integer `a·2^256 mod r`) loaded unchanged ([`Fr8::gather`]) is
//! the value `a/16` here, and a value `v` stored unchanged
//! ([`Fr8::to_words`]) is the [`Fr`] of `16·v`. Callers either pick formulas whose result does not
//! depend on such a factor, or convert explicitly ([`Fr8::mul`] by a
//! constant). Every value handed between functions lies in `[0, 2r)`
//! (below `2^256`) with limbs below `2^52`.

use core::arch::x86_64::*;

use crate::Fr;

use super::lanes::{self, normalize, splat, sub_if_not_below};

/// Limb width and mask.
const LIMB_BITS: u32 = 52;
const LIMB_MASK: u64 = (1 << LIMB_BITS) - 1;

/// `r` in radix-`2^52` limbs.
const R: [u64; 5] = [
    0xf_ffff_0000_0001,
    0x2fff_e5bf_efff,
    0x9_a1d8_0553_bda4,
    0x7_d483_339d_8080,
    0x73ed_a753_299d,
];

/// `2r` in radix-`2^52` limbs.
const R2: [u64; 5] = [
    0xf_fffe_0000_0002,
    0x5fff_cb7f_dfff,
    0x3_43b0_0aa7_7b48,
    0xf_a906_673b_0101,
    0xe7db_4ea6_533a,
];

/// `−r^(−1) mod 2^52`.
const R_INV: u64 = 0xf_fffe_ffff_ffff;

/// Eight scalar-field elements in Montgomery form (`a·2^260 mod r`), one
/// per lane; see the module documentation for the layout.
#[derive(Clone, Copy)]
pub(crate) struct Fr8(pub(crate) [__m512i; 5]);

impl Fr8 {
    /// All lanes zero.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn zero() -> Fr8 {
        Fr8([_mm512_setzero_si512(); 5])
    }

    /// The same 256-bit word pattern on every lane (see the module
    /// documentation for what it means here).
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn splat_words(w: &[u64; 4]) -> Fr8 {
        Fr8(limbs52(w).map(|v| splat(v)))
    }

    /// Gathers eight scalars: lane `i` reads the 32-byte [`Fr`] at
    /// `base + offsets[i]` and keeps its word pattern (limb `k` starts at
    /// bit `52k`, byte `⌊6.5k⌋`; the top limb is read at byte 24 and
    /// shifted so that no byte past the element is touched).
    ///
    /// # Safety
    /// Every `base + offsets[i]` must point to 32 live bytes holding an
    /// integer below `2r`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) unsafe fn gather(base: *const u8, offsets: __m512i) -> Fr8 {
        let mask = splat(LIMB_MASK);
        // (byte offset, right shift) of each limb.
        const AT: [(u64, u32); 5] = [(0, 0), (6, 4), (13, 0), (19, 4), (24, 16)];
        let mut out = [_mm512_setzero_si512(); 5];
        for (limb, (byte, shift)) in out.iter_mut().zip(AT) {
            let at = _mm512_add_epi64(offsets, splat(byte));
            // SAFETY: bytes `byte..byte + 8` ≤ 32 lie inside the element.
            let v = unsafe { _mm512_i64gather_epi64::<1>(at, base.cast()) };
            let v = _mm512_srlv_epi64(v, splat(u64::from(shift)));
            *limb = _mm512_and_si512(v, mask);
        }
        Fr8(out)
    }

    /// `a + b` in `[0, 2r)`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn add(&self, b: &Fr8) -> Fr8 {
        Fr8(lanes::add_lazy::<5, LIMB_BITS>(&self.0, &b.0, &R2))
    }

    /// `a − b` in `[0, 2r)`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn sub(&self, b: &Fr8) -> Fr8 {
        Fr8(lanes::sub_lazy::<5, LIMB_BITS>(&self.0, &b.0, &R2))
    }

    /// Montgomery product `a·b·2^(−260) mod r`, in `[0, 2r)`.
    ///
    /// Schoolbook product and word-by-word Montgomery reduction; IFMA's low
    /// and high halves land on adjacent limbs. Inputs below `2r < 2^256`
    /// give an output below `(4r² + 2^260·r)/2^260 < 2r`; no column sum
    /// exceeds `2^57`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn mul(&self, b: &Fr8) -> Fr8 {
        let a = &self.0;
        let b = &b.0;
        let z = _mm512_setzero_si512();
        let mut t = [z; 10];
        for i in 0..5 {
            for j in 0..5 {
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[i], b[j]);
                t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a[i], b[j]);
            }
        }
        let rinv = splat(R_INV);
        for i in 0..5 {
            // IFMA reads the low 52 bits of t[i]: m = t[i]·(−r⁻¹) mod 2^52.
            let m = _mm512_madd52lo_epu64(z, t[i], rinv);
            for (j, rj) in R.iter().enumerate() {
                let rj = splat(*rj);
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], m, rj);
                t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], m, rj);
            }
            // t[i] is now a multiple of 2^52.
            t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64::<52>(t[i]));
        }
        Fr8(normalize::<5, LIMB_BITS>([t[5], t[6], t[7], t[8], t[9]]).0)
    }

    /// The lanes' word patterns, fully reduced below `r` (see the module
    /// documentation for what they mean as an [`Fr`]).
    #[target_feature(enable = "avx512f")]
    pub(crate) fn to_words(self) -> [Fr; 8] {
        let c = sub_if_not_below::<5, LIMB_BITS>(self.0, &R);
        let mut limbs = [[0u64; 8]; 5];
        for (l, v) in limbs.iter_mut().zip(c) {
            // SAFETY: unaligned store of eight u64 into a live array.
            unsafe { _mm512_storeu_si512(l.as_mut_ptr().cast(), v) };
        }
        core::array::from_fn(|lane| words64(&limbs.map(|l| l[lane])))
    }
}

/// Radix-`2^52` limbs of a four-word little-endian integer.
pub(crate) fn limbs52(w: &[u64; 4]) -> [u64; 5] {
    [
        w[0] & LIMB_MASK,
        (w[0] >> 52 | w[1] << 12) & LIMB_MASK,
        (w[1] >> 40 | w[2] << 24) & LIMB_MASK,
        (w[2] >> 28 | w[3] << 36) & LIMB_MASK,
        w[3] >> 16,
    ]
}

/// Four little-endian words from five radix-`2^52` limbs below `2^52`
/// (the value below `2^256`).
pub(crate) fn words64(l: &[u64; 5]) -> [u64; 4] {
    [
        l[0] | l[1] << 52,
        l[1] >> 12 | l[2] << 40,
        l[2] >> 24 | l[3] << 28,
        l[3] >> 36 | l[4] << 16,
    ]
}

#[cfg(test)]
impl Fr8 {
    /// Carries propagated (test input for the lazy bounds).
    #[target_feature(enable = "avx512f")]
    pub(crate) fn normalized(&self) -> Fr8 {
        Fr8(normalize::<5, LIMB_BITS>(self.0).0)
    }
}
