//! Every rule of the spec's input validation gets a typed error, never a
//! panic and never `false`.

use crate::common;

backend_tests!(
    non_canonical_field_elements,
    invalid_g1_points,
    mismatched_batch_lengths,
    batch_errors_name_the_blob,
    cell_batch_errors_in_spec_order,
    malformed_trusted_setups,
);

use fastkzg::backend::{Backend, PointError};
use fastkzg::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT;
use fastkzg::{Blob, Cell, Error, Input, KzgSettings, G1_POINT_AT_INFINITY};

const MODULUS: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

fn modulus() -> [u8; 32] {
    hex::decode(MODULUS).unwrap().try_into().unwrap()
}

/// A compressed encoding with small x that decodes to the given error.
fn point_with_error<B: Backend>(want: PointError) -> [u8; 48] {
    for x in 1u8..=255 {
        let mut b = [0u8; 48];
        b[0] = 0x80;
        b[47] = x;
        if B::g1_decompress(&b).err() == Some(want) {
            return b;
        }
    }
    panic!("no small-x point with {want:?}");
}

fn valid<B: Backend>() -> (Box<Blob>, [u8; 48], [u8; 48]) {
    let ks = KzgSettings::<B>::mainnet();
    let blob = common::random_blob(&mut common::rng(1));
    let c = ks.blob_to_kzg_commitment(&blob).unwrap();
    let p = ks.compute_blob_kzg_proof(&blob, &c).unwrap();
    (blob, c, p)
}

fn non_canonical_field_elements<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let (mut blob, c, p) = valid::<B>();
    blob[77 * 32..78 * 32].copy_from_slice(&modulus());
    let is_want = |e: Error| {
        matches!(
            e,
            Error::NonCanonicalFieldElement {
                input: Input::Blob,
                position: 0,
                element: 77,
            }
        )
    };
    assert!(is_want(ks.blob_to_kzg_commitment(&blob).unwrap_err()));
    assert!(is_want(ks.compute_kzg_proof(&blob, &[0; 32]).unwrap_err()));
    assert!(is_want(ks.compute_blob_kzg_proof(&blob, &c).unwrap_err()));
    assert!(is_want(
        ks.verify_blob_kzg_proof(&blob, &c, &p).unwrap_err()
    ));
    let (good, _, _) = valid::<B>();
    assert!(matches!(
        ks.compute_kzg_proof(&good, &modulus()),
        Err(Error::NonCanonicalFieldElement {
            input: Input::Z,
            ..
        })
    ));
    assert!(matches!(
        ks.verify_kzg_proof(&c, &[0; 32], &[0xff; 32], &p),
        Err(Error::NonCanonicalFieldElement {
            input: Input::Y,
            ..
        })
    ));
    assert!(matches!(
        ks.verify_kzg_proof(&c, &modulus(), &[0; 32], &p),
        Err(Error::NonCanonicalFieldElement {
            input: Input::Z,
            ..
        })
    ));
    // r − 1 is canonical.
    let mut r_minus_1 = modulus();
    r_minus_1[31] = 0;
    assert!(ks.compute_kzg_proof(&good, &r_minus_1).is_ok());
}

