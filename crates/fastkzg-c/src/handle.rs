//! The registry of loaded settings.
//!
//! The C caller owns the `KZGSettings` struct, so its contents cannot be
//! trusted: it may be zeroed, uninitialised, freed, or a `memcpy` of a
//! struct freed since. The struct therefore holds only a key (the address of
//! the settings, which is unique while they are alive) and the settings
//! themselves live here, reference-counted. A key that is not registered is
//! rejected without ever being dereferenced, a call in progress keeps its
//! settings alive even if another thread frees them, and freeing twice (or
//! freeing a copy) is a no-op.
//!
//! The cost is one uncontended read lock and one reference-count increment
//! per call.

use core::ffi::c_void;
use std::collections::BTreeMap;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::ffi::Settings;

/// Live settings by key.
static REGISTRY: RwLock<BTreeMap<usize, Arc<Settings>>> = RwLock::new(BTreeMap::new());

// A panic while the lock is held cannot leave the map half-updated (every
// critical section is a single map operation), so poisoning is ignored.
fn read() -> RwLockReadGuard<'static, BTreeMap<usize, Arc<Settings>>> {
    REGISTRY.read().unwrap_or_else(|e| e.into_inner())
}

fn write() -> RwLockWriteGuard<'static, BTreeMap<usize, Arc<Settings>>> {
    REGISTRY.write().unwrap_or_else(|e| e.into_inner())
}

/// Registers `settings` and returns the key to store in the C struct
/// (never NULL).
pub fn register(settings: Settings) -> *mut c_void {
    let arc = Arc::new(settings);
    let key = Arc::as_ptr(&arc) as usize;
    write().insert(key, arc);
    key as *mut c_void
}

/// The settings registered under `key`, if any.
pub fn lookup(key: *mut c_void) -> Option<Arc<Settings>> {
    if key.is_null() {
        return None;
    }
    read().get(&(key as usize)).cloned()
}

/// Unregisters `key`; the settings are dropped once no call is using them.
/// Unknown keys (including NULL) are ignored.
pub fn release(key: *mut c_void) {
    if key.is_null() {
        return;
    }
    let removed = write().remove(&(key as usize));
    // Drop outside the lock: freeing the tables takes a while.
    drop(removed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_lookup_release() {
        let settings = Settings::load_mainnet(0).expect("embedded setup");
        let key = register(settings);
        assert!(!key.is_null());
        let held = lookup(key).expect("registered settings are found");
        release(key);
        assert!(lookup(key).is_none(), "released settings are gone");
        release(key); // a second release is a no-op
        release(core::ptr::null_mut());
        // A call that looked the settings up before the release can finish.
        let blob = vec![0u8; kzg::BYTES_PER_BLOB];
        let blob: &kzg::Blob = blob.as_slice().try_into().expect("blob size");
        assert_eq!(held.blob_to_kzg_commitment(blob).expect("commit")[0], 0xc0);
        assert!(lookup(core::ptr::null_mut()).is_none());
    }
}
