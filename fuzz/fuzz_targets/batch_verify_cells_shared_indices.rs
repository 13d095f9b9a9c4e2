//! `verify_cells_shared_indices`: the Rust API and the C ABI agree with `verify_cell_kzg_proof_batch` over the flattened lists, in c-kzg and in fastkzg.
#![no_main]

libfuzzer_sys::fuzz_target!(
    |data: &[u8]| fastkzg_fuzz::batch::batch_verify_cells_shared_indices(data)
);
