//! The report command: measures the Ethereum API, trusted-setup loading,
//! the toolkit and memory, then writes `BENCHMARKS.md`, the raw results
//! (`docs/bench-results.tsv`) and the charts (`docs/bench-*.png|svg`).
//!
//! ```text
//! cargo run --release -p fastkzg-bench --bin report -- --quick
//! ```
//!
//! - Single thread: fastkzg (serial), `c-kzg` 2.1.8 and `rust_eth_kzg`
//!   0.10.0 (default build, blst's internal pool pinned to one worker, see
//!   [`crate::peers`]) run in this process, interleaved sample by sample on
//!   the same inputs.
//! - Two threads: a second process, the nested crate
//!   `crates/fastkzg-bench/mt` (its own workspace, so that rust_eth_kzg's
//!   `multithreaded` feature never reaches the main workspace's builds),
//!   runs fastkzg with `parallel` on a 2-thread pool against rust_eth_kzg
//!   `multithreaded` on the same pool, interleaved the same way. The report
//!   builds and runs it with `cargo run`, sharing the target directory.
//! - Go: go-eth-kzg v1.5.0 (the Go library of the go-kzg-4844 authors, on
//!   gnark-crypto), built with `go build` from `crates/fastkzg-bench/go`;
//!   a child process on the same inputs that takes its samples in each
//!   case's round robin, at `GOMAXPROCS=1` beside this process and, with the
//!   two-thread comparison, at `GOMAXPROCS=2` beside that one (setup loads
//!   in its own runs after the Rust libraries; [`crate::gopeer`]). Without `go`, or when it fails, the report notes
//!   it and goes on without that column.
//! - Memory: one fresh process per library and precompute level
//!   ([`crate::memory`]).
//!
//! Flags: `--quick` (a few minutes), `--full` (default), `--smoke` (one
//! sample each: a functional check), `--no-mt`, `--no-go`, `--no-memory`,
//! `--no-toolkit`, `--no-setup`, `--no-api`, `--arkworks` (also fastkzg on
//! arkworks; needs `--features arkworks`), `--only SUBSTRING` (cases whose
//! key contains it), `--out DIR` (default: the workspace root),
//! `--replot [FILE]` (rewrite `BENCHMARKS.md` and the charts from a results
//! file, default `DIR/docs/bench-results.tsv`, without measuring).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::cases::{CKzg, Fastkzg, Inputs, Lib, Op, RustEthKzg, Section};
use crate::charts::{self, Bars, Panel};
use crate::gopeer::{self, GoPeer, GoServer};
use crate::measure::{fmt_time, measure, Budget, Contender, Stats};
use crate::memory::{self, Probe};
use crate::threads::Threads;
use crate::toolkit::{Tool, ToolkitInputs};

/// How much to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A few minutes.
    Quick,
    /// Longer runs, more samples, every precompute level.
    Full,
    /// One sample each (checks that everything runs).
    Smoke,
}

impl Mode {
    fn budget(self) -> Budget {
        match self {
            Mode::Quick => Budget::quick(),
            Mode::Full => Budget::full(),
            Mode::Smoke => Budget::smoke(),
        }
    }

    fn flag(self) -> &'static str {
        match self {
            Mode::Quick => "--quick",
            Mode::Full => "--full",
            Mode::Smoke => "--smoke",
        }
    }
}

/// Command-line options.
#[derive(Clone, Debug)]
pub struct Options {
    /// How much to measure.
    pub mode: Mode,
    /// Where `BENCHMARKS.md` and `docs/` go.
    pub out_dir: PathBuf,
    /// Run the two-thread comparison (nested crate).
    pub mt: bool,
    /// Measure the Go peer (go-eth-kzg, a child process).
    pub go: bool,
    /// Measure memory.
    pub memory: bool,
    /// Measure the toolkit.
    pub toolkit: bool,
    /// Measure the API.
    pub api: bool,
    /// Measure setup loading.
    pub setup: bool,
    /// Include fastkzg on arkworks.
    pub arkworks: bool,
    /// Only cases whose key contains this.
    pub only: Option<String>,
    /// Re-render from this results file instead of measuring.
    pub replot: Option<PathBuf>,
    /// This process is the two-thread child writing to this file.
    pub child_mt: Option<PathBuf>,
    /// The two-thread child saves its input fixture here (for the parent).
    pub save_fixture: Option<PathBuf>,
    /// The two-thread child serves the Go peer's two-thread samples with
    /// this program (built by the parent).
    pub go_exe: Option<PathBuf>,
    /// The command line, as recorded in the report.
    pub command: String,
}

const USAGE: &str = "usage: report [--quick|--full|--smoke] [--no-mt] [--no-go] [--no-memory]
              [--no-toolkit] [--no-setup] [--no-api] [--arkworks] [--only SUBSTRING]
              [--out DIR] [--replot [RESULTS.tsv]]
       report --peak-memory-child LIB PRECOMPUTE
Measures fastkzg against c-kzg 2.1.8, rust_eth_kzg 0.10.0 and (with Go installed)
go-eth-kzg 1.5.0 and writes BENCHMARKS.md, docs/bench-results.tsv and
docs/bench-*.png|svg.";

/// Parses the report's arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        mode: Mode::Full,
        out_dir: crate::workspace_root(),
        mt: true,
        go: true,
        memory: true,
        toolkit: true,
        api: true,
        setup: true,
        arkworks: false,
        only: None,
        replot: None,
        child_mt: None,
        save_fixture: None,
        go_exe: None,
        command: format!(
            "cargo run --release -p fastkzg-bench --bin report{}{}",
            if args.is_empty() { "" } else { " -- " },
            args.join(" ")
        ),
    };
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => o.mode = Mode::Quick,
            "--full" => o.mode = Mode::Full,
            "--smoke" => o.mode = Mode::Smoke,
            "--no-mt" => o.mt = false,
            "--no-go" => o.go = false,
            "--no-memory" => o.memory = false,
            "--no-toolkit" => o.toolkit = false,
            "--no-api" => o.api = false,
            "--no-setup" => o.setup = false,
            "--arkworks" => o.arkworks = true,
            "--only" => o.only = Some(it.next().ok_or("--only needs a value")?.clone()),
            "--out" => o.out_dir = PathBuf::from(it.next().ok_or("--out needs a directory")?),
            "--replot" => {
                let file = match it.peek() {
                    Some(f) if !f.starts_with("--") => Some(PathBuf::from(it.next().unwrap())),
                    _ => None,
                };
                o.replot = Some(file.unwrap_or_default());
            }
            "--child-mt" => {
                o.child_mt = Some(PathBuf::from(it.next().ok_or("--child-mt needs a file")?))
            }
            "--save-fixture" => {
                o.save_fixture = Some(PathBuf::from(
                    it.next().ok_or("--save-fixture needs a file")?,
                ))
            }
            "--go-exe" => o.go_exe = Some(PathBuf::from(it.next().ok_or("--go-exe needs a file")?)),
            "--bench" => {} // passed by `cargo bench`
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if o.arkworks && !cfg!(feature = "arkworks") {
        return Err("--arkworks needs the arkworks feature: cargo run --release -p fastkzg-bench --features arkworks --bin report -- --arkworks".into());
    }
    Ok(o)
}

/// One measured time.
#[derive(Clone, Debug)]
pub struct TimeRow {
    /// `eip4844`, `eip7594`, `setup` (single thread), the same with `-2t`,
    /// or `toolkit`.
    pub section: String,
    /// [`Op::key`] or [`Tool::group`].
    pub case: String,
    /// The toolkit parameter (0 for the API).
    pub param: u64,
    /// The human-readable title of the case.
    pub title: String,
    /// The library.
    pub label: String,
    /// Threads used.
    pub threads: usize,
    /// Statistics.
    pub stats: Stats,
}

/// Everything a report run produced.
#[derive(Clone, Debug, Default)]
pub struct Results {
    /// Metadata, in order.
    pub meta: Vec<(String, String)>,
    /// Times.
    pub times: Vec<TimeRow>,
    /// Peak-memory probes.
    pub probes: Vec<Probe>,
    /// fastkzg settings sizes per precompute level.
    pub sizes: Vec<(usize, u64)>,
    /// Problems met (result mismatches, failed steps).
    pub notes: Vec<String>,
}

impl Results {
    fn meta(&self, key: &str) -> Option<&str> {
        self.meta
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn set_meta(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into().replace(['\t', '\n'], " ");
        match self.meta.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.meta.push((key.into(), value)),
        }
    }

