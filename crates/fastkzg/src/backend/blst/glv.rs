//! The GLV endomorphism of G1 in blst's representation (the scalar split
//! is generic: [`crate::backend::glv`]). blst does the split inside
//! `blst_p1_mult` but not in its MSM.

use blst::{blst_fp, blst_p1_affine};

/// The smallest MSM that gains from the split: half-length scalars halve
/// the windows, but the split doubles the points, which below this size
/// costs more than it saves (docs/performance-notes.md, "Small MSMs").
pub(super) const GLV_MIN_POINTS: usize = 16;

/// The cube root of unity β for which `φ(P) = (β·x, y) = λ·P` on G1, in
/// blst's Montgomery form (the same limbs as the IFMA kernels' constant).
pub(super) const BETA: blst_fp = blst_fp {
    l: fastkzg_ifma::BETA,
};

/// `φ(P) = (β·x, y)` for an affine point (the identity, all zeros, maps to
/// itself).
pub(super) fn endomorphism(p: &blst_p1_affine) -> blst_p1_affine {
    let mut out = *p;
    // SAFETY: multiplies two initialised field elements into `out.x`.
    unsafe { blst::blst_fp_mul(&mut out.x, &p.x, &BETA) };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::glv::LAMBDA;

    /// φ(G) equals λ·G computed by blst's scalar multiplication.
    #[test]
    fn endomorphism_is_lambda() {
        // SAFETY: reads blst's static generator; converts and multiplies
        // initialised points into locals.
        unsafe {
            let g = *blst::blst_p1_affine_generator();
            let phi = endomorphism(&g);
            let mut scalar = [0u8; 32];
            scalar[..8].copy_from_slice(&LAMBDA[0].to_le_bytes());
            scalar[8..16].copy_from_slice(&LAMBDA[1].to_le_bytes());
            let mut gp = blst::blst_p1::default();
            blst::blst_p1_from_affine(&mut gp, &g);
            let mut lg = blst::blst_p1::default();
            blst::blst_p1_mult(&mut lg, &gp, scalar.as_ptr(), 128);
            let mut lga = blst_p1_affine::default();
            blst::blst_p1_to_affine(&mut lga, &lg);
            assert_eq!(phi, lga);
        }
    }
}
