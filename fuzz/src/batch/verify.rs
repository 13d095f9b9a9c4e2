//! The batch verifications' targets: `verify_cells_shared_indices` and
//! `verify_blob_cell_proofs` (Rust and C ABI) against
//! `verify_cell_kzg_proof_batch` over the flattened lists, computing the
//! cells first where the call does not (see the parent module).

use super::*;

/// `verify_cells_shared_indices`: the verdict of `verify_cell_kzg_proof_batch`
/// over the flattened lists (duplicate indices allowed, as there).
pub fn batch_verify_cells_shared_indices(data: &[u8]) {
    let what = "verify_cells_shared_indices";
    let fx = fixture::get();
    let mut s = input::shape(data);
    let n = blob_count(&mut s, 3, false);
    let (commitments, idx, cells, proofs): (Vec<Point>, Vec<u64>, Vec<Cell>, Vec<Point>) =
        match &mut s {
            Shape::Raw(r) => {
                let k = r.count() % (CELLS + 1);
                let commitments = (0..n).map(|_| r.array::<48>()).collect();
                let idx = (0..k).map(|_| r.u64()).collect();
                let cells = (0..n * k)
                    .map(|_| input::to_cell(&r.array::<2048>()))
                    .collect();
                let proofs = (0..n * k).map(|_| r.array::<48>()).collect();
                (commitments, idx, cells, proofs)
            }
            Shape::Crafted(u) => crafted_shared(u, fx, n),
        };
    let k = idx.len();
    let flat_c: Vec<Point> = commitments
        .iter()
        .flat_map(|c| std::iter::repeat_n(*c, k))
        .collect();
    let cell_at = |b: usize, j: usize| cells.get(b * k + j).filter(|_| j < k).map(|c| &c[..]);
    let flat_i: Vec<u64> = (0..n).flat_map(|_| idx.iter().copied()).collect();
    let fast = ours().verify_cell_kzg_proof_batch(&flat_c, &flat_i, &cells, &proofs);
    let ckzg = ck()
        .verify_cell_kzg_proof_batch(
            &flat_c.iter().map(|c| CB48::new(*c)).collect::<Vec<_>>(),
            &flat_i,
            &ccells(&cells),
            &proofs.iter().map(|p| CB48::new(*p)).collect::<Vec<_>>(),
        )
        .ok();
    let rust = ours().verify_cells_shared_indices(&commitments, &idx, &cells, &proofs);
    let c = cabi::get();
    let mut byte = SENTINEL;
    // SAFETY: a writable bool (preset to a non-bool byte, read back as a
    // byte); `n` commitments, `k` indices, `n·k` cells and proofs.
    let ret = unsafe {
        (c.verify_cells_shared_indices)(
            std::ptr::from_mut(&mut byte).cast::<bool>(),
            commitments.as_ptr(),
            idx.as_ptr(),
            k as u64,
            cells.as_ptr(),
            proofs.as_ptr(),
            n as u64,
            &*c.settings,
        )
    };
    let c_abi = c_verdict(what, ret, byte);
    check_verdicts(what, rust, fast, ckzg, c_abi, k.max(1), cell_at);
}

/// Blobs' cells at one shared list of one to eight indices (in one input in
/// three with a duplicate), with their commitments and proofs, then
/// corrupted.
fn crafted_shared(
    u: &mut Unstructured,
    fx: &Fixture,
    n: usize,
) -> (Vec<Point>, Vec<u64>, Vec<Cell>, Vec<Point>) {
    let which: Vec<usize> = (0..n)
        .map(|_| u.int_in_range(0..=1usize).unwrap_or(0))
        .collect();
    let k = u.int_in_range(1..=8usize).unwrap_or(1);
    let dup = u.ratio(1u8, 3).unwrap_or(false);
    let mut idx: Vec<u64> = Vec::with_capacity(k);
    for j in 0..k {
        idx.push(if dup && j > 0 && u.arbitrary().unwrap_or(false) {
            idx[pos(u, j)]
        } else {
            u.int_in_range(0..=127u64).unwrap_or(0)
        });
    }
    let mut commitments: Vec<Point> = which.iter().map(|b| fx.commitments[*b]).collect();
    let mut cells: Vec<Cell> = Vec::with_capacity(n * k);
    let mut proofs: Vec<Point> = Vec::with_capacity(n * k);
    for b in &which {
        for i in &idx {
            cells.push(fx.cells[*b][*i as usize]);
            proofs.push(fx.cell_proofs[*b][*i as usize]);
        }
    }
    for _ in 0..corruptions(u) {
        let (b, p, j) = (pos(u, n), pos(u, n * k), pos(u, k));
        match u.int_in_range(0..=6u8).unwrap_or(0) {
            0 => commitments[b] = input::point(u, commitments[b], fx),
            // The commitment of the other fixture blob: false.
            1 => commitments[b] = fx.commitments[1 - which[b]],
            2 => proofs[p] = input::point(u, proofs[p], fx),
            3 => cells[p] = input::cell(u, &cells[p]),
            4 => {
                let q = pos(u, n * k);
                proofs.swap(p, q);
            }
            // An index out of range.
            5 => idx[j] = [128, 1000, u64::MAX][u.int_in_range(0..=2usize).unwrap_or(0)],
            // Another index (perhaps a duplicate) without changing the cells.
            _ => {
                idx[j] = if u.arbitrary().unwrap_or(false) {
                    idx[pos(u, k)]
                } else {
                    u.int_in_range(0..=127u64).unwrap_or(0)
                }
            }
        }
    }
    (commitments, idx, cells, proofs)
}

