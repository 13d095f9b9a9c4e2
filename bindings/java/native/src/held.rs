//! Settings and verify-only contexts as the calls hold them: the embedded
//! mainnet ones (`&'static`) or loaded ones (reference-counted), so a call
//! keeps its context alive while it computes even if it is freed or closed
//! meanwhile.

use std::ops::Deref;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use fastkzg::{KzgSettings, KzgVerifier};

use crate::failure::Failure;

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

/// A verify-only context a call holds.
#[derive(Clone)]
pub enum HeldVerifier {
    /// The process-wide embedded mainnet verifier.
    Mainnet(&'static KzgVerifier),
    /// A verifier loaded by a call.
    Loaded(Arc<KzgVerifier>),
}

impl Deref for HeldVerifier {
    type Target = KzgVerifier;

    fn deref(&self) -> &KzgVerifier {
        match self {
            HeldVerifier::Mainnet(v) => v,
            HeldVerifier::Loaded(v) => v,
        }
    }
}

/// What a handle of the idiomatic API holds: full settings
/// (`io.fastkzg.KzgSettings`) or a verify-only context
/// (`io.fastkzg.KzgVerifier`). Both verify through the same
/// [`KzgVerifier`]: the settings' own verifier part, or the context itself.
#[derive(Clone)]
pub enum Context {
    /// Prover and verifier.
    Settings(Held),
    /// Verifier only.
    Verifier(HeldVerifier),
}

impl Context {
    /// The verifier every `verify_*` call runs on.
    pub fn verifier(&self) -> &KzgVerifier {
        match self {
            Context::Settings(s) => s.verifier(),
            Context::Verifier(v) => v,
        }
    }
}

/// The part of a [`Context`] an entry point runs on: [`KzgVerifier`] for
/// verification (any context), [`KzgSettings`] for everything else.
pub trait Role: Sync {
    /// This role of `context`, or `IllegalStateException` if it has none.
    fn of(context: &Context) -> Result<&Self, Failure>;
}

impl Role for KzgVerifier {
    fn of(context: &Context) -> Result<&Self, Failure> {
        Ok(context.verifier())
    }
}

impl Role for KzgSettings {
    fn of(context: &Context) -> Result<&Self, Failure> {
        match context {
            Context::Settings(s) => Ok(s),
            Context::Verifier(_) => Err(Failure::State(
                "a KzgVerifier has no prover data: use KzgSettings".into(),
            )),
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
