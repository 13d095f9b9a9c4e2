//! The one optional acceleration trait of a backend.
//!
//! Every method of [`Accel`] has the generic implementation from
//! [`crate::msm`] or [`crate::math`] as its default, so a backend without
//! fast paths of its own writes `impl Accel<Self> for MyBackend {}` and
//! runs the generic code. A backend that overrides a method must return
//! exactly what the default returns (the test matrix checks every backend
//! against blst); it decides at run time (once, cached) whether its own
//! code wins on the CPU it runs on, and otherwise calls the default's
//! generic function itself.

use super::{Backend, PointError, Scalar};
use alloc::vec::Vec;

/// Optional fast paths of a backend `B` (implemented by `B` itself:
/// `impl Accel<Self> for B`). The generic core calls these methods, never
/// the generic functions behind the defaults directly.
pub trait Accel<B: Backend> {
    /// Spec `bytes_to_bls_field` for consecutive 32-byte big-endian
    /// integers (a trailing partial chunk is ignored); `Err(i)` names the
    /// first that is not `< r`.
    fn fr_from_bytes_be_many(bytes: &[u8]) -> Result<Vec<B::Fr>, usize> {
        fr_from_bytes_be_each::<B>(bytes)
    }

    /// [`Accel::fr_from_bytes_be_many`] with every element multiplied by
    /// the same backend constant `1/c` (the same on every call, so results
    /// of separate calls combine), returned with `c`: the cheapest form
    /// a backend can produce (blst and arkworks: the integer taken as its
    /// Montgomery representation, skipping the conversion). A computation
    /// that is linear in the elements multiplies its result by `c` once.
    /// `Err(i)` names the first element that is not `< r`. The default is
    /// the plain conversion with `c = 1`.
    fn fr_from_bytes_be_many_scaled(bytes: &[u8]) -> Result<(Vec<B::Fr>, B::Fr), usize> {
        Ok((B::fr_from_bytes_be_many(bytes)?, B::Fr::one()))
    }

    /// The elements of a computation that is linear in them and ends in
    /// [`Accel::fr_to_bytes_be_raw`]: each 32-byte big-endian integer `v`
    /// comes back as `v/c` for a backend constant `c` that
    /// [`Accel::fr_to_bytes_be_raw`] multiplies back, so bytes in, a linear
    /// map over Fr, and bytes out give the map of the values with no
    /// conversion at either end (blst and arkworks: the integers are read
    /// and written as Montgomery representations). `Err(i)` names the first
    /// that is not `< r`. The default is the plain conversion (`c = 1`).
    fn fr_from_bytes_be_many_raw(bytes: &[u8]) -> Result<Vec<B::Fr>, usize> {
        B::fr_from_bytes_be_many(bytes)
    }

    /// The canonical 32-byte big-endian encoding of `x·c`, for the constant
    /// `c` of [`Accel::fr_from_bytes_be_many_raw`]. The default encodes `x`.
    fn fr_to_bytes_be_raw(x: &B::Fr) -> [u8; 32] {
        x.to_bytes_be()
    }

    /// The barycentric sum of a polynomial in evaluation form over roots
    /// that come in opposite pairs, as one fraction `(num, den)`:
    /// `num/den = Σ_k w_k·(z·(a_k − b_k) + w_k·(a_k + b_k)) / (z² − w_k²)`
    /// with `a_k = evals[2k]` (at `w_k = roots[2k]`), `b_k = evals[2k + 1]`
    /// (at `roots[2k + 1] = −w_k`) and `roots_sq[k] = w_k²`. This is
    /// `Σ_i evals[i]·roots[i]/(z − roots[i])`, each pair's two terms joined
    /// over `z² − w_k²`. `z` must not be a root.
    ///
    /// Only for backends with a vector kernel that evaluates many pairs at
    /// once; `None` (the default) means the caller uses the generic fold of
    /// [`crate::math::fold_eval`], which needs fewer multiplications.
    fn blob_pair_fraction_sum(
        _evals: &[B::Fr],
        _roots: &[B::Fr],
        _roots_sq: &[B::Fr],
        _z: &B::Fr,
    ) -> Option<(B::Fr, B::Fr)> {
        None
    }

    /// Decodes many compressed points, each as [`Backend::g1_decompress`]
    /// (a backend may check the subgroup membership of many at once).
    fn g1_decompress_many(bytes: &[[u8; 48]]) -> Vec<Result<B::G1Affine, PointError>> {
        bytes.iter().map(B::g1_decompress).collect()
    }

    /// How many points [`Accel::g1_decompress_many`] checks at a time: a
    /// caller that splits a batch among threads gives each task a multiple
    /// of it. The default, 1, suits one check per point.
    fn g1_decompress_lanes() -> usize {
        1
    }

