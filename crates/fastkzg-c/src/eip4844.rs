//! The six EIP-4844 blob functions (`eip4844/eip4844.h` of c-kzg).
//!
//! Each checks its pointers and settings, calls the method of the same name
//! on `fastkzg::KzgSettings`, and writes its outputs only on success, except
//! that the verifiers set `*ok = false` on error (they fail closed). Small
//! inputs (`Bytes32`, `Bytes48`) are copied in, so an output may share memory
//! with an input.

use crate::ffi::{
    guard, guard_verify, input, input_slice, prover, read_input, settings, Out, Placement,
};
use crate::types::{Blob, Bytes32, Bytes48, KZGCommitment, KZGProof, KZGSettings, C_KZG_RET};

/// Spec `blob_to_kzg_commitment`: the commitment to `blob`.
///
/// `C_KZG_BADARGS`: a NULL pointer, settings not loaded or verify-only, or a
/// blob field element that is not canonical.
///
/// # Safety
/// Each pointer is NULL or valid for its type (`out` writable, the others
/// readable).
#[no_mangle]
pub unsafe extern "C" fn blob_to_kzg_commitment(
    out: *mut KZGCommitment,
    blob: *const Blob,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        // SAFETY: every pointer is NULL or valid for its type (this
        // function's contract), which is what the helpers require.
        let (out, blob, settings) = unsafe { (Out::new(out)?, input(blob)?, prover(s)?) };
        let commitment = settings.blob_to_kzg_commitment(&blob.bytes)?;
        out.write(Bytes48 { bytes: commitment });
        Ok(())
    })
}

/// Spec `compute_kzg_proof`: the proof of `blob`'s polynomial at `z_bytes`
/// (into `proof_out`) and its value there (into `y_out`).
///
/// `C_KZG_BADARGS`: a NULL pointer, settings not loaded or verify-only, or a
/// blob element or `z` that is not canonical.
///
/// # Safety
/// Each pointer is NULL or valid for its type (outputs writable, the others
/// readable).
#[no_mangle]
pub unsafe extern "C" fn compute_kzg_proof(
    proof_out: *mut KZGProof,
    y_out: *mut Bytes32,
    blob: *const Blob,
    z_bytes: *const Bytes32,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        // SAFETY: every pointer is NULL or valid for its type (this
        // function's contract), which is what the helpers require.
        let (proof_out, y_out, blob, z, settings) = unsafe {
            (
                Out::new(proof_out)?,
                Out::new(y_out)?,
                input(blob)?,
                read_input(z_bytes)?,
                prover(s)?,
            )
        };
        let (proof, y) = settings.compute_kzg_proof(&blob.bytes, &z.bytes)?;
        proof_out.write(Bytes48 { bytes: proof });
        y_out.write(Bytes32 { bytes: y });
        Ok(())
    })
}

/// Spec `compute_blob_kzg_proof`: the proof for `blob` at its Fiat–Shamir
/// challenge, given its commitment.
///
/// `C_KZG_BADARGS`: a NULL pointer, settings not loaded or verify-only, a
/// blob element that is not canonical, or a commitment that is not a valid G1
/// point. The commitment is not checked to match the blob.
///
/// # Safety
/// Each pointer is NULL or valid for its type (`out` writable, the others
/// readable).
#[no_mangle]
pub unsafe extern "C" fn compute_blob_kzg_proof(
    out: *mut KZGProof,
    blob: *const Blob,
    commitment_bytes: *const Bytes48,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        // SAFETY: every pointer is NULL or valid for its type (this
        // function's contract), which is what the helpers require.
        let (out, blob, commitment, settings) = unsafe {
            (
                Out::new(out)?,
                input(blob)?,
                read_input(commitment_bytes)?,
                prover(s)?,
            )
        };
        let proof = settings.compute_blob_kzg_proof(&blob.bytes, &commitment.bytes)?;
        out.write(Bytes48 { bytes: proof });
        Ok(())
    })
}

