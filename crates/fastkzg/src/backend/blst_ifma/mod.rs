//! AVX-512 IFMA kernels for the blst backend: eight independent base-field
//! multiplications per instruction stream, used for the bucket phase of
//! multi-scalar multiplication where it pays.
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
mod xyzz;

#[cfg(test)]
use fp::Fp8;

use blst::{blst_p1, blst_p1_affine};

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

#[cfg(test)]
mod tests;
