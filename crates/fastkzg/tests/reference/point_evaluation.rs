//! The EIP-4844 point-evaluation precompile: every `verify_kzg_proof`
//! reference case turned into precompile input (the versioned hash
//! computed here with its own SHA-256 call) succeeds exactly when the case's
//! output is `true`; wrong lengths, wrong version bytes and mismatched
//! hashes fail; the output matches constants written from the EIP.

use crate::common;

backend_tests!(
    reference_cases_through_precompile,
    rejects_bad_inputs,
    verifier_and_settings_agree,
);

use common::{hex_bytes, spec_tests_dir};
use fastkzg::ethereum::point_evaluation::POINT_EVALUATION_OUTPUT;
use fastkzg::{kzg_to_versioned_hash, Backend, Error, Input, KzgSettings, KzgVerifier};
use serde_yaml::Value;
use sha2::{Digest, Sha256};

/// `FIELD_ELEMENTS_PER_BLOB` (4096) as a big-endian 32-byte word, written
/// out from the EIP.
const FIELD_ELEMENTS_PER_BLOB_WORD: &str =
    "0000000000000000000000000000000000000000000000000000000000001000";
/// `BLS_MODULUS` as a big-endian 32-byte word, from the EIP's decimal
/// value 52435875175126190479447740508185965837690552500527637822603658699938581184513.
const BLS_MODULUS_WORD: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

fn expected_output() -> Vec<u8> {
    hex::decode(format!("{FIELD_ELEMENTS_PER_BLOB_WORD}{BLS_MODULUS_WORD}")).unwrap()
}

/// `0x01 ‖ sha256(commitment)[1..]`, computed independently of the library.
fn versioned_hash(commitment: &[u8]) -> Vec<u8> {
    let mut h = Sha256::digest(commitment).to_vec();
    h[0] = 0x01;
    h
}

/// The precompile input of a `verify_kzg_proof` case, its fields as given
/// (fields of the wrong length give an input of the wrong length).
fn precompile_input(case: &Value) -> Vec<u8> {
    let field = |k: &str| {
        case["input"][k]
            .as_str()
            .and_then(hex_bytes)
            .unwrap_or_else(|| panic!("field {k} is not hex"))
    };
    let commitment = field("commitment");
    let mut input = versioned_hash(&commitment);
    input.extend(field("z"));
    input.extend(field("y"));
    input.extend(&commitment);
    input.extend(field("proof"));
    input
}

/// A valid input: the proof of a random blob at a point, from the settings.
fn valid_input<B: Backend>(ks: &KzgSettings<B>) -> Vec<u8> {
    let blob = common::random_blob(&mut common::rng(4844));
    let commitment = ks.blob_to_kzg_commitment(&blob).unwrap();
    let z = [0x11u8; 32];
    let (proof, y) = ks.compute_kzg_proof(&blob, &z).unwrap();
    let mut input = versioned_hash(&commitment);
    input.extend(z);
    input.extend(y);
    input.extend(commitment);
    input.extend(proof);
    input
}

fn reference_cases_through_precompile<B: Backend>() {
    let dir = spec_tests_dir().join("verify_kzg_proof/kzg-mainnet");
    let verifier = KzgVerifier::<B>::load_mainnet().unwrap();
    let expected = expected_output();
    let (mut accepted, mut rejected) = (0, 0);
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    for path in &cases {
        let text = std::fs::read_to_string(path.join("data.yaml")).unwrap();
        let case: Value = serde_yaml::from_str(&text).unwrap();
        let valid = case["output"].as_bool() == Some(true);
        let result = verifier.point_evaluation_precompile(&precompile_input(&case));
        match result {
            Ok(out) => {
                assert!(valid, "{}: accepted, expected failure", path.display());
                assert_eq!(out.as_slice(), expected.as_slice());
                accepted += 1;
            }
            Err(e) => {
                assert!(
                    !valid,
                    "{}: rejected ({e}), expected success",
                    path.display()
                );
                // A case whose spec output is `false` is a well-formed
                // proof that does not verify; `null` is malformed input.
                if case["output"].as_bool() == Some(false) {
                    assert!(matches!(e, Error::ProofRejected), "{}: {e}", path.display());
                } else {
                    assert!(!matches!(e, Error::ProofRejected), "{}", path.display());
                }
                rejected += 1;
            }
        }
    }
    assert_eq!(accepted + rejected, cases.len());
    assert!(
        accepted > 0 && rejected > 0,
        "{accepted} accepted, {rejected} rejected"
    );
    println!("{accepted} cases accepted, {rejected} rejected");
}

