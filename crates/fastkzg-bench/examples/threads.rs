//! One thread against two, in one process: every function of the default
//! build run serially on the caller's thread (`fastkzg::run_serial`, what
//! `FASTKZG_NUM_THREADS=1` gives the C ABI) and inside a two-thread rayon
//! pool, interleaved round robin with c-kzg 2.1.8 (single-threaded) on the
//! same inputs, with the report's sampler. Also the cells-only recovery
//! (c-kzg's `recover_cells_and_kzg_proofs` with `recovered_proofs = NULL`).
//!
//! ```sh
//! cargo run --release -p fastkzg-bench --features parallel --example threads [-- filter] [--full]
//! ```

use c_kzg::{Blob as CBlob, Bytes32 as CB32, Bytes48 as CB48, Cell as CCell};
use fastkzg::{Bytes48, Cell};
use fastkzg_bench::measure::{fmt_time, measure, Budget, Contender};
use fastkzg_bench::threads::Threads;
use fastkzg_bench::{random_scalar, Fixture};

extern "C" {
    /// c-kzg's C function (linked through the `c-kzg` crate, whose Rust
    /// wrapper always asks for the proofs).
    fn recover_cells_and_kzg_proofs(
        recovered_cells: *mut CCell,
        recovered_proofs: *mut u8,
        cell_indices: *const u64,
        cells: *const CCell,
        num_cells: u64,
        s: *const c_kzg::KzgSettings,
    ) -> i32;
}

/// c-kzg's cells-only recovery.
fn ckzg_recover_cells(s: &c_kzg::KzgSettings, ids: &[u64], cells: &[CCell]) -> Vec<CCell> {
    let mut out = vec![CCell::new([0u8; 2048]); 128];
    // SAFETY: `out` has room for 128 cells, `ids` and `cells` hold
    // `ids.len()` elements, `s` is loaded; NULL proofs is allowed by c-kzg.
    let ret = unsafe {
        recover_cells_and_kzg_proofs(
            out.as_mut_ptr(),
            std::ptr::null_mut(),
            ids.as_ptr(),
            cells.as_ptr(),
            ids.len() as u64,
            s,
        )
    };
    assert_eq!(ret, 0, "c-kzg cells-only recovery");
    out
}

fn fp(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .take(8)
        .fold(0u64, |acc, b| (acc << 8) | u64::from(*b))
}

struct Case<'a> {
    name: String,
    ours: Box<dyn Fn() -> u64 + Sync + Send + 'a>,
    theirs: Box<dyn Fn() -> u64 + Sync + Send + 'a>,
}

