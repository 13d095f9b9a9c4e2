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
use fastkzg::{Blob, Bytes48, Cell, KzgSettings, CELLS_PER_EXT_BLOB};
use fastkzg_bench::measure::{measure, Budget, Contender, Sampler};
use fastkzg_bench::threads::Threads;
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};

/// Inputs of one blob.
struct Blobish {
    blob: Box<Blob>,
    commitment: Bytes48,
    cells: Vec<Cell>,
    proofs: Vec<Bytes48>,
}

fn blob(r: &mut impl RngCore, s: &KzgSettings) -> Blobish {
    let mut blob = Box::new([0u8; fastkzg::BYTES_PER_BLOB]);
    r.fill_bytes(&mut blob[..]);
    for fe in blob.chunks_mut(32) {
        fe[0] &= 0x3f;
    }
    let commitment = s.blob_to_kzg_commitment(&blob).expect("commitment");
    let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob).expect("cells");
    Blobish {
        blob,
        commitment,
        cells: cells.to_vec(),
        proofs: proofs.to_vec(),
    }
}

/// A sampler that runs `job` `n` times on `threads`.
fn sampler<'a>(threads: Threads, mut job: impl FnMut() -> u64 + Send + 'a) -> Sampler<'a> {
    Box::new(move |n| {
        threads.run(|| {
            let t = std::time::Instant::now();
            let fp = (0..n).fold(0, |_, _| std::hint::black_box(job()));
            (t.elapsed(), fp)
        })
    })
}

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
    // SAFETY: `out` has room for CELLS_PER_EXT_BLOB cells, `indices` and
    // `cells` hold `indices.len()` elements each, and `ck` is c-kzg's loaded
    // settings; the proofs output is NULL, which c-kzg accepts.
    let ret = unsafe {
        recover_cells_and_kzg_proofs(
            out.as_mut_ptr(),
            core::ptr::null_mut(),
            indices.as_ptr(),
            cells.as_ptr(),
            indices.len() as u64,
            ck,
        )
    };
    assert_eq!(ret, c_kzg::CkzgError::C_KZG_OK, "c-kzg recovery");
    out
}

