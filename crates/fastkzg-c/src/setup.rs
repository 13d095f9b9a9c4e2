//! Loading and freeing the trusted setup (`setup/setup.h` of c-kzg).

use fastkzg::constants::{
    BYTES_PER_G1_POINT, BYTES_PER_G2_POINT, FIELD_ELEMENTS_PER_BLOB, NUM_G2_POINTS,
};
use std::panic::{catch_unwind, AssertUnwindSafe};

use fastkzg::MAX_PRECOMPUTE;

use crate::ffi::{guard, guard_on, input_slice, settings, FfiResult, Out, Placement, Settings};
use crate::handle;
use crate::types::{KZGSettings, C_KZG_RET};

/// Upper bound on the size of a trusted-setup text stream. The mainnet file
/// is about 0.8 MB; anything far larger is not a setup and is rejected
/// rather than read to the end.
pub const MAX_SETUP_FILE_BYTES: usize = 64 << 20;

/// Checks the precompute level (0..=15, as c-kzg).
fn precompute_level(precompute: u64) -> FfiResult<usize> {
    match usize::try_from(precompute) {
        Ok(p) if p <= MAX_PRECOMPUTE => Ok(p),
        _ => Err(C_KZG_RET::C_KZG_BADARGS),
    }
}

/// Runs `load` and stores its settings in `out`. If loading fails (or
/// panics), `out` is zeroed instead, as c-kzg leaves a cleared struct behind
/// on error so that `free_trusted_setup` on it is harmless.
///
/// # Safety
/// `out` is NULL or valid for writing a `KZGSettings`.
unsafe fn load_into(
    out: *mut KZGSettings,
    load: impl FnOnce() -> FfiResult<Settings>,
) -> C_KZG_RET {
    guard(|| {
        // SAFETY: `out` is NULL or writable (this function's contract).
        let out = unsafe { Out::new(out) }?;
        let loaded = catch_unwind(AssertUnwindSafe(load)).unwrap_or(Err(C_KZG_RET::C_KZG_ERROR));
        match loaded.and_then(|settings| handle::register(settings).ok_or(C_KZG_RET::C_KZG_ERROR)) {
            Ok(handle) => {
                out.write(KZGSettings {
                    handle,
                    ..KZGSettings::ZEROED
                });
                Ok(())
            }
            Err(code) => {
                out.write(KZGSettings::ZEROED);
                Err(code)
            }
        }
    })
}

/// The three point lists of a setup in compressed form, their counts
/// checked (4096 × 48, 4096 × 48 and 65 × 96 bytes) before any slice is
/// formed, so that a wrong count never makes us read past the caller's
/// buffer.
///
/// # Safety
/// Each pointer is NULL or valid for reading its stated number of bytes,
/// unchanged during `'a`.
unsafe fn setup_points<'a>(
    g1_monomial_bytes: *const u8,
    num_g1_monomial_bytes: u64,
    g1_lagrange_bytes: *const u8,
    num_g1_lagrange_bytes: u64,
    g2_monomial_bytes: *const u8,
    num_g2_monomial_bytes: u64,
) -> FfiResult<(&'a [u8], &'a [u8], &'a [u8])> {
    let g1_len = (FIELD_ELEMENTS_PER_BLOB * BYTES_PER_G1_POINT) as u64;
    let g2_len = (NUM_G2_POINTS * BYTES_PER_G2_POINT) as u64;
    if num_g1_monomial_bytes != g1_len
        || num_g1_lagrange_bytes != g1_len
        || num_g2_monomial_bytes != g2_len
    {
        return Err(C_KZG_RET::C_KZG_BADARGS);
    }
    // SAFETY: each pointer is NULL or readable for its count (this
    // function's contract); the counts are non-zero, so NULL is rejected.
    unsafe {
        Ok((
            input_slice(g1_monomial_bytes, num_g1_monomial_bytes)?,
            input_slice(g1_lagrange_bytes, num_g1_lagrange_bytes)?,
            input_slice(g2_monomial_bytes, num_g2_monomial_bytes)?,
        ))
    }
}

