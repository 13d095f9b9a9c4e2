//! The C ABI of fastkzg: a drop-in replacement for the public API of
//! c-kzg-4844 2.1.x (`ckzg.h`).
//!
//! A C program written against c-kzg's header compiles against
//! `include/ckzg.h` of this crate and links against `libfastkzg.a` or
//! `libfastkzg.so` without changes. The functions keep c-kzg's names,
//! argument lists and `C_KZG_RET` codes; `KZGSettings` keeps its size and
//! alignment (8 pointers and 2 `size_t`), so callers can keep allocating it
//! themselves.
//!
//! `include/fastkzg.h` (which includes `ckzg.h`) declares what the library
//! adds to c-kzg's API, under names with the prefix `fastkzg_`, which c-kzg
//! never uses ([`challenges`]): `fastkzg_compute_challenge` and
//! `fastkzg_compute_verify_cell_kzg_proof_batch_challenge`, the specs'
//! Fiat–Shamir challenges, which c-kzg keeps internal.
//!
//! Behaviour at the boundary, beyond c-kzg's:
//!
//! - Every pointer c-kzg would dereference is checked: NULL gives
//!   `C_KZG_BADARGS` instead of a crash. (Array pointers may be NULL when
//!   their element count is 0.)
//! - A `KZGSettings` that is zeroed, uninitialised, freed, or a stale copy of
//!   a freed one gives `C_KZG_BADARGS`: the struct only holds a handle, and
//!   handles are looked up in a registry of live settings (see [`handle`]).
//! - Commitments, proofs, `y` and cells are written only on `C_KZG_OK`. The
//!   verifiers' `bool *ok` is set to `false` on any error (they fail closed;
//!   c-kzg does this in its single-proof verifiers, not always in the batch
//!   one).
//! - No Rust panic crosses the boundary: it becomes `C_KZG_ERROR`.
//! - `free_trusted_setup` is idempotent and accepts NULL or a zeroed struct.
//! - Calls use every core: they run in the library's rayon pool, sized by
//!   `FASTKZG_NUM_THREADS` (unset: one thread per core; `0` or `1`: serially
//!   on the caller's thread), except the short verifications, which always
//!   run on the caller's thread (see [`threads`]).
//! - `load_trusted_setup_file` and `load_trusted_setup` recognise the
//!   mainnet setup (SHA-256 of the text or of the three point lists) and
//!   load the library's embedded, pre-validated copy in milliseconds; any
//!   other setup is validated in full.
//! - `recover_cells_and_kzg_proofs` with `recovered_proofs == NULL` computes
//!   no proofs.
//! - Verify-only settings (`fastkzg_load_verifier_mainnet`,
//!   `fastkzg_load_verifier`, `fastkzg_load_verifier_file` in `fastkzg.h`)
//!   fill the same `KZGSettings` with a `fastkzg::KzgVerifier`: every verifier
//!   takes them; every function that computes commitments, proofs or cells
//!   returns `C_KZG_BADARGS` for them, its outputs untouched. The registry
//!   holds either kind ([`ffi::Settings`]).
//!
//! Layout: [`types`] mirrors the C types, [`ffi`] holds the boundary helpers
//! (panic guard, NULL-checked inputs and outputs), [`handle`] the settings
//! registry, [`threads`] the pool, and one module per header section
//! ([`setup`], [`eip4844`], [`eip7594`], and [`challenges`] for
//! `fastkzg.h`). Every entry point is written the same way:
//! `ffi::guard(|| { ... })` around the body (`ffi::guard_verify` for
//! functions with a `bool *ok` verdict), `ffi::settings(s)?` (verifiers)
//! or `ffi::prover(s)?` (everything that computes; it refuses verify-only
//! settings) for the settings, `ffi::input`/`ffi::input_slice`/`ffi::read_input` for arguments
//! and `ffi::Out`/`ffi::OutArray` for results.
//!
//! Where the EIP-7594 functions differ from c-kzg: recovery from cells that
//! no blob produces returns, as the spec does, the cells and proofs of the
//! recovered polynomial cut to its first `FIELD_ELEMENTS_PER_BLOB`
//! coefficients (c-kzg returns the cells of the uncut polynomial, or the
//! input cells unchanged when all 128 are given); `recover_cells_and_kzg_proofs`
//! refuses a NULL `recovered_cells` instead of writing through it.

pub mod batch;
pub mod challenges;
pub mod csharp;
pub mod eip4844;
pub mod eip7594;
pub mod ffi;
pub mod handle;
pub mod setup;
pub mod threads;
pub mod types;

pub use types::{Blob, Bytes32, Bytes48, Cell, KZGCommitment, KZGProof, KZGSettings, C_KZG_RET};
