//! The batch-call cases (`batch_calls/…` keys) of [`super::api_cases`].

use c_kzg::Cell as CCell;

use super::Data::{AllCells, Blobs, Recover, Shared};
use super::{blobs, each, recovered, Case, CellBatch};

/// fastkzg's batch calls (keys `batch_calls/…`) against the composition of
/// per-blob calls that clients of the peers run: c-kzg's (and the C ABI's)
/// and, but for recovery (it has no recovery of the cells alone),
/// rust_eth_kzg's. The verifications forget the decoded commitments before
/// each call, as the `verify_cell_kzg_proof_batch` rows do.
pub(super) fn batch_cases() -> Vec<Case> {
    let case = |key: &str, data, title: String| {
        let mut case = Case::new(format!("batch_calls/{key}"), data).title(title);
        case.go = false;
        case
    };
    let mut v = Vec::from([1, 6].map(|n| {
        let (set, key) = (AllCells(n), format!("verify_blob_cell_proofs/{n}_blobs"));
        case(&key, set, format!("verify_blob_cell_proofs, {}", blobs(n)))
            .fk(move |s, i| {
                s.forget_decoded_commitments();
                let proofs = &CellBatch::find(&i.batches, set).proofs;
                s.verify_blob_cell_proofs(&i.blobs(n), &i.commitments[..n], proofs)
            })
            .ck(move |s, i| {
                s.forget_decoded_commitments();
                let b = CellBatch::find(&i.batches, set);
                let cells = each(&i.blobs[..n], |blob| s.compute_cells(blob));
                let cells = cells.expect("valid blobs");
                let cells: Vec<CCell> = cells.iter().flat_map(|c| c.iter().copied()).collect();
                s.verify_cell_kzg_proof_batch(&b.commitments, &b.indices, &cells, &b.proofs)
            })
            .rek(move |s, i| {
                let b = CellBatch::find(&i.batches, set);
                let cells = each(&i.blobs[..n], |blob| s.compute_cells(blob));
                let cells = cells.expect("valid blobs");
                let cells = cells.iter().flatten().map(|c| &**c).collect();
                let (cs, ps) = (b.commitments.iter().collect(), b.proofs.iter().collect());
                s.verify_cell_kzg_proof_batch(cs, &b.indices, cells, ps)
            })
    }));
    let (n, k, set) = (16, 8, Shared(16, 8));
    let key = format!("verify_cells_shared_indices/{n}_blobs_{k}_indices");
    let title = format!("verify_cells_shared_indices, {n} blobs × {k} indices");
    v.push(
        case(&key, set, title)
            .fk(move |s, i| {
                s.forget_decoded_commitments();
                let b = CellBatch::find(&i.batches, set);
                let (cs, ids) = (&i.commitments[..n], &b.indices[..k]);
                s.verify_cells_shared_indices(cs, ids, &b.cells, &b.proofs)
            })
            .ck(move |s, i| {
                s.forget_decoded_commitments();
                let b = CellBatch::find(&i.batches, set);
                s.verify_cell_kzg_proof_batch(&b.commitments, &b.indices, &b.cells, &b.proofs)
            })
            .rek(move |s, i| {
                let b = CellBatch::find(&i.batches, set);
                let (cs, ps) = (b.commitments.iter().collect(), b.proofs.iter().collect());
                s.verify_cell_kzg_proof_batch(cs, &b.indices, b.cells.iter().collect(), ps)
            }),
    );
    let n = 6;
    let title = format!("compute_cells_batch, {n} blobs");
    let cells = case(&format!("compute_cells_batch/{n}_blobs"), Blobs(n), title)
        .fk(move |s, i| s.compute_cells_batch(&i.blobs(n)))
        .ck(move |s, i| each(&i.blobs[..n], |b| s.compute_cells(b)))
        .rek(move |s, i| each(&i.blobs[..n], |b| s.compute_cells(b)));
    let key = format!("compute_cells_and_kzg_proofs_batch/{n}_blobs/precompute_0");
    let title = format!("compute_cells_and_kzg_proofs_batch, {n} blobs, p=0");
    let proofs = case(&key, Blobs(n), title)
        .fk(move |s, i| s.compute_cells_and_kzg_proofs_batch(&i.blobs(n)))
        .ck(move |s, i| each(&i.blobs[..n], |b| s.compute_cells_and_kzg_proofs(b)))
        .rek(move |s, i| each(&i.blobs[..n], |b| s.compute_cells_and_kzg_proofs(b)));
    v.extend([cells, proofs]);
    v.extend([true, false].map(|random| {
        let ((name, from), set) = (recovered(random), Recover(n, random));
        let key = format!("recover_cells_batch/{name}/{n}_blobs");
        case(&key, set, format!("recover_cells_batch, {n} blobs, {from}"))
            .fk(move |s, i| {
                let b = CellBatch::find(&i.batches, set);
                s.recover_cells_batch(&b.indices[..64], &b.cells)
            })
            .ck(move |s, i| {
                let b = CellBatch::find(&i.batches, set);
                each(b.cells.chunks(64), |cells| {
                    s.recover_cells(&b.indices[..64], cells)
                })
            })
    }));
    v
}
