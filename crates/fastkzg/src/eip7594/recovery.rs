//! `recover_cells_and_kzg_proofs`.

use core::borrow::Borrow;

use super::{cell_to_coset_evals, check_cell_index, coset_shift_exponent, CellIndex};
use crate::backend::{Backend, Module};
use crate::bytes::{Bytes48, Cell};
use crate::constants::{
    CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL,
    FIELD_ELEMENTS_PER_EXT_BLOB,
};
use crate::error::{Error, Result};
use crate::kzg::KzgSettings;
use crate::math::bit_reversal_permutation_in_place;
use crate::math::erasure::recover_with_zero_poly;
use crate::math::zero_poly::zero_polynomial;

impl<B: Backend> KzgSettings<B> {
    /// Spec `construct_vanishing_polynomial`: `Z(X) = Π_{i missing}(X^64 −
    /// ω_128^rev7(i))`, as 8192 coefficients; it vanishes on every point of
    /// each missing cell.
    pub fn construct_vanishing_polynomial(&self, missing_cell_indices: &[usize]) -> Vec<B::Fr> {
        let roots: Vec<B::Fr> = missing_cell_indices
            .iter()
            .map(|i| {
                self.ext_domain
                    .root(FIELD_ELEMENTS_PER_CELL * coset_shift_exponent(*i))
            })
            .collect();
        let short = zero_polynomial(&roots);
        let mut out = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_EXT_BLOB];
        for (i, c) in short.coeffs.iter().enumerate() {
            if let Some(slot) = out.get_mut(i * FIELD_ELEMENTS_PER_CELL) {
                *slot = *c;
            }
        }
        out
    }

    /// Spec `recover_polynomialcoeff`: the 4096 coefficients of the blob
    /// polynomial from the given cells (validated by the caller).
    fn recover_polynomialcoeff(
        &self,
        cell_indices: &[usize],
        cosets_evals: &[Vec<B::Fr>],
    ) -> Result<Vec<B::Fr>> {
        let mut evals = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_EXT_BLOB];
        let mut present = [false; CELLS_PER_EXT_BLOB];
        for (i, cell) in cell_indices.iter().zip(cosets_evals) {
            present[*i] = true;
            evals[i * FIELD_ELEMENTS_PER_CELL..(i + 1) * FIELD_ELEMENTS_PER_CELL]
                .copy_from_slice(cell);
        }
        bit_reversal_permutation_in_place(&mut evals);
        let missing: Vec<usize> = (0..CELLS_PER_EXT_BLOB).filter(|i| !present[*i]).collect();
        let zero = self.construct_vanishing_polynomial(&missing);
        let mut coeffs = recover_with_zero_poly(&evals, &zero, &self.ext_domain)?;
        coeffs.truncate(FIELD_ELEMENTS_PER_BLOB);
        Ok(coeffs)
    }

    /// Spec `recover_cells_and_kzg_proofs`: all 128 cells and proofs from at
    /// least 64 cells.
    ///
    /// Rules (each a typed error): as many indices as cells; between 64 and
    /// 128 cells; every index `< 128`; indices strictly ascending (so no
    /// duplicates); every cell field element canonical.
    ///
    /// Inconsistent input: with more than 64 cells that no blob produces, the
    /// result follows the spec exactly — the recovered polynomial is truncated
    /// to its first 4096 coefficients and the cells and proofs of *that*
    /// polynomial are returned (they differ from some of the inputs). No error
    /// is raised; callers that need to detect such input can compare the
    /// returned cells with the ones they passed.
    pub fn recover_cells_and_kzg_proofs<T: Borrow<Cell> + Sync>(
        &self,
        cell_indices: &[CellIndex],
        cells: &[T],
    ) -> Result<(Vec<Cell>, Vec<Bytes48>)> {
        if cell_indices.len() != cells.len() {
            return Err(Error::LengthMismatch {
                what: "cell indices and cells",
                lengths: vec![cell_indices.len(), cells.len()],
            });
        }
        if cells.len() < CELLS_PER_EXT_BLOB / 2 {
            return Err(Error::NotEnoughCells {
                got: cells.len(),
                needed: CELLS_PER_EXT_BLOB / 2,
            });
        }
        if cells.len() > CELLS_PER_EXT_BLOB {
            return Err(Error::TooManyCells {
                got: cells.len(),
                max: CELLS_PER_EXT_BLOB,
            });
        }
        let indices = cell_indices
            .iter()
            .map(|i| check_cell_index(*i))
            .collect::<Result<Vec<usize>>>()?;
        if indices.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Error::CellIndicesNotAscending);
        }
        let cosets_evals = crate::par::try_map_collect(cells.len(), |pos| {
            cell_to_coset_evals::<B>(cells[pos].borrow(), pos)
        })?;
        let coeffs = self.recover_polynomialcoeff(&indices, &cosets_evals)?;
        self.cells_and_proofs_from_coeffs(&coeffs)
    }
}
