//! The blst backend (default): an adapter over the `blst` crate's C API.
//!
//! Every `unsafe` block in this file is a call into blst's C functions on
//! pointers derived from live Rust references of the right type; each states
//! why the call is sound.

use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use blst::{
    blst_fr, blst_p1, blst_p1_affine, blst_p2, blst_p2_affine, blst_scalar, limb_t, BLST_ERROR,
};

use super::accel::fr_from_bytes_be_each;
pub use super::blst_fp::Fp;
use super::blst_glv::{endomorphism, GLV_MIN_POINTS};
use super::blst_ifma::{affine_limbs, fr_from_words, fr_words, p1_from_jacobian, BlstG1};
use super::blst_pairing::{pairing_product_is_one, LinePair, Lines};
use super::limbs::{add_mod, neg_mod, read_fresh, sub_mod, sub_with_borrow};
use super::{Accel, Backend, BaseField, Group, Module, PointError, Scalar};
use crate::constants::BLS_MODULUS_LIMBS;
use crate::msm::glv::split_scalar;

/// The blst backend marker type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Blst;

/// An element of Fr in blst's Montgomery form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Fr(pub blst_fr);

/// A G1 point in Jacobian coordinates.
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct G1(pub blst_p1);

/// A G2 point in Jacobian coordinates.
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct G2(pub blst_p2);

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

/// Below this many digits the eight-lane bucket method is not worth its
/// set-up, and the generic bucket method runs.
const IFMA_MIN_DIGITS: usize = 64;

/// From this many points on, the subgroup checks of
/// [`Accel::g1_decompress_many`] run on eight lanes (one lane set costs
/// about as much as two or three of blst's one-point checks).
const IFMA_MIN_SUBGROUP: usize = 3;

