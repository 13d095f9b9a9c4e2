//! Memory: the size of fastkzg's settings per precompute level, and the peak
//! resident memory (`VmHWM` in `/proc/self/status`) of a fresh process that
//! loads one library's settings and calls each API function once.
//!
//! The probe runs in its own process so that each library starts from the
//! same empty heap: `report` spawns itself as `report --peak-memory-child
//! LIB P` (the same code as the `peak-memory` binary) and reads its output.
//! `LIB` is `none` (the baseline: the process and its inputs only),
//! `fastkzg`, `c-kzg` or `rust-eth-kzg`.

use std::path::Path;
use std::process::Command;

use c_kzg::{Blob as CBlob, Bytes32 as CBytes32, Bytes48 as CBytes48};
use fastkzg::{Blob, Bytes48, Cell, KzgSettings};

/// The libraries the probe knows.
pub const PROBE_LIBS: [&str; 4] = ["none", "fastkzg", "c-kzg", "rust-eth-kzg"];

/// What one probe process measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// The library (`none` = baseline).
    pub lib: String,
    /// The precompute level.
    pub precompute: usize,
    /// fastkzg's `memory_bytes()` after `warm_up()`.
    pub settings_bytes: Option<u64>,
    /// Peak resident memory before loading (process + inputs), KiB.
    pub hwm_start_kib: u64,
    /// Peak resident memory after loading the settings, KiB.
    pub hwm_loaded_kib: u64,
    /// Peak resident memory after one call of every function, KiB.
    pub hwm_peak_kib: u64,
}

/// `VmHWM` of this process in KiB (0 where `/proc` is unavailable).
pub fn vm_hwm_kib() -> u64 {
    proc_status_kib("VmHWM:")
}

/// `VmRSS` of this process in KiB.
pub fn vm_rss_kib() -> u64 {
    proc_status_kib("VmRSS:")
}

