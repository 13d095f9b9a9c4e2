//! The mcl backend: an adapter over the C++ pairing library mcl, through
//! the crate `mcl_rust` 1.2 (which builds the copy of mcl it bundles with
//! cmake and links it statically; no system mcl is needed).
//!
//! The adapter's types hold mcl's own C structs — Montgomery-form limbs of
//! Fr, Fp and Fp2, and Jacobian G1 and G2 points — as `Copy` arrays of the
//! same layout, viewed as the `mcl_rust` types (which are not `Copy`) for
//! each call. Everything is mcl's: the field and group arithmetic, the
//! square roots and sign flags of decompression, the subgroup checks, the
//! batch normalisation and the pairing (one multi-Miller loop and one final
//! exponentiation). The generic MSMs, FFTs and blob evaluation serve it as
//! they serve arkworks and zkcrypto; of [`Accel`] it overrides only the
//! variable-time product, with mcl's own.
//!
//! mcl is configured once per process, on the first use of any value of
//! this backend (every constructor goes through `lib`): `mclBn_init` for
//! BLS12-381, `mclBn_setETHserialization(1)` (big-endian field elements and
//! the ZCash point format) and `mclBn_verifyOrderG1/G2(0)` (decoding checks
//! the curve equation only; the adapter checks the subgroup itself, to tell
//! [`PointError::NotOnCurve`] from [`PointError::NotInSubgroup`]). These
//! settings are global to mcl: other code in the same process that uses mcl
//! with other settings conflicts with this backend.
//!
//! Decoding checks the flags and the coordinate range itself
//! (`backend/zcash.rs`), as for zkcrypto: mcl accepts encodings of the point
//! at infinity with a non-zero last byte, and it takes the sign of a G2
//! `y = c0 + c1·i` from `c1` alone, where the ZCash format uses `c0` when
//! `c1 = 0`; the adapter corrects that sign in both directions.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use std::os::raw::c_int;
use std::sync::OnceLock;

use mcl_rust as raw;

use super::zcash::{
    compressed_flags, uncompressed_flags, x_is_zero, FLAG_INFINITY, FLAG_SORT,
    G1_GENERATOR_COMPRESSED, G2_GENERATOR_COMPRESSED, GLV_BETA_BE,
};
use super::{Accel, Backend, BaseField, Group, Module, PointError, Scalar};

// Functions of the linked mcl library that `mcl_rust` 1.2 does not wrap (or
// wraps only through heap-allocated buffers), declared as in mcl's
// `include/mcl/bn.h`.
extern "C" {
    fn mclBn_setETHserialization(enable: c_int);
    fn mclBn_verifyOrderG1(do_verify: c_int);
    fn mclBn_verifyOrderG2(do_verify: c_int);
    fn mclBnFr_serialize(buf: *mut u8, max_size: usize, x: *const raw::Fr) -> usize;
    fn mclBnFp_serialize(buf: *mut u8, max_size: usize, x: *const raw::Fp) -> usize;
    fn mclBnG1_serialize(buf: *mut u8, max_size: usize, x: *const raw::G1) -> usize;
    fn mclBnG2_serialize(buf: *mut u8, max_size: usize, x: *const raw::G2) -> usize;
    fn mclBnG1_isValidOrder(x: *const raw::G1) -> c_int;
    fn mclBnG2_isValidOrder(x: *const raw::G2) -> c_int;
    fn mclBnG1_normalizeVec(y: *mut raw::G1, x: *const raw::G1, n: usize);
    fn mclBn_millerLoopVec(z: *mut raw::GT, x: *const raw::G1, y: *const raw::G2, n: usize);
}

/// The mcl backend marker type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mcl;

/// An element of Fr (mcl's `mclBnFr`: Montgomery form, fully reduced, so
/// equal values have equal limbs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Fr([u64; 4]);

/// An element of Fp (mcl's `mclBnFp`: Montgomery form, fully reduced).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Fp([u64; 6]);

/// An element `c0 + c1·i` of Fp2 (mcl's `mclBnFp2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
struct Fp2 {
    c0: Fp,
    c1: Fp,
}

/// A G1 point in mcl's Jacobian coordinates (`mclBnG1`; `z = 0` is the
/// point at infinity).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct G1 {
    x: Fp,
    y: Fp,
    z: Fp,
}

/// A G2 point in mcl's Jacobian coordinates (`mclBnG2`).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct G2 {
    x: Fp2,
    y: Fp2,
    z: Fp2,
}

