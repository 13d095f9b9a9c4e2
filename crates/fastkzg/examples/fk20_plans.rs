//! Speed and memory of FK20 row-MSM table plans, for ranking the
//! candidates of `ethereum/precompute.rs` (docs/precompute.md): each
//! argument names a plan (`n0` no table, `gN` subset sums over groups of at
//! most N points, `wN` a window-N Pippenger table); all are built, then
//! `ROUNDS` (default 7) interleaved rounds of one serial `multi_proofs`
//! each; prints the median thread CPU time (unaffected by time spent
//! descheduled on a shared machine) and the speed-up over the first plan.
//!
//! ```text
//! FASTKZG_NO_IFMA=1 cargo run --release -p fastkzg --features parallel --example fk20_plans -- n0 g8 g10 w9
//! ```
use fastkzg::backend::{Backend, Scalar};
use fastkzg::kzg::Fk20;
use fastkzg::{Blst, KzgSettings};
use std::time::Instant;
type Fr = <Blst as Backend>::Fr;

/// CPU time of the calling thread (unaffected by time spent descheduled).
fn cpu_now() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn main() {
    let s = KzgSettings::<Blst>::load_mainnet(0).unwrap();
    let base = Fk20::<Blst>::new(s.srs(), 4096, 64, 0).unwrap();
    let rows = base.rows().to_vec();
    let coeffs: Vec<Fr> = (0..4096u64)
        .map(|i| Fr::from_u64(i * 7919 + 3).square().square())
        .collect();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    let mut plans = Vec::new();
    for a in &args {
        let (kind, v) = a.split_at(1);
        let v: usize = v.parse().unwrap();
        let t0 = Instant::now();
        let mut f =
            Fk20::<Blst>::from_rows(4096, 64, rows.clone(), if kind == "w" { v } else { 0 })
                .unwrap();
        if kind == "g" {
            f.build_subset_sum_tables(v);
        }
        f.warm_up();
        let build = t0.elapsed();
        plans.push((a.clone(), f, build, Vec::new()));
    }
    for _ in 0..rounds {
        for (_, f, _, times) in plans.iter_mut() {
            let t = cpu_now();
            let p = fastkzg::run_serial(|| f.multi_proofs(&coeffs).unwrap());
            std::hint::black_box(p);
            times.push(cpu_now() - t);
        }
    }
    let base_med = {
        let mut t = plans[0].3.clone();
        t.sort_by(|a, b| a.partial_cmp(b).unwrap());
        t[t.len() / 2]
    };
    for (a, f, build, times) in plans.iter_mut() {
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let med = times[times.len() / 2];
        println!(
            "{a:>4} mem {:7.1} MiB build {:6.2}s proofs {:7.1} ms  speed-up {:.2}",
            f.memory_bytes() as f64 / 1048576.0,
            build.as_secs_f64(),
            med * 1e3,
            base_med / med
        );
    }
}
