//! The verify-only context (`KzgVerifier`) against the full settings: the
//! same verdicts and errors for every verification, single and batch, on
//! valid and invalid inputs, and the memory it holds.

use crate::common;

backend_tests!(verifier_agrees_with_settings, verifier_memory_is_small,);

use common::{random_blob, rng};
use fastkzg::{Backend, Bytes48, Cell, KzgSettings, KzgVerifier, CELLS_PER_EXT_BLOB};

fn verifier_agrees_with_settings<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let alone = KzgVerifier::<B>::load_mainnet().unwrap();
    let parsed = KzgVerifier::<B>::parse_trusted_setup(fastkzg::MAINNET_TRUSTED_SETUP_TXT).unwrap();
    let mut r = rng(11);
    let blobs: Vec<_> = (0..3).map(|_| random_blob(&mut r)).collect();
    let commitments: Vec<Bytes48> = blobs
        .iter()
        .map(|b| s.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let proofs: Vec<Bytes48> = blobs
        .iter()
        .zip(&commitments)
        .map(|(b, c)| s.compute_blob_kzg_proof(b, c).unwrap())
        .collect();
    let z = [7u8; 32];
    let (proof_at_z, y) = s.compute_kzg_proof(&blobs[0], &z).unwrap();
    let cells_and_proofs: Vec<_> = blobs
        .iter()
        .map(|b| s.compute_cells_and_kzg_proofs(b).unwrap())
        .collect();
    let cell_proofs: Vec<Bytes48> = cells_and_proofs
        .iter()
        .flat_map(|(_, p)| p.to_vec())
        .collect();
    let bad_point = [0x13u8; 48];
    let mut wrong = proofs.clone();
    wrong.swap(0, 1);

    for v in [&alone, &parsed, s.verifier()] {
        let same = |a: fastkzg::Result<bool>, b: fastkzg::Result<bool>| {
            assert_eq!(a.as_ref().ok(), b.as_ref().ok());
            assert_eq!(a.is_err(), b.is_err());
        };
        same(
            v.verify_kzg_proof(&commitments[0], &z, &y, &proof_at_z),
            s.verify_kzg_proof(&commitments[0], &z, &y, &proof_at_z),
        );
        assert_eq!(
            v.verify_kzg_proof(&commitments[0], &z, &y, &proof_at_z)
                .ok(),
            Some(true)
        );
        same(
            v.verify_kzg_proof(&commitments[1], &z, &y, &proof_at_z),
            s.verify_kzg_proof(&commitments[1], &z, &y, &proof_at_z),
        );
        same(
            v.verify_kzg_proof(&bad_point, &z, &y, &proof_at_z),
            s.verify_kzg_proof(&bad_point, &z, &y, &proof_at_z),
        );
        for (c, p) in [
            (&commitments[0], &proofs[0]),
            (&commitments[0], &proofs[1]),
            (&bad_point, &proofs[0]),
        ] {
            same(
                v.verify_blob_kzg_proof(&blobs[0], c, p),
                s.verify_blob_kzg_proof(&blobs[0], c, p),
            );
        }
        for ps in [&proofs, &wrong] {
            same(
                v.verify_blob_kzg_proof_batch(&blobs, &commitments, ps),
                s.verify_blob_kzg_proof_batch(&blobs, &commitments, ps),
            );
        }
        // Cells: all of blob 0, one column of all blobs, the blob check.
        let (cells0, proofs0) = &cells_and_proofs[0];
        let idx: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
        let cs = vec![commitments[0]; CELLS_PER_EXT_BLOB];
        same(
            v.verify_cell_kzg_proof_batch(&cs, &idx, &cells0[..], &proofs0[..]),
            s.verify_cell_kzg_proof_batch(&cs, &idx, &cells0[..], &proofs0[..]),
        );
        let col: Vec<Cell> = cells_and_proofs.iter().map(|(c, _)| c[5]).collect();
        let colp: Vec<Bytes48> = cells_and_proofs.iter().map(|(_, p)| p[5]).collect();
        same(
            v.verify_cells_shared_indices(&commitments, &[5], &col, &colp),
            s.verify_cells_shared_indices(&commitments, &[5], &col, &colp),
        );
        assert_eq!(
            v.verify_cells_shared_indices(&commitments, &[5], &col, &colp)
                .ok(),
            Some(true)
        );
        same(
            v.verify_blob_cell_proofs(&blobs, &commitments, &cell_proofs),
            s.verify_blob_cell_proofs(&blobs, &commitments, &cell_proofs),
        );
        assert_eq!(
            v.verify_blob_cell_proofs(&blobs, &commitments, &cell_proofs)
                .ok(),
            Some(true)
        );
        let mut bad = cell_proofs.clone();
        bad[3] = bad_point;
        same(
            v.verify_blob_cell_proofs(&blobs, &commitments, &bad),
            s.verify_blob_cell_proofs(&blobs, &commitments, &bad),
        );
    }
}

fn verifier_memory_is_small<B: Backend>() {
    let v = KzgVerifier::<B>::load_mainnet().unwrap();
    let loaded = v.memory_bytes();
    v.warm_up();
    let warm = v.memory_bytes();
    println!(
        "KzgVerifier<{}>: {:.2} MiB loaded, {:.2} MiB with its tables, full settings {:.2} MiB",
        B::NAME,
        loaded as f64 / 1048576.0,
        warm as f64 / 1048576.0,
        KzgSettings::<B>::mainnet().memory_bytes() as f64 / 1048576.0
    );
    assert!(loaded <= 3 << 20, "{loaded} bytes after loading");
    // The default backend keeps its tables within 3 MiB too (the others'
    // point types are larger: mcl's 1.5 times blst's).
    if B::NAME == "blst" {
        assert!(warm <= 3 << 20, "{warm} bytes with the tables built");
    }
    assert!(loaded < KzgSettings::<B>::mainnet().memory_bytes());
}
