//! EIP-7594 cells: differential tests against `c-kzg` and `rust_eth_kzg`, the
//! inconsistent-cells case, precompute levels, and typed errors.

use crate::common;

backend_tests!(
    cells_and_proofs_agree_with_peers,
    column_of_many_blobs_and_duplicates,
    inconsistent_cells_follow_the_spec,
    cells_only_recovery_equals_full_recovery,
    precompute_levels_agree,
    typed_errors_for_bad_cell_inputs,
    random_malformed_verification_agrees_with_c_kzg,
    decoded_commitments_cache_keeps_every_answer,
    many_blobs_by_column_agree_with_c_kzg,
);

use common::{random_blob, rng};
use fastkzg::{Backend, Cell, Error, Input, KzgSettings, CELLS_PER_EXT_BLOB};
use rand::seq::SliceRandom;
use rand::RngCore;
use std::sync::OnceLock;

fn ours<B: Backend>() -> &'static KzgSettings<B> {
    KzgSettings::<B>::mainnet()
}

fn ck() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

fn rek() -> &'static rust_eth_kzg::DASContext {
    static CTX: OnceLock<rust_eth_kzg::DASContext> = OnceLock::new();
    CTX.get_or_init(|| {
        rust_eth_kzg::DASContext::new(
            &rust_eth_kzg::TrustedSetup::default(),
            rust_eth_kzg::UsePrecomp::No,
        )
    })
}

fn ck_cells(cells: &[Cell]) -> Vec<c_kzg::Cell> {
    cells.iter().map(|c| c_kzg::Cell::new(*c)).collect()
}

fn ck_bytes48(points: &[[u8; 48]]) -> Vec<c_kzg::Bytes48> {
    points.iter().map(|p| c_kzg::Bytes48::new(*p)).collect()
}

fn cells_and_proofs_agree_with_peers<B: Backend>() {
    let mut r = rng(11);
    for _ in 0..2 {
        let blob = random_blob(&mut r);
        let (cells, proofs) = ours::<B>().compute_cells_and_kzg_proofs(&blob).unwrap();
        assert_eq!(ours::<B>().compute_cells(&blob).unwrap(), cells);
        let (ccells, cproofs) = ck()
            .compute_cells_and_kzg_proofs(&c_kzg::Blob::new(*blob))
            .unwrap();
        for k in 0..CELLS_PER_EXT_BLOB {
            assert_eq!(cells[k], ccells[k].to_bytes(), "cell {k}");
            assert_eq!(proofs[k], cproofs[k].to_bytes().into_inner(), "proof {k}");
        }
        let (rcells, rproofs) = rek().compute_cells_and_kzg_proofs(&blob).unwrap();
        for k in 0..CELLS_PER_EXT_BLOB {
            assert_eq!(cells[k][..], rcells[k][..]);
            assert_eq!(proofs[k], rproofs[k]);
        }
        // Recovery from a random half and from the first half.
        let mut idx: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
        idx.shuffle(&mut r);
        let mut half: Vec<u64> = idx[..64].to_vec();
        half.sort();
        for subset in [half, (0..64).collect::<Vec<u64>>(), (64..128).collect()] {
            let given: Vec<Cell> = subset.iter().map(|i| cells[*i as usize]).collect();
            let (rc, rp) = ours::<B>()
                .recover_cells_and_kzg_proofs(&subset, &given)
                .unwrap();
            assert_eq!(rc, cells);
            assert_eq!(rp, proofs);
            let (kc, kp) = ck()
                .recover_cells_and_kzg_proofs(&subset, &ck_cells(&given))
                .unwrap();
            assert_eq!(kc[5].to_bytes(), rc[5]);
            assert_eq!(kp[77].to_bytes().into_inner(), rp[77]);
        }
        // Verification of a column, of a whole blob, and of tampered data.
        let commitment = ours::<B>().blob_to_kzg_commitment(&blob).unwrap();
        let n = 128;
        let cs = vec![commitment; n];
        let ids: Vec<u64> = (0..n as u64).collect();
        assert!(ours::<B>()
            .verify_cell_kzg_proof_batch(&cs, &ids, &cells[..], &proofs[..])
            .unwrap());
        let mut bad_cells = cells.clone();
        bad_cells[9][31] ^= 1;
        let cbad = ck_cells(&bad_cells[..]);
        let ccs = ck_bytes48(&cs);
        let cps = ck_bytes48(&proofs[..]);
        let want = ck()
            .verify_cell_kzg_proof_batch(&ccs, &ids, &cbad, &cps)
            .unwrap();
        assert!(!want);
        assert!(!ours::<B>()
            .verify_cell_kzg_proof_batch(&cs, &ids, &bad_cells[..], &proofs[..])
            .unwrap());
        let mut swapped = proofs.clone();
        swapped.swap(3, 4);
        assert!(!ours::<B>()
            .verify_cell_kzg_proof_batch(&cs, &ids, &cells[..], &swapped[..])
            .unwrap());
        let rek_ok = rek()
            .verify_cell_kzg_proof_batch(
                cs.iter().collect(),
                &ids,
                bad_cells.iter().collect(),
                proofs.iter().collect(),
            )
            .is_ok();
        assert!(!rek_ok);
    }
}