    /// The results as TSV (see [`Results::from_tsv`]).
    pub fn to_tsv(&self) -> String {
        let mut s = String::from("# fastkzg-bench results (times in seconds per call)\n");
        for (k, v) in &self.meta {
            let _ = writeln!(s, "meta\t{k}\t{v}");
        }
        for r in &self.times {
            let st = &r.stats;
            let _ = writeln!(
                s,
                "time\t{}\t{}\t{}\t{}\t{}\t{}\t{:e}\t{:e}\t{:e}\t{:e}\t{:e}\t{}\t{}",
                r.section,
                r.case,
                r.param,
                r.title,
                r.label,
                r.threads,
                st.median,
                st.min,
                st.max,
                st.q1,
                st.q3,
                st.samples,
                st.iters
            );
        }
        for p in &self.probes {
            let _ = writeln!(
                s,
                "probe\t{}\t{}\t{}\t{}\t{}\t{}",
                p.lib,
                p.precompute,
                p.settings_bytes.map_or("-".into(), |b| b.to_string()),
                p.hwm_start_kib,
                p.hwm_loaded_kib,
                p.hwm_peak_kib
            );
        }
        for (p, b) in &self.sizes {
            let _ = writeln!(s, "size\t{p}\t{b}");
        }
        for n in &self.notes {
            let _ = writeln!(s, "note\t{}", n.replace(['\t', '\n'], " "));
        }
        s
    }

    /// Parses [`Results::to_tsv`].
    pub fn from_tsv(text: &str) -> Result<Self, String> {
        let mut r = Results::default();
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let bad = || format!("line {}: cannot parse {line:?}", n + 1);
            let num = |s: &str| s.parse::<f64>().map_err(|_| bad());
            let int = |s: &str| s.parse::<u64>().map_err(|_| bad());
            match f[0] {
                "meta" if f.len() >= 3 => r.meta.push((f[1].into(), f[2..].join("\t"))),
                "time" if f.len() == 14 => r.times.push(TimeRow {
                    section: f[1].into(),
                    case: f[2].into(),
                    param: int(f[3])?,
                    title: f[4].into(),
                    label: f[5].into(),
                    threads: int(f[6])? as usize,
                    stats: Stats {
                        median: num(f[7])?,
                        min: num(f[8])?,
                        max: num(f[9])?,
                        q1: num(f[10])?,
                        q3: num(f[11])?,
                        samples: int(f[12])? as usize,
                        iters: int(f[13])?,
                    },
                }),
                "probe" if f.len() == 7 => r.probes.push(Probe {
                    lib: f[1].into(),
                    precompute: int(f[2])? as usize,
                    settings_bytes: f[3].parse().ok(),
                    hwm_start_kib: int(f[4])?,
                    hwm_loaded_kib: int(f[5])?,
                    hwm_peak_kib: int(f[6])?,
                }),
                "size" if f.len() == 3 => r.sizes.push((int(f[1])? as usize, int(f[2])?)),
                "note" if f.len() >= 2 => r.notes.push(f[1..].join(" ")),
                _ => return Err(bad()),
            }
        }
        Ok(r)
    }

    fn median(&self, section: &str, case: &str, label: &str) -> Option<f64> {
        self.times
            .iter()
            .find(|t| t.section == section && t.case == case && t.label == label)
            .map(|t| t.stats.median)
    }

    /// Labels present in `sections`, in order of first appearance.
    fn labels(&self, sections: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for t in &self.times {
            if sections.contains(&t.section.as_str()) && !out.contains(&t.label) {
                out.push(t.label.clone());
            }
        }
        out
    }

    /// Case keys and titles present in `sections`, in order of first
    /// appearance.
    fn cases(&self, sections: &[&str]) -> Vec<(String, String, String)> {
        let mut out: Vec<(String, String, String)> = Vec::new();
        for t in &self.times {
            if sections.contains(&t.section.as_str())
                && !out.iter().any(|(s, c, _)| *s == t.section && *c == t.case)
            {
                out.push((t.section.clone(), t.case.clone(), t.title.clone()));
            }
        }
        out
    }
}

/// The report's entry point (arguments without the program name); returns
/// the exit code.
pub fn main_with_args(args: Vec<String>) -> i32 {
    if args.first().map(String::as_str) == Some("--peak-memory-child") {
        return memory::child_main(&args[1..]);
    }
    let opts = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    if opts.child_mt.is_some() {
        eprintln!(
            "--child-mt is for crates/fastkzg-bench/mt (built with rust_eth_kzg multithreaded)"
        );
        return 2;
    }
    match run(&opts) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("report: {e}");
            1
        }
    }
}

/// The entry point of the nested two-thread crate (`crates/fastkzg-bench/mt`,
/// built with rust_eth_kzg's `multithreaded` feature, which `rek_label`
/// names): `--child-mt OUT.tsv` plus the report's mode flags.
pub fn mt_child_main(args: Vec<String>, rek_label: &str) -> i32 {
    let opts = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let Some(out) = &opts.child_mt else {
        eprintln!("usage: report-mt --child-mt OUT.tsv [--quick|--full|--smoke] [--only S]");
        return 2;
    };
    match run_mt_child(&opts, out, rek_label) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("two-thread child: {e}");
            1
        }
    }
}

fn log(start: Instant, msg: &str) {
    eprintln!("[{:>6.1}s] {msg}", start.elapsed().as_secs_f64());
}

fn selected(opts: &Options, key: &str) -> bool {
    opts.only.as_deref().is_none_or(|o| key.contains(o))
}

/// Runs the report.
pub fn run(opts: &Options) -> Result<(), String> {
    if let Some(file) = &opts.replot {
        let file = if file.as_os_str().is_empty() {
            opts.out_dir.join("docs/bench-results.tsv")
        } else {
            file.clone()
        };
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let res = Results::from_tsv(&text)?;
        return write_outputs(&res, &opts.out_dir);
    }
    // First of all, before rust_eth_kzg is touched: blst's pool gets one worker.
    let blst_threads = crate::peers::pin_blst_pool_to_one_thread();
    let start = Instant::now();
    if cfg!(debug_assertions) {
        eprintln!("warning: a debug build; run with --release");
    }
    let mut res = Results::default();
    collect_meta(&mut res, opts, blst_threads);
    let budget = opts.mode.budget();
    log(
        start,
        &format!(
            "mode {:?}; machine: {}",
            opts.mode,
            res.meta("cpu").unwrap_or("?")
        ),
    );

    // The Go peer is built before anything is measured (the first build
    // compiles gnark-crypto).
    let go = if opts.go && (opts.api || opts.setup) {
        log(start, "Go peer: go build in crates/fastkzg-bench/go");
        match target_dir().and_then(|t| GoPeer::build(&t)) {
            Ok(g) => Some(g),
            Err(e) => {
                log(start, &format!("Go peer left out: {e}"));
                res.notes
                    .push(format!("{} column left out: {e}", gopeer::LABEL));
                None
            }
        }
    } else {
        None
    };
    // The two-thread process runs first: it computes the shared input
    // fixture faster (2 threads) and hands it over in a file.
    let fixture =
        std::env::temp_dir().join(format!("fastkzg-bench-fixture-{}.bin", std::process::id()));
    let mut mt_rows = Vec::new();
    if opts.mt && (opts.api || opts.setup) {
        log(
            start,
            "two threads: building and running crates/fastkzg-bench/mt",
        );
        match spawn_mt_child(opts, &fixture, go.as_ref()) {
            Ok(rows) => mt_rows = rows,
            Err(e) => {
                log(start, &format!("two-thread comparison failed: {e}"));
                res.notes
                    .push(format!("two-thread comparison not run: {e}"));
            }
        }
    }
    let go_two = if mt_rows.is_empty() {
        GoTwoThreads::None
    } else if mt_rows.iter().any(|r| r.label == gopeer::label(2)) {
        GoTwoThreads::SetupOnly
    } else {
        GoTwoThreads::All
    };
    let mut go_rows_2t = Vec::new();
    if opts.api || opts.setup {
        let go = go.as_ref().map(|g| (g, go_two));
        go_rows_2t = single_thread_api(opts, &budget, &mut res, &fixture, go, start);
    }
    let _ = std::fs::remove_file(&fixture);
    res.times.extend(mt_rows);
    res.times.extend(go_rows_2t);
    if opts.toolkit {
        toolkit(opts, &budget, &mut res, start);
    }
    if opts.memory {
        memory_part(opts, &mut res, start);
    }
    res.set_meta("runtime", format!("{:.0} s", start.elapsed().as_secs_f64()));
    res.set_meta("load_end", load_average());
    write_outputs(&res, &opts.out_dir)?;
    log(
        start,
        &format!("wrote {}", opts.out_dir.join("BENCHMARKS.md").display()),
    );
    Ok(())
}