fn cb(b: &Blob) -> CBlob {
    CBlob::new(*b)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Budget::of(if quick { "quick" } else { "full" });
    let s = KzgSettings::mainnet();
    s.warm_up();
    let ck = c_kzg::ethereum_kzg_settings(0);
    let mut r = rand::rngs::StdRng::seed_from_u64(8);
    let blobs: Vec<Blobish> = (0..16).map(|_| blob(&mut r, s)).collect();
    let two = Threads::new(2).expect("a pool of two (feature `parallel`)");

    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default();
    println!(
        "CPU: {cpu}; AVX-512 IFMA kernels: {}",
        if fastkzg::ifma_active() { "on" } else { "off" }
    );
    println!(
        "| call | c-kzg composition | c-kzg ms | fastkzg 1T ms | 2T ms | 1T / c-kzg | 2T / c-kzg |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");

    type Row<'a> = (
        String,
        String,
        Box<dyn Fn() -> u64 + Send + Sync + 'a>,
        Box<dyn Fn() -> u64 + Send + Sync + 'a>,
    );
    let mut rows: Vec<Row> = Vec::new();

    for n in [1usize, 6] {
        let bs = &blobs[..n];
        let blob_refs: Vec<&Blob> = bs.iter().map(|b| &*b.blob).collect();
        let commitments: Vec<Bytes48> = bs.iter().map(|b| b.commitment).collect();
        let proofs: Vec<Bytes48> = bs.iter().flat_map(|b| b.proofs.clone()).collect();
        let cblobs: Vec<CBlob> = bs.iter().map(|b| cb(&b.blob)).collect();
        let ccommit: Vec<CBytes48> = commitments
            .iter()
            .flat_map(|c| std::iter::repeat_n(CBytes48::new(*c), CELLS_PER_EXT_BLOB))
            .collect();
        let cproofs: Vec<CBytes48> = proofs.iter().map(|p| CBytes48::new(*p)).collect();
        let idx: Vec<u64> = (0..n).flat_map(|_| 0..CELLS_PER_EXT_BLOB as u64).collect();
        rows.push((
            format!(
                "verify_blob_cell_proofs, {n} blob{}",
                if n > 1 { "s" } else { "" }
            ),
            "compute_cells + verify_cell_kzg_proof_batch".into(),
            Box::new(move || {
                let mut cells = Vec::with_capacity(n * CELLS_PER_EXT_BLOB);
                for b in &cblobs {
                    cells.extend(ck.compute_cells(b).expect("cells").iter().cloned());
                }
                ck.verify_cell_kzg_proof_batch(&ccommit, &idx, &cells, &cproofs)
                    .expect("verify") as u64
            }),
            Box::new(move || {
                s.verify_blob_cell_proofs(&blob_refs, &commitments, &proofs)
                    .expect("verify") as u64
            }),
        ));
    }

    {
        let (n, k) = (16usize, 8usize);
        let mut indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
        indices.shuffle(&mut r);
        indices.truncate(k);
        let commitments: Vec<Bytes48> = blobs[..n].iter().map(|b| b.commitment).collect();
        let cells: Vec<Cell> = blobs[..n]
            .iter()
            .flat_map(|b| indices.iter().map(|i| b.cells[*i as usize]))
            .collect();
        let proofs: Vec<Bytes48> = blobs[..n]
            .iter()
            .flat_map(|b| indices.iter().map(|i| b.proofs[*i as usize]))
            .collect();
        let cc: Vec<CBytes48> = commitments
            .iter()
            .flat_map(|c| std::iter::repeat_n(CBytes48::new(*c), k))
            .collect();
        let ci: Vec<u64> = (0..n).flat_map(|_| indices.clone()).collect();
        let ccells: Vec<CCell> = cells.iter().map(|c| CCell::new(*c)).collect();
        let cp: Vec<CBytes48> = proofs.iter().map(|p| CBytes48::new(*p)).collect();
        rows.push((
            format!("verify_cells_shared_indices, {n} blobs × {k} indices"),
            "verify_cell_kzg_proof_batch (128 cells)".into(),
            Box::new(move || {
                ck.verify_cell_kzg_proof_batch(&cc, &ci, &ccells, &cp)
                    .expect("v") as u64
            }),
            Box::new(move || {
                s.forget_decoded_commitments();
                s.verify_cells_shared_indices(&commitments, &indices, &cells, &proofs)
                    .expect("v") as u64
            }),
        ));
    }

    {
        let n = 6;
        let blob_refs: Vec<&Blob> = blobs[..n].iter().map(|b| &*b.blob).collect();
        let cblobs: Vec<CBlob> = blobs[..n].iter().map(|b| cb(&b.blob)).collect();
        let (br, cbs) = (blob_refs.clone(), cblobs.clone());
        rows.push((
            format!("compute_cells_batch, {n} blobs"),
            format!("{n} × compute_cells"),
            Box::new(move || {
                cbs.iter()
                    .map(|b| ck.compute_cells(b).expect("c")[5].to_bytes()[7] as u64)
                    .sum()
            }),
            Box::new(move || {
                s.compute_cells_batch(&br)
                    .expect("c")
                    .iter()
                    .map(|c| c[5][7] as u64)
                    .sum()
            }),
        ));
        let (br, cbs) = (blob_refs, cblobs);
        rows.push((
            format!("compute_cells_and_kzg_proofs_batch, {n} blobs, p0"),
            format!("{n} × compute_cells_and_kzg_proofs"),
            Box::new(move || {
                cbs.iter()
                    .map(|b| {
                        ck.compute_cells_and_kzg_proofs(b).expect("c").1[5].to_bytes()[7] as u64
                    })
                    .sum()
            }),
            Box::new(move || {
                s.compute_cells_and_kzg_proofs_batch(&br)
                    .expect("c")
                    .iter()
                    .map(|(_, p)| p[5][7] as u64)
                    .sum()
            }),
        ));
    }

    for random in [true, false] {
        let n = 6;
        let mut indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
        if random {
            indices.shuffle(&mut r);
        }
        indices.truncate(64);
        indices.sort();
        let kept: Vec<Cell> = blobs[..n]
            .iter()
            .flat_map(|b| indices.iter().map(|i| b.cells[*i as usize]))
            .collect();
        let ckept: Vec<CCell> = kept.iter().map(|c| CCell::new(*c)).collect();
        let ci = indices.clone();
        rows.push((
            format!(
                "recover_cells_batch, {n} blobs, {}",
                if random {
                    "64 random indices"
                } else {
                    "indices 0..63"
                }
            ),
            format!("{n} × recover with NULL proofs"),
            Box::new(move || {
                ckept
                    .chunks(64)
                    .map(|c| ckzg_recover_cells(ck, &ci, c)[100].to_bytes()[9] as u64)
                    .sum()
            }),
            Box::new(move || {
                s.recover_cells_batch(&indices, &kept)
                    .expect("r")
                    .iter()
                    .map(|c| c[100][9] as u64)
                    .sum()
            }),
        ));
    }

    for (name, composition, c_job, f_job) in &rows {
        let mut contenders = vec![
            Contender::new("c-kzg".into(), 1, sampler(Threads::default(), c_job)),
            Contender::new("fastkzg".into(), 1, sampler(Threads::default(), f_job)),
            Contender::new("fastkzg 2T".into(), 2, sampler(two.clone(), f_job)),
        ];
        let out = measure(&mut contenders, &budget);
        let ms: Vec<f64> = out.iter().map(|o| o.stats.median() * 1e3).collect();
        println!(
            "| {name} | {composition} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            ms[0],
            ms[1],
            ms[2],
            ms[1] / ms[0],
            ms[2] / ms[0]
        );
    }
}