fn case<'a>(
    name: &str,
    ours: impl Fn() -> u64 + Sync + Send + 'a,
    theirs: impl Fn() -> u64 + Sync + Send + 'a,
) -> Case<'a> {
    Case {
        name: name.to_string(),
        ours: Box::new(ours),
        theirs: Box::new(theirs),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_default();
    let budget = if args.iter().any(|a| a == "--full") {
        Budget::full()
    } else {
        Budget::quick()
    };
    let two = Threads::new(2).expect("build with --features parallel");
    let ks = fastkzg::mainnet();
    ks.warm_up();
    let ck = c_kzg::ethereum_kzg_settings(0);
    let fx = Fixture::new(64, true);
    let cblobs: Vec<CBlob> = fx.blobs.iter().map(|b| CBlob::new(**b)).collect();
    let ccom: Vec<CB48> = fx.commitments.iter().map(|c| CB48::new(*c)).collect();
    let cprf: Vec<CB48> = fx.proofs.iter().map(|c| CB48::new(*c)).collect();
    let z = random_scalar(7);
    let (pz, y) = ks.compute_kzg_proof(&fx.blobs[0], &z).expect("proof");
    let half: Vec<u64> = (0..128).filter(|i| i % 4 < 2).collect();
    let half_cells: Vec<Cell> = half.iter().map(|i| fx.cells[0][*i as usize]).collect();
    let half_ccells: Vec<CCell> = half_cells.iter().map(|c| CCell::new(*c)).collect();
    let ids128: Vec<u64> = (0..128).collect();
    let col16: Vec<u64> = vec![5; 16];
    let col16_cells: Vec<Cell> = (0..16).map(|b| fx.cells[b][5]).collect();
    let col16_proofs: Vec<Bytes48> = (0..16).map(|b| fx.cell_proofs[b][5]).collect();
    let col16_com: Vec<Bytes48> = fx.commitments[..16].to_vec();
    let cells0_c: Vec<CCell> = fx.cells[0].iter().map(|c| CCell::new(*c)).collect();
    let proofs0_c: Vec<CB48> = fx.cell_proofs[0].iter().map(|p| CB48::new(*p)).collect();
    let col16_ccells: Vec<CCell> = col16_cells.iter().map(|c| CCell::new(*c)).collect();
    let col16_cproofs: Vec<CB48> = col16_proofs.iter().map(|p| CB48::new(*p)).collect();
    let col16_ccom: Vec<CB48> = col16_com.iter().map(|c| CB48::new(*c)).collect();
    let com128_c = vec![ccom[0]; 128];
    let com128 = vec![fx.commitments[0]; 128];

    let b0 = &fx.blobs[0];
    let mut cases = vec![
        case(
            "blob_to_kzg_commitment",
            || fp(&ks.blob_to_kzg_commitment(b0).expect("ok")),
            || {
                fp(&ck
                    .blob_to_kzg_commitment(&cblobs[0])
                    .expect("ok")
                    .to_bytes()
                    .into_inner())
            },
        ),
        case(
            "compute_kzg_proof",
            || fp(&ks.compute_kzg_proof(b0, &z).expect("ok").0),
            || {
                let (p, _) = ck.compute_kzg_proof(&cblobs[0], &CB32::new(z)).expect("ok");
                fp(&p.to_bytes().into_inner())
            },
        ),
        case(
            "compute_blob_kzg_proof",
            || {
                fp(&ks
                    .compute_blob_kzg_proof(b0, &fx.commitments[0])
                    .expect("ok"))
            },
            || {
                let p = ck.compute_blob_kzg_proof(&cblobs[0], &ccom[0]).expect("ok");
                fp(&p.to_bytes().into_inner())
            },
        ),
        case(
            "verify_kzg_proof",
            || {
                u64::from(
                    ks.verify_kzg_proof(&fx.commitments[0], &z, &y, &pz)
                        .expect("ok"),
                )
            },
            || {
                u64::from(
                    ck.verify_kzg_proof(&ccom[0], &CB32::new(z), &CB32::new(y), &CB48::new(pz))
                        .expect("ok"),
                )
            },
        ),
        case(
            "verify_blob_kzg_proof",
            || {
                u64::from(
                    ks.verify_blob_kzg_proof(b0, &fx.commitments[0], &fx.proofs[0])
                        .expect("ok"),
                )
            },
            || {
                u64::from(
                    ck.verify_blob_kzg_proof(&cblobs[0], &ccom[0], &cprf[0])
                        .expect("ok"),
                )
            },
        ),
    ];
    for n in [1usize, 16, 64] {
        let (blobs, com, prf) = (&fx.blobs[..n], &fx.commitments[..n], &fx.proofs[..n]);
        let (cb, cc, cp) = (&cblobs[..n], &ccom[..n], &cprf[..n]);
        cases.push(case(
            &format!("verify_blob_kzg_proof_batch, {n}"),
            move || u64::from(ks.verify_blob_kzg_proof_batch(blobs, com, prf).expect("ok")),
            move || u64::from(ck.verify_blob_kzg_proof_batch(cb, cc, cp).expect("ok")),
        ));
    }
    cases.extend([
        case(
            "compute_cells",
            || fp(&ks.compute_cells(b0).expect("ok")[127]),
            || fp(&ck.compute_cells(&cblobs[0]).expect("ok")[127].to_bytes()),
        ),
        case(
            "compute_cells_and_kzg_proofs, p=0",
            || fp(&ks.compute_cells_and_kzg_proofs(b0).expect("ok").1[127]),
            || {
                let (_, p) = ck.compute_cells_and_kzg_proofs(&cblobs[0]).expect("ok");
                fp(&p[127].to_bytes().into_inner())
            },
        ),
        case(
            "recover_cells_and_kzg_proofs, half, p=0",
            || {
                let (c, p) = ks
                    .recover_cells_and_kzg_proofs(&half, &half_cells)
                    .expect("ok");
                fp(&c[3]) ^ fp(&p[3])
            },
            || {
                let (c, p) = ck
                    .recover_cells_and_kzg_proofs(&half, &half_ccells)
                    .expect("ok");
                fp(&c[3].to_bytes()) ^ fp(&p[3].to_bytes().into_inner())
            },
        ),
        case(
            "recover cells only (NULL proofs), half",
            || fp(&ks.recover_cells(&half, &half_cells).expect("ok")[3]),
            || fp(&ckzg_recover_cells(ck, &half, &half_ccells)[3].to_bytes()),
        ),
        case(
            "verify_cell_kzg_proof_batch, 128 × 1",
            || {
                u64::from(
                    ks.verify_cell_kzg_proof_batch(
                        &com128,
                        &ids128,
                        &fx.cells[0],
                        &fx.cell_proofs[0],
                    )
                    .expect("ok"),
                )
            },
            || {
                u64::from(
                    ck.verify_cell_kzg_proof_batch(&com128_c, &ids128, &cells0_c, &proofs0_c)
                        .expect("ok"),
                )
            },
        ),
        case(
            "verify_cell_kzg_proof_batch, column × 16",
            || {
                u64::from(
                    ks.verify_cell_kzg_proof_batch(&col16_com, &col16, &col16_cells, &col16_proofs)
                        .expect("ok"),
                )
            },
            || {
                u64::from(
                    ck.verify_cell_kzg_proof_batch(
                        &col16_ccom,
                        &col16,
                        &col16_ccells,
                        &col16_cproofs,
                    )
                    .expect("ok"),
                )
            },
        ),
    ]);
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default();
    let ifma = cfg!(target_arch = "x86_64")
        && std::arch::is_x86_feature_detected!("avx512ifma")
        && std::env::var_os("FASTKZG_NO_IFMA").is_none();
    println!(
        "{cpu}, {} CPUs; AVX-512 IFMA kernels {}; median time per call",
        fastkzg::default_thread_count(),
        if ifma { "on" } else { "off" }
    );
    println!();
    println!("| function | c-kzg 2.1.8 | fastkzg 1 thread | fastkzg 2 threads | 1T / c-kzg | 2T / c-kzg | 2T / 1T |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for c in cases.iter().filter(|c| c.name.contains(&filter)) {
        let mut contenders = vec![
            Contender {
                label: "c-kzg".into(),
                threads: Threads::caller(),
                job: Box::new(|| (c.theirs)()),
                batch: None,
            },
            Contender {
                label: "1T".into(),
                threads: Threads::caller(),
                job: Box::new(|| (c.ours)()),
                batch: None,
            },
            Contender {
                label: "2T".into(),
                threads: two.clone(),
                job: Box::new(|| (c.ours)()),
                batch: None,
            },
        ];
        let out = measure(&mut contenders, &budget);
        assert_eq!(
            out[1].fingerprint, out[2].fingerprint,
            "{}: 1 and 2 threads disagree",
            c.name
        );
        let (ck_t, t1, t2) = (
            out[0].stats.median,
            out[1].stats.median,
            out[2].stats.median,
        );
        println!(
            "| {} | {} | {} | {} | {:.2} | {:.2} | {:.2} |",
            c.name,
            fmt_time(ck_t),
            fmt_time(t1),
            fmt_time(t2),
            t1 / ck_t,
            t2 / ck_t,
            t2 / t1
        );
    }
}
