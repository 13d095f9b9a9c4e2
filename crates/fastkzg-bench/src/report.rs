//! The report command: measures the Ethereum API, trusted-setup loading,
//! the toolkit and memory, then writes `BENCHMARKS.md`, the raw results
//! (`docs/bench-results.tsv`) and the charts (`docs/bench-*.png|svg`).
//!
//! This process writes the inputs once (a fixture file); one child process
//! per table measures every library interleaved on them
//! ([`crate::measure`]): at one thread this executable again (`--child`,
//! blst's pool for rust_eth_kzg pinned to one worker, see
//! [`crate::peers`]); at two threads the nested crate
//! `crates/fastkzg-bench/mt` (its own workspace, so that rust_eth_kzg's
//! `multithreaded` feature never reaches the main workspace), run with
//! `cargo run` on the same target directory; go-eth-kzg beside each
//! ([`crate::gopeer`]). On a CPU where fastkzg runs its AVX-512 IFMA
//! kernels, the API tables again with `FASTKZG_NO_IFMA=1`. Then, in this
//! process, the toolkit and memory ([`crate::memory`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use clap::Parser;

use crate::cases::{all_cases, fastkzg_backends, Case, Inputs, Lib, PRECOMPUTES};
use crate::gopeer::{self, GoServer};
use crate::measure::{fmt_time, measure, Budget, Contender, Outcome, Stats};
use crate::threads::Threads;
use crate::toolkit::{Tool, ToolkitInputs};

