//! The report's outputs: the machine description, `BENCHMARKS.md` and
//! `docs/bench-results.tsv`, all from [`Results`] (so that `report
//! --replot` rewrites the Markdown from the TSV alone).

use std::fmt::Write as _;
use std::path::Path;

use crate::measure::fmt_time;
use crate::report::Results;

fn read_trim(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.trim().to_string()
}

/// The 1, 5 and 15 minute load averages.
pub fn load_average() -> String {
    let avg = read_trim("/proc/loadavg");
    avg.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// The value of the first `key: value` line of `info` (`/proc/cpuinfo`,
/// `/proc/meminfo`) whose key is `key`; empty if there is none.
fn field(info: &str, key: &str) -> String {
    let mut kv = info.lines().map(|l| l.split_once(':').unwrap_or((l, "")));
    let value = kv.find(|(k, _)| k.trim() == key).map(|kv| kv.1.trim());
    value.unwrap_or_default().to_string()
}

/// The CPU's model name from `/proc/cpuinfo` (empty where unknown).
pub fn cpu_model() -> String {
    field(&read_trim("/proc/cpuinfo"), "model name")
}

/// Records the machine, the command, the versions and the build.
pub fn collect_meta(res: &mut Results) {
    let (cpuinfo, meminfo) = (read_trim("/proc/cpuinfo"), read_trim("/proc/meminfo"));
    let cpu_flags = field(&cpuinfo, "flags");
    let flags = "adx bmi2 avx2 avx512f avx512ifma sha_ni".split(' ');
    let flags = flags.filter(|f| cpu_flags.split(' ').any(|w| w == *f));
    let mem = field(&meminfo, "MemTotal");
    let kib: f64 = mem.trim_end_matches(" kB").parse().unwrap_or(0.0);
    let args = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let root = crate::workspace_root().to_string_lossy().to_string();
    let git = |args: &[&str]| crate::command_output("git", &[&["-C", &root][..], args].concat());
    let head = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = git(&["status", "--porcelain"]).is_some_and(|s| !s.is_empty());
    let lock = std::fs::read_to_string(format!("{root}/Cargo.lock")).unwrap_or_default();
    let version = |name: &str| {
        let pat = format!("name = \"{name}\"\nversion = \"");
        let at = lock.find(&pat)? + pat.len();
        Some(format!("{name} {}", &lock[at..at + lock[at..].find('"')?]))
    };
    let names = "fastkzg c-kzg rust_eth_kzg blst ark-bls12-381 rayon criterion";
    let crates: Vec<String> = names.split(' ').filter_map(version).collect();
    let features = [
        ("parallel", cfg!(feature = "parallel")),
        ("arkworks", cfg!(feature = "arkworks")),
        ("zkcrypto", cfg!(feature = "zkcrypto")),
        ("mcl", cfg!(feature = "mcl")),
    ];
    let mut features: Vec<&str> = features.iter().filter(|f| f.1).map(|f| f.0).collect();
    features.extend(features.is_empty().then_some("none"));
    let logical = cpuinfo.lines().filter(|l| l.starts_with("proc")).count();
    let cpus = crate::peers::available_cpus();
    let profile = match cfg!(debug_assertions) {
        true => "debug",
        false => "release (lto = thin, codegen-units = 4)",
    };
    let cmd = |c: &str, a: &[&str]| crate::command_output(c, a).unwrap_or_else(|| "unknown".into());
    let sep = if args.is_empty() { "" } else { " -- " };
    let report = "cargo run --release -p fastkzg-bench --bin report";
    // The family and model numbers tell CPU generations apart where a
    // virtual machine names only the product line ("AMD EPYC").
    let generation = match (field(&cpuinfo, "cpu family"), field(&cpuinfo, "model")) {
        (f, m) if !f.is_empty() && !m.is_empty() => format!(" (family {f}, model {m})"),
        _ => String::new(),
    };
    let cpu = Some(field(&cpuinfo, "model name"))
        .filter(|c| !c.is_empty())
        .map(|c| format!("{c}{generation}"));
    let cores =
        format!("{logical} logical CPUs in /proc/cpuinfo, {cpus} available to this process");
    let dirty = if dirty { " + uncommitted changes" } else { "" };
    let meta = [
        ("date", cmd("date", &["-u", "+%Y-%m-%d %H:%M UTC"])),
        ("command", format!("{report}{sep}{args}")),
        ("cpu", cpu.unwrap_or_else(|| "unknown CPU".into())),
        ("cores", cores),
        ("cpu_flags", flags.collect::<Vec<_>>().join(" ")),
        ("memory", format!("{:.1} GiB", kib / 1048576.0)),
        ("kernel", read_trim("/proc/sys/kernel/osrelease")),
        ("load_start", load_average()),
        ("rustc", cmd("rustc", &["--version"])),
        ("git", format!("{head}{dirty}")),
        ("crates", crates.join(", ")),
        ("features", features.join(", ")),
        ("profile", profile.into()),
    ];
    for (k, v) in meta {
        res.meta.push((k.into(), v.replace(['\t', '\n'], " ")));
    }
}

/// Writes `BENCHMARKS.md` and `docs/bench-results.tsv`.
pub fn write_outputs(res: &Results, out_dir: &Path) -> Result<(), String> {
    let docs = out_dir.join("docs");
    std::fs::create_dir_all(&docs).map_err(|e| format!("{}: {e}", docs.display()))?;
    let tsv = docs.join("bench-results.tsv");
    std::fs::write(&tsv, res.to_tsv()).map_err(|e| format!("{}: {e}", tsv.display()))?;
    let md = out_dir.join("BENCHMARKS.md");
    std::fs::write(&md, markdown(res)).map_err(|e| format!("{}: {e}", md.display()))
}

fn mib(bytes: Option<f64>) -> String {
    bytes.map_or("–".into(), |b| format!("{:.1} MiB", b / 1048576.0))
}

fn ratio_cell(ours: Option<f64>, peer: Option<f64>) -> String {
    match (ours, peer) {
        (Some(a), Some(b)) if b > 0.0 && a / b < 0.995 => format!("**{:.2}**", a / b),
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
        _ => "–".into(),
    }
}

fn time_cell(v: Option<f64>) -> String {
    v.map_or("–".into(), fmt_time)
}

/// Which fastkzg kernels a section ran with, for its heading.
fn ifma_of(section: &str) -> &'static str {
    match section.ends_with("-noifma") {
        true => "no IFMA (blst's own field arithmetic)",
        false => "with AVX-512 IFMA",
    }
}

