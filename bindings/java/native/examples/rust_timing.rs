//! The median and minimum time per call of the functions `bindings/java/bench` measures,
//! through the Rust API in the binding's pool (`FASTKZG_NUM_THREADS` applies),
//! to compare with the Java figures: the difference is the binding's
//! overhead (JNI, array copies).
//!
//! `cargo run --release -p fastkzg-java --example rust_timing [seconds [function]]`
//!
//! With a function name, only that function is timed and only its minimum
//! (ms) is printed (for `bench/overhead.sh`).

use std::time::{Duration, Instant};

use fastkzg::{Blob, Cell, KzgSettings};

static POOL: fastkzg::ProcessPool = fastkzg::ProcessPool::new("fastkzg-bench");

/// Median and minimum milliseconds per call: 2 warm-up calls, then calls
/// for `seconds` (at least 5).
fn times_ms(seconds: f64, mut f: impl FnMut()) -> (f64, f64) {
    f();
    f();
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    let mut t = Vec::new();
    while t.len() < 5 || Instant::now() < end {
        let t0 = Instant::now();
        f();
        t.push(t0.elapsed());
    }
    t.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(t[t.len() / 2]), ms(t[0]))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let s: &KzgSettings = fastkzg::mainnet();
    let mut blob: Box<Blob> = vec![0u8; fastkzg::BYTES_PER_BLOB]
        .into_boxed_slice()
        .try_into()
        .map_err(|_| "blob size")?;
    // The same pseudo-random bytes are not needed: the cost does not depend
    // on the values. Canonical elements: the first byte of each is 0.
    let mut x: u64 = 42;
    for (i, b) in blob.iter_mut().enumerate() {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *b = if i % 32 == 0 { 0 } else { (x >> 33) as u8 };
    }
    let c = s.blob_to_kzg_commitment(&blob)?;
    let p = s.compute_blob_kzg_proof(&blob, &c)?;
    let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob)?;
    let commitments = vec![c; 128];
    let all: Vec<u64> = (0..128).collect();
    let odd: Vec<u64> = (0..64).map(|i| 2 * i + 1).collect();
    let odd_cells: Vec<Cell> = odd.iter().map(|&i| cells[i as usize]).collect();
    let only = std::env::args().nth(2);
    let run = |name: &str, f: &mut dyn FnMut()| match &only {
        Some(o) if name.starts_with(o.as_str()) => println!("{:.4}", times_ms(seconds, f).1),
        Some(_) => {}
        None => {
            let (median, min) = times_ms(seconds, f);
            println!("| {name} | {median:.2} ({min:.2}) |");
        }
    };
    if only.is_none() {
        println!("| function | Rust API median (min) ms |\n|---|---:|");
    }
    run("blob_to_kzg_commitment", &mut || {
        let _ = POOL.install(|| s.blob_to_kzg_commitment(&blob));
    });
    run("compute_blob_kzg_proof", &mut || {
        let _ = POOL.install(|| s.compute_blob_kzg_proof(&blob, &c));
    });
    run("verify_blob_kzg_proof", &mut || {
        let _ = POOL.install(|| s.verify_blob_kzg_proof(&blob, &c, &p));
    });
    run("compute_cells_and_kzg_proofs", &mut || {
        let _ = POOL.install(|| s.compute_cells_and_kzg_proofs(&blob));
    });
    run("verify_cell_kzg_proof_batch (128 cells)", &mut || {
        let _ = POOL
            .install(|| s.verify_cell_kzg_proof_batch(&commitments, &all, &cells[..], &proofs[..]));
    });
    run("recover_cells_and_kzg_proofs (64 of 128)", &mut || {
        let _ = POOL.install(|| s.recover_cells_and_kzg_proofs(&odd, &odd_cells));
    });
    Ok(())
}
