//! Cold start: how long a fresh process takes to load the mainnet trusted
//! setup from c-kzg's `trusted_setup.txt` and to answer its first call.
//!
//! Every sample is a new process (this example re-run as a child), so
//! nothing is warm: not the setup, not the lazily built tables, not the
//! page cache of the library. Three stages are timed inside the child from
//! the start of `main`: the load alone, the load plus the first
//! `blob_to_kzg_commitment`, and the load plus the first
//! `compute_cells_and_kzg_proofs` (precompute 0, so no tables are built at
//! load time), each in its own process.
//!
//! - fastkzg through its C ABI: `target/release/libfastkzg.so` (build it
//!   with `cargo build --release`) opened with `dlopen`, the text file
//!   through `load_trusted_setup_file(FILE *)`, as every c-kzg binding does,
//!   with the library's default threads (one per core, or
//!   `FASTKZG_NUM_THREADS`);
//! - c-kzg 2.1.8: `KzgSettings::load_trusted_setup_file` (single-threaded);
//! - rust-eth-kzg 0.10: `DASContext::new(&TrustedSetup::default(), UsePrecomp::No)`
//!   (its embedded setup; it has no text-file loader), default build.
//!
//! ```sh
//! cargo build --release
//! cargo run --release -p fastkzg-bench --example startup [-- --runs 5]
//! ```

use std::ffi::{c_void, CString};
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

const LIBS: [&str; 3] = ["fastkzg", "c-kzg", "rust-eth-kzg"];
const STAGES: [&str; 3] = ["load", "commit", "cells"];

fn setup_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fastkzg/data/trusted_setup.txt")
}

/// `target/release/`, two levels above `target/release/examples/startup`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("path of this example");
    let examples = exe.parent().expect("examples directory");
    examples.parent().expect("profile directory").to_path_buf()
}

/// A valid blob: random field elements below 2^248.
fn blob() -> Vec<u8> {
    let mut b = vec![0u8; fastkzg::BYTES_PER_BLOB];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for (i, byte) in b.iter_mut().enumerate() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *byte = if i % 32 == 0 { 0 } else { x as u8 };
    }
    b
}

/// The C ABI of `libfastkzg.so`, opened at run time.
struct CAbi {
    handle: *mut c_void,
}

type LoadFile = unsafe extern "C" fn(*mut u64, *mut libc::FILE, u64) -> i32;
type Commit = unsafe extern "C" fn(*mut u8, *const u8, *const u64) -> i32;
type Cells = unsafe extern "C" fn(*mut u8, *mut u8, *const u8, *const u64) -> i32;

impl CAbi {
    fn open() -> Self {
        let path = profile_dir().join("libfastkzg.so");
        assert!(
            path.is_file(),
            "{} not found: run `cargo build --release` first",
            path.display()
        );
        let c = CString::new(path.to_string_lossy().as_bytes()).expect("path without NUL");
        // SAFETY: a NUL-terminated path; the library has no constructors
        // with preconditions.
        let handle = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW) };
        assert!(!handle.is_null(), "dlopen {} failed", path.display());
        CAbi { handle }
    }

    fn symbol(&self, name: &str) -> *mut c_void {
        let c = CString::new(name).expect("symbol name");
        // SAFETY: `handle` is a live dlopen handle and `c` a C string.
        let f = unsafe { libc::dlsym(self.handle, c.as_ptr()) };
        assert!(!f.is_null(), "symbol {name} missing");
        f
    }
}

