//! The curve-backend trait layer.
//!
//! Everything above this module is written once, generic over [`Backend`], and
//! monomorphised. A backend is a thin adapter over a BLS12-381 implementation:
//! the scalar field, G1 and G2 with their compressed encodings and validity
//! checks, the base field of G1 with affine coordinates (for the generic
//! batch-affine MSMs of [`crate::msm`]), the backend's own multi-scalar
//! multiplication and a pairing product check.
//!
//! Backends: [`Blst`] (default) and, with the `arkworks` feature, `Arkworks`.

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

pub mod blst;
mod blst_fp;
mod blst_glv;
mod blst_ifma;
mod blst_pairing;
pub(crate) mod wnaf;
pub use self::blst::Blst;

#[cfg(feature = "arkworks")]
pub mod arkworks;
#[cfg(feature = "arkworks")]
pub use self::arkworks::Arkworks;

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
{
    /// The neutral element.
    fn zero() -> Self;
    /// Whether this is the neutral element.
    fn is_zero(&self) -> bool;

    /// The radix-2 butterfly `(x, y) ← (x + w·y, x − w·y)`. Backends may
    /// override it to work in place (no temporaries copied between calls).
    #[inline]
    fn butterfly(x: &mut Self, y: &mut Self, w: &F) {
        let t = *y * w;
        *y = *x - t;
        *x += t;
    }

    /// The decimation-in-frequency butterfly `(x, y) ← (x + y, (x − y)·w)`.
    #[inline]
    fn butterfly_dif(x: &mut Self, y: &mut Self, w: &F) {
        let t = *x - *y;
        *x += *y;
        *y = t * w;
    }

    /// Whether [`Module::scale_many`] beats products one at a time; the
    /// FFT then collects each stage's twiddle products into one call.
    const BATCHED_SCALING: bool = false;

    /// `ys[i] ← ws[i]·ys[i]` for independent products (extra entries of
    /// the longer slice are ignored).
    fn scale_many(ys: &mut [Self], ws: &[F]) {
        scale_each(ys, ws)
    }

    /// The butterfly with `w = 1`: `(x, y) ← (x + y, x − y)`.
    #[inline]
    fn butterfly_unit(x: &mut Self, y: &mut Self) {
        let t = *y;
        *y = *x - t;
        *x += t;
    }
}

/// `ys[i] ← ws[i]·ys[i]` one product at a time: the default
/// [`Module::scale_many`], and the fallback of backends that override it.
pub(crate) fn scale_each<F, T: Module<F>>(ys: &mut [T], ws: &[F]) {
    for (y, w) in ys.iter_mut().zip(ws) {
        *y = *y * w;
    }
}

/// [`Scalar::from_bytes_be_many`] one element at a time: the default, and
/// the fallback of backends that override it.
pub(crate) fn from_bytes_be_each<F: Scalar>(bytes: &[u8]) -> core::result::Result<Vec<F>, usize> {
    bytes
        .chunks_exact(32)
        .enumerate()
        .map(|(i, chunk)| {
            let mut b = [0u8; 32];
            b.copy_from_slice(chunk);
            F::from_bytes_be(&b).ok_or(i)
        })
        .collect()
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

    /// Spec `bytes_to_bls_field` for consecutive 32-byte big-endian
    /// integers (a trailing partial chunk is ignored); `Err(i)` names the
    /// first that is not `< r`.
    /// Backends may convert many at once.
    fn from_bytes_be_many(bytes: &[u8]) -> core::result::Result<Vec<Self>, usize> {
        from_bytes_be_each(bytes)
    }

    /// [`Scalar::from_bytes_be_many`] with every element multiplied by the
    /// same backend constant `1/c`, returned with `c`: the cheapest form a
    /// backend can produce (blst and arkworks: the integer taken as its
    /// Montgomery representation, skipping the conversion). A computation
    /// that is linear in the elements multiplies its result by `c` once.
    /// `Err(i)` names the first element that is not `< r`.
    fn from_bytes_be_many_scaled(bytes: &[u8]) -> core::result::Result<(Vec<Self>, Self), usize> {
        Ok((Self::from_bytes_be_many(bytes)?, Self::one()))
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
    fn pair_fraction_sum(
        _evals: &[Self],
        _roots: &[Self],
        _roots_sq: &[Self],
        _z: &Self,
    ) -> Option<(Self, Self)> {
        None
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

/// A prime-order curve group in projective form.
pub trait Group<F>: Module<F> {
    /// The fixed generator of the group.
    fn generator() -> Self;
    /// `2·self`.
    fn double(&self) -> Self;
}

/// A BLS12-381 implementation: the types and the handful of operations the
/// generic core needs.
pub trait Backend: Copy + Debug + Default + Send + Sync + 'static {
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
    /// Decodes many compressed points, each as [`Backend::g1_decompress`].
    /// Backends may check the subgroup membership of many points at once.
    fn g1_decompress_many(bytes: &[[u8; 48]]) -> Vec<Result<Self::G1Affine, PointError>> {
        bytes.iter().map(Self::g1_decompress).collect()
    }
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

    /// `s·p` in variable time, for public inputs (verification). `p` must be
    /// in G1 (backends may use the GLV endomorphism).
    fn g1_mul_vartime(p: &Self::G1, s: &Self::Fr) -> Self::G1 {
        wnaf::mul(p, &wnaf::limbs(&s.to_bytes_le()))
    }

    /// `Σ scalars[i]·points[i]` (variable base). Lengths must match; extra
    /// entries of the longer slice are ignored.
    fn g1_msm(points: &[Self::G1Affine], scalars: &[Self::Fr]) -> Self::G1;

    /// Whether the backend's own [`Backend::g1_msm`] and
    /// [`Backend::g1_msm_signed_digits`] beat the generic batch-affine
    /// bucket method of [`crate::msm`] on this CPU (decided at run time,
    /// e.g. by a SIMD kernel the CPU has). When `false`, the generic code
    /// runs its own MSMs, several of them in lock step where it can.
    fn msm_accelerated() -> bool {
        false
    }

    /// `Σ d_i·points[i]` where every `digits[i]` is a signed `window`-bit digit
    /// in two's complement (`-2^(window-1) ≤ d_i < 2^(window-1)`), as produced
    /// by the fixed-base MSM in [`crate::msm`]. `2 ≤ window ≤ 16`. The
    /// default is the generic batch-affine bucket method.
    fn g1_msm_signed_digits(points: &[Self::G1Affine], digits: &[u16], window: usize) -> Self::G1 {
        crate::msm::batch_affine::signed_digit_sum::<Self>(points, digits, window)
    }

    /// Prepares a G2 point for pairings.
    fn g2_prepare(p: &Self::G2) -> Self::G2Prepared;
    /// Whether `Π e(P_i, Q_i) = 1` in GT.
    fn pairings_verify(pairs: &[(Self::G1, &Self::G2Prepared)]) -> bool;
}
