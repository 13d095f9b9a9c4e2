//! The spec functions that compute (commitments, proofs, cells) as methods
//! of `fastkzg.KzgSettings`: EIP-4844 (`specs/deneb/polynomial-commitments.md`)
//! and EIP-7594 (`specs/fulu/polynomial-commitments-sampling.md`); the
//! verifications, which `fastkzg.KzgVerifier` has too, are in `verify.rs`.
//! Each converts its inputs, releases the GIL for the library call, and
//! converts the result; every rejected input raises a `fastkzg.KzgError`
//! subclass.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use fastkzg::{BYTES_PER_BLOB, BYTES_PER_CELL};

use crate::convert::{data_items, fixed, fixed_items, indices, per_blob_arrays, Batch, Data};
use crate::errors::{lib, KzgErr, KzgResult};
use crate::settings::PyKzgSettings;
use crate::threads::{run, Placement};

/// Raises a rejected input as its Python exception.
pub(crate) fn raise<T>(py: Python<'_>, r: KzgResult<T>) -> PyResult<T> {
    r.map_err(|e: KzgErr| e.into_pyerr(py))
}

/// A list of byte strings.
pub(crate) fn bytes_list<'py, const N: usize>(
    py: Python<'py>,
    items: &[[u8; N]],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, items.iter().map(|b| PyBytes::new(py, b)))
}

