//! The flag bits of the ZCash BLS12-381 point encoding (used by Ethereum),
//! shared by the adapters that check encodings themselves to report the
//! precise [`super::PointError`] as blst does.
//!
//! Big-endian field elements; the top three bits of the first byte are
//! flags: `0x80` compressed, `0x40` point at infinity (all other bits zero),
//! `0x20` (compressed only) `y` is the lexicographically larger root.
//!
//! The flag checks of whole encodings ([`compressed_flags`],
//! [`uncompressed_flags`]) serve every adapter that checks encodings
//! itself: arkworks, zkcrypto (whose library reports every failure alike)
//! and mcl (which accepts non-canonical encodings of the point at
//! infinity).

// Some items serve only zkcrypto, mcl or the tests.
#![cfg_attr(not(all(feature = "zkcrypto", feature = "mcl")), allow(dead_code))]

use super::PointError;

/// Compression flag (first byte).
pub(crate) const FLAG_COMPRESSED: u8 = 0x80;
/// Point-at-infinity flag (first byte).
pub(crate) const FLAG_INFINITY: u8 = 0x40;
/// "`y` is the lexicographically larger root" flag (first byte, compressed).
pub(crate) const FLAG_SORT: u8 = 0x20;
/// All three flag bits.
pub(crate) const FLAG_MASK: u8 = FLAG_COMPRESSED | FLAG_INFINITY | FLAG_SORT;

/// The base-field modulus p, big-endian.
pub(crate) const P_BE: [u8; 48] = [
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
];

/// The compressed encoding of G1's standard generator (the first G1 point
/// of the monomial trusted setup, `[1]₁`).
pub(crate) const G1_GENERATOR_COMPRESSED: [u8; 48] = [
    0x97, 0xf1, 0xd3, 0xa7, 0x31, 0x97, 0xd7, 0x94, 0x26, 0x95, 0x63, 0x8c, 0x4f, 0xa9, 0xac, 0x0f,
    0xc3, 0x68, 0x8c, 0x4f, 0x97, 0x74, 0xb9, 0x05, 0xa1, 0x4e, 0x3a, 0x3f, 0x17, 0x1b, 0xac, 0x58,
    0x6c, 0x55, 0xe8, 0x3f, 0xf9, 0x7a, 0x1a, 0xef, 0xfb, 0x3a, 0xf0, 0x0a, 0xdb, 0x22, 0xc6, 0xbb,
];

/// The compressed encoding of G2's standard generator (`[1]₂`).
pub(crate) const G2_GENERATOR_COMPRESSED: [u8; 96] = [
    0x93, 0xe0, 0x2b, 0x60, 0x52, 0x71, 0x9f, 0x60, 0x7d, 0xac, 0xd3, 0xa0, 0x88, 0x27, 0x4f, 0x65,
    0x59, 0x6b, 0xd0, 0xd0, 0x99, 0x20, 0xb6, 0x1a, 0xb5, 0xda, 0x61, 0xbb, 0xdc, 0x7f, 0x50, 0x49,
    0x33, 0x4c, 0xf1, 0x12, 0x13, 0x94, 0x5d, 0x57, 0xe5, 0xac, 0x7d, 0x05, 0x5d, 0x04, 0x2b, 0x7e,
    0x02, 0x4a, 0xa2, 0xb2, 0xf0, 0x8f, 0x0a, 0x91, 0x26, 0x08, 0x05, 0x27, 0x2d, 0xc5, 0x10, 0x51,
    0xc6, 0xe4, 0x7a, 0xd4, 0xfa, 0x40, 0x3b, 0x02, 0xb4, 0x51, 0x0b, 0x64, 0x7a, 0xe3, 0xd1, 0x77,
    0x0b, 0xac, 0x03, 0x26, 0xa8, 0x05, 0xbb, 0xef, 0xd4, 0x80, 0x56, 0xc8, 0xc1, 0x21, 0xbd, 0xb8,
];

