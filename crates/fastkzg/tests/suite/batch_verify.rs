//! The batch verifications against their definition: the verdict of
//! `verify_cell_kzg_proof_batch` over the flattened lists, through fastkzg
//! and through c-kzg 2.1.8 (computing the cells first where the call does
//! not), on valid and invalid inputs, on every backend.

use crate::batch::{blobs, c_blob_cell_proofs, c_verify, extended, in_blob};
use crate::common::rng;

backend_tests!(
    verify_cells_shared_indices_is_the_flattened_batch,
    verify_blob_cell_proofs_is_cells_then_batch,
    verify_blob_cell_proofs_rejects_bad_input,
    verify_cells_shared_indices_index_rules,
);

use fastkzg::{Backend, Blob, Bytes48, Cell, Error, Input, KzgSettings, CELLS_PER_EXT_BLOB};
use rand::Rng;

fn verify_cells_shared_indices_is_the_flattened_batch<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let bs = blobs(5, 5);
    let computed: Vec<_> = bs
        .iter()
        .map(|b| s.compute_cells_and_kzg_proofs(b).unwrap())
        .collect();
    let commitments: Vec<Bytes48> = bs
        .iter()
        .map(|b| s.blob_to_kzg_commitment(b).unwrap())
        .collect();
    for indices in [
        vec![3u64, 70, 3, 127],
        vec![0],
        (0..128).collect::<Vec<u64>>(),
    ] {
        let cells: Vec<Cell> = computed
            .iter()
            .flat_map(|(c, _)| indices.iter().map(|i| c[*i as usize]))
            .collect();
        let proofs: Vec<Bytes48> = computed
            .iter()
            .flat_map(|(_, p)| indices.iter().map(|i| p[*i as usize]))
            .collect();
        let flat_c: Vec<Bytes48> = commitments
            .iter()
            .flat_map(|c| std::iter::repeat_n(*c, indices.len()))
            .collect();
        let flat_i: Vec<u64> = (0..bs.len()).flat_map(|_| indices.clone()).collect();
        let check = |cells: &[Cell], proofs: &[Bytes48]| {
            let ours = s
                .verify_cells_shared_indices(&commitments, &indices, cells, proofs)
                .ok();
            let flat = s
                .verify_cell_kzg_proof_batch(&flat_c, &flat_i, cells, proofs)
                .ok();
            assert_eq!(ours, flat);
            assert_eq!(ours, c_verify(&flat_c, &flat_i, cells, proofs));
            ours
        };
        assert_eq!(check(&cells, &proofs), Some(true));
        // A proof of another cell: false.
        let mut swapped = proofs.clone();
        swapped.swap(0, proofs.len() - 1);
        if swapped != proofs {
            assert_eq!(check(&cells, &swapped), Some(false));
        }
        // A changed cell value: false.
        let mut changed = cells.clone();
        changed[cells.len() / 2][31] ^= 1;
        assert_eq!(check(&changed, &proofs), Some(false));
        // An invalid proof in blob 3: an error naming blob 3.
        let mut invalid = proofs.clone();
        let at = 3 * indices.len() + indices.len() - 1;
        invalid[at] = [0xff; 48];
        assert_eq!(check(&cells, &invalid), None);
        let e = s
            .verify_cells_shared_indices(&commitments, &indices, &cells, &invalid)
            .unwrap_err();
        assert_eq!(in_blob(&e), Some(3), "{e}");
        // A non-canonical cell in blob 1.
        let mut noncanonical = cells.clone();
        noncanonical[indices.len()][0..32].fill(0xff);
        assert_eq!(check(&noncanonical, &proofs), None);
        let e = s
            .verify_cells_shared_indices(&commitments, &indices, &noncanonical, &proofs)
            .unwrap_err();
        assert_eq!(in_blob(&e), Some(1), "{e}");
    }
    // An invalid commitment: an error naming its blob.
    let mut bad_c = commitments.clone();
    bad_c[2] = [0x11; 48];
    let (cells, proofs): (Vec<Cell>, Vec<Bytes48>) =
        computed.iter().map(|(c, p)| (c[9], p[9])).unzip();
    let e = s
        .verify_cells_shared_indices(&bad_c, &[9], &cells, &proofs)
        .unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidG1Point {
                input: Input::Commitment,
                position: 2,
                ..
            }
        ),
        "{e}"
    );
    // Index out of range, lengths, no blobs.
    assert!(matches!(
        s.verify_cells_shared_indices(&commitments, &[128], &cells, &proofs),
        Err(Error::CellIndexOutOfRange { position: 0, .. })
    ));
    assert!(matches!(
        s.verify_cells_shared_indices(&commitments, &[9, 10], &cells, &proofs),
        Err(Error::LengthMismatch { .. })
    ));
    assert_eq!(
        s.verify_cells_shared_indices::<Cell>(&[], &[1, 2], &[], &[])
            .ok(),
        Some(true)
    );
}

