//! The native settings class: a loaded trusted setup (shared, read-only)
//! and the entry points that run operations on it, synchronously or as a
//! Promise.

use std::sync::Arc;

use napi::bindgen_prelude::{AsyncTask, Buffer, Either, Env, Task, Uint8Array};
use napi_derive::napi;

use fastkzg::KzgSettings;

use crate::errors;
use crate::ops::{Op, Out};
use crate::threads::{self, Placement};

/// Settings that are either the process-wide mainnet settings or loaded
/// by this addon; cheap to clone into an async call.
#[derive(Clone)]
enum Shared {
    Static(&'static KzgSettings),
    Owned(Arc<KzgSettings>),
}

impl Shared {
    fn get(&self) -> &KzgSettings {
        match self {
            Shared::Static(s) => s,
            Shared::Owned(s) => s,
        }
    }
}

/// A loaded trusted setup. JavaScript builds it with a factory
/// (`mainnet`, `parse`) and calls `run` / `runAsync` on it.
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

    /// The `precompute` value the settings were loaded with.
    #[napi(getter)]
    pub fn precompute(&self) -> u32 {
        u32::try_from(self.inner.get().precompute()).unwrap_or(u32::MAX)
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
