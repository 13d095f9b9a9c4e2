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

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, SamplingMode};
use fastkzg::Backend;
use fastkzg_bench::measure::time_calls;
use fastkzg_bench::threads::Threads;
use fastkzg_bench::toolkit::{Tool, ToolkitInputs};

fn backend<B: Backend>(c: &mut Criterion, quick: bool) {
    let (one, two) = (Threads::default(), Threads::new(2));
    let inp = ToolkitInputs::<B>::mainnet();
    for tools in Tool::all(quick).chunk_by(|a, b| a.group() == b.group()) {
        let mut group = c.benchmark_group(tools[0].group());
        group.sampling_mode(SamplingMode::Flat);
        for tool in tools {
            let two = two.as_ref().filter(|_| tool.parallel());
            let two = two.map(|t| (format!("{}_2T", B::NAME), t.clone()));
            for (name, t) in [(B::NAME.to_string(), one.clone())].into_iter().chain(two) {
                let mut job = t.run(|| inp.job(*tool));
                let id = BenchmarkId::new(name, tool.info().2.replace(' ', "_"));
                // The pool is entered once per batch of iterations.
                group.bench_function(id, |b| b.iter_custom(|n| time_calls(&t, &mut job, n).0));
            }
        }
        group.finish();
    }
}

fn main() {
    // The quick path: `--quick` (also criterion's own flag) or FASTKZG_BENCH_QUICK set.
    let quick = std::env::args().any(|a| a == "--quick");
    let quick = quick || std::env::var_os("FASTKZG_BENCH_QUICK").is_some();
    // 10 samples, 1 s warm-up, 3 s measurement (criterion stretches it for
    // slow cases), no plots. Arguments apply on top.
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .without_plots()
        .configure_from_args();
    fastkzg_bench::each_backend!(|B| backend::<B>(&mut c, quick));
    c.final_summary();
}