/// An affine G1 point: a [`G1`] with `z = 1`, or all limbs zero for the
/// point at infinity (so that equal points have equal limbs).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(transparent)]
pub struct G1Affine(G1);

/// Implements the view of an adapter type as the `mcl_rust` type of the
/// same C layout.
macro_rules! mcl_view {
    ($name:ident, $raw:ty) => {
        const _: () = assert!(
            core::mem::size_of::<$name>() == core::mem::size_of::<$raw>()
                && core::mem::align_of::<$name>() == core::mem::align_of::<$raw>()
        );

        impl $name {
            /// The value as the `mcl_rust` type.
            #[inline]
            fn raw(&self) -> &$raw {
                // SAFETY: both types are `u64` limbs in C layout (the
                // `mcl_rust` type is `#[repr(C)]` to match mcl's struct, this
                // one `#[repr(C)]`/`#[repr(transparent)]` over the same limbs)
                // of equal size and alignment (asserted above), neither has
                // a destructor, and every bit pattern mcl's functions write is
                // a valid value of both.
                unsafe { &*(self as *const $name).cast::<$raw>() }
            }

            /// The value as the mutable `mcl_rust` type.
            #[inline]
            fn raw_mut(&mut self) -> &mut $raw {
                // SAFETY: as in `raw`; the exclusive borrow is passed on.
                unsafe { &mut *(self as *mut $name).cast::<$raw>() }
            }
        }
    };
}

mcl_view!(Fr, raw::Fr);
mcl_view!(Fp, raw::Fp);
mcl_view!(G1, raw::G1);
mcl_view!(G2, raw::G2);

/// The additive operators of an adapter type through its `mcl_rust` type:
/// `add`, `sub` and `neg`, and the assigning forms, which mcl computes in
/// place (Fr, Fp, G1, G2 alike).
macro_rules! mcl_additive {
    ($name:ident, $raw:ty) => {
        impl Add for $name {
            type Output = $name;
            #[inline]
            fn add(self, rhs: $name) -> $name {
                let mut z = $name::ZERO;
                <$raw>::add(z.raw_mut(), self.raw(), rhs.raw());
                z
            }
        }
        impl Sub for $name {
            type Output = $name;
            #[inline]
            fn sub(self, rhs: $name) -> $name {
                let mut z = $name::ZERO;
                <$raw>::sub(z.raw_mut(), self.raw(), rhs.raw());
                z
            }
        }
        impl Neg for $name {
            type Output = $name;
            #[inline]
            fn neg(self) -> $name {
                let mut z = $name::ZERO;
                <$raw>::neg(z.raw_mut(), self.raw());
                z
            }
        }
        impl AddAssign for $name {
            #[inline]
            fn add_assign(&mut self, rhs: $name) {
                *self.raw_mut() += rhs.raw();
            }
        }
        impl SubAssign for $name {
            #[inline]
            fn sub_assign(&mut self, rhs: $name) {
                *self.raw_mut() -= rhs.raw();
            }
        }
    };
}

/// The field multiplication of Fr or Fp through its `mcl_rust` type.
macro_rules! mcl_field_mul {
    ($name:ident, $raw:ty) => {
        impl Mul for $name {
            type Output = $name;
            #[inline]
            fn mul(self, rhs: $name) -> $name {
                let mut z = $name::ZERO;
                <$raw>::mul(z.raw_mut(), self.raw(), rhs.raw());
                z
            }
        }
        impl MulAssign for $name {
            #[inline]
            fn mul_assign(&mut self, rhs: $name) {
                *self.raw_mut() *= rhs.raw();
            }
        }
    };
}

/// The constants of the backend, computed by mcl when it is configured.
struct Lib {
    fr_one: Fr,
    fp_one: Fp,
    beta: Fp,
    g1: G1,
    g2: G2,
}

static LIB: OnceLock<Lib> = OnceLock::new();

/// Configures mcl on the first call (see the module documentation) and
/// returns the constants. Every function that makes a value of this
/// backend from nothing calls it first; the types' fields are private, so
/// no value, and no call into mcl, exists before mcl is configured.
#[inline]
fn lib() -> &'static Lib {
    LIB.get_or_init(Lib::new)
}

