//! Glue between the case table and criterion, shared by the bench files.

use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode};

use crate::cases::{Case, Inputs, Job, Lib};
use crate::threads::Threads;

/// The criterion configuration of every bench file: 10 samples, 1 s
/// warm-up, 3 s measurement (criterion stretches it for slow cases); plots
/// when a font is found ([`crate::charts`]). Command-line arguments
/// (`--quick`, filters, `--save-baseline`, ...) apply on top.
pub fn config() -> Criterion {
    let c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let c = if crate::charts::register_fonts().is_some() {
        c
    } else {
        c.without_plots()
    };
    c.configure_from_args()
}

/// Benchmarks one job on its threads; the pool is entered once per batch
/// of iterations, not per call.
pub fn bench_job(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: BenchmarkId,
    threads: &Threads,
    job: &mut Job<'_>,
) {
    group.bench_function(id, |b| {
        b.iter_custom(|iters| {
            threads.run(|| {
                let t = Instant::now();
                for _ in 0..iters {
                    std::hint::black_box(job());
                }
                t.elapsed()
            })
        })
    });
}

/// One criterion group per case, one benchmark per library that has it.
pub fn bench_cases(c: &mut Criterion, cases: &[Case], libs: &[Lib], inputs: &Inputs) {
    for case in cases {
        let mut group = c.benchmark_group(&case.key);
        group.sampling_mode(SamplingMode::Flat);
        for lib in libs {
            if let Some(mut job) = lib.job(case, inputs) {
                let id = BenchmarkId::from_parameter(lib.label().replace(' ', "_"));
                bench_job(&mut group, id, &lib.threads(), &mut job);
            }
        }
        group.finish();
    }
}

/// The libraries of the bench files: fastkzg on every backend (and at 2
/// threads with the `parallel` feature), c-kzg and rust_eth_kzg (default
/// build, blst's pool pinned to one worker), at `precomputes`.
pub fn libs(precomputes: &[usize]) -> Vec<Lib> {
    crate::peers::pin_blst_pool_to_one_thread();
    let mut libs = crate::cases::fastkzg_backends(&Threads::caller(), precomputes);
    if let Some(two) = Threads::new(2).filter(|_| cfg!(feature = "parallel")) {
        libs.push(Lib::fastkzg::<fastkzg::Blst>(&two, precomputes));
    }
    libs.push(Lib::ckzg(precomputes));
    libs.push(Lib::rust_eth_kzg(
        "rust-eth-kzg",
        &Threads::caller(),
        precomputes,
    ));
    libs
}