/// Measures the cases of `ops` over `libs` and appends rows to `res`;
/// `skip(op, label)` leaves a library out of a case.
#[allow(clippy::too_many_arguments)]
fn run_cases(
    ops: &[Op],
    libs: &[&dyn Lib],
    inputs: &Inputs,
    budget: &Budget,
    section_suffix: &str,
    skip: &dyn Fn(Op, &str) -> bool,
    res: &mut Results,
    start: Instant,
    mut go: Option<&mut GoServer>,
) {
    for op in ops {
        let mut contenders: Vec<Contender> = libs
            .iter()
            .filter(|l| !skip(*op, &l.label()))
            .filter_map(|l| {
                l.job(*op, inputs).map(|job| Contender {
                    label: l.label(),
                    threads: l.threads().clone(),
                    job,
                    batch: None,
                })
            })
            .collect();
        if contenders.is_empty() {
            continue;
        }
        let mut threads: Vec<usize> = libs
            .iter()
            .filter(|l| contenders.iter().any(|c| c.label == l.label()))
            .map(|l| l.threads().count())
            .collect();
        // The Go peer, when serving, takes its samples in turn with the
        // others (it checks its own results).
        let served = match go.as_deref_mut() {
            Some(g) if g.failed.is_none() && g.ops.contains(op) => match g.select(&op.key()) {
                Ok(()) => Some(g),
                Err(e) => {
                    g.failed = Some(e);
                    None
                }
            },
            _ => None,
        };
        if let Some(g) = served {
            threads.push(g.threads);
            contenders.push(g.contender());
        }
        let mut out = measure(&mut contenders, budget);
        drop(contenders);
        if let Some(e) = go.as_deref().and_then(|g| g.failed.as_ref()) {
            // A sample failed in this case or a case before: no Go row.
            if let Some(i) = out.iter().position(|o| o.label.starts_with(gopeer::LABEL)) {
                log(start, &format!("Go peer failed: {e}"));
                out.remove(i);
                threads.remove(i);
            }
        }
        let fp0 = out[0].fingerprint;
        for o in &out[1..] {
            if o.label.starts_with(gopeer::LABEL) {
                continue;
            }
            if o.fingerprint != fp0 {
                let msg = format!(
                    "{}: {} and {} returned different results",
                    op.key(),
                    out[0].label,
                    o.label
                );
                eprintln!("warning: {msg}");
                res.notes.push(msg);
            }
        }
        let line = out
            .iter()
            .map(|o| format!("{} {}", o.label, fmt_time(o.stats.median)))
            .collect::<Vec<_>>()
            .join(" | ");
        log(start, &format!("{}: {line}", op.title()));
        for (o, t) in out.into_iter().zip(threads) {
            res.times.push(TimeRow {
                section: format!("{}{section_suffix}", op.section().key()),
                case: op.key(),
                param: 0,
                title: op.title(),
                label: o.label,
                threads: t,
                stats: o.stats,
            });
        }
    }
}

fn ops_for(opts: &Options, setup_in_quick: bool) -> Vec<Op> {
    let mut ops = Vec::new();
    if opts.api {
        ops.extend(Op::api());
    }
    if opts.setup {
        // Quick mode: no lazy load at p=8 (the FK20 tables dominate it);
        // the two-thread process only loads the embedded setup.
        ops.extend(Op::setup().into_iter().filter(|op| {
            opts.mode != Mode::Quick
                || match op {
                    Op::LoadEmbedded(_) => true,
                    Op::LoadEmbeddedLazy(p) => *p == 0,
                    Op::LoadFile(_) => setup_in_quick,
                    _ => false,
                }
        }));
    }
    ops.retain(|op| selected(opts, &op.key()));
    ops
}

fn setup_budget(budget: &Budget) -> Budget {
    Budget {
        min_samples_slow: budget.min_samples_slow.clamp(1, 2),
        ..budget.clone()
    }
}

/// The single-thread comparison, in this process; the inputs come from
/// `fixture` when the two-thread process left one there. Then the Go peer,
/// when built, on the same inputs (also at two threads with `true`); its
/// two-thread rows are returned.
fn single_thread_api(
    opts: &Options,
    budget: &Budget,
    res: &mut Results,
    fixture: &Path,
    go: Option<(&GoPeer, GoTwoThreads)>,
    start: Instant,
) -> Vec<TimeRow> {
    let one = Threads::new(1).unwrap_or_else(Threads::caller);
    log(start, "loading fastkzg (precompute 0 and 8)");
    let ours =
        Fastkzg::<fastkzg::Blst>::load(one.clone(), &crate::cases::PRECOMPUTES).relabel("fastkzg");
    let ks8 = ours.get(8).expect("p8 loaded");
    let inputs = match crate::Fixture::load(fixture) {
        Ok(fx) if fx.blobs.len() == 64 && fx.cells.len() == 64 => {
            log(
                start,
                "inputs: 64 blobs with cells, from the two-thread process",
            );
            one.run(|| Inputs::from_fixture(ks8, fx))
        }
        _ => {
            log(
                start,
                "computing inputs: 64 blobs, commitments, proofs, cells",
            );
            one.run(|| Inputs::new(ks8, 64))
        }
    };
    log(start, "loading c-kzg and rust_eth_kzg (precompute 0 and 8)");
    let ck = CKzg::load(&inputs, &crate::cases::PRECOMPUTES);
    let rek = RustEthKzg::load(
        "rust-eth-kzg",
        Threads::caller(),
        &crate::cases::PRECOMPUTES,
    );
    #[cfg(feature = "arkworks")]
    let ark = opts.arkworks.then(|| {
        log(start, "loading fastkzg on arkworks");
        Fastkzg::<fastkzg::Arkworks>::load(one.clone(), &crate::cases::PRECOMPUTES)
    });
    let mut libs: Vec<&dyn Lib> = vec![&ours];
    #[cfg(feature = "arkworks")]
    if let Some(a) = &ark {
        libs.push(a);
    }
    libs.push(&ck);
    libs.push(&rek);
    let ops = ops_for(opts, true);
    let (api, setup): (Vec<Op>, Vec<Op>) = ops
        .into_iter()
        .partition(|op| op.section() != Section::Setup);
    let quick = opts.mode == Mode::Quick;
    // Quick mode leaves out rust_eth_kzg's JSON-file load (its embedded
    // load is measured).
    let skip = move |op: Op, label: &str| {
        quick && matches!(op, Op::LoadFile(_)) && label.starts_with("rust-eth-kzg")
    };
    let api_cases: Vec<(Op, Budget)> = api.iter().map(|op| (*op, budget.clone())).collect();
    let mut server = go.and_then(|(g, _)| go_server(g, 1, &inputs, &api_cases, res, start));
    run_cases(
        &api,
        &libs,
        &inputs,
        budget,
        "",
        &skip,
        res,
        start,
        server.as_mut(),
    );
    let served = server.is_some();
    if let Some(e) = server.take().and_then(|s| s.failed.clone()) {
        res.notes
            .push(format!("{} column incomplete: {e}", gopeer::LABEL));
    }
    let sb = setup_budget(budget);
    run_cases(&setup, &libs, &inputs, &sb, "", &skip, res, start, None);
    let Some((go, two)) = go else {
        return Vec::new();
    };
    // Go's own process: setup loading at one thread (and the API cases
    // when serving failed to start); at two threads, what the two-thread
    // process did not serve.
    let setup_cases: Vec<(Op, Budget)> = setup.iter().map(|op| (*op, sb.clone())).collect();
    let one: Vec<(Op, Budget)> = if served {
        setup_cases.clone()
    } else {
        api_cases.iter().chain(&setup_cases).cloned().collect()
    };
    let rows_1t = go_peer(go, &inputs, &one, 1, res, start);
    res.times.extend(rows_1t);
    let two_cases: Vec<(Op, Budget)> = match two {
        GoTwoThreads::None => return Vec::new(),
        GoTwoThreads::SetupOnly => setup_cases,
        GoTwoThreads::All => api_cases.into_iter().chain(setup_cases).collect(),
    };
    if two_cases.is_empty() {
        return Vec::new();
    }
    go_peer(go, &inputs, &two_cases, 2, res, start)
}