impl Lib {
    fn new() -> Lib {
        assert!(
            raw::init(raw::CurveType::BLS12_381),
            "mclBn_init(BLS12_381) failed: mcl_rust and its mcl disagree on the limb counts"
        );
        // SAFETY: setters of mcl's global configuration without pointer
        // arguments, called once (inside the `OnceLock` initialiser), after
        // `mclBn_init` and before this adapter makes any value.
        unsafe {
            mclBn_setETHserialization(1);
            mclBn_verifyOrderG1(0);
            mclBn_verifyOrderG2(0);
        }
        let mut fr_one = Fr::ZERO;
        fr_one.raw_mut().set_int(1);
        let mut fp_one = Fp::ZERO;
        fp_one.raw_mut().set_int(1);
        // The curve constants in their standard encodings, decoded by mcl.
        let beta = Fp::from_be_bytes(&GLV_BETA_BE);
        let g1 = G1::decode(&G1_GENERATOR_COMPRESSED);
        let g2 = G2::decode(&G2_GENERATOR_COMPRESSED);
        match (beta, g1, g2) {
            (Some(beta), Some(g1), Some(g2)) => Lib {
                fr_one,
                fp_one,
                beta,
                g1,
                g2,
            },
            _ => panic!("mcl rejects the standard BLS12-381 constants"),
        }
    }
}

/// Writes a value with one of mcl's `*_serialize` functions into `N` bytes
/// (the encodings of Ethereum serialization mode).
fn serialize<T, const N: usize>(
    f: unsafe extern "C" fn(*mut u8, usize, *const T) -> usize,
    x: &T,
) -> [u8; N] {
    let mut out = [0u8; N];
    // SAFETY: `f` is one of mcl's serializers for `T`, which writes at most
    // `N` bytes (its size argument) to `out` and reads `x`, a valid value.
    let n = unsafe { f(out.as_mut_ptr(), N, x) };
    assert_eq!(n, N, "mcl serializes this type in {N} bytes");
    out
}

// ---------------------------------------------------------------- Fr

impl Fr {
    const ZERO: Fr = Fr([0; 4]);
}

mcl_additive!(Fr, raw::Fr);
mcl_field_mul!(Fr, raw::Fr);

impl<'a> Mul<&'a Fr> for Fr {
    type Output = Fr;
    #[inline]
    fn mul(self, rhs: &'a Fr) -> Fr {
        self * *rhs
    }
}
impl<'a> MulAssign<&'a Fr> for Fr {
    fn mul_assign(&mut self, rhs: &'a Fr) {
        *self = *self * rhs;
    }
}

impl Module<Fr> for Fr {
    fn zero() -> Self {
        lib();
        Fr::ZERO
    }
    fn is_zero(&self) -> bool {
        self.0 == [0; 4]
    }
}

impl Scalar for Fr {
    fn one() -> Self {
        lib().fr_one
    }
    fn from_u64(v: u64) -> Self {
        lib();
        let mut z = Fr::ZERO;
        // Eight bytes are below r: no masking.
        z.raw_mut().set_little_endian(&v.to_le_bytes());
        z
    }
    fn from_bytes_be(bytes: &[u8; 32]) -> Option<Self> {
        lib();
        let mut z = Fr::ZERO;
        // Ethereum serialization mode: big-endian, values ≥ r rejected.
        z.raw_mut().deserialize(bytes).then_some(z)
    }
    fn from_bytes_be_reduced(bytes: &[u8; 32]) -> Self {
        lib();
        let mut le = *bytes;
        le.reverse();
        let mut z = Fr::ZERO;
        // Inputs of up to twice Fr's size are reduced modulo r.
        z.raw_mut().set_little_endian_mod(&le);
        z
    }
    fn to_bytes_be(&self) -> [u8; 32] {
        serialize(mclBnFr_serialize, self.raw())
    }
    fn to_bytes_le(&self) -> [u8; 32] {
        let mut out = self.to_bytes_be();
        out.reverse();
        out
    }
    fn square(&self) -> Self {
        let mut z = Fr::ZERO;
        raw::Fr::sqr(z.raw_mut(), self.raw());
        z
    }
    fn inverse(&self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        let mut z = Fr::ZERO;
        raw::Fr::inv(z.raw_mut(), self.raw());
        Some(z)
    }
}

// ---------------------------------------------------------------- Fp

impl Fp {
    const ZERO: Fp = Fp([0; 6]);

    /// Parses a 48-byte big-endian integer; `None` unless it is `< p`.
    fn from_be_bytes(bytes: &[u8]) -> Option<Fp> {
        let mut z = Fp::ZERO;
        (bytes.len() == 48 && z.raw_mut().deserialize(bytes)).then_some(z)
    }