fn column_of_many_blobs_and_duplicates<B: Backend>() {
    let mut r = rng(12);
    let mut cs = Vec::new();
    let mut cells = Vec::new();
    let mut proofs = Vec::new();
    let mut ids = Vec::new();
    for b in 0..4u64 {
        let blob = random_blob(&mut r);
        let c = ours::<B>().blob_to_kzg_commitment(&blob).unwrap();
        let (cl, pr) = ours::<B>().compute_cells_and_kzg_proofs(&blob).unwrap();
        for col in [17usize, 17, 100 + b as usize] {
            cs.push(c);
            cells.push(cl[col]);
            proofs.push(pr[col]);
            ids.push(col as u64);
        }
    }
    assert!(ours::<B>()
        .verify_cell_kzg_proof_batch(&cs, &ids, &cells, &proofs)
        .unwrap());
    // One column only (the per-column proof-sum path): valid, then tampered.
    let col: Vec<usize> = (0..ids.len()).filter(|k| ids[*k] == 17).collect();
    let pick = |v: &[[u8; 48]]| col.iter().map(|k| v[*k]).collect::<Vec<_>>();
    let (ccs, cps) = (pick(&cs), pick(&proofs));
    let ccells: Vec<Cell> = col.iter().map(|k| cells[*k]).collect();
    let cids: Vec<u64> = vec![17; col.len()];
    assert!(ours::<B>()
        .verify_cell_kzg_proof_batch(&ccs, &cids, &ccells, &cps)
        .unwrap());
    let mut bad = cps.clone();
    bad.swap(0, 2);
    assert!(!ours::<B>()
        .verify_cell_kzg_proof_batch(&ccs, &cids, &ccells, &bad)
        .unwrap());
    let other: Vec<u64> = vec![18; col.len()];
    assert!(!ours::<B>()
        .verify_cell_kzg_proof_batch(&ccs, &other, &ccells, &cps)
        .unwrap());
    // The same cell attributed to the wrong blob fails.
    cs.swap(0, 3);
    assert!(!ours::<B>()
        .verify_cell_kzg_proof_batch(&cs, &ids, &cells, &proofs)
        .unwrap());
}

