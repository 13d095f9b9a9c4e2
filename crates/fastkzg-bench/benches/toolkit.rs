//! The KZG10 toolkit of fastkzg on every backend under criterion: Fr and
//! G1 FFTs (2^4..2^15; G1 only to 2^12 with `--quick` or
//! `FASTKZG_BENCH_QUICK=1`), the DAS extension, variable-base MSM
//! (2^6..2^16 points), fixed-base MSM of the 4096 setup points (windows 8
//! and 13), FK20 multi-proofs (without and with tables), zero polynomials
//! and erasure recovery. Parallel paths (G1 FFT parallel, fixed-base MSM,
//! FK20) also run at 2 threads with the `parallel` feature. The Ethereum
//! API is measured against its peers by the report (`--bin report`).
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench toolkit -- --quick
//! cargo bench -p fastkzg-bench --all-features --bench toolkit -- fk20
//! ```
//!
//! Benchmark ids: group = case (`g1_fft`, `fk20_multi_proofs`, ...), function
//! = backend (plus `_2T`), parameter = size.

use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode};
use fastkzg::Backend;
use fastkzg_bench::threads::Threads;
use fastkzg_bench::toolkit::{Tool, ToolkitInputs};

fn backend<B: Backend>(c: &mut Criterion, quick: bool) {
    let (one, two) = (Threads::caller(), Threads::new(2));
    let inp = ToolkitInputs::<B>::mainnet();
    let tools = Tool::all(quick);
    let mut groups: Vec<&'static str> = tools.iter().map(|t| t.group()).collect();
    groups.dedup();
    for g in groups {
        let mut group = c.benchmark_group(g);
        group.sampling_mode(SamplingMode::Flat);
        for tool in tools.iter().filter(|t| t.group() == g) {
            let mut runs = vec![(B::NAME.to_string(), one.clone())];
            if let Some(two) = two.clone().filter(|_| tool.parallel()) {
                runs.push((format!("{}_2T", B::NAME), two));
            }
            for (name, t) in runs {
                let mut job = t.run(|| inp.job(*tool));
                let id = BenchmarkId::new(name, tool.param_label().replace(' ', "_"));
                // The pool is entered once per batch of iterations.
                group.bench_function(id, |b| {
                    b.iter_custom(|iters| {
                        t.run(|| {
                            let start = Instant::now();
                            for _ in 0..iters {
                                std::hint::black_box(job());
                            }
                            start.elapsed()
                        })
                    })
                });
            }
        }
        group.finish();
    }
}

fn main() {
    let quick = fastkzg_bench::quick_mode();
    // 10 samples, 1 s warm-up, 3 s measurement (criterion stretches it for
    // slow cases); plots when a font is found. Arguments apply on top.
    let c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let fonts = fastkzg_bench::charts::register_fonts().is_some();
    let mut c = if fonts { c } else { c.without_plots() }.configure_from_args();
    backend::<fastkzg::Blst>(&mut c, quick);
    #[cfg(feature = "arkworks")]
    backend::<fastkzg::Arkworks>(&mut c, quick);
    #[cfg(feature = "zkcrypto")]
    backend::<fastkzg::Zkcrypto>(&mut c, quick);
    #[cfg(feature = "mcl")]
    backend::<fastkzg::Mcl>(&mut c, quick);
    c.final_summary();
}