/// Which of the Go peer's two-thread cases run in its own process after the
/// one-thread part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GoTwoThreads {
    /// None (no two-thread comparison).
    None,
    /// Setup loading: the two-thread process served the API cases.
    SetupOnly,
    /// All of them.
    All,
}

/// Starts the Go peer's server at `threads` on the inputs of `cases`; `None`
/// when none of them is Go's, and (with a note) when it cannot start.
fn go_server(
    go: &GoPeer,
    threads: usize,
    inputs: &Inputs,
    cases: &[(Op, Budget)],
    res: &mut Results,
    start: Instant,
) -> Option<GoServer> {
    let input =
        std::env::temp_dir().join(format!("fastkzg-bench-go-serve-{}.bin", std::process::id()));
    // No server (and no setup load in Go) when none of the cases is Go's.
    let server = gopeer::write_input(&input, inputs, cases).and_then(|ops| {
        (!ops.is_empty())
            .then(|| go.serve(&input, ops, threads))
            .transpose()
    });
    // The program has read the file once it has answered.
    let _ = std::fs::remove_file(&input);
    match server {
        Ok(None) => None,
        Ok(Some(s)) => {
            log(
                start,
                &format!(
                    "{}: {} case(s), sampled in turn with the others",
                    gopeer::label(threads),
                    s.ops.len()
                ),
            );
            res.set_meta("go_peer", s.versions.clone());
            Some(s)
        }
        Err(e) => {
            log(start, &format!("Go peer server failed: {e}"));
            res.notes.push(format!(
                "{} samples from its own process (its server did not start: {e})",
                gopeer::label(threads)
            ));
            None
        }
    }
}

/// Runs the Go peer in its own process on `inputs` for those of `cases` it
/// has, at `threads`, and returns its rows. Failures become notes.
fn go_peer(
    go: &GoPeer,
    inputs: &Inputs,
    cases: &[(Op, Budget)],
    threads: usize,
    res: &mut Results,
    start: Instant,
) -> Vec<TimeRow> {
    let input =
        std::env::temp_dir().join(format!("fastkzg-bench-go-input-{}.bin", std::process::id()));
    let mut rows = Vec::new();
    match gopeer::write_input(&input, inputs, cases) {
        Ok(ops) if ops.is_empty() => {}
        Ok(ops) => {
            log(
                start,
                &format!(
                    "{}: {} case(s), GOMAXPROCS={threads}, own process",
                    gopeer::LABEL,
                    ops.len()
                ),
            );
            let mut progress = |line: &str| log(start, &format!("  [go {threads}T] {line}"));
            match go.run(&input, threads, &mut progress) {
                Ok(run) => {
                    res.set_meta("go_peer", run.versions.clone());
                    rows = gopeer::to_rows(&run, threads);
                }
                Err(e) => {
                    log(start, &format!("Go peer failed: {e}"));
                    res.notes.push(format!(
                        "{} column ({threads} thread(s)) left out: {e}",
                        gopeer::LABEL
                    ));
                }
            }
        }
        Err(e) => res
            .notes
            .push(format!("{} column left out: {e}", gopeer::LABEL)),
    }
    let _ = std::fs::remove_file(&input);
    rows
}

/// The two-thread comparison (runs in the nested crate's process).
#[cfg(feature = "parallel")]
fn run_mt_child(opts: &Options, out: &Path, rek_label: &str) -> Result<(), String> {
    let start = Instant::now();
    let two = Threads::new(2).ok_or("cannot build a 2-thread pool")?;
    let budget = opts.mode.budget();
    log(
        start,
        "[2T] loading fastkzg (parallel) and rust_eth_kzg (multithreaded)",
    );
    let ours = Fastkzg::<fastkzg::Blst>::load(two.clone(), &crate::cases::PRECOMPUTES);
    let inputs = two.run(|| Inputs::new(ours.get(8).expect("p8 loaded"), 64));
    if let Some(path) = &opts.save_fixture {
        if let Err(e) = inputs.fx.save(path) {
            eprintln!("warning: fixture not saved to {}: {e}", path.display());
        }
    }
    let rek = RustEthKzg::load(rek_label, two.clone(), &crate::cases::PRECOMPUTES);
    // c-kzg (single-threaded) again in this process, so the two-thread
    // ratios against it come from the same run: on a shared VM absolute
    // times drift between the two processes.
    log(
        start,
        "[2T] loading c-kzg (single thread, for same-run ratios)",
    );
    let ck = CKzg::load(&inputs, &crate::cases::PRECOMPUTES);
    let libs: Vec<&dyn Lib> = vec![&ours, &ck, &rek];
    let mut res = Results::default();
    let ops = ops_for(opts, false);
    let (api, setup): (Vec<Op>, Vec<Op>) = ops
        .into_iter()
        .partition(|op| op.section() != Section::Setup);
    let none = |_: Op, _: &str| false;
    // The Go peer at two threads, when the parent built it, takes its
    // samples in turn with the others here.
    let api_cases: Vec<(Op, Budget)> = api.iter().map(|op| (*op, budget.clone())).collect();
    let mut server = opts.go_exe.as_ref().and_then(|exe| {
        go_server(
            &GoPeer::from_exe(exe.clone()),
            2,
            &inputs,
            &api_cases,
            &mut res,
            start,
        )
    });
    run_cases(
        &api,
        &libs,
        &inputs,
        &budget,
        "-2t",
        &none,
        &mut res,
        start,
        server.as_mut(),
    );
    if let Some(e) = server.take().and_then(|s| s.failed.clone()) {
        log(start, &format!("[2T] Go peer: {e}"));
    }
    let sb = setup_budget(&budget);
    run_cases(
        &setup, &libs, &inputs, &sb, "-2t", &none, &mut res, start, None,
    );
    std::fs::write(out, res.to_tsv()).map_err(|e| format!("{}: {e}", out.display()))
}

#[cfg(not(feature = "parallel"))]
fn run_mt_child(_opts: &Options, _out: &Path, _rek_label: &str) -> Result<(), String> {
    Err("the two-thread child needs the parallel feature".into())
}

/// The cargo target directory: `CARGO_TARGET_DIR`, else the one this
/// executable was built in.
fn target_dir() -> Result<PathBuf, String> {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            // target/<profile>/report → target
            std::env::current_exe()
                .ok()
                .and_then(|e| e.parent()?.parent().map(Path::to_path_buf))
        })
        .ok_or_else(|| "cannot tell the target directory".into())
}

/// Builds and runs the nested two-thread crate; returns its rows.
fn spawn_mt_child(
    opts: &Options,
    fixture: &Path,
    go: Option<&GoPeer>,
) -> Result<Vec<TimeRow>, String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("mt/Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target_dir = target_dir()?;
    let out = std::env::temp_dir().join(format!("fastkzg-bench-2t-{}.tsv", std::process::id()));
    let mut cmd = Command::new(cargo);
    cmd.args(["run", "--release", "--manifest-path"])
        .arg(&manifest)
        .arg("--")
        .arg("--child-mt")
        .arg(&out)
        .arg(opts.mode.flag())
        .arg("--save-fixture")
        .arg(fixture)
        .env("CARGO_TARGET_DIR", &target_dir);
    if let Some(o) = &opts.only {
        cmd.args(["--only", o]);
    }
    if let Some(g) = go {
        cmd.arg("--go-exe").arg(g.exe());
    }
    if !opts.api {
        cmd.arg("--no-api");
    }
    if !opts.setup {
        cmd.arg("--no-setup");
    }
    let status = cmd.status().map_err(|e| format!("cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "`cargo run --manifest-path {}` failed: {status}",
            manifest.display()
        ));
    }
    let text = std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let _ = std::fs::remove_file(&out);
    Ok(Results::from_tsv(&text)?.times)
}

