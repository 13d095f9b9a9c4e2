//! Runs the consensus-spec KZG reference tests (EIP-4844 and EIP-7594) on every
//! backend. The folder is the in-repo copy `spec-tests/` unless
//! `FASTKZG_SPEC_TESTS` names another; before any case runs it is checked
//! (`common::check_spec_tests`: against its `MANIFEST.sha256`, and at least
//! one case per function), so a missing, empty, incomplete or altered folder
//! is a failure, never a pass with zero cases.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{hex_array, hex_boxed, spec_tests_dir, SPEC_FUNCTIONS as FUNCTIONS};
use fastkzg::backend::Scalar;
use fastkzg::{Backend, Blob, Cell, KzgSettings, KzgVerifier, BYTES_PER_BLOB};
use serde_yaml::Value;

/// What a case's `output` must be: `None` for `null` (the call must fail).
type Expected = Option<Value>;

fn s(v: &Value) -> Option<&str> {
    v.as_str()
}

fn blob(v: &Value) -> Option<Box<Blob>> {
    hex_boxed::<BYTES_PER_BLOB>(s(v)?)
}

fn b32(v: &Value) -> Option<[u8; 32]> {
    hex_array(s(v)?)
}

fn b48(v: &Value) -> Option<[u8; 48]> {
    hex_array(s(v)?)
}

fn cell(v: &Value) -> Option<Cell> {
    hex_array(s(v)?)
}

fn hexlist<T: AsRef<[u8]>>(items: &[T]) -> Value {
    Value::Sequence(items.iter().map(|x| hexstr(x.as_ref())).collect())
}

fn list<T>(v: &Value, f: impl Fn(&Value) -> Option<T>) -> Option<Vec<T>> {
    v.as_sequence()?.iter().map(f).collect()
}

fn hexstr(b: &[u8]) -> Value {
    Value::String(format!("0x{}", hex::encode(b)))
}

/// Runs one case; returns the produced output (`None` = error) or a
/// description of why inputs were unparseable (also an error outcome).
fn run_case<B: Backend>(ks: &KzgSettings<B>, func: &str, input: &Value) -> Option<Value> {
    let i = |k: &str| &input[k];
    match func {
        "blob_to_kzg_commitment" => {
            let blob = blob(i("blob"))?;
            ks.blob_to_kzg_commitment(&blob).ok().map(|c| hexstr(&c))
        }
        "compute_kzg_proof" => {
            let (blob, z) = (blob(i("blob"))?, b32(i("z"))?);
            let (proof, y) = ks.compute_kzg_proof(&blob, &z).ok()?;
            Some(Value::Sequence(vec![hexstr(&proof), hexstr(&y)]))
        }
        "compute_blob_kzg_proof" => {
            let (blob, c) = (blob(i("blob"))?, b48(i("commitment"))?);
            ks.compute_blob_kzg_proof(&blob, &c)
                .ok()
                .map(|p| hexstr(&p))
        }
        "compute_challenge" => {
            let (blob, c) = (blob(i("blob"))?, b48(i("commitment"))?);
            let r = fastkzg::compute_challenge::<B>(&blob, &c);
            Some(hexstr(&r.to_bytes_be()))
        }
        "compute_cells" => {
            let blob = blob(i("blob"))?;
            ks.compute_cells(&blob)
                .ok()
                .map(|cells| hexlist(&cells[..]))
        }
        "compute_cells_and_kzg_proofs" => {
            let blob = blob(i("blob"))?;
            let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&blob).ok()?;
            Some(Value::Sequence(vec![
                hexlist(&cells[..]),
                hexlist(&proofs[..]),
            ]))
        }
        "recover_cells_and_kzg_proofs" => {
            let indices = list(i("cell_indices"), Value::as_u64)?;
            let cells = list(i("cells"), cell)?;
            let (cells, proofs) = ks.recover_cells_and_kzg_proofs(&indices, &cells).ok()?;
            Some(Value::Sequence(vec![
                hexlist(&cells[..]),
                hexlist(&proofs[..]),
            ]))
        }
        "compute_verify_cell_kzg_proof_batch_challenge" => {
            let cs = list(i("commitments"), b48)?;
            let cis = list(i("commitment_indices"), Value::as_u64)?;
            let indices = list(i("cell_indices"), Value::as_u64)?;
            let cells = list(i("cosets_evals"), |v| {
                let elems = list(v, b32)?;
                let bytes: Vec<u8> = elems.concat();
                bytes.try_into().ok()
            })?;
            let ps = list(i("proofs"), b48)?;
            let r = fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<B, Cell>(
                &cs, &cis, &indices, &cells, &ps,
            )
            .ok()?;
            Some(hexstr(&r.to_bytes_be()))
        }
        other => run_verify_case(ks.verifier(), other, input)
            .unwrap_or_else(|| panic!("no handler for {other}")),
    }
}

