//! The arkworks backend (pure Rust): an adapter over `ark-bls12-381` 0.5.
//!
//! Point encodings are written by hand rather than through
//! `CanonicalSerialize`, so that they are byte-identical to blst's (the ZCash
//! BLS12-381 format used by Ethereum) and so that decoding failures map onto
//! the precise [`PointError`] variants: ark's serializer only reports
//! "invalid data" and cannot tell a bad encoding from an off-curve or
//! out-of-subgroup point.
//!
//! Encoding summary (big-endian field elements, flags in the top three bits of
//! the first byte):
//!
//! * G1: compressed `x` (48 bytes), uncompressed `x ‖ y` (96 bytes).
//! * G2: compressed `x.c1 ‖ x.c0` (96 bytes), uncompressed
//!   `x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0` (192 bytes).
//! * Flags: `0x80` compressed, `0x40` point at infinity (all other bits zero),
//!   `0x20` (compressed only) `y` is the lexicographically larger root.
//!
//! Decoding mirrors blst's rules exactly, including its treatment of the G1
//! points `(0, ±2)`, which lie on the curve but have order 3 and are reported
//! as [`PointError::NotInSubgroup`] even by the subgroup-unchecked decoder.

use alloc::vec::Vec;
use ark_bls12_381::{Bls12_381, Config as BlsConfig, Fq, Fq2, G1Projective, G2Projective};
use ark_ec::bls12::{G1Prepared, G2Prepared};
use ark_ec::pairing::Pairing;
use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ec::{AdditiveGroup, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInt, Field, One, PrimeField, Zero};

use super::zcash::{
    compressed_flags, uncompressed_flags, FLAG_COMPRESSED, FLAG_INFINITY, FLAG_MASK, FLAG_SORT,
};
use super::{Accel, Backend, Group, Module, PointError, Scalar};

/// The arkworks backend marker type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arkworks;

/// An element of Fr (ark's Montgomery-form `Fp256`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fr(pub ark_bls12_381::Fr);

/// A G1 point in ark's Jacobian coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1(pub G1Projective);

/// A G2 point in ark's Jacobian coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2(pub G2Projective);

/// ark's affine G1 point.
pub type G1Affine = ark_bls12_381::G1Affine;

/// ark's affine G2 point.
type G2Affine = ark_bls12_381::G2Affine;

/// A G2 point with its precomputed Miller-loop line coefficients.
pub type G2Lines = G2Prepared<BlsConfig>;

/// Bytes in one big-endian base-field element.
const FQ_BYTES: usize = 48;

// ---------------------------------------------------------------- Fq helpers

impl super::BaseField for Fq {
    fn zero() -> Self {
        <Fq as Zero>::zero()
    }
    fn one() -> Self {
        <Fq as One>::one()
    }
    fn is_zero(&self) -> bool {
        <Fq as Zero>::is_zero(self)
    }
    fn square(&self) -> Self {
        Field::square(self)
    }
    fn inverse(&self) -> Self {
        Field::inverse(self).unwrap_or_default()
    }
}

/// Parses a 48-byte big-endian integer as an element of Fq; `None` unless the
/// slice has exactly 48 bytes and the value is `< p`.
fn fq_from_be(bytes: &[u8]) -> Option<Fq> {
    if bytes.len() != FQ_BYTES {
        return None;
    }
    let mut limbs = [0u64; 6];
    for (limb, chunk) in limbs.iter_mut().rev().zip(bytes.chunks_exact(8)) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        *limb = u64::from_be_bytes(word);
    }
    Fq::from_bigint(BigInt(limbs))
}

/// Writes the canonical big-endian encoding of `f` into `out` (48 bytes; a
/// shorter slice receives a prefix).
fn fq_to_be(f: &Fq, out: &mut [u8]) {
    let limbs = f.into_bigint().0;
    for (chunk, limb) in out.chunks_exact_mut(8).zip(limbs.iter().rev()) {
        chunk.copy_from_slice(&limb.to_be_bytes());
    }
}

/// Whether `y` is the lexicographically larger of `y` and `-y`, comparing
/// canonical integer values (the ZCash sort flag).
fn fq_is_larger(y: &Fq) -> bool {
    y.into_bigint() > (-*y).into_bigint()
}

/// The ZCash sort flag for Fq2: decided by `c1`, or by `c0` when `c1 = 0`.
fn fq2_is_larger(y: &Fq2) -> bool {
    if y.c1.is_zero() {
        fq_is_larger(&y.c0)
    } else {
        fq_is_larger(&y.c1)
    }
}

