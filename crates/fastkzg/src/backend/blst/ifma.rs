//! The blst side of the AVX-512 IFMA engine ([`fastkzg_ifma`]): blst's
//! field and point types viewed as the engine's Montgomery limbs (the same
//! layout, so the large point tables of the MSMs are passed without a
//! copy), and blst's group law for the engine's lane joins.

use blst::{blst_fp, blst_fr, blst_p1, blst_p1_affine};
use fastkzg_ifma::{G1Affine, G1Jacobian, G1Ops};

use super::Fr;

// blst's types are `repr(C)` structs of 64-bit words in the order of the
// engine's `repr(C)` types; the views below rely on equal sizes and
// alignments, checked here at compile time.
const _: () = {
    use core::mem::{align_of, size_of};
    assert!(size_of::<blst_p1_affine>() == size_of::<G1Affine>());
    assert!(align_of::<blst_p1_affine>() == align_of::<G1Affine>());
    assert!(size_of::<blst_p1>() == size_of::<G1Jacobian>());
    assert!(align_of::<blst_p1>() == align_of::<G1Jacobian>());
    assert!(size_of::<blst_fp>() == size_of::<fastkzg_ifma::Fp>());
    assert!(size_of::<Fr>() == size_of::<fastkzg_ifma::Fr>());
    assert!(align_of::<Fr>() == align_of::<fastkzg_ifma::Fr>());
};

/// blst affine points as the engine's (the identity is all zeros in both).
pub(super) fn affine_limbs(points: &[blst_p1_affine]) -> &[G1Affine] {
    // SAFETY: `blst_p1_affine` is `repr(C)` of two `blst_fp` (`repr(C)`,
    // six u64) and `G1Affine` is `repr(C)` of two `[u64; 6]`: the same
    // size, alignment and field offsets (asserted above), every bit
    // pattern valid for both. The borrow is carried over.
    unsafe { core::slice::from_raw_parts(points.as_ptr().cast::<G1Affine>(), points.len()) }
}

/// blst scalars ([`Fr`], Montgomery form) as the engine's words.
pub(super) fn fr_words(v: &[Fr]) -> &[fastkzg_ifma::Fr] {
    // SAFETY: `Fr` is `repr(transparent)` over `blst_fr`, `repr(C)` of
    // `[u64; 4]`: the layout of `[u64; 4]` (asserted above), every bit
    // pattern valid. The borrow is carried over.
    unsafe { core::slice::from_raw_parts(v.as_ptr().cast::<fastkzg_ifma::Fr>(), v.len()) }
}

/// An engine scalar as blst's.
pub(super) fn fr_from_words(l: &fastkzg_ifma::Fr) -> Fr {
    Fr(blst_fr { l: *l })
}

/// An engine point as blst's (the identity, all zeros, is blst's too).
pub(super) fn p1_from_jacobian(p: &G1Jacobian) -> blst_p1 {
    blst_p1 {
        x: blst_fp { l: p.x },
        y: blst_fp { l: p.y },
        z: blst_fp { l: p.z },
    }
}

/// An engine point viewed as blst's, without a copy.
fn as_p1(p: &G1Jacobian) -> *const blst_p1 {
    // `G1Jacobian` is `repr(C)` of three `[u64; 6]`, `blst_p1` `repr(C)` of
    // three `blst_fp` (`repr(C)`, six u64): the same layout (asserted
    // above), so blst may read one as the other.
    (p as *const G1Jacobian).cast::<blst_p1>()
}

/// blst's group law for the engine's joins (points read and written in
/// place: the joins run a few dozen of these per MSM).
pub(super) struct BlstG1;

impl G1Ops for BlstG1 {
    fn add(&self, a: &G1Jacobian, b: &G1Jacobian) -> G1Jacobian {
        let mut out = G1Jacobian::default();
        // SAFETY: blst reads two live points and writes one, each a
        // `G1Jacobian` with the layout of `blst_p1` (see `as_p1`).
        unsafe {
            blst::blst_p1_add_or_double(
                (&mut out as *mut G1Jacobian).cast::<blst_p1>(),
                as_p1(a),
                as_p1(b),
            )
        };
        out
    }

    fn double(&self, a: &G1Jacobian) -> G1Jacobian {
        let mut out = G1Jacobian::default();
        // SAFETY: as in `add`.
        unsafe { blst::blst_p1_double((&mut out as *mut G1Jacobian).cast::<blst_p1>(), as_p1(a)) };
        out
    }
}

#[cfg(test)]
#[path = "ifma_tests.rs"]
mod tests;