fn inconsistent_cells_follow_the_spec<B: Backend>() {
    let mut r = rng(13);
    let blob = random_blob(&mut r);
    let (cells, _) = ours::<B>().compute_cells_and_kzg_proofs(&blob).unwrap();
    let mut given = cells.clone();
    given[100][63] ^= 1; // no blob produces these 128 cells
    let ids: Vec<u64> = (0..128).collect();
    let (rc, rp) = ours::<B>()
        .recover_cells_and_kzg_proofs(&ids, &given[..])
        .unwrap();
    assert_ne!(rc, given, "the output cannot equal inconsistent input");
    // The output is the extension of one polynomial of degree < 4096: its own
    // first half recovers it, and its proofs verify against its commitment.
    let first: Vec<Cell> = rc[..64].to_vec();
    let (again, again_p) = ours::<B>()
        .recover_cells_and_kzg_proofs(&(0..64).collect::<Vec<u64>>(), &first)
        .unwrap();
    assert_eq!(again, rc);
    assert_eq!(again_p, rp);
    let blob2: Vec<u8> = rc[..64].concat();
    let blob2: &fastkzg::Blob = blob2.as_slice().try_into().unwrap();
    let commitment = ours::<B>().blob_to_kzg_commitment(blob2).unwrap();
    assert!(ours::<B>()
        .verify_cell_kzg_proof_batch(&vec![commitment; 128], &ids, &rc[..], &rp[..])
        .unwrap());
    // c-kzg returns cells of the untruncated polynomial but computes proofs
    // from its first 4096 coefficients: the proofs must agree with ours.
    let (_, kp) = ck()
        .recover_cells_and_kzg_proofs(&ids, &ck_cells(&given[..]))
        .unwrap();
    for k in 0..128 {
        assert_eq!(kp[k].to_bytes().into_inner(), rp[k]);
    }
    // rust-eth-kzg rejects the input.
    assert!(rek()
        .recover_cells_and_kzg_proofs(ids.clone(), given.iter().collect())
        .is_err());
}

/// `recover_cells` returns exactly the cells of the full recovery, on the
/// data-cells shortcut, on erasure decoding, and on inconsistent input.
fn cells_only_recovery_equals_full_recovery<B: Backend>() {
    let mut r = rng(15);
    let blob = random_blob(&mut r);
    let (cells, proofs) = ours::<B>().compute_cells_and_kzg_proofs(&blob).unwrap();
    let mut shuffled: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    shuffled.shuffle(&mut r);
    let sorted = |ids: &[u64]| {
        let mut v = ids.to_vec();
        v.sort();
        v
    };
    let subsets: Vec<Vec<u64>> = vec![
        (0..64).collect(),                         // data cells only
        (0..80).collect(),                         // data cells and extras
        (0..128).collect(),                        // everything
        (64..128).collect(),                       // parity cells only
        (1..65).collect(),                         // one data cell missing
        sorted(&shuffled[..64]),                   // random half
        sorted(&shuffled[..100]),                  // random 100
        (0..128).filter(|i| i % 2 == 1).collect(), // every odd cell
    ];
    for (k, ids) in subsets.iter().enumerate() {
        let given: Vec<Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
        let only = ours::<B>().recover_cells(ids, &given).unwrap();
        assert_eq!(only, cells, "subset {k}: cells-only recovery");
        let (full, full_proofs) = ours::<B>()
            .recover_cells_and_kzg_proofs(ids, &given)
            .unwrap();
        assert_eq!(full, cells, "subset {k}: full recovery");
        assert_eq!(full_proofs, proofs, "subset {k}: proofs");
        // Inconsistent input (more than 64 cells, one altered): both take
        // the spec's erasure decoding and agree; c-kzg's proofs agree too.
        if ids.len() > 64 {
            let mut bad = given.clone();
            bad[ids.len() - 1][40] ^= 1;
            let only = ours::<B>().recover_cells(ids, &bad).unwrap();
            let (full, full_proofs) = ours::<B>().recover_cells_and_kzg_proofs(ids, &bad).unwrap();
            assert_eq!(only, full, "subset {k}: inconsistent input");
            assert_ne!(
                full, cells,
                "subset {k}: inconsistent input is not the blob's"
            );
            let (_, kp) = ck()
                .recover_cells_and_kzg_proofs(ids, &ck_cells(&bad))
                .unwrap();
            for (j, p) in kp.iter().enumerate() {
                assert_eq!(
                    p.to_bytes().into_inner(),
                    full_proofs[j],
                    "subset {k} proof {j}"
                );
            }
        }
    }
    // The same validation as the full recovery.
    let ids: Vec<u64> = (0..63).collect();
    let given: Vec<Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
    assert!(matches!(
        ours::<B>().recover_cells(&ids, &given),
        Err(Error::NotEnoughCells { .. })
    ));
    let ids: Vec<u64> = (0..64).rev().collect();
    let given: Vec<Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
    assert!(matches!(
        ours::<B>().recover_cells(&ids, &given),
        Err(Error::CellIndicesNotAscending {
            position: 1,
            cell_index: 62
        })
    ));
}