fn rejects_bad_inputs<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let input = valid_input(ks);
    assert_eq!(
        ks.point_evaluation_precompile(&input).unwrap().as_slice(),
        expected_output().as_slice()
    );

    for len in [0, 1, 191, 193, 384] {
        let mut bytes = input.clone();
        bytes.resize(len, 0);
        match ks.point_evaluation_precompile(&bytes) {
            Err(Error::InvalidLength {
                input: Input::PointEvaluationInput,
                expected: 192,
                got,
                ..
            }) => assert_eq!(got, len),
            other => panic!("length {len}: {other:?}"),
        }
    }

    let commitment: [u8; 48] = input[96..144].try_into().unwrap();
    let hash: [u8; 32] = versioned_hash(&commitment).try_into().unwrap();
    assert_eq!(kzg_to_versioned_hash(&commitment), hash);
    for version in [0x00, 0x02, 0xff] {
        let mut bytes = input.clone();
        bytes[0] = version;
        match ks.point_evaluation_precompile(&bytes) {
            Err(Error::VersionedHashMismatch { expected, got }) => {
                assert_eq!(expected, hash);
                assert_eq!(got[0], version);
                assert_eq!(got[1..], hash[1..]);
            }
            other => panic!("version {version:#04x}: {other:?}"),
        }
    }

    // The hash of another commitment (the point at infinity).
    let mut other = [0u8; 48];
    other[0] = 0xc0;
    let mut bytes = input.clone();
    bytes[..32].copy_from_slice(&versioned_hash(&other));
    assert!(matches!(
        ks.point_evaluation_precompile(&bytes),
        Err(Error::VersionedHashMismatch { .. })
    ));
    // One bit of the hash flipped.
    let mut bytes = input.clone();
    bytes[31] ^= 1;
    assert!(matches!(
        ks.point_evaluation_precompile(&bytes),
        Err(Error::VersionedHashMismatch { .. })
    ));

    // A wrong y: the proof does not verify.
    let mut bytes = input.clone();
    bytes[95] ^= 1;
    assert!(matches!(
        ks.point_evaluation_precompile(&bytes),
        Err(Error::ProofRejected)
    ));
    // z and y equal to the modulus: not canonical.
    let modulus = hex::decode(BLS_MODULUS_WORD).unwrap();
    for (at, which) in [(32, Input::Z), (64, Input::Y)] {
        let mut bytes = input.clone();
        bytes[at..at + 32].copy_from_slice(&modulus);
        match ks.point_evaluation_precompile(&bytes) {
            Err(Error::NonCanonicalFieldElement { input, .. }) => assert_eq!(input, which),
            other => panic!("{which}: {other:?}"),
        }
    }
    // A proof that is not a point.
    let mut bytes = input.clone();
    bytes[144..].fill(0xff);
    assert!(matches!(
        ks.point_evaluation_precompile(&bytes),
        Err(Error::InvalidG1Point {
            input: Input::Proof,
            ..
        })
    ));
}

fn verifier_and_settings_agree<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let verifier = KzgVerifier::<B>::mainnet();
    let input = valid_input(ks);
    assert_eq!(
        verifier.point_evaluation_precompile(&input).unwrap(),
        ks.point_evaluation_precompile(&input).unwrap()
    );
    assert_eq!(POINT_EVALUATION_OUTPUT.as_slice(), expected_output());
}
