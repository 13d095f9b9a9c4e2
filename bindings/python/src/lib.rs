//! The `fastkzg._native` extension module: Python bindings for the
//! `fastkzg` library (EIP-4844 blobs, EIP-7594 cells). The Python package
//! `fastkzg` re-exports it and adds the ckzg-compatible functions.
//!
//! Layout: `settings` (the settings class and loaders), `verifier` (the
//! verify-only class and its loaders), `methods` (the spec functions that
//! compute), `verify` (the verifications and challenges, shared by both
//! classes), `challenges` (the two Fiat–Shamir challenges), `convert`
//! (Python inputs to byte arrays), `errors` (typed exceptions), `threads`
//! (GIL release and the thread pool), `cache` (loaded setups).

mod cache;
mod challenges;
mod convert;
mod errors;
mod methods;
mod settings;
mod threads;
mod verifier;
mod verify;

use pyo3::prelude::*;

/// Native part of the `fastkzg` package.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<settings::PyKzgSettings>()?;
    m.add_class::<verifier::PyKzgVerifier>()?;
    m.add_function(wrap_pyfunction!(settings::mainnet, m)?)?;
    m.add_function(wrap_pyfunction!(settings::clear_cache, m)?)?;
    m.add_function(wrap_pyfunction!(challenges::compute_challenge, m)?)?;
    m.add_function(wrap_pyfunction!(
        challenges::compute_verify_cell_kzg_proof_batch_challenge,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(threads::set_num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(threads::get_num_threads, m)?)?;
    m.add("BYTES_PER_BLOB", fastkzg::BYTES_PER_BLOB)?;
    m.add("BYTES_PER_CELL", fastkzg::BYTES_PER_CELL)?;
    m.add("BYTES_PER_COMMITMENT", fastkzg::BYTES_PER_COMMITMENT)?;
    m.add("BYTES_PER_PROOF", fastkzg::BYTES_PER_PROOF)?;
    m.add("BYTES_PER_FIELD_ELEMENT", fastkzg::BYTES_PER_FIELD_ELEMENT)?;
    m.add("FIELD_ELEMENTS_PER_BLOB", fastkzg::FIELD_ELEMENTS_PER_BLOB)?;
    m.add("FIELD_ELEMENTS_PER_CELL", fastkzg::FIELD_ELEMENTS_PER_CELL)?;
    m.add("CELLS_PER_EXT_BLOB", fastkzg::CELLS_PER_EXT_BLOB)?;
    m.add("MAX_PRECOMPUTE", fastkzg::MAX_PRECOMPUTE)?;
    Ok(())
}