fn precompute_levels_agree<B: Backend>() {
    let with_tables: KzgSettings<B> = KzgSettings::load_mainnet(8).unwrap();
    let blob = random_blob(&mut rng(14));
    assert_eq!(
        with_tables.compute_cells_and_kzg_proofs(&blob).unwrap(),
        ours::<B>().compute_cells_and_kzg_proofs(&blob).unwrap()
    );
    assert!(with_tables.memory_bytes() > ours::<B>().memory_bytes());
}

fn typed_errors_for_bad_cell_inputs<B: Backend>() {
    let ks = ours::<B>();
    let blob = random_blob(&mut rng(15));
    let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
    let c = ks.blob_to_kzg_commitment(&blob).unwrap();
    let ids: Vec<u64> = (0..64).collect();
    let half: Vec<Cell> = cells[..64].to_vec();
    // Recovery rules.
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&ids[..63], &half[..63]),
        Err(Error::NotEnoughCells { got: 63, .. })
    ));
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&ids, &half[..63]),
        Err(Error::LengthMismatch { .. })
    ));
    let mut dup = ids.clone();
    dup[5] = 4;
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&dup, &half),
        Err(Error::CellIndicesNotAscending {
            position: 5,
            cell_index: 4
        })
    ));
    let mut unsorted = ids.clone();
    unsorted.swap(1, 2);
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&unsorted, &half),
        Err(Error::CellIndicesNotAscending {
            position: 2,
            cell_index: 1
        })
    ));
    let mut out_of_range = ids.clone();
    out_of_range[63] = 128;
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&out_of_range, &half),
        Err(Error::CellIndexOutOfRange {
            position: 63,
            cell_index: 128,
            max: 128
        })
    ));
    let mut huge = ids.clone();
    huge[63] = u64::MAX;
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&huge, &half),
        Err(Error::CellIndexOutOfRange { .. })
    ));
    let many: Vec<Cell> = vec![cells[0]; 129];
    let many_ids: Vec<u64> = (0..129).collect();
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&many_ids, &many),
        Err(Error::TooManyCells { .. })
    ));
    let mut bad = half.clone();
    bad[2][64..96].fill(0xff);
    assert!(matches!(
        ks.recover_cells_and_kzg_proofs(&ids, &bad),
        Err(Error::NonCanonicalFieldElement {
            input: Input::Cell,
            position: 2,
            element: 2
        })
    ));
    // Cell indices of the vanishing polynomial are checked too.
    assert!(ks.construct_vanishing_polynomial(&[3, 127]).is_ok());
    assert!(matches!(
        ks.construct_vanishing_polynomial(&[3, 128]),
        Err(Error::CellIndexOutOfRange {
            position: 1,
            cell_index: 128,
            ..
        })
    ));
    // Verification rules.
    let one = |c: [u8; 48], i: u64, cell: Cell, p: [u8; 48]| {
        ks.verify_cell_kzg_proof_batch(&[c], &[i], &[cell], &[p])
    };
    assert!(one(c, 0, cells[0], proofs[0]).unwrap());
    assert!(matches!(
        one(c, 128, cells[0], proofs[0]),
        Err(Error::CellIndexOutOfRange { .. })
    ));
    assert!(matches!(
        one(c, 0, bad[2], proofs[0]),
        Err(Error::NonCanonicalFieldElement { .. })
    ));
    let mut bad_point = c;
    bad_point[0] &= 0x7f;
    assert!(matches!(
        one(bad_point, 0, cells[0], proofs[0]),
        Err(Error::InvalidG1Point {
            input: Input::Commitment,
            ..
        })
    ));
    assert!(matches!(
        one(c, 0, cells[0], bad_point),
        Err(Error::InvalidG1Point {
            input: Input::Proof,
            ..
        })
    ));
    assert!(matches!(
        ks.verify_cell_kzg_proof_batch(&[c, c], &[0], &[cells[0]], &[proofs[0]]),
        Err(Error::LengthMismatch { .. })
    ));
    let none: [Cell; 0] = [];
    assert!(ks
        .verify_cell_kzg_proof_batch(&[], &[], &none, &[])
        .unwrap());
    // Non-canonical blob for cell computation.
    let mut bad_blob = blob.clone();
    bad_blob[..32].fill(0xff);
    assert!(matches!(
        ks.compute_cells(&bad_blob),
        Err(Error::NonCanonicalFieldElement {
            input: Input::Blob,
            position: 0,
            element: 0
        })
    ));
    assert!(ks.compute_cells_and_kzg_proofs(&bad_blob).is_err());
}