/// Chooses the root of `x³ + b` with the requested sort flag (on-curve check
/// included: `None` when `x³ + b` is not a square).
fn point_from_x<P: SWCurveConfig>(
    x: P::BaseField,
    larger: bool,
    is_larger: impl Fn(&P::BaseField) -> bool,
) -> Option<Affine<P>> {
    let (a, b) = Affine::<P>::get_ys_from_x_unchecked(x)?;
    let y = if is_larger(&a) == larger { a } else { b };
    Some(Affine::new_unchecked(x, y))
}

// ---------------------------------------------------------------- Fr

forward_ops!(scalar Fr);

impl Module<Fr> for Fr {
    fn zero() -> Self {
        Fr(ark_bls12_381::Fr::ZERO)
    }
    fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
}

impl Scalar for Fr {
    fn one() -> Self {
        Fr(ark_bls12_381::Fr::ONE)
    }
    fn from_u64(v: u64) -> Self {
        Fr(ark_bls12_381::Fr::from(v))
    }
    fn from_bytes_be(bytes: &[u8; 32]) -> Option<Self> {
        let mut limbs = [0u64; 4];
        for (limb, chunk) in limbs.iter_mut().rev().zip(bytes.chunks_exact(8)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            *limb = u64::from_be_bytes(word);
        }
        // `from_bigint` rejects values ≥ r.
        ark_bls12_381::Fr::from_bigint(BigInt(limbs)).map(Fr)
    }
    fn from_bytes_be_reduced(bytes: &[u8; 32]) -> Self {
        Fr(ark_bls12_381::Fr::from_be_bytes_mod_order(bytes))
    }
    fn to_bytes_be(&self) -> [u8; 32] {
        let limbs = self.0.into_bigint().0;
        let mut out = [0u8; 32];
        for (chunk, limb) in out.chunks_exact_mut(8).zip(limbs.iter().rev()) {
            chunk.copy_from_slice(&limb.to_be_bytes());
        }
        out
    }
    fn to_bytes_le(&self) -> [u8; 32] {
        let limbs = self.0.into_bigint().0;
        let mut out = [0u8; 32];
        for (chunk, limb) in out.chunks_exact_mut(8).zip(limbs.iter()) {
            chunk.copy_from_slice(&limb.to_le_bytes());
        }
        out
    }
    fn square(&self) -> Self {
        Fr(Field::square(&self.0))
    }
    fn inverse(&self) -> Option<Self> {
        Field::inverse(&self.0).map(Fr)
    }
}

// ---------------------------------------------------------------- G1 / G2

/// Implements the group traits for a newtype over one of ark's projective
/// point types.
macro_rules! ark_group {
    ($name:ident, $raw:ty) => {
        forward_ops!(group $name, Fr);
        impl Module<Fr> for $name {
            fn zero() -> Self {
                $name(<$raw>::zero())
            }
            fn is_zero(&self) -> bool {
                self.0.is_zero()
            }
        }
        impl Group<Fr> for $name {
            fn generator() -> Self {
                $name(<$raw as PrimeGroup>::generator())
            }
            fn double(&self) -> Self {
                $name(AdditiveGroup::double(&self.0))
            }
        }
    };
}

ark_group!(G1, G1Projective);
ark_group!(G2, G2Projective);

/// The 96-byte uncompressed encoding of an affine G1 point.
fn g1_affine_serialize(p: &G1Affine) -> [u8; 96] {
    let mut out = [0u8; 96];
    match p.xy() {
        None => out[0] = FLAG_INFINITY,
        Some((x, y)) => {
            fq_to_be(&x, &mut out[..FQ_BYTES]);
            fq_to_be(&y, &mut out[FQ_BYTES..]);
        }
    }
    out
}

/// The 192-byte uncompressed encoding of an affine G2 point.
fn g2_affine_serialize(p: &G2Affine) -> [u8; 192] {
    let mut out = [0u8; 192];
    match p.xy() {
        None => out[0] = FLAG_INFINITY,
        Some((x, y)) => {
            fq_to_be(&x.c1, &mut out[..FQ_BYTES]);
            fq_to_be(&x.c0, &mut out[FQ_BYTES..2 * FQ_BYTES]);
            fq_to_be(&y.c1, &mut out[2 * FQ_BYTES..3 * FQ_BYTES]);
            fq_to_be(&y.c0, &mut out[3 * FQ_BYTES..]);
        }
    }
    out
}

/// Reads `x.c1 ‖ x.c0` (96 bytes, flags already masked) as an Fq2 element.
fn fq2_from_be(bytes: &[u8]) -> Result<Fq2, PointError> {
    let (c1, c0) = bytes
        .split_at_checked(FQ_BYTES)
        .ok_or(PointError::InvalidEncoding)?;
    let c1 = fq_from_be(c1).ok_or(PointError::InvalidEncoding)?;
    let c0 = fq_from_be(c0).ok_or(PointError::InvalidEncoding)?;
    Ok(Fq2::new(c0, c1))
}

