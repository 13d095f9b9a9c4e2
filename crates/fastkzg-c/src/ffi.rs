//! Helpers shared by every entry point: the panic guard, NULL-checked
//! access to arguments, deferred writes to outputs, and the settings lookup.
//!
//! An entry point follows one pattern:
//!
//! ```ignore
//! #[no_mangle]
//! pub unsafe extern "C" fn f(out: *mut Bytes48, blob: *const Blob, s: *const KZGSettings) -> C_KZG_RET {
//!     guard(|| {
//!         // SAFETY: the pointers are NULL or valid (the function's contract).
//!         let (out, blob, settings) = unsafe { (Out::new(out)?, input(blob)?, settings(s)?) };
//!         let value = settings.something(&blob.bytes)?;
//!         out.write(Bytes48 { bytes: value });
//!         Ok(())
//!     })
//! }
//! ```
//!
//! Every check happens before any output is written, so an error leaves the
//! outputs untouched; the one exception is the verdict of the verifiers,
//! which [`guard_verify`] sets to `false` on error.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;
use std::sync::Arc;

use crate::handle;
pub use crate::threads::Placement;
use crate::types::{KZGSettings, C_KZG_RET};

/// The settings behind a C `KZGSettings`: a full trusted setup (prover and
/// verifier), or the verify-only context of `fastkzg_load_verifier*`.
///
/// Cloning it costs one reference-count increment. It dereferences to the
/// verifier, whose `verify_*` methods both kinds run; entry points that
/// prove take the full settings through [`prover`], which refuses a
/// verify-only context.
#[derive(Clone, Debug)]
pub enum Settings {
    /// A full trusted setup, from `load_trusted_setup` and
    /// `load_trusted_setup_file`.
    Full(Arc<fastkzg::KzgSettings>),
    /// A verify-only context, from `fastkzg_load_verifier_mainnet`,
    /// `fastkzg_load_verifier` and `fastkzg_load_verifier_file`.
    Verifier(Arc<fastkzg::KzgVerifier>),
}

impl Settings {
    /// The full settings of the embedded mainnet setup at `precompute`.
    pub fn load_mainnet(precompute: usize) -> fastkzg::Result<Self> {
        fastkzg::KzgSettings::load_mainnet(precompute).map(Self::from)
    }

    /// Builds what these settings otherwise build on first use (all the
    /// tables of full settings; the verifier's tables of a verify-only
    /// context).
    pub fn warm_up(&self) {
        match self {
            Settings::Full(s) => s.warm_up(),
            Settings::Verifier(v) => v.warm_up(),
        }
    }
}

impl From<fastkzg::KzgSettings> for Settings {
    fn from(s: fastkzg::KzgSettings) -> Self {
        Settings::Full(Arc::new(s))
    }
}

impl From<fastkzg::KzgVerifier> for Settings {
    fn from(v: fastkzg::KzgVerifier) -> Self {
        Settings::Verifier(Arc::new(v))
    }
}

impl core::ops::Deref for Settings {
    type Target = fastkzg::KzgVerifier;

    /// The verifier: every `verify_*` method, `forget_decoded_commitments`.
    fn deref(&self) -> &fastkzg::KzgVerifier {
        match self {
            Settings::Full(s) => s.verifier(),
            Settings::Verifier(v) => v,
        }
    }
}

/// The result type of entry-point bodies.
pub type FfiResult<T = ()> = Result<T, C_KZG_RET>;

impl From<fastkzg::Error> for C_KZG_RET {
    /// Every library error is about the inputs.
    fn from(_: fastkzg::Error) -> Self {
        C_KZG_RET::C_KZG_BADARGS
    }
}

/// Runs an entry point's body on the library's threads ([`crate::threads`]),
/// turning its result into a return code and a panic into `C_KZG_ERROR`, so
/// that no unwind crosses the C boundary.
pub fn guard(body: impl FnOnce() -> FfiResult) -> C_KZG_RET {
    guard_on(Placement::Pool, body)
}

