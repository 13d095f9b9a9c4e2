//! Settings as the calls hold them: the embedded mainnet settings
//! (`&'static`) or loaded ones (reference-counted), so a call keeps its
//! settings alive while it computes even if they are freed or closed
//! meanwhile.

use std::ops::Deref;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use fastkzg::KzgSettings;

/// Settings a call holds.
#[derive(Clone)]
pub enum Held {
    /// The process-wide embedded mainnet settings.
    Mainnet(&'static KzgSettings),
    /// Settings loaded by a call.
    Loaded(Arc<KzgSettings>),
}

impl Held {
    /// Owns freshly loaded settings.
    pub fn loaded(settings: KzgSettings) -> Self {
        Held::Loaded(Arc::new(settings))
    }
}

impl Deref for Held {
    type Target = KzgSettings;

    fn deref(&self) -> &KzgSettings {
        match self {
            Held::Mainnet(s) => s,
            Held::Loaded(s) => s,
        }
    }
}

/// Read access to a lock whose holder panicked: the data is still
/// consistent (every critical section is a single swap or lookup).
pub fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

/// Write access, as [`read`].
pub fn write<T>(lock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(|e| e.into_inner())
}
