//! Every rule of the spec's input validation gets a typed error, never a
//! panic and never `false`.

mod common;

use fastkzg::backend::{Backend, PointError};
use fastkzg::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT;
use fastkzg::{Blob, Blst, Error, KzgSettings, FIELD_ELEMENTS_PER_BLOB, G1_POINT_AT_INFINITY};

const MODULUS: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

fn modulus() -> [u8; 32] {
    hex::decode(MODULUS).unwrap().try_into().unwrap()
}

/// A compressed encoding with small x that decodes to the given error.
fn point_with_error(want: PointError) -> [u8; 48] {
    for x in 1u8..=255 {
        let mut b = [0u8; 48];
        b[0] = 0x80;
        b[47] = x;
        if Blst::g1_decompress(&b) == Err(want) {
            return b;
        }
    }
    panic!("no small-x point with {want:?}");
}

fn valid() -> (Box<Blob>, [u8; 48], [u8; 48]) {
    let ks = fastkzg::mainnet();
    let blob = common::random_blob(&mut common::rng(1));
    let c = ks.blob_to_kzg_commitment(&blob).unwrap();
    let p = ks.compute_blob_kzg_proof(&blob, &c).unwrap();
    (blob, c, p)
}

#[test]
fn non_canonical_field_elements() {
    let ks = fastkzg::mainnet();
    let (mut blob, c, p) = valid();
    blob[77 * 32..78 * 32].copy_from_slice(&modulus());
    let want = Error::NonCanonicalFieldElement {
        what: "blob",
        index: 77,
    };
    assert_eq!(ks.blob_to_kzg_commitment(&blob), Err(want.clone()));
    assert_eq!(ks.compute_kzg_proof(&blob, &[0; 32]), Err(want.clone()));
    assert_eq!(ks.compute_blob_kzg_proof(&blob, &c), Err(want.clone()));
    assert_eq!(ks.verify_blob_kzg_proof(&blob, &c, &p), Err(want.clone()));
    let (good, _, _) = valid();
    assert!(matches!(
        ks.compute_kzg_proof(&good, &modulus()),
        Err(Error::NonCanonicalFieldElement { what: "z", .. })
    ));
    assert!(matches!(
        ks.verify_kzg_proof(&c, &[0; 32], &[0xff; 32], &p),
        Err(Error::NonCanonicalFieldElement { what: "y", .. })
    ));
    assert!(matches!(
        ks.verify_kzg_proof(&c, &modulus(), &[0; 32], &p),
        Err(Error::NonCanonicalFieldElement { what: "z", .. })
    ));
    // r − 1 is canonical.
    let mut r_minus_1 = modulus();
    r_minus_1[31] = 0;
    assert!(ks.compute_kzg_proof(&good, &r_minus_1).is_ok());
}

#[test]
fn invalid_g1_points() {
    let ks = fastkzg::mainnet();
    let (blob, c, p) = valid();
    let not_on_curve = point_with_error(PointError::NotOnCurve);
    let not_in_group = point_with_error(PointError::NotInSubgroup);
    let mut no_flag = c;
    no_flag[0] &= 0x7f;
    let mut bad_infinity = G1_POINT_AT_INFINITY;
    bad_infinity[47] = 1;
    let mut x_too_big = [0xffu8; 48];
    x_too_big[0] = 0x9f;
    for (bytes, reason) in [
        (not_on_curve, PointError::NotOnCurve),
        (not_in_group, PointError::NotInSubgroup),
        (no_flag, PointError::InvalidEncoding),
        (bad_infinity, PointError::InvalidEncoding),
        (x_too_big, PointError::InvalidEncoding),
    ] {
        let as_commitment = Err(Error::InvalidG1Point {
            what: "commitment",
            index: 0,
            reason,
        });
        let as_proof = Err(Error::InvalidG1Point {
            what: "proof",
            index: 0,
            reason,
        });
        assert_eq!(
            ks.compute_blob_kzg_proof(&blob, &bytes).map(|_| ()),
            as_commitment.clone()
        );
        assert_eq!(
            ks.verify_blob_kzg_proof(&blob, &bytes, &p).map(|_| ()),
            as_commitment.clone()
        );
        assert_eq!(
            ks.verify_blob_kzg_proof(&blob, &c, &bytes),
            as_proof.clone()
        );
        assert_eq!(
            ks.verify_kzg_proof(&bytes, &[0; 32], &[0; 32], &p)
                .map(|_| ()),
            as_commitment
        );
        assert_eq!(
            ks.verify_kzg_proof(&c, &[0; 32], &[0; 32], &bytes),
            as_proof
        );
        // In a batch the error names the position.
        let blobs = vec![*blob, *blob];
        assert_eq!(
            ks.verify_blob_kzg_proof_batch(&blobs, &[c, c], &[p, bytes]),
            Err(Error::InvalidG1Point {
                what: "proof",
                index: 1,
                reason
            })
        );
    }
    // Infinity is a valid point: a wrong proof, not an error.
    assert_eq!(
        ks.verify_blob_kzg_proof(&blob, &c, &G1_POINT_AT_INFINITY),
        Ok(false)
    );
}

