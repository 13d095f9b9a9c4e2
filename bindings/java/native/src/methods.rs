//! The spec functions and batch calls of `io.fastkzg.KzgSettings` and
//! `io.fastkzg.KzgVerifier` (through the package-private
//! `io.fastkzg.Native`). Lists arrive as `byte[][]`, a batch call's
//! per-blob lists as `byte[][][]`; every length is checked here and a wrong
//! one is an `InvalidInputException` naming the input and its position (and
//! its blob), as are the library's errors.
//!
//! Every entry point is one [`entry`] call: the context's role it needs
//! (the verifier of any context, or full settings), a reader of its Java
//! arguments, the library call, and a writer of its Java result. The
//! verification entry points take the handle of either class and run on its
//! [`KzgVerifier`].

use std::ptr::null_mut;

use fastkzg::ethereum::Cells;
use fastkzg::{
    Blob, Bytes32, Bytes48, Cell, KzgSettings, KzgVerifier, BYTES_PER_BLOB, BYTES_PER_CELL,
    CELLS_PER_EXT_BLOB,
};
use jni::objects::{JByteArray, JClass, JLongArray, JObjectArray};
use jni::sys::{jboolean, jbyteArray, jlong, jobject, jobjectArray, JNI_FALSE};
use jni::JNIEnv;

use crate::arrays;
use crate::failure::{guard, Failure};
use crate::held::Role;
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

/// `N`-byte items from copied `byte[]`s (`name` for messages).
fn sized<const N: usize>(items: Vec<Vec<u8>>, name: &str) -> Result<Vec<[u8; N]>, Failure> {
    items
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let got = v.len();
            <[u8; N]>::try_from(v.as_slice()).map_err(|_| Failure::length(name, i, N, got))
        })
        .collect()
}

/// Copies a `byte[][]` list of `N`-byte items named `name`.
pub fn list<const N: usize>(
    env: &mut JNIEnv<'_>,
    arr: &JObjectArray<'_>,
    name: &str,
) -> Result<Vec<[u8; N]>, Failure> {
    sized(arrays::items(env, arr, name)?, name)
}

/// A batch call's per-blob lists (`byte[][][]`) of `N`-byte items named
/// `name`, `per` items per blob (`why`: the rule, for messages), as one
/// list blob after blob, and the number of blobs.
fn per_blob<const N: usize>(
    env: &mut JNIEnv<'_>,
    arr: &JObjectArray<'_>,
    name: &str,
    per: usize,
    why: &str,
) -> Result<(Vec<[u8; N]>, usize), Failure> {
    let lists = arrays::nested_items(env, arr, name)?;
    let blobs = lists.len();
    let mut flat = Vec::with_capacity(blobs.saturating_mul(per));
    for (b, items) in lists.into_iter().enumerate() {
        if items.len() != per {
            let message = format!("expected {per} {name}s ({why}), got {}", items.len());
            return Err(Failure::mismatch(name, per, items.len(), message).in_blob(b));
        }
        flat.extend(sized::<N>(items, name).map_err(|f| f.in_blob(b))?);
    }
    Ok((flat, blobs))
}

/// A batch call's `got` per-blob lists of `input`s where there are
/// `expected` `of`s (one list each).
fn one_list_per(input: &str, of: &str, expected: usize, got: usize) -> Result<(), Failure> {
    if got == expected {
        return Ok(());
    }
    let message =
        format!("expected one {input} list per {of}: {expected} {of}s, {got} {input} lists");
    Err(Failure::mismatch(input, expected, got, message))
}

/// Copies a blob.
fn blob(env: &JNIEnv<'_>, arr: &JByteArray<'_>) -> Result<Box<Blob>, Failure> {
    one::<BYTES_PER_BLOB>(env, arr, "blob")
}

