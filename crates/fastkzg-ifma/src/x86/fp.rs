//! Eight independent elements of the BLS12-381 base field, one per 64-bit
//! lane of AVX-512 registers, multiplied with the 52-bit multiply-add
//! instructions (IFMA).
//!
//! An element is held as eight limbs of radix `2^48` (`Σ limb_k·2^(48k)`),
//! register `k` holding limb `k` of all eight lanes. Radix 48 makes
//! `R = 2^384`, the Montgomery radix of [`Fp`], so the six 64-bit words
//! of an [`Fp`] (blst's `blst_fp`) are repacked into limbs without any
//! multiplication, in both directions. Every value handed between functions
//! lies in `[0, 2p)` with limbs below `2^48`.

use core::arch::x86_64::*;

use crate::{Fp, G1Affine};

use super::lanes::{self, lane_offsets, normalize, splat, sub_if_not_below};

/// Limb width and mask.
const LIMB_BITS: u32 = 48;
const LIMB_MASK: u64 = (1 << LIMB_BITS) - 1;

/// `p` in radix-`2^48` limbs.
const P: [u64; 8] = [
    0xffff_ffff_aaab,
    0xb153_ffff_b9fe,
    0xf624_1eab_fffe,
    0x6730_d2a0_f6b0,
    0x4b84_f385_12bf,
    0x434b_acd7_6477,
    0xe69a_4b1b_a7b6,
    0x1a01_11ea_397f,
];

/// `2p` in radix-`2^48` limbs.
const P2: [u64; 8] = [
    0xffff_ffff_5556,
    0x62a7_ffff_73fd,
    0xec48_3d57_fffd,
    0xce61_a541_ed61,
    0x9709_e70a_257e,
    0x8697_59ae_c8ee,
    0xcd34_9637_4f6c,
    0x3402_23d4_72ff,
];

/// `2^384 mod p`: one in Montgomery form.
const ONE: [u64; 8] = [
    0x2fffd,
    0xc40c_0002_7609,
    0x58ba_ebf4_000b,
    0x5f48_9857_53c7,
    0x5853_7052_5745,
    0xa256_ec6d_77ce,
    0xe493_5c07_1a97,
    0x15f6_5ec3_fa80,
];

/// `−p^(−1) mod 2^48`.
const P_INV: u64 = 0xfffc_fffc_fffd;

/// Eight base-field elements in Montgomery form (`a·2^384 mod p`), one per
/// lane; see the module documentation for the layout.
#[derive(Clone, Copy)]
pub(crate) struct Fp8(pub(crate) [__m512i; 8]);