fn toolkit(opts: &Options, budget: &Budget, res: &mut Results, start: Instant) {
    let quick = opts.mode != Mode::Full;
    let tb = budget.toolkit();
    let tools: Vec<Tool> = Tool::all(quick)
        .into_iter()
        .filter(|t| !matches!(t, Tool::G1FftParallel(_)))
        .filter(|t| !quick || !matches!(t, Tool::ErasureRecovery(s) if *s < 11))
        .filter(|t| selected(opts, t.group()))
        .collect();
    if tools.is_empty() {
        return;
    }
    log(start, "toolkit (fastkzg, blst, 1 thread)");
    let one = Threads::new(1).unwrap_or_else(Threads::caller);
    let inp = one.run(ToolkitInputs::<fastkzg::Blst>::new);
    toolkit_rows(&inp, "fastkzg", &tools, &one, &tb, res, start);
    drop(inp);
    #[cfg(feature = "arkworks")]
    if opts.arkworks {
        log(start, "toolkit (fastkzg, arkworks, 1 thread)");
        let inp = one.run(ToolkitInputs::<fastkzg::Arkworks>::new);
        toolkit_rows(&inp, "fastkzg-arkworks", &tools, &one, &tb, res, start);
    }
}

fn toolkit_rows<B: fastkzg::Backend>(
    inp: &ToolkitInputs<B>,
    label: &str,
    tools: &[Tool],
    threads: &Threads,
    budget: &Budget,
    res: &mut Results,
    start: Instant,
) {
    for tool in tools {
        let job = threads.run(|| inp.job(*tool));
        let mut c = [Contender {
            label: label.into(),
            threads: threads.clone(),
            job,
            batch: None,
        }];
        let out = measure(&mut c, budget);
        let st = out[0].stats.clone();
        log(
            start,
            &format!(
                "{} {}: {}",
                tool.group(),
                tool.param_label(),
                fmt_time(st.median)
            ),
        );
        res.times.push(TimeRow {
            section: "toolkit".into(),
            case: tool.group().into(),
            param: tool.param(),
            title: tool.param_label(),
            label: label.into(),
            threads: threads.count(),
            stats: st,
        });
    }
}

fn memory_part(opts: &Options, res: &mut Results, start: Instant) {
    let levels: Vec<usize> = match opts.mode {
        Mode::Full => (0..=fastkzg::MAX_PRECOMPUTE).collect(),
        Mode::Quick => vec![0, 4, 8, 12, 15],
        Mode::Smoke => vec![0, 8],
    };
    log(
        start,
        &format!("fastkzg settings size at precompute {levels:?}"),
    );
    res.sizes = memory::settings_sizes(&levels);
    let Ok(exe) = std::env::current_exe() else {
        res.notes
            .push("peak memory not measured: no current_exe".into());
        return;
    };
    for lib in memory::PROBE_LIBS {
        let levels: &[usize] = if lib == "none" { &[0] } else { &[0, 8] };
        for p in levels {
            match memory::spawn_probe(&exe, lib, *p) {
                Ok(probe) => {
                    log(
                        start,
                        &format!(
                            "peak memory {lib} p={p}: {} MiB after load, {} MiB peak",
                            probe.hwm_loaded_kib / 1024,
                            probe.hwm_peak_kib / 1024
                        ),
                    );
                    res.probes.push(probe);
                }
                Err(e) => res.notes.push(format!("peak memory {lib} p={p}: {e}")),
            }
        }
    }
}

