//! Per-phase times of `compute_cells_and_kzg_proofs` and
//! `recover_cells_and_kzg_proofs`, from the library's `tracing` spans:
//!
//! ```sh
//! cargo run --release -p fastkzg --features tracing --example phases
//! ```
//!
//! Every span prints a line when it closes: `time.busy` is the time spent
//! inside it on the thread that entered it (work it hands to the rayon pool
//! runs on other threads; `fastkzg::run_serial` keeps it on one).

use fastkzg::{Cell, BYTES_PER_BLOB, CELLS_PER_EXT_BLOB};
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::fmt::format::FmtSpan;

fn main() -> fastkzg::Result<()> {
    tracing_subscriber::fmt()
        .with_max_level(LevelFilter::DEBUG)
        .with_span_events(FmtSpan::CLOSE)
        .with_target(false)
        .init();

    // A canonical blob: element i is 7919·i.
    let mut blob = vec![0u8; BYTES_PER_BLOB];
    for (i, element) in blob.chunks_exact_mut(32).enumerate() {
        element[24..].copy_from_slice(&(7919 * i as u64).to_be_bytes());
    }
    let blob: &fastkzg::Blob = blob.as_slice().try_into().expect("blob size");

    let settings = fastkzg::mainnet();
    println!("== warm_up (commitment table, FK20 rows)");
    settings.warm_up();

    println!("== compute_cells_and_kzg_proofs");
    let (cells, proofs) = settings.compute_cells_and_kzg_proofs(blob)?;

    println!("== recover_cells_and_kzg_proofs from the odd cells");
    let ids: Vec<u64> = (1..CELLS_PER_EXT_BLOB as u64).step_by(2).collect();
    let half: Vec<Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
    let (recovered, recovered_proofs) = settings.recover_cells_and_kzg_proofs(&ids, &half)?;
    assert!(recovered == cells && recovered_proofs == proofs);

    println!("== verify_cell_kzg_proof_batch of all cells");
    let commitment = settings.blob_to_kzg_commitment(blob)?;
    let all: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    let commitments = vec![commitment; CELLS_PER_EXT_BLOB];
    let valid =
        settings.verify_cell_kzg_proof_batch(&commitments, &all, &cells[..], &proofs[..])?;
    assert!(valid);
    Ok(())
}
