//! `load_trusted_setup` (raw bytes) and `load_trusted_setup_file` (text):
//! the Rust API, the C ABI and c-kzg agree, and nothing but the mainnet
//! setup itself is accepted.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastkzg_fuzz::setup::load_trusted_setup(data));