    /// The 48-byte big-endian encoding.
    fn to_be_bytes(self) -> [u8; 48] {
        serialize(mclBnFp_serialize, self.raw())
    }
}

mcl_additive!(Fp, raw::Fp);
mcl_field_mul!(Fp, raw::Fp);

impl BaseField for Fp {
    fn zero() -> Self {
        lib();
        Fp::ZERO
    }
    fn one() -> Self {
        lib().fp_one
    }
    fn is_zero(&self) -> bool {
        self.0 == [0; 6]
    }
    fn square(&self) -> Self {
        let mut z = Fp::ZERO;
        raw::Fp::sqr(z.raw_mut(), self.raw());
        z
    }
    fn inverse(&self) -> Self {
        if self.is_zero() {
            return Fp::ZERO;
        }
        let mut z = Fp::ZERO;
        raw::Fp::inv(z.raw_mut(), self.raw());
        z
    }
}

impl Fp2 {
    const ZERO: Fp2 = Fp2 {
        c0: Fp::ZERO,
        c1: Fp::ZERO,
    };

    /// Parses `c1 ‖ c0` (48 bytes big-endian each); `None` unless both are
    /// `< p`.
    fn from_be_bytes(bytes: &[u8]) -> Option<Fp2> {
        let (c1, c0) = bytes.split_at_checked(48)?;
        Some(Fp2 {
            c0: Fp::from_be_bytes(c0)?,
            c1: Fp::from_be_bytes(c1)?,
        })
    }

    /// The encoding `c1 ‖ c0`.
    fn to_be_bytes(self) -> [u8; 96] {
        let mut out = [0u8; 96];
        out[..48].copy_from_slice(&self.c1.to_be_bytes());
        out[48..].copy_from_slice(&self.c0.to_be_bytes());
        out
    }

    /// Whether `c1 = 0` and `c0 > (p − 1)/2`: the ZCash sign of a `y` whose
    /// sign mcl takes from `c1` alone. `None` when `c1 ≠ 0` (mcl's sign is
    /// right).
    fn real_sign(&self) -> Option<bool> {
        self.c1.is_zero().then(|| self.c0.raw().is_negative())
    }
}

// ---------------------------------------------------------------- G1 / G2

/// Implements the group traits for a point type with the given `mcl_rust`
/// type.
macro_rules! mcl_group {
    ($name:ident, $raw:ty, $zero:expr, $gen:ident) => {
        impl $name {
            const ZERO: $name = $zero;

            /// The point with `z = 1` (or the point at infinity).
            fn normalized(&self) -> $name {
                let mut z = $name::ZERO;
                <$raw>::normalize(z.raw_mut(), self.raw());
                z
            }
        }
        impl PartialEq for $name {
            fn eq(&self, rhs: &$name) -> bool {
                self.raw() == rhs.raw()
            }
        }
        mcl_additive!($name, $raw);
        impl<'a> Mul<&'a Fr> for $name {
            type Output = $name;
            fn mul(self, rhs: &'a Fr) -> $name {
                let mut z = $name::ZERO;
                <$raw>::mul(z.raw_mut(), self.raw(), rhs.raw());
                z
            }
        }
        impl<'a> MulAssign<&'a Fr> for $name {
            fn mul_assign(&mut self, rhs: &'a Fr) {
                *self = *self * rhs;
            }
        }
        impl Module<Fr> for $name {
            fn zero() -> Self {
                lib();
                $name::ZERO
            }
            fn is_zero(&self) -> bool {
                self.raw().is_zero()
            }
        }
        impl Group<Fr> for $name {
            fn generator() -> Self {
                lib().$gen
            }
            fn double(&self) -> Self {
                let mut z = $name::ZERO;
                <$raw>::dbl(z.raw_mut(), self.raw());
                z
            }
        }
    };
}

mcl_group!(
    G1,
    raw::G1,
    G1 {
        x: Fp::ZERO,
        y: Fp::ZERO,
        z: Fp::ZERO,
    },
    g1
);
mcl_group!(
    G2,
    raw::G2,
    G2 {
        x: Fp2::ZERO,
        y: Fp2::ZERO,
        z: Fp2::ZERO,
    },
    g2
);

