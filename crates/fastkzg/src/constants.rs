//! BLS12-381 scalar-field parameters used by the generic math, and (re-exported)
//! the Ethereum sizes and domain separators of [`crate::ethereum::constants`].

/// The scalar-field modulus r as little-endian 64-bit limbs.
pub const BLS_MODULUS_LIMBS: [u64; 4] = [
    0xffff_ffff_0000_0001,
    0x53bd_a402_fffe_5bfe,
    0x3339_d808_09a1_d805,
    0x73ed_a753_299d_7d48,
];

/// `|z|` for the BLS12-381 curve parameter `z = −0xd201000000010000`
/// (`r = z⁴ − z² + 1`; six bits set).
pub const BLS_X_ABS: u64 = 0xd201_0000_0001_0000;

/// The multiplicative generator of Fr used by the spec (`PRIMITIVE_ROOT_OF_UNITY`).
pub const PRIMITIVE_ROOT_OF_UNITY: u64 = 7;

/// `(r - 1) / 2^32`, the odd part of `r - 1`, as little-endian limbs:
/// `PRIMITIVE_ROOT_OF_UNITY^T` has order exactly 2^32.
pub const MODULUS_MINUS_ONE_ODD_PART: [u64; 4] = [
    0xfffe_5bfe_ffff_ffff,
    0x09a1_d805_53bd_a402,
    0x299d_7d48_3339_d808,
    0x0000_0000_73ed_a753,
];

/// The 2-adicity of r − 1.
pub const TWO_ADICITY: u32 = 32;

pub use crate::ethereum::constants::*;