/// Eight, the IFMA kernels' lanes, where the CPU runs them; else one.
fn ifma_lanes() -> usize {
    if Blst::msm_accelerated() {
        8
    } else {
        1
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

/// Decodes compressed points, checking the curve equation, then the
/// subgroup of those on the curve with `in_g1` (one answer per point).
fn g1_decompress_checked(
    bytes: &[[u8; 48]],
    in_g1: impl FnOnce(&[blst_p1_affine]) -> Vec<bool>,
) -> Vec<Result<blst_p1_affine, PointError>> {
    let mut out: Vec<_> = bytes.iter().map(g1_uncompress).collect();
    let on_curve: Vec<usize> = (0..out.len()).filter(|i| out[*i].is_ok()).collect();
    let points: Vec<blst_p1_affine> = out.iter().filter_map(|p| p.ok()).collect();
    for (i, member) in on_curve.iter().zip(in_g1(&points)) {
        if !member {
            out[*i] = Err(PointError::NotInSubgroup);
        }
    }
    out
}

// ---------------------------------------------------------------- Fr

/// Little-endian u64 limbs of a 32-byte big-endian integer.
fn limbs_from_be(bytes: &[u8; 32]) -> [u64; 4] {
    let mut limbs = [0u64; 4];
    for (i, chunk) in bytes.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        limbs[3 - i] = u64::from_be_bytes(b);
    }
    limbs
}

/// Whether little-endian limbs are below the scalar-field modulus r.
fn less_than_modulus(limbs: &[u64; 4]) -> bool {
    for (a, m) in limbs.iter().zip(BLS_MODULUS_LIMBS.iter()).rev() {
        if a != m {
            return a < m;
        }
    }
    false
}

impl Fr {
    /// The canonical integer (not Montgomery form), little-endian limbs.
    fn canonical_limbs(&self) -> [u64; 4] {
        let mut limbs = [0u64; 4];
        // SAFETY: blst writes four limbs into `limbs` from a live value.
        unsafe { blst::blst_uint64_from_fr(limbs.as_mut_ptr(), &self.0) };
        limbs
    }

    fn scalar(&self) -> blst_scalar {
        let mut s = blst_scalar::default();
        // SAFETY: both pointers come from live, properly typed values.
        unsafe { blst::blst_scalar_from_fr(&mut s, &self.0) };
        s
    }
}

// Addition, subtraction and negation are inlined limb arithmetic
// ([`super::limbs`]); products call blst and read the result back a limb at
// a time.
impl Add for Fr {
    type Output = Fr;
    #[inline]
    fn add(self, rhs: Fr) -> Fr {
        Fr(blst_fr {
            l: add_mod(&self.0.l, &rhs.0.l, &BLS_MODULUS_LIMBS),
        })
    }
}
impl Sub for Fr {
    type Output = Fr;
    #[inline]
    fn sub(self, rhs: Fr) -> Fr {
        Fr(blst_fr {
            l: sub_mod(&self.0.l, &rhs.0.l, &BLS_MODULUS_LIMBS),
        })
    }
}
impl Mul for Fr {
    type Output = Fr;
    #[inline]
    fn mul(self, rhs: Fr) -> Fr {
        let mut out = blst_fr::default();
        // SAFETY: blst reads two initialised field elements and writes `out`.
        unsafe { blst::blst_fr_mul(&mut out, &self.0, &rhs.0) };
        Fr(blst_fr {
            l: read_fresh(&out.l),
        })
    }
}
impl<'a> Mul<&'a Fr> for Fr {
    type Output = Fr;
    fn mul(self, rhs: &'a Fr) -> Fr {
        self * *rhs
    }
}
impl Neg for Fr {
    type Output = Fr;
    #[inline]
    fn neg(self) -> Fr {
        Fr(blst_fr {
            l: neg_mod(&self.0.l, &BLS_MODULUS_LIMBS),
        })
    }
}
impl AddAssign for Fr {
    #[inline]
    fn add_assign(&mut self, rhs: Fr) {
        *self = *self + rhs;
    }
}
impl SubAssign for Fr {
    #[inline]
    fn sub_assign(&mut self, rhs: Fr) {
        *self = *self - rhs;
    }
}
// Multiplication in place lets blst write the result where it stays.
impl MulAssign for Fr {
    #[inline]
    fn mul_assign(&mut self, rhs: Fr) {
        let a: *mut blst_fr = &mut self.0;
        // SAFETY: `a` points to an initialised element that blst reads and
        // then overwrites; aliasing output and input is supported by blst.
        unsafe { blst::blst_fr_mul(a, a, &rhs.0) };
    }
}

impl Module<Fr> for Fr {
    fn zero() -> Self {
        Fr(blst_fr::default())
    }
    fn is_zero(&self) -> bool {
        self.0.l == [0; 4]
    }

    #[inline]
    fn butterfly(x: &mut Fr, y: &mut Fr, w: &Fr) {
        let mut t = blst_fr::default();
        let (x, y): (*mut blst_fr, *mut blst_fr) = (&mut x.0, &mut y.0);
        // SAFETY: `x` and `y` point to distinct initialised elements (two
        // `&mut` borrows); `t` is a local. blst reads its inputs before it
        // writes the output, so `ret` may alias an input. (In place, blst's
        // own additions beat the inlined ones, which copy.)
        unsafe {
            blst::blst_fr_mul(&mut t, y, &w.0);
            blst::blst_fr_sub(y, x, &t);
            blst::blst_fr_add(x, x, &t);
        }
    }

    #[inline]
    fn butterfly_dif(x: &mut Fr, y: &mut Fr, w: &Fr) {
        let mut t = blst_fr::default();
        let (x, y): (*mut blst_fr, *mut blst_fr) = (&mut x.0, &mut y.0);
        // SAFETY: as in `butterfly`.
        unsafe {
            blst::blst_fr_sub(&mut t, x, y);
            blst::blst_fr_add(x, x, y);
            blst::blst_fr_mul(y, &t, &w.0);
        }
    }

    #[inline]
    fn butterfly_unit(x: &mut Fr, y: &mut Fr) {
        let mut t = blst_fr::default();
        let (x, y): (*mut blst_fr, *mut blst_fr) = (&mut x.0, &mut y.0);
        // SAFETY: as in `butterfly`.
        unsafe {
            blst::blst_fr_sub(&mut t, x, y);
            blst::blst_fr_add(x, x, y);
            *y = t;
        }
    }
}

impl Scalar for Fr {
    fn glv_lincomb(out: &mut [Self], halves: &[(u64, u64)], rows: &[&[Self]]) {
        super::blst_fr_lincomb::glv_lincomb(out, halves, rows);
    }
    fn one() -> Self {
        Self::from_u64(1)
    }
    fn from_u64(v: u64) -> Self {
        let limbs = [v, 0, 0, 0];
        let mut out = blst_fr::default();
        // SAFETY: blst reads four u64 limbs from a live array.
        unsafe { blst::blst_fr_from_uint64(&mut out, limbs.as_ptr()) };
        Fr(out)
    }
    fn from_bytes_be(bytes: &[u8; 32]) -> Option<Self> {
        let limbs = limbs_from_be(bytes);
        if !less_than_modulus(&limbs) {
            return None;
        }
        let mut out = blst_fr::default();
        // SAFETY: blst reads four u64 limbs (a value below r) from a live array.
        unsafe { blst::blst_fr_from_uint64(&mut out, limbs.as_ptr()) };
        Some(Fr(out))
    }
    fn from_bytes_be_reduced(bytes: &[u8; 32]) -> Self {
        let mut s = blst_scalar::default();
        let mut out = blst_fr::default();
        // SAFETY: blst reads 32 bytes (length passed explicitly) and reduces
        // modulo r; the result is always a valid scalar.
        unsafe {
            blst::blst_scalar_from_be_bytes(&mut s, bytes.as_ptr(), bytes.len());
            blst::blst_fr_from_scalar(&mut out, &s);
        }
        Fr(out)
    }
    fn to_bytes_be(&self) -> [u8; 32] {
        // From the canonical limbs: blst's byte-by-byte reversal
        // (`blst_bendian_from_scalar`) cost as much as the conversion.
        let mut out = [0u8; 32];
        for (dst, limb) in out
            .chunks_exact_mut(8)
            .zip(self.canonical_limbs().iter().rev())
        {
            dst.copy_from_slice(&limb.to_be_bytes());
        }
        out
    }
    fn to_bytes_le(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (dst, limb) in out.chunks_exact_mut(8).zip(self.canonical_limbs()) {
            dst.copy_from_slice(&limb.to_le_bytes());
        }
        out
    }
    fn square(&self) -> Self {
        let mut out = blst_fr::default();
        // SAFETY: reads one initialised field element, writes `out`.
        unsafe { blst::blst_fr_sqr(&mut out, &self.0) };
        Fr(blst_fr {
            l: read_fresh(&out.l),
        })
    }
    fn inverse(&self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        let mut out = blst_fr::default();
        // SAFETY: reads one initialised non-zero field element, writes `out`.
        unsafe { blst::blst_fr_eucl_inverse(&mut out, &self.0) };
        Some(Fr(out))
    }
}

// ---------------------------------------------------------------- G1 / G2

/// Implements the group traits for one of blst's projective point types.
macro_rules! blst_group {
    ($name:ident, $raw:ty, $add:ident, $double:ident, $cneg:ident, $mult:ident, $is_inf:ident,
     $is_equal:ident, $generator:ident) => {
        impl Add for $name {
            type Output = $name;
            fn add(self, rhs: $name) -> $name {
                let mut out = <$raw>::default();
                // SAFETY: blst reads two initialised points and writes `out`.
                unsafe { blst::$add(&mut out, &self.0, &rhs.0) };
                $name(out)
            }
        }
        impl Sub for $name {
            type Output = $name;
            fn sub(self, rhs: $name) -> $name {
                self + (-rhs)
            }
        }
        impl Neg for $name {
            type Output = $name;
            fn neg(self) -> $name {
                let mut out = self.0;
                // SAFETY: in-place conditional negation of an initialised point.
                unsafe { blst::$cneg(&mut out, true) };
                $name(out)
            }
        }
        impl AddAssign for $name {
            fn add_assign(&mut self, rhs: $name) {
                *self = *self + rhs;
            }
        }
        impl SubAssign for $name {
            fn sub_assign(&mut self, rhs: $name) {
                *self = *self - rhs;
            }
        }
        impl<'a> Mul<&'a Fr> for $name {
            type Output = $name;
            fn mul(self, rhs: &'a Fr) -> $name {
                let s = rhs.scalar();
                let mut out = <$raw>::default();
                // SAFETY: blst reads a 255-bit little-endian scalar from the
                // 32-byte array `s.b` and an initialised point.
                unsafe { blst::$mult(&mut out, &self.0, s.b.as_ptr(), 255) };
                $name(out)
            }
        }
        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                // SAFETY: reads two initialised points.
                unsafe { blst::$is_equal(&self.0, &other.0) }
            }
        }
        impl Module<Fr> for $name {
            fn zero() -> Self {
                $name(<$raw>::default())
            }
            fn is_zero(&self) -> bool {
                // SAFETY: reads one initialised point.
                unsafe { blst::$is_inf(&self.0) }
            }
        }
        impl Group<Fr> for $name {
            fn generator() -> Self {
                // SAFETY: blst returns a pointer to its static generator.
                $name(unsafe { *blst::$generator() })
            }
            fn double(&self) -> Self {
                let mut out = <$raw>::default();
                // SAFETY: reads one initialised point, writes `out`.
                unsafe { blst::$double(&mut out, &self.0) };
                $name(out)
            }
        }
    };
}

