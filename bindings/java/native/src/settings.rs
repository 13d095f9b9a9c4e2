//! `io.fastkzg.KzgSettings` and `io.fastkzg.KzgVerifier`: the contexts of
//! the idiomatic API, as handles into one registry of reference-counted
//! [`Context`]s. A call looks its context up (a read lock held for one
//! clone) and computes without any lock; `close` removes the handle, and
//! calls still running keep the context alive until they return.
//!
//! A handle's lowest bit says which class opened it (0: `KzgSettings`, 1:
//! `KzgVerifier`), so that a call on a closed handle names its class.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::RwLock;

use fastkzg::{KzgSettings, KzgVerifier};
use jni::objects::{JByteArray, JClass, JString};
use jni::sys::{jint, jlong};
use jni::JNIEnv;

use crate::arrays;
use crate::failure::{guard, Failure};
use crate::held::{self, Context, Held, HeldVerifier, Role};
use crate::pool::{run, Placement};

/// Open contexts by handle.
static HANDLES: RwLock<BTreeMap<jlong, Context>> = RwLock::new(BTreeMap::new());
/// The next handle number (never reused, never 0).
static NEXT: AtomicI64 = AtomicI64::new(1);

/// The context of handle `h`, or `IllegalStateException` if closed.
pub fn get(h: jlong) -> Result<Context, Failure> {
    held::read(&HANDLES).get(&h).cloned().ok_or_else(|| {
        let class = match h & 1 {
            0 => "KzgSettings",
            _ => "KzgVerifier",
        };
        Failure::State(format!("{class} is closed"))
    })
}

/// Registers a context and returns its handle.
fn open(context: Context) -> jlong {
    let kind = match context {
        Context::Settings(_) => 0,
        Context::Verifier(_) => 1,
    };
    let h = NEXT.fetch_add(1, Ordering::Relaxed) << 1 | kind;
    held::write(&HANDLES).insert(h, context);
    h
}

/// Registers loaded settings.
fn open_settings(settings: KzgSettings) -> jlong {
    open(Context::Settings(Held::loaded(settings)))
}

/// The panic handler of the idiomatic API.
pub fn kzg_panic(message: String) -> Failure {
    Failure::Kzg(message)
}

/// A precompute level from Java (`0..=15`).
fn precompute(p: jint) -> Result<usize, Failure> {
    usize::try_from(p)
        .ok()
        .filter(|p| *p <= fastkzg::MAX_PRECOMPUTE)
        .ok_or_else(|| {
            Failure::Argument(format!(
                "precompute must be in 0..={}, got {p}",
                fastkzg::MAX_PRECOMPUTE
            ))
        })
}

/// `Native.openMainnet(int precompute)`: the embedded mainnet setup; -1:
/// the process-wide shared settings (no table of their own).
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_openMainnet<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    level: jint,
) -> jlong {
    guard(&mut env, 0, kzg_panic, |_| {
        if level == -1 {
            return Ok(open(Context::Settings(Held::Mainnet(
                KzgSettings::mainnet(),
            ))));
        }
        let p = precompute(level)?;
        let s = run(Placement::Pool, || KzgSettings::load_mainnet(p)).map_err(Failure::from_lib)?;
        Ok(open_settings(s))
    })
}

/// `Native.parse(String text, int precompute)`: a setup in the c-kzg text
/// format.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_parse<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    text: JString<'l>,
    level: jint,
) -> jlong {
    guard(&mut env, 0, kzg_panic, |env| {
        if text.is_null() {
            return Err(Failure::Null("text must not be null".into()));
        }
        let p = precompute(level)?;
        let text: String = env.get_string(&text)?.into();
        let s = run(Placement::Pool, || {
            KzgSettings::parse_trusted_setup(&text, p)
        })
        .map_err(Failure::from_lib)?;
        Ok(open_settings(s))
    })
}

/// `Native.fromBytes(byte[] g1Monomial, byte[] g1Lagrange, byte[] g2Monomial, int precompute)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_fromBytes<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    g1_monomial: JByteArray<'l>,
    g1_lagrange: JByteArray<'l>,
    g2_monomial: JByteArray<'l>,
    level: jint,
) -> jlong {
    guard(&mut env, 0, kzg_panic, |env| {
        let p = precompute(level)?;
        let read = |a: &JByteArray<'_>, name: &str| match a.is_null() {
            true => Err(Failure::Null(format!("{name} must not be null"))),
            false => arrays::bytes(env, a),
        };
        let m = read(&g1_monomial, "g1Monomial")?;
        let l = read(&g1_lagrange, "g1Lagrange")?;
        let g2 = read(&g2_monomial, "g2Monomial")?;
        let s = run(Placement::Pool, || {
            KzgSettings::load_trusted_setup(&m, &l, &g2, p)
        })
        .map_err(Failure::from_lib)?;
        Ok(open_settings(s))
    })
}

/// `Native.openVerifierMainnet()`: the process-wide verify-only context of
/// the embedded mainnet setup (built on first use, in about a millisecond).
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_openVerifierMainnet<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jlong {
    guard(&mut env, 0, kzg_panic, |_| {
        let v = run(Placement::Caller, KzgVerifier::mainnet);
        Ok(open(Context::Verifier(HeldVerifier::Mainnet(v))))
    })
}

/// `Native.parseVerifier(String text)`: a verify-only context from a setup
/// in the c-kzg text format (the mainnet text loads from the embedded
/// form; any other is validated in full and only the verifier part kept).
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_parseVerifier<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    text: JString<'l>,
) -> jlong {
    guard(&mut env, 0, kzg_panic, |env| {
        if text.is_null() {
            return Err(Failure::Null("text must not be null".into()));
        }
        let text: String = env.get_string(&text)?.into();
        let v = run(Placement::Pool, || KzgVerifier::parse_trusted_setup(&text))
            .map_err(Failure::from_lib)?;
        Ok(open(Context::Verifier(HeldVerifier::Loaded(v.into()))))
    })
}

/// `Native.close(long handle)`: idempotent.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_close<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
) {
    guard(&mut env, (), kzg_panic, |_| {
        let old = held::write(&HANDLES).remove(&h);
        // The context (if this was its last holder) is dropped here,
        // outside the lock.
        drop(old);
        Ok(())
    })
}

/// `Native.precompute(long handle)`: the settings' precompute level.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_precompute<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
) -> jint {
    guard(&mut env, 0, kzg_panic, |_| {
        let context = get(h)?;
        let settings = KzgSettings::of(&context)?;
        Ok(jint::try_from(settings.precompute()).unwrap_or(jint::MAX))
    })
}