fn invalid_g1_points<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let (blob, c, p) = valid::<B>();
    let not_on_curve = point_with_error::<B>(PointError::NotOnCurve);
    let not_in_group = point_with_error::<B>(PointError::NotInSubgroup);
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
        let is = |e: Error, want: Input, at: usize| {
            matches!(
                e,
                Error::InvalidG1Point { input, position, reason: r }
                    if input == want && position == at && r == reason
            )
        };
        let commitment = |e| is(e, Input::Commitment, 0);
        let proof = |e| is(e, Input::Proof, 0);
        assert!(commitment(
            ks.compute_blob_kzg_proof(&blob, &bytes).unwrap_err()
        ));
        assert!(commitment(
            ks.verify_blob_kzg_proof(&blob, &bytes, &p).unwrap_err()
        ));
        assert!(proof(
            ks.verify_blob_kzg_proof(&blob, &c, &bytes).unwrap_err()
        ));
        assert!(commitment(
            ks.verify_kzg_proof(&bytes, &[0; 32], &[0; 32], &p)
                .unwrap_err()
        ));
        assert!(proof(
            ks.verify_kzg_proof(&c, &[0; 32], &[0; 32], &bytes)
                .unwrap_err()
        ));
        // In a batch the error names the position.
        let blobs = vec![*blob, *blob];
        assert!(is(
            ks.verify_blob_kzg_proof_batch(&blobs, &[c, c], &[p, bytes])
                .unwrap_err(),
            Input::Proof,
            1
        ));
    }
    // Infinity is a valid point: a wrong proof, not an error.
    assert!(!ks
        .verify_blob_kzg_proof(&blob, &c, &G1_POINT_AT_INFINITY)
        .unwrap());
}

fn mismatched_batch_lengths<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let (blob, c, p) = valid::<B>();
    let blobs = vec![*blob];
    for (cs, ps) in [(vec![c, c], vec![p]), (vec![c], vec![]), (vec![], vec![p])] {
        assert!(matches!(
            ks.verify_blob_kzg_proof_batch(&blobs, &cs, &ps),
            Err(Error::LengthMismatch { .. })
        ));
    }
    let empty: Vec<Blob> = vec![];
    assert!(ks.verify_blob_kzg_proof_batch(&empty, &[], &[]).unwrap());
}

fn batch_errors_name_the_blob<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let (blob, c, p) = valid::<B>();
    let mut bad = *blob;
    bad[5 * 32..6 * 32].copy_from_slice(&modulus());
    let blobs = vec![*blob, *blob, bad];
    let run = || ks.verify_blob_kzg_proof_batch(&blobs, &[c, c, c], &[p, p, p]);
    let is_want = |r: fastkzg::Result<bool>| {
        matches!(
            r,
            Err(Error::NonCanonicalFieldElement {
                input: Input::Blob,
                position: 2,
                element: 5,
            })
        )
    };
    assert!(is_want(run()));
    assert!(is_want(fastkzg::run_serial(run)));
}

/// `verify_cell_kzg_proof_batch` decodes commitments, then cells, then
/// proofs (spec order): with several bad inputs the first kind is
/// reported, on one thread and on the pool, for a batch of 3 cells and one
/// of 24 (about a dozen cells per distinct commitment).
fn cell_batch_errors_in_spec_order<B: Backend>() {
    cell_batch_errors_in_spec_order_for::<B>(&[3, 9, 40]);
    let many: Vec<u64> = [3u64, 9, 40].into_iter().chain(50..71).collect();
    cell_batch_errors_in_spec_order_for::<B>(&many);
}

/// [`cell_batch_errors_in_spec_order`] for cells `ids` of one blob, the
/// bad inputs at positions 1 and 2.
fn cell_batch_errors_in_spec_order_for<B: Backend>(ids: &[u64]) {
    let ks = KzgSettings::<B>::mainnet();
    let (blob, c, _) = valid::<B>();
    let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
    let mut cs = vec![c; ids.len()];
    let mut cl: Vec<Cell> = ids.iter().map(|i| cells[*i as usize]).collect();
    let mut ps: Vec<[u8; 48]> = ids.iter().map(|i| proofs[*i as usize]).collect();
    assert!(ks.verify_cell_kzg_proof_batch(&cs, ids, &cl, &ps).unwrap());
    let bad_point = point_with_error::<B>(PointError::NotOnCurve);
    cl[2][7 * 32..8 * 32].copy_from_slice(&modulus());
    ps[1] = bad_point;
    cs[1] = bad_point;
    let kinds = |cs: &[[u8; 48]], cl: &[Cell], ps: &[[u8; 48]]| {
        let run = || ks.verify_cell_kzg_proof_batch(cs, ids, cl, ps);
        let errors = [run(), fastkzg::run_serial(run)];
        errors.map(|e| match e {
            Err(Error::InvalidG1Point {
                input, position: 1, ..
            }) => Some(input),
            Err(Error::NonCanonicalFieldElement {
                input: Input::Cell,
                position: 2,
                element: 7,
            }) => Some(Input::Cell),
            _ => None,
        })
    };
    assert_eq!(kinds(&cs, &cl, &ps), [Some(Input::Commitment); 2]);
    cs[1] = c;
    assert_eq!(kinds(&cs, &cl, &ps), [Some(Input::Cell); 2]);
    cl[2] = cells[40];
    assert_eq!(kinds(&cs, &cl, &ps), [Some(Input::Proof); 2]);
}

