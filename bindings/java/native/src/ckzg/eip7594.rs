//! The EIP-7594 functions of `CKZG4844JNI`.

use std::ptr::null_mut;

use fastkzg::{Blob, Bytes48, Cell, BYTES_PER_BLOB, BYTES_PER_CELL};
use jni::objects::{JByteArray, JClass, JLongArray, JValue};
use jni::sys::{jboolean, jbyteArray, jobject, JNI_FALSE};
use jni::JNIEnv;

use super::{fixed, internal, lib, loaded, size_error, sized, BYTES_PER_G1};
use crate::arrays;
use crate::failure::{guard, Failure};
use crate::pool::{run, Placement};

/// `computeCells(byte[] blob)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_computeCells<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
) -> jbyteArray {
    const M: &str = "computeCells";
    guard(&mut env, null_mut(), internal(M), |env| {
        let s = loaded()?;
        let blob = sized(env, &blob, "Invalid blob size.", BYTES_PER_BLOB as u64)?;
        let b: &Blob = fixed(&blob, M)?;
        let cells = lib(run(Placement::Pool, || s.compute_cells(b)), M)?;
        Ok(arrays::new_concat(env, &cells[..])?.into_raw())
    })
}

/// `computeCellsAndKzgProofs(byte[] blob)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_computeCellsAndKzgProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
) -> jobject {
    const M: &str = "computeCellsAndKzgProofs";
    guard(&mut env, null_mut(), internal(M), |env| {
        let s = loaded()?;
        let blob = sized(env, &blob, "Invalid blob size.", BYTES_PER_BLOB as u64)?;
        let b: &Blob = fixed(&blob, M)?;
        let (cells, proofs) = lib(
            run(Placement::Pool, || s.compute_cells_and_kzg_proofs(b)),
            M,
        )?;
        cells_and_proofs(env, &cells[..], &proofs[..])
    })
}

/// A new `CellsAndProofs` of flat arrays.
fn cells_and_proofs(
    env: &mut JNIEnv<'_>,
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Result<jobject, Failure> {
    let cells = arrays::new_concat(env, cells)?;
    let proofs = arrays::new_concat(env, proofs)?;
    let obj = env.new_object(
        "ethereum/ckzg4844/CellsAndProofs",
        "([B[B)V",
        &[JValue::Object(&cells), JValue::Object(&proofs)],
    )?;
    Ok(obj.into_raw())
}

/// `recoverCellsAndKzgProofs(long[] cellIndices, byte[] cells)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_recoverCellsAndKzgProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    cell_indices: JLongArray<'l>,
    cells: JByteArray<'l>,
) -> jobject {
    const M: &str = "recoverCellsAndKzgProofs";
    guard(&mut env, null_mut(), internal(M), |env| {
        let s = loaded()?;
        let indices = indices(env, &cell_indices)?;
        let n = indices.len() as u64;
        let cells = sized(
            env,
            &cells,
            "Invalid cells size.",
            n.wrapping_mul(BYTES_PER_CELL as u64),
        )?;
        let (cells, _) = cells.as_chunks::<BYTES_PER_CELL>();
        let (c, p) = lib(
            run(Placement::Pool, || {
                s.recover_cells_and_kzg_proofs(&indices, cells)
            }),
            M,
        )?;
        cells_and_proofs(env, &c[..], &p[..])
    })
}

/// A `long[]` of cell indices (null: jc-kzg's size error).
fn indices(env: &JNIEnv<'_>, arr: &JLongArray<'_>) -> Result<Vec<u64>, Failure> {
    if arr.is_null() {
        return Err(Failure::badargs("Invalid cellIndices size. Got null."));
    }
    arrays::longs(env, arr)
}

/// `verifyCellKzgProofBatch(byte[] commitmentsBytes, long[] cellIndices, byte[] cells, byte[] proofsBytes)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_verifyCellKzgProofBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    commitments: JByteArray<'l>,
    cell_indices: JLongArray<'l>,
    cells: JByteArray<'l>,
    proofs: JByteArray<'l>,
) -> jboolean {
    const M: &str = "verifyCellKzgProofBatch";
    guard(&mut env, JNI_FALSE, internal(M), |env| {
        let s = loaded()?;
        if commitments.is_null() {
            return Err(Failure::badargs("Invalid commitments size. Got null."));
        }
        let size = arrays::len(env, &commitments)? as u64;
        if !size.is_multiple_of(BYTES_PER_G1) {
            return Err(size_error(
                "Invalid commitments size.",
                BYTES_PER_G1,
                &size.to_string(),
            ));
        }
        let n = size / BYTES_PER_G1;
        let idx = indices(env, &cell_indices)?;
        if idx.len() as u64 != n {
            return Err(size_error(
                "Invalid cellIndices size.",
                n,
                &idx.len().to_string(),
            ));
        }
        let c = arrays::bytes(env, &commitments)?;
        let cells = sized(
            env,
            &cells,
            "Invalid cells size.",
            n * BYTES_PER_CELL as u64,
        )?;
        let p = sized(env, &proofs, "Invalid proofs size.", n * BYTES_PER_G1)?;
        let (c, _) = c.as_chunks::<48>();
        let (cells, _) = cells.as_chunks::<BYTES_PER_CELL>();
        let (p, _) = p.as_chunks::<48>();
        let ok = lib(
            run(Placement::Pool, || {
                s.verify_cell_kzg_proof_batch(c, &idx, cells, p)
            }),
            M,
        )?;
        Ok(ok.into())
    })
}
