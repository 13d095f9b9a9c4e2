//! The batch calls of `fastkzg.h`: the cell functions over many blobs in
//! one call (`fastkzg_compute_cells_batch`, `..._and_kzg_proofs_batch`,
//! `fastkzg_recover_cells_batch`) and the two batch verifications
//! (`fastkzg_verify_blob_cell_proofs`, `fastkzg_verify_cells_shared_indices`).
//!
//! Arrays are blob-major (blob 0's entries first). Every count product is
//! checked for overflow before an array is read; inputs are read in full
//! and every result computed before any output is written, so outputs are
//! untouched on error. With `num_blobs == 0` nothing is read or written
//! (array pointers may be NULL) and verifications give `*ok = true`.

use fastkzg::constants::CELLS_PER_EXT_BLOB;

use crate::ffi::{count, guard, guard_verify, input_slice, prover, settings, FfiResult, Placement};
use crate::types::{Blob, Bytes48, Cell, KZGProof, KZGSettings, C_KZG_RET};

/// `a·b` as a C count, `C_KZG_BADARGS` on overflow.
fn product(a: u64, b: u64) -> FfiResult<u64> {
    a.checked_mul(b).ok_or(C_KZG_RET::C_KZG_BADARGS)
}

/// A caller's output array of a length known only at run time, checked for
/// NULL and alignment up front and written only at the end of a successful
/// call.
struct OutSlice<T> {
    ptr: *mut T,
    len: usize,
}

impl<T: Copy> OutSlice<T> {
    /// Checks `p` for NULL (allowed only when `len` is 0), alignment and a
    /// byte size that fits in `isize`.
    ///
    /// # Safety
    /// If `len > 0`, `p` is NULL or valid for writing `len` consecutive
    /// `T`s for as long as the returned value lives.
    unsafe fn new(p: *mut T, len: u64) -> FfiResult<Self> {
        let len = count(len)?;
        if len > 0 && (p.is_null() || !p.is_aligned()) {
            return Err(C_KZG_RET::C_KZG_BADARGS);
        }
        match len.checked_mul(core::mem::size_of::<T>()) {
            Some(bytes) if bytes <= isize::MAX as usize => Ok(OutSlice { ptr: p, len }),
            _ => Err(C_KZG_RET::C_KZG_BADARGS),
        }
    }

    /// Like [`OutSlice::new`] for an output the caller may leave out (NULL
    /// gives `None`).
    ///
    /// # Safety
    /// As for [`OutSlice::new`].
    unsafe fn optional(p: *mut T, len: u64) -> FfiResult<Option<Self>> {
        if p.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded contract.
        unsafe { Self::new(p, len) }.map(Some)
    }

    /// Copies the chunks, one after the other, into the output; they hold
    /// exactly `len` elements in all (checked).
    fn write<'a>(self, chunks: impl IntoIterator<Item = &'a [T]>) -> FfiResult
    where
        T: 'a,
    {
        let mut at = 0;
        let chunks: Vec<&[T]> = chunks.into_iter().collect();
        if chunks.iter().map(|c| c.len()).sum::<usize>() != self.len {
            return Err(C_KZG_RET::C_KZG_ERROR);
        }
        for chunk in chunks {
            // SAFETY: `new`'s contract: `ptr` is valid and aligned for `len`
            // writes, and `at + chunk.len() <= len` (the lengths sum to
            // `len`); the chunks are memory of our own, so nothing overlaps.
            unsafe {
                core::ptr::copy_nonoverlapping(chunk.as_ptr(), self.ptr.add(at), chunk.len())
            };
            at += chunk.len();
        }
        Ok(())
    }
}

/// The `num_blobs` blobs at `blobs`.
///
/// # Safety
/// If `num_blobs > 0`, `blobs` is NULL or valid for reading that many
/// blobs, unchanged during `'a`.
unsafe fn blobs_in<'a>(blobs: *const Blob, num_blobs: u64) -> FfiResult<&'a [fastkzg::Blob]> {
    // SAFETY: forwarded contract; the C `Blob` has the layout of
    // `fastkzg::Blob` (asserted in `types`).
    unsafe { input_slice(blobs.cast::<fastkzg::Blob>(), num_blobs) }
}

