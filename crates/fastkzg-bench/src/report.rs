//! The report command: measures the Ethereum API, trusted-setup loading,
//! the toolkit and memory, then writes `BENCHMARKS.md` and the raw results
//! (`docs/bench-results.tsv`).
//!
//! This process writes the inputs once (a fixture file); one child process
//! per table measures every library interleaved on them: at one thread
//! this executable (`--child`), at two the package `fastkzg-bench-mt`
//! (built on its own so that rust_eth_kzg's `multithreaded` feature reaches
//! no other build), each with go-eth-kzg beside it; where fastkzg runs its
//! IFMA kernels, again with `FASTKZG_NO_IFMA=1`. Then, in this process,
//! the toolkit and memory ([`crate::memory`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use clap::Parser;
use fastkzg::Backend;

use crate::cases::{all_cases, fastkzg_backends, fastkzg_label, Case, Inputs, Lib, PRECOMPUTES};
use crate::gopeer::{self, GoServer};
use crate::measure::{fmt_time, measure, Budget, Contender, Outcome, Stats};
use crate::threads::Threads;
use crate::toolkit::{Tool, ToolkitInputs};

/// Measures fastkzg against c-kzg 2.1.8, rust_eth_kzg 0.10.0 and (with Go
/// installed) go-eth-kzg 1.5.0 and writes BENCHMARKS.md and
/// docs/bench-results.tsv.
#[derive(Parser, Clone, Debug, Default)]
#[command(name = "report")]
pub struct Args {
    /// A few minutes: 2 s per function, fewer cases (the default is --full).
    #[arg(long, conflicts_with = "smoke")]
    pub quick: bool,
    /// One sample each: checks that everything runs (timings meaningless).
    #[arg(long)]
    pub smoke: bool,
    /// More samples and every case (the default).
    #[arg(long, conflicts_with_all = ["quick", "smoke"])]
    pub full: bool,
    /// Leave out the go-eth-kzg column.
    #[arg(long)]
    pub no_go: bool,
    /// Leave out the column of fastkzg's C ABI (the `fastkzg-c` shared
    /// library, built by the report).
    #[arg(long)]
    pub no_c_abi: bool,
    /// Leave out trusted-setup loading.
    #[arg(long)]
    pub no_setup: bool,
    /// Only cases whose key contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Where BENCHMARKS.md and docs/ go (default: the workspace root).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Rewrite BENCHMARKS.md from a results file (default
    /// OUT/docs/bench-results.tsv) without measuring.
    /// (Without a value clap gives `Some(None)`: an empty default would be
    /// refused by its path parser.)
    #[arg(long, num_args = 0..=1)]
    pub replot: Option<Option<PathBuf>>,
    /// Internal: measure one table and print its results (TSV).
    #[arg(long, hide = true)]
    pub child: bool,
    /// Internal: the child's thread count.
    #[arg(long, hide = true, default_value_t = 1)]
    pub threads: usize,
    /// Internal: the inputs of the child.
    #[arg(long, hide = true)]
    pub fixture: Option<PathBuf>,
    /// Internal: fastkzg's C ABI library the child loads.
    #[arg(long, hide = true)]
    pub c_abi: Option<PathBuf>,
    /// Internal: the Go peer the child serves.
    #[arg(long, hide = true)]
    pub go_exe: Option<PathBuf>,
    /// Internal: the memory probe of LIB at precompute P (a fresh process).
    #[arg(long, hide = true, num_args = 2, value_names = ["LIB", "P"])]
    pub probe: Option<Vec<String>>,
}

impl Args {
    /// The mode's name: `quick`, `full` or `smoke`.
    pub fn mode(&self) -> &'static str {
        match (self.quick, self.smoke) {
            (true, _) => "quick",
            (_, true) => "smoke",
            _ => "full",
        }
    }

    /// The arguments of a child process at `n` threads (`api`: no setup).
    fn child_args(&self, n: usize, fixture: &Path, peers: &Peers, api: bool) -> Vec<String> {
        let path = |flag: &str, p: &PathBuf| format!("--{flag}={}", p.display());
        let mut a = vec![format!("--{}", self.mode()), format!("--threads={n}")];
        a.extend(["--child".into(), path("fixture", &fixture.into())]);
        a.extend(peers.go.iter().map(|g| path("go-exe", g)));
        a.extend(peers.c_abi.iter().map(|c| path("c-abi", c)));
        a.extend(self.only.iter().map(|o| format!("--only={o}")));
        a.extend((self.no_setup || api).then(|| "--no-setup".into()));
        a
    }

    /// The cases this run measures at `threads` threads.
    fn cases(&self, threads: usize) -> Vec<Case> {
        let file = |c: &Case| c.key.starts_with("load_trusted_setup_file");
        let mut cases = all_cases();
        cases.retain(|c| !(self.no_setup && c.is_setup()));
        cases.retain(|c| !(self.quick && (c.full_only || threads > 1 && file(c))));
        cases.retain(|c| self.only.as_deref().is_none_or(|o| c.key.contains(o)));
        cases
    }
}

