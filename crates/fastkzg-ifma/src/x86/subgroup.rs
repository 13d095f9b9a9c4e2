//! The G1 subgroup check, eight points at a time.
//!
//! `φ(x, y) = (β·x, y)` acts on G1 as multiplication by `λ = x² − 1`, where
//! `x = −0xd201000000010000` is the BLS parameter (the backend's GLV tests
//! check `φ(G) = λ·G` for this `β`). Since `r = x⁴ − x² + 1`, the vector
//! `(1, x²)` is in the kernel of `(u, v) ↦ u + λ·v mod r`, so every
//! `P ∈ G1` satisfies `P + [x²]·φ(P) = O`; Scott (ePrint 2021/1130,
//! "A note on group membership tests for G1, G2 and GT on BLS
//! pairing-friendly curves") shows that on BLS12-381 no other point of
//! `E(Fp)` does. `[x²]` is two multiplications by `|x|` (64 bits, six of
//! them set): 126 doublings and 10 additions per point, the same work as
//! blst's own check, done here on eight lanes.

use core::arch::x86_64::*;

use crate::G1Affine;

use super::fp::Fp8;
use super::xyzz::Xyzz8;

/// `|x|` for the BLS parameter `x`.
const X_ABS: u64 = 0xd201_0000_0001_0000;

/// `[|x|]·p` for affine `p = (px, py)` (identity on the lanes of `inf`).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn times_abs_x_affine(px: &Fp8, py: &Fp8, inf: __mmask8) -> Xyzz8 {
    let mut acc = Xyzz8::from_affine(px, py);
    acc.inf = inf;
    for bit in (0..63).rev() {
        acc = acc.double();
        if X_ABS >> bit & 1 == 1 {
            acc.add_affine(px, py, !inf);
        }
    }
    acc
}

/// `[|x|]·p`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn times_abs_x(p: &Xyzz8) -> Xyzz8 {
    let mut acc = *p;
    for bit in (0..63).rev() {
        acc = acc.double();
        if X_ABS >> bit & 1 == 1 {
            acc = acc.add(p);
        }
    }
    acc
}

/// Bit `l` set where `points[l]` is in G1. The points must be on the
/// curve (the identity, all zeros, which is
/// in G1).
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) unsafe fn in_g1(points: &[G1Affine; 8], beta: &Fp8) -> u8 {
    let (x, y) = Fp8::gather_affine(points);
    let identity = x.is_zero_mask() & y.is_zero_mask();
    let q = times_abs_x(&times_abs_x_affine(&x.mul(beta), &y, identity));
    // q = −P: x·ZZ = X and −y·ZZZ = Y (q finite), or both the identity.
    let same_x = x.mul(&q.zz).sub(&q.x).is_zero_mask();
    let opposite_y = y.mul(&q.zzz).add(&q.y).is_zero_mask();
    (same_x & opposite_y & !q.inf & !identity) | (q.inf & identity)
}