/// The cells of each of `num_blobs` blobs (spec `compute_cells`), into
/// `cells` (`num_blobs · CELLS_PER_EXT_BLOB` cells, blob after blob).
///
/// `C_KZG_BADARGS`: a NULL pointer (arrays: for `num_blobs > 0`), settings
/// not loaded or verify-only, a count whose byte size overflows, or a
/// non-canonical blob field element.
///
/// # Safety
/// `s` is NULL or readable; for `num_blobs > 0`, `blobs` is NULL or valid
/// for reading `num_blobs` blobs and `cells` NULL or valid for writing
/// `num_blobs · CELLS_PER_EXT_BLOB` cells.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_compute_cells_batch(
    cells: *mut Cell,
    blobs: *const Blob,
    num_blobs: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        let total = product(num_blobs, CELLS_PER_EXT_BLOB as u64)?;
        // SAFETY: the pointers are NULL or valid for these counts (this
        // function's contract); the C `Cell` has the layout of `fastkzg::Cell`.
        let (out, blobs, settings) = unsafe {
            (
                OutSlice::new(cells.cast::<fastkzg::Cell>(), total)?,
                blobs_in(blobs, num_blobs)?,
                prover(s)?,
            )
        };
        let computed = settings.compute_cells_batch(blobs)?;
        out.write(computed.iter().map(|c| &c[..]))
    })
}

/// The cells and proofs of each of `num_blobs` blobs (spec
/// `compute_cells_and_kzg_proofs`), blob after blob,
/// `num_blobs · CELLS_PER_EXT_BLOB` of each. Either output may be NULL
/// (and is then not filled; NULL proofs compute no proofs), not both.
///
/// `C_KZG_BADARGS`: both outputs NULL (for `num_blobs > 0`), another NULL
/// pointer, settings not loaded or verify-only, a count whose byte size
/// overflows, or a non-canonical blob field element.
///
/// # Safety
/// `s` is NULL or readable; for `num_blobs > 0`, `blobs` is NULL or valid
/// for reading `num_blobs` blobs, and `cells` and `proofs` are each NULL or
/// valid for writing `num_blobs · CELLS_PER_EXT_BLOB` elements.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_compute_cells_and_kzg_proofs_batch(
    cells: *mut Cell,
    proofs: *mut KZGProof,
    blobs: *const Blob,
    num_blobs: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        let total = product(num_blobs, CELLS_PER_EXT_BLOB as u64)?;
        // SAFETY: the pointers are NULL or valid for these counts (this
        // function's contract); the C types have the layout of the `fastkzg`
        // arrays (asserted in `types`).
        let (cells_out, proofs_out, blobs, settings) = unsafe {
            (
                OutSlice::optional(cells.cast::<fastkzg::Cell>(), total)?,
                OutSlice::optional(proofs.cast::<fastkzg::Bytes48>(), total)?,
                blobs_in(blobs, num_blobs)?,
                prover(s)?,
            )
        };
        if num_blobs == 0 {
            return Ok(());
        }
        match (cells_out, proofs_out) {
            (None, None) => Err(C_KZG_RET::C_KZG_BADARGS),
            (Some(cells_out), None) => {
                let computed = settings.compute_cells_batch(blobs)?;
                cells_out.write(computed.iter().map(|c| &c[..]))
            }
            (cells_out, Some(proofs_out)) => {
                let computed = settings.compute_cells_and_kzg_proofs_batch(blobs)?;
                if let Some(cells_out) = cells_out {
                    cells_out.write(computed.iter().map(|(c, _)| &c[..]))?;
                }
                proofs_out.write(computed.iter().map(|(_, p)| &p[..]))
            }
        }
    })
}

/// The cells (no proofs) of spec `recover_cells_and_kzg_proofs` for
/// `num_blobs` blobs that lost the same cells: `cells` holds, blob after
/// blob, the `num_indices` cells at `cell_indices` (one list for all
/// blobs); `recovered` receives `num_blobs · CELLS_PER_EXT_BLOB` cells.
/// The inputs are read before the output is written.
///
/// `C_KZG_BADARGS`: `num_indices` outside `CELLS_PER_BLOB ..=
/// CELLS_PER_EXT_BLOB`, a NULL pointer (arrays: for `num_blobs > 0`),
/// settings not loaded or verify-only, a count whose byte size overflows, an
/// index `>= CELLS_PER_EXT_BLOB`, indices not strictly ascending, or a
/// non-canonical cell field element.
///
/// # Safety
/// `s` is NULL or readable; `cell_indices` is NULL or valid for reading
/// `num_indices` indices; for `num_blobs > 0`, `cells` is NULL or valid for
/// reading `num_blobs · num_indices` cells and `recovered` NULL or valid for
/// writing `num_blobs · CELLS_PER_EXT_BLOB` cells.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_recover_cells_batch(
    recovered: *mut Cell,
    cell_indices: *const u64,
    num_indices: u64,
    cells: *const Cell,
    num_blobs: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        let total_in = product(num_blobs, num_indices)?;
        let total_out = product(num_blobs, CELLS_PER_EXT_BLOB as u64)?;
        // SAFETY: the pointers are NULL or valid for these counts (this
        // function's contract); the C `Cell` has the layout of `fastkzg::Cell`.
        let (out, indices, settings) = unsafe {
            (
                OutSlice::new(recovered.cast::<fastkzg::Cell>(), total_out)?,
                input_slice(cell_indices, num_indices)?,
                prover(s)?,
            )
        };
        let computed = {
            // SAFETY: as above; the borrow ends before the output is written.
            let cells = unsafe { input_slice(cells.cast::<fastkzg::Cell>(), total_in) }?;
            if num_blobs == 0 {
                // Nothing to recover, whatever the indices (as the per-blob
                // composition).
                return Ok(());
            }
            settings.recover_cells_batch(indices, cells)?
        };
        out.write(computed.iter().map(|c| &c[..]))
    })
}