/// Copies a list of blobs (boxed: a blob is 128 KiB).
fn blobs(env: &mut JNIEnv<'_>, arr: &JObjectArray<'_>) -> Result<Vec<Box<Blob>>, Failure> {
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

/// Copies a list of commitments or proofs (`name`).
fn points(
    env: &mut JNIEnv<'_>,
    arr: &JObjectArray<'_>,
    name: &str,
) -> Result<Vec<Bytes48>, Failure> {
    list::<48>(env, arr, name)
}

/// Copies a list of cells.
fn cells(env: &mut JNIEnv<'_>, arr: &JObjectArray<'_>) -> Result<Vec<Cell>, Failure> {
    list::<BYTES_PER_CELL>(env, arr, "cell")
}

/// A `long[]` of indices (a negative `long` is a huge index: out of range).
pub fn indices(env: &JNIEnv<'_>, arr: &JLongArray<'_>, name: &str) -> Result<Vec<u64>, Failure> {
    if arr.is_null() {
        return Err(Failure::Null(format!("{name} must not be null")));
    }
    arrays::longs(env, arr)
}

/// Runs an entry point on the `R` part of context `h` (its verifier, or
/// its settings): reads the Java arguments (`read`), computes where
/// `placement` says with no lock held (`compute`), and turns the result
/// into the Java value (`write`). Failures become Java exceptions and
/// `default` is returned.
fn entry<'l, R, A, T, J>(
    env: &mut JNIEnv<'l>,
    default: J,
    h: jlong,
    placement: Placement,
    read: impl FnOnce(&mut JNIEnv<'l>) -> Result<A, Failure>,
    compute: impl FnOnce(&R, A) -> fastkzg::Result<T> + Send,
    write: impl FnOnce(&mut JNIEnv<'l>, T) -> Result<J, Failure>,
) -> J
where
    R: Role + ?Sized,
    A: Send,
    T: Send,
{
    guard(env, default, kzg_panic, |env| {
        let context = get(h)?;
        let role = R::of(&context)?;
        let args = read(env)?;
        let out = run(placement, || compute(role, args)).map_err(Failure::from_lib)?;
        write(env, out)
    })
}

/// A verification on the verifier of context `h` (settings or verifier).
fn verify<'l, A: Send>(
    env: &mut JNIEnv<'l>,
    h: jlong,
    placement: Placement,
    read: impl FnOnce(&mut JNIEnv<'l>) -> Result<A, Failure>,
    compute: impl FnOnce(&KzgVerifier, A) -> fastkzg::Result<bool> + Send,
) -> jboolean {
    entry(env, JNI_FALSE, h, placement, read, compute, |_, ok| {
        Ok(ok.into())
    })
}

/// A computation on the settings of context `h`, in the pool, returning a
/// Java array.
fn prove<'l, A: Send, T: Send>(
    env: &mut JNIEnv<'l>,
    h: jlong,
    read: impl FnOnce(&mut JNIEnv<'l>) -> Result<A, Failure>,
    compute: impl FnOnce(&KzgSettings, A) -> fastkzg::Result<T> + Send,
    write: impl FnOnce(&mut JNIEnv<'l>, T) -> Result<jobject, Failure>,
) -> jobject {
    entry(env, null_mut(), h, Placement::Pool, read, compute, write)
}

/// A new `byte[]` result.
fn bytes_out(env: &mut JNIEnv<'_>, data: &[u8]) -> Result<jobject, Failure> {
    Ok(arrays::new_bytes(env, data)?.into_raw())
}

/// Cells then proofs of each blob, blob after blob, as one `byte[][]`
/// (256 items per blob).
fn cells_then_proofs<'a>(
    env: &mut JNIEnv<'_>,
    blobs: impl IntoIterator<Item = (&'a [Cell], &'a [Bytes48])>,
) -> Result<jobject, Failure> {
    let mut all: Vec<&[u8]> = Vec::new();
    for (cells, proofs) in blobs {
        all.extend(cells.iter().map(|c| &c[..]));
        all.extend(proofs.iter().map(|p| &p[..]));
    }
    Ok(arrays::new_items(env, &all)?.into_raw())
}

/// The cells of each blob, blob after blob, as one `byte[][]` (128 items
/// per blob).
fn cells_out(env: &mut JNIEnv<'_>, blobs: &[Cells]) -> Result<jobject, Failure> {
    let all: Vec<&[u8]> = blobs
        .iter()
        .flat_map(|c| c.iter().map(|c| &c[..]))
        .collect();
    Ok(arrays::new_items(env, &all)?.into_raw())
}

/// `Native.blobToKzgCommitment(long h, byte[] blob)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_blobToKzgCommitment<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob_in: JByteArray<'l>,
) -> jbyteArray {
    prove(
        &mut env,
        h,
        |env| blob(env, &blob_in),
        |s, blob| s.blob_to_kzg_commitment(&blob),
        |env, c| bytes_out(env, &c),
    )
}

/// `Native.computeKzgProof(long h, byte[] blob, byte[] z)`: `{proof, y}`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob_in: JByteArray<'l>,
    z: JByteArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| Ok((blob(env, &blob_in)?, one::<32>(env, &z, "z")?)),
        |s, (blob, z)| s.compute_kzg_proof(&blob, &z),
        |env, (proof, y)| Ok(arrays::new_items(env, &[&proof[..], &y[..]])?.into_raw()),
    )
}