/// What the comparison processes load besides the Rust libraries: the Go
/// peer's program and fastkzg's C ABI library, when built.
#[derive(Default)]
struct Peers {
    go: Option<PathBuf>,
    c_abi: Option<PathBuf>,
}

/// One measurement: a time (statistics over samples) or, in the memory
/// sections, a single value (its median).
#[derive(Clone, Debug)]
pub struct TimeRow {
    /// `api-1t`, `setup-1t`, `api-2t`, `setup-2t`, each with `-noifma` when
    /// fastkzg ran without its IFMA kernels; `toolkit`; `settings` and
    /// `probe` ([`crate::memory`]).
    pub section: String,
    /// The case key, toolkit group or memory quantity.
    pub case: String,
    /// The toolkit parameter or precompute level (0 for the API).
    pub param: u64,
    /// The row title.
    pub title: String,
    /// The library.
    pub label: String,
    /// Threads used.
    pub threads: usize,
    /// Statistics.
    pub stats: Stats,
}

impl TimeRow {
    /// A row from `[section, case, title, label]` and the other fields.
    pub fn new(text: [&str; 4], param: u64, threads: usize, stats: Stats) -> Self {
        let [section, case, title, label] = text.map(String::from);
        TimeRow {
            section,
            case,
            param,
            title,
            label,
            threads,
            stats,
        }
    }

    /// A single value (the memory sections).
    pub fn value(section: &str, case: &str, param: usize, label: &str, v: f64) -> Self {
        let stats = Stats::from_samples(vec![v], 1);
        TimeRow::new([section, case, case, label], param as u64, 1, stats)
    }
}

/// Everything a report run produced.
#[derive(Clone, Debug, Default)]
pub struct Results {
    /// Metadata, in order.
    pub meta: Vec<(String, String)>,
    /// Measurements.
    pub times: Vec<TimeRow>,
    /// Problems met (result mismatches, failed steps).
    pub notes: Vec<String>,
}