/// The 1, 5 and 15 minute load averages.
fn load_average() -> String {
    read_trim("/proc/loadavg")
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn read_trim(path: &str) -> String {
    std::fs::read_to_string(path)
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

fn command_output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Versions of packages from the workspace's `Cargo.lock`.
fn lock_versions(names: &[&str]) -> Vec<(String, String)> {
    let lock =
        std::fs::read_to_string(crate::workspace_root().join("Cargo.lock")).unwrap_or_default();
    let mut out = Vec::new();
    for name in names {
        let mut found = Vec::new();
        let mut lines = lock.lines();
        while let Some(l) = lines.next() {
            if l.trim() == format!("name = \"{name}\"") {
                if let Some(v) = lines
                    .next()
                    .and_then(|v| v.trim().strip_prefix("version = "))
                {
                    found.push(v.trim_matches('"').to_string());
                }
            }
        }
        if !found.is_empty() {
            out.push((name.to_string(), found.join("/")));
        }
    }
    out
}

fn collect_meta(res: &mut Results, opts: &Options, blst_threads: usize) {
    let cpuinfo = read_trim("/proc/cpuinfo");
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown CPU".into());
    let logical = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let mem_kib: u64 = read_trim("/proc/meminfo")
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0);
    let flags = cpuinfo
        .lines()
        .find(|l| l.starts_with("flags"))
        .map(|l| {
            ["adx", "bmi2", "avx2", "avx512f", "avx512ifma", "sha_ni"]
                .iter()
                .filter(|f| l.split_whitespace().any(|w| w == **f))
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    res.set_meta(
        "date",
        command_output("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_else(|| {
            format!(
                "unix time {}",
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs())
            )
        }),
    );
    res.set_meta("command", opts.command.clone());
    res.set_meta("mode", format!("{:?}", opts.mode).to_lowercase());
    res.set_meta("cpu", model);
    res.set_meta(
        "cores",
        format!(
            "{logical} logical CPUs in /proc/cpuinfo, {} available to this process",
            crate::peers::available_cpus()
        ),
    );
    res.set_meta("cpu_flags", flags);
    res.set_meta("ifma", ifma_state());
    res.set_meta("memory", format!("{:.1} GiB", mem_kib as f64 / 1048576.0));
    res.set_meta("kernel", read_trim("/proc/sys/kernel/osrelease"));
    res.set_meta("load_start", load_average());
    res.set_meta(
        "rustc",
        command_output("rustc", &["--version"]).unwrap_or_else(|| "unknown".into()),
    );
    let git = command_output(
        "git",
        &[
            "-C",
            &crate::workspace_root().to_string_lossy(),
            "rev-parse",
            "--short",
            "HEAD",
        ],
    )
    .map(|h| {
        let dirty = command_output(
            "git",
            &[
                "-C",
                &crate::workspace_root().to_string_lossy(),
                "status",
                "--porcelain",
            ],
        )
        .is_some_and(|s| !s.is_empty());
        if dirty {
            format!("{h} + uncommitted changes")
        } else {
            h
        }
    })
    .unwrap_or_else(|| "unknown".into());
    res.set_meta("git", git);
    let versions = lock_versions(&[
        "fastkzg",
        "c-kzg",
        "rust_eth_kzg",
        "blst",
        "ark-bls12-381",
        "rayon",
        "criterion",
        "plotters",
    ]);
    res.set_meta(
        "crates",
        versions
            .iter()
            .map(|(n, v)| format!("{n} {v}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    let mut features = Vec::new();
    if cfg!(feature = "parallel") {
        features.push("parallel");
    }
    if cfg!(feature = "arkworks") {
        features.push("arkworks");
    }
    res.set_meta(
        "features",
        if features.is_empty() {
            "none (fastkzg serial build)".to_string()
        } else {
            features.join(", ")
        },
    );
    res.set_meta("rek_blst_pool_threads", blst_threads.to_string());
    res.set_meta(
        "profile",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release (lto = thin, codegen-units = 4)"
        },
    );
}

// ---------------------------------------------------------------- output

fn mib(bytes: f64) -> String {
    format!("{:.1} MiB", bytes / 1048576.0)
}

fn ratio_cell(ours: Option<f64>, peer: Option<f64>) -> String {
    match (ours, peer) {
        (Some(a), Some(b)) if b > 0.0 => {
            let r = a / b;
            if r < 0.995 {
                format!("**{r:.2}**")
            } else {
                format!("{r:.2}")
            }
        }
        _ => "–".into(),
    }
}

fn time_cell(v: Option<f64>) -> String {
    v.map_or("–".into(), fmt_time)
}

/// A table of cases × labels, with ratio columns `ours / peer`.
fn comparison_table(
    res: &Results,
    sections: &[&str],
    ours: &str,
    peers: &[String],
    extra: &[(String, String)],
) -> String {
    let labels = res.labels(sections);
    let mut s = String::from("| function |");
    for l in &labels {
        let _ = write!(s, " {l} |");
    }
    for p in peers {
        let _ = write!(s, " {ours} / {p} |");
    }
    for (title, _) in extra {
        let _ = write!(s, " {title} |");
    }
    s.push_str("\n|---|");
    for _ in 0..labels.len() + peers.len() + extra.len() {
        s.push_str("---:|");
    }
    s.push('\n');
    for (section, case, title) in res.cases(sections) {
        let _ = write!(s, "| {title} |");
        for l in &labels {
            let _ = write!(s, " {} |", time_cell(res.median(&section, &case, l)));
        }
        let o = res.median(&section, &case, ours);
        for p in peers {
            let _ = write!(s, " {} |", ratio_cell(o, res.median(&section, &case, p)));
        }
        for (_, other_section_label) in extra {
            // "section|label" of a reference time for the same case.
            let (sec, lab) = other_section_label
                .split_once('|')
                .unwrap_or(("", other_section_label));
            let sec = sec.replace('*', section.trim_end_matches("-2t"));
            let _ = write!(s, " {} |", ratio_cell(o, res.median(&sec, &case, lab)));
        }
        s.push('\n');
    }
    s
}

fn markdown(res: &Results) -> String {
    let m = |k: &str| res.meta(k).unwrap_or("?").to_string();
    let mut s = String::new();
    let _ = writeln!(s, "# fastkzg benchmarks\n");
    let _ = writeln!(
        s,
        "Generated by the benchmark report, `{}`, on {} ({} mode, {}). Regenerate with the same command; `cargo bench -p fastkzg-bench` runs the criterion versions of the same cases.\n",
        m("command"),
        m("date"),
        m("mode"),
        m("runtime")
    );
    let _ = writeln!(s, "| | |\n|---|---|");
    let _ = writeln!(
        s,
        "| machine | {} — {}, {} RAM, Linux {} |",
        m("cpu"),
        m("cores"),
        m("memory"),
        m("kernel")
    );
    let _ = writeln!(s, "| CPU flags | {} |", m("cpu_flags"));
    if let Some(ifma) = res.meta("ifma") {
        let _ = writeln!(s, "| fastkzg's AVX-512 IFMA kernels | {ifma} |");
    }
    let _ = writeln!(
        s,
        "| load average (1/5/15 min) | at start {}; at end {} |",
        m("load_start"),
        m("load_end")
    );
    let _ = writeln!(s, "| rustc | {} |", m("rustc"));
    let _ = writeln!(s, "| crates | {} |", m("crates"));
    if let Some(go) = res.meta("go_peer") {
        let _ = writeln!(s, "| Go peer | {go} |");
    }
    let _ = writeln!(
        s,
        "| fastkzg | git {}; bench features: {}; {} |",
        m("git"),
        m("features"),
        m("profile")
    );
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "**Method.** For each function, all libraries run in one process on the same inputs (64 random blobs from a fixed seed, their commitments, proofs, cells and cell proofs), interleaved round robin: one sample of each library in turn, the first library rotating, so that load from other processes hits all of them alike. Each library's first (warm-up) result is checked against fastkzg's. A sample is a batch of calls of at least 20 ms (or one call when longer); the tables give the **median time per call**; `docs/bench-results.tsv` also has quartiles, extremes and sample counts. Ratios are fastkzg / peer: **bold** (below 1) means fastkzg is faster. This is a shared virtual machine; expect ±10–15 % between runs.\n"
    );
    let _ = writeln!(
        s,
        "**Configurations.** fastkzg: the embedded mainnet setup, `warm_up()` done, blst backend. c-kzg 2.1.8: `ethereum_kzg_settings(p)`. rust_eth_kzg 0.10.0: `DASContext::new(&TrustedSetup::default(), UsePrecomp::No)` for p=0 and `UsePrecomp::Yes {{ width: 8 }}` for p=8. Precompute only matters for the cell-proof functions (`compute_cells_and_kzg_proofs`, `recover_cells_and_kzg_proofs`); every other function is run with p=0 settings. Single thread: fastkzg's serial path; c-kzg is single-threaded; rust_eth_kzg's default build (no rayon) with blst's internal thread pool, which its MSMs use, created with {} worker(s) (see `crates/fastkzg-bench/src/peers.rs`: its default build is otherwise not single-threaded on a multi-core machine). Two threads: fastkzg with `parallel` on a 2-thread rayon pool against rust_eth_kzg built `multithreaded` on the same pool (its blst pool then has one worker per CPU), measured in a second process (the nested crate `crates/fastkzg-bench/mt`, so that feature never reaches the main workspace).\n",
        m("rek_blst_pool_threads")
    );
    if let Some(go) = res.meta("go_peer") {
        let _ = writeln!(
            s,
            "**Go peer.** {}: `NewContext4096Secure()` (its embedded mainnet setup). It has no precompute setting (its cell proofs use variable-base MSMs), so its cell-proof figures sit in the p=0 rows. Built with `go build` from `crates/fastkzg-bench/go`; it gets the same inputs (handed over in a file) and checks its first result of each case against them. At one thread (`GOMAXPROCS=1`, `numGoRoutines=1`) the program runs as a server beside the one-thread process, and at two threads (`GOMAXPROCS=2`, `numGoRoutines=2`) beside the two-thread process; either way it takes its samples in turn with the Rust libraries, in the same round robin (each sample timed in Go), so its ratios come from the same moments of the machine. Only its setup loads are measured in its own runs after the Rust libraries, so those ratios also carry the machine's drift (see `crates/fastkzg-bench/src/gopeer.rs`).\n",
            go
        );
    }
    if m("mode") == "quick" {
        let _ = writeln!(
            s,
            "**Quick mode.** 2 s per function (at least 5 samples; 3 for calls over ~0.3 s, where a call over 1.5 s counts its warm-up run as a sample); setup loads 2 samples each. Left out: rust_eth_kzg's JSON-file load, fastkzg's lazy load at p=8, the text-file loads at two threads, G1 FFTs above 2^12, erasure recovery below 2^11; settings sizes at precompute 0, 4, 8, 12, 15 only. `--full` measures everything, longer.\n"
        );
    }
    if !res.notes.is_empty() {
        let _ = writeln!(s, "**Notes from this run.**\n");
        for n in &res.notes {
            let _ = writeln!(s, "- {n}");
        }
        let _ = writeln!(s);
    }
    let api = ["eip4844", "eip7594"];
    let ours = "fastkzg";
    let peers: Vec<String> = res
        .labels(&api)
        .into_iter()
        .filter(|l| !l.starts_with("fastkzg"))
        .collect();
    if !res.cases(&api).is_empty() {
        let _ = writeln!(s, "## Ethereum API, one thread\n");
        let _ = writeln!(s, "{}", comparison_table(res, &api, ours, &peers, &[]));
        let _ = writeln!(s, "![fastkzg vs peers, one thread](docs/bench-api.png)\n");
    }
    let setup = ["setup"];
    if !res.cases(&setup).is_empty() {
        let speers: Vec<String> = res
            .labels(&setup)
            .into_iter()
            .filter(|l| !l.starts_with("fastkzg"))
            .collect();
        let _ = writeln!(s, "## Trusted setup, one thread\n");
        let _ = writeln!(
            s,
            "\"→ ready\" rows end with settings ready for every call: fastkzg `load_trusted_setup_file(path, p)` or `load_mainnet(p)` followed by `warm_up()` (builds the 7.5 MiB commitment table and the FK20 data, which otherwise happen on first use; at p=8 `load_mainnet` builds the FK20 tables itself). c-kzg: `load_trusted_setup_file` (text) and `load_trusted_setup` on the embedded bytes (what `ethereum_kzg_settings` does). rust_eth_kzg: its file format is JSON (`TrustedSetup::from_json`, with point checks, on the same setup written as JSON) and `TrustedSetup::default()` (embedded, unchecked) + `DASContext::new`. The \"lazy\" row is fastkzg's `load_mainnet(p)` alone.\n"
        );
        let _ = writeln!(s, "{}", comparison_table(res, &setup, ours, &speers, &[]));
    }
    let mt = ["eip4844-2t", "eip7594-2t", "setup-2t"];
    if !res.cases(&mt).is_empty() {
        let labels = res.labels(&mt);
        let ours2 = labels
            .iter()
            .find(|l| l.starts_with("fastkzg"))
            .cloned()
            .unwrap_or_else(|| "fastkzg 2T".into());
        let peers2: Vec<String> = labels
            .iter()
            .filter(|l| !l.starts_with("fastkzg"))
            .cloned()
            .collect();
        let _ = writeln!(s, "## Two threads\n");
        let _ = writeln!(
            s,
            "Measured in a second process: fastkzg with 2 threads, c-kzg (single-threaded; measured again here so that these ratios come from the same run) and rust_eth_kzg built multithreaded{}. The last column is the speed-up of fastkzg's second thread: fastkzg 2T / fastkzg 1T (from the single-thread tables, i.e. across the two processes).\n",
            if peers2.iter().any(|l| l.starts_with(gopeer::LABEL)) {
                format!("; {} 2T at `GOMAXPROCS=2`, served beside this process in the same round robin (its setup load in its own run)", gopeer::LABEL)
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            s,
            "{}",
            comparison_table(
                res,
                &mt,
                &ours2,
                &peers2,
                &[("fastkzg 2T / 1T".into(), "*|fastkzg".into())]
            )
        );
    }
    if !res.cases(&api).is_empty() || !res.cases(&mt).is_empty() {
        let _ = writeln!(
            s,
            "![speed-up of fastkzg over each peer](docs/bench-ratio.png)\n"
        );
    }
    if !res.probes.is_empty() || !res.sizes.is_empty() {
        let _ = writeln!(s, "## Memory\n");
    }
    if !res.sizes.is_empty() {
        let _ = writeln!(
            s,
            "fastkzg settings, `KzgSettings::memory_bytes()` after `warm_up()` (points, roots, the commitment table, FK20 data and tables; allocator overhead not included):\n"
        );
        let _ = write!(s, "| precompute |");
        for (p, _) in &res.sizes {
            let _ = write!(s, " {p} |");
        }
        let _ = write!(s, "\n|---|");
        for _ in &res.sizes {
            s.push_str("---:|");
        }
        let _ = write!(s, "\n| memory_bytes |");
        for (_, b) in &res.sizes {
            let _ = write!(s, " {} |", mib(*b as f64));
        }
        let _ = writeln!(s, "\n");
    }
    if !res.probes.is_empty() {
        let base = res
            .probes
            .iter()
            .find(|p| p.lib == "none")
            .map_or(0, |p| p.hwm_peak_kib);
        let _ = writeln!(
            s,
            "Peak resident memory (`VmHWM`) of a fresh process (`report --peak-memory-child LIB P`, the `peak-memory` binary) that loads the embedded settings, then calls every API function once (4 blobs: commitments, both proof kinds, the three verifications, cells, cells and proofs, recovery from half, cell verification of 128 cells). The baseline (`none`) is the same process with its inputs and no library.\n"
        );
        let _ = writeln!(s, "| library | precompute | settings (`memory_bytes`) | peak RSS after loading | peak RSS after all calls | peak − baseline |");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|");
        for p in &res.probes {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} |",
                if p.lib == "none" {
                    "none (baseline)"
                } else {
                    &p.lib
                },
                p.precompute,
                p.settings_bytes.map_or("–".into(), |b| mib(b as f64)),
                mib(p.hwm_loaded_kib as f64 * 1024.0),
                mib(p.hwm_peak_kib as f64 * 1024.0),
                if p.lib == "none" {
                    "–".into()
                } else {
                    mib(p.hwm_peak_kib.saturating_sub(base) as f64 * 1024.0)
                }
            );
        }
        let _ = writeln!(s);
    }
    toolkit_markdown(res, &mut s);
    let _ = writeln!(s, "## Reproduce, profile\n");
    let _ = write!(
        s,
        "```sh\n# this report (quick: a few minutes; --full: more samples, every precompute level; the go-eth-kzg column needs Go, --no-go leaves it out)\n{}\n# re-render this file and the charts from docs/bench-results.tsv\ncargo run --release -p fastkzg-bench --bin report -- --replot\n# criterion benches (add --features parallel for 1- and 2-thread runs, arkworks for the second backend)\ncargo bench -p fastkzg-bench --bench api\ncargo bench -p fastkzg-bench --bench setup\ncargo bench -p fastkzg-bench --bench toolkit -- --quick\n# per-phase times of the heavy paths, and a profile of one of them\ncargo run --release -p fastkzg-bench --example profile\nCARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p fastkzg-bench --example profile\nperf record -g --call-graph dwarf target/release/examples/profile --api-loop --only cells --iters 20 && perf report\nvalgrind --tool=callgrind target/release/examples/profile --api-loop --only recover --iters 1\n```\n",
        m("command")
    );
    s
}

fn toolkit_markdown(res: &Results, s: &mut String) {
    let tk: Vec<&TimeRow> = res
        .times
        .iter()
        .filter(|t| t.section == "toolkit")
        .collect();
    if tk.is_empty() {
        return;
    }
    let labels: Vec<String> = res.labels(&["toolkit"]);
    let get = |case: &str, param: u64, label: &str| {
        tk.iter()
            .find(|t| t.case == case && t.param == param && t.label == label)
            .map(|t| t.stats.median)
    };
    let _ = writeln!(s, "## Toolkit (fastkzg, one thread)\n");
    let _ = writeln!(
        s,
        "![FFT and MSM time against size](docs/bench-fft-msm.png)\n"
    );
    let cols = [
        ("fr_fft", "Fr FFT"),
        ("g1_fft", "G1 FFT"),
        ("das_extension", "DAS extension (n → 2n)"),
    ];
    let _ = write!(s, "| size |");
    for l in &labels {
        for (_, name) in cols {
            let _ = write!(s, " {name}{} |", label_suffix(l));
        }
    }
    let _ = write!(s, "\n|---|");
    for _ in 0..labels.len() * cols.len() {
        s.push_str("---:|");
    }
    s.push('\n');
    for scale in 4..=crate::toolkit::MAX_FFT_SCALE as u64 {
        let _ = write!(s, "| 2^{scale} |");
        for l in &labels {
            for (case, _) in cols {
                let _ = write!(s, " {} |", time_cell(get(case, scale, l)));
            }
        }
        s.push('\n');
    }
    let _ = writeln!(s);
    let _ = write!(s, "| points | ");
    for l in &labels {
        let _ = write!(s, "variable-base MSM{0} | per point{0} |", label_suffix(l));
    }
    let _ = write!(s, "\n|---|");
    for _ in 0..labels.len() * 2 {
        s.push_str("---:|");
    }
    s.push('\n');
    for scale in 6..=crate::toolkit::MAX_MSM_SCALE as u64 {
        let _ = write!(s, "| 2^{scale} |");
        for l in &labels {
            let v = get("g1_msm", scale, l);
            let _ = write!(
                s,
                " {} | {} |",
                time_cell(v),
                time_cell(v.map(|v| v / (1u64 << scale) as f64))
            );
        }
        s.push('\n');
    }
    let _ = writeln!(s);
    let _ = write!(s, "| case | parameter |");
    for l in &labels {
        let _ = write!(s, " {l} |");
    }
    let _ = write!(s, "\n|---|---|");
    for _ in &labels {
        s.push_str("---:|");
    }
    s.push('\n');
    let mut seen: Vec<(String, u64)> = Vec::new();
    for t in &tk {
        if ["fr_fft", "g1_fft", "das_extension", "g1_msm"].contains(&t.case.as_str())
            || seen.contains(&(t.case.clone(), t.param))
        {
            continue;
        }
        seen.push((t.case.clone(), t.param));
        let _ = write!(s, "| `{}` | {} |", t.case, t.title);
        for l in &labels {
            let _ = write!(s, " {} |", time_cell(get(&t.case, t.param, l)));
        }
        s.push('\n');
    }
    let _ = writeln!(s);
}

fn label_suffix(l: &str) -> String {
    if l == "fastkzg" {
        String::new()
    } else {
        format!(" ({l})")
    }
}

/// Writes `BENCHMARKS.md`, `docs/bench-results.tsv` and the charts.
pub fn write_outputs(res: &Results, out_dir: &Path) -> Result<(), String> {
    let docs = out_dir.join("docs");
    std::fs::create_dir_all(&docs).map_err(|e| format!("{}: {e}", docs.display()))?;
    let tsv = docs.join("bench-results.tsv");
    std::fs::write(&tsv, res.to_tsv()).map_err(|e| format!("{}: {e}", tsv.display()))?;
    let mut res = res.clone();
    if let Err(e) = draw_charts(&res, &docs) {
        eprintln!("warning: charts not drawn: {e}");
        res.notes.push(format!("charts not drawn: {e}"));
    }
    let md = out_dir.join("BENCHMARKS.md");
    std::fs::write(&md, markdown(&res)).map_err(|e| format!("{}: {e}", md.display()))
}

fn draw_charts(res: &Results, docs: &Path) -> Result<(), String> {
    let api = ["eip4844", "eip7594"];
    let cases = res.cases(&api);
    if !cases.is_empty() {
        let labels = res.labels(&api);
        let bars = Bars {
            title: "fastkzg vs peers: Ethereum API, one thread".into(),
            note: format!(
                "median time per call (log scale; shorter is faster) — {}, {}",
                res.meta("cpu").unwrap_or("?"),
                res.meta("date").unwrap_or("?")
            ),
            x_desc: "time per call (log scale)".into(),
            rows: cases
                .iter()
                .map(|(_, c, t)| Op::from_key(c).map_or(t.clone(), |op| op.short_title()))
                .collect(),
            series: labels
                .iter()
                .map(|l| {
                    (
                        l.clone(),
                        cases
                            .iter()
                            .map(|(s, c, _)| res.median(s, c, l).map(|v| v * 1e3))
                            .collect(),
                    )
                })
                .collect(),
            ratio: false,
            fmt: charts::fmt_ms_label,
            axis_fmt: charts::fmt_ms_axis,
        };
        charts::draw_bars(
            &bars,
            Some(&docs.join("bench-api.png")),
            Some(&docs.join("bench-api.svg")),
        )?;
    }
    // Speed-up of fastkzg over each peer: single thread (API and setup) and
    // two threads.
    let mut rows: Vec<(String, String)> = Vec::new(); // (case key, row name)
    for (_, c, t) in res.cases(&[
        "eip4844",
        "eip7594",
        "setup",
        "eip4844-2t",
        "eip7594-2t",
        "setup-2t",
    ]) {
        if c.starts_with("load_mainnet_lazy") || rows.iter().any(|(k, _)| *k == c) {
            continue;
        }
        rows.push((c.clone(), Op::from_key(&c).map_or(t, |op| op.short_title())));
    }
    let mut series: Vec<(String, Vec<Option<f64>>)> = Vec::new();
    let peer_sets: [(&[&str], &str); 2] = [
        (&["eip4844", "eip7594", "setup"], "fastkzg"),
        (&["eip4844-2t", "eip7594-2t", "setup-2t"], "fastkzg 2T"),
    ];
    for (sections, ours) in peer_sets {
        for peer in res
            .labels(sections)
            .into_iter()
            .filter(|l| !l.starts_with("fastkzg"))
        {
            let vals: Vec<Option<f64>> = rows
                .iter()
                .map(|(c, _)| {
                    let find = |lab: &str| sections.iter().find_map(|s| res.median(s, c, lab));
                    Some(find(&peer)? / find(ours)?)
                })
                .collect();
            let name = if ours == "fastkzg" {
                format!("vs {peer} (1 thread)")
            } else {
                format!("2 threads: vs {peer}")
            };
            if vals.iter().any(Option::is_some) {
                series.push((name, vals));
            }
        }
    }
    if !series.is_empty() {
        let bars = Bars {
            title: "Speed-up of fastkzg over each peer".into(),
            note: format!(
                "peer time / fastkzg time, same inputs, same process{} (log scale): right of the line = fastkzg faster",
                if series.iter().any(|(n, _)| n.contains(gopeer::LABEL)) {
                    " (Go: its own process)"
                } else {
                    ""
                }
            ),
            x_desc: "peer time / fastkzg time (log2 scale)".into(),
            rows: rows.into_iter().map(|(_, n)| n).collect(),
            series,
                        ratio: true,
            fmt: charts::fmt_ratio,
            axis_fmt: charts::fmt_ratio_axis,
        };
        charts::draw_bars(
            &bars,
            Some(&docs.join("bench-ratio.png")),
            Some(&docs.join("bench-ratio.svg")),
        )?;
    }
    let tk: Vec<&TimeRow> = res
        .times
        .iter()
        .filter(|t| t.section == "toolkit")
        .collect();
    if !tk.is_empty() {
        let labels = res.labels(&["toolkit"]);
        let line = |case: &str, label: &str| -> Vec<(f64, f64)> {
            let mut v: Vec<(f64, f64)> = tk
                .iter()
                .filter(|t| t.case == case && t.label == label)
                .map(|t| (t.param as f64, t.stats.median))
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            v
        };
        let mut fft = Vec::new();
        let mut msm = Vec::new();
        let mut marks = Vec::new();
        for l in &labels {
            let sfx = label_suffix(l);
            fft.push((format!("Fr FFT{sfx}"), line("fr_fft", l)));
            fft.push((format!("G1 FFT{sfx}"), line("g1_fft", l)));
            fft.push((format!("DAS extension n→2n{sfx}"), line("das_extension", l)));
            msm.push((
                format!("variable-base MSM (blst Pippenger){sfx}"),
                line("g1_msm", l),
            ));
            for t in tk
                .iter()
                .filter(|t| t.case == "fixed_base_msm_4096" && t.label == *l)
            {
                marks.push((
                    format!("fixed-base MSM, 4096 setup points, {}{sfx}", t.title),
                    (12.0, t.stats.median),
                ));
            }
        }
        fft.retain(|(_, v)| !v.is_empty());
        msm.retain(|(_, v)| !v.is_empty());
        let panels = vec![
            Panel {
                title: "FFTs".into(),
                x_desc: "size n".into(),
                y_desc: "time (ms, log scale)".into(),
                series: fft,
                marks: vec![],
            },
            Panel {
                title: "Multi-scalar multiplication in G1".into(),
                x_desc: "number of points".into(),
                y_desc: "time (ms, log scale)".into(),
                series: msm,
                marks,
            },
        ];
        charts::draw_panels(
            &format!(
                "fastkzg toolkit, one thread, blst — {}",
                res.meta("cpu").unwrap_or("?")
            ),
            &panels,
            Some(&docs.join("bench-fft-msm.png")),
            Some(&docs.join("bench-fft-msm.svg")),
        )?;
    }
    Ok(())
}

/// Whether fastkzg's blst backend runs its AVX-512 IFMA kernels in this
/// process, and if not, why.
fn ifma_state() -> String {
    use fastkzg::backend::Backend;
    if fastkzg::Blst::msm_accelerated() {
        return "used".into();
    }
    let off = std::env::var_os("FASTKZG_NO_IFMA").is_some_and(|v| !v.is_empty() && v != "0");
    if off {
        "not used: turned off by FASTKZG_NO_IFMA=1 (blst's own arithmetic)".into()
    } else {
        "not used: the CPU has no AVX-512 IFMA (blst's own arithmetic)".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(section: &str, case: &str, label: &str, median: f64) -> TimeRow {
        TimeRow {
            section: section.into(),
            case: case.into(),
            param: 0,
            title: case.into(),
            label: label.into(),
            threads: 1,
            stats: Stats::from_samples(vec![median], 1),
        }
    }

    #[test]
    fn tsv_round_trip_and_tables() {
        let mut r = Results::default();
        r.set_meta("cpu", "test CPU");
        r.times
            .push(row("eip4844", "blob_to_kzg_commitment", "fastkzg", 0.05));
        r.times
            .push(row("eip4844", "blob_to_kzg_commitment", "c-kzg", 0.08));
        r.times.push(row(
            "eip4844-2t",
            "blob_to_kzg_commitment",
            "fastkzg 2T",
            0.03,
        ));
        r.times.push(row(
            "eip4844-2t",
            "blob_to_kzg_commitment",
            "rust-eth-kzg MT",
            0.04,
        ));
        r.sizes.push((8, 1 << 20));
        r.notes.push("a note".into());
        let back = Results::from_tsv(&r.to_tsv()).unwrap();
        assert_eq!(back.times.len(), 4);
        assert_eq!(back.sizes, r.sizes);
        assert_eq!(back.meta("cpu"), Some("test CPU"));
        let md = markdown(&back);
        assert!(
            md.contains("| blob_to_kzg_commitment | 50.0 ms | 80.0 ms | **0.62** |"),
            "{md}"
        );
        // 2T table: ratio to rust-eth-kzg MT and to fastkzg 1T.
        assert!(
            md.contains("| 30.0 ms | 40.0 ms | **0.75** | **0.60** |"),
            "{md}"
        );
    }

    #[test]
    fn args() {
        let o = parse_args(&["--quick".into(), "--no-mt".into()]).unwrap();
        assert_eq!(o.mode, Mode::Quick);
        assert!(!o.mt && o.memory && o.go);
        assert!(!parse_args(&["--no-go".into()]).unwrap().go);
        assert_eq!(
            o.command,
            "cargo run --release -p fastkzg-bench --bin report -- --quick --no-mt"
        );
        assert!(parse_args(&["--bogus".into()]).is_err());
    }
}