impl Backend for Arkworks {
    const NAME: &'static str = "arkworks";
    type Fr = Fr;
    type Fp = Fq;
    type G1 = G1;
    type G1Affine = G1Affine;
    type G2 = G2;
    type G2Prepared = G2Lines;

    fn g1_to_affine(p: &G1) -> G1Affine {
        p.0.into_affine()
    }

    fn g1_from_affine(p: &G1Affine) -> G1 {
        G1(p.into_group())
    }

    fn g1_batch_to_affine(points: &[G1]) -> Vec<G1Affine> {
        let raw: Vec<G1Projective> = points.iter().map(|p| p.0).collect();
        G1Projective::normalize_batch(&raw)
    }

    fn g1_affine_xy(p: &G1Affine) -> Option<(Fq, Fq)> {
        p.xy()
    }

    fn g1_affine_from_xy(x: Fq, y: Fq) -> G1Affine {
        G1Affine::new_unchecked(x, y)
    }

    fn g1_glv_beta() -> Fq {
        const BETA: [u8; 48] = [
            0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x99, 0xec, 0x02, 0x40, 0x86, 0x63, 0xd4,
            0xde, 0x85, 0xaa, 0x0d, 0x85, 0x7d, 0x89, 0x75, 0x9a, 0xd4, 0x89, 0x7d, 0x29, 0x65,
            0x0f, 0xb8, 0x5f, 0x9b, 0x40, 0x94, 0x27, 0xeb, 0x4f, 0x49, 0xff, 0xfd, 0x8b, 0xfd,
            0x00, 0x00, 0x00, 0x00, 0xaa, 0xac,
        ];
        fq_from_be(&BETA).unwrap_or_default()
    }

    fn g1_add_affine(p: &G1, q: &G1Affine) -> G1 {
        G1(p.0 + q)
    }

    fn g1_compress(p: &G1) -> [u8; 48] {
        let mut out = [0u8; 48];
        match p.0.into_affine().xy() {
            None => out[0] = FLAG_COMPRESSED | FLAG_INFINITY,
            Some((x, y)) => {
                fq_to_be(&x, &mut out);
                out[0] |= FLAG_COMPRESSED;
                if fq_is_larger(&y) {
                    out[0] |= FLAG_SORT;
                }
            }
        }
        out
    }

    fn g1_decompress(bytes: &[u8; 48]) -> Result<G1Affine, PointError> {
        if compressed_flags(bytes)? {
            return Ok(G1Affine::identity());
        }
        let mut x_bytes = *bytes;
        x_bytes[0] &= !FLAG_MASK;
        let x = fq_from_be(&x_bytes).ok_or(PointError::InvalidEncoding)?;
        let p =
            point_from_x::<ark_bls12_381::g1::Config>(x, bytes[0] & FLAG_SORT != 0, fq_is_larger)
                .ok_or(PointError::NotOnCurve)?;
        // (0, ±2) has order 3; blst reports it before its subgroup check.
        if x.is_zero() || !p.is_in_correct_subgroup_assuming_on_curve() {
            return Err(PointError::NotInSubgroup);
        }
        Ok(p)
    }

    fn g1_serialize(p: &G1Affine) -> [u8; 96] {
        g1_affine_serialize(p)
    }

    fn g1_deserialize_unchecked_subgroup(bytes: &[u8; 96]) -> Result<G1Affine, PointError> {
        if uncompressed_flags(bytes)? {
            return Ok(G1Affine::identity());
        }
        let x = fq_from_be(&bytes[..FQ_BYTES]).ok_or(PointError::InvalidEncoding)?;
        let y = fq_from_be(&bytes[FQ_BYTES..]).ok_or(PointError::InvalidEncoding)?;
        let p = G1Affine::new_unchecked(x, y);
        if !p.is_on_curve() {
            return Err(PointError::NotOnCurve);
        }
        // As blst: (0, ±2) is on the curve but of order 3.
        if x.is_zero() {
            return Err(PointError::NotInSubgroup);
        }
        Ok(p)
    }

    fn g2_compress(p: &G2) -> [u8; 96] {
        let mut out = [0u8; 96];
        match p.0.into_affine().xy() {
            None => out[0] = FLAG_COMPRESSED | FLAG_INFINITY,
            Some((x, y)) => {
                fq_to_be(&x.c1, &mut out[..FQ_BYTES]);
                fq_to_be(&x.c0, &mut out[FQ_BYTES..]);
                out[0] |= FLAG_COMPRESSED;
                if fq2_is_larger(&y) {
                    out[0] |= FLAG_SORT;
                }
            }
        }
        out
    }