    /// Decodes a compressed point as [`Backend::g1_decompress`] and, where
    /// the backend's subgroup check computes it on the way, also returns
    /// `[|z|]·φ(P)` (affine; z the BLS parameter, `φ(x, y) = (β·x, y)` with
    /// β = [`Backend::g1_glv_beta`]; `None` for the point at infinity),
    /// with which [`crate::msm::z_adic`] multiplies P by a scalar over half
    /// the doublings. The default returns `None` beside the point.
    fn g1_decompress_with_z_multiple(
        bytes: &[u8; 48],
    ) -> Result<(B::G1Affine, Option<B::G1Affine>), PointError> {
        Ok((B::g1_decompress(bytes)?, None))
    }

    /// The point with Jacobian coordinates `(x, y, z)` (affine `x/z²,
    /// y/z³`; `z = 0` is the identity) without an inversion, where the
    /// backend stores its points that way; `None` (the default) makes the
    /// caller normalise with one.
    fn g1_from_jacobian(_x: &B::Fp, _y: &B::Fp, _z: &B::Fp) -> Option<B::G1> {
        None
    }

    /// `s·p` in variable time, for public inputs (verification). `p` must
    /// be in G1. The default splits `s` by GLV into two 128-bit NAF terms on
    /// one doubling chain ([`crate::msm::jacobian::g1_mul_glv`]).
    fn g1_mul_vartime(p: &B::G1, s: &B::Fr) -> B::G1 {
        crate::msm::jacobian::g1_mul_glv::<B>(p, s)
    }

    /// `Σ scalars[i]·points[i]` (variable base, one thread). Points must be
    /// in G1. Extra entries of the longer slice are ignored. The default is
    /// the generic batch-affine bucket method with GLV
    /// ([`crate::msm::g1_msm_generic`]).
    fn g1_msm(points: &[B::G1Affine], scalars: &[B::Fr]) -> B::G1 {
        crate::msm::g1_msm_generic::<B>(points, scalars)
    }

    /// Whether [`Accel::g1_msm`] and [`Accel::g1_msm_signed_digits`] run
    /// the backend's own MSM (decided at run time, e.g. by a SIMD kernel the
    /// CPU has). When `false`, the generic code runs several MSMs in lock
    /// step where it can (one batch-affine pass instead of one per MSM).
    fn msm_accelerated() -> bool {
        false
    }

    /// `Σ d_i·points[i]` where every `digits[i]` is a signed `window`-bit
    /// digit in two's complement (`-2^(window-1) ≤ d_i < 2^(window-1)`), as
    /// produced by the fixed-base MSM in [`crate::msm`]. `2 ≤ window ≤ 16`
    /// (other windows give the identity). The default is the generic
    /// batch-affine bucket method.
    fn g1_msm_signed_digits(points: &[B::G1Affine], digits: &[u16], window: usize) -> B::G1 {
        crate::msm::batch_affine::signed_digit_sum::<B>(points, digits, window)
    }

    /// Whether a G1 FFT collects its twiddle products into batched
    /// [`Accel::g1_scale_many`] calls (a split-radix network, two calls per
    /// sub-transform size) instead of one product per butterfly (radix-2).
    /// The default, `true`, suits every backend with affine coordinates: the
    /// generic GLV products with one shared inversion beat one constant-time
    /// product per butterfly (docs/performance-notes.md, "G1 FFTs").
    fn g1_batched_scaling() -> bool {
        true
    }

    /// `ys[i] ← ws[i]·ys[i]` for independent products (extra entries of the
    /// longer slice are ignored). The points must be in G1. The default is
    /// the generic GLV products of [`crate::msm::scale`].
    fn g1_scale_many(ys: &mut [B::G1], ws: &[B::Fr]) {
        crate::msm::scale::g1_scale_many::<B>(ys, ws)
    }

    /// How many products [`Accel::g1_scale_many`] makes at a time: a
    /// parallel FFT stage gives each thread a multiple of it. The default,
    /// 1, suits the generic products (one at a time, one shared inversion),
    /// so a stage's few dozen products reach every thread of a large pool
    /// (with shares of eight, a stage of 30 to 62 products keeps only 4 to 8
    /// of 16 threads busy; docs/performance-notes.md, "G1 FFTs").
    fn g1_scale_lanes() -> usize {
        1
    }
}

/// [`Accel::fr_from_bytes_be_many`] one element at a time: the default, and
/// the fallback of backends that override it.
pub(crate) fn fr_from_bytes_be_each<B: Backend>(bytes: &[u8]) -> Result<Vec<B::Fr>, usize> {
    bytes
        .chunks_exact(32)
        .enumerate()
        .map(|(i, chunk)| {
            let mut b = [0u8; 32];
            b.copy_from_slice(chunk);
            B::Fr::from_bytes_be(&b).ok_or(i)
        })
        .collect()
}
