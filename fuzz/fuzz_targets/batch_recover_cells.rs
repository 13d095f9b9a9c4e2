//! `recover_cells_batch`: the Rust API and the C ABI agree with the cells of `recover_cells_and_kzg_proofs` of each blob, in c-kzg and in fastkzg.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastkzg_fuzz::batch::batch_recover_cells(data));
