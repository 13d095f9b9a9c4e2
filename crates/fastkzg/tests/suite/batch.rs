//! The batch calls against their definition: the spec functions applied
//! blob by blob, through fastkzg's own per-blob calls and through c-kzg
//! 2.1.8, on valid and invalid inputs, on every backend. The batch
//! verifications are in `batch_verify`, with the helpers from here.

use crate::common;

backend_tests!(
    compute_cells_batch_is_per_blob_compute_cells,
    compute_cells_and_kzg_proofs_batch_is_per_blob,
    recover_cells_batch_is_per_blob_recovery,
    recover_cells_batch_rejects_what_recovery_rejects,
    batch_calls_on_no_blobs,
    errors_name_blob_and_position,
);

use c_kzg::{Blob as CBlob, Bytes48 as CBytes48, Cell as CCell};
use common::{random_blob, rng};
use fastkzg::{Backend, Blob, Bytes48, Cell, Error, Input, KzgSettings, CELLS_PER_EXT_BLOB};
use rand::seq::SliceRandom;

pub(crate) fn ck() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

pub(crate) fn c_cells(blob: &Blob) -> Vec<Cell> {
    ck().compute_cells(&CBlob::new(*blob))
        .unwrap()
        .iter()
        .map(|c| c.to_bytes())
        .collect()
}

pub(crate) fn blobs(seed: u64, n: usize) -> Vec<Box<Blob>> {
    let mut r = rng(seed);
    (0..n).map(|_| random_blob(&mut r)).collect()
}

/// The c-kzg composition of verify_cell_kzg_proof_batch over flat lists
/// (`None`: c-kzg rejected the input).
pub(crate) fn c_verify(
    commitments: &[Bytes48],
    indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Option<bool> {
    let commitments: Vec<CBytes48> = commitments.iter().map(|c| CBytes48::new(*c)).collect();
    let cells: Vec<CCell> = cells.iter().map(|c| CCell::new(*c)).collect();
    let proofs: Vec<CBytes48> = proofs.iter().map(|p| CBytes48::new(*p)).collect();
    ck().verify_cell_kzg_proof_batch(&commitments, indices, &cells, &proofs)
        .ok()
}

pub(crate) fn in_blob(e: &Error) -> Option<usize> {
    match e {
        Error::InBlob { blob, .. } => Some(*blob),
        _ => None,
    }
}

fn compute_cells_batch_is_per_blob_compute_cells<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let bs = blobs(1, 6);
    let batch = s.compute_cells_batch(&bs).unwrap();
    assert_eq!(batch.len(), 6);
    for (b, cells) in bs.iter().zip(&batch) {
        assert_eq!(cells, &s.compute_cells(b).unwrap());
        assert_eq!(cells[..], c_cells(b)[..]);
    }
    assert!(s.compute_cells_batch::<Box<Blob>>(&[]).unwrap().is_empty());
    // A non-canonical element in blob 4 (and 5): the error names blob 4.
    let mut bad = bs.clone();
    bad[4][64..96].fill(0xff);
    bad[5][0..32].fill(0xff);
    let e = s.compute_cells_batch(&bad).unwrap_err();
    assert_eq!(in_blob(&e), Some(4), "{e}");
    assert!(matches!(
        e.kind(),
        Error::NonCanonicalFieldElement {
            input: Input::Blob,
            element: 2,
            ..
        }
    ));
}

fn compute_cells_and_kzg_proofs_batch_is_per_blob<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let bs = blobs(2, 2);
    let batch = s.compute_cells_and_kzg_proofs_batch(&bs).unwrap();
    for (b, (cells, proofs)) in bs.iter().zip(&batch) {
        let (c, p) = s.compute_cells_and_kzg_proofs(b).unwrap();
        assert_eq!((cells, proofs), (&c, &p));
        let (cc, cp) = ck().compute_cells_and_kzg_proofs(&CBlob::new(**b)).unwrap();
        assert!(cells.iter().zip(cc.iter()).all(|(a, b)| a == &b.to_bytes()));
        assert!(proofs
            .iter()
            .zip(cp.iter())
            .all(|(a, b)| a[..] == *b.to_bytes().as_slice()));
    }
    let mut bad = bs.clone();
    bad[1][0..32].fill(0xff);
    let e = s.compute_cells_and_kzg_proofs_batch(&bad).unwrap_err();
    assert_eq!(in_blob(&e), Some(1), "{e}");
}

