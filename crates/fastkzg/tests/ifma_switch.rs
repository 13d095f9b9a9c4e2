//! `fastkzg::set_ifma`: the AVX-512 IFMA kernels switched off and on
//! within one process give the same results, and `ifma_active` follows
//! the switch. (A test binary of its own: the switch is process-wide.)

use fastkzg::{Blob, BYTES_PER_BLOB};

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
    let cpu = cfg!(target_arch = "x86_64")
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512ifma");
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
