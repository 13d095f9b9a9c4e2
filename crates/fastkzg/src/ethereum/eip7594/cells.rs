//! `compute_cells` and `compute_cells_and_kzg_proofs`.

use super::{all_cells, evals_to_cells, CellProofs, Cells};
use crate::backend::{Backend, Scalar};
use crate::error::Result;
use crate::ethereum::bytes::{blob_to_polynomial, blob_to_polynomial_raw, Blob, Bytes48, Cell};
use crate::ethereum::constants::BYTES_PER_CELL;
use crate::ethereum::KzgSettings;
use crate::math::bit_reversal_permutation_in_place;
use crate::math::das::{brp_evals_to_coeffs, das_odd_half, extend_coeffs};
use crate::trace::{phase, span};
use alloc::vec::Vec;

impl<B: Backend> KzgSettings<B> {
    /// Spec `compute_cells`: the 128 cells of the extended blob. The first 64
    /// cells are the blob's own bytes (the even 8192-th roots in bit-reversed
    /// order are the blob's domain); the other 64 come from one inverse and
    /// one forward 4096-point FFT onto the odd coset.
    ///
    /// Errors: a blob field element is not canonical.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#compute_cells>
    pub fn compute_cells(&self, blob: &Blob) -> Result<Cells> {
        span!("compute_cells");
        // The extension is linear in the blob's values, so it runs on the
        // backend's raw form of them: no conversion into the field or back.
        let poly = phase!("blob_to_polynomial", blob_to_polynomial_raw::<B>(blob))?;
        let odd = phase!(
            "das extension",
            das_odd_half(&poly, &self.ext_domain, &self.das_factors)
        )?;
        let mut cells: Vec<Cell> = blob
            .chunks_exact(BYTES_PER_CELL)
            .map(|c| {
                let mut cell = [0u8; BYTES_PER_CELL];
                cell.copy_from_slice(c);
                cell
            })
            .collect();
        cells.extend(evals_to_cells(&odd, B::fr_to_bytes_be_raw));
        all_cells(cells)
    }

    /// Spec `compute_cells_and_kzg_proofs`: the 128 cells and their 128 KZG
    /// multi-proofs, computed with FK20 (not one opening per cell).
    ///
    /// Errors: a blob field element is not canonical.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#compute_cells_and_kzg_proofs>
    pub fn compute_cells_and_kzg_proofs(&self, blob: &Blob) -> Result<(Cells, CellProofs)> {
        span!("compute_cells_and_kzg_proofs");
        let poly = phase!("blob_to_polynomial", blob_to_polynomial::<B>(blob))?;
        let coeffs = phase!(
            "polynomial_eval_to_coeff",
            brp_evals_to_coeffs(&poly, &self.domain)
        )?;
        self.cells_and_proofs_from_coeffs(&coeffs)
    }

    /// Spec `compute_cells_and_kzg_proofs_polynomialcoeff`: cells and proofs
    /// of the polynomial with the given 4096 coefficients.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#compute_cells_and_kzg_proofs_polynomialcoeff>
    pub(crate) fn cells_and_proofs_from_coeffs(
        &self,
        coeffs: &[B::Fr],
    ) -> Result<(Cells, CellProofs)> {
        let ext = phase!("cells", extend_coeffs(coeffs, &self.ext_domain))?;
        let mut proofs = phase!("fk20", self.fk20()?.multi_proofs(coeffs))?;
        // Proof k opens the coset with h^64 = ω_128^k; cell i has
        // h_i^64 = ω_128^rev7(i).
        span!("proofs to bytes");
        bit_reversal_permutation_in_place(&mut proofs);
        let affine = B::g1_batch_to_affine(&proofs);
        let compressed: Vec<Bytes48> = affine
            .iter()
            .map(|p| B::g1_compress(&B::g1_from_affine(p)))
            .collect();
        Ok((
            all_cells(evals_to_cells(&ext, B::Fr::to_bytes_be))?,
            all_cells(compressed)?,
        ))
    }
}