fn verify_blob_cell_proofs_is_cells_then_batch<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let mut r = rng(6);
    for n in [1usize, 3] {
        let bs = blobs(60 + n as u64, n);
        let commitments: Vec<Bytes48> = bs
            .iter()
            .map(|b| s.blob_to_kzg_commitment(b).unwrap())
            .collect();
        let proofs: Vec<Bytes48> = bs
            .iter()
            .flat_map(|b| s.compute_cells_and_kzg_proofs(b).unwrap().1.to_vec())
            .collect();
        let check = |bs: &[Box<Blob>], commitments: &[Bytes48], proofs: &[Bytes48]| {
            let ours = s.verify_blob_cell_proofs(bs, commitments, proofs).ok();
            assert_eq!(ours, c_blob_cell_proofs(bs, commitments, proofs));
            ours
        };
        assert_eq!(check(&bs, &commitments, &proofs), Some(true));
        // Two proofs swapped.
        let mut swapped = proofs.clone();
        let (i, j) = (r.gen_range(0..proofs.len()), r.gen_range(0..proofs.len()));
        swapped.swap(i, j);
        if i != j {
            assert_eq!(check(&bs, &commitments, &swapped), Some(false));
        }
        // The commitment of another blob.
        let mut wrong_c = commitments.clone();
        wrong_c[n - 1] = s.blob_to_kzg_commitment(&blobs(99, 1)[0]).unwrap();
        assert_eq!(check(&bs, &wrong_c, &proofs), Some(false));
        // One blob changed (its cells change, the proofs do not).
        let mut changed = bs.clone();
        changed[0][100] ^= 1;
        assert_eq!(check(&changed, &commitments, &proofs), Some(false));
        // A proof replaced by the point at infinity.
        let mut inf = proofs.clone();
        inf[5] = {
            let mut p = [0u8; 48];
            p[0] = 0xc0;
            p
        };
        assert_eq!(check(&bs, &commitments, &inf), Some(false));
    }
    // Two blobs with the same commitment (the same blob twice).
    let b = blobs(70, 1).remove(0);
    let c = s.blob_to_kzg_commitment(&b).unwrap();
    let p = s.compute_cells_and_kzg_proofs(&b).unwrap().1.to_vec();
    let twice = vec![b.clone(), b];
    let proofs: Vec<Bytes48> = p.iter().chain(p.iter()).copied().collect();
    assert_eq!(
        s.verify_blob_cell_proofs(&twice, &[c, c], &proofs).ok(),
        Some(true)
    );
    assert_eq!(c_blob_cell_proofs(&twice, &[c, c], &proofs), Some(true));
}