impl G1 {
    /// mcl's decoding of a compressed encoding (curve equation checked, not
    /// the subgroup); the caller has checked the flags.
    fn decode(bytes: &[u8; 48]) -> Option<G1> {
        let mut p = G1::ZERO;
        p.raw_mut().deserialize(bytes).then_some(p)
    }

    /// Whether the point is in the prime-order subgroup.
    fn in_subgroup(&self) -> bool {
        // SAFETY: reads a valid point.
        unsafe { mclBnG1_isValidOrder(self.raw()) == 1 }
    }
}

impl G2 {
    /// mcl's decoding of a compressed encoding (curve equation checked, not
    /// the subgroup), with the ZCash sign of `y` where `y.c1 = 0`; the
    /// caller has checked the flags.
    fn decode(bytes: &[u8; 96]) -> Option<G2> {
        let mut p = G2::ZERO;
        if !p.raw_mut().deserialize(bytes) {
            return None;
        }
        let larger = bytes[0] & FLAG_SORT != 0;
        if !p.is_zero() && p.y.real_sign().is_some_and(|s| s != larger) {
            p = -p;
        }
        Some(p)
    }

    /// Whether the point is in the prime-order subgroup.
    fn in_subgroup(&self) -> bool {
        // SAFETY: reads a valid point.
        unsafe { mclBnG2_isValidOrder(self.raw()) == 1 }
    }
}

impl G1Affine {
    /// The canonical affine form of a normalised point.
    fn from_normalized(p: G1) -> G1Affine {
        if p.is_zero() {
            G1Affine(G1::ZERO)
        } else {
            G1Affine(p)
        }
    }
}

impl Backend for Mcl {
    const NAME: &'static str = "mcl";
    type Fr = Fr;
    type Fp = Fp;
    type G1 = G1;
    type G1Affine = G1Affine;
    type G2 = G2;
    /// mcl's multi-Miller loop takes the points themselves.
    type G2Prepared = G2;

    fn g1_to_affine(p: &G1) -> G1Affine {
        G1Affine::from_normalized(p.normalized())
    }

    fn g1_from_affine(p: &G1Affine) -> G1 {
        p.0
    }

    fn g1_batch_to_affine(points: &[G1]) -> Vec<G1Affine> {
        // Configured even for no points: mcl is called regardless.
        lib();
        let mut out = vec![G1::ZERO; points.len()];
        // SAFETY: `out` and `points` hold `points.len()` values each, laid
        // out as `mclBnG1` (see `mcl_view!`); mcl reads `points` and writes
        // `out`, which do not overlap.
        unsafe {
            mclBnG1_normalizeVec(
                out.as_mut_ptr().cast::<raw::G1>(),
                points.as_ptr().cast::<raw::G1>(),
                points.len(),
            );
        }
        out.into_iter().map(G1Affine::from_normalized).collect()
    }

    fn g1_affine_xy(p: &G1Affine) -> Option<(Fp, Fp)> {
        (!p.0.is_zero()).then_some((p.0.x, p.0.y))
    }

    fn g1_affine_from_xy(x: Fp, y: Fp) -> G1Affine {
        G1Affine(G1 {
            x,
            y,
            z: lib().fp_one,
        })
    }

    fn g1_glv_beta() -> Fp {
        lib().beta
    }

    fn g1_compress(p: &G1) -> [u8; 48] {
        serialize(mclBnG1_serialize, p.normalized().raw())
    }

    fn g1_decompress(bytes: &[u8; 48]) -> Result<G1Affine, PointError> {
        lib();
        if compressed_flags(bytes)? {
            return Ok(G1Affine(G1::ZERO));
        }
        let p = G1::decode(bytes).ok_or(PointError::NotOnCurve)?;
        if x_is_zero(bytes) || !p.in_subgroup() {
            return Err(PointError::NotInSubgroup);
        }
        Ok(G1Affine::from_normalized(p))
    }

    fn g1_serialize(p: &G1Affine) -> [u8; 96] {
        let mut out = [0u8; 96];
        if p.0.is_zero() {
            out[0] = FLAG_INFINITY;
        } else {
            out[..48].copy_from_slice(&p.0.x.to_be_bytes());
            out[48..].copy_from_slice(&p.0.y.to_be_bytes());
        }
        out
    }