impl Results {
    /// A metadata value.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.meta.iter().find(|m| m.0 == key).map(|m| m.1.as_str())
    }

    fn set_meta(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into().replace(['\t', '\n'], " ");
        self.meta.retain(|m| m.0 != key);
        self.meta.push((key.into(), value));
    }

    /// The results as TSV (see [`Results::from_tsv`]).
    pub fn to_tsv(&self) -> String {
        let mut s = String::from("# fastkzg-bench results (times in seconds per call)\n");
        for (k, v) in &self.meta {
            s += &format!("meta\t{k}\t{v}\n");
        }
        for r in &self.times {
            let (p, t, st) = (r.param.to_string(), r.threads.to_string(), &r.stats);
            let head = [&*r.section, &r.case, &p, &r.title, &r.label, &t].join("\t");
            let q = st.q.map(|v| format!("\t{v:e}")).concat();
            s += &format!("time\t{head}{q}\t{}\t{}\n", st.samples, st.iters);
        }
        for n in &self.notes {
            s += &format!("note\t{}\n", n.replace(['\t', '\n'], " "));
        }
        s
    }

    /// Parses [`Results::to_tsv`].
    pub fn from_tsv(text: &str) -> Result<Self, String> {
        let mut r = Results::default();
        let data = |l: &&str| !l.starts_with('#') && !l.is_empty();
        for line in text.lines().filter(data) {
            let f: Vec<&str> = line.split('\t').collect();
            let bad = || format!("cannot parse {line:?}");
            let num = |i: usize| f[i].parse::<f64>().map_err(|_| bad());
            let int = |i: usize| f[i].parse::<usize>().map_err(|_| bad());
            match (f[0], f.len()) {
                ("meta", 3) => r.meta.push((f[1].into(), f[2].into())),
                ("note", 2) => r.notes.push(f[1].into()),
                ("time", 14) => {
                    let [a, b, c, d, e] = [7, 8, 9, 10, 11].map(num);
                    let (samples, iters) = (int(12)?, int(13)? as u64);
                    let q = [a?, b?, c?, d?, e?];
                    let stats = Stats { q, samples, iters };
                    let p = int(3)? as u64;
                    let row = TimeRow::new([f[1], f[2], f[4], f[5]], p, int(6)?, stats);
                    r.times.push(row);
                }
                _ => return Err(bad()),
            }
        }
        Ok(r)
    }

    /// The median of `label` in `section` for `case` at `param` (0 in the
    /// API and setup sections).
    pub fn value(&self, section: &str, case: &str, param: u64, label: &str) -> Option<f64> {
        let key = (section, case, param, label);
        let row = |t: &&TimeRow| key == (&*t.section, &*t.case, t.param, &*t.label);
        self.times.iter().find(row).map(|t| t.stats.median())
    }

    /// Labels present in `sections`, in order of first appearance.
    pub fn labels(&self, sections: &[&str]) -> Vec<String> {
        self.distinct(sections, |t| t.label.clone())
    }

    /// (section, case, title) present in `sections`, in order.
    pub fn cases(&self, sections: &[&str]) -> Vec<(String, String, String)> {
        let key = |t: &TimeRow| (t.section.clone(), t.case.clone(), t.title.clone());
        self.distinct(sections, key)
    }

    /// `key` of each row in `sections`, without repeats, in order.
    pub fn distinct<T: PartialEq>(&self, sections: &[&str], key: impl Fn(&TimeRow) -> T) -> Vec<T> {
        let mut out: Vec<T> = Vec::new();
        let in_sections = |t: &&TimeRow| sections.contains(&t.section.as_str());
        for t in self.times.iter().filter(in_sections) {
            let k = key(t);
            if !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }

    /// Records a problem (and prints it).
    pub fn note(&mut self, msg: String) {
        eprintln!("warning: {msg}");
        self.notes.push(msg);
    }
}

/// The report's entry point, with the label of rust_eth_kzg in this build
/// (`rust-eth-kzg`; the package `fastkzg-bench-mt` passes `rust-eth-kzg MT`);
/// returns the exit code.
pub fn main_with(rek_label: &str) -> i32 {
    let args = Args::parse();
    let result = match (&args.probe, args.child) {
        (Some(p), _) => crate::memory::probe_main(&p[0], &p[1], args.fixture.as_deref()),
        (None, true) => run_child(&args, rek_label),
        (None, false) => run(&args),
    };
    if let Err(e) = &result {
        eprintln!("report: {e}");
    }
    i32::from(result.is_err())
}

/// Logs a line with the seconds since `start`.
macro_rules! log {
    ($start:expr, $($fmt:tt)*) => {
        eprintln!("[{:>6.1}s] {}", $start.elapsed().as_secs_f64(), format!($($fmt)*))
    };
}

/// Whether fastkzg's blst backend runs its AVX-512 IFMA kernels in this
/// process.
pub fn ifma_used() -> bool {
    fastkzg::msm::dispatch::kernels::<fastkzg::Blst>()
}

fn ifma_state() -> String {
    let off = std::env::var_os("FASTKZG_NO_IFMA").is_some_and(|v| !v.is_empty() && v != "0");
    match (ifma_used(), off) {
        (true, _) => "used".into(),
        (false, true) => "not used: turned off by FASTKZG_NO_IFMA=1 (blst's own arithmetic)".into(),
        (false, false) => "not used: the CPU has no AVX-512 IFMA (blst's own arithmetic)".into(),
    }
}

/// Runs the report (not a child).
pub fn run(args: &Args) -> Result<(), String> {
    let out_dir = args.out.clone().unwrap_or_else(crate::workspace_root);
    if let Some(file) = &args.replot {
        let tsv = out_dir.join("docs/bench-results.tsv");
        let file = file.as_ref().unwrap_or(&tsv);
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        return crate::markdown::write_outputs(&Results::from_tsv(&text)?, &out_dir);
    }
    let start = Instant::now();
    let mut res = Results::default();
    crate::markdown::collect_meta(&mut res);
    let (mode, ifma) = (args.mode(), ifma_state());
    let cpu = res.meta("cpu").unwrap_or("?");
    log!(start, "mode {mode}; {cpu}; IFMA {ifma}");
    res.set_meta("mode", mode);
    res.set_meta("ifma", ifma);
    comparisons(args, &mut res, start);
    toolkit(args, &mut res, start);
    crate::memory::measure(args.mode(), &mut res, &mut |m| log!(start, "{m}"));
    res.set_meta("runtime", format!("{:.0} s", start.elapsed().as_secs_f64()));
    res.set_meta("load_end", crate::markdown::load_average());
    crate::markdown::write_outputs(&res, &out_dir)?;
    log!(start, "wrote {}", out_dir.join("BENCHMARKS.md").display());
    Ok(())
}