/// [`guard`] with the body run where `placement` says.
pub fn guard_on(placement: Placement, body: impl FnOnce() -> FfiResult) -> C_KZG_RET {
    // The body's captured state is dropped with the failed call; nothing is
    // observed after a panic, so unwind safety is not a concern. A panic on
    // a pool thread is carried back to this thread by the pool.
    match catch_unwind(AssertUnwindSafe(|| crate::threads::run(placement, body))) {
        Ok(Ok(())) => C_KZG_RET::C_KZG_OK,
        Ok(Err(code)) => code,
        Err(_) => C_KZG_RET::C_KZG_ERROR,
    }
}

/// Runs a verifier's body (where `placement` says), which returns the
/// verdict, and stores the verdict
/// in `*ok`. On any error (or panic) `*ok` is set to `false` when `ok` is
/// not NULL: verification fails closed, as c-kzg's single-proof verifiers
/// do, so a caller that forgets to check the return code still reads
/// "invalid".
///
/// # Safety
/// `ok` is NULL or valid for writing a `bool`.
pub unsafe fn guard_verify(
    placement: Placement,
    ok: *mut bool,
    body: impl FnOnce() -> FfiResult<bool>,
) -> C_KZG_RET {
    guard_on(placement, || {
        // SAFETY: `ok` is NULL or writable (this function's contract).
        let ok = unsafe { Out::new(ok) }?;
        match catch_unwind(AssertUnwindSafe(body)).unwrap_or(Err(C_KZG_RET::C_KZG_ERROR)) {
            Ok(valid) => {
                ok.write(valid);
                Ok(())
            }
            Err(code) => {
                ok.write(false);
                Err(code)
            }
        }
    })
}

/// Converts a C count to `usize`, rejecting values this platform cannot
/// address.
pub fn count(n: u64) -> FfiResult<usize> {
    usize::try_from(n).map_err(|_| C_KZG_RET::C_KZG_BADARGS)
}

/// Copies a small input out of a C pointer.
///
/// # Safety
/// `p` is NULL or valid for reading one `T`.
pub unsafe fn read_input<T: Copy>(p: *const T) -> FfiResult<T> {
    if p.is_null() {
        return Err(C_KZG_RET::C_KZG_BADARGS);
    }
    // SAFETY: `p` is non-NULL and, by the caller's contract, valid for one
    // read of `T`; `read_unaligned` makes no alignment assumption.
    Ok(unsafe { p.read_unaligned() })
}

/// Borrows an input (used for blobs, which are too large to copy).
///
/// # Safety
/// `p` is NULL or valid for reading one `T` (alignment 1 for the byte types
/// used here), not written by anyone during `'a`.
pub unsafe fn input<'a, T>(p: *const T) -> FfiResult<&'a T> {
    // SAFETY: the caller's contract covers validity and aliasing; `as_ref`
    // maps NULL to None.
    unsafe { p.as_ref() }.ok_or(C_KZG_RET::C_KZG_BADARGS)
}

/// Borrows an input array of `n` elements. A NULL pointer is accepted (as
/// an empty slice) only when `n` is 0; a length whose byte size does not fit
/// in `isize` is rejected before the pointer is used.
///
/// # Safety
/// If `n > 0`, `p` is NULL or valid for reading `n` consecutive `T`s (with
/// alignment of `T`), not written by anyone during `'a`.
pub unsafe fn input_slice<'a, T>(p: *const T, n: u64) -> FfiResult<&'a [T]> {
    let n = count(n)?;
    if n == 0 {
        return Ok(&[]);
    }
    if p.is_null() || !p.is_aligned() {
        return Err(C_KZG_RET::C_KZG_BADARGS);
    }
    match n.checked_mul(core::mem::size_of::<T>()) {
        Some(bytes) if bytes <= isize::MAX as usize => {}
        _ => return Err(C_KZG_RET::C_KZG_BADARGS),
    }
    // SAFETY: `p` is non-NULL and aligned, the total size fits in `isize`,
    // and the caller guarantees `n` readable elements that stay unchanged
    // during `'a`.
    Ok(unsafe { core::slice::from_raw_parts(p, n) })
}

