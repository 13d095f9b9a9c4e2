//! The registry of loaded settings.
//!
//! The C caller owns the `KZGSettings` struct, so its contents cannot be
//! trusted: it may be zeroed, uninitialised, freed, or a `memcpy` of a
//! struct freed since. The struct therefore holds only a key and the
//! settings themselves live here, reference-counted. Keys come from a
//! counter and are never issued twice in a process (not addresses, which
//! the allocator reuses: a stale copy of freed settings would then find
//! newer settings under its key). The settings are full or verify-only
//! ([`Settings`]); both hold their data behind an `Arc`. A key that is not
//! registered is
//! rejected without ever being dereferenced, a call in progress keeps its
//! settings alive even if another thread frees them, and freeing twice (or
//! freeing a copy) is a no-op.
//!
//! The cost is one uncontended read lock and one reference-count increment
//! per call.

use core::ffi::c_void;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::ffi::Settings;
use fastkzg::fork::Patience;

/// Live settings by key.
static REGISTRY: RwLock<BTreeMap<usize, Settings>> = RwLock::new(BTreeMap::new());

// A panic while the lock is held cannot leave the map half-updated (every
// critical section is a single map operation), so poisoning is ignored. In
// a forked child whose parent held the lock at the fork, the lock is never
// released: `None` after a bounded wait (see `fork::lock`).
fn read() -> Option<RwLockReadGuard<'static, BTreeMap<usize, Settings>>> {
    fastkzg::fork::read(&REGISTRY, Patience::Bounded)
}

fn write() -> Option<RwLockWriteGuard<'static, BTreeMap<usize, Settings>>> {
    fastkzg::fork::write(&REGISTRY, Patience::Bounded)
}

/// The next key to issue (0 is never issued: a zeroed struct has no key).
static NEXT_KEY: AtomicUsize = AtomicUsize::new(1);

/// Registers `settings` and returns the key to store in the C struct
/// (never NULL, never issued before); `None` only in a forked child whose
/// parent held the registry's lock at the fork.
pub fn register(settings: Settings) -> Option<*mut c_void> {
    let mut map = write()?;
    // 2^64 loads would take far longer than any process lives; on a 32-bit
    // target a wrapped counter skips keys that are still registered.
    let key = loop {
        let k = NEXT_KEY.fetch_add(1, Ordering::Relaxed);
        if k != 0 && !map.contains_key(&k) {
            break k;
        }
    };
    map.insert(key, settings);
    // The key is an opaque number in a pointer-sized field, never
    // dereferenced.
    Some(key as *mut c_void)
}

/// The settings registered under `key`, if any.
pub fn lookup(key: *mut c_void) -> Option<Settings> {
    if key.is_null() {
        return None;
    }
    read()?.get(&(key as usize)).cloned()
}

/// Unregisters `key`; the settings are dropped once no call is using them.
/// Unknown keys (including NULL) are ignored.
pub fn release(key: *mut c_void) {
    if key.is_null() {
        return;
    }
    let removed = write().and_then(|mut map| map.remove(&(key as usize)));
    // Drop outside the lock: freeing the tables takes a while.
    drop(removed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_lookup_release() {
        let settings = Settings::load_mainnet(0).expect("embedded setup");
        let key = register(settings).expect("registered");
        assert!(!key.is_null());
        let held = lookup(key).expect("registered settings are found");
        release(key);
        assert!(lookup(key).is_none(), "released settings are gone");
        release(key); // a second release is a no-op
        release(core::ptr::null_mut());
        // A call that looked the settings up before the release can finish.
        let blob = vec![0u8; fastkzg::BYTES_PER_BLOB];
        let blob: &fastkzg::Blob = blob.as_slice().try_into().expect("blob size");
        let Settings::Full(full) = &held else {
            panic!("full settings were registered")
        };
        assert_eq!(full.blob_to_kzg_commitment(blob).expect("commit")[0], 0xc0);
        assert!(lookup(core::ptr::null_mut()).is_none());
    }

    #[test]
    fn verify_only_settings_are_registered_alike() {
        let verifier = fastkzg::KzgVerifier::load_mainnet().expect("embedded setup");
        let key = register(verifier.into()).expect("registered");
        let held = lookup(key).expect("registered settings are found");
        assert!(matches!(held, Settings::Verifier(_)));
        release(key);
        assert!(lookup(key).is_none(), "released settings are gone");
        // The verifier is still usable by a call that looked it up.
        let zero = [0u8; 32];
        let mut infinity = [0u8; 48];
        infinity[0] = 0xc0;
        assert_eq!(
            held.verify_kzg_proof(&infinity, &zero, &zero, &infinity)
                .ok(),
            Some(true)
        );
    }

    #[test]
    fn keys_are_never_reused() {
        let first =
            register(Settings::load_mainnet(0).expect("embedded setup")).expect("registered");
        release(first);
        let later: Vec<_> = (0..4)
            .map(|_| {
                register(Settings::load_mainnet(0).expect("embedded setup")).expect("registered")
            })
            .collect();
        assert!(!later.contains(&first), "a freed key was issued again");
        assert!(lookup(first).is_none(), "a stale key finds nothing");
        for k in later {
            release(k);
        }
    }
}
