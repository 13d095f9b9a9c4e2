//! The curve-backend trait layer.
//!
//! Everything above this module is written once, generic over [`Backend`], and
//! monomorphised. A backend is a thin adapter over a BLS12-381 implementation
//! and [`Backend`] holds curve arithmetic only: the scalar field, the base
//! field of G1 (for affine coordinates), G1 and G2 with their encodings and
//! validity checks, and a pairing product check. Multi-scalar
//! multiplications, variable-time products, the twiddle products of G1 FFTs
//! and blob evaluation are generic code ([`crate::msm`], [`crate::math`]).
//!
//! A backend may replace some of that generic code with faster code of its
//! own through one optional trait, [`Accel`], whose every method has the
//! generic code as its default: a backend without fast paths writes
//! `impl Accel<Self> for MyBackend {}`. Decisions that depend on the CPU are
//! made at run time inside these methods (blst: its AVX-512 IFMA kernels
//! where the CPU has them).
//!
//! Adding a backend: one adapter file implementing [`Backend`] and
//! [`Accel`], a cargo feature, and one line in the test matrix
//! (`crates/fastkzg/tests/common/mod.rs`, `backend_tests!`).
//!
//! Backends, each with its cargo feature: `Blst` (`blst`, on by default; C
//! and assembly), `Arkworks` (`arkworks`, pure Rust), `Zkcrypto`
//! (`zkcrypto`, pure Rust) and `Mcl` (`mcl`, C++). [`DefaultBackend`] is
//! the one used where none is named.

use alloc::vec::Vec;
use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// The operators of a newtype `$t(inner)` whose inner type has them, each
/// forwarding to the inner operator (the adapters over arkworks and
/// zkcrypto): `group $t, $fr` gives the additive group with multiplication
/// by `&$fr`; `scalar $t` adds the field's own multiplication.
#[cfg(any(feature = "arkworks", feature = "zkcrypto"))]
macro_rules! forward_ops {
    (group $t:ident, $fr:ident) => {
        impl core::ops::Add for $t {
            type Output = $t;
            fn add(self, rhs: $t) -> $t {
                $t(self.0 + rhs.0)
            }
        }
        impl core::ops::Sub for $t {
            type Output = $t;
            fn sub(self, rhs: $t) -> $t {
                $t(self.0 - rhs.0)
            }
        }
        impl core::ops::Neg for $t {
            type Output = $t;
            fn neg(self) -> $t {
                $t(-self.0)
            }
        }
        impl core::ops::AddAssign for $t {
            fn add_assign(&mut self, rhs: $t) {
                self.0 += rhs.0;
            }
        }
        impl core::ops::SubAssign for $t {
            fn sub_assign(&mut self, rhs: $t) {
                self.0 -= rhs.0;
            }
        }
        impl<'a> core::ops::Mul<&'a $fr> for $t {
            type Output = $t;
            fn mul(self, rhs: &'a $fr) -> $t {
                $t(self.0 * rhs.0)
            }
        }
        impl<'a> core::ops::MulAssign<&'a $fr> for $t {
            fn mul_assign(&mut self, rhs: &'a $fr) {
                self.0 *= rhs.0;
            }
        }
    };
    (scalar $t:ident) => {
        forward_ops!(group $t, $t);
        impl core::ops::Mul for $t {
            type Output = $t;
            fn mul(self, rhs: $t) -> $t {
                $t(self.0 * rhs.0)
            }
        }
        impl core::ops::MulAssign for $t {
            fn mul_assign(&mut self, rhs: $t) {
                self.0 *= rhs.0;
            }
        }
    };
}

pub(crate) mod accel;
#[cfg(feature = "blst")]
pub mod blst;
pub(crate) mod glv;
pub(crate) mod limbs;
pub(crate) mod prefetch;
#[cfg(feature = "blst")]
pub use self::blst::Blst;
pub use accel::Accel;

#[cfg(feature = "arkworks")]
pub mod arkworks;
#[cfg(feature = "arkworks")]
pub use self::arkworks::Arkworks;

#[cfg(feature = "zkcrypto")]
pub mod zkcrypto;
#[cfg(feature = "zkcrypto")]
pub use self::zkcrypto::Zkcrypto;

#[cfg(feature = "mcl")]
pub mod mcl;
#[cfg(feature = "mcl")]
pub use self::mcl::Mcl;

mod zcash;

/// The backend of [`crate::KzgSettings`], [`crate::KzgVerifier`] and
/// [`crate::mainnet`] where none is named: `Blst` with the `blst` feature
/// (on by default); without it the first enabled of `Arkworks`,
/// `Zkcrypto` and `Mcl`.
pub type DefaultBackend = default_backend::Chosen;

