//! Glue between the case definitions and criterion, shared by the bench
//! files.

use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode};

use crate::cases::{Inputs, Job, Lib, Op};
use crate::threads::Threads;

/// The criterion configuration of every bench file: 10 samples, 1 s
/// warm-up, 3 s measurement (criterion stretches it for slow cases), flat
/// sampling for calls of many milliseconds. Plots are drawn when a font is
/// found (plotters is built with `ab_glyph`, see [`crate::charts`]).
/// Command-line arguments (`--quick`, filters, `--save-baseline`, ...) apply
/// on top.
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

/// Benchmarks one job on its threads; the pool is entered once per batch of
/// iterations, not per call.
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

/// One criterion group per op, one benchmark per library that has the op.
pub fn bench_ops(c: &mut Criterion, ops: &[Op], libs: &[&dyn Lib], inputs: &Inputs) {
    for op in ops {
        let mut jobs: Vec<(String, Threads, Job<'_>)> = libs
            .iter()
            .filter_map(|l| Some((l.label(), l.threads().clone(), l.job(*op, inputs)?)))
            .collect();
        if jobs.is_empty() {
            continue;
        }
        let mut group = c.benchmark_group(op.key());
        group.sampling_mode(SamplingMode::Flat);
        for (label, threads, job) in jobs.iter_mut() {
            bench_job(
                &mut group,
                BenchmarkId::from_parameter(label.replace(' ', "_")),
                threads,
                job,
            );
        }
        group.finish();
    }
}
