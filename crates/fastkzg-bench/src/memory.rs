//! Memory and cold start, as rows of the report's results:
//!
//! - section `settings`: fastkzg's `memory_bytes()` after `warm_up()` per
//!   precompute level, the time of `load_mainnet(p)` + `warm_up()` and of
//!   `compute_cells_and_kzg_proofs` (median of 3);
//! - section `probe`: per library and level, a fresh process (`report
//!   --probe LIB P --fixture FILE`) loads the settings, calls every API
//!   function once on a 4-blob fixture and records the peak resident
//!   memory (`VmHWM`) after loading and at the end, and the times of the
//!   load and the first calls. `LIB` `none` is the baseline.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use fastkzg::KzgSettings;

use crate::cases::{api_cases, Inputs, Lib, Settings};
use crate::report::{child_results, Results, TimeRow};
use crate::threads::Threads;

/// The libraries the probe knows.
pub const PROBE_LIBS: [&str; 4] = ["none", "fastkzg", "c-kzg", "rust-eth-kzg"];

/// `VmHWM` of this process in KiB (0 where `/proc` is unavailable).
pub fn vm_hwm_kib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:"));
    hwm.and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
        .unwrap_or(0.0)
}

/// The probe process (`--probe LIB P --fixture FILE`): prints its rows as
/// TSV.
pub fn probe_main(lib: &str, p: &str, fixture: Option<&Path>) -> Result<(), String> {
    crate::peers::pin_blst_pool(1);
    let level = p.parse::<usize>();
    let p = level.map_err(|_| format!("bad precompute level {p:?}"))?;
    let fixture = fixture.ok_or("--probe needs --fixture FILE")?;
    let fx = crate::Fixture::load(fixture).map_err(|e| format!("{}: {e}", fixture.display()))?;
    let inputs = Inputs::new(fx);
    let mut res = Results::default();
    let mut row = |case: &str, v: f64| res.times.push(TimeRow::value("probe", case, p, lib, v));
    row("hwm_start_kib", vm_hwm_kib());
    let t = Instant::now();
    let (one, mut fast) = (Threads::default(), None);
    let lib_obj = match lib {
        "none" => None,
        "fastkzg" => {
            let ks = KzgSettings::<fastkzg::Blst>::load_mainnet(p).map_err(|e| e.to_string())?;
            let ks = fast.insert(Arc::new(ks)).clone();
            let load = |_| Settings::Fastkzg(ks.clone());
            Some(Lib::new(lib.into(), &one, &[p], load))
        }
        "c-kzg" => Some(Lib::ckzg(&[p])),
        "rust-eth-kzg" => Some(Lib::rust_eth_kzg(lib, &one, &[p])),
        other => return Err(format!("unknown library {other:?}; one of {PROBE_LIBS:?}")),
    };
    if lib_obj.is_some() {
        row("load_s", t.elapsed().as_secs_f64());
    }
    row("hwm_loaded_kib", vm_hwm_kib());
    for mut case in api_cases().into_iter().filter(|c| c.precompute == 0) {
        case.precompute = p;
        if let Some(mut job) = lib_obj.as_ref().and_then(|l| l.job(&case, &inputs)) {
            let t = Instant::now();
            job();
            let name = case.key.trim_end_matches("/precompute_0");
            row(&format!("first {name}"), t.elapsed().as_secs_f64());
        }
    }
    if let Some(ks) = fast {
        ks.warm_up();
        row("settings_bytes", ks.memory_bytes() as f64);
    }
    row("hwm_peak_kib", vm_hwm_kib());
    print!("{}", res.to_tsv());
    Ok(())
}

/// The memory section: settings per level (in this process) and one probe
/// process per library and precompute level.
pub fn measure(mode: &str, res: &mut Results, log: &mut dyn FnMut(&str)) {
    let levels: Vec<usize> = match mode {
        "full" => (0..=fastkzg::MAX_PRECOMPUTE).collect(),
        "quick" => vec![0, 4, 8, 12, 15],
        _ => vec![0, 8],
    };
    log(&format!("fastkzg settings at precompute {levels:?}"));
    let blob = &crate::random_blobs(1, crate::BLOB_SEED)[0];
    for p in levels {
        let t = Instant::now();
        let ks = KzgSettings::<fastkzg::Blst>::load_mainnet(p).expect("embedded setup");
        ks.warm_up();
        let load = t.elapsed().as_secs_f64();
        // One thread, as the section's heading says.
        let mut cells = [(); 3].map(|()| {
            let t = Instant::now();
            fastkzg::run_serial(|| ks.compute_cells_and_kzg_proofs(blob).expect("valid blob"));
            t.elapsed().as_secs_f64()
        });
        cells.sort_by(f64::total_cmp);
        let size = ks.memory_bytes() as f64;
        let rows = [("memory_bytes", size), ("load", load), ("cells", cells[1])];
        res.times
            .extend(rows.map(|(case, v)| TimeRow::value("settings", case, p, "fastkzg", v)));
    }
    let pid = std::process::id();
    let fixture = std::env::temp_dir().join(format!("fastkzg-bench-probe-{pid}.fixture"));
    let saved = crate::Fixture::new(fastkzg::mainnet(), 4).save(&fixture);
    let exe = saved.and_then(|()| std::env::current_exe());
    let exe = exe.map_err(|e| e.to_string());
    for lib in PROBE_LIBS {
        for p in if lib == "none" { &[0][..] } else { &[0, 8][..] } {
            let mut cmd = Command::new(exe.as_deref().unwrap_or(Path::new("report")));
            cmd.args(["--probe", lib, &p.to_string(), "--fixture"]);
            log(&format!("memory probe {lib} p={p}"));
            match exe.clone().and_then(|_| child_results(cmd.arg(&fixture))) {
                Ok(probe) => res.times.extend(probe.times),
                Err(e) => res.note(format!("memory probe {lib} p={p} failed: {e}")),
            }
        }
    }
    let _ = std::fs::remove_file(&fixture);
}
