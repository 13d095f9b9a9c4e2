//! The EIP-7594 (PeerDAS) cell API, per
//! `specs/fulu/polynomial-commitments-sampling.md` of ethereum/consensus-specs
//! at `8a3df1d`: cells of the extended blob, their KZG proofs (FK20),
//! recovery from any half of the cells, and batch verification.
//!
//! Cell `i` holds the evaluations of the blob polynomial on the coset
//! `h_i·⟨ω_64⟩` with `h_i = ω_8192^rev7(i)`, in bit-reversed order
//! (spec `coset_for_cell`).

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

mod batch;
mod cells;
mod recovery;
mod unique;
mod verify;

use crate::backend::{Backend, Scalar};
use crate::error::{Error, Input, Result};
use crate::ethereum::bytes::{Bytes48, Cell};
use crate::ethereum::constants::{
    BYTES_PER_FIELD_ELEMENT, CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL,
};
use crate::math::reverse_bits;

/// Spec `CellIndex`.
pub type CellIndex = u64;

/// Checks every `index < CELLS_PER_EXT_BLOB` and converts them (the
/// error names the first index out of range and its position).
pub(crate) fn check_cell_indices(indices: &[CellIndex]) -> Result<Vec<usize>> {
    indices
        .iter()
        .enumerate()
        .map(|(position, index)| match usize::try_from(*index) {
            Ok(i) if i < CELLS_PER_EXT_BLOB => Ok(i),
            _ => Err(Error::CellIndexOutOfRange {
                position,
                cell_index: *index,
                max: CELLS_PER_EXT_BLOB,
            }),
        })
        .collect()
}

/// Spec `cell_to_coset_evals`: the cell's 64 field elements, each required
/// to be canonical.
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#cell_to_coset_evals>
///
/// Errors: [`Error::NonCanonicalFieldElement`] naming the first
/// non-canonical element.
pub fn cell_to_coset_evals<B: Backend>(cell: &Cell) -> Result<Vec<B::Fr>> {
    cell_to_coset_evals_at::<B>(cell, 0)
}

/// [`cell_to_coset_evals`] of the cell at `position` of a list (named in
/// errors).
pub(crate) fn cell_to_coset_evals_at<B: Backend>(
    cell: &Cell,
    position: usize,
) -> Result<Vec<B::Fr>> {
    crate::ethereum::bytes::bytes_to_field_elements::<B>(cell, Input::Cell, position)
}

/// [`cell_to_coset_evals_at`] scaled by a backend constant (the values
/// times `1/c`, returned with `c`, the same for every cell), for
/// computations linear in the cells.
pub(crate) fn cell_to_coset_evals_scaled_at<B: Backend>(
    cell: &Cell,
    position: usize,
) -> Result<(Vec<B::Fr>, B::Fr)> {
    crate::ethereum::bytes::bytes_to_field_elements_scaled::<B>(cell, Input::Cell, position)
}

/// The 128 cells of an extended blob.
pub type Cells = Box<[Cell; CELLS_PER_EXT_BLOB]>;
/// The 128 cell proofs of an extended blob, compressed.
pub type CellProofs = Box<[Bytes48; CELLS_PER_EXT_BLOB]>;

/// A list of exactly `CELLS_PER_EXT_BLOB` items as a fixed-size box.
pub(crate) fn all_cells<T>(items: Vec<T>) -> Result<Box<[T; CELLS_PER_EXT_BLOB]>> {
    let got = items.len();
    items.into_boxed_slice().try_into().map_err(|_| {
        Error::InvalidSize(format!(
            "{got} cells or proofs, expected {CELLS_PER_EXT_BLOB}"
        ))
    })
}

/// Spec `coset_evals_to_cell` applied to consecutive chunks of 64 values,
/// each value encoded by `encode` (the field's `to_bytes_be`, or the
/// backend's raw encoding for values in raw form).
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#coset_evals_to_cell>
pub(crate) fn evals_to_cells<F: Scalar>(
    evals: &[F],
    encode: impl Fn(&F) -> [u8; 32] + Sync + Send,
) -> Vec<Cell> {
    // Cells are encoded independently, spread over the caller's pool.
    let chunks: Vec<&[F]> = evals.chunks_exact(FIELD_ELEMENTS_PER_CELL).collect();
    crate::par::map_collect(chunks.len(), |i| {
        let mut cell = [0u8; FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT];
        for (dst, v) in cell
            .chunks_exact_mut(BYTES_PER_FIELD_ELEMENT)
            .zip(chunks[i])
        {
            dst.copy_from_slice(&encode(v));
        }
        cell
    })
}

/// The exponent `e` with `h_i = ω_8192^e` for cell `i` (`rev7(i)`).
pub(crate) fn coset_shift_exponent(cell_index: usize) -> usize {
    reverse_bits(cell_index, CELLS_PER_EXT_BLOB)
}