blst_group!(
    G1,
    blst_p1,
    blst_p1_add_or_double,
    blst_p1_double,
    blst_p1_cneg,
    blst_p1_mult,
    blst_p1_is_inf,
    blst_p1_is_equal,
    blst_p1_generator
);
blst_group!(
    G2,
    blst_p2,
    blst_p2_add_or_double,
    blst_p2_double,
    blst_p2_cneg,
    blst_p2_mult,
    blst_p2_is_inf,
    blst_p2_is_equal,
    blst_p2_generator
);

/// `ys[i] ← ws[i]·ys[i]`: eight GLV products at a time on the IFMA lanes
/// where the CPU has them (products by `±z³` excepted, see below), else the
/// generic products ([`crate::msm::scale`]).
fn g1_scale_many(ys: &mut [G1], ws: &[Fr]) {
    if let Some(e) = fastkzg_ifma::engine() {
        // Products by ±z³ (the FFT twiddles ±ω₄) take the generic short
        // chain (63 doublings), which costs less than a full-length kernel
        // product (docs/performance-notes.md, "G1 FFTs"); the others run
        // eight at a time.
        let rest = crate::msm::scale::g1_scale_fourth_roots::<Blst>(ys, ws);
        let points: Vec<G1> = rest.iter().map(|i| ys[*i]).collect();
        // One batch inversion for all points (identities map to blst's
        // all-zero affine encoding).
        let affine = Blst::g1_batch_to_affine(&points);
        let halves: Vec<(u128, u128)> = rest
            .iter()
            .map(|i| split_scalar(&ws[*i].canonical_limbs()))
            .collect();
        let products = e.glv_mul_many(affine_limbs(&affine), &halves);
        for (i, r) in rest.iter().zip(&products) {
            ys[*i] = G1(p1_from_jacobian(r));
        }
        return;
    }
    crate::msm::scale::g1_scale_many::<Blst>(ys, ws)
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

/// blst's variable-base Pippenger over `n` affine points and `n` scalars of
/// `nbits` bits (`⌈nbits/8⌉` little-endian bytes each).
///
/// # Safety
/// `points` must point to `n` initialised affine points and `scalars` to
/// `n·⌈nbits/8⌉` readable bytes.
unsafe fn pippenger(
    points: *const blst_p1_affine,
    scalars: *const u8,
    n: usize,
    nbits: usize,
) -> G1 {
    // SAFETY: pure size computation.
    let scratch_bytes = unsafe { blst::blst_p1s_mult_pippenger_scratch_sizeof(n) };
    let mut scratch = vec![0 as limb_t; scratch_bytes.div_ceil(core::mem::size_of::<limb_t>())];
    let p = contiguous(points);
    let s = contiguous(scalars);
    let mut out = blst_p1::default();
    // SAFETY: the caller guarantees the point and scalar arrays; the
    // scratch buffer has the size blst asked for.
    unsafe {
        blst::blst_p1s_mult_pippenger(
            &mut out,
            p.as_ptr(),
            n,
            s.as_ptr(),
            nbits,
            scratch.as_mut_ptr(),
        )
    };
    G1(out)
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
        Fp(super::blst_glv::BETA)
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

    /// The lines of `p` and their products with `partner`'s at each step
    /// (`backend/blst_pairing.rs`): a two-pair check then multiplies the
    /// accumulator once per step instead of twice.
    fn g2_prepare_partnered(p: &G2, partner: &G2Lines) -> G2Lines {
        match &partner.0 {
            Some(other) if !p.is_zero() => {
                G2Lines(Some(Lines::with_partner(&p2_to_affine(p), other)))
            }
            _ => Blst::g2_prepare(p),
        }
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

/// blst's fast paths: the AVX-512 IFMA kernels where the CPU has them
/// (`fastkzg_ifma::engine()`, read at the start of each call), and, with
/// them, blst's own Pippenger for MSMs of under 16 points.
impl Accel<Blst> for Blst {
    /// blst's points are Jacobian over the same Montgomery-form Fp, with
    /// `Z = 0` for the identity: the coordinates are taken as they are.
    fn g1_from_jacobian(x: &Fp, y: &Fp, z: &Fp) -> Option<G1> {
        Some(G1(blst_p1 {
            x: x.0,
            y: y.0,
            z: z.0,
        }))
    }

    /// Eight elements at a time on AVX-512 IFMA: the canonicity check on
    /// the integers, then one eight-lane Montgomery conversion.
    fn fr_from_bytes_be_many(bytes: &[u8]) -> Result<Vec<Fr>, usize> {
        if let Some(e) = fastkzg_ifma::engine() {
            let mut out = Vec::with_capacity(bytes.len() / 32);
            for (c, chunk) in bytes.chunks(8 * 32).enumerate() {
                let mut plain = [[0u64; 4]; 8];
                let mut lanes = 0;
                for (p, element) in plain.iter_mut().zip(chunk.chunks_exact(32)) {
                    let mut b = [0u8; 32];
                    b.copy_from_slice(element);
                    *p = limbs_from_be(&b);
                    if !less_than_modulus(p) {
                        return Err(8 * c + lanes);
                    }
                    lanes += 1;
                }
                let fr = e.fr_to_montgomery(&plain);
                out.extend(fr[..lanes].iter().map(fr_from_words));
            }
            return Ok(out);
        }
        fr_from_bytes_be_each::<Blst>(bytes)
    }

    /// The canonical integers as Montgomery representations (value
    /// `x/R`), with `c = R mod r` (with or without the IFMA kernels, so the
    /// constant is the same on every call, also when they are switched).
    fn fr_from_bytes_be_many_scaled(bytes: &[u8]) -> Result<(Vec<Fr>, Fr), usize> {
        let out = Blst::fr_from_bytes_be_many_raw(bytes)?;
        // `one` is stored as R mod r; read as an integer, that is `c`.
        let mut c = blst_fr::default();
        // SAFETY: blst reads four u64 limbs (a value below r) from a live array.
        unsafe { blst::blst_fr_from_uint64(&mut c, Fr::one().0.l.as_ptr()) };
        Ok((out, Fr(c)))
    }

    /// The canonical integers taken as Montgomery representations (value
    /// `v/R`): a range check and a byte swap each, `c = R mod r`.
    fn fr_from_bytes_be_many_raw(bytes: &[u8]) -> Result<Vec<Fr>, usize> {
        let mut out = Vec::with_capacity(bytes.len() / 32);
        for (i, element) in bytes.chunks_exact(32).enumerate() {
            let mut b = [0u8; 32];
            b.copy_from_slice(element);
            let l = limbs_from_be(&b);
            if !less_than_modulus(&l) {
                return Err(i);
            }
            out.push(Fr(blst_fr { l }));
        }
        Ok(out)
    }

    /// The Montgomery representation `x·R mod r` as the integer, big-endian.
    fn fr_to_bytes_be_raw(x: &Fr) -> [u8; 32] {
        let mut l = x.0.l;
        // blst keeps elements below r; reduce anyway, so that the encoding
        // is canonical whatever produced `x` (2^256 < 3r: at most twice).
        while !less_than_modulus(&l) {
            l = sub_with_borrow(&l, &BLS_MODULUS_LIMBS).0;
        }
        let mut out = [0u8; 32];
        for (dst, limb) in out.chunks_exact_mut(8).zip(l.iter().rev()) {
            dst.copy_from_slice(&limb.to_be_bytes());
        }
        out
    }

    /// The pair sum on eight lanes where the CPU has AVX-512 IFMA (the
    /// lane fractions joined here); `None` elsewhere (the generic fold).
    fn blob_pair_fraction_sum(
        evals: &[Fr],
        roots: &[Fr],
        roots_sq: &[Fr],
        z: &Fr,
    ) -> Option<(Fr, Fr)> {
        let (nums, dens) = fastkzg_ifma::engine()?.pair_fractions(
            fr_words(evals),
            fr_words(roots),
            fr_words(roots_sq),
            &z.0.l,
        )?;
        let (mut num, mut den) = (Fr::zero(), Fr::one());
        for (n, d) in nums.iter().zip(&dens) {
            let (n, d) = (fr_from_words(n), fr_from_words(d));
            num = num * d + n * den;
            den *= d;
        }
        Some((num, den))
    }

    /// With AVX-512 IFMA and at least `IFMA_MIN_SUBGROUP` (3) points, the
    /// subgroup checks run eight at a time; without, from four points on,
    /// they share one normalisation (`backend/blst_subgroup.rs`).
    /// The subgroup check of `backend/blst_subgroup.rs`, which yields
    /// `[|z|]·σ(P)` (σ is φ: the same β).
    fn g1_decompress_with_z_multiple(
        bytes: &[u8; 48],
    ) -> Result<(blst_p1_affine, Option<blst_p1_affine>), PointError> {
        let a = g1_uncompress(bytes)?;
        // SAFETY: reads an initialised affine point.
        if unsafe { blst::blst_p1_affine_is_inf(&a) } {
            return Ok((a, None));
        }
        match super::blst_subgroup::z_multiple_if_in_g1(&a) {
            Some(q) => Ok((a, Some(q))),
            None => Err(PointError::NotInSubgroup),
        }
    }

    fn g1_decompress_many(bytes: &[[u8; 48]]) -> Vec<Result<blst_p1_affine, PointError>> {
        if let Some(e) = fastkzg_ifma::engine().filter(|_| bytes.len() >= IFMA_MIN_SUBGROUP) {
            return g1_decompress_checked(bytes, |points| e.in_g1(affine_limbs(points)));
        }
        if bytes.len() >= super::blst_subgroup::SHARED_MIN_POINTS {
            return g1_decompress_checked(bytes, super::blst_subgroup::in_g1_many);
        }
        bytes.iter().map(Blst::g1_decompress).collect()
    }

    /// With IFMA: blst's Pippenger below 16 points, the IFMA bucket method
    /// over the GLV halves from 16 on. Without: the generic MSM (Straus
    /// below 32 points, batch-affine buckets above), which beats blst's
    /// Pippenger at every size from 4 points on.
    fn g1_msm(points: &[blst_p1_affine], scalars: &[Fr]) -> G1 {
        let n = points.len().min(scalars.len());
        // Without IFMA the generic methods beat blst's Pippenger at every
        // size from four points on (see `crate::msm::STRAUS_MAX_POINTS`).
        if n > 3 && !Blst::msm_accelerated() {
            return crate::msm::g1_msm_generic::<Blst>(points, scalars);
        }
        match n {
            0 => return G1::zero(),
            1..=3 => {
                return points
                    .iter()
                    .zip(scalars)
                    .fold(G1::zero(), |acc, (p, s)| acc + Blst::g1_from_affine(p) * s)
            }
            _ => {}
        }
        if n < GLV_MIN_POINTS {
            let bytes: Vec<blst_scalar> = scalars[..n].iter().map(Fr::scalar).collect();
            // SAFETY: `points` and `bytes` hold at least `n` elements (a
            // blst_scalar is 32 bytes, matching nbits = 255).
            return unsafe { pippenger(points.as_ptr(), bytes.as_ptr() as *const u8, n, 255) };
        }
        // GLV: k·P = k₁·P + k₂·φ(P) with 128-bit halves, so blst's
        // Pippenger runs over 2n points with 128-bit scalars.
        let mut all_points = Vec::with_capacity(2 * n);
        all_points.extend_from_slice(&points[..n]);
        all_points.extend(points[..n].iter().map(endomorphism));
        let mut halves = vec![0u128; 2 * n];
        for (i, s) in scalars[..n].iter().enumerate() {
            (halves[i], halves[n + i]) = split_scalar(&s.canonical_limbs());
        }
        if let Some(e) = fastkzg_ifma::engine() {
            return G1(p1_from_jacobian(&e.msm_u128(
                affine_limbs(&all_points),
                &halves,
                &BlstG1,
            )));
        }
        let halves: Vec<[u8; 16]> = halves.iter().map(|k| k.to_le_bytes()).collect();
        // SAFETY: `all_points` and `halves` hold `2n` elements each (16
        // little-endian bytes per scalar, matching nbits = 128).
        unsafe {
            pippenger(
                all_points.as_ptr(),
                halves.as_ptr() as *const u8,
                2 * n,
                128,
            )
        }
    }

    /// The IFMA kernels where the CPU has them.
    fn msm_accelerated() -> bool {
        fastkzg_ifma::engine().is_some()
    }

    /// The eight-lane bucket method where the CPU has AVX-512 IFMA, else
    /// the generic batch-affine one.
    fn g1_msm_signed_digits(points: &[blst_p1_affine], digits: &[u16], window: usize) -> G1 {
        let n = points.len().min(digits.len());
        if n == 0 || !(2..=16).contains(&window) {
            return G1::zero();
        }
        if let Some(sum) = fastkzg_ifma::engine()
            .filter(|_| n >= IFMA_MIN_DIGITS)
            .and_then(|e| {
                e.msm_signed_digits(affine_limbs(&points[..n]), &digits[..n], window, &BlstG1)
            })
        {
            return G1(p1_from_jacobian(&sum));
        }
        crate::msm::batch_affine::signed_digit_sum::<Blst>(&points[..n], &digits[..n], window)
    }

    /// The eight-lane twiddle products where the CPU has AVX-512 IFMA, else
    /// the generic GLV products.
    fn g1_scale_many(ys: &mut [G1], ws: &[Fr]) {
        g1_scale_many(ys, ws)
    }

    /// The IFMA kernel's lanes where it checks the subgroups (a share of
    /// fewer points costs as much as eight), else one.
    fn g1_decompress_lanes() -> usize {
        ifma_lanes()
    }

    /// The IFMA kernel's lanes where it makes the products (a share of
    /// fewer products costs as much as eight), else one.
    fn g1_scale_lanes() -> usize {
        ifma_lanes()
    }
}