/// Measures fastkzg against c-kzg 2.1.8, rust_eth_kzg 0.10.0 and (with Go
/// installed) go-eth-kzg 1.5.0 and writes BENCHMARKS.md,
/// docs/bench-results.tsv and docs/bench-*.png|svg.
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
    /// Leave out the two-thread comparison.
    #[arg(long)]
    pub no_mt: bool,
    /// Leave out the go-eth-kzg column.
    #[arg(long)]
    pub no_go: bool,
    /// Leave out the "no IFMA" tables on a CPU with AVX-512 IFMA.
    #[arg(long)]
    pub no_ifma_table: bool,
    /// Leave out the memory section.
    #[arg(long)]
    pub no_memory: bool,
    /// Leave out the toolkit section.
    #[arg(long)]
    pub no_toolkit: bool,
    /// Leave out trusted-setup loading.
    #[arg(long)]
    pub no_setup: bool,
    /// Leave out the Ethereum API.
    #[arg(long)]
    pub no_api: bool,
    /// Only cases whose key contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Where BENCHMARKS.md and docs/ go (default: the workspace root).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Rewrite BENCHMARKS.md and the charts from a results file (default
    /// OUT/docs/bench-results.tsv) without measuring.
    #[arg(long, num_args = 0..=1, default_missing_value = "")]
    pub replot: Option<PathBuf>,
    /// Internal: measure one table and print its results (TSV).
    #[arg(long, hide = true)]
    pub child: bool,
    /// Internal: the child's thread count.
    #[arg(long, hide = true, default_value_t = 1)]
    pub threads: usize,
    /// Internal: the inputs of the child.
    #[arg(long, hide = true)]
    pub fixture: Option<PathBuf>,
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

    fn budget(&self) -> Budget {
        match self.mode() {
            "quick" => Budget::quick(),
            "smoke" => Budget::smoke(),
            _ => Budget::full(),
        }
    }

    /// The arguments of a child process at `n` threads (`api`: no setup).
    fn child_args(&self, n: usize, fixture: &Path, go: Option<&Path>, api: bool) -> Vec<String> {
        let head = format!("--{} --threads={n} --child", self.mode());
        let mut a: Vec<String> = head.split(' ').map(String::from).collect();
        a.push(format!("--fixture={}", fixture.display()));
        a.extend(go.map(|g| format!("--go-exe={}", g.display())));
        a.extend(self.only.as_ref().map(|o| format!("--only={o}")));
        a.extend(self.no_api.then(|| "--no-api".into()));
        a.extend((self.no_setup || api).then(|| "--no-setup".into()));
        a
    }

    /// The cases this run measures at `threads` threads.
    fn cases(&self, threads: usize) -> Vec<Case> {
        let file = |c: &Case| c.key.starts_with("load_trusted_setup_file");
        let mut cases = all_cases();
        cases.retain(|c| ![self.no_api, self.no_setup][usize::from(c.is_setup())]);
        cases.retain(|c| !(self.quick && (c.full_only || threads > 1 && file(c))));
        cases.retain(|c| self.only.as_deref().is_none_or(|o| c.key.contains(o)));
        cases
    }
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
    /// A row from its fields, in declaration order.
    pub fn new(
        sct: &str,
        case: &str,
        param: u64,
        title: &str,
        label: &str,
        threads: usize,
        stats: Stats,
    ) -> Self {
        let (section, case, title, label) = (sct.into(), case.into(), title.into(), label.into());
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
        TimeRow::new(section, case, param as u64, case, label, 1, stats)
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
            let (st, t) = (&r.stats, r.threads);
            let head = format!(
                "time\t{}\t{}\t{}\t{}\t{}\t{t}",
                r.section, r.case, r.param, r.title, r.label
            );
            let stats = [st.median, st.min, st.max, st.q1, st.q3].map(|v| format!("\t{v:e}"));
            s += &format!("{head}{}\t{}\t{}\n", stats.concat(), st.samples, st.iters);
        }
        for n in &self.notes {
            s += &format!("note\t{}\n", n.replace(['\t', '\n'], " "));
        }
        s
    }

    /// Parses [`Results::to_tsv`].
    pub fn from_tsv(text: &str) -> Result<Self, String> {
        let mut r = Results::default();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let f: Vec<&str> = line.split('\t').collect();
            let bad = || format!("cannot parse {line:?}");
            let num = |i: usize| f[i].parse::<f64>().map_err(|_| bad());
            let int = |i: usize| f[i].parse::<usize>().map_err(|_| bad());
            match (f[0], f.len()) {
                ("meta", 3) => r.meta.push((f[1].into(), f[2].into())),
                ("note", 2) => r.notes.push(f[1].into()),
                ("time", 14) => {
                    let [median, min, max, q1, q3] = [7, 8, 9, 10, 11].map(num);
                    let stats =
                        Stats::new([median?, min?, max?, q1?, q3?], int(12)?, int(13)? as u64);
                    let p = int(3)? as u64;
                    r.times
                        .push(TimeRow::new(f[1], f[2], p, f[4], f[5], int(6)?, stats));
                }
                _ => return Err(bad()),
            }
        }
        Ok(r)
    }

    /// The value of `label` in `section` for `case` at `param`.
    pub fn value(&self, section: &str, case: &str, param: u64, label: &str) -> Option<f64> {
        let mut rows = self
            .times
            .iter()
            .filter(|t| t.section == section && t.param == param);
        rows.find(|t| t.case == case && t.label == label)
            .map(|t| t.stats.median)
    }

    /// The median of `label` in `section` for `case`.
    pub fn median(&self, section: &str, case: &str, label: &str) -> Option<f64> {
        self.times
            .iter()
            .find(|t| t.section == section && t.case == case && t.label == label)
            .map(|t| t.stats.median)
    }

    /// Labels present in `sections`, in order of first appearance.
    pub fn labels(&self, sections: &[&str]) -> Vec<String> {
        self.distinct(sections, |t| t.label.clone(), |a, b| a == b)
    }

    /// (section, case, title) present in `sections`, in order.
    pub fn cases(&self, sections: &[&str]) -> Vec<(String, String, String)> {
        let key = |t: &TimeRow| (t.section.clone(), t.case.clone(), t.title.clone());
        self.distinct(sections, key, |a, b| a.0 == b.0 && a.1 == b.1)
    }

    fn distinct<T>(
        &self,
        sections: &[&str],
        key: impl Fn(&TimeRow) -> T,
        same: impl Fn(&T, &T) -> bool,
    ) -> Vec<T> {
        let mut out: Vec<T> = Vec::new();
        let in_sections = |t: &&TimeRow| sections.contains(&t.section.as_str());
        for t in self.times.iter().filter(in_sections) {
            let k = key(t);
            if !out.iter().any(|o| same(o, &k)) {
                out.push(k);
            }
        }
        out
    }
}

