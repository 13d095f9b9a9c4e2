//! The spec's Fiat–Shamir challenges and their helpers: `hash_to_bls_field`,
//! `compute_challenge` (Deneb), `compute_verify_cell_kzg_proof_batch_challenge`
//! (Fulu) and `compute_powers`, and the randomizers that fastkzg's cell
//! batch verification derives from the Fulu challenge. They hash bytes only
//! and validate nothing beyond list lengths.

use alloc::vec;
use alloc::vec::Vec;
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

/// Domain separator of [`compute_cell_batch_randomizers`] (not a spec
/// constant: the spec uses the challenge's powers).
const CELL_BATCH_RANDOMIZER_DOMAIN: &[u8; 16] = b"FASTKZG_CBRND_V2";

/// `n` randomizers for the random linear combination of
/// `verify_cell_kzg_proof_batch`, derived from its Fiat–Shamir challenge
/// `r`, each in GLV form: `(a, b)` stands for `t = a + b·λ mod r`, with λ
/// the eigenvalue of G1's endomorphism φ ([`crate::msm::glv`]) and
/// `a, b < 2^64`. Randomizers `2j` and `2j + 1` are the two 16-byte halves
/// of `SHA-256(domain ‖ r as 32 bytes big-endian ‖ j as 8 bytes
/// big-endian)`, each read as `a` then `b` (8 bytes little-endian each).
///
/// The spec combines the cells' equations with the powers `r^k`; any
/// randomizers independent of the inputs' claims serve the same purpose.
/// In this form `t·π = a·π + b·φ(π)` is a sum of two 64-bit products, so
/// the proof sums cost half of the spec's. Distinct pairs give distinct
/// `t`: `a + b·λ ≡ a' + b'·λ` would make `(a − a', b − b')` a vector of
/// the lattice `{(u, v) : u + v·λ ≡ 0 mod r}` with entries below `2^64`,
/// whose shortest non-zero vectors are about `2^127` long (its
/// determinant is `r` and its basis `(λ, −1)`, `(λ + 1, λ)` is nearly
/// orthogonal). A batch with a false claim passes only if `Σ t_k·e_k = 0`
/// for the claims' errors `e_k` (in Fr, one of them non-zero): given the
/// other randomizers, one value of that claim's `t_k` out of `2^128`,
/// which the hash (over all inputs, through `r`) picks. Every new try
/// costs the forger a hash of the whole batch and succeeds with
/// probability `2^-128`, below BLS12-381's own security level. A batch
/// whose claims all hold passes for any randomizers, as with the spec's.
pub(crate) fn compute_cell_batch_randomizers<F: Scalar>(r: &F, n: usize) -> Vec<(u64, u64)> {
    let seed = r.to_bytes_be();
    let mut out = Vec::with_capacity(n + 1);
    for j in 0..n.div_ceil(2) as u64 {
        let mut h = Sha256::new();
        h.update(CELL_BATCH_RANDOMIZER_DOMAIN);
        h.update(seed);
        h.update(j.to_be_bytes());
        let digest: [u8; 32] = h.finalize().into();
        for half in digest.chunks_exact(16) {
            let word = |i: usize| {
                let mut le = [0u8; 8];
                le.copy_from_slice(&half[8 * i..8 * i + 8]);
                u64::from_le_bytes(le)
            };
            out.push((word(0), word(1)));
        }
    }
    out.truncate(n);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::DefaultBackend;

    type Fr = <DefaultBackend as Backend>::Fr;

    /// The randomizers are the hash's 8-byte words in order, the same for
    /// the same challenge, different for another, and a prefix for fewer
    /// cells; their field elements `a + b·λ` are distinct.
    #[test]
    fn cell_batch_randomizers_are_the_hash_words() {
        let r = Fr::from_u64(0x1234_5678_9abc);
        let t = compute_cell_batch_randomizers(&r, 5);
        assert_eq!(t.len(), 5);
        assert_eq!(compute_cell_batch_randomizers(&r, 4)[..], t[..4]);
        assert!(compute_cell_batch_randomizers(&r, 0).is_empty());
        for (j, pair) in t.chunks(2).enumerate() {
            let digest: [u8; 32] = Sha256::new()
                .chain_update(b"FASTKZG_CBRND_V2")
                .chain_update(r.to_bytes_be())
                .chain_update((j as u64).to_be_bytes())
                .finalize()
                .into();
            for (k, (a, b)) in pair.iter().enumerate() {
                let word = |i: usize| {
                    let mut le = [0u8; 8];
                    le.copy_from_slice(&digest[16 * k + 8 * i..16 * k + 8 * i + 8]);
                    u64::from_le_bytes(le)
                };
                assert_eq!((*a, *b), (word(0), word(1)));
            }
        }
        let other = compute_cell_batch_randomizers(&(r + Fr::one()), 5);
        assert!(other.iter().zip(&t).all(|(a, b)| a != b));
        let fields: Vec<Fr> = crate::backend::glv::from_halves(&t);
        for (i, f) in fields.iter().enumerate() {
            assert!(fields[..i].iter().all(|g| g != f));
        }
    }
}
