//! The native settings class: a loaded trusted setup (shared, read-only),
//! full settings or a verify-only context, and the entry points that run
//! operations on it, synchronously or as a Promise. The JavaScript
//! `KzgSettings` and `KzgVerifier` both wrap it; the operations run on
//! either (verifications through its [`fastkzg::KzgVerifier`]).

use std::sync::Arc;

use napi::bindgen_prelude::{AsyncTask, Buffer, Either, Env, Task, Uint8Array};
use napi_derive::napi;

use fastkzg::{KzgSettings, KzgVerifier};

use crate::errors;
use crate::ops::{Context, Op, Out};
use crate::threads::{self, Placement};

/// Full settings or a verify-only context, each either process-wide
/// (the embedded mainnet setup) or loaded by this addon; cheap to clone
/// into an async call.
#[derive(Clone)]
enum Shared {
    Static(&'static KzgSettings),
    Owned(Arc<KzgSettings>),
    StaticVerifier(&'static KzgVerifier),
    OwnedVerifier(Arc<KzgVerifier>),
}

impl Shared {
    fn get(&self) -> Context<'_> {
        match self {
            Shared::Static(s) => Context::Settings(s),
            Shared::Owned(s) => Context::Settings(s),
            Shared::StaticVerifier(v) => Context::Verifier(v),
            Shared::OwnedVerifier(v) => Context::Verifier(v),
        }
    }
}

/// A loaded trusted setup: full settings or a verify-only context.
/// JavaScript builds it with a factory (`mainnet`, `parse`,
/// `mainnetVerifier`, `parseVerifier`) and calls `run` / `runAsync` on it.
#[napi]
pub struct NativeSettings {
    inner: Shared,
}

/// Loads settings in the pool, turning library errors and panics into
/// JavaScript errors.
fn load(f: impl FnOnce() -> fastkzg::Result<KzgSettings> + Send) -> napi::Result<NativeSettings> {
    let settings = threads::run(Placement::Pool, f)?.map_err(|e| errors::to_js(&e))?;
    Ok(NativeSettings {
        inner: Shared::Owned(Arc::new(settings)),
    })
}

#[napi]
impl NativeSettings {
    /// The embedded mainnet setup. `precompute` 0 shares the process-wide
    /// settings (loaded once, in milliseconds); other values build tables
    /// for faster proofs (0..=15).
    #[napi(factory, catch_unwind)]
    pub fn mainnet(precompute: u32) -> napi::Result<Self> {
        if precompute == 0 {
            let s = threads::run(Placement::Caller, KzgSettings::mainnet)?;
            return Ok(NativeSettings {
                inner: Shared::Static(s),
            });
        }
        load(|| KzgSettings::load_mainnet(precompute as usize))
    }

    /// A setup in the c-kzg-4844 text format (the mainnet text is
    /// recognised and loaded from the embedded form).
    #[napi(factory, catch_unwind)]
    pub fn parse(text: String, precompute: u32) -> napi::Result<Self> {
        load(|| KzgSettings::parse_trusted_setup(&text, precompute as usize))
    }

    /// The verify-only context of the embedded mainnet setup, shared by
    /// the process (built once, in about a millisecond).
    #[napi(factory, catch_unwind)]
    pub fn mainnet_verifier() -> napi::Result<Self> {
        let v = threads::run(Placement::Caller, KzgVerifier::mainnet)?;
        Ok(NativeSettings {
            inner: Shared::StaticVerifier(v),
        })
    }

    /// A verify-only context from a setup in the c-kzg-4844 text format
    /// (the mainnet text loads from the embedded form; any other is
    /// validated in full and only the verifier's part kept).
    #[napi(factory, catch_unwind)]
    pub fn parse_verifier(text: String) -> napi::Result<Self> {
        let v = threads::run(Placement::Pool, || KzgVerifier::parse_trusted_setup(&text))?
            .map_err(|e| errors::to_js(&e))?;
        Ok(NativeSettings {
            inner: Shared::OwnedVerifier(Arc::new(v)),
        })
    }

    /// The `precompute` value the settings were loaded with (0 for a
    /// verify-only context, which has no prover tables).
    #[napi(getter)]
    pub fn precompute(&self) -> u32 {
        match self.inner.get() {
            Context::Settings(s) => u32::try_from(s.precompute()).unwrap_or(u32::MAX),
            Context::Verifier(_) => 0,
        }
    }

    /// Runs operation `name` on the JavaScript thread (see `ops`).
    #[napi(catch_unwind)]
    pub fn run(
        &self,
        name: String,
        bytes: Vec<Uint8Array>,
        numbers: Vec<Vec<f64>>,
    ) -> napi::Result<Either<Buffer, bool>> {
        let op = operation(&name, bytes, numbers)?;
        let settings = self.inner.get();
        let out = threads::run(op.placement(), || op.run(settings))?;
        Ok(to_js(out.map_err(|e| errors::to_js(&e))?))
    }

    /// Runs operation `name` on a libuv worker thread; returns a Promise.
    #[napi(catch_unwind, ts_return_type = "Promise<Buffer | boolean>")]
    pub fn run_async(
        &self,
        name: String,
        bytes: Vec<Uint8Array>,
        numbers: Vec<Vec<f64>>,
    ) -> napi::Result<AsyncTask<Job>> {
        let op = operation(&name, bytes, numbers)?;
        Ok(AsyncTask::new(Job {
            settings: self.inner.clone(),
            op,
        }))
    }
}

/// The operation with its inputs copied out of JavaScript.
fn operation(name: &str, bytes: Vec<Uint8Array>, numbers: Vec<Vec<f64>>) -> napi::Result<Op> {
    let bytes = bytes.iter().map(|b| b.to_vec()).collect();
    Op::new(name, bytes, numbers).map_err(|e| errors::to_js(&e))
}

fn to_js(out: Out) -> Either<Buffer, bool> {
    match out {
        Out::Bytes(b) => Either::A(Buffer::from(b)),
        Out::Bool(v) => Either::B(v),
    }
}

/// An operation run off the JavaScript thread.
pub struct Job {
    settings: Shared,
    op: Op,
}

impl Task for Job {
    type Output = Out;
    type JsValue = Either<Buffer, bool>;

    fn compute(&mut self) -> napi::Result<Out> {
        let (op, settings) = (&self.op, self.settings.get());
        threads::run(op.placement(), || op.run(settings))?.map_err(|e| errors::to_js(&e))
    }

    fn resolve(&mut self, _env: Env, out: Out) -> napi::Result<Self::JsValue> {
        Ok(to_js(out))
    }
}