impl Fp8 {
    /// All lanes zero.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn zero() -> Fp8 {
        Fp8([_mm512_setzero_si512(); 8])
    }

    /// One on every lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn one() -> Fp8 {
        Fp8(ONE.map(|v| splat(v)))
    }

    /// Loads eight lanes stored by [`Fp8::store`].
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn load(src: &[u64; 64]) -> Fp8 {
        // SAFETY: each load reads eight u64 inside `src`.
        Fp8(core::array::from_fn(|k| unsafe {
            _mm512_loadu_si512(src[8 * k..].as_ptr().cast())
        }))
    }

    /// Stores the lanes limb-major: `dst[8k + lane]` is limb `k` of `lane`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn store(&self, dst: &mut [u64; 64]) {
        for (k, limb) in self.0.iter().enumerate() {
            // SAFETY: each store writes eight u64 inside `dst`.
            unsafe { _mm512_storeu_si512(dst[8 * k..].as_mut_ptr().cast(), *limb) };
        }
    }

    /// Gathers one coordinate of eight affine points: lane `i` reads
    /// the 48-byte [`Fp`] at `base + offsets[i]`, repacking its six words
    /// into limbs on the way (limb `k` is the unaligned 8-byte word at byte
    /// `6k`, masked; the top limb is read at byte 40 and shifted so that no
    /// byte past the field element is touched).
    ///
    /// # Safety
    /// Every `base + offsets[i]` must point to 48 live bytes (an [`Fp`];
    /// one below `p` for a meaningful result).
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) unsafe fn gather(base: *const u8, offsets: __m512i) -> Fp8 {
        let mask = splat(LIMB_MASK);
        let mut out = [_mm512_setzero_si512(); 8];
        for (k, limb) in out.iter_mut().enumerate().take(7) {
            let at = _mm512_add_epi64(offsets, splat(6 * k as u64));
            // SAFETY: bytes 6k..6k+8 ≤ 44 lie inside the field element.
            let v = unsafe { _mm512_i64gather_epi64::<1>(at, base.cast()) };
            *limb = _mm512_and_si512(v, mask);
        }
        let at = _mm512_add_epi64(offsets, splat(40));
        // SAFETY: bytes 40..48 are the element's last word.
        let v = unsafe { _mm512_i64gather_epi64::<1>(at, base.cast()) };
        out[7] = _mm512_srli_epi64::<16>(v);
        Fp8(out)
    }

    /// The coordinates `(x, y)` of eight affine points, lane `l`
    /// holding `points[l]` (the identity reads as `(0, 0)`).
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn gather_affine(points: &[G1Affine; 8]) -> (Fp8, Fp8) {
        let offsets = lane_offsets(core::mem::size_of::<G1Affine>());
        let base = points.as_ptr().cast::<u8>();
        // SAFETY: lane l reads the two reduced coordinates of points[l],
        // at bytes 0 and 48 of the element.
        unsafe {
            (
                Fp8::gather(base, offsets),
                Fp8::gather(base.add(48), offsets),
            )
        }
    }

    /// `a + b` in `[0, 2p)`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn add(&self, b: &Fp8) -> Fp8 {
        Fp8(lanes::add_lazy::<8, LIMB_BITS>(&self.0, &b.0, &P2))
    }

    /// `a − b` in `[0, 2p)`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn sub(&self, b: &Fp8) -> Fp8 {
        Fp8(lanes::sub_lazy::<8, LIMB_BITS>(&self.0, &b.0, &P2))
    }

    /// `2a` in `[0, 2p)`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn double(&self) -> Fp8 {
        self.add(self)
    }

    /// `−a` in `[0, 2p)` on the lanes of `mask`, `a` elsewhere.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn neg_masked(&self, mask: __mmask8) -> Fp8 {
        let neg = Fp8::zero().sub(self);
        let mut out = self.0;
        for (o, n) in out.iter_mut().zip(neg.0) {
            *o = _mm512_mask_blend_epi64(mask, *o, n);
        }
        Fp8(out)
    }

    /// `b` on the lanes of `mask`, `self` elsewhere.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn select(&self, mask: __mmask8, b: &Fp8) -> Fp8 {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(b.0) {
            *o = _mm512_mask_blend_epi64(mask, *o, b);
        }
        Fp8(out)
    }

    /// The lanes whose value is `0 mod p` (the value is `0` or `p`).
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn is_zero_mask(&self) -> __mmask8 {
        let mut zero = _mm512_setzero_si512();
        let mut is_p = _mm512_setzero_si512();
        for (limb, p) in self.0.iter().zip(P) {
            zero = _mm512_or_si512(zero, *limb);
            is_p = _mm512_or_si512(is_p, _mm512_xor_si512(*limb, splat(p)));
        }
        let z = _mm512_setzero_si512();
        _mm512_cmpeq_epi64_mask(zero, z) | _mm512_cmpeq_epi64_mask(is_p, z)
    }

    /// Montgomery product `a·b·2^(−384) mod p`, in `[0, 2p)`.
    ///
    /// Schoolbook product and word-by-word Montgomery reduction. IFMA splits
    /// each 104-bit product at bit 52, four bits above a limb boundary: the
    /// low halves are summed in `t` at their limb, the high halves in `h` one
    /// limb up, and `h` is shifted left by 4 when folded into `t`. No column
    /// exceeds `2^61`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn mul(&self, b: &Fp8) -> Fp8 {
        let a = &self.0;
        let b = &b.0;
        let z = _mm512_setzero_si512();
        let mut t = [z; 16];
        let mut h = [z; 16];
        for i in 0..8 {
            for j in 0..8 {
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[i], b[j]);
                h[i + j + 1] = _mm512_madd52hi_epu64(h[i + j + 1], a[i], b[j]);
            }
        }
        reduce(t, h)
    }

    /// `a²`, as [`Fp8::mul`] with the symmetric products computed once.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn square(&self) -> Fp8 {
        let a = &self.0;
        let z = _mm512_setzero_si512();
        let mut t = [z; 16];
        let mut h = [z; 16];
        for i in 0..8 {
            for j in i + 1..8 {
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[i], a[j]);
                h[i + j + 1] = _mm512_madd52hi_epu64(h[i + j + 1], a[i], a[j]);
            }
        }
        for k in 0..16 {
            t[k] = _mm512_add_epi64(t[k], t[k]);
            h[k] = _mm512_add_epi64(h[k], h[k]);
        }
        for i in 0..8 {
            t[2 * i] = _mm512_madd52lo_epu64(t[2 * i], a[i], a[i]);
            h[2 * i + 1] = _mm512_madd52hi_epu64(h[2 * i + 1], a[i], a[i]);
        }
        reduce(t, h)
    }

    /// One field element (Montgomery form, fully reduced) on every lane.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn splat_limbs(v: &Fp) -> Fp8 {
        Fp8(core::array::from_fn(|k| splat(limb48(v, k))))
    }

    /// Repacks eight field elements (Montgomery form, fully reduced) into
    /// lanes.
    #[cfg(test)]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn from_limbs(v: &[Fp; 8]) -> Fp8 {
        let mut limbs = [[0u64; 8]; 8];
        for (lane, x) in v.iter().enumerate() {
            for (k, limb) in limbs.iter_mut().enumerate() {
                limb[lane] = limb48(x, k);
            }
        }
        // SAFETY: unaligned loads of eight u64 each from live arrays.
        Fp8(limbs.map(|l| unsafe { _mm512_loadu_si512(l.as_ptr().cast()) }))
    }

    /// The lanes as fully reduced field elements.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn to_limbs(self) -> [Fp; 8] {
        let c = sub_if_not_below::<8, LIMB_BITS>(self.0, &P);
        let mut limbs = [[0u64; 8]; 8];
        for (l, r) in limbs.iter_mut().zip(c) {
            // SAFETY: unaligned store of eight u64 into a live array.
            unsafe { _mm512_storeu_si512(l.as_mut_ptr().cast(), r) };
        }
        let mut out = [[0u64; 6]; 8];
        for (lane, x) in out.iter_mut().enumerate() {
            let mut w = [0u64; 8];
            for (k, l) in limbs.iter().enumerate() {
                w[k] = l[lane];
            }
            *x = pack64(&w);
        }
        out
    }
}

