//! The zkcrypto backend (pure Rust): an adapter over the `bls12_381` crate
//! 0.9.
//!
//! That crate keeps its base field Fp and the affine coordinates private;
//! it exposes points only through their encodings. The generic batch-affine
//! MSMs need affine coordinates and base-field arithmetic, so this adapter
//! takes its base field from zkcrypto's own field library: [`Fp`] is the
//! BLS12-381 base field as the `ff` crate's `PrimeField` derive writes it
//! (Montgomery form, pure Rust), and affine G1 points are stored as their
//! coordinates in it, read from the crate's uncompressed encoding.
//! Everything else — the scalar field, the group law, the square roots of
//! decompression, the subgroup checks and the pairing — is the `bls12_381`
//! crate's. So no algorithm is written twice, no second MSM exists and no
//! other curve library is linked: the generic code serves this backend as
//! it serves arkworks.
//!
//! Decoding checks the flags and the coordinate range itself (the crate
//! reports every failure alike) so that each failure maps to the
//! [`PointError`] blst reports, including blst's treatment of the G1 points
//! `(0, ±2)` (on the curve, of order 3: [`PointError::NotInSubgroup`] even
//! for the subgroup-unchecked decoder).

use alloc::vec;
use alloc::vec::Vec;

use bls12_381::{G1Projective, G2Affine, G2Projective, Gt};
use ff::{Field, PrimeField};

use super::zcash::{compressed_flags, uncompressed_flags, x_is_zero, FLAG_INFINITY, GLV_BETA_BE};
use super::{Accel, Backend, BaseField, Group, Module, PointError, Scalar};

/// The field the `ff` derive writes: the BLS12-381 base field modulus p,
/// with 2 (a quadratic non-residue) as its multiplicative generator, and
/// 48-byte big-endian representations as in the point encodings.
// The derive's output tests `cfg(feature = "bits")`, a feature of `ff`
// rather than of this crate.
#[allow(unexpected_cfgs)]
mod fp_field {
    #[derive(ff::PrimeField)]
    #[PrimeFieldModulus = "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"]
    #[PrimeFieldGenerator = "2"]
    #[PrimeFieldReprEndianness = "big"]
    pub struct FpRaw([u64; 6]);
}
use fp_field::{FpRaw, FpRawRepr};

/// An element of the base field Fp of G1 (the generic MSMs' affine
/// arithmetic).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp(FpRaw);

impl Fp {
    /// Parses a 48-byte big-endian integer; `None` unless it is `< p`.
    pub fn from_be_bytes(bytes: &[u8; FP_BYTES]) -> Option<Fp> {
        Option::from(FpRaw::from_repr(FpRawRepr(*bytes))).map(Fp)
    }

    /// The canonical 48-byte big-endian encoding.
    pub fn to_be_bytes(&self) -> [u8; FP_BYTES] {
        self.0.to_repr().0
    }
}

impl core::ops::Add for Fp {
    type Output = Fp;
    fn add(self, rhs: Fp) -> Fp {
        Fp(self.0 + rhs.0)
    }
}
impl core::ops::Sub for Fp {
    type Output = Fp;
    fn sub(self, rhs: Fp) -> Fp {
        Fp(self.0 - rhs.0)
    }
}
impl core::ops::Mul for Fp {
    type Output = Fp;
    fn mul(self, rhs: Fp) -> Fp {
        Fp(self.0 * rhs.0)
    }
}
impl core::ops::Neg for Fp {
    type Output = Fp;
    fn neg(self) -> Fp {
        Fp(-self.0)
    }
}

impl BaseField for Fp {
    fn zero() -> Self {
        Fp(FpRaw::ZERO)
    }
    fn one() -> Self {
        Fp(FpRaw::ONE)
    }
    fn is_zero(&self) -> bool {
        bool::from(self.0.is_zero())
    }
    fn square(&self) -> Self {
        Fp(self.0.square())
    }
    fn inverse(&self) -> Self {
        Fp(Option::from(self.0.invert()).unwrap_or(FpRaw::ZERO))
    }
}

/// The zkcrypto backend marker type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zkcrypto;

/// An element of Fr.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fr(pub bls12_381::Scalar);

/// A G1 point in the crate's projective coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1(pub G1Projective);

/// A G2 point in the crate's projective coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2(pub G2Projective);

/// An affine G1 point as its coordinates `(x, y)` in [`Fp`]; `None` is the
/// point at infinity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct G1Affine(pub Option<(Fp, Fp)>);

/// Bytes in one big-endian base-field element.
const FP_BYTES: usize = 48;

impl G1Affine {
    /// The crate's affine point with these coordinates.
    fn to_zk(self) -> bls12_381::G1Affine {
        let Some((x, y)) = self.0 else {
            return bls12_381::G1Affine::identity();
        };
        let mut bytes = [0u8; 2 * FP_BYTES];
        bytes[..FP_BYTES].copy_from_slice(&x.to_be_bytes());
        bytes[FP_BYTES..].copy_from_slice(&y.to_be_bytes());
        // Canonical coordinates below p always decode.
        Option::from(bls12_381::G1Affine::from_uncompressed_unchecked(&bytes))
            .unwrap_or_else(bls12_381::G1Affine::identity)
    }