fn recover_cells_batch_is_per_blob_recovery<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let bs = blobs(3, 4);
    let all: Vec<Vec<Cell>> = bs
        .iter()
        .map(|b| s.compute_cells(b).unwrap().to_vec())
        .collect();
    let mut r = rng(30);
    let mut random64: Vec<u64> = (0..128).collect();
    random64.shuffle(&mut r);
    random64.truncate(64);
    random64.sort();
    let mut random100: Vec<u64> = (0..128).collect();
    random100.shuffle(&mut r);
    random100.truncate(100);
    random100.sort();
    let data: Vec<u64> = (0..64).collect();
    let data_plus: Vec<u64> = (0..64).chain([70, 99, 127]).collect();
    for indices in [random64, random100, data, data_plus] {
        let mut flat: Vec<Cell> = all
            .iter()
            .flat_map(|cells| indices.iter().map(|i| cells[*i as usize]))
            .collect();
        // Blob 2 gets an inconsistent cell beyond the data cells where there
        // is one (the spec's erasure decoding then decides its result).
        if indices.len() > 64 {
            let at = 2 * indices.len() + indices.len() - 1;
            flat[at][5] ^= 1;
        }
        let batch = s.recover_cells_batch(&indices, &flat).unwrap();
        assert_eq!(batch.len(), bs.len());
        for (b, got) in batch.iter().enumerate() {
            let given = &flat[b * indices.len()..(b + 1) * indices.len()];
            let expected = s.recover_cells(&indices, given).unwrap();
            assert_eq!(got, &expected, "blob {b}, {} indices", indices.len());
            // c-kzg agrees on consistent input (on inconsistent input it
            // returns the cells of the untruncated polynomial, fastkzg the
            // spec's).
            if b != 2 || indices.len() == 64 {
                let cgiven: Vec<CCell> = given.iter().map(|c| CCell::new(*c)).collect();
                let (ccells, _) = ck()
                    .recover_cells_and_kzg_proofs(&indices, &cgiven)
                    .unwrap();
                assert!(got
                    .iter()
                    .zip(ccells.iter())
                    .all(|(a, c)| a == &c.to_bytes()));
                assert_eq!(got[..], all[b][..]);
            }
        }
    }
}

fn recover_cells_batch_rejects_what_recovery_rejects<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let bs = blobs(4, 2);
    let all: Vec<Vec<Cell>> = bs
        .iter()
        .map(|b| s.compute_cells(b).unwrap().to_vec())
        .collect();
    let take = |indices: &[u64]| -> Vec<Cell> {
        all.iter()
            .flat_map(|cells| indices.iter().map(|i| cells[(*i as usize) % 128]))
            .collect()
    };
    let few: Vec<u64> = (0..63).collect();
    assert!(matches!(
        s.recover_cells_batch(&few, &take(&few)),
        Err(Error::NotEnoughCells { got: 63, .. })
    ));
    let mut dup: Vec<u64> = (0..64).collect();
    dup[10] = 9;
    assert!(matches!(
        s.recover_cells_batch(&dup, &take(&dup)),
        Err(Error::CellIndicesNotAscending { position: 10, .. })
    ));
    let mut unsorted: Vec<u64> = (0..64).collect();
    unsorted.swap(3, 4);
    assert!(matches!(
        s.recover_cells_batch(&unsorted, &take(&unsorted)),
        Err(Error::CellIndicesNotAscending { position: 4, .. })
    ));
    let mut out_of_range: Vec<u64> = (0..64).collect();
    out_of_range[63] = 128;
    assert!(matches!(
        s.recover_cells_batch(&out_of_range, &take(&out_of_range)),
        Err(Error::CellIndexOutOfRange {
            position: 63,
            cell_index: 128,
            ..
        })
    ));
    let ok: Vec<u64> = (64..128).collect();
    let cells = take(&ok);
    assert!(matches!(
        s.recover_cells_batch(&ok, &cells[..cells.len() - 1]),
        Err(Error::LengthMismatch { .. })
    ));
    // No blobs: nothing to recover.
    assert!(s.recover_cells_batch::<Cell>(&ok, &[]).unwrap().is_empty());
    let mut bad = cells.clone();
    bad[64 + 7][0..32].fill(0xff);
    let e = s.recover_cells_batch(&ok, &bad).unwrap_err();
    assert_eq!(in_blob(&e), Some(1), "{e}");
    assert!(matches!(
        e.kind(),
        Error::NonCanonicalFieldElement {
            input: Input::Cell,
            position: 7,
            ..
        }
    ));
}