fn setup_error<B: Backend>(text: &str) -> bool {
    matches!(
        KzgSettings::<B>::parse_trusted_setup(text, 0),
        Err(Error::InvalidTrustedSetup(_))
    )
}

fn malformed_trusted_setups<B: Backend>() {
    let good = MAINNET_TRUSTED_SETUP_TXT;
    let lines: Vec<&str> = good.lines().collect();
    assert!(setup_error::<B>(""));
    assert!(setup_error::<B>(&good.replacen("4096", "4095", 1)));
    assert!(setup_error::<B>(&good.replacen("\n65\n", "\n64\n", 1)));
    // Truncated: last point missing; extra data at the end.
    assert!(setup_error::<B>(&lines[..lines.len() - 1].join("\n")));
    assert!(setup_error::<B>(&format!("{good}\nabcdef")));
    // A corrupted hex digit and a corrupted point.
    let mut bad_hex = lines.clone();
    let l = bad_hex[5].replacen('a', "g", 1);
    bad_hex[5] = &l;
    assert!(setup_error::<B>(&bad_hex.join("\n")));
    let mut swapped = lines.clone();
    swapped.swap(2, 3);
    assert!(
        setup_error::<B>(&swapped.join("\n")),
        "swapped Lagrange points must be rejected"
    );
    // Monomial points in the Lagrange slot (forms swapped).
    let mut forms = vec![lines[0], lines[1]];
    forms.extend(&lines[2 + 4096 + 65..]);
    forms.extend(&lines[2 + 4096..2 + 4096 + 65]);
    forms.extend(&lines[2..2 + 4096]);
    assert!(setup_error::<B>(&forms.join("\n")));
    // A point not in the subgroup.
    let nig = hex::encode(point_with_error::<B>(PointError::NotInSubgroup));
    let mut subgroup = lines.clone();
    subgroup[10] = &nig;
    assert!(setup_error::<B>(&subgroup.join("\n")));
    // Precompute level out of range; CRLF line endings are fine.
    assert!(matches!(
        KzgSettings::<B>::parse_trusted_setup(good, 16),
        Err(Error::InvalidTrustedSetup(_))
    ));
    assert!(KzgSettings::<B>::parse_trusted_setup(&good.replace('\n', "\r\n"), 0).is_ok());
    // Raw bytes: wrong lengths.
    assert!(KzgSettings::<B>::load_trusted_setup(&[0; 48], &[0; 48], &[0; 96], 0).is_err());
    // Missing file (file loading needs the `std` feature).
    #[cfg(feature = "std")]
    {
        let missing = KzgSettings::<B>::load_trusted_setup_file("/nonexistent/setup.txt", 0);
        let Err(err @ Error::Io { .. }) = missing else {
            panic!("expected an I/O error, got {missing:?}");
        };
        // The I/O error is kept as the source.
        let source =
            std::error::Error::source(&err).and_then(|e| e.downcast_ref::<std::io::Error>());
        assert_eq!(
            source.map(std::io::Error::kind),
            Some(std::io::ErrorKind::NotFound)
        );
        assert!(err.to_string().contains("/nonexistent/setup.txt"), "{err}");
    }
}