fn random_malformed_verification_agrees_with_c_kzg<B: Backend>() {
    let mut r = rng(16);
    let blob = random_blob(&mut r);
    let (cells, proofs) = ours::<B>().compute_cells_and_kzg_proofs(&blob).unwrap();
    let c = ours::<B>().blob_to_kzg_commitment(&blob).unwrap();
    for round in 0..24 {
        let n = 1 + (r.next_u32() as usize % 4);
        let mut ids: Vec<u64> = (0..n).map(|_| r.next_u64() % 128).collect();
        let mut cs = vec![c; n];
        let mut cl: Vec<Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
        let mut ps: Vec<[u8; 48]> = ids.iter().map(|i| proofs[*i as usize]).collect();
        match round % 6 {
            1 => ids[0] = 128 + r.next_u64() % 1000,
            2 => r.fill_bytes(&mut cs[0]),
            3 => r.fill_bytes(&mut ps[n - 1]),
            4 => cl[0][r.next_u32() as usize % 2048] ^= 0x80,
            5 => ps.swap(0, n - 1),
            _ => {}
        }
        let want = ck()
            .verify_cell_kzg_proof_batch(&ck_bytes48(&cs), &ids, &ck_cells(&cl), &ck_bytes48(&ps))
            .ok();
        assert_eq!(
            ours::<B>()
                .verify_cell_kzg_proof_batch(&cs, &ids, &cl, &ps)
                .ok(),
            want,
            "round {round}"
        );
    }
}

/// Cell verification keeps the commitments it decoded (by bytes) for later
/// calls: with the cache empty, warm, and emptied again, every answer is the
/// same (valid, wrong proof, wrong commitment), and bytes that fail to
/// decode are never kept: their error comes on every call, at the right
/// position also beside cached commitments.
fn decoded_commitments_cache_keeps_every_answer<B: Backend>() {
    let ks = KzgSettings::<B>::load_mainnet(0).unwrap();
    let mut r = rng(31);
    let (mut cs, mut cells, mut proofs) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..3 {
        let blob = random_blob(&mut r);
        cs.push(ks.blob_to_kzg_commitment(&blob).unwrap());
        let (cl, pr) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
        cells.push(cl[9]);
        proofs.push(pr[9]);
    }
    let ids = vec![9u64; 3];
    let mut wrong_proof = proofs.clone();
    wrong_proof.swap(0, 1);
    let mut wrong_commitment = cs.clone();
    wrong_commitment.swap(1, 2);
    // (0, 2) has order 3: on the curve, not in G1.
    let mut order_three = [0u8; 48];
    order_three[0] = 0x80;
    let mut bad = cs.clone();
    bad[1] = order_three;
    let run = || {
        (
            ks.verify_cell_kzg_proof_batch(&cs, &ids, &cells, &proofs),
            ks.verify_cell_kzg_proof_batch(&cs, &ids, &cells, &wrong_proof),
            ks.verify_cell_kzg_proof_batch(&wrong_commitment, &ids, &cells, &proofs),
            ks.verify_cell_kzg_proof_batch(&bad, &ids, &cells, &proofs),
        )
    };
    let before = ks.memory_bytes();
    for round in 0..4 {
        if round == 2 {
            // The settings count the three cached commitments (and the
            // prepared G2 point of cell index 9), and no longer count the
            // commitments once forgotten.
            let warm = ks.memory_bytes();
            assert!(warm >= before + 3 * 48, "{before} → {warm}");
            ks.forget_decoded_commitments();
            assert!(ks.memory_bytes() <= warm - 3 * 48);
        }
        let (valid, wrong_p, wrong_c, bad_c) = run();
        assert!(valid.unwrap(), "round {round}");
        assert!(!wrong_p.unwrap(), "round {round}");
        assert!(!wrong_c.unwrap(), "round {round}");
        assert!(
            matches!(
                bad_c,
                Err(Error::InvalidG1Point {
                    input: Input::Commitment,
                    position: 1,
                    ..
                })
            ),
            "round {round}: {bad_c:?}"
        );
    }
}

