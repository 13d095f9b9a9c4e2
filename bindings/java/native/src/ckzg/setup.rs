//! Loading and freeing the global setup of `CKZG4844JNI`.

use fastkzg::KzgSettings;
use jni::objects::{JByteArray, JClass, JString};
use jni::sys::jlong;
use jni::JNIEnv;

use super::{load_global, not_loaded_yet, GLOBAL, LOAD_FAILED, NOT_LOADED, NO_FILE};
use crate::arrays;
use crate::failure::{guard, Failure, C_KZG_ERROR};
use crate::held;

/// `loadTrustedSetup(String file, long precompute)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_loadTrustedSetup__Ljava_lang_String_2J<
    'l,
>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    file: JString<'l>,
    precompute: jlong,
) {
    guard(&mut env, (), setup_panic, |env| {
        not_loaded_yet()?;
        if file.is_null() {
            return Err(Failure::Runtime(NO_FILE.into()));
        }
        let path: String = env.get_string(&file)?.into();
        let mut f = std::fs::File::open(&path).map_err(|_| Failure::Runtime(NO_FILE.into()))?;
        load_global(precompute, move |precompute| {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut f, &mut text)
                .map_err(|_| Failure::badargs(LOAD_FAILED))?;
            KzgSettings::parse_trusted_setup(&text, precompute)
                .map_err(|_| Failure::badargs(LOAD_FAILED))
        })
    })
}

/// `loadTrustedSetup(byte[] g1Monomial, byte[] g1Lagrange, byte[] g2Monomial, long precompute)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_loadTrustedSetup___3B_3B_3BJ<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    g1_monomial: JByteArray<'l>,
    g1_lagrange: JByteArray<'l>,
    g2_monomial: JByteArray<'l>,
    precompute: jlong,
) {
    guard(&mut env, (), setup_panic, |env| {
        not_loaded_yet()?;
        let read = |a: &JByteArray<'_>| match a.is_null() {
            true => Ok(Vec::new()),
            false => arrays::bytes(env, a),
        };
        let (m, l, g2) = (
            read(&g1_monomial)?,
            read(&g1_lagrange)?,
            read(&g2_monomial)?,
        );
        load_global(precompute, move |precompute| {
            KzgSettings::load_trusted_setup(&m, &l, &g2, precompute)
                .map_err(|_| Failure::badargs(LOAD_FAILED))
        })
    })
}

fn setup_panic(_: String) -> Failure {
    Failure::Ckzg {
        code: C_KZG_ERROR,
        message: LOAD_FAILED.into(),
    }
}

/// `freeTrustedSetup()`. Calls running with the old setup finish with it.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_freeTrustedSetup<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) {
    guard(&mut env, (), Failure::Runtime, |_| {
        let old = held::write(&GLOBAL).take();
        match old {
            // Dropped here, outside the lock.
            Some(_) => Ok(()),
            None => Err(Failure::Runtime(NOT_LOADED.into())),
        }
    })
}