    fn g2_decompress(bytes: &[u8; 96]) -> Result<G2, PointError> {
        if compressed_flags(bytes)? {
            return Ok(G2::zero());
        }
        let mut x_bytes = *bytes;
        x_bytes[0] &= !FLAG_MASK;
        let x = fq2_from_be(&x_bytes)?;
        let p =
            point_from_x::<ark_bls12_381::g2::Config>(x, bytes[0] & FLAG_SORT != 0, fq2_is_larger)
                .ok_or(PointError::NotOnCurve)?;
        if !p.is_in_correct_subgroup_assuming_on_curve() {
            return Err(PointError::NotInSubgroup);
        }
        Ok(G2(p.into_group()))
    }

    fn g2_serialize(p: &G2) -> [u8; 192] {
        g2_affine_serialize(&p.0.into_affine())
    }

    fn g2_deserialize_unchecked_subgroup(bytes: &[u8; 192]) -> Result<G2, PointError> {
        if uncompressed_flags(bytes)? {
            return Ok(G2::zero());
        }
        let x = fq2_from_be(&bytes[..2 * FQ_BYTES])?;
        let y = fq2_from_be(&bytes[2 * FQ_BYTES..])?;
        let p = G2Affine::new_unchecked(x, y);
        if !p.is_on_curve() {
            return Err(PointError::NotOnCurve);
        }
        Ok(G2(p.into_group()))
    }

    fn g2_prepared_heap_bytes(p: &G2Lines) -> usize {
        core::mem::size_of_val(&p.ell_coeffs[..])
    }

    fn g2_prepare(p: &G2) -> G2Lines {
        G2Prepared::from(p.0)
    }

    fn pairings_verify(pairs: &[(G1, &G2Lines)]) -> bool {
        let live: Vec<&(G1, &G2Lines)> = pairs.iter().filter(|(p, _)| !p.is_zero()).collect();
        if live.is_empty() {
            return true;
        }
        let g1: Vec<G1Projective> = live.iter().map(|(p, _)| p.0).collect();
        let g1 = G1Projective::normalize_batch(&g1);
        // ark's Miller loop consumes its prepared G2 inputs, hence the clones.
        let ml = Bls12_381::multi_miller_loop(
            g1.into_iter().map(G1Prepared::<BlsConfig>::from),
            live.iter().map(|(_, q)| (*q).clone()),
        );
        Bls12_381::final_exponentiation(ml).is_some_and(|gt| gt.0.is_one())
    }
}

/// arkworks' one fast path: blob field elements read straight into
/// Montgomery form; everything else is the generic code.
impl Accel<Arkworks> for Arkworks {
    /// arkworks' points are Jacobian over the same Fq, with `Z = 0` for the
    /// identity: the coordinates are taken as they are.
    fn g1_from_jacobian(x: &Fq, y: &Fq, z: &Fq) -> Option<G1> {
        Some(G1(G1Projective::new_unchecked(*x, *y, *z)))
    }

    /// The canonical integers as Montgomery representations (value
    /// `x/R`), with `c = R mod r`.
    fn fr_from_bytes_be_many_scaled(bytes: &[u8]) -> Result<(Vec<Fr>, Fr), usize> {
        let out = Arkworks::fr_from_bytes_be_many_raw(bytes)?;
        // `one` is stored as R mod r; read as an integer, that is `c`.
        let c =
            ark_bls12_381::Fr::from_bigint(<ark_bls12_381::Fr as One>::one().0).ok_or(0usize)?;
        Ok((out, Fr(c)))
    }

    /// As [`Accel::fr_from_bytes_be_many_scaled`] without `c` (`R mod r`).
    fn fr_from_bytes_be_many_raw(bytes: &[u8]) -> Result<Vec<Fr>, usize> {
        let modulus = <ark_bls12_381::Fr as PrimeField>::MODULUS;
        let mut out = Vec::with_capacity(bytes.len() / 32);
        for (i, element) in bytes.chunks_exact(32).enumerate() {
            let mut limbs = [0u64; 4];
            for (limb, chunk) in limbs.iter_mut().rev().zip(element.chunks_exact(8)) {
                let mut word = [0u8; 8];
                word.copy_from_slice(chunk);
                *limb = u64::from_be_bytes(word);
            }
            let x = BigInt(limbs);
            if x >= modulus {
                return Err(i);
            }
            out.push(Fr(ark_bls12_381::Fr::new_unchecked(x)));
        }
        Ok(out)
    }

    /// The Montgomery representation `x·R mod r` as the integer, big-endian
    /// (arkworks keeps it below r).
    fn fr_to_bytes_be_raw(x: &Fr) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (dst, limb) in out.chunks_exact_mut(8).zip(x.0 .0 .0.iter().rev()) {
            dst.copy_from_slice(&limb.to_be_bytes());
        }
        out
    }
}