/// One child run: the time from the start of `main` to the end of `stage`.
fn child(lib: &str, stage: &str, start: Instant) -> f64 {
    let blob = blob();
    let path = setup_path();
    match lib {
        "fastkzg" => {
            let abi = CAbi::open();
            // SAFETY: the symbols have the signatures of ckzg.h.
            let (load, commit, cells): (LoadFile, Commit, Cells) = unsafe {
                (
                    std::mem::transmute::<*mut c_void, LoadFile>(
                        abi.symbol("load_trusted_setup_file"),
                    ),
                    std::mem::transmute::<*mut c_void, Commit>(
                        abi.symbol("blob_to_kzg_commitment"),
                    ),
                    std::mem::transmute::<*mut c_void, Cells>(
                        abi.symbol("compute_cells_and_kzg_proofs"),
                    ),
                )
            };
            let mut settings = [0u64; 10];
            let p = CString::new(path.to_string_lossy().as_bytes()).expect("path");
            // SAFETY: C strings; `fopen` returns NULL or a FILE we close.
            let file = unsafe { libc::fopen(p.as_ptr(), c"r".as_ptr()) };
            assert!(!file.is_null(), "open {}", path.display());
            // SAFETY: `settings` has the size of KZGSettings (8 pointers, 2
            // size_t), `file` is open; every buffer below has its C size.
            unsafe {
                assert_eq!(load(settings.as_mut_ptr(), file, 0), 0, "load");
                libc::fclose(file);
                match stage {
                    "commit" => {
                        let mut out = [0u8; 48];
                        assert_eq!(
                            commit(out.as_mut_ptr(), blob.as_ptr(), settings.as_ptr()),
                            0
                        );
                    }
                    "cells" => {
                        let mut cells_out = vec![0u8; 128 * fastkzg::BYTES_PER_CELL];
                        let mut proofs = vec![0u8; 128 * 48];
                        assert_eq!(
                            cells(
                                cells_out.as_mut_ptr(),
                                proofs.as_mut_ptr(),
                                blob.as_ptr(),
                                settings.as_ptr()
                            ),
                            0
                        );
                    }
                    _ => {}
                }
            }
        }
        "c-kzg" => {
            let s = c_kzg::KzgSettings::load_trusted_setup_file(&path, 0).expect("c-kzg load");
            let b = c_kzg::Blob::from_bytes(&blob).expect("blob");
            match stage {
                "commit" => {
                    s.blob_to_kzg_commitment(&b).expect("commit");
                }
                "cells" => {
                    s.compute_cells_and_kzg_proofs(&b).expect("cells");
                }
                _ => {}
            }
        }
        "rust-eth-kzg" => {
            let ctx = rust_eth_kzg::DASContext::new(
                &rust_eth_kzg::TrustedSetup::default(),
                rust_eth_kzg::UsePrecomp::No,
            );
            let b: &[u8; fastkzg::BYTES_PER_BLOB] = blob.as_slice().try_into().expect("blob");
            match stage {
                "commit" => {
                    ctx.blob_to_kzg_commitment(b).expect("commit");
                }
                "cells" => {
                    ctx.compute_cells_and_kzg_proofs(b).expect("cells");
                }
                _ => {}
            }
        }
        other => panic!("unknown library {other}"),
    }
    start.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn fmt(s: f64) -> String {
    if s < 1.0 {
        format!("{:.0} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

fn main() {
    let start = Instant::now();
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--child") {
        let t = child(&args[2], &args[3], start);
        println!("{t}");
        return;
    }
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let exe = std::env::current_exe().expect("this example");
    let mut times = vec![vec![Vec::new(); STAGES.len()]; LIBS.len()];
    // Round robin: every run takes each library and stage in turn.
    for _ in 0..runs {
        for (s, stage) in STAGES.iter().enumerate() {
            for (l, lib) in LIBS.iter().enumerate() {
                let out = Command::new(&exe)
                    .args(["--child", lib, stage])
                    .output()
                    .expect("child process");
                assert!(
                    out.status.success(),
                    "{lib} {stage}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let t: f64 = String::from_utf8_lossy(&out.stdout)
                    .trim()
                    .parse()
                    .expect("child time");
                times[l][s].push(t);
            }
        }
    }
    println!("Fresh process, mainnet setup, precompute 0: median of {runs} runs");
    println!();
    println!("| stage | fastkzg (C ABI, text file) | c-kzg 2.1.8 (text file) | rust-eth-kzg 0.10 (embedded) |");
    println!("|---|---:|---:|---:|");
    let label = [
        "load",
        "load + first blob_to_kzg_commitment",
        "load + first compute_cells_and_kzg_proofs",
    ];
    for (s, name) in label.iter().enumerate() {
        let cols: Vec<String> = (0..LIBS.len())
            .map(|l| fmt(median(times[l][s].clone())))
            .collect();
        println!("| {name} | {} |", cols.join(" | "));
    }
}
