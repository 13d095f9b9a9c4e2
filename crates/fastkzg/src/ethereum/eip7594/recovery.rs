//! `recover_cells_and_kzg_proofs`, and `recover_cells` for callers that
//! need the cells only.
//!
//! Two ways to the blob polynomial, with the same result:
//!
//! - **All data cells given** (indices 0..63, the first half of the
//!   extension in bit-reversed order, which is the blob itself): the
//!   polynomial comes from the blob with one inverse FFT, and cells only
//!   need the odd half of the extension, as `compute_cells` does. Any cells
//!   given beyond those 64 must then equal the cells of that blob; if one
//!   differs the input is inconsistent and the spec's erasure decoding runs
//!   instead (its result is then not the blob's, see
//!   [`KzgSettings::recover_cells_and_kzg_proofs`]).
//! - **Otherwise** the spec's `recover_polynomialcoeff`: with `E` the
//!   extended evaluations (zero in missing cells) and `Z` the vanishing
//!   polynomial of the missing cells, `(E·Z)` is interpolated, divided by
//!   `Z` on the coset `7·H` and interpolated back. `Z(X) = z(X^64)` is
//!   constant on each cell's coset, so its values on `H` and on `7·H` are
//!   two 128-point transforms of `z`, and the work is three 8192-point FFTs
//!   on bit-reversed data with no permutation passes.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::borrow::Borrow;

use super::{
    all_cells, cell_to_coset_evals_at, check_cell_indices, coset_shift_exponent, evals_to_cells,
    CellIndex, CellProofs, Cells,
};
use crate::backend::{Backend, Module, Scalar};
use crate::constants::PRIMITIVE_ROOT_OF_UNITY;
use crate::error::{Error, Input, Result};
use crate::ethereum::bytes::Cell;
use crate::ethereum::constants::{
    CELLS_PER_BLOB, CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL,
    FIELD_ELEMENTS_PER_EXT_BLOB,
};
use crate::ethereum::KzgSettings;
use crate::math::das::{brp_evals_to_coeffs, das_odd_half, extend_coeffs};
use crate::math::zero_poly::zero_polynomial;
use crate::math::{batch_inverse, fft, Domain};
use crate::par::Lazy;
use crate::trace::{phase, span};

/// Validated recovery input: indices and the cells' field elements.
pub(super) struct Received<F> {
    pub(super) indices: Vec<usize>,
    pub(super) cosets_evals: Vec<Vec<F>>,
}

/// The vanishing polynomial of the missing cells on the two domains of
/// erasure decoding ([`KzgSettings::vanishing_on_domains`]).
pub(super) struct Vanishing<F> {
    on_h: Vec<F>,
    on_coset_inv: Vec<F>,
}

impl<F: Scalar> Received<F> {
    /// Whether the first 64 cells given are the data cells 0..63 (indices
    /// are strictly ascending, so it is enough to look at the 64th).
    fn has_all_data_cells(&self) -> bool {
        self.indices.get(CELLS_PER_BLOB - 1) == Some(&(CELLS_PER_BLOB - 1))
    }

    /// The blob's evaluations (bit-reversed order): the data cells in a row.
    fn data_evals(&self) -> Vec<F> {
        self.cosets_evals[..CELLS_PER_BLOB].concat()
    }

    /// Whether every cell given beyond the data cells equals the cell of the
    /// same index in `cells` (all 128).
    fn extras_match(&self, cells: &[Cell], given: &[impl Borrow<Cell>]) -> bool {
        self.indices
            .iter()
            .zip(given)
            .skip(CELLS_PER_BLOB)
            .all(|(i, cell)| cells.get(*i) == Some(cell.borrow()))
    }
}