/// Spec `verify_kzg_proof`: sets `*ok` to whether `proof_bytes` shows that
/// the polynomial committed to takes the value `y_bytes` at `z_bytes`.
///
/// `C_KZG_BADARGS`: a NULL pointer, settings not loaded, `z` or `y` not
/// canonical, or the commitment or proof not a valid G1 point. A wrong proof
/// is `C_KZG_OK` with `*ok = false`. On any error `*ok` is set to `false`.
///
/// # Safety
/// Each pointer is NULL or valid for its type (`ok` writable, the others
/// readable).
#[no_mangle]
pub unsafe extern "C" fn verify_kzg_proof(
    ok: *mut bool,
    commitment_bytes: *const Bytes48,
    z_bytes: *const Bytes32,
    y_bytes: *const Bytes32,
    proof_bytes: *const Bytes48,
    s: *const KZGSettings,
) -> C_KZG_RET {
    let verify = || {
        // SAFETY: every pointer is NULL or valid for its type (this
        // function's contract), which is what the helpers require.
        let (commitment, z, y, proof, settings) = unsafe {
            (
                read_input(commitment_bytes)?,
                read_input(z_bytes)?,
                read_input(y_bytes)?,
                read_input(proof_bytes)?,
                settings(s)?,
            )
        };
        Ok(settings.verify_kzg_proof(&commitment.bytes, &z.bytes, &y.bytes, &proof.bytes)?)
    };
    // SAFETY: `ok` is NULL or writable (this function's contract).
    unsafe { guard_verify(Placement::Caller, ok, verify) }
}

/// Spec `verify_blob_kzg_proof`: sets `*ok` to whether `proof_bytes` is the
/// blob proof for `blob` and `commitment_bytes`.
///
/// `C_KZG_BADARGS`: a NULL pointer, settings not loaded, a blob element that
/// is not canonical, or the commitment or proof not a valid G1 point. A wrong
/// proof is `C_KZG_OK` with `*ok = false`. On any error `*ok` is set to
/// `false`.
///
/// # Safety
/// Each pointer is NULL or valid for its type (`ok` writable, the others
/// readable).
#[no_mangle]
pub unsafe extern "C" fn verify_blob_kzg_proof(
    ok: *mut bool,
    blob: *const Blob,
    commitment_bytes: *const Bytes48,
    proof_bytes: *const Bytes48,
    s: *const KZGSettings,
) -> C_KZG_RET {
    let verify = || {
        // SAFETY: every pointer is NULL or valid for its type (this
        // function's contract), which is what the helpers require.
        let (blob, commitment, proof, settings) = unsafe {
            (
                input(blob)?,
                read_input(commitment_bytes)?,
                read_input(proof_bytes)?,
                settings(s)?,
            )
        };
        Ok(settings.verify_blob_kzg_proof(&blob.bytes, &commitment.bytes, &proof.bytes)?)
    };
    // SAFETY: `ok` is NULL or writable (this function's contract).
    unsafe { guard_verify(Placement::Caller, ok, verify) }
}

/// Spec `verify_blob_kzg_proof_batch`: sets `*ok` to whether every
/// `proofs_bytes[i]` is the blob proof for `blobs[i]` and
/// `commitments_bytes[i]`, for `i < n`. With `n == 0`, `*ok = true` and the
/// array pointers may be NULL.
///
/// `C_KZG_BADARGS`: a NULL pointer (for `n > 0`), settings not loaded, `n`
/// too large to address, or any blob element, commitment or proof invalid
/// (as in `verify_blob_kzg_proof`). On any error `*ok` is set to `false`.
///
/// # Safety
/// `ok` is NULL or writable; `s` is NULL or readable; for `n > 0` each array
/// pointer is NULL or valid for reading `n` elements.
#[no_mangle]
pub unsafe extern "C" fn verify_blob_kzg_proof_batch(
    ok: *mut bool,
    blobs: *const Blob,
    commitments_bytes: *const Bytes48,
    proofs_bytes: *const Bytes48,
    n: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    let verify = || {
        // SAFETY: each array pointer is NULL or readable for `n` elements
        // (contract). The C byte types have alignment 1 and the same size as
        // the arrays they are cast to (asserted in `types`).
        let (blobs, commitments, proofs) = unsafe {
            (
                input_slice(blobs.cast::<fastkzg::Blob>(), n)?,
                input_slice(commitments_bytes.cast::<fastkzg::Bytes48>(), n)?,
                input_slice(proofs_bytes.cast::<fastkzg::Bytes48>(), n)?,
            )
        };
        // SAFETY: `s` is NULL or readable (contract).
        let settings = unsafe { settings(s) }?;
        Ok(settings.verify_blob_kzg_proof_batch(blobs, commitments, proofs)?)
    };
    // A batch of one is the single check: on the caller's thread.
    let placement = if n <= 1 {
        Placement::Caller
    } else {
        Placement::Pool
    };
    // SAFETY: `ok` is NULL or writable (this function's contract).
    unsafe { guard_verify(placement, ok, verify) }
}
