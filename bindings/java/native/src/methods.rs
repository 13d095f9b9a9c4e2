//! The spec functions of `io.fastkzg.KzgSettings` (through the
//! package-private `io.fastkzg.Native`). Lists arrive as `byte[][]`; every
//! length is checked here and a wrong one is an `InvalidInputException`
//! naming the input and its position, as are the library's errors.

use std::ptr::null_mut;

use fastkzg::{Blob, Bytes32, Bytes48, Cell, BYTES_PER_BLOB, BYTES_PER_CELL};
use jni::objects::{JByteArray, JClass, JLongArray, JObjectArray};
use jni::sys::{jboolean, jbyteArray, jlong, jobjectArray, JNI_FALSE};
use jni::JNIEnv;

use crate::arrays;
use crate::failure::{guard, Failure};
use crate::pool::{run, Placement};
use crate::settings::{get, kzg_panic};

/// Copies a single `byte[]` input of `N` bytes named `name`.
pub fn one<const N: usize>(
    env: &JNIEnv<'_>,
    arr: &JByteArray<'_>,
    name: &str,
) -> Result<Box<[u8; N]>, Failure> {
    if arr.is_null() {
        return Err(Failure::Null(format!("{name} must not be null")));
    }
    let got = arrays::len(env, arr)?;
    if got != N {
        return Err(Failure::length(name, 0, N, got));
    }
    let v = arrays::bytes(env, arr)?;
    v.into_boxed_slice()
        .try_into()
        .map_err(|_| Failure::length(name, 0, N, got))
}

/// Copies a `byte[][]` list of `N`-byte items named `name`.
pub fn list<const N: usize>(
    env: &mut JNIEnv<'_>,
    arr: &JObjectArray<'_>,
    name: &str,
) -> Result<Vec<[u8; N]>, Failure> {
    arrays::items(env, arr, name)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let got = v.len();
            <[u8; N]>::try_from(v.as_slice()).map_err(|_| Failure::length(name, i, N, got))
        })
        .collect()
}

/// Copies a list of blobs (boxed: a blob is 128 KiB).
fn blob_list(env: &mut JNIEnv<'_>, arr: &JObjectArray<'_>) -> Result<Vec<Box<Blob>>, Failure> {
    arrays::items(env, arr, "blob")?
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let got = v.len();
            v.into_boxed_slice()
                .try_into()
                .map_err(|_| Failure::length("blob", i, BYTES_PER_BLOB, got))
        })
        .collect()
}

/// A `long[]` of indices (a negative `long` is a huge index: out of range).
pub fn indices(env: &JNIEnv<'_>, arr: &JLongArray<'_>, name: &str) -> Result<Vec<u64>, Failure> {
    if arr.is_null() {
        return Err(Failure::Null(format!("{name} must not be null")));
    }
    arrays::longs(env, arr)
}

fn lib<T>(r: fastkzg::Result<T>) -> Result<T, Failure> {
    r.map_err(Failure::from_lib)
}

/// `Native.blobToKzgCommitment(long h, byte[] blob)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_blobToKzgCommitment<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob: JByteArray<'l>,
) -> jbyteArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let blob = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let c = lib(run(Placement::Pool, || s.blob_to_kzg_commitment(&blob)))?;
        Ok(arrays::new_bytes(env, &c)?.into_raw())
    })
}

/// `Native.computeKzgProof(long h, byte[] blob, byte[] z)`: `{proof, y}`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob: JByteArray<'l>,
    z: JByteArray<'l>,
) -> jobjectArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let blob = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let z: Box<Bytes32> = one(env, &z, "z")?;
        let (proof, y) = lib(run(Placement::Pool, || s.compute_kzg_proof(&blob, &z)))?;
        Ok(arrays::new_items(env, &[&proof[..], &y[..]])?.into_raw())
    })
}

/// `Native.computeBlobKzgProof(long h, byte[] blob, byte[] commitment)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeBlobKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob: JByteArray<'l>,
    commitment: JByteArray<'l>,
) -> jbyteArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let blob = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let c: Box<Bytes48> = one(env, &commitment, "commitment")?;
        let p = lib(run(Placement::Pool, || s.compute_blob_kzg_proof(&blob, &c)))?;
        Ok(arrays::new_bytes(env, &p)?.into_raw())
    })
}

/// `Native.verifyKzgProof(long h, byte[] commitment, byte[] z, byte[] y, byte[] proof)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    commitment: JByteArray<'l>,
    z: JByteArray<'l>,
    y: JByteArray<'l>,
    proof: JByteArray<'l>,
) -> jboolean {
    guard(&mut env, JNI_FALSE, kzg_panic, |env| {
        let s = get(h)?;
        let c: Box<Bytes48> = one(env, &commitment, "commitment")?;
        let z: Box<Bytes32> = one(env, &z, "z")?;
        let y: Box<Bytes32> = one(env, &y, "y")?;
        let p: Box<Bytes48> = one(env, &proof, "proof")?;
        let ok = lib(run(Placement::Caller, || {
            s.verify_kzg_proof(&c, &z, &y, &p)
        }))?;
        Ok(ok.into())
    })
}