/// The report's entry point; returns the exit code.
pub fn main() -> i32 {
    main_with("rust-eth-kzg")
}

/// The entry point, with the label of rust_eth_kzg in this build (the
/// nested crate `mt/` passes `rust-eth-kzg MT`).
pub fn main_with(rek_label: &str) -> i32 {
    let args = Args::parse();
    let result = if let Some(p) = &args.probe {
        crate::memory::probe_main(&p[0], &p[1], args.fixture.as_deref())
    } else if args.child {
        run_child(&args, rek_label)
    } else {
        run(&args)
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("report: {e}");
            1
        }
    }
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
    <fastkzg::Blst as fastkzg::backend::Accel<fastkzg::Blst>>::msm_accelerated()
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
        let file = match file.as_os_str().is_empty() {
            true => out_dir.join("docs/bench-results.tsv"),
            false => file.clone(),
        };
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        return crate::markdown::write_outputs(&Results::from_tsv(&text)?, &out_dir);
    }
    let start = Instant::now();
    let mut res = Results::default();
    crate::markdown::collect_meta(&mut res);
    res.set_meta("mode", args.mode());
    res.set_meta("ifma", ifma_state());
    log!(
        start,
        "mode {}; {}; IFMA {}",
        args.mode(),
        res.meta("cpu").unwrap_or("?"),
        ifma_state()
    );
    if !args.no_api || !args.no_setup {
        comparisons(args, &mut res, start);
    }
    if !args.no_toolkit {
        toolkit(args, &mut res, start);
    }
    if !args.no_memory {
        crate::memory::measure(args.mode(), &mut res, &mut |m| log!(start, "{m}"));
    }
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
/// per table (threads × IFMA on/off).
fn comparisons(args: &Args, res: &mut Results, start: Instant) {
    let pid = std::process::id();
    let fixture = std::env::temp_dir().join(format!("fastkzg-bench-{pid}.fixture"));
    log!(start, "inputs: 64 blobs with their proofs and cells");
    let ks = fastkzg::KzgSettings::load_mainnet(8).expect("embedded setup");
    if let Err(e) = crate::Fixture::new(&ks, 64).save(&fixture) {
        let msg = format!("no comparison: the fixture could not be written: {e}");
        return res.notes.push(msg);
    }
    drop(ks);
    let go = (!args.no_go).then(|| {
        log!(start, "Go peer: go build in crates/fastkzg-bench/go");
        let exe = target_dir().and_then(|t| gopeer::build(&t));
        let e = exe
            .as_ref()
            .err()
            .map(|e| format!("{} column left out: {e}", gopeer::LABEL));
        res.notes.extend(e.inspect(|e| log!(start, "{e}")));
        exe.ok()
    });
    let go = go.flatten();
    let mut runs = vec![(1, false)];
    if !args.no_mt {
        runs.push((2, false));
    }
    if ifma_used() && !args.no_ifma_table && !args.no_api {
        runs.extend(runs.clone().into_iter().map(|(t, _)| (t, true)));
    }
    for (threads, no_ifma) in runs {
        let child_args = args.child_args(threads, &fixture, go.as_deref(), no_ifma);
        let mut cmd = if threads == 1 {
            Command::new(std::env::current_exe().unwrap_or_else(|_| "report".into()))
        } else {
            let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
            let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("mt/Cargo.toml");
            c.args(["run", "--release", "--manifest-path"])
                .arg(manifest)
                .arg("--");
            if let Ok(t) = target_dir() {
                c.env("CARGO_TARGET_DIR", t);
            }
            c
        };
        if no_ifma {
            cmd.env("FASTKZG_NO_IFMA", "1");
        }
        let what = format!(
            "{threads} thread(s){}",
            if no_ifma { ", FASTKZG_NO_IFMA=1" } else { "" }
        );
        log!(start, "comparison at {what}: child process");
        match child_results(cmd.args(child_args)) {
            Ok(mut child) => {
                let first = threads == 1 && !no_ifma;
                child
                    .meta
                    .retain(|m| m.0 == "go_peer" || (first && m.0 == "rek_blst_pool_threads"));
                for (k, v) in child.meta {
                    res.set_meta(&k, v);
                }
                res.times.extend(child.times);
                res.notes.extend(child.notes);
            }
            Err(e) => {
                log!(start, "comparison at {what} failed: {e}");
                res.notes.push(format!("comparison at {what} not run: {e}"));
            }
        }
    }
    let _ = std::fs::remove_file(&fixture);
}