/// Which fastkzg kernels this process ran with (the toolkit and memory
/// sections).
fn run_ifma(res: &Results) -> &'static str {
    ifma_of(["-noifma", ""][usize::from(res.meta("ifma") == Some("used"))])
}

/// A markdown table: the first `left` columns left-aligned, the rest
/// right-aligned.
fn table(head: Vec<String>, left: usize, rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let align = |i| ["---:", "---"][usize::from(i < left)];
    let align: Vec<&str> = (0..head.len()).map(align).collect();
    let mut s = format!("| {} |\n|{}|\n", head.join(" | "), align.join("|"));
    for r in rows {
        let _ = writeln!(s, "| {} |", r.join(" | "));
    }
    s
}

/// A table of cases × labels with ratio columns fastkzg / peer; `vs_1t`
/// adds fastkzg / fastkzg one thread (same case, the `-1t` section).
fn comparison_table(res: &Results, sections: &[&str], vs_1t: bool) -> String {
    let labels = res.labels(sections);
    let fk = |l: &&String| l.starts_with("fastkzg");
    let c_abi = |l: &&String| l.starts_with(crate::cabi::LABEL);
    let ours = labels
        .iter()
        .find(|l| fk(l) && !l.contains('-') && !c_abi(l));
    let ours = ours.cloned().unwrap_or_else(|| "fastkzg".into());
    let peers: Vec<&String> = labels.iter().filter(|l| !fk(l)).collect();
    // The C ABI against c-kzg, the library it replaces.
    let ckzg = peers.iter().find(|p| p.as_str() == "c-kzg");
    let c_vs: Vec<(&String, &String)> = labels.iter().filter(c_abi).zip(ckzg.copied()).collect();
    let mut head = cells("function");
    head.extend(labels.iter().cloned());
    head.extend(peers.iter().map(|p| format!("{ours} / {p}")));
    head.extend(c_vs.iter().map(|(c, k)| format!("{c} / {k}")));
    head.extend(vs_1t.then(|| format!("{ours} / fastkzg")));
    let cases = res.cases(sections);
    let rows = cases.into_iter().map(|(section, case, title)| {
        let m = |s: &str, l: &str| res.value(s, &case, 0, l);
        let (o, one) = (m(&section, &ours), section.replace("-2t", "-1t"));
        let mut row = vec![title];
        row.extend(labels.iter().map(|l| time_cell(m(&section, l))));
        row.extend(peers.iter().map(|p| ratio_cell(o, m(&section, p))));
        let c_vs = c_vs.iter().map(|(c, k)| (m(&section, c), m(&section, k)));
        row.extend(c_vs.map(|(c, k)| ratio_cell(c, k)));
        row.extend(vs_1t.then(|| ratio_cell(o, m(&one, "fastkzg"))));
        row
    });
    table(head, 1, rows)
}

