//! The flag bits of the ZCash BLS12-381 point encoding (used by Ethereum),
//! shared by the adapters that check encodings themselves to report the
//! precise [`super::PointError`] as blst does.
//!
//! Big-endian field elements; the top three bits of the first byte are
//! flags: `0x80` compressed, `0x40` point at infinity (all other bits zero),
//! `0x20` (compressed only) `y` is the lexicographically larger root.

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