impl<B: Backend> KzgSettings<B> {
    /// Spec `construct_vanishing_polynomial`: `Z(X) = Π_{i missing}(X^64 −
    /// ω_128^rev7(i))`, as 8192 coefficients; it vanishes on every point of
    /// each missing cell.
    ///
    /// Errors: a cell index `>= 128` ([`Error::CellIndexOutOfRange`]).
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#construct_vanishing_polynomial>
    pub fn construct_vanishing_polynomial(
        &self,
        missing_cell_indices: &[CellIndex],
    ) -> Result<Vec<B::Fr>> {
        let missing = check_cell_indices(missing_cell_indices)?;
        let short = self.short_vanishing_polynomial(&missing);
        let mut out = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_EXT_BLOB];
        for (i, c) in short.iter().enumerate() {
            if let Some(slot) = out.get_mut(i * FIELD_ELEMENTS_PER_CELL) {
                *slot = *c;
            }
        }
        Ok(out)
    }

    /// `z(Y) = Π_{i missing}(Y − ω_128^rev7(i))`, with
    /// `Z(X) = z(X^FIELD_ELEMENTS_PER_CELL)` the spec's vanishing polynomial.
    fn short_vanishing_polynomial(&self, missing_cell_indices: &[usize]) -> Vec<B::Fr> {
        let roots: Vec<B::Fr> = missing_cell_indices
            .iter()
            .map(|i| {
                self.ext_domain
                    .root(FIELD_ELEMENTS_PER_CELL * coset_shift_exponent(*i))
            })
            .collect();
        zero_polynomial(&roots).coeffs
    }

    /// Spec `recover_polynomialcoeff`: the 4096 coefficients of the blob
    /// polynomial from the given cells (validated by the caller), by erasure
    /// decoding (see the module documentation for the method).
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#recover_polynomialcoeff>
    fn recover_polynomialcoeff(&self, received: &Received<B::Fr>) -> Result<Vec<B::Fr>> {
        let vanishing = self.vanishing_on_domains(&received.indices)?;
        self.recover_polynomialcoeff_with(received, &vanishing)
    }

    /// `z` (see [`KzgSettings::construct_vanishing_polynomial`]) of the cells
    /// missing from `present_indices`, on the 128-th roots of unity and
    /// inverted on their coset `7^64·⟨ω_128⟩`: what erasure decoding needs
    /// of the indices, the same for every blob recovered from them.
    pub(super) fn vanishing_on_domains(
        &self,
        present_indices: &[usize],
    ) -> Result<Vanishing<B::Fr>> {
        let mut present = [false; CELLS_PER_EXT_BLOB];
        for i in present_indices {
            present[*i] = true;
        }
        let missing: Vec<usize> = (0..CELLS_PER_EXT_BLOB).filter(|i| !present[*i]).collect();
        // Z(x) = z(x^64) on H and on 7·H.
        let shift = B::Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY);
        phase!("vanishing polynomial", {
            let small = Domain::<B::Fr>::new(CELLS_PER_EXT_BLOB)?;
            let mut z = self.short_vanishing_polynomial(&missing);
            z.resize(CELLS_PER_EXT_BLOB, B::Fr::zero());
            let shift_64 = shift.pow(&[FIELD_ELEMENTS_PER_CELL as u64]);
            let on_h = fft::fft(&z, &small)?;
            let mut on_coset_inv = fft::coset_fft(&z, &shift_64, &small)?;
            batch_inverse(&mut on_coset_inv)?;
            Ok(Vanishing { on_h, on_coset_inv })
        })
    }

    /// [`KzgSettings::recover_polynomialcoeff`] with the vanishing
    /// polynomial's values computed already.
    pub(super) fn recover_polynomialcoeff_with(
        &self,
        received: &Received<B::Fr>,
        vanishing: &Vanishing<B::Fr>,
    ) -> Result<Vec<B::Fr>> {
        span!("recover_polynomialcoeff");
        let n = FIELD_ELEMENTS_PER_EXT_BLOB;
        let shift = B::Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY);
        let z_on_h = &vanishing.on_h;
        let z_on_coset_inv = &vanishing.on_coset_inv;
        // E·Z in bit-reversed order: cell i fills positions 64i..64i+63,
        // where Z = z(ω_128^rev7(i)); missing cells stay zero.
        let mut a = vec![B::Fr::zero(); n];
        for (i, evals) in received.indices.iter().zip(&received.cosets_evals) {
            let zi = z_on_h[coset_shift_exponent(*i)];
            let block = &mut a[i * FIELD_ELEMENTS_PER_CELL..(i + 1) * FIELD_ELEMENTS_PER_CELL];
            for (dst, e) in block.iter_mut().zip(evals) {
                *dst = *e * zi;
            }
        }
        // n·(coefficients of P·Z), natural order; onto the coset 7·H (the
        // 1/n of the inverse transform folded into the shift powers).
        let n_inv = self.ext_domain.size_inv();
        phase!("(E·Z) to the coset", {
            fft::ifft_in_place_rn_unscaled(&mut a, &self.ext_domain)?;
            scale_by_powers(&mut a, &shift, n_inv);
            fft::fft_in_place_nr(&mut a, &self.ext_domain)?;
        });
        // Divide by Z on 7·H (bit-reversed: block i holds the coset points
        // with x^64 = 7^64·ω_128^rev7(i)), then back to coefficients.
        phase!("divide by Z and back to coefficients", {
            for (i, block) in a.chunks_exact_mut(FIELD_ELEMENTS_PER_CELL).enumerate() {
                let inv = z_on_coset_inv[coset_shift_exponent(i)];
                for x in block {
                    *x *= inv;
                }
            }
            fft::ifft_in_place_rn_unscaled(&mut a, &self.ext_domain)?;
        });
        // The spec keeps the first FIELD_ELEMENTS_PER_BLOB coefficients.
        a.truncate(FIELD_ELEMENTS_PER_BLOB);
        let shift_inv = shift.inverse().ok_or(Error::DivisionByZero)?;
        scale_by_powers(&mut a, &shift_inv, n_inv);
        Ok(a)
    }

    /// Checks the recovery input (spec `recover_cells_and_kzg_proofs`'s
    /// rules) and parses the cells.
    fn receive_cells<T: Borrow<Cell> + Sync>(
        &self,
        cell_indices: &[CellIndex],
        cells: &[T],
    ) -> Result<Received<B::Fr>> {
        if cell_indices.len() != cells.len() {
            return Err(Error::LengthMismatch {
                inputs: &[Input::CellIndex, Input::Cell],
                lengths: vec![cell_indices.len(), cells.len()],
            });
        }
        let indices = check_recovery_indices(cell_indices)?;
        parse_received::<B, T>(indices, cells)
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
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#recover_cells_and_kzg_proofs>
    pub fn recover_cells_and_kzg_proofs<T: Borrow<Cell> + Sync>(
        &self,
        cell_indices: &[CellIndex],
        cells: &[T],
    ) -> Result<(Cells, CellProofs)> {
        span!("recover_cells_and_kzg_proofs");
        let received = phase!("parse cells", self.receive_cells(cell_indices, cells))?;
        if received.has_all_data_cells() {
            let coeffs = phase!(
                "polynomial_eval_to_coeff",
                brp_evals_to_coeffs(&received.data_evals(), &self.domain)
            )?;
            let out = self.cells_and_proofs_from_coeffs(&coeffs)?;
            if received.extras_match(&out.0[..], cells) {
                return Ok(out);
            }
        }
        let coeffs = self.recover_polynomialcoeff(&received)?;
        self.cells_and_proofs_from_coeffs(&coeffs)
    }

    /// The 128 cells of [`KzgSettings::recover_cells_and_kzg_proofs`]
    /// without the proofs (c-kzg's recovery with `recovered_proofs == NULL`):
    /// the same rules and the same cells, at a small fraction of the cost
    /// (no FK20). With all data cells given it is one inverse and one
    /// forward 4096-point FFT.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#recover_cells_and_kzg_proofs>
    pub fn recover_cells<T: Borrow<Cell> + Sync>(
        &self,
        cell_indices: &[CellIndex],
        cells: &[T],
    ) -> Result<Cells> {
        span!("recover_cells");
        let received = phase!("parse cells", self.receive_cells(cell_indices, cells))?;
        self.recover_cells_received(&received, cells, &Lazy::new())
    }

    /// [`KzgSettings::recover_cells`] of parsed cells; `vanishing` holds
    /// the vanishing polynomial's values for these indices once computed
    /// (shared by the blobs of a batch, which have the same indices).
    pub(super) fn recover_cells_received<T: Borrow<Cell>>(
        &self,
        received: &Received<B::Fr>,
        cells: &[T],
        vanishing: &Lazy<Vanishing<B::Fr>>,
    ) -> Result<Cells> {
        if received.has_all_data_cells() {
            let odd = das_odd_half(&received.data_evals(), &self.ext_domain, &self.das_factors)?;
            let mut out: Vec<Cell> = cells[..CELLS_PER_BLOB]
                .iter()
                .map(|c| *c.borrow())
                .collect();
            out.extend(evals_to_cells(&odd, B::Fr::to_bytes_be));
            if received.extras_match(&out, cells) {
                return all_cells(out);
            }
        }
        let vanishing = match vanishing.get() {
            Some(v) => v,
            None => {
                let v = self.vanishing_on_domains(&received.indices)?;
                vanishing.get_or_init(|| Box::new(v))
            }
        };
        let coeffs = self.recover_polynomialcoeff_with(received, vanishing)?;
        let ext = phase!("cells", extend_coeffs(&coeffs, &self.ext_domain))?;
        all_cells(evals_to_cells(&ext, B::Fr::to_bytes_be))
    }
}

