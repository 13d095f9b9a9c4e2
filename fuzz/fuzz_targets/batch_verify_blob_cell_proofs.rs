//! `verify_blob_cell_proofs`: the Rust API and the C ABI agree with `compute_cells` of each blob, then `verify_cell_kzg_proof_batch`, over c-kzg and over fastkzg.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastkzg_fuzz::batch::batch_verify_blob_cell_proofs(data));