/// Loads the trusted setup from compressed points: `g1_monomial_bytes`
/// (4096 × 48 bytes), `g1_lagrange_bytes` (4096 × 48 bytes) and
/// `g2_monomial_bytes` (65 × 96 bytes). `precompute` is 0..=15.
///
/// Every point is checked (encoding, curve, subgroup) and the three lists are
/// checked to come from one secret. On success `out` holds the settings until
/// `free_trusted_setup`; on `C_KZG_BADARGS` for bad data `out` is zeroed (if
/// not NULL).
///
/// # Safety
/// `out` is NULL or valid for writing a `KZGSettings`; each byte pointer is
/// NULL or valid for reading its stated number of bytes.
#[no_mangle]
pub unsafe extern "C" fn load_trusted_setup(
    out: *mut KZGSettings,
    g1_monomial_bytes: *const u8,
    num_g1_monomial_bytes: u64,
    g1_lagrange_bytes: *const u8,
    num_g1_lagrange_bytes: u64,
    g2_monomial_bytes: *const u8,
    num_g2_monomial_bytes: u64,
    precompute: u64,
) -> C_KZG_RET {
    let load = || {
        let precompute = precompute_level(precompute)?;
        // SAFETY: each pointer is NULL or readable for its count (this
        // function's contract).
        let (g1m, g1l, g2m) = unsafe {
            setup_points(
                g1_monomial_bytes,
                num_g1_monomial_bytes,
                g1_lagrange_bytes,
                num_g1_lagrange_bytes,
                g2_monomial_bytes,
                num_g2_monomial_bytes,
            )
        }?;
        Ok(fastkzg::KzgSettings::load_trusted_setup(g1m, g1l, g2m, precompute)?.into())
    };
    // SAFETY: `out` is NULL or writable (this function's contract).
    unsafe { load_into(out, load) }
}

/// Reads `stream` to its end (bounded by [`MAX_SETUP_FILE_BYTES`]).
///
/// # Safety
/// `stream` is a valid, open, readable `FILE`.
unsafe fn read_stream(stream: *mut libc::FILE) -> FfiResult<Vec<u8>> {
    const CHUNK: usize = 64 << 10;
    let mut text: Vec<u8> = Vec::new();
    loop {
        text.try_reserve(CHUNK)
            .map_err(|_| C_KZG_RET::C_KZG_MALLOC)?;
        let spare = text.spare_capacity_mut();
        // SAFETY: `stream` is a valid FILE (contract); `spare` has room for at
        // least CHUNK bytes, and fread writes at most CHUNK bytes there.
        let got = unsafe { libc::fread(spare.as_mut_ptr().cast(), 1, CHUNK, stream) };
        let got = got.min(CHUNK);
        // SAFETY: fread initialised the first `got` bytes of the spare
        // capacity, and `len + got <= capacity`.
        unsafe { text.set_len(text.len() + got) };
        if text.len() > MAX_SETUP_FILE_BYTES {
            return Err(C_KZG_RET::C_KZG_BADARGS);
        }
        if got < CHUNK {
            break;
        }
    }
    // SAFETY: `stream` is a valid FILE (contract).
    if unsafe { libc::ferror(stream) } != 0 {
        return Err(C_KZG_RET::C_KZG_BADARGS);
    }
    Ok(text)
}

/// Reads `stream` to its end as text (bounded by [`MAX_SETUP_FILE_BYTES`]);
/// NULL, a read error or bytes that are not UTF-8 give `C_KZG_BADARGS`.
///
/// # Safety
/// `stream` is NULL or a valid, open, readable `FILE`.
unsafe fn read_text(stream: *mut libc::FILE) -> FfiResult<String> {
    if stream.is_null() {
        return Err(C_KZG_RET::C_KZG_BADARGS);
    }
    // SAFETY: `stream` is non-NULL, hence a valid readable FILE by this
    // function's contract.
    let bytes = unsafe { read_stream(stream) }?;
    String::from_utf8(bytes).map_err(|_| C_KZG_RET::C_KZG_BADARGS)
}

