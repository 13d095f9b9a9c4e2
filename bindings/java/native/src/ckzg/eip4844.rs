//! The EIP-4844 functions of `CKZG4844JNI`.

use std::ptr::null_mut;

use fastkzg::{Blob, Bytes32, Bytes48, BYTES_PER_BLOB};
use jni::objects::{JByteArray, JClass, JValue};
use jni::sys::{jboolean, jbyteArray, jlong, jobject, JNI_FALSE};
use jni::JNIEnv;

use super::{fixed, internal, lib, loaded, sized, BYTES_PER_FIELD_ELEMENT, BYTES_PER_G1};
use crate::arrays;
use crate::failure::{guard, Failure};
use crate::pool::{run, Placement};

/// A new `(byte[], byte[])` object of `class` (`ProofAndY`, `CellsAndProofs`).
fn pair(env: &mut JNIEnv<'_>, class: &str, a: &[u8], b: &[u8]) -> Result<jobject, Failure> {
    let a = arrays::new_bytes(env, a)?;
    let b = arrays::new_bytes(env, b)?;
    let obj = env.new_object(class, "([B[B)V", &[JValue::Object(&a), JValue::Object(&b)])?;
    Ok(obj.into_raw())
}

/// `blobToKzgCommitment(byte[] blob)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_blobToKzgCommitment<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
) -> jbyteArray {
    const M: &str = "blobToKzgCommitment";
    guard(&mut env, null_mut(), internal(M), |env| {
        let s = loaded()?;
        let blob = sized(env, &blob, "Invalid blob size.", BYTES_PER_BLOB as u64)?;
        let b: &Blob = fixed(&blob, M)?;
        let c = lib(run(Placement::Pool, || s.blob_to_kzg_commitment(b)), M)?;
        Ok(arrays::new_bytes(env, &c)?.into_raw())
    })
}

/// `computeKzgProof(byte[] blob, byte[] zBytes)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_computeKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
    z: JByteArray<'l>,
) -> jobject {
    const M: &str = "computeKzgProof";
    guard(&mut env, null_mut(), internal(M), |env| {
        let s = loaded()?;
        let blob = sized(env, &blob, "Invalid blob size.", BYTES_PER_BLOB as u64)?;
        let z = sized(env, &z, "Invalid z size.", BYTES_PER_FIELD_ELEMENT)?;
        let (b, z): (&Blob, &Bytes32) = (fixed(&blob, M)?, fixed(&z, M)?);
        let (proof, y) = lib(run(Placement::Pool, || s.compute_kzg_proof(b, z)), M)?;
        pair(env, "ethereum/ckzg4844/ProofAndY", &proof, &y)
    })
}

/// `computeBlobKzgProof(byte[] blob, byte[] commitmentBytes)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_computeBlobKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
    commitment: JByteArray<'l>,
) -> jbyteArray {
    const M: &str = "computeBlobKzgProof";
    guard(&mut env, null_mut(), internal(M), |env| {
        let s = loaded()?;
        let blob = sized(env, &blob, "Invalid blob size.", BYTES_PER_BLOB as u64)?;
        let c = sized(env, &commitment, "Invalid commitment size.", BYTES_PER_G1)?;
        let (b, c): (&Blob, &Bytes48) = (fixed(&blob, M)?, fixed(&c, M)?);
        let proof = lib(run(Placement::Pool, || s.compute_blob_kzg_proof(b, c)), M)?;
        Ok(arrays::new_bytes(env, &proof)?.into_raw())
    })
}

/// `verifyKzgProof(byte[] commitmentBytes, byte[] zBytes, byte[] yBytes, byte[] proofBytes)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_verifyKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    commitment: JByteArray<'l>,
    z: JByteArray<'l>,
    y: JByteArray<'l>,
    proof: JByteArray<'l>,
) -> jboolean {
    const M: &str = "verifyKzgProof";
    guard(&mut env, JNI_FALSE, internal(M), |env| {
        let s = loaded()?;
        let c = sized(env, &commitment, "Invalid commitment size.", BYTES_PER_G1)?;
        let z = sized(env, &z, "Invalid z size.", BYTES_PER_FIELD_ELEMENT)?;
        let y = sized(env, &y, "Invalid y size.", BYTES_PER_FIELD_ELEMENT)?;
        let p = sized(env, &proof, "Invalid proof size.", BYTES_PER_G1)?;
        let (c, z, y, p) = (fixed(&c, M)?, fixed(&z, M)?, fixed(&y, M)?, fixed(&p, M)?);
        let ok = lib(run(Placement::Caller, || s.verify_kzg_proof(c, z, y, p)), M)?;
        Ok(ok.into())
    })
}

/// `verifyBlobKzgProof(byte[] blob, byte[] commitmentBytes, byte[] proofBytes)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_verifyBlobKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blob: JByteArray<'l>,
    commitment: JByteArray<'l>,
    proof: JByteArray<'l>,
) -> jboolean {
    const M: &str = "verifyBlobKzgProof";
    guard(&mut env, JNI_FALSE, internal(M), |env| {
        let s = loaded()?;
        let blob = sized(env, &blob, "Invalid blob size.", BYTES_PER_BLOB as u64)?;
        let c = sized(env, &commitment, "Invalid commitment size.", BYTES_PER_G1)?;
        let p = sized(env, &proof, "Invalid proof size.", BYTES_PER_G1)?;
        let (b, c, p) = (fixed(&blob, M)?, fixed(&c, M)?, fixed(&p, M)?);
        let ok = lib(run(Placement::Pool, || s.verify_blob_kzg_proof(b, c, p)), M)?;
        Ok(ok.into())
    })
}

/// `verifyBlobKzgProofBatch(byte[] blobs, byte[] commitmentsBytes, byte[] proofsBytes, long count)`.
#[no_mangle]
pub extern "system" fn Java_ethereum_ckzg4844_CKZG4844JNI_verifyBlobKzgProofBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    blobs: JByteArray<'l>,
    commitments: JByteArray<'l>,
    proofs: JByteArray<'l>,
    count: jlong,
) -> jboolean {
    const M: &str = "verifyBlobKzgProofBatch";
    guard(&mut env, JNI_FALSE, internal(M), |env| {
        let s = loaded()?;
        // jc-kzg casts the count to size_t and multiplies without checks.
        let n = count as u64;
        let blobs = sized(
            env,
            &blobs,
            "Invalid blobs size.",
            n.wrapping_mul(BYTES_PER_BLOB as u64),
        )?;
        let c = sized(
            env,
            &commitments,
            "Invalid commitments size.",
            n.wrapping_mul(BYTES_PER_G1),
        )?;
        let p = sized(
            env,
            &proofs,
            "Invalid proofs size.",
            n.wrapping_mul(BYTES_PER_G1),
        )?;
        let (blobs, _) = blobs.as_chunks::<BYTES_PER_BLOB>();
        let (c, _) = c.as_chunks::<48>();
        let (p, _) = p.as_chunks::<48>();
        let ok = lib(
            run(Placement::Pool, || {
                s.verify_blob_kzg_proof_batch(blobs, c, p)
            }),
            M,
        )?;
        Ok(ok.into())
    })
}