/// Montgomery reduction of the column sums of a product (see [`Fp8::mul`]).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn reduce(mut t: [__m512i; 16], mut h: [__m512i; 16]) -> Fp8 {
    {
        let z = _mm512_setzero_si512();
        let mask = splat(LIMB_MASK);
        let pinv = splat(P_INV);
        for i in 0..8 {
            t[i] = _mm512_add_epi64(t[i], _mm512_slli_epi64::<4>(h[i]));
            let m = _mm512_and_si512(_mm512_madd52lo_epu64(z, t[i], pinv), mask);
            for (j, pj) in P.iter().enumerate() {
                let pj = splat(*pj);
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], m, pj);
                if i + j + 1 < 16 {
                    h[i + j + 1] = _mm512_madd52hi_epu64(h[i + j + 1], m, pj);
                }
            }
            // t[i] is now a multiple of 2^48.
            t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64::<48>(t[i]));
        }
        let mut r = [z; 8];
        for k in 0..8 {
            r[k] = _mm512_add_epi64(t[8 + k], _mm512_slli_epi64::<4>(h[8 + k]));
        }
        Fp8(normalize::<8, LIMB_BITS>(r).0)
    }
}

/// Limb `k` (bits `48k..48k+48`) of a six-word little-endian integer.
fn limb48(w: &[u64; 6], k: usize) -> u64 {
    let bit = 48 * k;
    let (word, shift) = (bit / 64, bit % 64);
    let mut v = w[word] >> shift;
    if shift > 16 && word + 1 < 6 {
        v |= w[word + 1] << (64 - shift);
    }
    v & LIMB_MASK
}

/// Six little-endian words from eight radix-`2^48` limbs below `2^48`.
fn pack64(l: &[u64; 8]) -> [u64; 6] {
    let mut w = [0u64; 6];
    for (k, limb) in l.iter().enumerate() {
        let bit = 48 * k;
        let (word, shift) = (bit / 64, bit % 64);
        w[word] |= limb << shift;
        if shift > 16 && word + 1 < 6 {
            w[word + 1] |= limb >> (64 - shift);
        }
    }
    w
}

#[cfg(test)]
impl Fp8 {
    /// `a + p` without reduction: the same residue, in `[p, 2p)` for a
    /// canonical `a` (test input for the lazy bounds).
    #[target_feature(enable = "avx512f")]
    pub(crate) fn add_p_unreduced(&self) -> Fp8 {
        let mut c = self.0;
        for (c, p) in c.iter_mut().zip(P) {
            *c = _mm512_add_epi64(*c, splat(p));
        }
        Fp8(normalize::<8, LIMB_BITS>(c).0)
    }
}
