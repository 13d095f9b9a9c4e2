//! The three EIP-7594 cell functions (`eip7594/eip7594.h` of c-kzg).
//!
//! Each checks its pointers, counts and settings, calls the method of the
//! same name on `fastkzg::KzgSettings`, and copies the 128 cells and proofs to
//! the caller's arrays only on success; the verifier sets `*ok = false` on
//! error. Inputs are read in full before any output is written, so an
//! output array may share memory with an input array (recovery in place).
//!
//! The C `Cell` and `Bytes48` are plain byte arrays (asserted in `types`),
//! so the caller's arrays are used as `fastkzg::Cell` / `fastkzg::Bytes48` arrays
//! without copying.

use fastkzg::constants::{CELLS_PER_BLOB, CELLS_PER_EXT_BLOB};

use crate::ffi::{guard, guard_verify, input, input_slice, prover, settings, OutArray, Placement};
use crate::types::{Blob, Bytes48, Cell, KZGProof, KZGSettings, C_KZG_RET};

/// The caller's array of `CELLS_PER_EXT_BLOB` cells.
type CellsOut = OutArray<fastkzg::Cell, CELLS_PER_EXT_BLOB>;
/// The caller's array of `CELLS_PER_EXT_BLOB` proofs.
type ProofsOut = OutArray<fastkzg::Bytes48, CELLS_PER_EXT_BLOB>;

/// Spec `compute_cells_and_kzg_proofs`: the `CELLS_PER_EXT_BLOB` cells of the
/// extended blob (into `cells`) and their KZG proofs (into `proofs`).
///
/// Either output may be NULL, and is then not filled: with `proofs == NULL`
/// only the cells are computed (spec `compute_cells`, far cheaper than the
/// proofs). Both NULL is `C_KZG_BADARGS`, as in c-kzg.
///
/// `C_KZG_BADARGS`: both outputs NULL, `blob` or `s` NULL, settings not
/// loaded or verify-only, or a blob field element that is not canonical.
///
/// # Safety
/// `cells` and `proofs` are each NULL or valid for writing
/// `CELLS_PER_EXT_BLOB` elements; `blob` and `s` are NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn compute_cells_and_kzg_proofs(
    cells: *mut Cell,
    proofs: *mut KZGProof,
    blob: *const Blob,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        // SAFETY: every pointer is NULL or valid for its type and count (this
        // function's contract); the C `Cell` and `KZGProof` have the layout
        // of `fastkzg::Cell` and `fastkzg::Bytes48` (asserted in `types`).
        let (cells_out, proofs_out, blob, settings) = unsafe {
            (
                CellsOut::optional(cells.cast())?,
                ProofsOut::optional(proofs.cast())?,
                input(blob)?,
                prover(s)?,
            )
        };
        match (cells_out, proofs_out) {
            (None, None) => Err(C_KZG_RET::C_KZG_BADARGS),
            (Some(cells_out), None) => {
                let cells = settings.compute_cells(&blob.bytes)?;
                cells_out.write(&cells);
                Ok(())
            }
            (cells_out, Some(proofs_out)) => {
                let (cells, proofs) = settings.compute_cells_and_kzg_proofs(&blob.bytes)?;
                if let Some(cells_out) = cells_out {
                    cells_out.write(&cells);
                }
                proofs_out.write(&proofs);
                Ok(())
            }
        }
    })
}