    /// The coordinates of the crate's affine point.
    fn from_zk(p: &bls12_381::G1Affine) -> G1Affine {
        if bool::from(p.is_identity()) {
            return G1Affine(None);
        }
        let bytes = p.to_uncompressed();
        let coordinate = |range: core::ops::Range<usize>| {
            let mut c = [0u8; FP_BYTES];
            c.copy_from_slice(&bytes[range]);
            // The crate's encodings of its points are canonical (< p).
            Fp::from_be_bytes(&c)
        };
        G1Affine(coordinate(0..FP_BYTES).zip(coordinate(FP_BYTES..2 * FP_BYTES)))
    }
}

// ---------------------------------------------------------------- Fr

forward_ops!(scalar Fr);

impl Module<Fr> for Fr {
    fn zero() -> Self {
        Fr(bls12_381::Scalar::zero())
    }
    fn is_zero(&self) -> bool {
        self.0 == bls12_381::Scalar::zero()
    }
}

impl Scalar for Fr {
    fn one() -> Self {
        Fr(bls12_381::Scalar::one())
    }
    fn from_u64(v: u64) -> Self {
        Fr(bls12_381::Scalar::from(v))
    }
    fn from_bytes_be(bytes: &[u8; 32]) -> Option<Self> {
        let mut le = *bytes;
        le.reverse();
        Option::from(bls12_381::Scalar::from_bytes(&le)).map(Fr)
    }
    fn from_bytes_be_reduced(bytes: &[u8; 32]) -> Self {
        let mut wide = [0u8; 64];
        for (w, b) in wide.iter_mut().zip(bytes.iter().rev()) {
            *w = *b;
        }
        Fr(bls12_381::Scalar::from_bytes_wide(&wide))
    }
    fn to_bytes_be(&self) -> [u8; 32] {
        let mut out = self.0.to_bytes();
        out.reverse();
        out
    }
    fn to_bytes_le(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
    fn square(&self) -> Self {
        Fr(self.0.square())
    }
    fn inverse(&self) -> Option<Self> {
        Option::from(self.0.invert()).map(Fr)
    }
}

// ---------------------------------------------------------------- G1 / G2

/// Implements the group traits for a newtype over one of the crate's
/// projective point types.
macro_rules! zk_group {
    ($name:ident, $raw:ty) => {
        forward_ops!(group $name, Fr);
        impl Module<Fr> for $name {
            fn zero() -> Self {
                $name(<$raw>::identity())
            }
            fn is_zero(&self) -> bool {
                bool::from(self.0.is_identity())
            }
        }
        impl Group<Fr> for $name {
            fn generator() -> Self {
                $name(<$raw>::generator())
            }
            fn double(&self) -> Self {
                $name(self.0.double())
            }
        }
    };
}

zk_group!(G1, G1Projective);
zk_group!(G2, G2Projective);

impl Backend for Zkcrypto {
    const NAME: &'static str = "zkcrypto";
    type Fr = Fr;
    type Fp = Fp;
    type G1 = G1;
    type G1Affine = G1Affine;
    type G2 = G2;
    type G2Prepared = bls12_381::G2Prepared;

    fn g1_to_affine(p: &G1) -> G1Affine {
        G1Affine::from_zk(&bls12_381::G1Affine::from(p.0))
    }

    fn g1_from_affine(p: &G1Affine) -> G1 {
        G1(G1Projective::from(p.to_zk()))
    }

    fn g1_batch_to_affine(points: &[G1]) -> Vec<G1Affine> {
        let raw: Vec<G1Projective> = points.iter().map(|p| p.0).collect();
        let mut out = vec![bls12_381::G1Affine::identity(); raw.len()];
        G1Projective::batch_normalize(&raw, &mut out);
        out.iter().map(G1Affine::from_zk).collect()
    }

    fn g1_affine_xy(p: &G1Affine) -> Option<(Fp, Fp)> {
        p.0
    }

    fn g1_affine_from_xy(x: Fp, y: Fp) -> G1Affine {
        G1Affine(Some((x, y)))
    }

    fn g1_glv_beta() -> Fp {
        // A constant below p.
        Fp::from_be_bytes(&GLV_BETA_BE).unwrap_or_else(Fp::zero)
    }

    fn g1_add_affine(p: &G1, q: &G1Affine) -> G1 {
        G1(p.0.add_mixed(&q.to_zk()))
    }

    fn g1_compress(p: &G1) -> [u8; 48] {
        bls12_381::G1Affine::from(p.0).to_compressed()
    }

    fn g1_decompress(bytes: &[u8; 48]) -> Result<G1Affine, PointError> {
        if compressed_flags(bytes)? {
            return Ok(G1Affine(None));
        }
        let p: bls12_381::G1Affine =
            Option::from(bls12_381::G1Affine::from_compressed_unchecked(bytes))
                .ok_or(PointError::NotOnCurve)?;
        if x_is_zero(bytes) || !bool::from(p.is_torsion_free()) {
            return Err(PointError::NotInSubgroup);
        }
        Ok(G1Affine::from_zk(&p))
    }