/// `Native.computeBlobKzgProof(long h, byte[] blob, byte[] commitment)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeBlobKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob_in: JByteArray<'l>,
    commitment: JByteArray<'l>,
) -> jbyteArray {
    prove(
        &mut env,
        h,
        |env| {
            Ok((
                blob(env, &blob_in)?,
                one::<48>(env, &commitment, "commitment")?,
            ))
        },
        |s, (blob, c)| s.compute_blob_kzg_proof(&blob, &c),
        |env, p| bytes_out(env, &p),
    )
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
    verify(
        &mut env,
        h,
        Placement::Caller,
        |env| {
            let c: Box<Bytes48> = one(env, &commitment, "commitment")?;
            let z: Box<Bytes32> = one(env, &z, "z")?;
            let y: Box<Bytes32> = one(env, &y, "y")?;
            Ok((c, z, y, one::<48>(env, &proof, "proof")?))
        },
        |v, (c, z, y, p)| v.verify_kzg_proof(&c, &z, &y, &p),
    )
}

/// `Native.verifyBlobKzgProof(long h, byte[] blob, byte[] commitment, byte[] proof)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyBlobKzgProof<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob_in: JByteArray<'l>,
    commitment: JByteArray<'l>,
    proof: JByteArray<'l>,
) -> jboolean {
    verify(
        &mut env,
        h,
        Placement::Pool,
        |env| {
            let blob = blob(env, &blob_in)?;
            let c = one::<48>(env, &commitment, "commitment")?;
            Ok((blob, c, one::<48>(env, &proof, "proof")?))
        },
        |v, (blob, c, p)| v.verify_blob_kzg_proof(&blob, &c, &p),
    )
}

/// `Native.verifyBlobKzgProofBatch(long h, byte[][] blobs, byte[][] commitments, byte[][] proofs)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyBlobKzgProofBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blobs_in: JObjectArray<'l>,
    commitments: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jboolean {
    verify(
        &mut env,
        h,
        Placement::Pool,
        |env| {
            let b = blobs(env, &blobs_in)?;
            let c = points(env, &commitments, "commitment")?;
            Ok((b, c, points(env, &proofs, "proof")?))
        },
        |v, (b, c, p)| v.verify_blob_kzg_proof_batch(&b, &c, &p),
    )
}

/// `Native.computeCells(long h, byte[] blob)`: the 128 cells.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeCells<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob_in: JByteArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| blob(env, &blob_in),
        |s, blob| s.compute_cells(&blob),
        |env, cells| cells_out(env, &[cells]),
    )
}

/// `Native.computeCellsAndKzgProofs(long h, byte[] blob)`: 128 cells then
/// 128 proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeCellsAndKzgProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blob_in: JByteArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| blob(env, &blob_in),
        |s, blob| s.compute_cells_and_kzg_proofs(&blob),
        |env, (c, p)| cells_then_proofs(env, [(&c[..], &p[..])]),
    )
}

/// `Native.recoverCellsAndKzgProofs(long h, long[] cellIndices, byte[][] cells)`:
/// 128 cells then 128 proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_recoverCellsAndKzgProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    cell_indices: JLongArray<'l>,
    cells_in: JObjectArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| {
            Ok((
                indices(env, &cell_indices, "cellIndices")?,
                cells(env, &cells_in)?,
            ))
        },
        |s, (idx, cells)| s.recover_cells_and_kzg_proofs(&idx, &cells),
        |env, (c, p)| cells_then_proofs(env, [(&c[..], &p[..])]),
    )
}

/// `Native.recoverCells(long h, long[] cellIndices, byte[][] cells)`: the
/// 128 cells, without proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_recoverCells<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    cell_indices: JLongArray<'l>,
    cells_in: JObjectArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| {
            Ok((
                indices(env, &cell_indices, "cellIndices")?,
                cells(env, &cells_in)?,
            ))
        },
        |s, (idx, cells)| s.recover_cells(&idx, &cells),
        |env, cells| cells_out(env, &[cells]),
    )
}

