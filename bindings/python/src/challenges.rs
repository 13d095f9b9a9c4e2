//! The two Fiat–Shamir challenges of the specs, as module functions. Both
//! hash their inputs only (no point or field-element validation).

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use fastkzg::backend::Scalar;
use fastkzg::{Blst, Cell, BYTES_PER_BLOB, BYTES_PER_CELL};

use crate::convert::{data_items, fixed, fixed_items, indices, Data};
use crate::errors::lib;
use crate::methods::raise;
use crate::threads::{run, Placement};

/// Spec `compute_challenge`: the 32-byte Fiat–Shamir evaluation point of a
/// blob and its commitment (`hash_to_bls_field` of the domain separator,
/// the degree, the blob and the commitment). Only the lengths are checked.
///
/// Raises `InvalidBlob` or `InvalidCommitment` for a wrong length.
#[pyfunction]
pub fn compute_challenge<'py>(
    py: Python<'py>,
    blob: &Bound<'py, PyAny>,
    commitment: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let blob = Data::extract(blob, "blob")?;
    let commitment = Data::extract(commitment, "commitment")?;
    let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
    let c = raise(py, fixed::<48>(commitment.bytes(py), "commitment", None))?;
    let r = run(py, Placement::Caller, || {
        fastkzg::compute_challenge::<Blst>(blob, c).to_bytes_be()
    })?;
    Ok(PyBytes::new(py, &r))
}

/// Spec `compute_verify_cell_kzg_proof_batch_challenge`: the 32-byte
/// challenge `r` of `verify_cell_kzg_proof_batch`, from the deduplicated
/// `commitments`, and per cell its commitment index, cell index, bytes and
/// proof. Only lengths are checked.
///
/// Raises `LengthMismatch`, or `InvalidCommitment`, `InvalidCell`,
/// `InvalidProof` or `InvalidCellIndex` for a wrong length or an index
/// outside `0..2^64`.
#[pyfunction]
pub fn compute_verify_cell_kzg_proof_batch_challenge<'py>(
    py: Python<'py>,
    commitments: &Bound<'py, PyAny>,
    commitment_indices: &Bound<'py, PyAny>,
    cell_indices: &Bound<'py, PyAny>,
    cells: &Bound<'py, PyAny>,
    proofs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let commitments = data_items(commitments, "commitments")?;
    let commitment_idx = raise(py, indices(commitment_indices, "commitment_indices")?)?;
    let cell_idx = raise(py, indices(cell_indices, "cell_indices")?)?;
    let cells = data_items(cells, "cells")?;
    let proofs = data_items(proofs, "proofs")?;
    let c: Vec<[u8; 48]> = raise(py, fixed_items::<48>(&commitments, py, "commitment"))?
        .into_iter()
        .copied()
        .collect();
    let cells: Vec<&Cell> = raise(py, fixed_items::<BYTES_PER_CELL>(&cells, py, "cell"))?;
    let p: Vec<[u8; 48]> = raise(py, fixed_items::<48>(&proofs, py, "proof"))?
        .into_iter()
        .copied()
        .collect();
    let r = run(py, Placement::Caller, || {
        fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<Blst, &Cell>(
            &c,
            &commitment_idx,
            &cell_idx,
            &cells,
            &p,
        )
        .map(|r| r.to_bytes_be())
    })?;
    Ok(PyBytes::new(py, &raise(py, lib(r))?))
}
