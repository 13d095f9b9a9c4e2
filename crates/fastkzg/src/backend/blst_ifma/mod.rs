//! AVX-512 IFMA kernels for the blst backend: eight independent field
//! multiplications per instruction stream, used for the bucket phase of
//! multi-scalar multiplication, for batches of scalar multiplications
//! (the twiddle products of a G1 FFT stage), and for scalar-field batches
//! (parsing field elements, the barycentric blob evaluation).
//!
//! blst multiplies one field element at a time with 64-bit `mulx`; a
//! bucket addition is a chain of about ten dependent multiplications, so
//! its speed is bound by their latency. Here eight bucket additions run in
//! lock-step, one per 64-bit lane, and the 52-bit multiply-add instructions
//! of AVX-512 IFMA do the limb products. The kernels are selected at run
//! time: [`available`] checks the CPU, and `FASTKZG_NO_IFMA=1` turns them off.
//! Every result is converted back to blst's own types, and the tests compare
//! each kernel with blst on the same inputs.

mod buckets;
mod fp;
mod fr;
mod fr_batch;
mod lanes;
mod scalar_mul;
mod subgroup;
mod xyzz;

use fp::Fp8;

use blst::{blst_fr, blst_p1, blst_p1_affine};

/// Whether the CPU has AVX-512F and AVX-512 IFMA and the kernels are not
/// turned off by `FASTKZG_NO_IFMA` (checked once).
pub(crate) fn available() -> bool {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        let off = std::env::var_os("FASTKZG_NO_IFMA").is_some_and(|v| !v.is_empty() && v != "0");
        !off && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512ifma")
    })
}

/// `Σ d_i·points[i]` for two's complement `window`-bit digits
/// (`2 ≤ window ≤ 16`) on eight lanes, or `None` where the CPU lacks the
/// instructions (the caller then uses blst's own bucket method).
pub(crate) fn msm_signed_digits(
    points: &[blst_p1_affine],
    digits: &[u16],
    window: usize,
) -> Option<blst_p1> {
    if !available() || !(2..=16).contains(&window) {
        return None;
    }
    // SAFETY: the CPU has AVX-512F and AVX-512 IFMA (checked above).
    Some(unsafe { buckets::msm_signed_digits(points, digits, window) })
}

/// `Σ k_i·points[i]` for scalars below `2^128` (the halves of a GLV
/// split), or `None` where the CPU lacks the instructions.
///
/// Pippenger's method over `c`-bit signed windows: all windows share one
/// eight-lane bucket phase, each lane runs the running sums of every
/// eighth window, and the window sums are joined by `c` doublings each
/// (Horner). `c` minimises the modelled cost `W·n + 3·⌈W/8⌉·8·2^(c−1)`
/// for `W = ⌈130/c⌉` windows: the running sum spends two general
/// additions (14 multiplications each) per bucket and lane round where the
/// bucket phase spends one mixed addition (10) per point.
pub(crate) fn msm_u128(points: &[blst_p1_affine], scalars: &[u128]) -> Option<blst_p1> {
    if !available() {
        return None;
    }
    let n = points.len().min(scalars.len());
    let window = (4..=16)
        .min_by_key(|c: &usize| {
            let w = 130usize.div_ceil(*c);
            w * n + 3 * w.div_ceil(8) * 8 * (1 << (c - 1))
        })
        .unwrap_or(8);
    let windows = 130usize.div_ceil(window);
    let mask = (1u128 << window) - 1;
    let half = 1u128 << (window - 1);
    let mut digits = vec![vec![0u16; n]; windows];
    for (i, k) in scalars[..n].iter().enumerate() {
        let mut carry = 0u128;
        for (j, row) in digits.iter_mut().enumerate() {
            let d = (k.checked_shr((window * j) as u32).unwrap_or(0) & mask) + carry;
            carry = u128::from(d >= half);
            row[i] = (d as u16) & (mask as u16);
        }
    }
    let rows: Vec<&[u16]> = digits.iter().map(Vec::as_slice).collect();
    // SAFETY: the CPU has AVX-512F and AVX-512 IFMA (checked above).
    let sums = unsafe { buckets::msm_windows(&points[..n], &rows, window) };
    let mut acc = blst_p1::default();
    for w in sums.iter().rev() {
        for _ in 0..window {
            // SAFETY: blst doubles a live point in place.
            unsafe { blst::blst_p1_double(&mut acc, &acc) };
        }
        // SAFETY: blst adds two live points.
        unsafe { blst::blst_p1_add_or_double(&mut acc, &acc, w) };
    }
    Some(acc)
}

