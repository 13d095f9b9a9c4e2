//! `verify_blob_kzg_proof_batch`: the Rust API, the C ABI and the peers agree.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastkzg_fuzz::targets::verify_blob_kzg_proof_batch(data));
