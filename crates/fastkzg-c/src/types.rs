//! Rust mirrors of the C types in `include/ckzg.h`. Sizes and alignments are
//! asserted at compile time; the header asserts the same on the C side.

use core::ffi::c_void;
use core::mem::{align_of, size_of};

use fastkzg::constants::{
    BYTES_PER_BLOB, BYTES_PER_CELL, BYTES_PER_COMMITMENT, BYTES_PER_FIELD_ELEMENT,
};

/// The return code of every fallible function (`C_KZG_RET` in `ckzg.h`).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum C_KZG_RET {
    /// Success.
    C_KZG_OK = 0,
    /// An argument is invalid: a NULL pointer, settings that are not loaded,
    /// a malformed field element or point, inconsistent lengths, a bad setup.
    C_KZG_BADARGS = 1,
    /// An internal error (a caught Rust panic). Should never happen.
    C_KZG_ERROR = 2,
    /// Memory could not be allocated.
    C_KZG_MALLOC = 3,
}

/// 32 untrusted bytes: a serialised field element.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes32 {
    /// The big-endian encoding.
    pub bytes: [u8; BYTES_PER_FIELD_ELEMENT],
}

/// 48 untrusted bytes: a compressed G1 point (commitment or proof).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes48 {
    /// The compressed encoding.
    pub bytes: [u8; BYTES_PER_COMMITMENT],
}

/// A blob: `FIELD_ELEMENTS_PER_BLOB` big-endian field elements.
#[repr(C)]
pub struct Blob {
    /// The field elements, 32 bytes each.
    pub bytes: [u8; BYTES_PER_BLOB],
}

/// A cell of an extended blob (EIP-7594).
#[repr(C)]
pub struct Cell {
    /// The field elements, 32 bytes each.
    pub bytes: [u8; BYTES_PER_CELL],
}

/// A KZG commitment (same layout as [`Bytes48`]).
pub type KZGCommitment = Bytes48;
/// A KZG proof (same layout as [`Bytes48`]).
pub type KZGProof = Bytes48;

/// Caller-allocated settings, laid out exactly like c-kzg 2.1.x's
/// `KZGSettings` (8 pointers, then 2 `size_t`). Only `handle` is used: it
/// names a live `fastkzg::KzgSettings` in [`crate::handle`]'s registry, or is
/// NULL. The other fields are kept zero.
#[repr(C)]
#[derive(Debug)]
pub struct KZGSettings {
    /// Registry key of the loaded settings, or NULL.
    pub handle: *mut c_void,
    /// Unused; zero. Keeps c-kzg's size.
    pub reserved_ptrs: [*mut c_void; 7],
    /// Unused; zero. Keeps c-kzg's size.
    pub reserved_sizes: [usize; 2],
}

impl KZGSettings {
    /// The all-zero (not loaded) value.
    pub const ZEROED: Self = Self {
        handle: core::ptr::null_mut(),
        reserved_ptrs: [core::ptr::null_mut(); 7],
        reserved_sizes: [0; 2],
    };
}

// c-kzg's KZGSettings: fr_t*, fr_t*, fr_t*, g1_t*, g1_t*, g2_t*, g1_t**,
// blst_p1_affine**, size_t, size_t.
const _: () =
    assert!(size_of::<KZGSettings>() == 8 * size_of::<*mut c_void>() + 2 * size_of::<usize>());
const _: () = assert!(align_of::<KZGSettings>() == align_of::<*mut c_void>());
#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<KZGSettings>() == 80);

// The byte types are plain byte arrays in C: no padding, alignment 1, so a
// `*const Bytes48` may be read as a `*const [u8; 48]` and so on.
const _: () = assert!(size_of::<Bytes32>() == 32 && align_of::<Bytes32>() == 1);
const _: () = assert!(size_of::<Bytes48>() == 48 && align_of::<Bytes48>() == 1);
const _: () = assert!(size_of::<Blob>() == BYTES_PER_BLOB && align_of::<Blob>() == 1);
const _: () = assert!(size_of::<Cell>() == BYTES_PER_CELL && align_of::<Cell>() == 1);
const _: () = assert!(size_of::<C_KZG_RET>() == size_of::<core::ffi::c_int>());