/// The head of `BENCHMARKS.md`; `{key}` stands for a metadata value.
const HEAD: &str = include_str!("benchmarks-head.md");

/// The note above the trusted-setup tables.
const SETUP: &str = include_str!("benchmarks-setup.md");

/// The whole `BENCHMARKS.md`.
pub fn markdown(res: &Results) -> String {
    let m = |k: &str| res.meta(k).unwrap_or("?").to_string();
    let mut s = HEAD.to_string();
    let keys = HEAD.split('{').skip(1);
    for key in keys.filter_map(|k| Some(k.split_once('}')?.0)) {
        s = s.replace(&format!("{{{key}}}"), &m(key));
    }
    if res.meta("go_peer").is_none() {
        let go = s.find("**Go peer.**").unwrap_or(s.len());
        s.truncate(go);
        s = s.replace("| Go peer | ? |\n", "");
    }
    s += match &*m("mode") {
        "quick" => "**Quick mode.** 2 s per function (at least 9 samples; 5 for calls over ~0.3 s, where a call over 1.5 s counts its warm-up run as a sample); setup loads 2 samples each. Left out: rust_eth_kzg's JSON-file load, fastkzg's lazy load at p=8, the text-file loads at two threads, G1 FFTs above 2^12, erasure recovery below 2^11; settings at precompute 0, 4, 8, 12, 15 only. `--full` measures everything, longer.\n\n",
        "smoke" => "**Smoke mode.** One sample per library and case: a functional check; the times mean nothing.\n\n",
        _ => "",
    };
    if !res.notes.is_empty() {
        s += "**Notes from this run.**\n\n";
        for n in &res.notes {
            let _ = writeln!(s, "- {n}");
        }
        s.push('\n');
    }
    for (sections, heading, vs_1t) in [
        (&["api-1t"][..], "Ethereum API, one thread", false),
        (&["api-1t-noifma"], "Ethereum API, one thread", false),
        (&["setup-1t"], "Trusted setup, one thread", false),
        (&["setup-1t-noifma"], "Trusted setup, one thread", false),
        (&["api-2t", "setup-2t"], "Two threads", true),
        (&["api-2t-noifma", "setup-2t-noifma"], "Two threads", true),
    ] {
        if res.cases(sections).is_empty() {
            continue;
        }
        let _ = writeln!(s, "## {heading}, {}\n", ifma_of(sections[0]));
        if sections[0].starts_with("setup") {
            let _ = writeln!(s, "{SETUP}");
        }
        if vs_1t {
            s += "The last column is the speed-up of fastkzg's second thread: fastkzg 2T / fastkzg at one thread (from the one-thread table of the same kernels, another process).\n\n";
        }
        let _ = writeln!(s, "{}", comparison_table(res, sections, vs_1t));
    }
    memory_markdown(res, &mut s);
    toolkit_markdown(res, &mut s);
    let _ = write!(s, "## Reproduce\n\n```sh\n# this report (--quick: a few minutes; --full: more samples, every precompute level; --smoke: a functional check; the go-eth-kzg column needs Go, --no-go leaves it out; --no-c-abi leaves out the C ABI column; --help lists the rest)\n{}\n# rewrite this file from docs/bench-results.tsv\ncargo run --release -p fastkzg-bench --bin report -- --replot\n# the toolkit under criterion (--features parallel adds 2 threads, arkworks the second backend)\ncargo bench -p fastkzg-bench --bench toolkit -- --quick\n```\n", m("command"));
    s
}

