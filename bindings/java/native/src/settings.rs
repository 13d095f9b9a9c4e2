//! `io.fastkzg.KzgSettings`: settings objects of the idiomatic API, as
//! handles into a registry of reference-counted settings. A call looks its
//! settings up (a read lock held for one clone) and computes without any
//! lock; `close` removes the handle, and calls still running keep the
//! settings alive until they return.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::RwLock;

use fastkzg::KzgSettings;
use jni::objects::{JByteArray, JClass, JString};
use jni::sys::{jint, jlong};
use jni::JNIEnv;

use crate::arrays;
use crate::failure::{guard, Failure};
use crate::held::{self, Held};
use crate::pool::{run, Placement};

/// Open settings by handle.
static HANDLES: RwLock<BTreeMap<jlong, Held>> = RwLock::new(BTreeMap::new());
/// The next handle (never reused, never 0).
static NEXT: AtomicI64 = AtomicI64::new(1);

/// The settings of handle `h`, or `IllegalStateException` if closed.
pub fn get(h: jlong) -> Result<Held, Failure> {
    held::read(&HANDLES)
        .get(&h)
        .cloned()
        .ok_or_else(|| Failure::State("KzgSettings is closed".into()))
}

/// Registers settings and returns their handle.
fn open(settings: Held) -> jlong {
    let h = NEXT.fetch_add(1, Ordering::Relaxed);
    held::write(&HANDLES).insert(h, settings);
    h
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
            return Ok(open(Held::Mainnet(KzgSettings::mainnet())));
        }
        let p = precompute(level)?;
        let s = run(Placement::Pool, || KzgSettings::load_mainnet(p)).map_err(Failure::from_lib)?;
        Ok(open(Held::loaded(s)))
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
        Ok(open(Held::loaded(s)))
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
        Ok(open(Held::loaded(s)))
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
        // The settings (if this was their last holder) are dropped here,
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
        Ok(jint::try_from(get(h)?.precompute()).unwrap_or(jint::MAX))
    })
}