/// β of [`super::Backend::g1_glv_beta`] (the cube root of unity of G1's
/// endomorphism), big-endian.
pub(crate) const GLV_BETA_BE: [u8; 48] = [
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x99, 0xec, 0x02, 0x40, 0x86, 0x63, 0xd4, 0xde, 0x85,
    0xaa, 0x0d, 0x85, 0x7d, 0x89, 0x75, 0x9a, 0xd4, 0x89, 0x7d, 0x29, 0x65, 0x0f, 0xb8, 0x5f, 0x9b,
    0x40, 0x94, 0x27, 0xeb, 0x4f, 0x49, 0xff, 0xfd, 0x8b, 0xfd, 0x00, 0x00, 0x00, 0x00, 0xaa, 0xac,
];

/// Whether every byte after the first is zero and the first has no bits
/// besides the flags in `allowed`.
pub(crate) fn is_canonical_infinity(bytes: &[u8], allowed: u8) -> bool {
    match bytes.split_first() {
        Some((first, rest)) => first & !allowed == 0 && rest.iter().all(|b| *b == 0),
        None => false,
    }
}

/// Whether every 48-byte big-endian element in `bytes` (flag bits of the
/// first byte masked off) is below p.
pub(crate) fn coordinates_below_p(bytes: &[u8]) -> bool {
    bytes.chunks(48).enumerate().all(|(i, chunk)| {
        let mut c = [0u8; 48];
        c[..chunk.len()].copy_from_slice(chunk);
        if i == 0 {
            c[0] &= !FLAG_MASK;
        }
        c < P_BE
    })
}

/// Checks the flags of a compressed encoding: `Ok(true)` for the point at
/// infinity, `Ok(false)` for a point whose coordinates are to be decoded
/// (all below p).
pub(crate) fn compressed_flags(bytes: &[u8]) -> Result<bool, PointError> {
    let flags = bytes.first().copied().unwrap_or(0) & FLAG_MASK;
    if flags & FLAG_COMPRESSED == 0 {
        return Err(PointError::InvalidEncoding);
    }
    if flags & FLAG_INFINITY != 0 {
        return if is_canonical_infinity(bytes, FLAG_COMPRESSED | FLAG_INFINITY) {
            Ok(true)
        } else {
            Err(PointError::InvalidEncoding)
        };
    }
    if !coordinates_below_p(bytes) {
        return Err(PointError::InvalidEncoding);
    }
    Ok(false)
}

/// Checks the flags of an uncompressed encoding, as [`compressed_flags`].
pub(crate) fn uncompressed_flags(bytes: &[u8]) -> Result<bool, PointError> {
    let flags = bytes.first().copied().unwrap_or(0) & FLAG_MASK;
    if flags == FLAG_INFINITY && is_canonical_infinity(bytes, FLAG_INFINITY) {
        return Ok(true);
    }
    if flags != 0 || !coordinates_below_p(bytes) {
        return Err(PointError::InvalidEncoding);
    }
    Ok(false)
}

/// Whether the first coordinate of a G1 encoding (after the flags) is zero:
/// the G1 points `(0, ±2)`, on the curve and of order 3, which blst reports
/// as [`PointError::NotInSubgroup`] even where it does not check the
/// subgroup.
pub(crate) fn x_is_zero(bytes: &[u8]) -> bool {
    bytes.first().is_some_and(|b| b & !FLAG_MASK == 0)
        && bytes
            .get(1..P_BE.len())
            .is_some_and(|rest| rest.iter().all(|b| *b == 0))
}

#[cfg(all(test, feature = "blst"))]
mod tests {
    use super::*;
    use crate::backend::{Backend, Blst, Group};

    /// The constants are blst's generators and GLV β.
    #[test]
    fn constants_match_blst() {
        let g1 = <Blst as Backend>::G1::generator();
        let g2 = <Blst as Backend>::G2::generator();
        assert_eq!(Blst::g1_compress(&g1), G1_GENERATOR_COMPRESSED);
        assert_eq!(Blst::g2_compress(&g2), G2_GENERATOR_COMPRESSED);
        assert_eq!(Blst::g1_glv_beta().to_be_bytes(), GLV_BETA_BE);
    }
}