fn verify_blob_cell_proofs_rejects_bad_input<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let bs = blobs(80, 2);
    let commitments: Vec<Bytes48> = bs
        .iter()
        .map(|b| s.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let proofs: Vec<Bytes48> = bs
        .iter()
        .flat_map(|b| s.compute_cells_and_kzg_proofs(b).unwrap().1.to_vec())
        .collect();
    assert!(matches!(
        s.verify_blob_cell_proofs(&bs, &commitments, &proofs[1..]),
        Err(Error::LengthMismatch { .. })
    ));
    assert!(matches!(
        s.verify_blob_cell_proofs(&bs, &commitments[..1], &proofs),
        Err(Error::LengthMismatch { .. })
    ));
    assert_eq!(
        s.verify_blob_cell_proofs::<Box<Blob>>(&[], &[], &[]).ok(),
        Some(true)
    );
    // A non-canonical blob 1: an error naming it (c-kzg rejects too).
    let mut bad = bs.clone();
    bad[1][32 * 7..32 * 8].fill(0xff);
    let e = s
        .verify_blob_cell_proofs(&bad, &commitments, &proofs)
        .unwrap_err();
    assert_eq!(in_blob(&e), Some(1), "{e}");
    assert_eq!(c_blob_cell_proofs(&bad, &commitments, &proofs), None);
    // An invalid proof: blob 1, cell 5.
    let mut invalid = proofs.clone();
    invalid[128 + 5] = [0x13; 48];
    let e = s
        .verify_blob_cell_proofs(&bs, &commitments, &invalid)
        .unwrap_err();
    assert_eq!(in_blob(&e), Some(1), "{e}");
    assert!(matches!(
        e.kind(),
        Error::InvalidG1Point {
            input: Input::Proof,
            position: 5,
            ..
        }
    ));
    assert_eq!(c_blob_cell_proofs(&bs, &commitments, &invalid), None);
    // An invalid commitment: its blob.
    let mut bad_c = commitments.clone();
    bad_c[1] = [0x13; 48];
    let e = s.verify_blob_cell_proofs(&bs, &bad_c, &proofs).unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidG1Point {
                input: Input::Commitment,
                position: 1,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(c_blob_cell_proofs(&bs, &bad_c, &proofs), None);
}

fn verify_cells_shared_indices_index_rules<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let (_, commitments, all_cells, all_proofs) = extended(s, 91, 2);
    let (all_cells, all_proofs) = (&all_cells, &all_proofs);
    let select = |indices: &[u64]| -> (Vec<Cell>, Vec<Bytes48>) {
        (0..2)
            .flat_map(|b| {
                indices.iter().map(move |i| {
                    let i = (*i as usize) % CELLS_PER_EXT_BLOB;
                    (all_cells[b][i], all_proofs[b][i])
                })
            })
            .unzip()
    };
    let flat = |indices: &[u64], cells: &[Cell], proofs: &[Bytes48]| {
        let flat_c: Vec<Bytes48> = commitments
            .iter()
            .flat_map(|c| std::iter::repeat_n(*c, indices.len()))
            .collect();
        let flat_i: Vec<u64> = (0..2).flat_map(|_| indices.to_vec()).collect();
        let ours = s.verify_cell_kzg_proof_batch(&flat_c, &flat_i, cells, proofs);
        (ours, c_verify(&flat_c, &flat_i, cells, proofs))
    };
    // An index >= 128 anywhere in the shared list: an error naming its
    // position in that list (no blob), as the flattened batch rejects it.
    for (at, bad) in [(0usize, 128u64), (2, 300), (3, u64::MAX)] {
        let mut indices = vec![1u64, 2, 3, 4];
        indices[at] = bad;
        let (cells, proofs) = select(&indices);
        let e = s
            .verify_cells_shared_indices(&commitments, &indices, &cells, &proofs)
            .unwrap_err();
        assert!(
            matches!(
                e,
                Error::CellIndexOutOfRange { position, cell_index, .. }
                    if position == at && cell_index == bad
            ),
            "{e}"
        );
        let (ours, theirs) = flat(&indices, &cells, &proofs);
        assert!(ours.is_err());
        assert_eq!(theirs, None);
    }
    // Duplicate indices: allowed, as in the flattened batch; a wrong cell
    // at one of the duplicates makes the verdict false.
    let indices = vec![40u64, 9, 40, 40, 127];
    let (cells, proofs) = select(&indices);
    assert_eq!(
        s.verify_cells_shared_indices(&commitments, &indices, &cells, &proofs)
            .ok(),
        Some(true)
    );
    let (ours, theirs) = flat(&indices, &cells, &proofs);
    assert_eq!((ours.ok(), theirs), (Some(true), Some(true)));
    let mut wrong = cells.clone();
    wrong[5 + 3] = all_cells[1][41];
    assert_eq!(
        s.verify_cells_shared_indices(&commitments, &indices, &wrong, &proofs)
            .ok(),
        Some(false)
    );
    let (ours, theirs) = flat(&indices, &wrong, &proofs);
    assert_eq!((ours.ok(), theirs), (Some(false), Some(false)));
    // Lengths that are not n·k.
    for (cells_len, proofs_len) in [(9, 10), (10, 9), (11, 11)] {
        let (mut cells, mut proofs) = select(&indices);
        cells.resize(cells_len, cells[0]);
        proofs.resize(proofs_len, proofs[0]);
        assert!(matches!(
            s.verify_cells_shared_indices(&commitments, &indices, &cells, &proofs),
            Err(Error::LengthMismatch { .. })
        ));
    }
}
