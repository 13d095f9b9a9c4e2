//! MSMs over fixed bases with precomputed shifted layers `2^(32j)·Pᵢ`:
//! each GLV half cut into 32-bit pieces, one per layer, for short digits.

use super::many::{endomorphism, small_scalar_msms};
use crate::backend::{Backend, Group};
use alloc::vec::Vec;

/// One MSM of [`g1_msm_many_shifted`]: its bases `Pᵢ`, their shifted
/// layers (from [`shifted_layers`]: layer `j − 1` holds `2^(32j)·Pᵢ`) and the
/// scalars.
pub type ShiftedInput<'a, B> = (
    &'a [<B as Backend>::G1Affine],
    &'a [Vec<<B as Backend>::G1Affine>],
    &'a [<B as Backend>::Fr],
);

/// The shift between consecutive layers of [`g1_msm_many_shifted`]: layer
/// `j` holds `2^(32j)·Pᵢ`.
pub const SHIFT_BITS: usize = 32;
/// Layers per base in [`g1_msm_many_shifted`], layer 0 included.
pub const SHIFT_LAYERS: usize = 128 / SHIFT_BITS;

/// The shifted layers `2^(32j)·Pᵢ` (`j = 1, 2, 3`) of `bases`, for
/// [`g1_msm_many_shifted`].
pub fn shifted_layers<B: Backend>(bases: &[B::G1Affine]) -> Vec<Vec<B::G1Affine>> {
    let mut acc: Vec<B::G1> = bases.iter().map(B::g1_from_affine).collect();
    (1..SHIFT_LAYERS)
        .map(|_| {
            for p in acc.iter_mut() {
                for _ in 0..SHIFT_BITS {
                    *p = p.double();
                }
            }
            B::g1_batch_to_affine(&acc)
        })
        .collect()
}

/// [`g1_msm_many`](super::g1_msm_many) for fixed bases with precomputed
/// shifted layers (from [`shifted_layers`]): each GLV half is cut into four
/// 32-bit pieces, one per layer, so an MSM over `n` bases becomes a bucket
/// MSM over `8n` points with 34-bit digits (two bits of room for the
/// recoding's carry): for 64 bases 5 windows of 512
/// points (about 3.2 k additions and 35 doublings) against 26 windows of
/// 128 (about 4.2 k additions and 130 doublings) without the layers.
pub fn g1_msm_many_shifted<B: Backend>(msms: &[ShiftedInput<'_, B>]) -> Vec<B::G1> {
    let beta = B::g1_glv_beta();
    let split = msms
        .iter()
        .map(|(bases, shifted, scalars)| {
            let layers: Vec<&[B::G1Affine]> = core::iter::once(*bases)
                .chain(shifted.iter().map(|l| &l[..]))
                .collect();
            let n = layers
                .iter()
                .map(|l| l.len())
                .min()
                .unwrap_or(0)
                .min(scalars.len());
            let halves: Vec<(u128, u128)> = scalars[..n]
                .iter()
                .map(crate::backend::glv::split)
                .collect();
            let mut all = Vec::with_capacity(2 * SHIFT_LAYERS * n);
            let mut ints = Vec::with_capacity(2 * SHIFT_LAYERS * n);
            let piece = |k: u128, j: usize| (k >> (SHIFT_BITS * j)) & ((1u128 << SHIFT_BITS) - 1);
            for (j, layer) in layers.iter().take(SHIFT_LAYERS).enumerate() {
                all.extend_from_slice(&layer[..n]);
                ints.extend(halves.iter().map(|h| piece(h.0, j)));
                all.extend(layer[..n].iter().map(|p| endomorphism::<B>(p, beta)));
                ints.extend(halves.iter().map(|h| piece(h.1, j)));
            }
            (all, ints)
        })
        .collect();
    small_scalar_msms::<B>(split, SHIFT_BITS + 2, 1)
}