/// Loads the trusted setup from a stream in c-kzg's text format: the counts
/// `4096` and `65`, then 4096 G1 Lagrange points, 65 G2 monomial points and
/// 4096 G1 monomial points in hex, separated by whitespace. The stream is
/// read from its current position to its end and is not closed. Unlike
/// c-kzg, data after the last point is rejected.
///
/// # Safety
/// `out` is NULL or valid for writing a `KZGSettings`; `stream` is NULL or a
/// valid, open, readable `FILE`.
#[no_mangle]
pub unsafe extern "C" fn load_trusted_setup_file(
    out: *mut KZGSettings,
    stream: *mut libc::FILE,
    precompute: u64,
) -> C_KZG_RET {
    let load = || {
        let precompute = precompute_level(precompute)?;
        // SAFETY: `stream` is NULL or a valid readable FILE (this
        // function's contract).
        let text = unsafe { read_text(stream) }?;
        Ok(fastkzg::KzgSettings::parse_trusted_setup(&text, precompute)?.into())
    };
    // SAFETY: `out` is NULL or writable (this function's contract).
    unsafe { load_into(out, load) }
}

/// Loads the verify-only context of the embedded mainnet setup
/// (`KzgVerifier::load_mainnet`: about 1 ms, under 1 MiB) into `out`.
///
/// Every verification function accepts the result; every function that
/// computes commitments, proofs or cells refuses it with `C_KZG_BADARGS`.
/// `free_trusted_setup` frees it. On error `out` is zeroed (if not NULL).
///
/// # Safety
/// `out` is NULL or valid for writing a `KZGSettings`.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_load_verifier_mainnet(out: *mut KZGSettings) -> C_KZG_RET {
    let load = || Ok(fastkzg::KzgVerifier::load_mainnet()?.into());
    // SAFETY: `out` is NULL or writable (this function's contract).
    unsafe { load_into(out, load) }
}

/// Loads a verify-only context from compressed points, which are taken and
/// checked as by `load_trusted_setup` (every point decoded and validated,
/// the three lists checked to come from one secret; the mainnet points,
/// recognised by SHA-256, load from the embedded copy); only what
/// verification needs is kept. `fastkzg_load_verifier_mainnet` says what
/// the result is good for. On error `out` is zeroed (if not NULL).
///
/// # Safety
/// `out` is NULL or valid for writing a `KZGSettings`; each byte pointer is
/// NULL or valid for reading its stated number of bytes.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_load_verifier(
    out: *mut KZGSettings,
    g1_monomial_bytes: *const u8,
    num_g1_monomial_bytes: u64,
    g1_lagrange_bytes: *const u8,
    num_g1_lagrange_bytes: u64,
    g2_monomial_bytes: *const u8,
    num_g2_monomial_bytes: u64,
) -> C_KZG_RET {
    let load = || {
        // SAFETY: each pointer is NULL or readable for its count (this
        // function's contract).
        let (g1m, g1l, g2m) = unsafe {
            setup_points(
                g1_monomial_bytes,
                num_g1_monomial_bytes,
                g1_lagrange_bytes,
                num_g1_lagrange_bytes,
                g2_monomial_bytes,
                num_g2_monomial_bytes,
            )
        }?;
        let full = fastkzg::KzgSettings::load_trusted_setup(g1m, g1l, g2m, 0)?;
        Ok(full.into_verifier().into())
    };
    // SAFETY: `out` is NULL or writable (this function's contract).
    unsafe { load_into(out, load) }
}

