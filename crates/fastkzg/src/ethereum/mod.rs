//! The Ethereum context: everything the consensus specs define on top of the
//! KZG toolkit ([`crate::kzg`]), per ethereum/consensus-specs at `8a3df1d`
//! (Deneb `polynomial-commitments.md`, Fulu
//! `polynomial-commitments-sampling.md`).
//!
//! [`KzgSettings`] holds the trusted setup (4096 G1 points, 65 G2 points)
//! and what is precomputed from it: the blob domain of 4096 points and its
//! bit-reversed roots, the extended domain of 8192 points for cells, the
//! cell domain of 64 points, the commitment tables and the FK20 tables for
//! cell proofs. Every spec function is a method of it:
//!
//! | Spec function | Method |
//! |---|---|
//! | `blob_to_kzg_commitment` | [`KzgSettings::blob_to_kzg_commitment`] |
//! | `compute_kzg_proof` | [`KzgSettings::compute_kzg_proof`] |
//! | `compute_blob_kzg_proof` | [`KzgSettings::compute_blob_kzg_proof`] |
//! | `verify_kzg_proof` | [`KzgVerifier::verify_kzg_proof`] |
//! | `verify_blob_kzg_proof` | [`KzgVerifier::verify_blob_kzg_proof`] |
//! | `verify_blob_kzg_proof_batch` | [`KzgVerifier::verify_blob_kzg_proof_batch`] |
//! | `compute_cells` | [`KzgSettings::compute_cells`] |
//! | `compute_cells_and_kzg_proofs` | [`KzgSettings::compute_cells_and_kzg_proofs`] |
//! | `recover_cells_and_kzg_proofs` | [`KzgSettings::recover_cells_and_kzg_proofs`] (and [`KzgSettings::recover_cells`] without proofs) |
//! | `verify_cell_kzg_proof_batch` | [`KzgVerifier::verify_cell_kzg_proof_batch`] |
//! | `evaluate_polynomial_in_evaluation_form` | [`KzgVerifier::evaluate_polynomial_in_evaluation_form`] |
//! | `construct_vanishing_polynomial` | [`KzgSettings::construct_vanishing_polynomial`] |
//! | `compute_challenge` | [`compute_challenge`] |
//! | `compute_verify_cell_kzg_proof_batch_challenge` | [`compute_verify_cell_kzg_proof_batch_challenge`] |
//! | `blob_to_polynomial` | [`bytes::blob_to_polynomial`] |
//! | `cell_to_coset_evals` | [`eip7594::cell_to_coset_evals`] |
//!
//! On the execution side, [`KzgVerifier::point_evaluation_precompile`] is
//! EIP-4844's point-evaluation precompile (address `0x0a`), with
//! [`kzg_to_versioned_hash`] ([`point_evaluation`]).
//!
//! Settings come from the embedded mainnet setup ([`crate::mainnet`],
//! [`KzgSettings::mainnet`], [`KzgSettings::load_mainnet`]) or from a
//! trusted setup in the c-kzg-4844 text format or as raw bytes
//! ([`KzgSettings::load_trusted_setup_file`], [`KzgSettings::parse_trusted_setup`],
//! [`KzgSettings::load_trusted_setup`]). The byte types ([`Blob`], [`Cell`],
//! [`Bytes32`], [`Bytes48`]) and the spec constants ([`constants`]) are
//! re-exported at the crate root.
//!
//! Inputs are untrusted bytes: every rule the spec enforces is checked before
//! any work, and a violation is an [`Error`](crate::Error) naming the input
//! and its position, never a panic. A proof that does not verify is
//! `Ok(false)`; the verify functions are `#[must_use]`.
//!
//! Every function's documentation links the spec function it implements, in
//! ethereum/consensus-specs at commit `8a3df1d`.

pub mod bytes;
pub mod challenge;
pub(crate) mod commitment_cache;
pub mod constants;
pub mod eip4844;
pub mod eip7594;
pub mod embedded;
pub mod point_evaluation;
pub mod precompute;
pub mod settings;
pub mod trusted_setup;
pub mod verifier;

pub use bytes::{Blob, Bytes32, Bytes48, Cell, KzgCommitment, KzgProof};
pub use challenge::{compute_challenge, compute_verify_cell_kzg_proof_batch_challenge};
pub use eip7594::{CellIndex, CellProofs, Cells};
pub use embedded::MAINNET_TRUSTED_SETUP_TXT;
pub use point_evaluation::kzg_to_versioned_hash;
pub use precompute::Fk20Plan;
pub use settings::{KzgSettings, MAX_PRECOMPUTE, TABLE_AFTER_COMMITMENTS};
pub use verifier::KzgVerifier;
