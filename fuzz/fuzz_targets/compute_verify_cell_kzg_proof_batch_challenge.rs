//! `compute_verify_cell_kzg_proof_batch_challenge`: the C ABI (`fastkzg.h`) and the Rust API agree.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fastkzg_fuzz::challenges::compute_verify_cell_kzg_proof_batch_challenge(data)
});