/// Runs a child process that prints its results (TSV); its log goes to
/// stderr.
pub fn child_results(cmd: &mut Command) -> Result<Results, String> {
    let out = cmd
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    match out.status.success() {
        true => Results::from_tsv(&String::from_utf8_lossy(&out.stdout)),
        false => Err(format!("child failed: {}", out.status)),
    }
}

/// A child process: one table (the API and setup cases at `--threads`).
fn run_child(args: &Args, rek_label: &str) -> Result<(), String> {
    let n = args.threads;
    // First of all, before rust_eth_kzg is touched: blst's pool gets one worker.
    let blst_threads = (n == 1).then(crate::peers::pin_blst_pool_to_one_thread);
    let start = Instant::now();
    let threads = match n {
        1 => Threads::caller(),
        _ => Threads::new(n).ok_or("this build has no thread pools (feature `parallel`)")?,
    };
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
    let pool = blst_threads.unwrap_or(0).to_string();
    res.set_meta("rek_blst_pool_threads", pool);
    let mut go = args.go_exe.as_ref().and_then(|exe| {
        let go = GoServer::start(exe, fixture, n);
        let label = gopeer::LABEL;
        let e = go
            .as_ref()
            .err()
            .map(|e| format!("{label} at {n} thread(s) left out: {e}"));
        res.notes.extend(e);
        go.ok()
    });
    let versions = go.as_ref().map(|g| ("go_peer".into(), g.versions.clone()));
    res.meta.extend(versions);
    let budget = args.budget();
    let setup_budget = Budget {
        min_samples_slow: budget.min_samples_slow.clamp(1, 2),
        ..budget.clone()
    };
    for case in args.cases(n) {
        let part = if case.is_setup() { "setup" } else { "api" };
        let section = format!("{part}-{n}t{}", if ifma { "" } else { "-noifma" });
        let skip_rek = args.quick && case.key.starts_with("load_trusted_setup_file");
        let libs = libs
            .iter()
            .filter(|l| !(skip_rek && matches!(l, Lib::RustEthKzg(..))));
        let mut cs: Vec<Contender> = libs.filter_map(|l| l.contender(&case, &inputs)).collect();
        if cs.is_empty() {
            continue;
        }
        let mut counts: Vec<usize> = cs.iter().map(|c| c.threads.count()).collect();
        if let Some(g) = go.as_mut() {
            if g.select(&case, &inputs) {
                counts.push(n);
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
            res.notes
                .push(format!("{label} at {n} thread(s) stopped at {key}: {e}"));
            outcomes.remove(i);
        }
        for o in &outcomes[1..] {
            if o.fingerprint != outcomes[0].fingerprint && !is_go(o) {
                let (key, first) = (&case.key, &outcomes[0].label);
                let msg = format!("{key}: {first} and {} returned different results", o.label);
                eprintln!("warning: {msg}");
                res.notes.push(msg);
            }
        }
        let line = |o: &Outcome| format!("{} {}", o.label, fmt_time(o.stats.median));
        let line: Vec<String> = outcomes.iter().map(line).collect();
        log!(start, "{tag} {}: {}", case.title, line.join(" | "));
        for (o, threads) in outcomes.into_iter().zip(counts) {
            let (key, title) = (&case.key, &case.title);
            let row = TimeRow::new(&section, key, 0, title, &o.label, threads, o.stats);
            res.times.push(row);
        }
    }
    print!("{}", res.to_tsv());
    Ok(())
}

fn toolkit(args: &Args, res: &mut Results, start: Instant) {
    let quick = args.mode() != "full";
    let budget = args.budget().toolkit();
    let tools: Vec<Tool> = Tool::all(quick)
        .into_iter()
        .filter(|t| !matches!(t, Tool::G1FftParallel(_)))
        .filter(|t| !quick || !matches!(t, Tool::ErasureRecovery(s) if *s < 11))
        .filter(|t| args.only.as_deref().is_none_or(|o| t.group().contains(o)))
        .collect();
    if tools.is_empty() {
        return;
    }
    log!(start, "toolkit (fastkzg, blst, 1 thread)");
    toolkit_rows::<fastkzg::Blst>("fastkzg", &tools, &budget, res, start);
    #[cfg(feature = "arkworks")]
    toolkit_rows::<fastkzg::Arkworks>("fastkzg-arkworks", &tools, &budget, res, start);
    #[cfg(feature = "zkcrypto")]
    toolkit_rows::<fastkzg::Zkcrypto>("fastkzg-zkcrypto", &tools, &budget, res, start);
    #[cfg(feature = "mcl")]
    toolkit_rows::<fastkzg::Mcl>("fastkzg-mcl", &tools, &budget, res, start);
}

fn toolkit_rows<B: fastkzg::Backend>(
    label: &str,
    tools: &[Tool],
    budget: &Budget,
    res: &mut Results,
    start: Instant,
) {
    let one = Threads::caller();
    let inp = one.run(ToolkitInputs::<B>::new);
    for tool in tools {
        let job = one.run(|| inp.job(*tool));
        let st = measure(
            &mut [Contender::new(label.into(), one.clone(), job)],
            budget,
        );
        let st = st.into_iter().next().expect("one outcome").stats;
        let (g, p) = (tool.group(), tool.param_label());
        log!(start, "{g} {p}: {}", fmt_time(st.median));
        let (group, param, title) = (tool.group(), tool.param(), tool.param_label());
        res.times
            .push(TimeRow::new("toolkit", group, param, &title, label, 1, st));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_round_trip() {
        let mut r = Results::default();
        r.set_meta("cpu", "test CPU");
        let commit = "blob_to_kzg_commitment";
        r.times
            .push(TimeRow::value("api-1t", commit, 0, "fastkzg", 0.05));
        r.times.push(TimeRow::value(
            "settings",
            "memory_bytes",
            8,
            "fastkzg",
            1e6,
        ));
        r.notes.push("a note".into());
        let back = Results::from_tsv(&r.to_tsv()).unwrap();
        assert_eq!(back.times.len(), 2);
        let memory = back.value("settings", "memory_bytes", 8, "fastkzg");
        assert_eq!(memory, Some(1e6));
        assert_eq!(back.meta("cpu"), Some("test CPU"));
        assert_eq!(back.median("api-1t", commit, "fastkzg"), Some(0.05));
        assert!(Results::from_tsv("time\tx\n").is_err());
    }

    #[test]
    fn args() {
        let a = Args::try_parse_from(["report", "--quick", "--no-mt", "--only", "verify"]).unwrap();
        assert_eq!(a.mode(), "quick");
        assert!(a.no_mt && !a.no_go);
        assert!(a.cases(1).iter().all(|c| c.key.contains("verify")));
        assert!(Args::try_parse_from(["report", "--bogus"]).is_err());
        assert!(Args::try_parse_from(["report", "--quick", "--smoke"]).is_err());
        let child = a.child_args(2, Path::new("f"), None, true);
        let again =
            Args::try_parse_from(std::iter::once("report".to_string()).chain(child)).unwrap();
        let again = (again.threads, again.no_setup, again.mode());
        assert_eq!(again, (2, true, "quick"));
    }
}
