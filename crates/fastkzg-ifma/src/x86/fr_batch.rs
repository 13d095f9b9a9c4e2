//! Scalar-field work done eight elements at a time: converting canonical
//! integers into Montgomery form, and the barycentric sum of the blob
//! evaluation.

use crate::Fr;

use super::fr::Fr8;
use super::lanes::lane_offsets;

/// `2^516 mod r` as four little-endian words: the Montgomery product
/// (radix `2^260`) of a plain integer `a` with it is `a·2^256 mod r`, the
/// [`Fr`] word pattern of `a`.
const TO_MONTGOMERY: [u64; 4] = [
    0x999e_9910_3f29_c6cf,
    0x6311_38b5_7927_663d,
    0x29f7_715f_1ba1_c0ed,
    0x9f_f646_cc02_73c8,
];

/// `2^264 mod r`: 16 as a lane value (radix `2^260`).
const SIXTEEN: [u64; 4] = [
    0x0234_ffff_fdcb,
    0x2e75_0561_039e_f635,
    0xf156_3642_bdce_3c3e,
    0x247d_b575_276a_7fa6,
];

/// `2^268 mod r`: 256 as a lane value (radix `2^260`).
const TWO_HUNDRED_FIFTY_SIX: [u64; 4] = [
    0x2354_ffff_dcab,
    0x449c_2201_39f7_9755,
    0x1542_2c03_acba_8bc8,
    0x0437_12b2_a694_8806,
];

/// The [`Fr`] (Montgomery form) of eight plain integers below `r`
/// (little-endian words).
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) unsafe fn to_montgomery(plain: &[[u64; 4]; 8]) -> [Fr; 8] {
    // SAFETY: each lane reads one 32-byte element of `plain`.
    let a = unsafe { Fr8::gather(plain.as_ptr().cast(), lane_offsets(32)) };
    // The loaded pattern is a·2^(−260); times 2^516 it is a·2^256.
    a.mul(&Fr8::splat_words(&TO_MONTGOMERY)).to_words()
}

/// Eight fractions `(num_l, den_l)` whose sum `Σ num_l/den_l` is the
/// barycentric pair sum
/// `Σ_k w_k·(z·(a_k − b_k) + w_k·(a_k + b_k)) / (z² − w_k²)`
/// with `a_k = evals[2k]`, `b_k = evals[2k + 1]`, `w_k = roots[2k]` and
/// `w_k² = roots_sq[k]`; lane `l` sums the pairs `k ≡ l (mod 8)`.
///
/// Every input is used as its [`Fr`] pattern, which here is its value
/// divided by 16; `z²` is formed from `z` in the same scale (times 16).
/// The sum is homogeneous of degree 2 in those factors, so the numerators
/// are multiplied by 256 at the end. Stored back, numerator and
/// denominator both gain a factor 16, which their ratio does not see.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA. `roots_sq.len()` must be
/// a multiple of 8, and `evals` and `roots` must hold `2·roots_sq.len()`
/// elements.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) unsafe fn pair_fractions(
    evals: &[Fr],
    roots: &[Fr],
    roots_sq: &[Fr],
    z: &Fr,
) -> ([Fr; 8], [Fr; 8]) {
    let pair_offsets = lane_offsets(64);
    let sq_offsets = lane_offsets(32);
    let z = Fr8::splat_words(z);
    let z2 = z.mul(&z).mul(&Fr8::splat_words(&SIXTEEN));
    let mut num = Fr8::zero();
    // Any non-zero start: the first pair sets num/den to its own fraction.
    let mut den = Fr8::splat_words(&[1, 0, 0, 0]);
    let (evals, roots) = (evals.as_ptr().cast::<u8>(), roots.as_ptr().cast::<u8>());
    for (t, sq) in roots_sq.chunks_exact(8).enumerate() {
        // SAFETY: pairs 8t..8t+8 are elements 16t..16t+16 of `evals` and
        // `roots` (512 bytes from byte 512t), all inside the slices by the
        // length contract; `sq` is eight live elements.
        let (a, b, w, w2) = unsafe {
            let e = evals.add(512 * t);
            (
                Fr8::gather(e, pair_offsets),
                Fr8::gather(e.add(32), pair_offsets),
                Fr8::gather(roots.add(512 * t), pair_offsets),
                Fr8::gather(sq.as_ptr().cast(), sq_offsets),
            )
        };
        let n = a.sub(&b).mul(&z).add(&a.add(&b).mul(&w)).mul(&w);
        let d = z2.sub(&w2);
        num = num.mul(&d).add(&n.mul(&den));
        den = den.mul(&d);
    }
    let num = num.mul(&Fr8::splat_words(&TWO_HUNDRED_FIFTY_SIX));
    (num.to_words(), den.to_words())
}