/// Sets `*ok` to whether `proofs` (`num_blobs · CELLS_PER_EXT_BLOB`, blob
/// after blob) are the cell proofs of the blobs, blob `b` committed to by
/// `commitments[b]`: spec `compute_cells` of every blob, then
/// `verify_cell_kzg_proof_batch` over all their cells (the execution
/// layer's check of a blob transaction). The cells are never computed.
///
/// `C_KZG_BADARGS`: a NULL pointer (arrays: for `num_blobs > 0`), settings
/// not loaded, a count whose byte size overflows, a non-canonical blob
/// field element, or a commitment or proof that is not a valid G1 point. A
/// wrong proof is `C_KZG_OK` with `*ok = false`; on any error `*ok = false`.
///
/// # Safety
/// `ok` is NULL or writable; `s` is NULL or readable; for `num_blobs > 0`
/// each array pointer is NULL or valid for reading its count.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_verify_blob_cell_proofs(
    ok: *mut bool,
    blobs: *const Blob,
    commitments: *const Bytes48,
    proofs: *const Bytes48,
    num_blobs: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    let verify = || {
        let total = product(num_blobs, CELLS_PER_EXT_BLOB as u64)?;
        // SAFETY: each array pointer is NULL or readable for its count and
        // `s` is NULL or readable (this function's contract); the C byte
        // types have the layout of the `fastkzg` arrays.
        let (blobs, commitments, proofs, settings) = unsafe {
            (
                blobs_in(blobs, num_blobs)?,
                input_slice(commitments.cast::<fastkzg::Bytes48>(), num_blobs)?,
                input_slice(proofs.cast::<fastkzg::Bytes48>(), total)?,
                settings(s)?,
            )
        };
        Ok(settings.verify_blob_cell_proofs(blobs, commitments, proofs)?)
    };
    // SAFETY: `ok` is NULL or writable (this function's contract).
    unsafe { guard_verify(Placement::Pool, ok, verify) }
}

/// Sets `*ok` to whether the cells of `num_blobs` blobs at one shared list
/// of `num_indices` indices verify: blob `b` is committed to by
/// `commitments[b]`, and `cells` and `proofs` hold, blob after blob, its
/// cells at `cell_indices` and their proofs (`num_blobs · num_indices` of
/// each). The verdict of spec `verify_cell_kzg_proof_batch` over the
/// flattened lists; duplicate indices are allowed, as there.
///
/// `C_KZG_BADARGS`: a NULL pointer (arrays: for non-zero counts), settings
/// not loaded, a count whose byte size overflows, an index `>=
/// CELLS_PER_EXT_BLOB`, a non-canonical cell field element, or a commitment
/// or proof that is not a valid G1 point. A wrong proof is `C_KZG_OK` with
/// `*ok = false`; on any error `*ok = false`.
///
/// # Safety
/// `ok` is NULL or writable; `s` is NULL or readable; each array pointer is
/// NULL or valid for reading its count.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_verify_cells_shared_indices(
    ok: *mut bool,
    commitments: *const Bytes48,
    cell_indices: *const u64,
    num_indices: u64,
    cells: *const Cell,
    proofs: *const Bytes48,
    num_blobs: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    let verify = || {
        let total = product(num_blobs, num_indices)?;
        // SAFETY: each array pointer is NULL or readable for its count and
        // `s` is NULL or readable (this function's contract); the cells,
        // the largest elements, are taken first, so a count refused for any
        // array is refused before any slice exists.
        let (cells, commitments, indices, proofs, settings) = unsafe {
            (
                input_slice(cells.cast::<fastkzg::Cell>(), total)?,
                input_slice(commitments.cast::<fastkzg::Bytes48>(), num_blobs)?,
                input_slice(cell_indices, num_indices)?,
                input_slice(proofs.cast::<fastkzg::Bytes48>(), total)?,
                settings(s)?,
            )
        };
        Ok(settings.verify_cells_shared_indices(commitments, indices, cells, proofs)?)
    };
    // SAFETY: `ok` is NULL or writable (this function's contract).
    unsafe { guard_verify(Placement::Pool, ok, verify) }
}