/// [`DefaultBackend`] by the enabled features.
mod default_backend {
    #[cfg(feature = "blst")]
    pub type Chosen = super::Blst;
    #[cfg(all(not(feature = "blst"), feature = "arkworks"))]
    pub type Chosen = super::Arkworks;
    #[cfg(all(not(any(feature = "blst", feature = "arkworks")), feature = "zkcrypto"))]
    pub type Chosen = super::Zkcrypto;
    #[cfg(all(
        not(any(feature = "blst", feature = "arkworks", feature = "zkcrypto")),
        feature = "mcl"
    ))]
    pub type Chosen = super::Mcl;
    #[cfg(not(any(
        feature = "blst",
        feature = "arkworks",
        feature = "zkcrypto",
        feature = "mcl"
    )))]
    compile_error!(
        "fastkzg needs a backend: enable one of the features blst (default), arkworks, zkcrypto, mcl"
    );
}

/// Why a byte string is not an acceptable curve point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointError {
    /// Flags, length or coordinate encoding are malformed (includes x ≥ p and
    /// non-canonical encodings of the point at infinity).
    InvalidEncoding,
    /// The coordinates do not satisfy the curve equation.
    NotOnCurve,
    /// The point is on the curve but not in the prime-order subgroup.
    NotInSubgroup,
}

impl core::fmt::Display for PointError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PointError::InvalidEncoding => "invalid point encoding",
            PointError::NotOnCurve => "point is not on the curve",
            PointError::NotInSubgroup => "point is not in the prime-order subgroup",
        })
    }
}

/// An additive group with a multiplication by scalars of `F` (a module over
/// `F`). Both the scalar field itself and the curve groups are modules, which
/// lets one FFT serve Fr and G1.
pub trait Module<F>:
    Copy
    + Debug
    + PartialEq
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + for<'a> Mul<&'a F, Output = Self>
    + for<'a> MulAssign<&'a F>
{
    /// The neutral element.
    fn zero() -> Self;
    /// Whether this is the neutral element.
    fn is_zero(&self) -> bool;
}

/// The BLS12-381 scalar field Fr.
pub trait Scalar: Module<Self> + Eq + MulAssign + Mul<Output = Self> {
    /// The multiplicative identity.
    fn one() -> Self;
    /// The field element with the given small integer value.
    fn from_u64(v: u64) -> Self;
    /// Parses a 32-byte big-endian integer; `None` unless it is `< r`.
    fn from_bytes_be(bytes: &[u8; 32]) -> Option<Self>;
    /// Reads a 32-byte big-endian integer and reduces it modulo `r`.
    fn from_bytes_be_reduced(bytes: &[u8; 32]) -> Self;
    /// The canonical 32-byte big-endian encoding.
    fn to_bytes_be(&self) -> [u8; 32];
    /// The canonical 32-byte little-endian encoding of the integer value.
    fn to_bytes_le(&self) -> [u8; 32];
    /// `self²`.
    fn square(&self) -> Self;
    /// The multiplicative inverse; `None` for zero. May be variable time.
    fn inverse(&self) -> Option<Self>;

    /// The field element with the given value below `2^128`.
    fn from_u128(v: u128) -> Self {
        let mut be = [0u8; 32];
        be[16..].copy_from_slice(&v.to_be_bytes());
        Self::from_bytes_be_reduced(&be)
    }

    /// `self^exp` with `exp` given as little-endian 64-bit limbs (variable time).
    fn pow(&self, exp: &[u64]) -> Self {
        let mut acc = Self::one();
        for limb in exp.iter().rev() {
            for bit in (0..64).rev() {
                acc = acc.square();
                if (limb >> bit) & 1 == 1 {
                    acc *= *self;
                }
            }
        }
        acc
    }
}

/// The base field Fp of G1, for the affine arithmetic of the generic
/// batch-affine MSMs ([`crate::msm`]).
pub trait BaseField:
    Copy
    + Debug
    + PartialEq
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// The additive identity.
    fn zero() -> Self;
    /// The multiplicative identity.
    fn one() -> Self;
    /// Whether this is zero.
    fn is_zero(&self) -> bool;
    /// `self²`.
    fn square(&self) -> Self;
    /// The multiplicative inverse of a non-zero element (variable time;
    /// the inputs of the MSMs are public). Zero maps to zero.
    fn inverse(&self) -> Self;
}

/// Replaces every element by its inverse (Montgomery's trick: one inversion
/// and three multiplications per element; zeros stay zero).
pub(crate) fn batch_invert<F: BaseField>(v: &mut [F]) {
    let mut prefix = Vec::with_capacity(v.len());
    let mut acc = F::one();
    for x in v.iter() {
        prefix.push(acc);
        if !x.is_zero() {
            acc = acc * *x;
        }
    }
    let mut inv = acc.inverse();
    for (x, before) in v.iter_mut().zip(prefix).rev() {
        if x.is_zero() {
            continue;
        }
        let next = inv * *x;
        *x = inv * before;
        inv = next;
    }
}

