//! The consensus-spec verification cases (EIP-4844 and EIP-7594) and the
//! EVM point-evaluation precompile, run through the `#![no_std]` crate on
//! both pure-Rust backends. The reference folder is checked first
//! (`common::spec_tests_dir`: its MANIFEST.sha256), so a missing or altered
//! folder fails.

#[path = "../../fastkzg/tests/common/mod.rs"]
mod common;

use common::{hex_array, hex_bytes, spec_tests_dir};
use fastkzg::{kzg_to_versioned_hash, Cell, FIELD_ELEMENTS_PER_BLOB};
use fastkzg_no_std as guest;
use guest::{Arkworks, Backend, Zkcrypto};
use serde_yaml::Value;

/// The cases of one function: `(name, input, expected)`, `expected` being
/// `None` where the call must fail.
fn cases(function: &str) -> Vec<(String, Value, Option<Value>)> {
    let dir = spec_tests_dir().join(function).join("kzg-mainnet");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        let text = std::fs::read_to_string(path.join("data.yaml")).expect("data.yaml");
        let case: Value = serde_yaml::from_str(&text).expect("YAML");
        let output = case["output"].clone();
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        out.push((
            name,
            case["input"].clone(),
            (!output.is_null()).then_some(output),
        ));
    }
    assert!(!out.is_empty(), "no cases in {}", dir.display());
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The scalar field modulus r (EIP-4844 `BLS_MODULUS`), big-endian.
const BLS_MODULUS_BE: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

fn fixed<const N: usize>(v: &Value) -> Option<[u8; N]> {
    hex_array(v.as_str()?)
}

fn fixed_list<const N: usize>(v: &Value) -> Option<Vec<[u8; N]>> {
    v.as_sequence()?.iter().map(fixed::<N>).collect()
}

/// Runs every case of `function` through `run` (`None`: the inputs do not
/// parse, which the case must expect as a failure) and checks the verdict.
fn check(function: &str, run: impl Fn(&Value) -> Option<Result<bool, guest::Error>>) -> usize {
    let all = cases(function);
    for (name, input, expected) in &all {
        let got = run(input).and_then(|r| r.ok());
        let want = expected.as_ref().map(|v| v.as_bool().expect("a boolean"));
        assert_eq!(got, want, "{function}/{name}");
    }
    all.len()
}

fn verification_cases<B: Backend>() {
    let mut counts = Vec::new();
    counts.push(check("verify_kzg_proof", |i| {
        let (c, z, y, p) = (
            fixed(&i["commitment"])?,
            fixed(&i["z"])?,
            fixed(&i["y"])?,
            fixed(&i["proof"])?,
        );
        let verdict = guest::verify_kzg_proof::<B>(&c, &z, &y, &p);
        // The precompile on the same inputs: its output for a valid
        // proof, an error for every other case.
        let input = [&kzg_to_versioned_hash(&c)[..], &z, &y, &c, &p].concat();
        let mut success = [0u8; 64];
        success[24..32].copy_from_slice(&(FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        success[32..].copy_from_slice(&BLS_MODULUS_BE);
        let precompile = guest::point_evaluation::<B>(&input);
        assert_eq!(
            precompile.as_ref().ok(),
            matches!(verdict, Ok(true)).then_some(&success),
            "the precompile on {}",
            hex::encode(&input)
        );
        Some(verdict)
    }));
    counts.push(check("verify_blob_kzg_proof", |i| {
        let blob = hex_bytes(i["blob"].as_str()?)?;
        Some(guest::verify_blob_kzg_proof::<B>(
            &blob,
            &fixed(&i["commitment"])?,
            &fixed(&i["proof"])?,
        ))
    }));
    counts.push(check("verify_blob_kzg_proof_batch", |i| {
        let blobs: Vec<Vec<u8>> = i["blobs"]
            .as_sequence()?
            .iter()
            .map(|b| hex_bytes(b.as_str()?))
            .collect::<Option<_>>()?;
        if blobs.iter().any(|b| b.len() != fastkzg::BYTES_PER_BLOB) {
            return None;
        }
        Some(guest::verify_blob_kzg_proof_batch::<B>(
            &blobs.concat(),
            &fixed_list(&i["commitments"])?,
            &fixed_list(&i["proofs"])?,
        ))
    }));
    counts.push(check("verify_cell_kzg_proof_batch", |i| {
        let indices: Vec<u64> = i["cell_indices"]
            .as_sequence()?
            .iter()
            .map(Value::as_u64)
            .collect::<Option<_>>()?;
        let cells: Vec<Cell> = fixed_list(&i["cells"])?;
        Some(guest::verify_cell_kzg_proof_batch::<B>(
            &fixed_list(&i["commitments"])?,
            &indices,
            &cells,
            &fixed_list(&i["proofs"])?,
        ))
    }));
    println!("{}: {counts:?} cases", B::NAME);
}

#[test]
fn zkcrypto_verification_cases() {
    verification_cases::<Zkcrypto>();
}

#[test]
fn arkworks_verification_cases() {
    verification_cases::<Arkworks>();
}

/// The mainnet setup parsed and validated in full from its text verifies
/// as the embedded one does, and a corrupted copy is rejected.
#[test]
fn parses_a_setup_from_text() {
    let text = fastkzg::MAINNET_TRUSTED_SETUP_TXT;
    let parsed = guest::parse_setup::<Zkcrypto>(text).expect("the mainnet setup parses");
    let (_, input, _) = cases("verify_kzg_proof")
        .into_iter()
        .find(|(_, _, expected)| expected.as_ref().and_then(Value::as_bool) == Some(true))
        .expect("a valid case");
    let args = |k: &str| fixed::<48>(&input[k]);
    let (c, p) = (args("commitment").expect("c"), args("proof").expect("p"));
    let (z, y) = (
        fixed::<32>(&input["z"]).expect("z"),
        fixed::<32>(&input["y"]).expect("y"),
    );
    assert!(matches!(parsed.verify_kzg_proof(&c, &z, &y, &p), Ok(true)));
    let corrupted = text.replacen("a", "b", 1);
    assert!(guest::parse_setup::<Zkcrypto>(&corrupted).is_err());
}
