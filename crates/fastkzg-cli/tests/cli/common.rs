//! Running the binary and making its input files.

// Re-exported for the test modules (`use crate::common::*`).
pub(crate) use std::ffi::OsStr;
pub(crate) use std::fs;
pub(crate) use std::path::{Path, PathBuf};
pub(crate) use std::process::{Command, Output};

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_fastkzg");
pub(crate) const BLOB_BYTES: usize = 131072;

/// A fresh, empty directory for one test.
pub(crate) fn tmp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fastkzg-cli")
        .join(test);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn run<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("failed to run the fastkzg binary")
}

pub(crate) fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

pub(crate) fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// Runs a command that must succeed; returns its trimmed stdout.
pub(crate) fn ok<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    stdout(&out)
}

/// Runs a command that must exit with `code`; returns (stdout, stderr).
pub(crate) fn fails<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(
    code: i32,
    args: I,
) -> (String, String) {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    (stdout(&out), stderr(&out))
}

pub(crate) fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

pub(crate) fn random_blob(dir: &Path, name: &str, seed: u64, hex: bool) -> PathBuf {
    let path = dir.join(name);
    let seed = seed.to_string();
    let mut args = vec!["random-blob", p(&path), "--seed", &seed];
    if hex {
        args.push("--hex");
    }
    ok(args);
    path
}

pub(crate) fn assert_hex(s: &str, bytes: usize) {
    assert!(s.starts_with("0x"), "{s}");
    assert_eq!(s.len(), 2 + 2 * bytes, "{s}");
    assert!(s[2..].bytes().all(|b| b.is_ascii_hexdigit()), "{s}");
}