    fn g1_deserialize_unchecked_subgroup(bytes: &[u8; 96]) -> Result<G1Affine, PointError> {
        let one = lib().fp_one;
        if uncompressed_flags(bytes)? {
            return Ok(G1Affine(G1::ZERO));
        }
        let (x, y) = bytes.split_at(48);
        let (Some(x), Some(y)) = (Fp::from_be_bytes(x), Fp::from_be_bytes(y)) else {
            return Err(PointError::InvalidEncoding);
        };
        let p = G1 { x, y, z: one };
        if !p.raw().is_valid() {
            return Err(PointError::NotOnCurve);
        }
        if x_is_zero(bytes) {
            return Err(PointError::NotInSubgroup);
        }
        Ok(G1Affine(p))
    }

    fn g2_compress(p: &G2) -> [u8; 96] {
        let a = p.normalized();
        let mut out: [u8; 96] = serialize(mclBnG2_serialize, a.raw());
        if let Some(larger) = a.y.real_sign().filter(|_| !a.is_zero()) {
            out[0] = (out[0] & !FLAG_SORT) | if larger { FLAG_SORT } else { 0 };
        }
        out
    }

    fn g2_decompress(bytes: &[u8; 96]) -> Result<G2, PointError> {
        lib();
        if compressed_flags(bytes)? {
            return Ok(G2::ZERO);
        }
        let p = G2::decode(bytes).ok_or(PointError::NotOnCurve)?;
        if !p.in_subgroup() {
            return Err(PointError::NotInSubgroup);
        }
        Ok(p)
    }

    fn g2_serialize(p: &G2) -> [u8; 192] {
        let mut out = [0u8; 192];
        let a = p.normalized();
        if a.is_zero() {
            out[0] = FLAG_INFINITY;
        } else {
            out[..96].copy_from_slice(&a.x.to_be_bytes());
            out[96..].copy_from_slice(&a.y.to_be_bytes());
        }
        out
    }

    fn g2_deserialize_unchecked_subgroup(bytes: &[u8; 192]) -> Result<G2, PointError> {
        let one = lib().fp_one;
        if uncompressed_flags(bytes)? {
            return Ok(G2::ZERO);
        }
        let (x, y) = bytes.split_at(96);
        let (Some(x), Some(y)) = (Fp2::from_be_bytes(x), Fp2::from_be_bytes(y)) else {
            return Err(PointError::InvalidEncoding);
        };
        let p = G2 {
            x,
            y,
            z: Fp2 {
                c0: one,
                c1: Fp::ZERO,
            },
        };
        if !p.raw().is_valid() {
            return Err(PointError::NotOnCurve);
        }
        Ok(p)
    }

    fn g2_prepare(p: &G2) -> G2 {
        p.normalized()
    }

    fn pairings_verify(pairs: &[(G1, &G2)]) -> bool {
        // Configured even for no pairs: mcl then computes 1 in GT.
        lib();
        let g1s: Vec<G1> = pairs.iter().map(|(p, _)| *p).collect();
        let g2s: Vec<G2> = pairs.iter().map(|(_, q)| **q).collect();
        let mut f = raw::GT::zero();
        // SAFETY: `g1s` and `g2s` hold `pairs.len()` valid points each, laid
        // out as `mclBnG1`/`mclBnG2` (see `mcl_view!`); mcl reads them (it
        // skips pairs with a point at infinity) and writes the Miller-loop
        // product to `f`.
        unsafe {
            mclBn_millerLoopVec(
                &mut f,
                g1s.as_ptr().cast::<raw::G1>(),
                g2s.as_ptr().cast::<raw::G2>(),
                pairs.len(),
            );
        }
        let mut e = raw::GT::zero();
        raw::final_exp(&mut e, &f);
        e.is_one()
    }
}

/// One fast path: mcl's variable-time product. The MSMs and the FFT
/// scaling stay generic: callgrind counts 501 M instructions for a
/// 4096-point MSM in the generic batch-affine code on mcl's arithmetic and
/// 851 M in mcl's `mclBnG1_mulVec` (without its AVX-512 path, which
/// valgrind hides).
impl Accel<Mcl> for Mcl {
    /// mcl's `mclBnG1_mul` (variable time, GLV): 1.01 M instructions per
    /// product against 1.65 M for the generic width-5 NAF on mcl's
    /// arithmetic (callgrind, 256 random points and scalars).
    fn g1_mul_vartime_kernel(p: &G1, s: &Fr) -> Option<G1> {
        Some(*p * s)
    }
}

// The tests compare with blst.
#[cfg(all(test, feature = "blst"))]
#[path = "mcl_tests.rs"]
mod tests;
