//! The batch calls against the c-kzg 2.1.8 composition that clients run
//! today, in one process on the same inputs, with the report's interleaved
//! sampler: fastkzg's Rust API at one thread (serial) and at two (a pool of
//! two), c-kzg's per-blob calls at one. Prints one table row per shape with
//! the medians and the ratios fastkzg / c-kzg.
//!
//! ```text
//! cargo run --release -p fastkzg-bench --features parallel --bin batch [-- --quick]
//! FASTKZG_NO_IFMA=1 cargo run --release -p fastkzg-bench --features parallel --bin batch
//! ```

use c_kzg::{Blob as CBlob, Bytes48 as CBytes48, Cell as CCell};
use fastkzg::{Blob, Cell, CELLS_PER_EXT_BLOB};
use fastkzg_bench::cases::{entries, CellBatch, Data, Fp};
use fastkzg_bench::measure::{measure, Budget, Contender};
use fastkzg_bench::threads::Threads;
use fastkzg_bench::Fixture;
use rand::seq::SliceRandom;
use rand::SeedableRng;

// c-kzg's C function, linked from the `c-kzg` crate's static library (its
// Rust wrapper always computes the proofs; clients that need cells only pass
// NULL for them).
extern "C" {
    fn recover_cells_and_kzg_proofs(
        recovered_cells: *mut CCell,
        recovered_proofs: *mut c_kzg::KzgProof,
        cell_indices: *const u64,
        cells: *const CCell,
        num_cells: u64,
        s: *const c_kzg::KzgSettings,
    ) -> c_kzg::CkzgError;
}

/// c-kzg's recovery of the cells only (NULL proofs).
fn ckzg_recover_cells(ck: &c_kzg::KzgSettings, indices: &[u64], cells: &[CCell]) -> Vec<CCell> {
    let mut out = vec![CCell::new([0u8; fastkzg::BYTES_PER_CELL]); CELLS_PER_EXT_BLOB];
    let (o, n) = (out.as_mut_ptr(), indices.len() as u64);
    let null = core::ptr::null_mut();
    // SAFETY: `out` has room for CELLS_PER_EXT_BLOB cells, `indices` and
    // `cells` hold `indices.len()` elements each, and `ck` is c-kzg's loaded
    // settings; the proofs output is NULL, which c-kzg accepts.
    let ret =
        unsafe { recover_cells_and_kzg_proofs(o, null, indices.as_ptr(), cells.as_ptr(), n, ck) };
    assert_eq!(ret, c_kzg::CkzgError::C_KZG_OK, "c-kzg recovery");
    out
}

/// One call on prebuilt inputs, shared by the one- and two-thread
/// contenders; returns a fingerprint ([`Fp`]).
type Call<'a> = Box<dyn Fn() -> u64 + Send + Sync + 'a>;

/// The fingerprints of `f` on each of `items`, combined.
fn xor<T, R: Fp>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> R) -> u64 {
    items.into_iter().fold(0, |a, x| a ^ f(x).fp())
}

