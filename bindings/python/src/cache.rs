//! Loaded settings, shared and cached: the embedded mainnet setup per
//! precompute level, and trusted-setup files keyed by canonical path,
//! modification time, size and precompute level. A file that is exactly
//! the mainnet setup is recognised by the library (SHA-256) and loads in
//! milliseconds; every later load of the same unchanged file returns the
//! cached settings at once.

use std::collections::HashMap;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use fastkzg::fork::Patience;
use std::time::UNIX_EPOCH;

use fastkzg::KzgSettings;

/// Settings shared by every Python object that refers to them.
#[derive(Clone)]
pub enum Shared {
    /// The library's process-wide mainnet settings (precompute 0).
    Static(&'static KzgSettings),
    /// Settings loaded by this module.
    Owned(Arc<KzgSettings>),
}

impl Deref for Shared {
    type Target = KzgSettings;
    fn deref(&self) -> &KzgSettings {
        match self {
            Shared::Static(s) => s,
            Shared::Owned(s) => s,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Mainnet {
        precompute: usize,
    },
    File {
        path: PathBuf,
        modified_ns: u128,
        size: u64,
        precompute: usize,
    },
}

static CACHE: Mutex<Option<HashMap<Key, Arc<KzgSettings>>>> = Mutex::new(None);

/// Why a load failed.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The file or the precompute level was rejected by the library.
    Kzg(fastkzg::Error),
}

/// Looks `key` up, or loads it with `load` and remembers it. The lock is
/// held while loading, so concurrent loads of one setup load it once. In a
/// forked child whose parent was loading at the fork the lock is never
/// released; the child then loads without the cache.
fn cached(
    key: Key,
    load: impl FnOnce() -> Result<KzgSettings, LoadError>,
) -> Result<Shared, LoadError> {
    let Some(mut guard) = fastkzg::fork::lock(&CACHE, Patience::None) else {
        return Ok(Shared::Owned(Arc::new(load()?)));
    };
    let map = guard.get_or_insert_with(HashMap::new);
    if let Some(s) = map.get(&key) {
        return Ok(Shared::Owned(Arc::clone(s)));
    }
    let settings = Arc::new(load()?);
    map.insert(key, Arc::clone(&settings));
    Ok(Shared::Owned(settings))
}

/// The embedded mainnet setup at a precompute level.
pub fn mainnet(precompute: usize) -> Result<Shared, LoadError> {
    if precompute == 0 {
        return Ok(Shared::Static(fastkzg::mainnet()));
    }
    cached(Key::Mainnet { precompute }, || {
        KzgSettings::load_mainnet(precompute).map_err(LoadError::Kzg)
    })
}

/// A trusted-setup file in the c-kzg-4844 text format.
pub fn load_file(path: &Path, precompute: usize) -> Result<Shared, LoadError> {
    let meta = std::fs::metadata(path).map_err(LoadError::Io)?;
    let modified_ns = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let key = Key::File {
        path: std::fs::canonicalize(path).map_err(LoadError::Io)?,
        modified_ns,
        size: meta.len(),
        precompute,
    };
    cached(key, || {
        let text = std::fs::read_to_string(path).map_err(LoadError::Io)?;
        KzgSettings::parse_trusted_setup(&text, precompute).map_err(LoadError::Kzg)
    })
}

/// Forgets every cached setup (objects already returned stay valid).
pub fn clear() {
    if let Some(mut guard) = fastkzg::fork::lock(&CACHE, Patience::None) {
        *guard = None;
    }
}
