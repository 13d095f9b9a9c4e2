//! The methods that `fastkzg.KzgSettings` and `fastkzg.KzgVerifier` share:
//! every verification, single and batch, the two Fiat–Shamir challenges and
//! `forget_decoded_commitments`. They are written once, in the macro
//! `verify_methods!`, which defines them on both classes; each class has an
//! inherent `fn verifier(&self) -> &fastkzg::KzgVerifier` (a `KzgSettings`
//! holds the verifier it runs them on). Each method converts its inputs,
//! releases the GIL for the library call, and converts the result; every
//! rejected input raises a `fastkzg.KzgError` subclass.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use fastkzg::{BYTES_PER_BLOB, BYTES_PER_CELL, CELLS_PER_EXT_BLOB};

use crate::convert::{data_items, fixed, fixed_items, indices, per_blob_arrays, Batch, Data};
use crate::errors::lib;
use crate::methods::{raise, same_counts};
use crate::settings::PyKzgSettings;
use crate::threads::{run, Placement};
use crate::verifier::PyKzgVerifier;

/// Defines the shared methods (see the module documentation) on the
/// `#[pyclass]` `$class`, which has `fn verifier(&self) -> &KzgVerifier`.
/// The names the methods use are those imported by this module.
macro_rules! verify_methods {
    ($class:ty) => {
        #[pymethods]
        impl $class {
            /// Spec `verify_kzg_proof`: whether `proof` shows that the committed
            /// polynomial takes value `y` at `z`. A wrong proof is `False`.
            ///
            /// Raises `InvalidCommitment`, `InvalidProof` or `InvalidFieldElement`.
            fn verify_kzg_proof(
                &self,
                py: Python<'_>,
                commitment: &Bound<'_, PyAny>,
                z: &Bound<'_, PyAny>,
                y: &Bound<'_, PyAny>,
                proof: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                let commitment = Data::extract(commitment, "commitment")?;
                let (z, y) = (Data::extract(z, "z")?, Data::extract(y, "y")?);
                let proof = Data::extract(proof, "proof")?;
                let c = raise(py, fixed::<48>(commitment.bytes(py), "commitment", None))?;
                let z = raise(py, fixed::<32>(z.bytes(py), "z", None))?;
                let y = raise(py, fixed::<32>(y.bytes(py), "y", None))?;
                let p = raise(py, fixed::<48>(proof.bytes(py), "proof", None))?;
                let s = self.verifier();
                let r = run(py, Placement::Caller, || s.verify_kzg_proof(c, z, y, p))?;
                raise(py, lib(r))
            }

            /// Spec `verify_blob_kzg_proof`: whether `proof` is the blob proof for
            /// `blob` and `commitment`. A wrong proof is `False`.
            ///
            /// Raises `InvalidBlob`, `InvalidCommitment` or `InvalidProof`.
            fn verify_blob_kzg_proof(
                &self,
                py: Python<'_>,
                blob: &Bound<'_, PyAny>,
                commitment: &Bound<'_, PyAny>,
                proof: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                let blob = Data::extract(blob, "blob")?;
                let commitment = Data::extract(commitment, "commitment")?;
                let proof = Data::extract(proof, "proof")?;
                let blob = raise(py, fixed::<BYTES_PER_BLOB>(blob.bytes(py), "blob", None))?;
                let c = raise(py, fixed::<48>(commitment.bytes(py), "commitment", None))?;
                let p = raise(py, fixed::<48>(proof.bytes(py), "proof", None))?;
                let s = self.verifier();
                let r = run(py, Placement::Caller, || {
                    s.verify_blob_kzg_proof(blob, c, p)
                })?;
                raise(py, lib(r))
            }

            /// Spec `verify_blob_kzg_proof_batch`: whether every proof is valid,
            /// checked together with a random linear combination. Each argument is
            /// a sequence of byte strings or one bytes-like object holding them
            /// concatenated (as ckzg takes them). An empty batch is `True`.
            ///
            /// Raises `LengthMismatch`, or `InvalidBlob`, `InvalidCommitment`,
            /// `InvalidProof` with `index` naming the item.
            fn verify_blob_kzg_proof_batch(
                &self,
                py: Python<'_>,
                blobs: &Bound<'_, PyAny>,
                commitments: &Bound<'_, PyAny>,
                proofs: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                let blobs = Batch::extract(blobs, "blobs")?;
                let commitments = Batch::extract(commitments, "commitments")?;
                let proofs = Batch::extract(proofs, "proofs")?;
                let b = raise(py, blobs.arrays::<BYTES_PER_BLOB>(py, "blob"))?;
                let c: Vec<[u8; 48]> = raise(py, commitments.arrays::<48>(py, "commitment"))?
                    .into_iter()
                    .copied()
                    .collect();
                let p: Vec<[u8; 48]> = raise(py, proofs.arrays::<48>(py, "proof"))?
                    .into_iter()
                    .copied()
                    .collect();
                let placement = if b.len() > 1 {
                    Placement::Pool
                } else {
                    Placement::Caller
                };
                let s = self.verifier();
                let r = run(py, placement, || s.verify_blob_kzg_proof_batch(&b, &c, &p))?;
                raise(py, lib(r))
            }

            /// Spec `verify_cell_kzg_proof_batch`: whether every `proofs[k]` proves
            /// that `cells[k]` is cell `cell_indices[k]` of the blob committed to by
            /// `commitments[k]`. An empty batch is `True`.
            ///
            /// Raises `LengthMismatch`, `InvalidCellIndex`, `InvalidCommitment`,
            /// `InvalidCell` or `InvalidProof` (`index` names the item).
            fn verify_cell_kzg_proof_batch(
                &self,
                py: Python<'_>,
                commitments: &Bound<'_, PyAny>,
                cell_indices: &Bound<'_, PyAny>,
                cells: &Bound<'_, PyAny>,
                proofs: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                let commitments = data_items(commitments, "commitments")?;
                let idx = raise(py, indices(cell_indices, "cell_indices")?)?;
                let cells = data_items(cells, "cells")?;
                let proofs = data_items(proofs, "proofs")?;
                let c: Vec<[u8; 48]> =
                    raise(py, fixed_items::<48>(&commitments, py, "commitment"))?
                        .into_iter()
                        .copied()
                        .collect();
                let cells = raise(py, fixed_items::<BYTES_PER_CELL>(&cells, py, "cell"))?;
                let p: Vec<[u8; 48]> = raise(py, fixed_items::<48>(&proofs, py, "proof"))?
                    .into_iter()
                    .copied()
                    .collect();
                let s = self.verifier();
                let r = run(py, Placement::Pool, || {
                    s.verify_cell_kzg_proof_batch(&c, &idx, &cells, &p)
                })?;
                raise(py, lib(r))
            }

            /// Spec `compute_challenge` (same as `fastkzg.compute_challenge`).
            fn compute_challenge<'py>(
                &self,
                py: Python<'py>,
                blob: &Bound<'py, PyAny>,
                commitment: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyBytes>> {
                crate::challenges::compute_challenge(py, blob, commitment)
            }

            /// Spec `compute_verify_cell_kzg_proof_batch_challenge` (same as
            /// `fastkzg.compute_verify_cell_kzg_proof_batch_challenge`).
            fn compute_verify_cell_kzg_proof_batch_challenge<'py>(
                &self,
                py: Python<'py>,
                commitments: &Bound<'py, PyAny>,
                commitment_indices: &Bound<'py, PyAny>,
                cell_indices: &Bound<'py, PyAny>,
                cells: &Bound<'py, PyAny>,
                proofs: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyBytes>> {
                crate::challenges::compute_verify_cell_kzg_proof_batch_challenge(
                    py,
                    commitments,
                    commitment_indices,
                    cell_indices,
                    cells,
                    proofs,
                )
            }

            /// Whether `proofs[b]` (128 proofs) are the cell proofs of `blobs[b]`
            /// against `commitments[b]` for every blob: `compute_cells` of each
            /// blob, then `verify_cell_kzg_proof_batch` over all cells (the
            /// execution layer's check of a blob transaction); the cells are never
            /// computed. No blobs is `True`.
            ///
            /// Raises `LengthMismatch`, `InvalidBlob`, `InvalidCommitment` or
            /// `InvalidProof` (`blob` and `index` name it).
            fn verify_blob_cell_proofs(
                &self,
                py: Python<'_>,
                blobs: &Bound<'_, PyAny>,
                commitments: &Bound<'_, PyAny>,
                proofs: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                let blobs = Batch::extract(blobs, "blobs")?;
                let b = raise(py, blobs.arrays::<BYTES_PER_BLOB>(py, "blob"))?;
                let commitments = data_items(commitments, "commitments")?;
                let c: Vec<[u8; 48]> =
                    raise(py, fixed_items::<48>(&commitments, py, "commitment"))?
                        .into_iter()
                        .copied()
                        .collect();
                let (p, counts) = raise(py, per_blob_arrays::<48>(proofs, py, "proofs", "proof")?)?;
                raise(
                    py,
                    same_counts(&counts, CELLS_PER_EXT_BLOB, "cells per blob", "proofs"),
                )?;
                let s = self.verifier();
                let r = run(py, Placement::Pool, || {
                    s.verify_blob_cell_proofs(&b, &c, &p)
                })?;
                raise(py, lib(r))
            }

            /// Whether the cells of many blobs at one shared list of indices verify:
            /// blob `b` has commitment `commitments[b]`, cells `cells[b]` at
            /// `cell_indices` and proofs `proofs[b]`. The verdict of
            /// `verify_cell_kzg_proof_batch` over the flattened lists (duplicate
            /// indices allowed, as there). No blobs is `True`.
            ///
            /// Raises `LengthMismatch`, `InvalidCellIndex`, `InvalidCommitment`,
            /// `InvalidCell` or `InvalidProof` (`blob` and `index` name it).
            fn verify_cells_shared_indices(
                &self,
                py: Python<'_>,
                commitments: &Bound<'_, PyAny>,
                cell_indices: &Bound<'_, PyAny>,
                cells: &Bound<'_, PyAny>,
                proofs: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                let commitments = data_items(commitments, "commitments")?;
                let c: Vec<[u8; 48]> =
                    raise(py, fixed_items::<48>(&commitments, py, "commitment"))?
                        .into_iter()
                        .copied()
                        .collect();
                let idx = raise(py, indices(cell_indices, "cell_indices")?)?;
                let (cells, cell_counts) = raise(
                    py,
                    per_blob_arrays::<BYTES_PER_CELL>(cells, py, "cells", "cell")?,
                )?;
                let (p, proof_counts) =
                    raise(py, per_blob_arrays::<48>(proofs, py, "proofs", "proof")?)?;
                raise(
                    py,
                    same_counts(&cell_counts, idx.len(), "cell_indices", "cells"),
                )?;
                raise(
                    py,
                    same_counts(&proof_counts, idx.len(), "cell_indices", "proofs"),
                )?;
                let s = self.verifier();
                let r = run(py, Placement::Pool, || {
                    s.verify_cells_shared_indices(&c, &idx, &cells, &p)
                })?;
                raise(py, lib(r))
            }

            /// Empties the cache of commitments that
            /// `verify_cell_kzg_proof_batch` decoded (kept by their bytes, at
            /// most 4096, for the data-column sidecars of a block, which carry
            /// the same ones): later calls decode every commitment again. For
            /// measurements.
            fn forget_decoded_commitments(&self) {
                self.verifier().forget_decoded_commitments()
            }
        }
    };
}

verify_methods!(PyKzgSettings);
verify_methods!(PyKzgVerifier);
