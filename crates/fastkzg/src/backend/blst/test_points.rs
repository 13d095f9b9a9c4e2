//! Point conversions and products for the blst backend's unit tests
//! ([`super::subgroup`], [`super::lanes`]).

use blst::{blst_p1, blst_p1_affine};

/// `k·p` for the little-endian scalar `le`, of which `bits` bits are read.
pub(super) fn mult(p: &blst_p1, le: &[u8], bits: usize) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: blst reads `bits` bits of the little-endian scalar `le`
    // (which holds at least that many) and an initialised point.
    unsafe { blst::blst_p1_mult(&mut out, p, le.as_ptr(), bits) };
    out
}

/// The affine form of a point.
pub(super) fn affine(p: &blst_p1) -> blst_p1_affine {
    let mut a = blst_p1_affine::default();
    // SAFETY: converts an initialised point into a local.
    unsafe { blst::blst_p1_to_affine(&mut a, p) };
    a
}

/// The Jacobian form of an affine point.
pub(super) fn jacobian(p: &blst_p1_affine) -> blst_p1 {
    let mut j = blst_p1::default();
    // SAFETY: converts an initialised point into a local.
    unsafe { blst::blst_p1_from_affine(&mut j, p) };
    j
}
