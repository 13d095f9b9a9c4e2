//! The one optional acceleration trait of a backend: its kernels.
//!
//! A backend provides arithmetic ([`super::Backend`]) and, optionally,
//! kernels that replace a generic algorithm where it has a faster one.
//! Every kernel method of [`Accel`] defaults to "no kernel" (`None`,
//! `false`), and the generic algorithms live above the backends, in
//! [`crate::msm`] and [`crate::math`]; the one MSM dispatcher,
//! [`crate::msm::dispatch`], asks for a kernel and otherwise runs the
//! generic code. So a backend without fast paths writes
//! `impl Accel<Self> for MyBackend {}`, and no backend calls the generic
//! algorithms. A kernel decides at run time (once, cached) whether it runs
//! on the CPU at hand, and must return exactly what the generic code
//! returns (the test matrix checks every backend against blst).

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

    /// `3·x` in the base field (the Jacobian doubling of
    /// [`crate::msm::jacobian`]): a backend may have a one-step form
    /// (blst's `blst_fp_mul_by_3`); the default adds.
    #[inline]
    fn fp_triple(x: &B::Fp) -> B::Fp {
        *x + *x + *x
    }

    /// `8·x` in the base field (see [`Accel::fp_triple`]; blst:
    /// `blst_fp_mul_by_8`); the default doubles three times.
    #[inline]
    fn fp_times_8(x: &B::Fp) -> B::Fp {
        let two = *x + *x;
        let four = two + two;
        four + four
    }

    /// A kernel for `s·p` in variable time (public inputs), or `None` for
    /// the generic GLV product ([`crate::msm::g1_mul_vartime`]). `p` is in
    /// G1.
    fn g1_mul_vartime_kernel(_p: &B::G1, _s: &B::Fr) -> Option<B::G1> {
        None
    }

    /// Whether the backend runs MSMs on kernels of its own now (decided at
    /// run time, e.g. by a SIMD unit the CPU has): then
    /// [`Accel::g1_msm_kernel`] and [`Accel::g1_msm_signed_digits_kernel`]
    /// answer, and the dispatcher ([`crate::msm::dispatch`]) plans for
    /// them. The default is `false`.
    fn msm_kernels() -> bool {
        false
    }

    /// A kernel for `Σ scalars[i]·points[i]` (variable base, one thread,
    /// both slices of the same length, points in G1), or `None` for the
    /// generic MSM ([`crate::msm::g1_msm`]).
    fn g1_msm_kernel(_points: &[B::G1Affine], _scalars: &[B::Fr]) -> Option<B::G1> {
        None
    }

    /// A kernel for `Σ d_i·points[i]` where every `digits[i]` is a signed
    /// `window`-bit digit in two's complement (`-2^(window-1) ≤ d_i <
    /// 2^(window-1)`, `2 ≤ window ≤ 16`, slices of the same length), or
    /// `None` for the generic bucket method
    /// ([`crate::msm::g1_msm_signed_digits`]).
    fn g1_msm_signed_digits_kernel(
        _points: &[B::G1Affine],
        _digits: &[u16],
        _window: usize,
    ) -> Option<B::G1> {
        None
    }

    /// A kernel for the linear combinations `out[j] = Σ_k (a_k + b_k·λ)·
    /// rows[k][j]` of [`crate::msm::fr_glv_lincomb`] (`halves[k] = (a_k,
    /// b_k)`; rows shorter than `out` read as zeros). Returns `false`
    /// (the default) where it has none and `out` is untouched.
    fn fr_glv_lincomb_kernel(
        _out: &mut [B::Fr],
        _halves: &[(u64, u64)],
        _rows: &[&[B::Fr]],
    ) -> bool {
        false
    }

    /// Prepares `p` for pairing products that always pair a G1 point with
    /// `p` and another with `partner` (the setup's `[τ]₂` with `[1]₂`):
    /// backends may precompute for the two together, so that
    /// [`super::Backend::pairings_verify`] on such two pairs is cheaper. The
    /// result is a prepared `p` in every other use as well. The default is
    /// [`super::Backend::g2_prepare`].
    fn g2_prepare_partnered(p: &B::G2, _partner: &B::G2Prepared) -> B::G2Prepared {
        B::g2_prepare(p)
    }

    /// Whether a G1 FFT collects its twiddle products into batched
    /// [`crate::msm::scale::g1_scale_many`] calls (a split-radix network, two calls per
    /// sub-transform size) instead of one product per butterfly (radix-2).
    /// The default, `true`, suits every backend with affine coordinates: the
    /// generic GLV products with one shared inversion beat one constant-time
    /// product per butterfly (docs/performance-notes.md, "G1 FFTs").
    fn g1_batched_scaling() -> bool {
        true
    }

    /// A kernel for independent products `ys[i] ← ws[i]·ys[i]` (slices of
    /// the same length, points in G1, no `ws[i] = ±z³`: those take the
    /// generic short chain first, [`crate::msm::scale`]). Returns `false`
    /// (the default) where it has none and `ys` is untouched.
    fn g1_scale_kernel(_ys: &mut [B::G1], _ws: &[B::Fr]) -> bool {
        false
    }

    /// How many products [`crate::msm::scale::g1_scale_many`] makes at a time: a
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
