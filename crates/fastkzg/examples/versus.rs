//! Quick, load-tolerant ratio check against c-kzg: ours and c-kzg run
//! alternately on the same inputs and each call's *thread CPU time* is
//! recorded, so other processes on the machine disturb the ratio less than
//! wall-clock benchmarks. Not a replacement for the criterion benchmarks.
//!
//! `cargo run --release -p fastkzg --example versus [-- filter]`

use std::time::Duration;

use c_kzg::{Blob as CBlob, Bytes32 as CB32, Bytes48 as CB48, Cell as CCell};
use fastkzg::KzgSettings;
use rand::{RngCore, SeedableRng};

fn cpu_now() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into a live local.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn versus(name: &str, iters: usize, mut ours: impl FnMut(), mut theirs: impl FnMut()) {
    let filter = std::env::args().nth(1).unwrap_or_default();
    if !name.contains(&filter) {
        return;
    }
    ours();
    theirs();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..iters {
        let t = cpu_now();
        ours();
        a.push((cpu_now() - t).as_secs_f64() * 1e3);
        let t = cpu_now();
        theirs();
        b.push((cpu_now() - t).as_secs_f64() * 1e3);
    }
    let (ma, mb) = (median(a), median(b));
    println!(
        "{name:<44} ours {ma:>9.3} ms   c-kzg {mb:>9.3} ms   ratio {:.3}",
        ma / mb
    );
}

/// The inputs of one `verify_cell_kzg_proof_batch` call.
#[derive(Default)]
struct CellBatch {
    commitments: Vec<[u8; 48]>,
    ids: Vec<u64>,
    cells: Vec<fastkzg::Cell>,
    proofs: Vec<[u8; 48]>,
}

/// `versus` for cell verification: the same batch through both libraries.
fn versus_cells(
    name: &str,
    iters: usize,
    ours: &KzgSettings,
    ck: &c_kzg::KzgSettings,
    batch: &CellBatch,
) {
    let ccells: Vec<CCell> = batch.cells.iter().map(|c| CCell::new(*c)).collect();
    let cps: Vec<CB48> = batch.proofs.iter().map(|p| CB48::new(*p)).collect();
    let ccs: Vec<CB48> = batch.commitments.iter().map(|c| CB48::new(*c)).collect();
    versus(
        name,
        iters,
        || {
            assert!(ours
                .verify_cell_kzg_proof_batch(
                    &batch.commitments,
                    &batch.ids,
                    &batch.cells,
                    &batch.proofs
                )
                .unwrap())
        },
        || {
            assert!(ck
                .verify_cell_kzg_proof_batch(&ccs, &batch.ids, &ccells, &cps)
                .unwrap())
        },
    );
}