#[pymethods]
impl PyKzgSettings {
    /// Spec `blob_to_kzg_commitment`: the 48-byte commitment to a blob.
    ///
    /// Raises `InvalidBlob` (wrong length, or a field element >= the BLS
    /// modulus: `element` names it).
    fn blob_to_kzg_commitment<'py>(
        &self,
        py: Python<'py>,
        blob: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let blob = Data::extract(blob, "blob")?;
        let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
        let s = &*self.inner;
        let c = run(py, Placement::Pool, || s.blob_to_kzg_commitment(blob))?;
        Ok(PyBytes::new(py, &raise(py, lib(c))?))
    }

    /// Spec `compute_kzg_proof`: `(proof, y)`, the proof of the blob's
    /// polynomial at `z` and its value `y` there (48 and 32 bytes).
    ///
    /// Raises `InvalidBlob`, or `InvalidFieldElement` for `z`.
    fn compute_kzg_proof<'py>(
        &self,
        py: Python<'py>,
        blob: &Bound<'py, PyAny>,
        z: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let (blob, z) = (Data::extract(blob, "blob")?, Data::extract(z, "z")?);
        let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
        let z = raise(py, fixed::<32>(z.bytes(py), "z", None))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || s.compute_kzg_proof(blob, z))?;
        let (proof, y) = raise(py, lib(r))?;
        Ok((PyBytes::new(py, &proof), PyBytes::new(py, &y)))
    }

    /// Spec `compute_blob_kzg_proof`: the proof for a blob at its
    /// Fiat–Shamir challenge. The commitment is not checked to match.
    ///
    /// Raises `InvalidBlob` or `InvalidCommitment`.
    fn compute_blob_kzg_proof<'py>(
        &self,
        py: Python<'py>,
        blob: &Bound<'py, PyAny>,
        commitment: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let blob = Data::extract(blob, "blob")?;
        let commitment = Data::extract(commitment, "commitment")?;
        let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
        let c = raise(py, fixed::<48>(commitment.bytes(py), "commitment", None))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || s.compute_blob_kzg_proof(blob, c))?;
        Ok(PyBytes::new(py, &raise(py, lib(r))?))
    }

    /// Spec `compute_cells`: the 128 cells (2048 bytes each) of the
    /// extended blob.
    ///
    /// Raises `InvalidBlob`.
    fn compute_cells<'py>(
        &self,
        py: Python<'py>,
        blob: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let blob = Data::extract(blob, "blob")?;
        let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || s.compute_cells(blob))?;
        bytes_list(py, &raise(py, lib(r))?[..])
    }

    /// Spec `compute_cells_and_kzg_proofs`: `(cells, proofs)`, the 128
    /// cells of the extended blob and their 128 KZG proofs (FK20).
    ///
    /// Raises `InvalidBlob`.
    fn compute_cells_and_kzg_proofs<'py>(
        &self,
        py: Python<'py>,
        blob: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
        let blob = Data::extract(blob, "blob")?;
        let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || s.compute_cells_and_kzg_proofs(blob))?;
        let (cells, proofs) = raise(py, lib(r))?;
        Ok((bytes_list(py, &cells[..])?, bytes_list(py, &proofs[..])?))
    }

    /// Spec `recover_cells_and_kzg_proofs`: `(cells, proofs)`, all 128
    /// cells and proofs from at least 64 of the cells, given with their
    /// strictly ascending indices.
    ///
    /// Raises `LengthMismatch`, `InvalidCellCount` (fewer than 64 or more
    /// than 128), `InvalidCellIndex` (out of range or not ascending) or
    /// `InvalidCell`.
    fn recover_cells_and_kzg_proofs<'py>(
        &self,
        py: Python<'py>,
        cell_indices: &Bound<'py, PyAny>,
        cells: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
        let idx = raise(py, indices(cell_indices, "cell_indices")?)?;
        let cells = data_items(cells, "cells")?;
        let cells = raise(py, fixed_items::<BYTES_PER_CELL>(&cells, py, "cell"))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || {
            s.recover_cells_and_kzg_proofs(&idx, &cells)
        })?;
        let (cells, proofs) = raise(py, lib(r))?;
        Ok((bytes_list(py, &cells[..])?, bytes_list(py, &proofs[..])?))
    }

    /// `compute_cells` of each blob: a list (one entry per blob) of 128
    /// cells, computed with the blobs side by side.
    ///
    /// Raises `InvalidBlob` (`blob` names it).
    fn compute_cells_batch<'py>(
        &self,
        py: Python<'py>,
        blobs: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let blobs = Batch::extract(blobs, "blobs")?;
        let b = raise(py, blobs.arrays::<BYTES_PER_BLOB>(py, "blob"))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || s.compute_cells_batch(&b))?;
        let all = raise(py, lib(r))?;
        PyList::new(
            py,
            all.iter()
                .map(|cells| bytes_list(py, &cells[..]))
                .collect::<PyResult<Vec<_>>>()?,
        )
    }

    /// `compute_cells_and_kzg_proofs` of each blob: a list (one entry per
    /// blob) of `(cells, proofs)`.
    ///
    /// Raises `InvalidBlob` (`blob` names it).
    fn compute_cells_and_kzg_proofs_batch<'py>(
        &self,
        py: Python<'py>,
        blobs: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let blobs = Batch::extract(blobs, "blobs")?;
        let b = raise(py, blobs.arrays::<BYTES_PER_BLOB>(py, "blob"))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || {
            s.compute_cells_and_kzg_proofs_batch(&b)
        })?;
        let all = raise(py, lib(r))?;
        let pairs = all
            .iter()
            .map(|(cells, proofs)| Ok((bytes_list(py, &cells[..])?, bytes_list(py, &proofs[..])?)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, pairs)
    }

    /// The cells (no proofs) of `recover_cells_and_kzg_proofs` for blobs
    /// that kept the same cells: `cells[b]` holds blob `b`'s cells at
    /// `cell_indices` (one list for all blobs). Returns one list of 128
    /// cells per blob; the vanishing polynomial is computed once.
    ///
    /// Raises `InvalidCellCount`, `InvalidCellIndex`, `LengthMismatch` (a
    /// blob with another number of cells) or `InvalidCell` (`blob` names
    /// it).
    fn recover_cells_batch<'py>(
        &self,
        py: Python<'py>,
        cell_indices: &Bound<'py, PyAny>,
        cells: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let idx = raise(py, indices(cell_indices, "cell_indices")?)?;
        let (cells, counts) = raise(
            py,
            per_blob_arrays::<BYTES_PER_CELL>(cells, py, "cells", "cell")?,
        )?;
        raise(py, same_counts(&counts, idx.len(), "cell_indices", "cells"))?;
        let s = &*self.inner;
        let r = run(py, Placement::Pool, || s.recover_cells_batch(&idx, &cells))?;
        let all = raise(py, lib(r))?;
        PyList::new(
            py,
            all.iter()
                .map(|cells| bytes_list(py, &cells[..]))
                .collect::<PyResult<Vec<_>>>()?,
        )
    }
}

/// Every blob has `expected` entries: else a `LengthMismatch` naming the
/// first blob that does not.
pub(crate) fn same_counts(
    counts: &[usize],
    expected: usize,
    of: &'static str,
    items: &'static str,
) -> KzgResult<()> {
    match counts.iter().position(|c| *c != expected) {
        None => Ok(()),
        Some(blob) => Err(KzgErr::count_mismatch(of, items, expected, counts[blob]).in_blob(blob)),
    }
}
