//! `compute_cells` and `compute_cells_and_kzg_proofs`.

use super::evals_to_cells;
use crate::backend::Backend;
use crate::bytes::{blob_to_polynomial, Blob, Bytes48, Cell};
use crate::error::Result;
use crate::kzg::KzgSettings;
use crate::math::bit_reversal_permutation_in_place;
use crate::math::das::{brp_evals_to_coeffs, das_extension, extend_coeffs};

impl<B: Backend> KzgSettings<B> {
    /// Spec `compute_cells`: the 128 cells of the extended blob. The first 64
    /// cells are the blob itself; the rest come from one 4096-point coset FFT.
    ///
    /// Errors: a blob field element is not canonical.
    pub fn compute_cells(&self, blob: &Blob) -> Result<Vec<Cell>> {
        let poly = blob_to_polynomial::<B>(blob)?;
        let ext = das_extension(&poly, &self.domain, &self.ext_domain)?;
        Ok(evals_to_cells(&ext))
    }

    /// Spec `compute_cells_and_kzg_proofs`: the 128 cells and their 128 KZG
    /// multi-proofs, computed with FK20 (not one opening per cell).
    ///
    /// Errors: a blob field element is not canonical.
    pub fn compute_cells_and_kzg_proofs(&self, blob: &Blob) -> Result<(Vec<Cell>, Vec<Bytes48>)> {
        let poly = blob_to_polynomial::<B>(blob)?;
        let coeffs = brp_evals_to_coeffs(&poly, &self.domain)?;
        self.cells_and_proofs_from_coeffs(&coeffs)
    }

    /// Spec `compute_cells_and_kzg_proofs_polynomialcoeff`: cells and proofs
    /// of the polynomial with the given 4096 coefficients.
    pub(crate) fn cells_and_proofs_from_coeffs(
        &self,
        coeffs: &[B::Fr],
    ) -> Result<(Vec<Cell>, Vec<Bytes48>)> {
        let ext = extend_coeffs(coeffs, &self.ext_domain)?;
        let mut proofs = self.fk20()?.multi_proofs(coeffs)?;
        // Proof k opens the coset with h^64 = ω_128^k; cell i has
        // h_i^64 = ω_128^rev7(i).
        bit_reversal_permutation_in_place(&mut proofs);
        let affine = B::g1_batch_to_affine(&proofs);
        let compressed = affine
            .iter()
            .map(|p| B::g1_compress(&B::g1_from_affine(p)))
            .collect();
        Ok((evals_to_cells(&ext), compressed))
    }
}