fn main() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let blobs: Vec<fastkzg::Blob> = (0..64)
        .map(|_| {
            let mut b = [0u8; fastkzg::BYTES_PER_BLOB];
            rng.fill_bytes(&mut b);
            for c in b.chunks_mut(32) {
                c[0] &= 0x3f;
            }
            b
        })
        .collect();
    let cblobs: Vec<CBlob> = blobs.iter().map(|b| CBlob::new(*b)).collect();
    for p in [0usize, 8] {
        let ours: KzgSettings = KzgSettings::load_mainnet(p).unwrap();
        ours.warm_up();
        let ck = c_kzg::ethereum_kzg_settings(p as u64);
        let (b, cb) = (&blobs[0], &cblobs[0]);
        if p == 0 {
            let c = ours.blob_to_kzg_commitment(b).unwrap();
            let pr = ours.compute_blob_kzg_proof(b, &c).unwrap();
            let z = [7u8; 32];
            let (zp, y) = ours.compute_kzg_proof(b, &z).unwrap();
            versus(
                "blob_to_kzg_commitment",
                9,
                || drop(ours.blob_to_kzg_commitment(b)),
                || drop(ck.blob_to_kzg_commitment(cb)),
            );
            versus(
                "compute_kzg_proof",
                9,
                || drop(ours.compute_kzg_proof(b, &z)),
                || drop(ck.compute_kzg_proof(cb, &CB32::new(z))),
            );
            versus(
                "compute_blob_kzg_proof",
                9,
                || drop(ours.compute_blob_kzg_proof(b, &c)),
                || drop(ck.compute_blob_kzg_proof(cb, &CB48::new(c))),
            );
            versus(
                "verify_kzg_proof",
                41,
                || assert!(ours.verify_kzg_proof(&c, &z, &y, &zp).unwrap()),
                || {
                    assert!(ck
                        .verify_kzg_proof(
                            &CB48::new(c),
                            &CB32::new(z),
                            &CB32::new(y),
                            &CB48::new(zp)
                        )
                        .unwrap())
                },
            );
            versus(
                "verify_blob_kzg_proof",
                41,
                || assert!(ours.verify_blob_kzg_proof(b, &c, &pr).unwrap()),
                || {
                    assert!(ck
                        .verify_blob_kzg_proof(cb, &CB48::new(c), &CB48::new(pr))
                        .unwrap())
                },
            );
            for n in [4usize, 64] {
                let cs: Vec<[u8; 48]> = blobs[..n]
                    .iter()
                    .map(|b| ours.blob_to_kzg_commitment(b).unwrap())
                    .collect();
                let ps: Vec<[u8; 48]> = blobs[..n]
                    .iter()
                    .zip(&cs)
                    .map(|(b, c)| ours.compute_blob_kzg_proof(b, c).unwrap())
                    .collect();
                let ccs: Vec<CB48> = cs.iter().map(|c| CB48::new(*c)).collect();
                let cps: Vec<CB48> = ps.iter().map(|c| CB48::new(*c)).collect();
                versus(
                    &format!("verify_blob_kzg_proof_batch/{n}"),
                    if n > 8 { 5 } else { 15 },
                    || {
                        assert!(ours
                            .verify_blob_kzg_proof_batch(&blobs[..n], &cs, &ps)
                            .unwrap())
                    },
                    || {
                        assert!(ck
                            .verify_blob_kzg_proof_batch(&cblobs[..n], &ccs, &cps)
                            .unwrap())
                    },
                );
            }
            versus(
                "compute_cells",
                21,
                || drop(ours.compute_cells(b)),
                || drop(ck.compute_cells(cb)),
            );
            let (cells, proofs) = ours.compute_cells_and_kzg_proofs(b).unwrap();
            let all: Vec<u64> = (0..128).collect();
            let batch = CellBatch {
                commitments: vec![c; 128],
                ids: all,
                cells: cells.to_vec(),
                proofs: proofs.to_vec(),
            };
            versus_cells("verify_cell_kzg_proof_batch/128x1", 9, &ours, ck, &batch);
            // One column (cell 5) of 16 blobs: a data-column sidecar.
            let mut column = CellBatch::default();
            for blob in &blobs[..16] {
                let (cells, proofs) = ours.compute_cells_and_kzg_proofs(blob).unwrap();
                column
                    .commitments
                    .push(ours.blob_to_kzg_commitment(blob).unwrap());
                column.ids.push(5);
                column.cells.push(cells[5]);
                column.proofs.push(proofs[5]);
            }
            versus_cells(
                "verify_cell_kzg_proof_batch/1colx16",
                31,
                &ours,
                ck,
                &column,
            );
        }
        let (cells, _) = ours.compute_cells_and_kzg_proofs(b).unwrap();
        let ids: Vec<u64> = (0..128).step_by(2).collect();
        let half: Vec<fastkzg::Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
        let chalf: Vec<CCell> = half.iter().map(|c| CCell::new(*c)).collect();
        versus(
            &format!("compute_cells_and_kzg_proofs/p{p}"),
            5,
            || drop(ours.compute_cells_and_kzg_proofs(b)),
            || drop(ck.compute_cells_and_kzg_proofs(cb)),
        );
        versus(
            &format!("recover_cells_and_kzg_proofs/p{p}"),
            5,
            || drop(ours.recover_cells_and_kzg_proofs(&ids, &half)),
            || drop(ck.recover_cells_and_kzg_proofs(&ids, &chalf)),
        );
    }
}