/// The rules of spec `recover_cells_and_kzg_proofs` on the cell indices:
/// between 64 and 128 of them, each `< 128`, strictly ascending (so no
/// duplicates).
pub(super) fn check_recovery_indices(cell_indices: &[CellIndex]) -> Result<Vec<usize>> {
    if cell_indices.len() < CELLS_PER_BLOB {
        return Err(Error::NotEnoughCells {
            got: cell_indices.len(),
            needed: CELLS_PER_BLOB,
        });
    }
    if cell_indices.len() > CELLS_PER_EXT_BLOB {
        return Err(Error::TooManyCells {
            got: cell_indices.len(),
            max: CELLS_PER_EXT_BLOB,
        });
    }
    let indices = check_cell_indices(cell_indices)?;
    if let Some(k) = indices.windows(2).position(|w| w[0] >= w[1]) {
        return Err(Error::CellIndicesNotAscending {
            position: k + 1,
            cell_index: cell_indices[k + 1],
        });
    }
    Ok(indices)
}

/// The cells' field elements (each canonical), with their checked indices.
pub(super) fn parse_received<B: Backend, T: Borrow<Cell> + Sync>(
    indices: Vec<usize>,
    cells: &[T],
) -> Result<Received<B::Fr>> {
    let cosets_evals = crate::par::try_map_collect(cells.len(), |pos| {
        cell_to_coset_evals_at::<B>(cells[pos].borrow(), pos)
    })?;
    Ok(Received {
        indices,
        cosets_evals,
    })
}

/// `a[j] ← a[j]·c·s^j`.
fn scale_by_powers<F: Scalar>(a: &mut [F], s: &F, c: F) {
    let mut p = c;
    for x in a {
        *x *= p;
        p *= *s;
    }
}