#[test]
fn mismatched_batch_lengths() {
    let ks = fastkzg::mainnet();
    let (blob, c, p) = valid();
    let blobs = vec![*blob];
    for (cs, ps) in [(vec![c, c], vec![p]), (vec![c], vec![]), (vec![], vec![p])] {
        assert!(matches!(
            ks.verify_blob_kzg_proof_batch(&blobs, &cs, &ps),
            Err(Error::LengthMismatch { .. })
        ));
    }
    let empty: Vec<Blob> = vec![];
    assert_eq!(ks.verify_blob_kzg_proof_batch(&empty, &[], &[]), Ok(true));
}

#[test]
fn batch_errors_name_the_blob() {
    let ks = fastkzg::mainnet();
    let (blob, c, p) = valid();
    let mut bad = *blob;
    bad[5 * 32..6 * 32].copy_from_slice(&modulus());
    let blobs = vec![*blob, *blob, bad];
    let run = || ks.verify_blob_kzg_proof_batch(&blobs, &[c, c, c], &[p, p, p]);
    let want = Err(Error::NonCanonicalFieldElement {
        what: "blob",
        index: 2 * FIELD_ELEMENTS_PER_BLOB + 5,
    });
    assert_eq!(run(), want);
    assert_eq!(fastkzg::run_serial(run), want);
}

fn setup_error(text: &str) -> bool {
    matches!(
        KzgSettings::<Blst>::parse_trusted_setup(text, 0),
        Err(Error::InvalidTrustedSetup(_))
    )
}

#[test]
fn malformed_trusted_setups() {
    let good = MAINNET_TRUSTED_SETUP_TXT;
    let lines: Vec<&str> = good.lines().collect();
    assert!(setup_error(""));
    assert!(setup_error(&good.replacen("4096", "4095", 1)));
    assert!(setup_error(&good.replacen("\n65\n", "\n64\n", 1)));
    // Truncated: last point missing; extra data at the end.
    assert!(setup_error(&lines[..lines.len() - 1].join("\n")));
    assert!(setup_error(&format!("{good}\nabcdef")));
    // A corrupted hex digit and a corrupted point.
    let mut bad_hex = lines.clone();
    let l = bad_hex[5].replacen('a', "g", 1);
    bad_hex[5] = &l;
    assert!(setup_error(&bad_hex.join("\n")));
    let mut swapped = lines.clone();
    swapped.swap(2, 3);
    assert!(
        setup_error(&swapped.join("\n")),
        "swapped Lagrange points must be rejected"
    );
    // Monomial points in the Lagrange slot (forms swapped).
    let mut forms = vec![lines[0], lines[1]];
    forms.extend(&lines[2 + 4096 + 65..]);
    forms.extend(&lines[2 + 4096..2 + 4096 + 65]);
    forms.extend(&lines[2..2 + 4096]);
    assert!(setup_error(&forms.join("\n")));
    // A point not in the subgroup.
    let nig = hex::encode(point_with_error(PointError::NotInSubgroup));
    let mut subgroup = lines.clone();
    subgroup[10] = &nig;
    assert!(setup_error(&subgroup.join("\n")));
    // Precompute level out of range; CRLF line endings are fine.
    assert!(matches!(
        KzgSettings::<Blst>::parse_trusted_setup(good, 16),
        Err(Error::InvalidTrustedSetup(_))
    ));
    assert!(KzgSettings::<Blst>::parse_trusted_setup(&good.replace('\n', "\r\n"), 0).is_ok());
    // Raw bytes: wrong lengths.
    assert!(KzgSettings::<Blst>::load_trusted_setup(&[0; 48], &[0; 48], &[0; 96], 0).is_err());
    // Missing file.
    assert!(matches!(
        KzgSettings::<Blst>::load_trusted_setup_file("/nonexistent/setup.txt", 0),
        Err(Error::Io(_))
    ));
}
