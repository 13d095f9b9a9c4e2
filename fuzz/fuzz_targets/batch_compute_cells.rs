//! `compute_cells_batch`: the Rust API and the C ABI agree with `compute_cells` of each blob, in c-kzg and in fastkzg.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastkzg_fuzz::batch::batch_compute_cells(data));
