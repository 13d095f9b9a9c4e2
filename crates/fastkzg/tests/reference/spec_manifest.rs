//! The check that every reference-test runner makes before it runs a case
//! (`common::check_spec_tests`): the in-repo copy `spec-tests/` matches its
//! `MANIFEST.sha256` and has 344 cases; a missing folder, an empty one, a
//! copy with a changed, missing or extra file, a malformed manifest, and a
//! folder without cases for a function each fail with a message naming the
//! folder and the file.

use crate::common;

use std::path::{Path, PathBuf};

use common::{check_spec_tests, default_spec_tests_dir, resolve_spec_tests_dir, SPEC_FUNCTIONS};

/// A scratch folder under the system temp folder, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "fastkzg-spec-manifest-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A scratch copy of the in-repo reference tests (about 90 MB).
    fn copy_of_spec_tests(name: &str) -> Self {
        let s = Scratch::new(name);
        copy_dir(&default_spec_tests_dir(), &s.0);
        s
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The check of the folder `FASTKZG_SPEC_TESTS=dir` would select.
fn check_env(dir: &Path) -> Result<common::SpecTestsReport, String> {
    check_spec_tests(&resolve_spec_tests_dir(Some(dir.as_os_str().to_owned())))
}

fn expect_err(dir: &Path, what: &[&str]) -> String {
    let err = match check_env(dir) {
        Ok(report) => panic!("check passed on a bad folder: {report}"),
        Err(e) => e,
    };
    println!("{err}");
    assert!(
        err.contains(&dir.display().to_string()),
        "message does not name the folder {}: {err}",
        dir.display()
    );
    for w in what {
        assert!(err.contains(w), "message lacks {w:?}: {err}");
    }
    err
}

const CHANGED: &str =
    "verify_kzg_proof/kzg-mainnet/verify_kzg_proof_case_correct_proof_0_0/data.yaml";

#[test]
fn default_folder_is_the_in_repo_copy() {
    assert_eq!(resolve_spec_tests_dir(None), default_spec_tests_dir());
    assert_eq!(
        resolve_spec_tests_dir(Some("".into())),
        default_spec_tests_dir()
    );
    assert_eq!(
        resolve_spec_tests_dir(Some("/x".into())),
        PathBuf::from("/x")
    );
    assert!(
        default_spec_tests_dir().ends_with("spec-tests")
            && default_spec_tests_dir().join("MANIFEST.sha256").is_file(),
        "{}",
        default_spec_tests_dir().display()
    );
}

#[test]
fn in_repo_copy_matches_its_manifest() {
    let report = check_spec_tests(&default_spec_tests_dir()).unwrap_or_else(|e| panic!("{e}"));
    println!("{report}");
    assert_eq!(report.verified, Some(344));
    assert_eq!(report.total(), 344);
    let expected = [
        ("blob_to_kzg_commitment", 11),
        ("compute_kzg_proof", 52),
        ("compute_blob_kzg_proof", 15),
        ("verify_kzg_proof", 122),
        ("verify_blob_kzg_proof", 29),
        ("verify_blob_kzg_proof_batch", 24),
        ("compute_challenge", 9),
        ("compute_cells", 11),
        ("compute_cells_and_kzg_proofs", 11),
        ("recover_cells_and_kzg_proofs", 18),
        ("verify_cell_kzg_proof_batch", 32),
        ("compute_verify_cell_kzg_proof_batch_challenge", 10),
    ];
    assert_eq!(report.counts, expected);
    assert_eq!(SPEC_FUNCTIONS.len(), expected.len());
    assert!(default_spec_tests_dir().join(CHANGED).is_file());
}

#[test]
fn missing_folder_fails() {
    let s = Scratch::new("missing");
    let gone = s.0.join("no-such-folder");
    expect_err(&gone, &["no such folder"]);
}

#[test]
fn empty_folder_fails() {
    let s = Scratch::new("empty");
    expect_err(&s.0, &["no case at all"]);
}

#[test]
fn changed_missing_and_extra_files_fail() {
    let s = Scratch::copy_of_spec_tests("changed");
    // An untouched copy passes (verified against the manifest it carries).
    let report = check_env(&s.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((report.verified, report.total()), (Some(344), 344));

    // One byte of one file changed: named, and alone.
    let changed = s.0.join(CHANGED);
    let mut bytes = std::fs::read(&changed).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 1;
    std::fs::write(&changed, &bytes).unwrap();
    let err = expect_err(
        &s.0,
        &[
            CHANGED,
            "content differs from MANIFEST.sha256",
            "1 problem(s)",
        ],
    );
    assert_eq!(err.matches("data.yaml").count(), 1, "{err}");

    // A listed file removed, and a case added that the manifest lacks.
    let removed = "compute_cells/kzg-mainnet/compute_cells_case_valid_0/data.yaml";
    std::fs::remove_file(s.0.join(removed)).unwrap();
    let extra = "compute_cells/kzg-mainnet/compute_cells_case_extra/data.yaml";
    std::fs::create_dir_all(s.0.join(extra).parent().unwrap()).unwrap();
    std::fs::write(s.0.join(extra), "input: {}\noutput: null\n").unwrap();
    expect_err(
        &s.0,
        &[
            "3 problem(s)",
            CHANGED,
            &format!("{removed}: missing (listed in MANIFEST.sha256)"),
            &format!("{extra}: not listed in MANIFEST.sha256"),
        ],
    );
}

#[test]
fn malformed_manifest_fails() {
    let s = Scratch::copy_of_spec_tests("malformed");
    let manifest = s.0.join("MANIFEST.sha256");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, format!("not a checksum line\n{text}")).unwrap();
    expect_err(&s.0, &["MANIFEST.sha256:1: not a sha256sum line"]);
}

#[test]
fn folder_without_manifest_is_counted_and_needs_every_function() {
    let s = Scratch::copy_of_spec_tests("nomanifest");
    std::fs::remove_file(s.0.join("MANIFEST.sha256")).unwrap();
    let report = check_env(&s.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((report.verified, report.total()), (None, 344));
    std::fs::remove_dir_all(s.0.join("compute_cells")).unwrap();
    expect_err(&s.0, &["no case for compute_cells "]);
}