fn proc_status_kib(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// The probe itself: loads `lib` at precompute `p`, calls every API function
/// once on 4 random blobs, and returns the measurements. Meant to run in a
/// fresh process ([`child_main`]).
pub fn run_probe(lib: &str, p: usize) -> Result<Probe, String> {
    crate::peers::pin_blst_pool_to_one_thread();
    let blobs = crate::random_blobs(4, crate::BLOB_SEED);
    let z = crate::random_scalar(1);
    let hwm_start_kib = vm_hwm_kib();
    let mut settings_bytes = None;
    let hwm_loaded_kib;
    match lib {
        "none" => {
            hwm_loaded_kib = vm_hwm_kib();
        }
        "fastkzg" => {
            let ks = KzgSettings::<fastkzg::Blst>::load_mainnet(p).map_err(|e| e.to_string())?;
            ks.warm_up();
            settings_bytes = Some(ks.memory_bytes() as u64);
            hwm_loaded_kib = vm_hwm_kib();
            fastkzg_all_calls(&ks, &blobs, &z);
        }
        "c-kzg" => {
            let ks = c_kzg::ethereum_kzg_settings(p as u64);
            hwm_loaded_kib = vm_hwm_kib();
            ckzg_all_calls(ks, &blobs, &z);
        }
        "rust-eth-kzg" => {
            let ctx = rust_eth_kzg::DASContext::new(
                &rust_eth_kzg::TrustedSetup::default(),
                crate::cases::rek_precomp(p),
            );
            hwm_loaded_kib = vm_hwm_kib();
            rek_all_calls(&ctx, &blobs, &z);
        }
        other => return Err(format!("unknown library {other:?}")),
    }
    Ok(Probe {
        lib: lib.to_string(),
        precompute: p,
        settings_bytes,
        hwm_start_kib,
        hwm_loaded_kib,
        hwm_peak_kib: vm_hwm_kib(),
    })
}

fn half_of<T: Copy>(all: &[T]) -> (Vec<u64>, Vec<T>) {
    let ids: Vec<u64> = (0..128).filter(|i| i % 2 == 1).collect();
    let cells = ids.iter().map(|i| all[*i as usize]).collect();
    (ids, cells)
}

fn fastkzg_all_calls(ks: &KzgSettings, blobs: &[Box<Blob>], z: &[u8; 32]) {
    let cs: Vec<Bytes48> = blobs
        .iter()
        .map(|b| ks.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let (proof, y) = ks.compute_kzg_proof(&blobs[0], z).unwrap();
    let ps: Vec<Bytes48> = blobs
        .iter()
        .zip(&cs)
        .map(|(b, c)| ks.compute_blob_kzg_proof(b, c).unwrap())
        .collect();
    assert!(ks.verify_kzg_proof(&cs[0], z, &y, &proof).unwrap());
    assert!(ks.verify_blob_kzg_proof(&blobs[0], &cs[0], &ps[0]).unwrap());
    let refs: Vec<&Blob> = blobs.iter().map(|b| &**b).collect();
    assert!(ks.verify_blob_kzg_proof_batch(&refs, &cs, &ps).unwrap());
    let _ = ks.compute_cells(&blobs[0]).unwrap();
    let (cells, cps) = ks.compute_cells_and_kzg_proofs(&blobs[0]).unwrap();
    let (ids, half) = half_of(&cells[..]);
    let (rec, _) = ks.recover_cells_and_kzg_proofs(&ids, &half).unwrap();
    assert_eq!(rec, cells);
    let all: Vec<u64> = (0..128).collect();
    assert!(ks
        .verify_cell_kzg_proof_batch(&vec![cs[0]; 128], &all, &cells[..], &cps[..])
        .unwrap());
}

fn ckzg_all_calls(ks: &c_kzg::KzgSettings, blobs: &[Box<Blob>], z: &[u8; 32]) {
    let cblobs: Vec<CBlob> = blobs.iter().map(|b| CBlob::new(**b)).collect();
    let cs: Vec<CBytes48> = cblobs
        .iter()
        .map(|b| CBytes48::new(*ks.blob_to_kzg_commitment(b).unwrap()))
        .collect();
    let cz = CBytes32::new(*z);
    let (proof, y) = ks.compute_kzg_proof(&cblobs[0], &cz).unwrap();
    let ps: Vec<CBytes48> = cblobs
        .iter()
        .zip(&cs)
        .map(|(b, c)| CBytes48::new(*ks.compute_blob_kzg_proof(b, c).unwrap()))
        .collect();
    assert!(ks
        .verify_kzg_proof(&cs[0], &cz, &y, &CBytes48::new(*proof))
        .unwrap());
    assert!(ks
        .verify_blob_kzg_proof(&cblobs[0], &cs[0], &ps[0])
        .unwrap());
    assert!(ks.verify_blob_kzg_proof_batch(&cblobs, &cs, &ps).unwrap());
    let _ = ks.compute_cells(&cblobs[0]).unwrap();
    let (cells, cps) = ks.compute_cells_and_kzg_proofs(&cblobs[0]).unwrap();
    let (ids, half) = half_of(&cells[..]);
    let (rec, _) = ks.recover_cells_and_kzg_proofs(&ids, &half).unwrap();
    assert!(rec.iter().zip(cells.iter()).all(|(a, b)| a == b));
    let all: Vec<u64> = (0..128).collect();
    let cps: Vec<CBytes48> = cps.iter().map(|p| CBytes48::new(**p)).collect();
    assert!(ks
        .verify_cell_kzg_proof_batch(&vec![cs[0]; 128], &all, &cells[..], &cps)
        .unwrap());
}

fn rek_all_calls(ctx: &rust_eth_kzg::DASContext, blobs: &[Box<Blob>], z: &[u8; 32]) {
    let cs: Vec<Bytes48> = blobs
        .iter()
        .map(|b| ctx.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let (proof, y) = ctx.compute_kzg_proof(&blobs[0], *z).unwrap();
    let ps: Vec<Bytes48> = blobs
        .iter()
        .zip(&cs)
        .map(|(b, c)| ctx.compute_blob_kzg_proof(b, c).unwrap())
        .collect();
    ctx.verify_kzg_proof(&cs[0], *z, y, &proof).unwrap();
    ctx.verify_blob_kzg_proof(&blobs[0], &cs[0], &ps[0])
        .unwrap();
    ctx.verify_blob_kzg_proof_batch(
        blobs.iter().map(|b| &**b).collect(),
        cs.iter().collect(),
        ps.iter().collect(),
    )
    .unwrap();
    let _ = ctx.compute_cells(&blobs[0]).unwrap();
    let (cells, cps) = ctx.compute_cells_and_kzg_proofs(&blobs[0]).unwrap();
    let cells: Vec<Cell> = cells.iter().map(|c| **c).collect();
    let (ids, half) = half_of(&cells[..]);
    let (rec, _) = ctx
        .recover_cells_and_kzg_proofs(ids, half.iter().collect())
        .unwrap();
    assert!(rec.iter().zip(&cells).all(|(a, b)| **a == *b));
    let all: Vec<u64> = (0..128).collect();
    ctx.verify_cell_kzg_proof_batch(
        vec![&cs[0]; 128],
        &all,
        cells.iter().collect(),
        cps.iter().collect(),
    )
    .unwrap();
}

/// Formats a probe as the child's output (`key=value` lines).
pub fn format_probe(p: &Probe) -> String {
    format!(
        "lib={}\nprecompute={}\nsettings_bytes={}\nhwm_start_kib={}\nhwm_loaded_kib={}\nhwm_peak_kib={}\n",
        p.lib,
        p.precompute,
        p.settings_bytes.map_or("-".into(), |b| b.to_string()),
        p.hwm_start_kib,
        p.hwm_loaded_kib,
        p.hwm_peak_kib
    )
}

/// Parses [`format_probe`]'s output.
pub fn parse_probe(s: &str) -> Result<Probe, String> {
    let get = |k: &str| -> Result<&str, String> {
        s.lines()
            .find_map(|l| l.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
            .ok_or_else(|| format!("probe output lacks {k}: {s:?}"))
    };
    let num = |k: &str| -> Result<u64, String> {
        get(k)?.trim().parse().map_err(|e| format!("{k}: {e}"))
    };
    Ok(Probe {
        lib: get("lib")?.to_string(),
        precompute: num("precompute")? as usize,
        settings_bytes: get("settings_bytes")?.trim().parse().ok(),
        hwm_start_kib: num("hwm_start_kib")?,
        hwm_loaded_kib: num("hwm_loaded_kib")?,
        hwm_peak_kib: num("hwm_peak_kib")?,
    })
}

/// The probe process's entry point: `ARGS = [LIB, P]`. Prints the
/// measurements and returns the exit code.
pub fn child_main(args: &[String]) -> i32 {
    let (Some(lib), Some(p)) = (args.first(), args.get(1).and_then(|p| p.parse().ok())) else {
        eprintln!(
            "usage: peak-memory LIB PRECOMPUTE   (LIB: {})",
            PROBE_LIBS.join(", ")
        );
        return 2;
    };
    match run_probe(lib, p) {
        Ok(probe) => {
            print!("{}", format_probe(&probe));
            0
        }
        Err(e) => {
            eprintln!("peak-memory: {e}");
            1
        }
    }
}

/// Runs the probe in a fresh process: `exe --peak-memory-child LIB P`.
pub fn spawn_probe(exe: &Path, lib: &str, p: usize) -> Result<Probe, String> {
    let out = Command::new(exe)
        .args(["--peak-memory-child", lib, &p.to_string()])
        .output()
        .map_err(|e| format!("spawning {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!(
            "probe {lib} {p} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    parse_probe(&String::from_utf8_lossy(&out.stdout))
}

/// fastkzg's `memory_bytes()` after `warm_up()` at each level, measured in
/// this process (settings are built and dropped one at a time).
pub fn settings_sizes(levels: &[usize]) -> Vec<(usize, u64)> {
    levels
        .iter()
        .map(|p| {
            let ks = KzgSettings::<fastkzg::Blst>::load_mainnet(*p).expect("embedded setup");
            ks.warm_up();
            (*p, ks.memory_bytes() as u64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_round_trip() {
        let p = Probe {
            lib: "c-kzg".into(),
            precompute: 8,
            settings_bytes: None,
            hwm_start_kib: 1,
            hwm_loaded_kib: 2,
            hwm_peak_kib: 3,
        };
        assert_eq!(parse_probe(&format_probe(&p)).unwrap(), p);
    }

    #[test]
    fn reads_proc_status() {
        if Path::new("/proc/self/status").exists() {
            assert!(vm_hwm_kib() > 0);
            assert!(vm_rss_kib() > 0);
        }
    }
}
