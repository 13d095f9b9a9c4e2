//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The functions of the reference tests, in the order the runners report them.
pub const SPEC_FUNCTIONS: &[&str] = &[
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "compute_challenge",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
    "compute_verify_cell_kzg_proof_batch_challenge",
];

/// The in-repo copy of the reference tests: `spec-tests/` at the
/// repository root.
pub fn default_spec_tests_dir() -> PathBuf {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../spec-tests"));
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

/// The reference-test folder, checked once per test program: the folder
/// `FASTKZG_SPEC_TESTS` names, else the in-repo copy `spec-tests/`. Panics
/// with the message of [`check_spec_tests`] if the check fails, so that no
/// case runs from a missing, empty, incomplete or altered folder.
pub fn spec_tests_dir() -> PathBuf {
    static CHECKED: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let checked = CHECKED.get_or_init(|| {
        let dir = resolve_spec_tests_dir(std::env::var_os("FASTKZG_SPEC_TESTS"));
        let report = check_spec_tests(&dir)?;
        println!("{report}");
        Ok(dir)
    });
    match checked {
        Ok(dir) => dir.clone(),
        Err(e) => panic!("{e}"),
    }
}

/// The folder for a value of `FASTKZG_SPEC_TESTS` (unset or empty: the
/// in-repo copy).
pub fn resolve_spec_tests_dir(var: Option<std::ffi::OsString>) -> PathBuf {
    match var {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => default_spec_tests_dir(),
    }
}

/// What [`check_spec_tests`] found.
#[derive(Debug)]
pub struct SpecTestsReport {
    /// The folder.
    pub dir: PathBuf,
    /// Cases per function, in [`SPEC_FUNCTIONS`] order.
    pub counts: Vec<(&'static str, usize)>,
    /// Files verified against `MANIFEST.sha256` (`None`: no manifest).
    pub verified: Option<usize>,
}

impl SpecTestsReport {
    /// All cases.
    pub fn total(&self) -> usize {
        self.counts.iter().map(|(_, n)| n).sum()
    }
}

impl std::fmt::Display for SpecTestsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "reference tests at {}: {} cases, ",
            self.dir.display(),
            self.total()
        )?;
        match self.verified {
            Some(n) => write!(f, "verified against MANIFEST.sha256 ({n} files)"),
            None => write!(f, "not verified: no MANIFEST.sha256 there"),
        }
    }
}

/// Checks a reference-test folder before any case runs:
///
/// - the folder exists;
/// - if it has a `MANIFEST.sha256` (sha256sum format, paths relative to the
///   folder), every file listed there is present with that SHA-256, and no
///   `FUNCTION/kzg-mainnet/CASE/data.yaml` is there that it does not list;
///   the in-repo copy must have one;
/// - every function of [`SPEC_FUNCTIONS`] has at least one case.
///
/// The error names the folder and every file at fault.
pub fn check_spec_tests(dir: &Path) -> Result<SpecTestsReport, String> {
    use sha2::{Digest, Sha256};

    let fail = |what: String| format!("reference tests at {}: {what}", dir.display());
    if !dir.is_dir() {
        return Err(fail(format!(
            "no such folder (the in-repo copy is {}; FASTKZG_SPEC_TESTS overrides it)",
            default_spec_tests_dir().display()
        )));
    }
    let present = list_cases(dir);
    let manifest_path = dir.join("MANIFEST.sha256");
    let mut verified = None;
    if manifest_path.is_file() {
        let text = std::fs::read_to_string(&manifest_path)
            .map_err(|e| fail(format!("MANIFEST.sha256: {e}")))?;
        let mut problems = Vec::new();
        let mut listed = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let parsed = line.split_once(' ').and_then(|(sum, rest)| {
                let path = rest.strip_prefix(' ').or_else(|| rest.strip_prefix('*'))?;
                let ok = sum.len() == 64
                    && sum.bytes().all(|b| b.is_ascii_hexdigit())
                    && !path.is_empty();
                ok.then(|| (sum.to_ascii_lowercase(), path.to_string()))
            });
            match parsed {
                Some((sum, path)) => {
                    listed.insert(path, sum);
                }
                None => problems.push(format!(
                    "{}:{}: not a sha256sum line: {line:?}",
                    manifest_path.display(),
                    i + 1
                )),
            }
        }
        for (path, want) in &listed {
            let file = dir.join(path);
            match std::fs::read(&file) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => problems.push(format!(
                    "{}: missing (listed in MANIFEST.sha256)",
                    file.display()
                )),
                Err(e) => problems.push(format!("{}: {e}", file.display())),
                Ok(bytes) => {
                    let got = hex::encode(Sha256::digest(&bytes));
                    if &got != want {
                        problems.push(format!(
                            "{}: content differs from MANIFEST.sha256 (sha256 {got}, listed {want})",
                            file.display()
                        ));
                    }
                }
            }
        }
        for path in &present {
            if !listed.contains_key(path) {
                problems.push(format!(
                    "{}: not listed in MANIFEST.sha256",
                    dir.join(path).display()
                ));
            }
        }
        if !problems.is_empty() {
            return Err(fail(format!(
                "{} problem(s) with MANIFEST.sha256 (restore the copy with git, or \
                 after a deliberate refresh rewrite the manifest with \
                 scripts/refresh-spec-tests.sh --manifest-only):\n  {}",
                problems.len(),
                problems.join("\n  ")
            )));
        }
        verified = Some(listed.len());
    } else if same_dir(dir, &default_spec_tests_dir()) {
        return Err(fail(
            "MANIFEST.sha256 is missing (restore it with git)".into(),
        ));
    }
    if present.is_empty() {
        return Err(fail(
            "no case at all (empty folder? expected FUNCTION/kzg-mainnet/CASE/data.yaml)".into(),
        ));
    }
    let counts: Vec<(&'static str, usize)> = SPEC_FUNCTIONS
        .iter()
        .map(|f| {
            let prefix = format!("{f}/kzg-mainnet/");
            (
                *f,
                present.iter().filter(|p| p.starts_with(&prefix)).count(),
            )
        })
        .collect();
    let empty: Vec<&str> = counts
        .iter()
        .filter(|(_, n)| *n == 0)
        .map(|(f, _)| *f)
        .collect();
    if !empty.is_empty() {
        return Err(fail(format!(
            "no case for {} (expected FUNCTION/kzg-mainnet/CASE/data.yaml)",
            empty.join(", ")
        )));
    }
    Ok(SpecTestsReport {
        dir: dir.to_path_buf(),
        counts,
        verified,
    })
}

