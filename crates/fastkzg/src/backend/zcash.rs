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

// `x_is_zero` serves zkcrypto and mcl only.
#![cfg_attr(not(any(feature = "zkcrypto", feature = "mcl")), allow(dead_code))]

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
const P_BE: [u8; 48] = [
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
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