/// `verify_blob_cell_proofs`: `compute_cells` of every blob, then the
/// verdict of `verify_cell_kzg_proof_batch` over all cells at indices 0..127
/// against their blob's commitment.
pub fn batch_verify_blob_cell_proofs(data: &[u8]) {
    let what = "verify_blob_cell_proofs";
    let fx = fixture::get();
    let mut s = input::shape(data);
    let n = blob_count(&mut s, 3, true);
    let (blobs, commitments, proofs): (Vec<Blob>, Vec<Point>, Vec<Point>) = match &mut s {
        Shape::Raw(r) => raw_blob_cell_proofs(r, n),
        Shape::Crafted(u) => crafted_blob_cell_proofs(u, fx, n),
    };
    // The fastkzg composition.
    let flat_c: Vec<Point> = commitments
        .iter()
        .flat_map(|c| std::iter::repeat_n(*c, CELLS))
        .collect();
    let flat_i: Vec<u64> = (0..n).flat_map(|_| 0..CELLS as u64).collect();
    let fast = per_blob(n, |b| fast_cells(fx, &blobs[b]));
    let ckzg_cells = per_blob(n, |b| ckzg_cells(fx, &blobs[b]).ok_or(()));
    let rust = ours().verify_blob_cell_proofs(&blobs, &commitments, &proofs);
    let fast = match fast {
        Ok(cells) => {
            let cells = cells.concat();
            let v = ours().verify_cell_kzg_proof_batch(&flat_c, &flat_i, &cells, &proofs);
            Ok((v, cells))
        }
        Err((b, e)) => {
            // compute_cells rejected blob `b`: the batch names it.
            assert_eq!(
                ckzg_cells.as_ref().err().map(|e| e.0),
                Some(b),
                "{what}: first blob c-kzg's compute_cells rejects"
            );
            let r = rust
                .as_ref()
                .expect_err("the batch verified a rejected blob");
            check_in_blob(what, r, b, &e, |b, _| blobs.get(b).map(|x| &x[..]));
            Err(())
        }
    };
    let c = cabi::get();
    let mut byte = SENTINEL;
    // SAFETY: a writable bool (preset to a non-bool byte, read back as a
    // byte); `n` blobs and commitments, `128·n` proofs.
    let ret = unsafe {
        (c.verify_blob_cell_proofs)(
            std::ptr::from_mut(&mut byte).cast::<bool>(),
            blobs.as_ptr(),
            commitments.as_ptr(),
            proofs.as_ptr(),
            n as u64,
            &*c.settings,
        )
    };
    let c_abi = c_verdict(what, ret, byte);
    let Ok((fast, cells)) = fast else {
        assert_eq!(c_abi, None, "{what}: C ABI verified a rejected blob");
        return;
    };
    let ckzg_cells = ckzg_cells.expect("c-kzg rejected a blob fastkzg computes the cells of");
    assert!(
        ckzg_cells.concat() == cells,
        "{what}: fastkzg's cells against c-kzg's"
    );
    let ckzg = ck()
        .verify_cell_kzg_proof_batch(
            &flat_c.iter().map(|c| CB48::new(*c)).collect::<Vec<_>>(),
            &flat_i,
            &ccells(&cells),
            &proofs.iter().map(|p| CB48::new(*p)).collect::<Vec<_>>(),
        )
        .ok();
    check_verdicts(what, rust, fast, ckzg, c_abi, CELLS, |b, _| {
        blobs.get(b).map(|x| &x[..])
    });
}

/// `n` blobs, `n` commitments and `128·n` proofs, read in that order.
fn raw_blob_cell_proofs(r: &mut Reader, n: usize) -> (Vec<Blob>, Vec<Point>, Vec<Point>) {
    let mut blobs = Vec::with_capacity(n);
    for _ in 0..n {
        blobs.push(*r.blob());
    }
    let commitments = (0..n).map(|_| r.array::<48>()).collect();
    let proofs = (0..n * CELLS).map(|_| r.array::<48>()).collect();
    (blobs, commitments, proofs)
}

/// Fixture blobs with their commitments and cell proofs, then corrupted.
fn crafted_blob_cell_proofs(
    u: &mut Unstructured,
    fx: &Fixture,
    n: usize,
) -> (Vec<Blob>, Vec<Point>, Vec<Point>) {
    let which: Vec<usize> = (0..n)
        .map(|_| u.int_in_range(0..=1usize).unwrap_or(0))
        .collect();
    let mut blobs: Vec<Blob> = Vec::with_capacity(n);
    for b in &which {
        blobs.push(*fx.blobs[*b]);
    }
    let mut commitments: Vec<Point> = which.iter().map(|b| fx.commitments[*b]).collect();
    let mut proofs: Vec<Point> = which
        .iter()
        .flat_map(|b| fx.cell_proofs[*b].iter().copied())
        .collect();
    if n == 0 {
        return (blobs, commitments, proofs);
    }
    for _ in 0..corruptions(u) {
        let (b, p) = (pos(u, n), pos(u, n * CELLS));
        match u.int_in_range(0..=6u8).unwrap_or(0) {
            // Edge-value elements.
            0 => blobs[b] = *input::blob(u, fx),
            // The other fixture blob (its cells, not these proofs): false.
            1 => blobs[b] = *fx.blobs[1 - which[b]],
            // One element changed, still canonical: false.
            2 => {
                let e = pos(u, 4096);
                blobs[b][32 * e + 31] ^= 1;
            }
            3 => commitments[b] = input::point(u, commitments[b], fx),
            4 => commitments[b] = fx.commitments[1 - which[b]],
            5 => proofs[p] = input::point(u, proofs[p], fx),
            _ => {
                let q = pos(u, n * CELLS);
                proofs.swap(p, q);
            }
        }
    }
    (blobs, commitments, proofs)
}
