//! `blob_to_kzg_commitment`: the Rust API, the C ABI and the peers agree.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastkzg_fuzz::targets::blob_to_kzg_commitment(data));
