//! The two functions that the C# binding of c-kzg-4844 (NuGet
//! `Ckzg.Bindings`) adds to `ckzg.h` (its `ckzg_wrap.c`), so that the
//! library built as `runtimes/<rid>/native/ckzg.so` can stand in for the
//! native library that package ships (`scripts/build-csharp-native.sh`).
//! Declared in `include/ckzg_wrap.h`.
//!
//! The binding keeps the settings as an opaque pointer that these two
//! functions allocate and free. Pointers handed out are remembered, so
//! freeing one twice, or freeing a pointer this library did not hand out,
//! does nothing instead of corrupting memory.

use std::collections::HashSet;
use std::sync::Mutex;

use fastkzg::fork::Patience;

use crate::types::{KZGSettings, C_KZG_RET};

/// The settings pointers handed out and not yet freed.
static LIVE: Mutex<Option<HashSet<usize>>> = Mutex::new(None);

/// Runs `f` on the set of live pointers (`None`: the lock is lost in a
/// forked child, see `fastkzg::fork`).
fn with_live<R>(f: impl FnOnce(&mut HashSet<usize>) -> R) -> Option<R> {
    let mut guard = fastkzg::fork::lock(&LIVE, Patience::Bounded)?;
    Some(f(guard.get_or_insert_with(HashSet::new)))
}

/// Loads the trusted setup from the text file `file` (c-kzg's format) at
/// precompute level `precompute` into settings of its own and returns them,
/// or NULL on any failure (NULL or unreadable path, invalid setup, level
/// above 15), as c-kzg's `load_trusted_setup_wrap` does.
///
/// # Safety
/// `file` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn load_trusted_setup_wrap(
    file: *const libc::c_char,
    precompute: libc::size_t,
) -> *mut KZGSettings {
    if file.is_null() {
        return core::ptr::null_mut();
    }
    // SAFETY: `file` is a NUL-terminated string (this function's contract),
    // and so is the mode.
    let stream = unsafe { libc::fopen(file, c"r".as_ptr()) };
    if stream.is_null() {
        return core::ptr::null_mut();
    }
    let out = Box::into_raw(Box::new(KZGSettings::ZEROED));
    // SAFETY: `out` is a live, writable `KZGSettings` and `stream` an open
    // FILE, closed right after.
    let ret = unsafe { crate::setup::load_trusted_setup_file(out, stream, precompute as u64) };
    // SAFETY: `stream` was opened above and is closed once.
    unsafe { libc::fclose(stream) };
    let registered =
        ret == C_KZG_RET::C_KZG_OK && with_live(|live| live.insert(out as usize)).is_some();
    if !registered {
        // SAFETY: `out` came from `Box::into_raw` above and was not handed
        // out; freeing the (zeroed or loaded) settings first.
        unsafe {
            crate::setup::free_trusted_setup(out);
            drop(Box::from_raw(out));
        }
        return core::ptr::null_mut();
    }
    out
}

/// Frees settings returned by [`load_trusted_setup_wrap`]. NULL, a pointer
/// freed before, or one not handed out by this library is ignored.
///
/// # Safety
/// `s` is NULL or a pointer; it is only dereferenced if
/// [`load_trusted_setup_wrap`] returned it and it was not freed since.
#[no_mangle]
pub unsafe extern "C" fn free_trusted_setup_wrap(s: *mut KZGSettings) {
    if s.is_null() || with_live(|live| live.remove(&(s as usize))) != Some(true) {
        return;
    }
    // SAFETY: `s` was returned by `load_trusted_setup_wrap` (it was in the
    // live set, from which it is now removed, so this runs once per
    // pointer): a `Box` of ours that nobody else frees.
    unsafe {
        crate::setup::free_trusted_setup(s);
        drop(Box::from_raw(s));
    }
}
