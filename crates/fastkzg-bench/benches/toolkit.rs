//! The KZG10 toolkit of fastkzg on every backend: Fr and G1 FFTs (2^4..2^15;
//! G1 only to 2^12 with `--quick` or `FASTKZG_BENCH_QUICK=1`), the DAS
//! extension (2^4..2^15), variable-base MSM (`Backend::g1_msm`, 2^6..2^16
//! points), fixed-base MSM of the 4096 setup points (`msm::FixedBaseMsm`,
//! windows 8 and 13), FK20 multi-proofs (`kzg::Fk20`, without and with
//! tables), zero polynomials and erasure recovery. Parallel paths (G1 FFT
//! parallel, fixed-base MSM, FK20) run at 1 and 2 threads with the
//! `parallel` feature.
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench toolkit -- --quick
//! cargo bench -p fastkzg-bench --all-features --bench toolkit -- fk20
//! ```
//!
//! Benchmark ids: group = case (`g1_fft`, `fk20_multi_proofs`, ...), function
//! = backend plus thread count, parameter = size.

use criterion::{BenchmarkId, Criterion, SamplingMode};
use fastkzg::Backend;
use fastkzg_bench::threads::Threads;
use fastkzg_bench::toolkit::{Tool, ToolkitInputs};

fn backend<B: Backend>(c: &mut Criterion, quick: bool) {
    let configs = Threads::configs();
    let serial = Threads::new(1).unwrap_or_else(Threads::caller);
    let inp = serial.run(ToolkitInputs::<B>::new);
    let tools = Tool::all(quick);
    let mut groups: Vec<&'static str> = tools.iter().map(|t| t.group()).collect();
    groups.dedup();
    for g in groups {
        let mut group = c.benchmark_group(g);
        group.sampling_mode(SamplingMode::Flat);
        for tool in tools.iter().filter(|t| t.group() == g) {
            let threads: Vec<Threads> = if tool.parallel() {
                configs.clone()
            } else {
                vec![serial.clone()]
            };
            for t in threads {
                let name = if tool.parallel() && t.has_pool() {
                    format!("{}_{}", B::NAME, t.suffix())
                } else {
                    B::NAME.to_string()
                };
                let mut job = t.run(|| inp.job(*tool));
                fastkzg_bench::crit::bench_job(
                    &mut group,
                    BenchmarkId::new(name, tool.param_label().replace(' ', "_")),
                    &t,
                    &mut job,
                );
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