/// `(blob, cell)` for each of the first `n` blobs and each of `indices`.
fn cells_at(n: usize, indices: &[u64]) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|b| indices.iter().map(move |i| (b, *i as usize)))
        .collect()
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Budget::of(if quick { "quick" } else { "full" });
    let s = fastkzg::mainnet();
    s.warm_up();
    let ck = c_kzg::ethereum_kzg_settings(0);
    let fx = Fixture::new(s, 16);
    let mut r = rand::rngs::StdRng::seed_from_u64(8);
    let one = Threads::default();
    let two = Threads::new(2).expect("a pool of two (feature `parallel`)");
    let ifma = if fastkzg::ifma_active() { "on" } else { "off" };
    let cpu = fastkzg_bench::markdown::cpu_model();
    println!("CPU: {cpu}; AVX-512 IFMA kernels: {ifma}");
    println!(
        "| call | c-kzg composition | c-kzg ms | fastkzg 1T ms | 2T ms | 1T / c-kzg | 2T / c-kzg |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");

    let blobs = |n: usize| -> Vec<&Blob> { fx.blobs[..n].iter().map(|b| &**b).collect() };
    let cblobs =
        |n: usize| -> Vec<CBlob> { fx.blobs[..n].iter().map(|b| CBlob::new(**b)).collect() };
    let c_batch = |e: &[(usize, usize)]| CellBatch::new(&fx, e, CBytes48::new, CCell::new);
    // (call, c-kzg composition, c-kzg's call, fastkzg's call)
    let mut rows: Vec<(String, String, Call, Call)> = Vec::new();
    for n in [1usize, 6] {
        let (bs, cbs, all) = (blobs(n), cblobs(n), c_batch(&entries(Data::AllCells(n))));
        let (commitments, proofs) = (&fx.commitments[..n], fx.cell_proofs[..n].concat());
        let plural = if n > 1 { "s" } else { "" };
        rows.push((
            format!("verify_blob_cell_proofs, {n} blob{plural}"),
            "compute_cells + verify_cell_kzg_proof_batch".into(),
            Box::new(move || {
                let cells = |b| ck.compute_cells(b).expect("cells").to_vec();
                let cells: Vec<CCell> = cbs.iter().flat_map(cells).collect();
                let (cs, ids, ps) = (&all.commitments, &all.indices, &all.proofs);
                ck.verify_cell_kzg_proof_batch(cs, ids, &cells, ps).fp()
            }),
            Box::new(move || s.verify_blob_cell_proofs(&bs, commitments, &proofs).fp()),
        ));
    }

    let (n, k) = (16usize, 8usize);
    let mut indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    indices.shuffle(&mut r);
    indices.truncate(k);
    let e = cells_at(n, &indices);
    let (batch, c) = (CellBatch::new(&fx, &e, |p| p, |c| c), c_batch(&e));
    let commitments = &fx.commitments[..n];
    rows.push((
        format!("verify_cells_shared_indices, {n} blobs × {k} indices"),
        "verify_cell_kzg_proof_batch (128 cells)".into(),
        Box::new(move || {
            ck.verify_cell_kzg_proof_batch(&c.commitments, &c.indices, &c.cells, &c.proofs)
                .fp()
        }),
        Box::new(move || {
            s.forget_decoded_commitments();
            s.verify_cells_shared_indices(commitments, &indices, &batch.cells, &batch.proofs)
                .fp()
        }),
    ));

    let n = 6;
    let (bs, cbs) = (blobs(n), cblobs(n));
    rows.push((
        format!("compute_cells_batch, {n} blobs"),
        format!("{n} × compute_cells"),
        Box::new(move || xor(&cbs, |b| ck.compute_cells(b))),
        Box::new(move || s.compute_cells_batch(&bs).fp()),
    ));
    let (bs, cbs) = (blobs(n), cblobs(n));
    rows.push((
        format!("compute_cells_and_kzg_proofs_batch, {n} blobs, p0"),
        format!("{n} × compute_cells_and_kzg_proofs"),
        Box::new(move || xor(&cbs, |b| ck.compute_cells_and_kzg_proofs(b))),
        Box::new(move || s.compute_cells_and_kzg_proofs_batch(&bs).fp()),
    ));

    for random in [true, false] {
        let mut indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
        if random {
            indices.shuffle(&mut r);
        }
        indices.truncate(64);
        indices.sort();
        let e = cells_at(n, &indices);
        let kept: Vec<Cell> = e.iter().map(|(b, i)| fx.cells[*b][*i]).collect();
        let ckept: Vec<CCell> = kept.iter().map(|c| CCell::new(*c)).collect();
        let ci = indices.clone();
        let which = ["indices 0..63", "64 random indices"][usize::from(random)];
        rows.push((
            format!("recover_cells_batch, {n} blobs, {which}"),
            format!("{n} × recover with NULL proofs"),
            Box::new(move || xor(ckept.chunks(64), |c| ckzg_recover_cells(ck, &ci, c))),
            Box::new(move || s.recover_cells_batch(&indices, &kept).fp()),
        ));
    }

    for (name, composition, c_call, f_call) in &rows {
        let mut contenders = [
            Contender::timed("c-kzg".into(), 1, &one, Box::new(c_call)),
            Contender::timed("fastkzg".into(), 1, &one, Box::new(f_call)),
            Contender::timed("fastkzg 2T".into(), 2, &two, Box::new(f_call)),
        ];
        let out = measure(&mut contenders, &budget);
        let [a, b, c] = [0, 1, 2].map(|i| out[i].stats.median() * 1e3);
        let (b_a, c_a) = (b / a, c / a);
        println!("| {name} | {composition} | {a:.2} | {b:.2} | {c:.2} | {b_a:.2} | {c_a:.2} |");
    }
}