/// Eight blobs' commitments, cells and proofs (computed once, with blst).
type BlobCells = ([u8; 48], Vec<Cell>, Vec<[u8; 48]>);

fn eight_blobs() -> &'static [BlobCells] {
    static BLOBS: OnceLock<Vec<BlobCells>> = OnceLock::new();
    BLOBS.get_or_init(|| {
        let mut r = rng(13);
        (0..8)
            .map(|_| {
                let blob = random_blob(&mut r);
                let ks = ours::<fastkzg::DefaultBackend>();
                let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
                let commitment = ks.blob_to_kzg_commitment(&blob).unwrap();
                (commitment, cells.to_vec(), proofs.to_vec())
            })
            .collect()
    })
}

/// Batches of many cells per column (eight blobs × 24 random columns, in
/// random order, one cell twice), where the proofs are summed per column:
/// valid, and with a cell, a proof or a commitment of another entry of the
/// same column, or two proofs of different columns swapped; the answers
/// agree with c-kzg's.
fn many_blobs_by_column_agree_with_c_kzg<B: Backend>() {
    let mut r = rng(14);
    let blobs = eight_blobs();
    let mut columns: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    columns.shuffle(&mut r);
    let mut entries: Vec<(usize, u64)> = (0..blobs.len())
        .flat_map(|b| columns[..24].iter().map(move |c| (b, *c)))
        .collect();
    entries.push(entries[5]);
    entries.shuffle(&mut r);
    let cs: Vec<[u8; 48]> = entries.iter().map(|(b, _)| blobs[*b].0).collect();
    let ids: Vec<u64> = entries.iter().map(|(_, c)| *c).collect();
    let cells: Vec<Cell> = entries
        .iter()
        .map(|(b, c)| blobs[*b].1[*c as usize])
        .collect();
    let proofs: Vec<[u8; 48]> = entries
        .iter()
        .map(|(b, c)| blobs[*b].2[*c as usize])
        .collect();
    // Another entry with the same cell index but another blob.
    let k = 3;
    let same_column = (0..entries.len())
        .find(|j| entries[*j].1 == entries[k].1 && entries[*j].0 != entries[k].0)
        .unwrap();
    let other_column = (0..entries.len())
        .find(|j| entries[*j].1 != entries[k].1)
        .unwrap();
    let mut wrong_cell = cells.clone();
    wrong_cell[k] = cells[same_column];
    let mut wrong_proof = proofs.clone();
    wrong_proof[k] = proofs[same_column];
    let mut swapped = proofs.clone();
    swapped.swap(k, other_column);
    let mut wrong_commitment = cs.clone();
    wrong_commitment[k] = cs[same_column];
    let cases = [
        (&cs, &cells, &proofs, true),
        (&cs, &wrong_cell, &proofs, false),
        (&cs, &cells, &wrong_proof, false),
        (&cs, &cells, &swapped, false),
        (&wrong_commitment, &cells, &proofs, false),
    ];
    for (i, (c, cl, p, want)) in cases.into_iter().enumerate() {
        let got = ours::<B>()
            .verify_cell_kzg_proof_batch(c, &ids, cl, p)
            .unwrap();
        let theirs = ck()
            .verify_cell_kzg_proof_batch(&ck_bytes48(c), &ids, &ck_cells(cl), &ck_bytes48(p))
            .unwrap();
        assert_eq!((got, theirs), (want, want), "case {i}");
    }
}