/// Loads a verify-only context from a stream in c-kzg's text format, read
/// and checked as by `load_trusted_setup_file` (the mainnet text,
/// recognised by SHA-256, loads from the embedded copy in about 1 ms);
/// only what verification needs is kept. `fastkzg_load_verifier_mainnet`
/// says what the result is good for. On error `out` is zeroed (if not
/// NULL).
///
/// # Safety
/// `out` is NULL or valid for writing a `KZGSettings`; `stream` is NULL or a
/// valid, open, readable `FILE`.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_load_verifier_file(
    out: *mut KZGSettings,
    stream: *mut libc::FILE,
) -> C_KZG_RET {
    let load = || {
        // SAFETY: `stream` is NULL or a valid readable FILE (this
        // function's contract).
        let text = unsafe { read_text(stream) }?;
        Ok(fastkzg::KzgVerifier::parse_trusted_setup(&text)?.into())
    };
    // SAFETY: `out` is NULL or writable (this function's contract).
    unsafe { load_into(out, load) }
}

/// Builds what `s` otherwise builds on first use, in the library's pool:
/// for full settings (`KzgSettings::warm_up`) the commitment table, the
/// generator table, the FK20 data; for a verify-only context
/// (`KzgVerifier::warm_up`) the generator table and the cell interpolation
/// table. Repeating it, or running it while other threads use the
/// settings, is harmless (each table is built once).
///
/// `C_KZG_BADARGS`: `s` NULL or not loaded.
///
/// # Safety
/// `s` is NULL or valid for reading a `KZGSettings`.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_warm_up(s: *const KZGSettings) -> C_KZG_RET {
    guard(|| {
        // SAFETY: `s` is NULL or readable (this function's contract), which
        // is what `settings` requires.
        let settings = unsafe { settings(s)? };
        settings.warm_up();
        Ok(())
    })
}

/// Empties the cache of commitments that `verify_cell_kzg_proof_batch`
/// decoded (`KzgSettings::forget_decoded_commitments`): later calls decode
/// every commitment again, as a first call does. Not needed for memory (the
/// cache is bounded); for measurements. Harmless while other threads use
/// the settings.
///
/// `C_KZG_BADARGS`: `s` NULL or not loaded.
///
/// # Safety
/// `s` is NULL or valid for reading a `KZGSettings`.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_forget_decoded_commitments(s: *const KZGSettings) -> C_KZG_RET {
    // A lock and a clear: no work to hand to the pool.
    guard_on(Placement::Caller, || {
        // SAFETY: `s` is NULL or readable (this function's contract), which
        // is what `settings` requires.
        let settings = unsafe { settings(s)? };
        settings.forget_decoded_commitments();
        Ok(())
    })
}

/// Frees settings loaded by `load_trusted_setup`, `load_trusted_setup_file`
/// or one of the `fastkzg_load_verifier*` functions, and zeroes the struct. Does nothing for NULL; harmless on a zeroed,
/// already freed or never loaded struct, so calling it twice is safe. Calls
/// running on other threads with the same settings finish normally.
///
/// # Safety
/// `s` is NULL or valid for reading and writing a `KZGSettings`.
#[no_mangle]
pub unsafe extern "C" fn free_trusted_setup(s: *mut KZGSettings) {
    // A panic cannot happen here in practice; the guard keeps it from
    // unwinding into C regardless. There is no return code to report it.
    let _ = guard(|| {
        if s.is_null() {
            return Ok(());
        }
        // SAFETY: `s` is non-NULL and readable (contract); only the first
        // field is read, without assuming alignment.
        let key = unsafe { core::ptr::addr_of!((*s).handle).read_unaligned() };
        handle::release(key);
        // SAFETY: `s` is non-NULL and writable (contract); exactly
        // `size_of::<KZGSettings>()` bytes are written.
        unsafe { s.write_unaligned(KZGSettings::ZEROED) };
        Ok(())
    });
}
