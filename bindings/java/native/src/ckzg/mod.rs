//! `ethereum.ckzg4844.CKZG4844JNI`: the drop-in for jc-kzg-4844 2.1.x.
//!
//! Same global trusted setup, same checks in the same order, same messages
//! and exceptions as jc-kzg's JNI code: a call before the setup is loaded
//! (or a second load) is a `RuntimeException`; a byte array of the wrong
//! size is a `CKZGException` with `C_KZG_BADARGS` and the message `Invalid
//! <name> size. Expected <n> bytes but got <m>.`; an input the library
//! rejects is a `CKZGException` with `C_KZG_BADARGS` and `There was an error
//! in <method>.`; an internal error is the same with `C_KZG_ERROR`.
//!
//! Where jc-kzg crashes the JVM (a `null` argument) this binding throws a
//! `CKZGException` with `C_KZG_BADARGS` (`Invalid <name> size. Got null.`).

use std::sync::RwLock;

use fastkzg::KzgSettings;
use jni::objects::JByteArray;
use jni::sys::jlong;
use jni::JNIEnv;

use crate::arrays;
use crate::failure::{Failure, C_KZG_ERROR};
use crate::held::{self, Held};
use crate::pool::{run, Placement};

mod eip4844;
mod eip7594;
mod setup;

const NOT_LOADED: &str = "Trusted Setup is not loaded.";
const ALREADY_LOADED: &str = "Trusted Setup is already loaded. Free it before loading a new one.";
const LOAD_FAILED: &str = "There was an error while loading the Trusted Setup.";
const NO_FILE: &str =
    "Couldn't load Trusted Setup. File might not exist or there is a permission issue.";
const BYTES_PER_G1: u64 = 48;
const BYTES_PER_FIELD_ELEMENT: u64 = 32;

/// The global trusted setup of the drop-in API. The lock is held only to
/// read or swap the reference, never while computing.
static GLOBAL: RwLock<Option<Held>> = RwLock::new(None);

/// The loaded settings, or jc-kzg's `RuntimeException`.
fn loaded() -> Result<Held, Failure> {
    held::read(&GLOBAL)
        .clone()
        .ok_or_else(|| Failure::Runtime(NOT_LOADED.into()))
}

/// jc-kzg's error for a load while a setup is loaded.
fn not_loaded_yet() -> Result<(), Failure> {
    match held::read(&GLOBAL).is_some() {
        true => Err(Failure::Runtime(ALREADY_LOADED.into())),
        false => Ok(()),
    }
}

/// Makes `settings` the global setup, unless another thread loaded one
/// since [`not_loaded_yet`].
pub fn install(settings: Held) -> Result<(), Failure> {
    let mut global = held::write(&GLOBAL);
    if global.is_some() {
        return Err(Failure::Runtime(ALREADY_LOADED.into()));
    }
    *global = Some(settings);
    Ok(())
}

/// Loads the global setup with `load` (run in the pool) unless one is
/// loaded; `precompute` as jc-kzg passes it (a `long`, 0..=15).
pub fn load_global(
    precompute: jlong,
    load: impl FnOnce(usize) -> Result<KzgSettings, Failure> + Send,
) -> Result<(), Failure> {
    not_loaded_yet()?;
    let precompute = usize::try_from(precompute).map_err(|_| Failure::badargs(LOAD_FAILED))?;
    let settings = run(Placement::Pool, || load(precompute))?;
    install(Held::loaded(settings))
}

/// The `CKZGException` of a failed call of `method`.
fn failed(method: &str) -> Failure {
    Failure::badargs(format!("There was an error in {method}."))
}

/// The panic handler of `method`'s entry point (`C_KZG_ERROR`).
fn internal(method: &'static str) -> impl FnOnce(String) -> Failure {
    move |_| Failure::Ckzg {
        code: C_KZG_ERROR,
        message: format!("There was an error in {method}."),
    }
}

/// jc-kzg's size error; its messages go through a 100-byte buffer.
fn size_error(prefix: &str, expected: u64, got: &str) -> Failure {
    let mut message = format!("{prefix} Expected {expected} bytes but got {got}.");
    message.truncate(99);
    Failure::badargs(message)
}

/// Checks a `byte[]` argument's size (`expected` as jc-kzg computes it, in
/// 64-bit arithmetic) and copies it.
fn sized(
    env: &JNIEnv<'_>,
    arr: &JByteArray<'_>,
    prefix: &str,
    expected: u64,
) -> Result<Vec<u8>, Failure> {
    if arr.is_null() {
        return Err(Failure::badargs(format!("{prefix} Got null.")));
    }
    let got = arrays::len(env, arr)? as u64;
    if got != expected {
        return Err(size_error(prefix, expected, &got.to_string()));
    }
    arrays::bytes(env, arr)
}

/// A checked byte vector as the fixed-size type the library takes.
fn fixed<'a, const N: usize>(v: &'a [u8], method: &str) -> Result<&'a [u8; N], Failure> {
    v.try_into().map_err(|_| failed(method))
}

/// A library result of `method`.
fn lib<T>(r: fastkzg::Result<T>, method: &str) -> Result<T, Failure> {
    r.map_err(|_| failed(method))
}
