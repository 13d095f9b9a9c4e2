//! `io.fastkzg.Kzg`'s static functions: the spec's two Fiat–Shamir
//! challenges, the thread count, the AVX-512 IFMA switch, and loading the
//! embedded mainnet setup as the drop-in API's global setup.

use std::ptr::null_mut;

use fastkzg::backend::Scalar;
use fastkzg::{Blob, Blst, Bytes48, KzgSettings, BYTES_PER_BLOB, BYTES_PER_CELL};
use jni::objects::{JByteArray, JClass, JLongArray, JObjectArray};
use jni::sys::{jboolean, jbyteArray, jint, jlong, JNI_FALSE};
use jni::JNIEnv;

use crate::arrays;
use crate::ckzg;
use crate::failure::{guard, Failure};
use crate::methods::{indices, list, one};
use crate::pool::{run, Placement, POOL};
use crate::settings::kzg_panic;

/// `Native.computeChallenge(byte[] blob, byte[] commitment)`: spec
/// `compute_challenge` as 32 big-endian bytes (lengths checked only).
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeChallenge<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
    commitment: JByteArray<'l>,
) -> jbyteArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let blob: Box<Blob> = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let c: Box<Bytes48> = one(env, &commitment, "commitment")?;
        let r = run(Placement::Caller, || {
            fastkzg::compute_challenge::<Blst>(&blob, &c).to_bytes_be()
        });
        Ok(arrays::new_bytes(env, &r)?.into_raw())
    })
}

/// `Native.computeVerifyCellKzgProofBatchChallenge(byte[][] commitments,
/// long[] commitmentIndices, long[] cellIndices, byte[][] cells, byte[][]
/// proofs)`: spec `compute_verify_cell_kzg_proof_batch_challenge`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeVerifyCellKzgProofBatchChallenge<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    commitments: JObjectArray<'l>,
    commitment_indices: JLongArray<'l>,
    cell_indices: JLongArray<'l>,
    cells: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jbyteArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let c = list::<48>(env, &commitments, "commitment")?;
        let ci = indices(env, &commitment_indices, "commitmentIndices")?;
        let idx = indices(env, &cell_indices, "cellIndices")?;
        let cells = list::<BYTES_PER_CELL>(env, &cells, "cell")?;
        let p = list::<48>(env, &proofs, "proof")?;
        let r = run(Placement::Caller, || {
            fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<Blst, _>(
                &c, &ci, &idx, &cells, &p,
            )
            .map(|r| r.to_bytes_be())
        })
        .map_err(Failure::from_lib)?;
        Ok(arrays::new_bytes(env, &r)?.into_raw())
    })
}

/// `Native.setThreads(int n)`: 0 or 1 serial, `n` a pool of `n` threads.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_setThreads<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    n: jint,
) {
    guard(&mut env, (), kzg_panic, |_| {
        let n = usize::try_from(n)
            .map_err(|_| Failure::Argument(format!("thread count must be >= 0, got {n}")))?;
        POOL.set_threads(n);
        Ok(())
    })
}

/// `Native.threads()`: the thread count calls use (1: serial).
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_threads<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jint {
    guard(&mut env, 1, kzg_panic, |_| {
        Ok(jint::try_from(POOL.threads()).unwrap_or(jint::MAX))
    })
}

/// `Native.setIfma(boolean on)`: the AVX-512 IFMA kernels on or off.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_setIfma<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    on: jboolean,
) {
    guard(&mut env, (), kzg_panic, |_| {
        fastkzg::set_ifma(on != JNI_FALSE);
        Ok(())
    })
}

/// `Native.ifmaActive()`: whether the AVX-512 IFMA kernels run.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_ifmaActive<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jboolean {
    guard(&mut env, JNI_FALSE, kzg_panic, |_| {
        Ok(fastkzg::ifma_active().into())
    })
}

/// `Native.loadGlobalMainnet(long precompute)`: the embedded mainnet setup
/// as `CKZG4844JNI`'s global setup (jc-kzg's errors and messages: a setup
/// already loaded is a `RuntimeException`).
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_loadGlobalMainnet<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    precompute: jlong,
) {
    guard(&mut env, (), kzg_panic, |_| {
        ckzg::load_global(precompute, |p| {
            KzgSettings::load_mainnet(p).map_err(|_| {
                Failure::badargs("There was an error while loading the Trusted Setup.")
            })
        })
    })
}