/// `Native.verifyBlobKzgProof(long h, byte[] blob, byte[] commitment, byte[] proof)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyBlobKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob: JByteArray<'l>,
    commitment: JByteArray<'l>,
    proof: JByteArray<'l>,
) -> jboolean {
    guard(&mut env, JNI_FALSE, kzg_panic, |env| {
        let s = get(h)?;
        let blob = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let c: Box<Bytes48> = one(env, &commitment, "commitment")?;
        let p: Box<Bytes48> = one(env, &proof, "proof")?;
        let ok = lib(run(Placement::Pool, || {
            s.verify_blob_kzg_proof(&blob, &c, &p)
        }))?;
        Ok(ok.into())
    })
}

/// `Native.verifyBlobKzgProofBatch(long h, byte[][] blobs, byte[][] commitments, byte[][] proofs)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyBlobKzgProofBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blobs: JObjectArray<'l>,
    commitments: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jboolean {
    guard(&mut env, JNI_FALSE, kzg_panic, |env| {
        let s = get(h)?;
        let blobs = blob_list(env, &blobs)?;
        let c = list::<48>(env, &commitments, "commitment")?;
        let p = list::<48>(env, &proofs, "proof")?;
        let ok = lib(run(Placement::Pool, || {
            s.verify_blob_kzg_proof_batch(&blobs, &c, &p)
        }))?;
        Ok(ok.into())
    })
}

/// `Native.computeCells(long h, byte[] blob)`: the 128 cells.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeCells<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob: JByteArray<'l>,
) -> jobjectArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let blob = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let cells = lib(run(Placement::Pool, || s.compute_cells(&blob)))?;
        Ok(arrays::new_items(env, &cells[..])?.into_raw())
    })
}

/// Cells then proofs, as one `byte[][]` of 256 items.
fn cells_then_proofs(
    env: &mut JNIEnv<'_>,
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Result<jobjectArray, Failure> {
    let all: Vec<&[u8]> = cells
        .iter()
        .map(|c| &c[..])
        .chain(proofs.iter().map(|p| &p[..]))
        .collect();
    Ok(arrays::new_items(env, &all)?.into_raw())
}

/// `Native.computeCellsAndKzgProofs(long h, byte[] blob)`: 128 cells then
/// 128 proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeCellsAndKzgProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob: JByteArray<'l>,
) -> jobjectArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let blob = one::<BYTES_PER_BLOB>(env, &blob, "blob")?;
        let (c, p) = lib(run(Placement::Pool, || {
            s.compute_cells_and_kzg_proofs(&blob)
        }))?;
        cells_then_proofs(env, &c[..], &p[..])
    })
}

/// `Native.recoverCellsAndKzgProofs(long h, long[] cellIndices, byte[][] cells)`:
/// 128 cells then 128 proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_recoverCellsAndKzgProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    cell_indices: JLongArray<'l>,
    cells: JObjectArray<'l>,
) -> jobjectArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let idx = indices(env, &cell_indices, "cellIndices")?;
        let cells = list::<BYTES_PER_CELL>(env, &cells, "cell")?;
        let (c, p) = lib(run(Placement::Pool, || {
            s.recover_cells_and_kzg_proofs(&idx, &cells)
        }))?;
        cells_then_proofs(env, &c[..], &p[..])
    })
}

/// `Native.recoverCells(long h, long[] cellIndices, byte[][] cells)`: the
/// 128 cells, without proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_recoverCells<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    cell_indices: JLongArray<'l>,
    cells: JObjectArray<'l>,
) -> jobjectArray {
    guard(&mut env, null_mut(), kzg_panic, |env| {
        let s = get(h)?;
        let idx = indices(env, &cell_indices, "cellIndices")?;
        let cells = list::<BYTES_PER_CELL>(env, &cells, "cell")?;
        let c = lib(run(Placement::Pool, || s.recover_cells(&idx, &cells)))?;
        Ok(arrays::new_items(env, &c[..])?.into_raw())
    })
}

/// `Native.verifyCellKzgProofBatch(long h, byte[][] commitments, long[] cellIndices, byte[][] cells, byte[][] proofs)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyCellKzgProofBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    commitments: JObjectArray<'l>,
    cell_indices: JLongArray<'l>,
    cells: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jboolean {
    guard(&mut env, JNI_FALSE, kzg_panic, |env| {
        let s = get(h)?;
        let c = list::<48>(env, &commitments, "commitment")?;
        let idx = indices(env, &cell_indices, "cellIndices")?;
        let cells = list::<BYTES_PER_CELL>(env, &cells, "cell")?;
        let p = list::<48>(env, &proofs, "proof")?;
        let ok = lib(run(Placement::Pool, || {
            s.verify_cell_kzg_proof_batch(&c, &idx, &cells, &p)
        }))?;
        Ok(ok.into())
    })
}