fn memory_markdown(res: &Results, s: &mut String) {
    let levels = res.distinct(&["settings"], |t| t.param);
    let probes = res.distinct(&["probe"], |t| (t.label.clone(), t.param));
    if levels.is_empty() && probes.is_empty() {
        return;
    }
    let ifma = run_ifma(res);
    let _ = writeln!(s, "## Memory and cold start (one thread, {ifma})\n");
    if !levels.is_empty() {
        s.push_str("fastkzg settings per precompute level: `KzgSettings::memory_bytes()` after `warm_up()` (points, roots, the commitment table, FK20 data and tables; allocator overhead not included), the time of `load_mainnet(p)` + `warm_up()` (one run), and `compute_cells_and_kzg_proofs` (median of 3 calls):\n\n");
        let head = "precompute|settings memory|load + tables|compute_cells_and_kzg_proofs";
        let rows = levels.into_iter().map(|p| {
            let v = |case| res.value("settings", case, p, "fastkzg");
            let mut row = vec![p.to_string(), mib(v("memory_bytes"))];
            row.extend(["load", "cells"].map(|c| time_cell(v(c))));
            row
        });
        let _ = writeln!(s, "{}", table(cells(head), 0, rows));
    }
    if !probes.is_empty() {
        let base = res.value("probe", "hwm_peak_kib", 0, "none");
        s.push_str("A fresh process per library and level (`report --probe LIB P`) loads the embedded settings (fastkzg: `load_mainnet(p)`, tables built on first use, `warm_up()` before `memory_bytes()` at the end; c-kzg: `ethereum_kzg_settings(p)`; rust_eth_kzg: `DASContext::new`), then calls every API function once on 4 blobs (the report's cases that fit 4 blobs); it records the peak resident memory (`VmHWM`) and the times of the load and of the first calls. The baseline (`none`) is the same process with its inputs and no library.\n\n");
        let head = "library|precompute|settings (`memory_bytes`)|peak RSS after loading|peak RSS after all calls|peak − baseline|load|first blob_to_kzg_commitment|first compute_cells_and_kzg_proofs";
        let rows = probes.into_iter().map(|(lib, p)| {
            let v = |case: &str| res.value("probe", case, p, &lib);
            let kib = |case: &str| v(case).map(|k| k * 1024.0);
            let growth = v("hwm_peak_kib").zip(base).filter(|_| lib != "none");
            let name = [lib.as_str(), "none (baseline)"][usize::from(lib == "none")];
            let mut row = vec![name.into(), p.to_string(), mib(v("settings_bytes"))];
            row.extend(["hwm_loaded_kib", "hwm_peak_kib"].map(|c| mib(kib(c))));
            row.push(mib(growth.map(|(a, b)| (a - b) * 1024.0)));
            let first = ["blob_to_kzg_commitment", "compute_cells_and_kzg_proofs"];
            row.push(time_cell(v("load_s")));
            row.extend(first.map(|c| time_cell(v(&format!("first {c}")))));
            row
        });
        let _ = writeln!(s, "{}", table(cells(head), 1, rows));
    }
}

/// Column names separated by `|`.
fn cells(head: &str) -> Vec<String> {
    head.split('|').map(String::from).collect()
}

fn toolkit_markdown(res: &Results, s: &mut String) {
    let labels = res.labels(&["toolkit"]);
    if labels.is_empty() {
        return;
    }
    let _ = writeln!(s, "## Toolkit (fastkzg, one thread, {})\n", run_ifma(res));
    let mut head = cells("case|size or parameter");
    head.extend(labels.iter().cloned());
    let rows = res.distinct(&["toolkit"], |t| (t.case.clone(), t.param, t.title.clone()));
    let rows = rows.into_iter().map(|(case, p, title)| {
        let mut row = vec![format!("`{case}`"), title];
        let time = |l: &String| time_cell(res.value("toolkit", &case, p, l));
        row.extend(labels.iter().map(time));
        row
    });
    let _ = writeln!(s, "{}", table(head, 2, rows));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::TimeRow;

    #[test]
    fn tables_and_headings() {
        let mut r = Results::default();
        r.meta.push(("ifma".into(), "used".into()));
        for (section, label, median) in [
            ("api-1t", "fastkzg", 0.05),
            ("api-1t", "c-kzg", 0.08),
            ("api-1t-noifma", "fastkzg", 0.06),
            ("api-1t-noifma", "c-kzg", 0.08),
            ("api-1t-noifma", "fastkzg C ABI", 0.064),
            ("api-2t", "fastkzg 2T", 0.03),
            ("api-2t", "rust-eth-kzg MT", 0.04),
        ] {
            let row = TimeRow::value(section, "blob_to_kzg_commitment", 0, label, median);
            r.times.push(row);
        }
        let md = markdown(&r);
        for want in [
            "## Ethereum API, one thread, with AVX-512 IFMA",
            "## Ethereum API, one thread, no IFMA",
            "| blob_to_kzg_commitment | 50.0 ms | 80.0 ms | **0.62** |",
            // The C ABI column and its ratio to c-kzg.
            "| blob_to_kzg_commitment | 60.0 ms | 80.0 ms | 64.0 ms | **0.75** | **0.80** |",
            // Two threads: ratio to rust-eth-kzg MT and to fastkzg at one thread.
            "| 30.0 ms | 40.0 ms | **0.75** | **0.60** |",
        ] {
            assert!(md.contains(want), "{want} missing in {md}");
        }
    }
}
