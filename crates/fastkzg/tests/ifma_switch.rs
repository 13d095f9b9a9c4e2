//! `fastkzg::set_ifma`: the AVX-512 IFMA kernels switched off and on
//! within one process give the same results, and `ifma_active` follows
//! the switch. (A test binary of its own: the switch is process-wide.)

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use fastkzg::{Blob, BYTES_PER_BLOB};

/// The switch is process-wide and tests run on several threads: one test
/// at a time.
static SWITCH: Mutex<()> = Mutex::new(());

fn ifma_cpu() -> bool {
    cfg!(target_arch = "x86_64")
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512ifma")
}

fn blob(seed: u8) -> Box<Blob> {
    let mut bytes = vec![0u8; BYTES_PER_BLOB];
    for (i, chunk) in bytes.chunks_mut(32).enumerate() {
        // Canonical: the top byte of each element is zero.
        chunk[1..].fill((i as u8).wrapping_mul(31).wrapping_add(seed));
        chunk[31] = seed ^ i as u8;
    }
    bytes.into_boxed_slice().try_into().expect("blob size")
}

#[test]
fn switching_changes_nothing_but_the_path() {
    let _one = SWITCH.lock().unwrap_or_else(|e| e.into_inner());
    let cpu = ifma_cpu();
    let settings = fastkzg::mainnet();
    let blob = blob(7);
    let mut results = Vec::new();
    for on in [false, true] {
        fastkzg::set_ifma(on);
        assert_eq!(fastkzg::ifma_active(), on && cpu, "switch {on}");
        let commitment = settings.blob_to_kzg_commitment(&blob).expect("commit");
        let proof = settings
            .compute_blob_kzg_proof(&blob, &commitment)
            .expect("proof");
        let (cells, proofs) = settings.compute_cells_and_kzg_proofs(&blob).expect("cells");
        assert!(settings
            .verify_blob_kzg_proof_batch(&[&*blob], &[commitment], &[proof])
            .expect("verify"));
        let ids: Vec<u64> = (0..128).collect();
        assert!(settings
            .verify_cell_kzg_proof_batch(&vec![commitment; 128], &ids, &cells[..], &proofs[..])
            .expect("verify cells"));
        results.push((commitment, proof, cells, proofs));
    }
    assert!(
        results[0] == results[1],
        "results differ with the kernels on and off"
    );
    if !cpu {
        eprintln!(
            "skipped: no AVX-512 IFMA on this CPU (both runs took the path without the kernels)"
        );
    }
}

/// Cell verification parses each cell in the backend's cheapest form,
/// whose constant depends on whether the kernels run: switched back and
/// forth by another thread during the calls, every valid batch still
/// verifies.
#[test]
fn switching_during_cell_verification() {
    let _one = SWITCH.lock().unwrap_or_else(|e| e.into_inner());
    let settings = fastkzg::mainnet();
    let blob = blob(11);
    let commitment = settings.blob_to_kzg_commitment(&blob).expect("commit");
    let (cells, proofs) = settings.compute_cells_and_kzg_proofs(&blob).expect("cells");
    let ids: Vec<u64> = (0..128).collect();
    let commitments = vec![commitment; 128];
    let stop = AtomicBool::new(false);
    let results: Vec<_> = std::thread::scope(|s| {
        s.spawn(|| {
            let mut on = false;
            while !stop.load(Ordering::Relaxed) {
                fastkzg::set_ifma(on);
                on = !on;
                std::thread::sleep(std::time::Duration::from_micros(30));
            }
        });
        let results = (0..40)
            .map(|_| {
                settings.verify_cell_kzg_proof_batch(&commitments, &ids, &cells[..], &proofs[..])
            })
            .collect();
        stop.store(true, Ordering::Relaxed);
        results
    });
    for (round, valid) in results.into_iter().enumerate() {
        assert!(valid.expect("verify cells"), "round {round}");
    }
    fastkzg::set_ifma(true);
    if !ifma_cpu() {
        eprintln!("skipped: no AVX-512 IFMA on this CPU (the switch changes no path)");
    }
}