fn batch_calls_on_no_blobs<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let none: &[Box<Blob>] = &[];
    assert!(s.compute_cells_batch(none).unwrap().is_empty());
    assert!(s
        .compute_cells_and_kzg_proofs_batch(none)
        .unwrap()
        .is_empty());
    assert!(s.verify_blob_cell_proofs(none, &[], &[]).unwrap());
    let data: Vec<u64> = (0..64).collect();
    assert!(s
        .recover_cells_batch::<Cell>(&data, &[])
        .unwrap()
        .is_empty());
    // No cells: the index rules still hold (the number of blobs comes
    // from the cells over the indices, so none is not told apart).
    for indices in [vec![200u64], vec![3, 3], vec![]] {
        assert!(s.recover_cells_batch::<Cell>(&indices, &[]).is_err());
    }
    // Any index list, duplicates and out-of-range ones too (the flattened
    // lists are empty), and no indices at all.
    for indices in [
        vec![5u64, 5, 127],
        vec![],
        (0..128).collect(),
        vec![128, 1000],
    ] {
        assert_eq!(
            s.verify_cells_shared_indices::<Cell>(&[], &indices, &[], &[])
                .ok(),
            Some(true)
        );
        assert_eq!(c_verify(&[], &[], &[], &[]), Some(true));
    }
    // Blobs with no indices: the flattened lists are empty too.
    let c = s.blob_to_kzg_commitment(&blobs(90, 1)[0]).unwrap();
    assert_eq!(
        s.verify_cells_shared_indices::<Cell>(&[c, c], &[], &[], &[])
            .ok(),
        Some(true)
    );
}

