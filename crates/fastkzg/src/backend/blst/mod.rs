//! The blst backend (default): an adapter over the `blst` crate's C API.
//!
//! [`Blst`] implements [`Backend`] here, over the scalar field ([`Fr`], in
//! `fr.rs`), the base field ([`Fp`], `fp.rs`) and the points ([`G1`],
//! [`G2`], `group.rs`); its fast paths ([`Accel`](super::Accel)) are in
//! `accel.rs`. The other submodules hold what those need, one concept
//! each: the GLV endomorphism (`glv.rs`), linear combinations in GLV form
//! (`fr_lincomb.rs`), the pairing's Miller loop over stored lines
//! (`pairing.rs`) and its final exponentiation (`final_exp.rs`), the
//! subgroup check of many points (`subgroup.rs`, over the lock-step affine
//! arithmetic of `lanes.rs`) and the view of blst's types as the AVX-512
//! IFMA kernels' limbs (`ifma.rs`).
//!
//! Every `unsafe` block in this module is a call into blst's C functions on
//! pointers derived from live Rust references of the right type; each states
//! why the call is sound.

use alloc::vec;
use alloc::vec::Vec;
use blst::{blst_p1, blst_p1_affine, blst_p2, blst_p2_affine, BLST_ERROR};

use self::pairing::{pairing_product_is_one, LinePair, Lines};
use super::{Backend, BaseField, Module, PointError};

mod accel;
mod final_exp;
mod fp;
mod fr;
mod fr_lincomb;
mod glv;
mod group;
mod ifma;
mod lanes;
mod limbs;
mod pairing;
mod subgroup;
#[cfg(test)]
mod test_points;

pub use self::fp::Fp;
pub use self::fr::Fr;
pub use self::group::{G1, G2};

/// The blst backend marker type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Blst;

/// A G2 point's 68 precomputed Miller-loop lines (`blst_precompute_lines`,
/// each divided by its third coefficient, an Fp2 factor that the final
/// exponentiation removes); `None` for the identity, whose pairings are
/// all 1.
pub struct G2Lines(Option<Lines>);

fn map_err(e: BLST_ERROR) -> Result<(), PointError> {
    match e {
        BLST_ERROR::BLST_SUCCESS => Ok(()),
        BLST_ERROR::BLST_POINT_NOT_ON_CURVE => Err(PointError::NotOnCurve),
        BLST_ERROR::BLST_POINT_NOT_IN_GROUP => Err(PointError::NotInSubgroup),
        _ => Err(PointError::InvalidEncoding),
    }
}

/// Decodes a compressed point and checks the curve equation (not the
/// subgroup).
fn g1_uncompress(bytes: &[u8; 48]) -> Result<blst_p1_affine, PointError> {
    let mut a = blst_p1_affine::default();
    // SAFETY: blst reads 48 bytes (the compression flag is checked by
    // blst, so it never reads the 96-byte form from this array).
    map_err(unsafe { blst::blst_p1_uncompress(&mut a, bytes.as_ptr()) })?;
    Ok(a)
}

fn p2_to_affine(p: &G2) -> blst_p2_affine {
    let mut a = blst_p2_affine::default();
    // SAFETY: reads one initialised point, writes `a`.
    unsafe { blst::blst_p2_to_affine(&mut a, &p.0) };
    a
}

fn p2_from_affine(a: &blst_p2_affine) -> G2 {
    let mut p = blst_p2::default();
    // SAFETY: reads one initialised affine point, writes `p`.
    unsafe { blst::blst_p2_from_affine(&mut p, a) };
    G2(p)
}

/// The affine form of a point with Z = 1 (made from affine coordinates),
/// which needs no inversion; blst's conversion would still invert Z.
fn affine_if_z_is_one(p: &G1) -> Option<blst_p1_affine> {
    (p.0.z == <Fp as BaseField>::one().0).then_some(blst_p1_affine { x: p.0.x, y: p.0.y })
}

/// A `*const` pointer list in blst's "contiguous array" convention: the first
/// element followed by NULL.
fn contiguous<T>(first: *const T) -> [*const T; 2] {
    [first, core::ptr::null()]
}

impl Backend for Blst {
    const NAME: &'static str = "blst";
    type Fr = Fr;
    type Fp = Fp;
    type G1 = G1;
    type G1Affine = blst_p1_affine;
    type G2 = G2;
    type G2Prepared = G2Lines;

    fn g1_to_affine(p: &G1) -> blst_p1_affine {
        if let Some(a) = affine_if_z_is_one(p) {
            return a;
        }
        let mut a = blst_p1_affine::default();
        // SAFETY: reads one initialised point, writes `a`.
        unsafe { blst::blst_p1_to_affine(&mut a, &p.0) };
        a
    }

    fn g1_from_affine(a: &blst_p1_affine) -> G1 {
        let mut p = blst_p1::default();
        // SAFETY: reads one initialised affine point, writes `p`.
        unsafe { blst::blst_p1_from_affine(&mut p, a) };
        G1(p)
    }

    fn g1_batch_to_affine(points: &[G1]) -> Vec<blst_p1_affine> {
        // Points with Z = 1 need no inversion; the others share one.
        if points.iter().any(|p| affine_if_z_is_one(p).is_some()) {
            let others: Vec<G1> = points
                .iter()
                .filter(|p| affine_if_z_is_one(p).is_none())
                .copied()
                .collect();
            let mut normalised = Blst::g1_batch_to_affine(&others).into_iter();
            return points
                .iter()
                .map(|p| {
                    affine_if_z_is_one(p).unwrap_or_else(|| normalised.next().unwrap_or_default())
                })
                .collect();
        }
        let mut out = vec![blst_p1_affine::default(); points.len()];
        if points.is_empty() {
            return out;
        }
        let ptrs = contiguous(points.as_ptr() as *const blst_p1);
        // SAFETY: `G1` is `repr(transparent)` over `blst_p1`, so the slice is
        // a contiguous `blst_p1` array of `points.len()` elements; `out` has
        // room for exactly that many affine points.
        unsafe { blst::blst_p1s_to_affine(out.as_mut_ptr(), ptrs.as_ptr(), points.len()) };
        out
    }