/// `Native.verifyCellKzgProofBatch(long h, byte[][] commitments, long[] cellIndices, byte[][] cells, byte[][] proofs)`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyCellKzgProofBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    commitments: JObjectArray<'l>,
    cell_indices: JLongArray<'l>,
    cells_in: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jboolean {
    verify(
        &mut env,
        h,
        Placement::Pool,
        |env| {
            let c = points(env, &commitments, "commitment")?;
            let idx = indices(env, &cell_indices, "cellIndices")?;
            let cells = cells(env, &cells_in)?;
            Ok((c, idx, cells, points(env, &proofs, "proof")?))
        },
        |v, (c, idx, cells, p)| v.verify_cell_kzg_proof_batch(&c, &idx, &cells, &p),
    )
}

/// `Native.computeCellsBatch(long h, byte[][] blobs)`: 128 cells per blob,
/// blob after blob.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeCellsBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blobs_in: JObjectArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| blobs(env, &blobs_in),
        |s, b| s.compute_cells_batch(&b),
        |env, all| cells_out(env, &all),
    )
}

/// `Native.computeCellsAndKzgProofsBatch(long h, byte[][] blobs)`: per
/// blob, blob after blob, 128 cells then 128 proofs.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_computeCellsAndKzgProofsBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blobs_in: JObjectArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| blobs(env, &blobs_in),
        |s, b| s.compute_cells_and_kzg_proofs_batch(&b),
        |env, all| cells_then_proofs(env, all.iter().map(|(c, p)| (&c[..], &p[..]))),
    )
}

/// `Native.recoverCellsBatch(long h, long[] cellIndices, byte[][][] cells)`:
/// `cells[b]` holds blob `b`'s cells at `cellIndices`; 128 cells per blob,
/// blob after blob.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_recoverCellsBatch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    cell_indices: JLongArray<'l>,
    cells_in: JObjectArray<'l>,
) -> jobjectArray {
    prove(
        &mut env,
        h,
        |env| {
            let idx = indices(env, &cell_indices, "cellIndices")?;
            let (cells, _) = per_blob::<BYTES_PER_CELL>(
                env,
                &cells_in,
                "cell",
                idx.len(),
                "one per cell index",
            )?;
            Ok((idx, cells))
        },
        |s, (idx, cells)| s.recover_cells_batch(&idx, &cells),
        |env, all| cells_out(env, &all),
    )
}

/// `Native.verifyCellsSharedIndices(long h, byte[][] commitments, long[]
/// cellIndices, byte[][][] cells, byte[][][] proofs)`: blob `b` has
/// `commitments[b]`, and `cells[b]` and `proofs[b]` at `cellIndices`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyCellsSharedIndices<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    commitments: JObjectArray<'l>,
    cell_indices: JLongArray<'l>,
    cells_in: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jboolean {
    verify(
        &mut env,
        h,
        Placement::Pool,
        |env| {
            let c = points(env, &commitments, "commitment")?;
            let idx = indices(env, &cell_indices, "cellIndices")?;
            let per = idx.len();
            let (cells, n) =
                per_blob::<BYTES_PER_CELL>(env, &cells_in, "cell", per, "one per cell index")?;
            one_list_per("cell", "commitment", c.len(), n)?;
            let (p, n) = per_blob::<48>(env, &proofs, "proof", per, "one per cell index")?;
            one_list_per("proof", "commitment", c.len(), n)?;
            Ok((c, idx, cells, p))
        },
        |v, (c, idx, cells, p)| v.verify_cells_shared_indices(&c, &idx, &cells, &p),
    )
}

/// `Native.verifyBlobCellProofs(long h, byte[][] blobs, byte[][]
/// commitments, byte[][][] proofs)`: `proofs[b]` holds the 128 cell proofs
/// of blob `b`.
#[no_mangle]
pub extern "system" fn Java_io_fastkzg_Native_verifyBlobCellProofs<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    h: jlong,
    blobs_in: JObjectArray<'l>,
    commitments: JObjectArray<'l>,
    proofs: JObjectArray<'l>,
) -> jboolean {
    verify(
        &mut env,
        h,
        Placement::Pool,
        |env| {
            let b = blobs(env, &blobs_in)?;
            let c = points(env, &commitments, "commitment")?;
            let (p, n) = per_blob::<48>(env, &proofs, "proof", CELLS_PER_EXT_BLOB, "one per cell")?;
            one_list_per("proof", "blob", b.len(), n)?;
            Ok((b, c, p))
        },
        |v, (b, c, p)| v.verify_blob_cell_proofs(&b, &c, &p),
    )
}