/// The data of `n` blobs: blobs, commitments, cells and cell proofs.
#[allow(clippy::type_complexity)]
pub(crate) fn extended<B: Backend>(
    s: &KzgSettings<B>,
    seed: u64,
    n: usize,
) -> (
    Vec<Box<Blob>>,
    Vec<Bytes48>,
    Vec<Vec<Cell>>,
    Vec<Vec<Bytes48>>,
) {
    let bs = blobs(seed, n);
    let commitments = bs
        .iter()
        .map(|b| s.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let (cells, proofs) = bs
        .iter()
        .map(|b| {
            let (c, p) = s.compute_cells_and_kzg_proofs(b).unwrap();
            (c.to_vec(), p.to_vec())
        })
        .unzip();
    (bs, commitments, cells, proofs)
}

/// Asserts that `e` is `Error::InBlob` naming `blob` around `inner`
/// (compared by message), and that its message says so.
pub(crate) fn assert_names(e: &Error, blob: usize, inner: &str) {
    match e {
        Error::InBlob { blob: b, source } => {
            assert_eq!((*b, source.to_string()), (blob, inner.to_string()), "{e}");
        }
        _ => panic!("{e} does not name blob {blob}"),
    }
    assert_eq!(e.to_string(), format!("blob {blob}: {inner}"));
}

fn errors_name_blob_and_position<B: Backend>() {
    let s = KzgSettings::<B>::mainnet();
    let n = 3;
    let (bs, commitments, all_cells, all_proofs) = extended(s, 92, n);
    let blob_proofs: Vec<Bytes48> = all_proofs.concat();
    let (all_cells, all_proofs) = (&all_cells, &all_proofs);
    let indices = [5u64, 77, 5, 127];
    let k = indices.len();
    let cells: Vec<Cell> = (0..n)
        .flat_map(|b| indices.iter().map(move |i| all_cells[b][*i as usize]))
        .collect();
    let proofs: Vec<Bytes48> = (0..n)
        .flat_map(|b| indices.iter().map(move |i| all_proofs[b][*i as usize]))
        .collect();
    let flat_c: Vec<Bytes48> = commitments
        .iter()
        .flat_map(|c| std::iter::repeat_n(*c, k))
        .collect();
    let flat_i: Vec<u64> = (0..n).flat_map(|_| indices).collect();
    for b in 0..n {
        // An invalid commitment: named by its blob, as every call does.
        let mut bad_c = commitments.clone();
        bad_c[b] = [0x11; 48];
        for e in [
            s.verify_cells_shared_indices(&bad_c, &indices, &cells, &proofs)
                .unwrap_err(),
            s.verify_blob_cell_proofs(&bs, &bad_c, &blob_proofs)
                .unwrap_err(),
        ] {
            assert!(
                matches!(
                    e,
                    Error::InvalidG1Point {
                        input: Input::Commitment,
                        position,
                        ..
                    } if position == b
                ),
                "{e}"
            );
            assert!(
                e.to_string().starts_with(&format!("commitment {b}: ")),
                "{e}"
            );
        }
        for j in [0, k - 1] {
            let at = b * k + j;
            // An invalid proof at position j of blob b.
            let mut bad_p = proofs.clone();
            bad_p[at] = [0x13; 48];
            let e = s
                .verify_cells_shared_indices(&commitments, &indices, &cells, &bad_p)
                .unwrap_err();
            let flat_e = s
                .verify_cell_kzg_proof_batch(&flat_c, &flat_i, &cells, &bad_p)
                .unwrap_err();
            let reason = match flat_e {
                Error::InvalidG1Point {
                    input: Input::Proof,
                    position,
                    reason,
                } if position == at => reason,
                other => panic!("flattened batch: {other}"),
            };
            assert_names(&e, b, &format!("proof {j}: {reason}"));
            assert_eq!(c_verify(&flat_c, &flat_i, &cells, &bad_p), None);
            // A non-canonical element 3 in the cell at position j of blob b.
            let mut bad_cell = cells.clone();
            bad_cell[at][96..128].fill(0xff);
            let e = s
                .verify_cells_shared_indices(&commitments, &indices, &bad_cell, &proofs)
                .unwrap_err();
            let cell = if j == 0 {
                "cell".to_string()
            } else {
                format!("cell {j}")
            };
            let inner = format!("{cell}: field element 3 is not canonical (>= BLS modulus)");
            assert_names(&e, b, &inner);
            assert_eq!(c_verify(&flat_c, &flat_i, &bad_cell, &proofs), None);
        }
        for j in [0, 127] {
            // An invalid cell proof j of blob b.
            let mut bad_p = blob_proofs.clone();
            bad_p[b * CELLS_PER_EXT_BLOB + j] = [0x13; 48];
            let e = s
                .verify_blob_cell_proofs(&bs, &commitments, &bad_p)
                .unwrap_err();
            assert!(
                matches!(
                    e.kind(),
                    Error::InvalidG1Point {
                        input: Input::Proof,
                        position,
                        ..
                    } if *position == j
                ),
                "{e}"
            );
            assert_eq!(in_blob(&e), Some(b), "{e}");
            assert_eq!(c_blob_cell_proofs(&bs, &commitments, &bad_p), None);
        }
        // A non-canonical element 4095 in blob b: every blob call names it.
        let mut bad_b = bs.clone();
        bad_b[b][32 * 4095..].fill(0xff);
        let expected = s.compute_cells(&bad_b[b]).unwrap_err().to_string();
        for e in [
            s.compute_cells_batch(&bad_b).unwrap_err(),
            s.verify_blob_cell_proofs(&bad_b, &commitments, &blob_proofs)
                .unwrap_err(),
        ] {
            assert_names(&e, b, &expected);
            assert!(
                matches!(
                    e.kind(),
                    Error::NonCanonicalFieldElement {
                        input: Input::Blob,
                        element: 4095,
                        ..
                    }
                ),
                "{e}"
            );
        }
        assert!(ck().compute_cells(&CBlob::new(*bad_b[b])).is_err());
        // A non-canonical element in a cell kept for recovery.
        let kept: Vec<u64> = (64..128).collect();
        let mut given: Vec<Cell> = (0..n)
            .flat_map(|c| kept.iter().map(move |i| all_cells[c][*i as usize]))
            .collect();
        given[b * 64 + 63][0..32].fill(0xff);
        let e = s.recover_cells_batch(&kept, &given).unwrap_err();
        let expected = s
            .recover_cells(&kept, &given[b * 64..(b + 1) * 64])
            .unwrap_err();
        assert_names(&e, b, &expected.to_string());
        assert!(matches!(
            expected,
            Error::NonCanonicalFieldElement {
                input: Input::Cell,
                position: 63,
                element: 0
            }
        ));
    }
    // Two bad blobs: the error names the first, serially and in parallel
    // (every blob runs, then the first error in order is kept).
    let mut two = bs.clone();
    two[2][0..32].fill(0xff);
    two[1][32..64].fill(0xff);
    let first = s.compute_cells(&two[1]).unwrap_err().to_string();
    let e = fastkzg::run_serial(|| s.compute_cells_and_kzg_proofs_batch(&two).unwrap_err());
    assert_names(&e, 1, &first);
    assert!(matches!(
        e.kind(),
        Error::NonCanonicalFieldElement {
            input: Input::Blob,
            element: 1,
            ..
        }
    ));
    let e = fastkzg::run_serial(|| s.compute_cells_batch(&two).unwrap_err());
    assert_names(&e, 1, &first);
    for _ in 0..8 {
        assert_names(&s.compute_cells_batch(&two).unwrap_err(), 1, &first);
        assert_names(
            &s.compute_cells_and_kzg_proofs_batch(&two).unwrap_err(),
            1,
            &first,
        );
    }
}

/// c-kzg's composition: compute_cells of each blob, then one batch.
pub(crate) fn c_blob_cell_proofs(
    bs: &[Box<Blob>],
    commitments: &[Bytes48],
    proofs: &[Bytes48],
) -> Option<bool> {
    let mut cells = Vec::new();
    for b in bs {
        cells.extend(
            ck().compute_cells(&CBlob::new(**b))
                .ok()?
                .iter()
                .map(|c| c.to_bytes()),
        );
    }
    let flat_c: Vec<Bytes48> = commitments
        .iter()
        .flat_map(|c| std::iter::repeat_n(*c, CELLS_PER_EXT_BLOB))
        .collect();
    let flat_i: Vec<u64> = (0..bs.len())
        .flat_map(|_| 0..CELLS_PER_EXT_BLOB as u64)
        .collect();
    c_verify(&flat_c, &flat_i, &cells, proofs)
}
