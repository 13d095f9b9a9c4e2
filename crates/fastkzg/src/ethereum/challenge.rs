//! The spec's Fiat–Shamir challenges and their helpers: `hash_to_bls_field`,
//! `compute_challenge` (Deneb), `compute_verify_cell_kzg_proof_batch_challenge`
//! (Fulu) and `compute_powers`. They hash bytes only and validate nothing
//! beyond list lengths.

use core::borrow::Borrow;

use sha2::{Digest, Sha256};

use super::bytes::{Blob, Bytes48, Cell};
use super::constants::{
    FIAT_SHAMIR_PROTOCOL_DOMAIN, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL,
    RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN,
};
use super::eip7594::CellIndex;
use crate::backend::{Backend, Scalar};
use crate::error::{Error, Input, Result};

/// Spec `hash_to_bls_field`: SHA-256 of `data`, read big-endian, reduced mod r.
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#hash_to_bls_field>
pub(crate) fn hash_to_bls_field<B: Backend>(data: &[&[u8]]) -> B::Fr {
    let mut h = Sha256::new();
    for d in data {
        h.update(d);
    }
    B::Fr::from_bytes_be_reduced(&h.finalize().into())
}

/// Spec `compute_challenge`: the Fiat–Shamir evaluation point of a blob and
/// its commitment, `hash_to_bls_field(FIAT_SHAMIR_PROTOCOL_DOMAIN ‖
/// FIELD_ELEMENTS_PER_BLOB as 16 bytes big-endian ‖ blob ‖ commitment)`.
/// Hashes bytes only; performs no validation.
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#compute_challenge>
pub fn compute_challenge<B: Backend>(blob: &Blob, commitment: &Bytes48) -> B::Fr {
    let degree = (FIELD_ELEMENTS_PER_BLOB as u128).to_be_bytes();
    hash_to_bls_field::<B>(&[FIAT_SHAMIR_PROTOCOL_DOMAIN, &degree, blob, commitment])
}

/// `[r^0, r^1, …, r^(n-1)]` (spec `compute_powers`).
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#compute_powers>
pub(crate) fn compute_powers<F: Scalar>(r: &F, n: usize) -> Vec<F> {
    let mut out = Vec::with_capacity(n);
    let mut acc = F::one();
    for _ in 0..n {
        out.push(acc);
        acc *= *r;
    }
    out
}

/// Spec `compute_verify_cell_kzg_proof_batch_challenge`: SHA-256 over the
/// domain separator, the sizes, the deduplicated commitments, and for every
/// cell its commitment index, cell index, 64 field elements and proof,
/// reduced mod r. Cells are hashed as bytes (a canonical cell's bytes are its
/// field elements' encodings). Hashes only; the lists must have equal lengths.
///
/// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#compute_verify_cell_kzg_proof_batch_challenge>
pub fn compute_verify_cell_kzg_proof_batch_challenge<B: Backend, T: Borrow<Cell>>(
    commitments: &[Bytes48],
    commitment_indices: &[u64],
    cell_indices: &[CellIndex],
    cells: &[T],
    proofs: &[Bytes48],
) -> Result<B::Fr> {
    let n = cell_indices.len();
    if commitment_indices.len() != n || cells.len() != n || proofs.len() != n {
        return Err(Error::LengthMismatch {
            inputs: &[
                Input::CommitmentIndex,
                Input::CellIndex,
                Input::Cell,
                Input::Proof,
            ],
            lengths: vec![commitment_indices.len(), n, cells.len(), proofs.len()],
        });
    }
    let mut h = Sha256::new();
    h.update(RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN);
    h.update((FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
    h.update((FIELD_ELEMENTS_PER_CELL as u64).to_be_bytes());
    h.update((commitments.len() as u64).to_be_bytes());
    h.update((n as u64).to_be_bytes());
    for c in commitments {
        h.update(c);
    }
    for k in 0..n {
        h.update(commitment_indices[k].to_be_bytes());
        h.update(cell_indices[k].to_be_bytes());
        h.update(cells[k].borrow());
        h.update(proofs[k]);
    }
    Ok(B::Fr::from_bytes_be_reduced(&h.finalize().into()))
}