/// Runs a verification case on a verifier (the verify-only context, or
/// the settings' own); `None` if `func` is not a verification.
fn run_verify_case<B: Backend>(
    ks: &KzgVerifier<B>,
    func: &str,
    input: &Value,
) -> Option<Option<Value>> {
    let i = |k: &str| &input[k];
    let run = || match func {
        "verify_kzg_proof" => {
            let (c, z, y, p) = (
                b48(i("commitment"))?,
                b32(i("z"))?,
                b32(i("y"))?,
                b48(i("proof"))?,
            );
            ks.verify_kzg_proof(&c, &z, &y, &p).ok().map(Value::Bool)
        }
        "verify_blob_kzg_proof" => {
            let (blob, c, p) = (blob(i("blob"))?, b48(i("commitment"))?, b48(i("proof"))?);
            ks.verify_blob_kzg_proof(&blob, &c, &p)
                .ok()
                .map(Value::Bool)
        }
        "verify_blob_kzg_proof_batch" => {
            let blobs = list(i("blobs"), blob)?;
            let cs = list(i("commitments"), b48)?;
            let ps = list(i("proofs"), b48)?;
            ks.verify_blob_kzg_proof_batch(&blobs, &cs, &ps)
                .ok()
                .map(Value::Bool)
        }
        "verify_cell_kzg_proof_batch" => {
            let cs = list(i("commitments"), b48)?;
            let indices = list(i("cell_indices"), Value::as_u64)?;
            let cells = list(i("cells"), cell)?;
            let ps = list(i("proofs"), b48)?;
            ks.verify_cell_kzg_proof_batch(&cs, &indices, &cells, &ps)
                .ok()
                .map(Value::Bool)
        }
        _ => None,
    };
    func.starts_with("verify_").then(run)
}

fn reference_tests<B: Backend>() {
    // Checked (once per program) before any case runs; panics naming the
    // folder and the file at fault.
    let root = spec_tests_dir();
    let ks: KzgSettings<B> = KzgSettings::load_mainnet(0).unwrap();
    let verifier: KzgVerifier<B> = KzgVerifier::load_mainnet().unwrap();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for func in FUNCTIONS {
        let dir = root.join(func).join("kzg-mainnet");
        let mut cases: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        cases.sort();
        for case in cases {
            let data = load(&case.join("data.yaml"));
            let expected: Expected = match &data["output"] {
                Value::Null => None,
                v => Some(v.clone()),
            };
            let got = run_case(&ks, func, &data["input"]);
            // The verify-only context gives the same verdicts and errors.
            if let Some(alone) = run_verify_case(&verifier, func, &data["input"]) {
                if alone != got {
                    failures.push(format!(
                        "{func}/{}: KzgVerifier gave {alone:?}, KzgSettings {got:?}",
                        case.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
            if got != expected {
                failures.push(format!(
                    "{func}/{}: expected {expected:?}, got {got:?}",
                    case.file_name().unwrap().to_string_lossy()
                ));
            }
            *counts.entry(func).or_default() += 1;
        }
    }
    println!("reference tests on backend {}:", B::NAME);
    for (f, n) in &counts {
        println!("  {f:<48} {n:>4} cases");
    }
    println!(
        "  {:<48} {:>4} cases",
        "total",
        counts.values().sum::<usize>()
    );
    for f in FUNCTIONS {
        assert!(
            counts.get(f).copied().unwrap_or(0) > 0,
            "no reference cases found for {f}"
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_yaml::from_str(&text).unwrap()
}

backend_tests!(reference_tests);