    fn g1_serialize(p: &G1Affine) -> [u8; 96] {
        let mut out = [0u8; 96];
        match p.0 {
            None => out[0] = FLAG_INFINITY,
            Some((x, y)) => {
                out[..FP_BYTES].copy_from_slice(&x.to_be_bytes());
                out[FP_BYTES..].copy_from_slice(&y.to_be_bytes());
            }
        }
        out
    }

    fn g1_deserialize_unchecked_subgroup(bytes: &[u8; 96]) -> Result<G1Affine, PointError> {
        if uncompressed_flags(bytes)? {
            return Ok(G1Affine(None));
        }
        let p: bls12_381::G1Affine =
            Option::from(bls12_381::G1Affine::from_uncompressed_unchecked(bytes))
                .ok_or(PointError::InvalidEncoding)?;
        if !bool::from(p.is_on_curve()) {
            return Err(PointError::NotOnCurve);
        }
        if x_is_zero(bytes) {
            return Err(PointError::NotInSubgroup);
        }
        Ok(G1Affine::from_zk(&p))
    }

    fn g2_compress(p: &G2) -> [u8; 96] {
        G2Affine::from(p.0).to_compressed()
    }

    fn g2_decompress(bytes: &[u8; 96]) -> Result<G2, PointError> {
        if compressed_flags(bytes)? {
            return Ok(G2::zero());
        }
        let p: G2Affine = Option::from(G2Affine::from_compressed_unchecked(bytes))
            .ok_or(PointError::NotOnCurve)?;
        if !bool::from(p.is_torsion_free()) {
            return Err(PointError::NotInSubgroup);
        }
        Ok(G2(G2Projective::from(p)))
    }

    fn g2_serialize(p: &G2) -> [u8; 192] {
        G2Affine::from(p.0).to_uncompressed()
    }

    fn g2_deserialize_unchecked_subgroup(bytes: &[u8; 192]) -> Result<G2, PointError> {
        if uncompressed_flags(bytes)? {
            return Ok(G2::zero());
        }
        let p: G2Affine = Option::from(G2Affine::from_uncompressed_unchecked(bytes))
            .ok_or(PointError::InvalidEncoding)?;
        if !bool::from(p.is_on_curve()) {
            return Err(PointError::NotOnCurve);
        }
        Ok(G2(G2Projective::from(p)))
    }

    fn g2_prepare(p: &G2) -> bls12_381::G2Prepared {
        bls12_381::G2Prepared::from(G2Affine::from(p.0))
    }

    fn pairings_verify(pairs: &[(G1, &bls12_381::G2Prepared)]) -> bool {
        let live: Vec<&(G1, &bls12_381::G2Prepared)> =
            pairs.iter().filter(|(p, _)| !p.is_zero()).collect();
        let raw: Vec<G1Projective> = live.iter().map(|(p, _)| p.0).collect();
        let mut affine = vec![bls12_381::G1Affine::identity(); raw.len()];
        G1Projective::batch_normalize(&raw, &mut affine);
        let terms: Vec<(&bls12_381::G1Affine, &bls12_381::G2Prepared)> = affine
            .iter()
            .zip(&live)
            .map(|(p, (_, q))| (p, *q))
            .collect();
        bls12_381::multi_miller_loop(&terms).final_exponentiation() == Gt::identity()
    }
}

/// No fast paths of its own: the generic MSMs, products and FFT scaling.
impl Accel<Zkcrypto> for Zkcrypto {}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(β·x, y) = λ·(x, y)` on the generator, with λ of
    /// [`Backend::g1_glv_beta`], and β³ = 1.
    #[test]
    fn glv_beta_is_the_endomorphism_of_lambda() {
        let g = G1::generator();
        let (x, y) = Zkcrypto::g1_affine_xy(&Zkcrypto::g1_to_affine(&g)).unwrap();
        let beta = Zkcrypto::g1_glv_beta();
        let phi = Zkcrypto::g1_from_affine(&Zkcrypto::g1_affine_from_xy(beta * x, y));
        let lambda = Fr::from_u128(0xac45a4010001a40200000000ffffffff);
        assert_eq!(phi, g * &lambda);
        assert_eq!(beta * beta * beta, Fp::one());
        assert_ne!(beta, Fp::one());
    }

    /// Encodings round-trip, p itself is rejected, and inverses invert.
    #[test]
    fn fp_encoding_and_inverse() {
        let (x, y) = Zkcrypto::g1_affine_xy(&Zkcrypto::g1_to_affine(&G1::generator())).unwrap();
        assert_eq!(Fp::from_be_bytes(&x.to_be_bytes()), Some(x));
        assert_eq!(Fp::from_be_bytes(&super::super::zcash::P_BE), None);
        assert_eq!(x * x.inverse(), Fp::one());
        assert_eq!((x + y) - y, x);
        assert_eq!(-x + x, Fp::zero());
        assert_eq!(Fp::zero().inverse(), Fp::zero());
    }
}