/// A prime-order curve group in projective form.
pub trait Group<F>: Module<F> {
    /// The fixed generator of the group.
    fn generator() -> Self;
    /// `2·self`.
    fn double(&self) -> Self;
}

/// A BLS12-381 implementation: the types and the curve arithmetic the
/// generic core needs. The optional fast paths are in the supertrait
/// [`Accel`].
pub trait Backend: Copy + Debug + Default + Send + Sync + 'static + Accel<Self> {
    /// A short name for reports ("blst", "arkworks").
    const NAME: &'static str;

    /// The scalar field.
    type Fr: Scalar;
    /// The base field of G1.
    type Fp: BaseField;
    /// G1 in projective coordinates.
    type G1: Group<Self::Fr>;
    /// G1 in affine coordinates (the storage form of fixed bases).
    type G1Affine: Copy + Debug + PartialEq + Send + Sync + 'static;
    /// G2 in projective coordinates.
    type G2: Group<Self::Fr>;
    /// A G2 point prepared for repeated pairings (for example its Miller-loop
    /// lines).
    type G2Prepared: Send + Sync + 'static;

    /// Converts to affine coordinates.
    fn g1_to_affine(p: &Self::G1) -> Self::G1Affine;
    /// Converts from affine coordinates.
    fn g1_from_affine(p: &Self::G1Affine) -> Self::G1;
    /// Converts many points to affine with one shared inversion.
    fn g1_batch_to_affine(points: &[Self::G1]) -> Vec<Self::G1Affine>;

    /// The affine coordinates `(x, y)`; `None` for the point at infinity.
    fn g1_affine_xy(p: &Self::G1Affine) -> Option<(Self::Fp, Self::Fp)>;
    /// The affine point with coordinates `(x, y)`, which the caller
    /// guarantees to lie on the curve (results of the group law on curve
    /// points).
    fn g1_affine_from_xy(x: Self::Fp, y: Self::Fp) -> Self::G1Affine;
    /// The cube root of unity β with `(β·x, y) = λ·(x, y)` on G1, where
    /// `λ = 0xac45a4010001a40200000000ffffffff` (the GLV endomorphism; see
    /// [`crate::msm::batch_affine::g1_msm_many`]). As an integer,
    /// `β = 0x1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac`.
    fn g1_glv_beta() -> Self::Fp;
    /// `p + q` for an affine `q` (backends may use mixed addition).
    fn g1_add_affine(p: &Self::G1, q: &Self::G1Affine) -> Self::G1 {
        *p + Self::g1_from_affine(q)
    }

    /// The 48-byte compressed (ZCash) encoding.
    fn g1_compress(p: &Self::G1) -> [u8; 48];
    /// Decodes a compressed point and checks that it is on the curve and in
    /// the prime-order subgroup (`KeyValidate`, with the point at infinity
    /// accepted).
    fn g1_decompress(bytes: &[u8; 48]) -> Result<Self::G1Affine, PointError>;
    /// The 96-byte uncompressed encoding.
    fn g1_serialize(p: &Self::G1Affine) -> [u8; 96];
    /// Decodes an uncompressed point, checking the curve equation but **not**
    /// subgroup membership. Only for data pinned by a hash (the embedded
    /// setup).
    fn g1_deserialize_unchecked_subgroup(bytes: &[u8; 96]) -> Result<Self::G1Affine, PointError>;

    /// The 96-byte compressed encoding of a G2 point.
    fn g2_compress(p: &Self::G2) -> [u8; 96];
    /// Decodes a compressed G2 point with on-curve and subgroup checks.
    fn g2_decompress(bytes: &[u8; 96]) -> Result<Self::G2, PointError>;
    /// The 192-byte uncompressed encoding of a G2 point.
    fn g2_serialize(p: &Self::G2) -> [u8; 192];
    /// Decodes an uncompressed G2 point, on-curve check only (pinned data).
    fn g2_deserialize_unchecked_subgroup(bytes: &[u8; 192]) -> Result<Self::G2, PointError>;

    /// Prepares a G2 point for pairings.
    fn g2_prepare(p: &Self::G2) -> Self::G2Prepared;
    /// The heap bytes a prepared G2 point holds besides its own size (its
    /// Miller-loop lines), for memory estimates; 0 where the backend does
    /// not know them.
    fn g2_prepared_heap_bytes(_p: &Self::G2Prepared) -> usize {
        0
    }
    /// Whether `Π e(P_i, Q_i) = 1` in GT.
    fn pairings_verify(pairs: &[(Self::G1, &Self::G2Prepared)]) -> bool;
}