/// The `FUNCTION/kzg-mainnet/CASE/data.yaml` files under `dir`, as relative
/// paths with `/`, sorted.
fn list_cases(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let entries = |p: &Path| -> Vec<std::fs::DirEntry> {
        std::fs::read_dir(p)
            .map(|rd| rd.filter_map(Result::ok).collect())
            .unwrap_or_default()
    };
    for function in entries(dir) {
        let cases = function.path().join("kzg-mainnet");
        for case in entries(&cases) {
            if case.path().join("data.yaml").is_file() {
                out.push(format!(
                    "{}/kzg-mainnet/{}/data.yaml",
                    function.file_name().to_string_lossy(),
                    case.file_name().to_string_lossy()
                ));
            }
        }
    }
    out.sort();
    out
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Decodes a `0x`-prefixed hex string.
pub fn hex_bytes(s: &str) -> Option<Vec<u8>> {
    hex::decode(s.strip_prefix("0x")?).ok()
}

/// Decodes a `0x`-hex string into exactly `N` bytes.
pub fn hex_array<const N: usize>(s: &str) -> Option<[u8; N]> {
    hex_bytes(s)?.try_into().ok()
}

/// Decodes a `0x`-hex string into a boxed array of exactly `N` bytes.
pub fn hex_boxed<const N: usize>(s: &str) -> Option<Box<[u8; N]>> {
    let v = hex_bytes(s)?;
    v.into_boxed_slice().try_into().ok()
}

/// A small deterministic RNG for tests.
pub fn rng(seed: u64) -> rand::rngs::StdRng {
    use rand::SeedableRng;
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// A random blob of canonical field elements (top byte of each element < 0x73).
pub fn random_blob(rng: &mut impl rand::RngCore) -> Box<fastkzg::Blob> {
    let mut blob = Box::new([0u8; fastkzg::BYTES_PER_BLOB]);
    rng.fill_bytes(&mut blob[..]);
    for chunk in blob.chunks_mut(32) {
        chunk[0] &= 0x3f;
    }
    blob
}

/// The test matrix: `backend_tests!(a, b, ...)` instantiates the test
/// functions `a::<B>()`, `b::<B>()`, ... (generic over `B: Backend`) once
/// per backend, as `#[test]`s in a module named after the backend, each
/// under its cargo feature. Adding a backend is one
/// line here.
#[macro_export]
macro_rules! backend_tests {
    ($($test:ident),* $(,)?) => {
        $crate::backend_tests!(@backend blst, fastkzg::Blst, feature = "blst"; $($test),*);
        $crate::backend_tests!(@backend arkworks, fastkzg::Arkworks, feature = "arkworks"; $($test),*);
        $crate::backend_tests!(@backend zkcrypto, fastkzg::Zkcrypto, feature = "zkcrypto"; $($test),*);
        $crate::backend_tests!(@backend mcl, fastkzg::Mcl, feature = "mcl"; $($test),*);
    };
    (@backend $module:ident, $backend:ty, $cfg:meta; $($test:ident),*) => {
        #[cfg($cfg)]
        mod $module {
            $(
                #[test]
                fn $test() {
                    super::$test::<$backend>();
                }
            )*
        }
    };
}