/// The cargo target directory: `CARGO_TARGET_DIR`, else the one this
/// executable was built in (`target/<profile>/report`).
fn target_dir() -> Result<PathBuf, String> {
    if let Some(t) = std::env::var_os("CARGO_TARGET_DIR") {
        return Ok(t.into());
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = exe.parent().and_then(Path::parent).map(Path::to_path_buf);
    dir.ok_or_else(|| "cannot tell the target directory".into())
}

/// The comparison tables: the fixture, the Go peer, then one child process
/// per table (one and two threads; again without IFMA where it is used).
fn comparisons(args: &Args, res: &mut Results, start: Instant) {
    let pid = std::process::id();
    let fixture = std::env::temp_dir().join(format!("fastkzg-bench-{pid}.fixture"));
    log!(start, "inputs: 64 blobs with their proofs and cells");
    if let Err(e) = write_fixture(&fixture) {
        let e = format!("no comparison: the fixture could not be written: {e}");
        return res.note(e);
    }
    type Build = fn(&Path) -> Result<PathBuf, String>;
    let mut build = |skip: bool, label: &str, how: &str, build: Build| {
        (!skip).then(|| log!(start, "{label}: {how}"))?;
        let built = target_dir().and_then(|t| build(&t));
        built
            .map_err(|e| res.note(format!("{label} column left out: {e}")))
            .ok()
    };
    let go = "go build in crates/fastkzg-bench/go";
    let go = build(args.no_go, gopeer::LABEL, go, gopeer::build);
    let c = "cargo build --release -p fastkzg-c";
    let c_abi = build(args.no_c_abi, crate::cabi::LABEL, c, crate::cabi::build);
    let peers = Peers { go, c_abi };
    // The no-IFMA runs only where IFMA is used.
    let runs = [(1, false), (2, false), (1, true), (2, true)];
    for (threads, no_ifma) in runs.into_iter().filter(|r| !r.1 || ifma_used()) {
        let child_args = args.child_args(threads, &fixture, &peers, no_ifma);
        let mut cmd = if threads == 1 {
            Command::new(std::env::current_exe().unwrap_or_else(|_| "report".into()))
        } else {
            let t = target_dir().unwrap_or_else(|_| crate::workspace_root().join("target"));
            let mut c = crate::cargo("run --release -p fastkzg-bench-mt", &t);
            c.arg("--");
            c
        };
        cmd.envs(no_ifma.then_some(("FASTKZG_NO_IFMA", "1")));
        // The C ABI's pool (the Rust libraries get explicit pools).
        cmd.env(fastkzg::NUM_THREADS_ENV, threads.to_string());
        let off = if no_ifma { ", FASTKZG_NO_IFMA=1" } else { "" };
        let what = format!("{threads} thread(s){off}");
        log!(start, "comparison at {what}: child process");
        match child_results(cmd.args(child_args)) {
            Ok(child) => {
                let first = threads == 1 && !no_ifma;
                let keep = |k: &str| k == "go_peer" || (first && k == "rek_blst_pool_threads");
                for (k, v) in child.meta.into_iter().filter(|m| keep(&m.0)) {
                    res.set_meta(&k, v);
                }
                res.times.extend(child.times);
                res.notes.extend(child.notes);
            }
            Err(e) => res.note(format!("comparison at {what} not run: {e}")),
        }
    }
    let _ = std::fs::remove_file(&fixture);
}

/// Writes the comparison inputs, 64 random blobs and everything computed
/// from them, to `path`.
fn write_fixture(path: &Path) -> Result<(), String> {
    let ks = fastkzg::KzgSettings::load_mainnet(8).map_err(|e| e.to_string())?;
    let saved = crate::Fixture::new(&ks, 64).save(path);
    saved.map_err(|e| e.to_string())
}

/// Runs a child process that prints its results (TSV); its log goes to
/// stderr.
pub fn child_results(cmd: &mut Command) -> Result<Results, String> {
    cmd.stderr(Stdio::inherit());
    let out = cmd.output().map_err(|e| e.to_string())?;
    match out.status.success() {
        true => Results::from_tsv(&String::from_utf8_lossy(&out.stdout)),
        false => Err(format!("child failed: {}", out.status)),
    }
}

/// A child process: one table (the API and setup cases at `--threads`).
fn run_child(args: &Args, rek_label: &str) -> Result<(), String> {
    let n = args.threads;
    // First of all, before rust_eth_kzg is touched: blst's pool gets one
    // worker per thread of this table.
    let pool = crate::peers::pin_blst_pool(n);
    let start = Instant::now();
    let threads = Threads::new(n).ok_or("this build has no thread pools (feature `parallel`)")?;
    let fixture = args.fixture.as_ref().ok_or("--child needs --fixture")?;
    let fx = crate::Fixture::load(fixture).map_err(|e| format!("{}: {e}", fixture.display()))?;
    let inputs = Inputs::new(fx);
    let ifma = ifma_used();
    let tag = format!("[{n}T{}]", if ifma { "" } else { " no IFMA" });
    log!(start, "{tag} loading the libraries (precompute 0 and 8)");
    let mut libs = fastkzg_backends(&threads, &PRECOMPUTES);
    libs.push(Lib::ckzg(&PRECOMPUTES));
    libs.push(Lib::rust_eth_kzg(rek_label, &threads, &PRECOMPUTES));
    let mut res = Results::default();
    let left_out = |label: &str, e: &str| format!("{label} at {n} thread(s) left out: {e}");
    if let Some(path) = &args.c_abi {
        match Lib::cabi(path, n, &PRECOMPUTES) {
            Ok(lib) => libs.insert(1, lib),
            Err(e) => res.note(left_out(crate::cabi::LABEL, &e)),
        }
    }
    res.set_meta("rek_blst_pool_threads", pool.to_string());
    let exe = args.go_exe.as_deref();
    let go = exe.map(|e| GoServer::start(e, fixture, n));
    let mut go = go.and_then(|g| {
        let e = g.as_ref().err();
        e.inspect(|e| res.note(left_out(gopeer::LABEL, e)));
        g.ok().inspect(|g| res.set_meta("go_peer", &g.versions))
    });
    let budget = Budget::of(args.mode());
    let setup_budget = Budget {
        min_samples_slow: budget.min_samples_slow.clamp(1, 2),
        ..budget.clone()
    };
    for case in args.cases(n) {
        let part = if case.is_setup() { "setup" } else { "api" };
        let section = format!("{part}-{n}t{}", if ifma { "" } else { "-noifma" });
        // rust_eth_kzg's JSON-file load is left out in quick mode.
        let skip_rek = args.quick && case.key.starts_with("load_trusted_setup_file");
        let rek = |l: &&Lib| skip_rek && l.label.starts_with("rust-eth-kzg");
        let libs = libs.iter().filter(|l| !rek(l));
        let mut cs: Vec<Contender> = libs.filter_map(|l| l.contender(&case, &inputs)).collect();
        if cs.is_empty() {
            continue;
        }
        if let Some(g) = go.as_mut() {
            if g.select(&case, &inputs) {
                cs.push(g.contender());
            }
        }
        let b = [&budget, &setup_budget][usize::from(case.is_setup())];
        let mut outcomes = measure(&mut cs, b);
        drop(cs);
        let is_go = |o: &Outcome| o.label.starts_with(gopeer::LABEL);
        let go_row = outcomes.iter().position(is_go);
        if let Some((e, i)) = go.as_ref().and_then(|g| g.failed.as_ref()).zip(go_row) {
            let (label, key) = (gopeer::LABEL, &case.key);
            res.note(format!("{label} at {n} thread(s) stopped at {key}: {e}"));
            outcomes.remove(i);
        }
        let first = &outcomes[0];
        let differs = |o: &&Outcome| o.fingerprint != first.fingerprint && !is_go(o);
        for o in outcomes.iter().filter(differs) {
            let (key, first, other) = (&case.key, &first.label, &o.label);
            let msg = format!("{key}: {first} and {other} returned different results");
            res.note(msg);
        }
        let line = |o: &Outcome| format!("{} {}", o.label, fmt_time(o.stats.median()));
        let line: Vec<String> = outcomes.iter().map(line).collect();
        log!(start, "{tag} {}: {}", case.title, line.join(" | "));
        for o in outcomes {
            let text = [&*section, &case.key, &case.title, &o.label];
            res.times.push(TimeRow::new(text, 0, o.threads, o.stats));
        }
    }
    print!("{}", res.to_tsv());
    Ok(())
}

fn toolkit(args: &Args, res: &mut Results, start: Instant) {
    let quick = args.mode() != "full";
    let budget = Budget::of(args.mode()).toolkit();
    let mut tools = Tool::all(quick);
    tools.retain(|t| !matches!(t, Tool::G1FftParallel(_)));
    tools.retain(|t| !quick || !matches!(t, Tool::ErasureRecovery(s) if *s < 11));
    tools.retain(|t| args.only.as_deref().is_none_or(|o| t.group().contains(o)));
    if tools.is_empty() {
        return;
    }
    log!(start, "toolkit (fastkzg, 1 thread)");
    let one = Threads::default();
    crate::each_backend!(|B| {
        let (label, inp) = (fastkzg_label(B::NAME), one.run(ToolkitInputs::<B>::mainnet));
        for tool in &tools {
            let job = one.run(|| inp.job(*tool));
            let c = Contender::timed(label.clone(), 1, &one, job);
            let (group, p, title) = tool.info();
            let st = measure(&mut [c], &budget).remove(0).stats;
            log!(start, "{group} {title}: {}", fmt_time(st.median()));
            let row = TimeRow::new(["toolkit", group, &title, &label], p, 1, st);
            res.times.push(row);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_round_trip() {
        let mut r = Results::default();
        r.set_meta("cpu", "test CPU");
        let commit = "blob_to_kzg_commitment";
        let rows = [
            TimeRow::value("api-1t", commit, 0, "fastkzg", 0.05),
            TimeRow::value("settings", "memory_bytes", 8, "fastkzg", 1e6),
        ];
        r.times.extend(rows);
        r.notes.push("a note".into());
        let back = Results::from_tsv(&r.to_tsv()).unwrap();
        assert_eq!(back.times.len(), 2);
        let memory = back.value("settings", "memory_bytes", 8, "fastkzg");
        assert_eq!(memory, Some(1e6));
        assert_eq!(back.meta("cpu"), Some("test CPU"));
        assert_eq!(back.value("api-1t", commit, 0, "fastkzg"), Some(0.05));
        assert!(Results::from_tsv("time\tx\n").is_err());
    }

    #[test]
    fn args() {
        let a = Args::try_parse_from(["report", "--quick", "--no-go", "--only", "verify"]).unwrap();
        assert_eq!(a.mode(), "quick");
        assert!(a.no_go && !a.no_setup);
        assert!(a.cases(1).iter().all(|c| c.key.contains("verify")));
        // The batch calls, alone and in quick mode, at both thread counts.
        let b = Args::try_parse_from(["report", "--quick", "--only", "batch_calls"]).unwrap();
        for cases in [1, 2].map(|n| b.cases(n)) {
            let batch = |c: &Case| c.key.starts_with("batch_calls/");
            assert!(cases.len() == 7 && cases.iter().all(batch));
        }
        assert!(Args::try_parse_from(["report", "--bogus"]).is_err());
        assert!(Args::try_parse_from(["report", "--quick", "--smoke"]).is_err());
        // --replot alone (the default results file) and with a file.
        let r = Args::try_parse_from(["report", "--replot"]).unwrap();
        assert_eq!(r.replot, Some(None));
        let r = Args::try_parse_from(["report", "--replot", "x.tsv", "--out", "o"]).unwrap();
        assert_eq!(r.replot, Some(Some(PathBuf::from("x.tsv"))));
        assert_eq!(Args::try_parse_from(["report"]).unwrap().replot, None);
        let peers = Peers {
            go: None,
            c_abi: Some("lib.so".into()),
        };
        let child = a.child_args(2, Path::new("f"), &peers, true);
        let argv = std::iter::once("report".to_string()).chain(child);
        let b = Args::try_parse_from(argv).unwrap();
        assert_eq!((b.threads, b.no_setup, b.mode()), (2, true, "quick"));
        assert_eq!(b.c_abi, Some(PathBuf::from("lib.so")));
    }
}