/// An output location, checked for NULL up front and written only at the
/// end of a successful call.
pub struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// Checks `p` for NULL.
    ///
    /// # Safety
    /// `p` is NULL or valid for writing one `T` for as long as the returned
    /// value lives.
    pub unsafe fn new(p: *mut T) -> FfiResult<Self> {
        NonNull::new(p).map(Out).ok_or(C_KZG_RET::C_KZG_BADARGS)
    }

    /// Writes the output (no alignment assumed; the old value is not read
    /// or dropped).
    pub fn write(self, value: T) {
        // SAFETY: `new`'s contract: the pointer is valid for one write of `T`.
        unsafe { self.0.as_ptr().write_unaligned(value) }
    }
}

/// An output array of exactly `N` elements (the caller-allocated arrays of
/// 128 cells or proofs), checked for NULL and alignment up front and filled
/// only at the end of a successful call.
pub struct OutArray<T, const N: usize>(NonNull<T>);

impl<T: Copy, const N: usize> OutArray<T, N> {
    /// Checks `p` for NULL and alignment.
    ///
    /// # Safety
    /// `p` is NULL or valid for writing `N` consecutive `T`s for as long as
    /// the returned value lives.
    pub unsafe fn new(p: *mut T) -> FfiResult<Self> {
        // SAFETY: forwarded contract.
        unsafe { Self::optional(p) }?.ok_or(C_KZG_RET::C_KZG_BADARGS)
    }

    /// Like [`OutArray::new`], for an output the caller may leave out: NULL
    /// gives `None`.
    ///
    /// # Safety
    /// As for [`OutArray::new`].
    pub unsafe fn optional(p: *mut T) -> FfiResult<Option<Self>> {
        match NonNull::new(p) {
            None => Ok(None),
            Some(p) if p.as_ptr().is_aligned() => Ok(Some(OutArray(p))),
            Some(_) => Err(C_KZG_RET::C_KZG_BADARGS),
        }
    }

    /// Copies `values` into the output.
    pub fn write(self, values: &[T; N]) {
        // SAFETY: `new`'s contract: the pointer is valid and aligned for `N`
        // writes of `T`; `values` is memory of our own, so the two do not
        // overlap. `T: Copy`, so nothing needs dropping.
        unsafe { core::ptr::copy_nonoverlapping(values.as_ptr(), self.0.as_ptr(), N) }
    }
}

/// The loaded settings behind a C `KZGSettings`, full or verify-only (what
/// the verifiers take). NULL, zeroed, uninitialised and freed structs give
/// `C_KZG_BADARGS`.
///
/// # Safety
/// `s` is NULL or valid for reading a `KZGSettings`.
pub unsafe fn settings(s: *const KZGSettings) -> FfiResult<Settings> {
    if s.is_null() {
        return Err(C_KZG_RET::C_KZG_BADARGS);
    }
    // SAFETY: `s` is non-NULL and readable by the caller's contract; only the
    // first field is read, without assuming alignment and without creating a
    // reference to the whole struct.
    let key = unsafe { core::ptr::addr_of!((*s).handle).read_unaligned() };
    handle::lookup(key).ok_or(C_KZG_RET::C_KZG_BADARGS)
}

