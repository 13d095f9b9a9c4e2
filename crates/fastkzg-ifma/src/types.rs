//! The plain data the engine takes and returns: Montgomery limbs and
//! points made of them, and the group law the caller lends for the few
//! sequential steps.

/// An element of the BLS12-381 base field Fp in Montgomery form: the six
/// little-endian 64-bit words of `a·2^384 mod p`, fully reduced (below
/// `p`). This is the layout of blst's `blst_fp`.
pub type Fp = [u64; 6];

/// An element of the BLS12-381 scalar field Fr in Montgomery form: the
/// four little-endian 64-bit words of `a·2^256 mod r`, fully reduced
/// (below `r`). This is the layout of blst's `blst_fr`.
pub type Fr = [u64; 4];

/// An affine G1 point `(x, y)` on `y² = x³ + 4`; the identity is all
/// zeros (`(0, 0)` is not on the curve). The layout of blst's
/// `blst_p1_affine`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct G1Affine {
    /// `x` in Montgomery form.
    pub x: Fp,
    /// `y` in Montgomery form.
    pub y: Fp,
}

/// A G1 point in Jacobian coordinates, `(X/Z², Y/Z³)`; the identity has
/// `Z = 0` (the engine returns it as all zeros). The layout of blst's
/// `blst_p1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct G1Jacobian {
    /// `X` in Montgomery form.
    pub x: Fp,
    /// `Y` in Montgomery form.
    pub y: Fp,
    /// `Z` in Montgomery form.
    pub z: Fp,
}

/// The group law of G1 on single Jacobian points, supplied by the caller
/// (typically its own curve library) for the short sequential steps that
/// join the eight lanes' results (a few dozen operations per
/// multi-scalar multiplication), where one point at a time on a scalar
/// implementation is faster than eight lanes.
///
/// Both functions must accept every point the engine returns, the
/// identity included, and `add` must handle equal and opposite operands.
/// A wrong group law gives wrong results, never undefined behaviour.
pub trait G1Ops {
    /// `a + b`.
    fn add(&self, a: &G1Jacobian, b: &G1Jacobian) -> G1Jacobian;
    /// `2·a`.
    fn double(&self, a: &G1Jacobian) -> G1Jacobian;
}