/// `k_i·points[i]` for affine points (blst's encoding, the identity being
/// all zeros) where `k_i` is given by its GLV halves (`k = k₁ + k₂·λ`),
/// eight products at a time; `None` where the CPU lacks the instructions.
pub(crate) fn scale_many(
    points: &[blst_p1_affine],
    halves: &[(u128, u128)],
) -> Option<Vec<blst_p1>> {
    if !available() {
        return None;
    }
    let n = points.len().min(halves.len());
    // SAFETY: the CPU has AVX-512F (checked above).
    let beta = unsafe { Fp8::splat_blst(&super::blst_glv::BETA) };
    let mut out = Vec::with_capacity(n.next_multiple_of(8));
    for start in (0..n).step_by(8) {
        let lanes = (n - start).min(8);
        let mut p = [blst_p1_affine::default(); 8];
        let (mut k1, mut k2) = ([0u128; 8], [0u128; 8]);
        for l in 0..lanes {
            p[l] = points[start + l];
            (k1[l], k2[l]) = halves[start + l];
        }
        // SAFETY: the CPU has AVX-512F and AVX-512 IFMA (checked above).
        out.extend(unsafe { scalar_mul::mul_glv(&p, &k1, &k2, &beta) });
    }
    out.truncate(n);
    Some(out)
}

/// Bit `l` set where `points[l]` (on the curve; the identity all zeros)
/// is in G1, or `None` where the CPU lacks the instructions.
pub(crate) fn in_g1(points: &[blst_p1_affine; 8]) -> Option<u8> {
    if !available() {
        return None;
    }
    // SAFETY: the CPU has AVX-512F and AVX-512 IFMA (checked above).
    Some(unsafe {
        let beta = Fp8::splat_blst(&super::blst_glv::BETA);
        subgroup::in_g1(points, &beta)
    })
}

/// blst's Montgomery form of eight plain integers below `r` (little-endian
/// words), or `None` where the CPU lacks the instructions.
pub(crate) fn fr_from_plain(plain: &[[u64; 4]; 8]) -> Option<[blst_fr; 8]> {
    if !available() {
        return None;
    }
    // SAFETY: the CPU has AVX-512F and AVX-512 IFMA (checked above).
    Some(unsafe { fr_batch::to_montgomery(plain) })
}

/// The barycentric pair sum of a polynomial in evaluation form over roots
/// that come in pairs `w, −w` (`evals[2k]` at `roots[2k]`, `evals[2k + 1]`
/// at `−roots[2k]`, `roots_sq[k] = roots[2k]²`), as eight lane fractions
/// (see [`fr_batch::pair_fractions`]: their sum times 256 is the pair sum);
/// `None` where the CPU lacks the instructions or the number of pairs is
/// not a positive multiple of 8 or the lengths disagree. `z²` must differ
/// from every `roots_sq[k]`.
pub(crate) fn pair_fractions(
    evals: &[blst_fr],
    roots: &[blst_fr],
    roots_sq: &[blst_fr],
    z: &blst_fr,
    z2: &blst_fr,
) -> Option<([blst_fr; 8], [blst_fr; 8])> {
    let pairs = roots_sq.len();
    if !available()
        || pairs == 0
        || !pairs.is_multiple_of(8)
        || evals.len() != 2 * pairs
        || roots.len() != 2 * pairs
    {
        return None;
    }
    // SAFETY: the CPU has AVX-512F and AVX-512 IFMA, and the lengths are
    // as the kernel requires (checked above).
    Some(unsafe { fr_batch::pair_fractions(evals, roots, roots_sq, z, z2) })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_fr;
#[cfg(test)]
mod tests_subgroup;