/// The full settings behind a C `KZGSettings` (what the provers take):
/// [`settings`], and `C_KZG_BADARGS` as well for a verify-only context.
///
/// # Safety
/// `s` is NULL or valid for reading a `KZGSettings`.
pub unsafe fn prover(s: *const KZGSettings) -> FfiResult<Arc<fastkzg::KzgSettings>> {
    // SAFETY: forwarded contract.
    match unsafe { settings(s) }? {
        Settings::Full(s) => Ok(s),
        Settings::Verifier(_) => Err(C_KZG_RET::C_KZG_BADARGS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_maps_results_and_panics() {
        assert_eq!(guard(|| Ok(())), C_KZG_RET::C_KZG_OK);
        assert_eq!(
            guard(|| Err(C_KZG_RET::C_KZG_MALLOC)),
            C_KZG_RET::C_KZG_MALLOC
        );
        assert_eq!(
            guard(|| panic!("deliberate test panic")),
            C_KZG_RET::C_KZG_ERROR
        );
        let lib_error = fastkzg::Error::DivisionByZero;
        assert_eq!(guard(|| Err(lib_error.into())), C_KZG_RET::C_KZG_BADARGS);
    }

    #[test]
    fn verifiers_fail_closed() {
        let mut ok = true;
        // SAFETY: `ok` is a live bool, or NULL.
        unsafe {
            assert_eq!(
                guard_verify(Placement::Pool, &mut ok, || Err(C_KZG_RET::C_KZG_BADARGS)),
                C_KZG_RET::C_KZG_BADARGS
            );
            assert!(!ok);
            assert_eq!(
                guard_verify(Placement::Pool, &mut ok, || Ok(true)),
                C_KZG_RET::C_KZG_OK
            );
            assert!(ok);
            assert_eq!(
                guard_verify(Placement::Pool, &mut ok, || panic!("deliberate test panic")),
                C_KZG_RET::C_KZG_ERROR
            );
            assert!(!ok);
            assert_eq!(
                guard_verify(Placement::Caller, core::ptr::null_mut(), || Ok(true)),
                C_KZG_RET::C_KZG_BADARGS
            );
        }
    }

    #[test]
    fn inputs_are_null_checked() {
        // SAFETY: NULL is allowed by every helper's contract.
        unsafe {
            assert_eq!(
                read_input::<u64>(core::ptr::null()),
                Err(C_KZG_RET::C_KZG_BADARGS)
            );
            assert_eq!(
                input::<u64>(core::ptr::null()).err(),
                Some(C_KZG_RET::C_KZG_BADARGS)
            );
            assert_eq!(input_slice::<u64>(core::ptr::null(), 0), Ok(&[][..]));
            assert_eq!(
                input_slice::<u64>(core::ptr::null(), 1),
                Err(C_KZG_RET::C_KZG_BADARGS)
            );
            assert!(Out::<u64>::new(core::ptr::null_mut()).is_err());
            assert_eq!(
                settings(core::ptr::null()).err(),
                Some(C_KZG_RET::C_KZG_BADARGS)
            );
        }
    }

    #[test]
    fn oversized_slices_are_refused_before_use() {
        let x = [0u64; 2];
        // SAFETY: the counts are rejected before the pointer is used.
        unsafe {
            assert_eq!(
                input_slice(x.as_ptr(), u64::MAX),
                Err(C_KZG_RET::C_KZG_BADARGS)
            );
            assert_eq!(
                input_slice(x.as_ptr(), (isize::MAX as u64) / 8 + 1),
                Err(C_KZG_RET::C_KZG_BADARGS)
            );
            // A valid pointer and count works.
            assert_eq!(input_slice(x.as_ptr(), 2), Ok(&x[..]));
        }
    }

    #[test]
    fn outputs_are_written_once_at_the_end() {
        let mut y = 7u64;
        // SAFETY: `y` is a live, writable u64.
        let out = unsafe { Out::new(&mut y as *mut u64) }.expect("non-NULL");
        out.write(9);
        assert_eq!(y, 9);
    }

    #[test]
    fn output_arrays() {
        let mut a = [0u16; 3];
        // SAFETY: `a` is a live array of 3 writable u16; NULL is allowed.
        unsafe {
            assert!(OutArray::<u16, 3>::new(core::ptr::null_mut()).is_err());
            assert!(matches!(
                OutArray::<u16, 3>::optional(core::ptr::null_mut()),
                Ok(None)
            ));
            let misaligned = a.as_mut_ptr().cast::<u8>().add(1).cast::<u16>();
            assert!(OutArray::<u16, 3>::optional(misaligned).is_err());
            let out = OutArray::<u16, 3>::new(a.as_mut_ptr()).expect("non-NULL");
            out.write(&[1, 2, 3]);
        }
        assert_eq!(a, [1, 2, 3]);
    }

    #[test]
    fn unloaded_settings_are_refused() {
        let zeroed = KZGSettings::ZEROED;
        let junk = KZGSettings {
            handle: 0x5a5a_5a5a as *mut _,
            ..KZGSettings::ZEROED
        };
        // SAFETY: both structs are live and readable.
        unsafe {
            assert_eq!(settings(&zeroed).err(), Some(C_KZG_RET::C_KZG_BADARGS));
            assert_eq!(settings(&junk).err(), Some(C_KZG_RET::C_KZG_BADARGS));
        }
    }
}