    /// blst stores the point at infinity as `(0, 0)`, which is not on the
    /// curve (`0 ≠ 4`).
    fn g1_affine_xy(p: &blst_p1_affine) -> Option<(Fp, Fp)> {
        let (x, y) = (Fp(p.x), Fp(p.y));
        if x.is_zero() && y.is_zero() {
            None
        } else {
            Some((x, y))
        }
    }

    fn g1_affine_from_xy(x: Fp, y: Fp) -> blst_p1_affine {
        blst_p1_affine { x: x.0, y: y.0 }
    }

    fn g1_glv_beta() -> Fp {
        Fp(glv::BETA)
    }

    fn g1_add_affine(p: &G1, q: &blst_p1_affine) -> G1 {
        let mut out = blst_p1::default();
        // SAFETY: blst reads an initialised projective and affine point
        // (handling infinity and equal points) and writes `out`.
        unsafe { blst::blst_p1_add_or_double_affine(&mut out, &p.0, q) };
        G1(out)
    }

    fn g1_compress(p: &G1) -> [u8; 48] {
        let mut out = [0u8; 48];
        // SAFETY: blst writes 48 bytes into `out`.
        unsafe { blst::blst_p1_compress(out.as_mut_ptr(), &p.0) };
        out
    }

    fn g1_decompress(bytes: &[u8; 48]) -> Result<blst_p1_affine, PointError> {
        let a = g1_uncompress(bytes)?;
        // SAFETY: reads an initialised affine point.
        if !unsafe { blst::blst_p1_affine_in_g1(&a) } {
            return Err(PointError::NotInSubgroup);
        }
        Ok(a)
    }

    fn g1_serialize(p: &blst_p1_affine) -> [u8; 96] {
        let mut out = [0u8; 96];
        // SAFETY: blst writes 96 bytes into `out`.
        unsafe { blst::blst_p1_affine_serialize(out.as_mut_ptr(), p) };
        out
    }

    fn g1_deserialize_unchecked_subgroup(bytes: &[u8; 96]) -> Result<blst_p1_affine, PointError> {
        if bytes[0] & 0x80 != 0 {
            return Err(PointError::InvalidEncoding);
        }
        let mut a = blst_p1_affine::default();
        // SAFETY: the compression flag is clear, so blst reads the 96-byte
        // uncompressed form, which `bytes` holds.
        map_err(unsafe { blst::blst_p1_deserialize(&mut a, bytes.as_ptr()) })?;
        Ok(a)
    }

    fn g2_compress(p: &G2) -> [u8; 96] {
        let mut out = [0u8; 96];
        // SAFETY: blst writes 96 bytes into `out`.
        unsafe { blst::blst_p2_compress(out.as_mut_ptr(), &p.0) };
        out
    }

    fn g2_decompress(bytes: &[u8; 96]) -> Result<G2, PointError> {
        let mut a = blst_p2_affine::default();
        // SAFETY: blst reads 96 bytes of a compressed G2 point.
        map_err(unsafe { blst::blst_p2_uncompress(&mut a, bytes.as_ptr()) })?;
        // SAFETY: reads an initialised affine point.
        if !unsafe { blst::blst_p2_affine_in_g2(&a) } {
            return Err(PointError::NotInSubgroup);
        }
        Ok(p2_from_affine(&a))
    }

    fn g2_serialize(p: &G2) -> [u8; 192] {
        let mut out = [0u8; 192];
        // SAFETY: blst writes 192 bytes into `out`.
        unsafe { blst::blst_p2_serialize(out.as_mut_ptr(), &p.0) };
        out
    }

    fn g2_deserialize_unchecked_subgroup(bytes: &[u8; 192]) -> Result<G2, PointError> {
        if bytes[0] & 0x80 != 0 {
            return Err(PointError::InvalidEncoding);
        }
        let mut a = blst_p2_affine::default();
        // SAFETY: the compression flag is clear, so blst reads 192 bytes.
        map_err(unsafe { blst::blst_p2_deserialize(&mut a, bytes.as_ptr()) })?;
        Ok(p2_from_affine(&a))
    }

    fn g2_prepared_heap_bytes(p: &G2Lines) -> usize {
        p.0.as_ref().map_or(0, Lines::heap_bytes)
    }

    fn g2_prepare(p: &G2) -> G2Lines {
        if p.is_zero() {
            return G2Lines(None);
        }
        G2Lines(Some(Lines::new(&p2_to_affine(p))))
    }

    fn pairings_verify(pairs: &[(G1, &G2Lines)]) -> bool {
        // Pairs with an identity on either side contribute 1.
        let live: Vec<(&G1, &Lines)> = pairs
            .iter()
            .filter(|(p, _)| !p.is_zero())
            .filter_map(|(p, lines)| lines.0.as_ref().map(|l| (p, l)))
            .collect();
        let points: Vec<G1> = live.iter().map(|(p, _)| **p).collect();
        let affine = Blst::g1_batch_to_affine(&points);
        let line_pairs: Vec<LinePair> = affine
            .into_iter()
            .zip(&live)
            .map(|(p, (_, lines))| LinePair { p, lines })
            .collect();
        pairing_product_is_one(&line_pairs)
    }
}
