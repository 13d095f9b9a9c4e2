//! The KZG10 toolkit of fastkzg on every backend: Fr and G1 FFTs (2^4..2^15;
//! G1 only to 2^12 with `--quick` or `FASTKZG_BENCH_QUICK=1`), the DAS
//! extension, variable-base MSM (2^6..2^16 points), fixed-base MSM of the
//! 4096 setup points (windows 8 and 13), FK20 multi-proofs (without and
//! with tables), zero polynomials and erasure recovery. Parallel paths (G1
//! FFT parallel, fixed-base MSM, FK20) also run at 2 threads with the
//! `parallel` feature.
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench toolkit -- --quick
//! cargo bench -p fastkzg-bench --all-features --bench toolkit -- fk20
//! ```
//!
//! Benchmark ids: group = case (`g1_fft`, `fk20_multi_proofs`, ...), function
//! = backend (plus `_2T`), parameter = size.

use criterion::{BenchmarkId, Criterion, SamplingMode};
use fastkzg::Backend;
use fastkzg_bench::threads::Threads;
use fastkzg_bench::toolkit::{Tool, ToolkitInputs};

fn backend<B: Backend>(c: &mut Criterion, quick: bool) {
    let one = Threads::caller();
    let two = Threads::new(2);
    let inp = ToolkitInputs::<B>::new();
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
                fastkzg_bench::crit::bench_job(&mut group, id, &t, &mut job);
            }
        }
        group.finish();
    }
}

fn main() {
    let quick = fastkzg_bench::quick_mode();
    let mut c = fastkzg_bench::crit::config();
    backend::<fastkzg::Blst>(&mut c, quick);
    #[cfg(feature = "arkworks")]
    backend::<fastkzg::Arkworks>(&mut c, quick);
    c.final_summary();
}