/// Spec `recover_cells_and_kzg_proofs`: all `CELLS_PER_EXT_BLOB` cells and
/// proofs of a blob's extension from `num_cells` of its cells, where
/// `cells[i]` is cell number `cell_indices[i]`.
///
/// `recovered_proofs` may be NULL: only the cells are recovered and no
/// proof is computed (a small fraction of the time; `recover_cells` of the
/// Rust API). The inputs are read before
/// the outputs are written, so `recovered_cells` may be the `cells` array.
///
/// `C_KZG_BADARGS`: `num_cells` below `CELLS_PER_BLOB` or above
/// `CELLS_PER_EXT_BLOB` (checked before the arrays are read), a NULL pointer
/// other than `recovered_proofs`, settings not loaded or verify-only, an
/// index `>= CELLS_PER_EXT_BLOB`, indices not strictly ascending (duplicates
/// included), or a cell field element that is not canonical.
///
/// Cells that no blob produces (possible with more than `CELLS_PER_BLOB`
/// cells) are not detected; as the spec says, the recovered polynomial is
/// cut to `FIELD_ELEMENTS_PER_BLOB` coefficients and the cells and proofs of
/// that polynomial are returned, which then differ from some of the inputs.
///
/// # Safety
/// `recovered_cells` and `recovered_proofs` are NULL or valid for writing
/// `CELLS_PER_EXT_BLOB` elements; `cell_indices` and `cells` are NULL or
/// valid for reading `num_cells` elements when `num_cells` is in range;
/// `s` is NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn recover_cells_and_kzg_proofs(
    recovered_cells: *mut Cell,
    recovered_proofs: *mut KZGProof,
    cell_indices: *const u64,
    cells: *const Cell,
    num_cells: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    guard(|| {
        // The count bounds the reads below, so it is checked first.
        if num_cells < CELLS_PER_BLOB as u64 || num_cells > CELLS_PER_EXT_BLOB as u64 {
            return Err(C_KZG_RET::C_KZG_BADARGS);
        }
        // SAFETY: the outputs are NULL or writable for CELLS_PER_EXT_BLOB
        // elements and `s` is NULL or readable (this function's contract);
        // the C types have the layout of the `fastkzg` arrays (asserted in
        // `types`).
        let (cells_out, proofs_out, settings) = unsafe {
            (
                CellsOut::new(recovered_cells.cast())?,
                ProofsOut::optional(recovered_proofs.cast())?,
                prover(s)?,
            )
        };
        // SAFETY: `num_cells` is in range, so each array pointer is NULL or
        // readable for `num_cells` elements (contract). The borrows end
        // with the recovery, before any output is written.
        let input = || unsafe {
            Ok::<_, C_KZG_RET>((
                input_slice(cell_indices, num_cells)?,
                input_slice(cells.cast::<fastkzg::Cell>(), num_cells)?,
            ))
        };
        match proofs_out {
            Some(proofs_out) => {
                let (cells, proofs) = {
                    let (indices, cells) = input()?;
                    settings.recover_cells_and_kzg_proofs(indices, cells)?
                };
                cells_out.write(&cells);
                proofs_out.write(&proofs);
            }
            None => {
                let cells = {
                    let (indices, cells) = input()?;
                    settings.recover_cells(indices, cells)?
                };
                cells_out.write(&cells);
            }
        }
        Ok(())
    })
}

/// Spec `verify_cell_kzg_proof_batch`: sets `*ok` to whether, for every
/// `i < num_cells`, `proofs_bytes[i]` proves that `cells[i]` is cell number
/// `cell_indices[i]` of the blob committed to by `commitments_bytes[i]`.
/// Commitments, indices and cells may repeat and come in any order. With
/// `num_cells == 0`, `*ok = true` and the array pointers may be NULL.
///
/// `C_KZG_BADARGS`: a NULL pointer (arrays: for `num_cells > 0`), settings
/// not loaded, `num_cells` too large to address (e.g. `num_cells *
/// BYTES_PER_CELL` overflows), an index `>= CELLS_PER_EXT_BLOB`, a cell field
/// element that is not canonical, or a commitment or proof that is not a
/// valid G1 point. A wrong proof is `C_KZG_OK` with `*ok = false`. On any
/// error `*ok` is set to `false`.
///
/// # Safety
/// `ok` is NULL or writable; `s` is NULL or readable; for `num_cells > 0`
/// each array pointer is NULL or valid for reading `num_cells` elements.
#[no_mangle]
pub unsafe extern "C" fn verify_cell_kzg_proof_batch(
    ok: *mut bool,
    commitments_bytes: *const Bytes48,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs_bytes: *const Bytes48,
    num_cells: u64,
    s: *const KZGSettings,
) -> C_KZG_RET {
    let verify = || {
        // SAFETY: each array pointer is NULL or readable for `num_cells`
        // elements (contract); `input_slice` rejects a count whose byte size
        // overflows or does not fit in `isize` before using the pointer.
        // The cells are the largest elements, so they are taken first: a
        // count refused for any array is refused before any slice exists.
        // The C byte types have the layout of the `fastkzg` arrays they are cast
        // to (asserted in `types`).
        let (cells, commitments, indices, proofs) = unsafe {
            (
                input_slice(cells.cast::<fastkzg::Cell>(), num_cells)?,
                input_slice(commitments_bytes.cast::<fastkzg::Bytes48>(), num_cells)?,
                input_slice(cell_indices, num_cells)?,
                input_slice(proofs_bytes.cast::<fastkzg::Bytes48>(), num_cells)?,
            )
        };
        // SAFETY: `s` is NULL or readable (contract).
        let settings = unsafe { settings(s) }?;
        Ok(settings.verify_cell_kzg_proof_batch(commitments, indices, cells, proofs)?)
    };
    // SAFETY: `ok` is NULL or writable (this function's contract).
    unsafe { guard_verify(Placement::Pool, ok, verify) }
}
