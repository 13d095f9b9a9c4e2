//! Cross-checks between the API functions on the mainnet setup: how
//! commitments, openings, blob proofs and cells relate to each other, and
//! which wrong claims verification rejects (`Ok(false)`, not an error).
//! The validation rules (typed errors) are in `bad_inputs.rs` and
//! `eip7594.rs`.

use crate::common;

backend_tests!(
    commitments_are_deterministic_and_distinct,
    the_zero_blob,
    opening_inside_the_domain,
    openings_reject_a_wrong_value_or_point,
    the_blob_proof_is_the_opening_at_the_challenge,
    blob_proofs_reject_other_commitments_and_proofs,
    cells_extend_the_blob_with_distinct_proofs,
);

use common::{random_blob, rng};
use fastkzg::backend::{Backend, Scalar};
use fastkzg::compute_challenge;
use fastkzg::{
    Blob, Bytes32, KzgSettings, CELLS_PER_BLOB, CELLS_PER_EXT_BLOB, G1_POINT_AT_INFINITY,
};

/// `x + 1` as a canonical field element.
fn plus_one<B: Backend>(x: &Bytes32) -> Bytes32 {
    (B::Fr::from_bytes_be(x).unwrap() + B::Fr::one()).to_bytes_be()
}

/// A random canonical field element.
fn random_z(r: &mut impl rand::RngCore) -> Bytes32 {
    let mut z = [0u8; 32];
    r.fill_bytes(&mut z);
    z[0] &= 0x3f;
    z
}

fn commitments_are_deterministic_and_distinct<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let mut r = rng(31);
    let blobs: Vec<Box<Blob>> = (0..3).map(|_| random_blob(&mut r)).collect();
    let mut commitments = Vec::new();
    for blob in &blobs {
        let c = ks.blob_to_kzg_commitment(blob).unwrap();
        assert_eq!(ks.blob_to_kzg_commitment(blob).unwrap(), c);
        commitments.push(c);
    }
    commitments.sort_unstable();
    commitments.dedup();
    assert_eq!(commitments.len(), blobs.len());
}

fn the_zero_blob<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let zero = Box::new([0u8; fastkzg::BYTES_PER_BLOB]);
    assert_eq!(
        ks.blob_to_kzg_commitment(&zero).unwrap(),
        G1_POINT_AT_INFINITY
    );
    let cells = ks.compute_cells(&zero).unwrap();
    assert_eq!(cells.len(), CELLS_PER_EXT_BLOB);
    assert!(cells.iter().all(|c| c.iter().all(|&b| b == 0)));
    let (cells2, proofs) = ks.compute_cells_and_kzg_proofs(&zero).unwrap();
    assert_eq!(cells2, cells);
    assert_eq!(proofs[..], [G1_POINT_AT_INFINITY; CELLS_PER_EXT_BLOB]);
}

/// The first bit-reversed root of unity is 1, so `p(1)` is the blob's first
/// field element (the path where z lies in the evaluation domain).
fn opening_inside_the_domain<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let blob = random_blob(&mut rng(32));
    let c = ks.blob_to_kzg_commitment(&blob).unwrap();
    let one = B::Fr::one().to_bytes_be();
    let (proof, y) = ks.compute_kzg_proof(&blob, &one).unwrap();
    assert_eq!(y[..], blob[..32]);
    assert!(ks.verify_kzg_proof(&c, &one, &y, &proof).unwrap());
    assert!(!ks
        .verify_kzg_proof(&c, &one, &plus_one::<B>(&y), &proof)
        .unwrap());
}

fn openings_reject_a_wrong_value_or_point<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let mut r = rng(33);
    let blob = random_blob(&mut r);
    let c = ks.blob_to_kzg_commitment(&blob).unwrap();
    let z = random_z(&mut r);
    let (proof, y) = ks.compute_kzg_proof(&blob, &z).unwrap();
    assert!(ks.verify_kzg_proof(&c, &z, &y, &proof).unwrap());
    assert!(!ks
        .verify_kzg_proof(&c, &z, &plus_one::<B>(&y), &proof)
        .unwrap());
    assert!(!ks
        .verify_kzg_proof(&c, &plus_one::<B>(&z), &y, &proof)
        .unwrap());
}

fn the_blob_proof_is_the_opening_at_the_challenge<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let blob = random_blob(&mut rng(34));
    let c = ks.blob_to_kzg_commitment(&blob).unwrap();
    let proof = ks.compute_blob_kzg_proof(&blob, &c).unwrap();
    let z = compute_challenge::<B>(&blob, &c).to_bytes_be();
    let (at_challenge, y) = ks.compute_kzg_proof(&blob, &z).unwrap();
    assert_eq!(at_challenge, proof);
    assert!(ks.verify_kzg_proof(&c, &z, &y, &proof).unwrap());
}

fn blob_proofs_reject_other_commitments_and_proofs<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let mut r = rng(35);
    let blobs: Vec<Box<Blob>> = (0..2).map(|_| random_blob(&mut r)).collect();
    let cs: Vec<[u8; 48]> = blobs
        .iter()
        .map(|b| ks.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let ps: Vec<[u8; 48]> = blobs
        .iter()
        .zip(&cs)
        .map(|(b, c)| ks.compute_blob_kzg_proof(b, c).unwrap())
        .collect();
    assert!(ks.verify_blob_kzg_proof(&blobs[0], &cs[0], &ps[0]).unwrap());
    // Another (valid) commitment, another blob's proof.
    assert!(!ks
        .verify_blob_kzg_proof(&blobs[0], &G1_POINT_AT_INFINITY, &ps[0])
        .unwrap());
    assert!(!ks.verify_blob_kzg_proof(&blobs[0], &cs[1], &ps[0]).unwrap());
    assert!(!ks.verify_blob_kzg_proof(&blobs[0], &cs[0], &ps[1]).unwrap());
    // A batch with two proofs swapped.
    assert!(ks.verify_blob_kzg_proof_batch(&blobs, &cs, &ps).unwrap());
    let swapped = [ps[1], ps[0]];
    assert!(!ks
        .verify_blob_kzg_proof_batch(&blobs, &cs, &swapped)
        .unwrap());
}

fn cells_extend_the_blob_with_distinct_proofs<B: Backend>() {
    let ks = KzgSettings::<B>::mainnet();
    let blob = random_blob(&mut rng(36));
    let cells = ks.compute_cells(&blob).unwrap();
    assert_eq!(cells.len(), CELLS_PER_EXT_BLOB);
    assert_eq!(cells[..CELLS_PER_BLOB].concat(), blob[..]);
    let (_, proofs) = ks.compute_cells_and_kzg_proofs(&blob).unwrap();
    let mut distinct = proofs.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), CELLS_PER_EXT_BLOB);
}
