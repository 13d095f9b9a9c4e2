//! Differential tests against the `c-kzg` 2.1.8 crate on random and
//! malformed inputs: every result (value, `false`, or error) must agree.

use crate::common;

backend_tests!(
    eip4844_functions_agree_with_c_kzg,
    batch_verification_agrees_with_c_kzg,
);

use c_kzg::{Blob as CBlob, Bytes32 as CBytes32, Bytes48 as CBytes48};
use common::{random_blob, rng};
use fastkzg::{Backend, Blob, KzgSettings};
use rand::{Rng, RngCore};

fn ck() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

fn cblob(b: &Blob) -> CBlob {
    CBlob::new(*b)
}

fn b32(b: &[u8; 32]) -> CBytes32 {
    CBytes32::new(*b)
}

fn b48(b: &[u8; 48]) -> CBytes48 {
    CBytes48::new(*b)
}

/// Outcome of a call, comparable across libraries.
fn outcome<T: PartialEq + std::fmt::Debug, E>(r: Result<T, E>) -> Option<T> {
    r.ok()
}

/// Random inputs, some deliberately malformed.
struct Case {
    blob: Box<Blob>,
    z: [u8; 32],
    commitment: [u8; 48],
    proof: [u8; 48],
}

fn random_case<B: Backend>(r: &mut impl RngCore, settings: &KzgSettings<B>, kind: u32) -> Case {
    let mut blob = random_blob(r);
    let mut z = [0u8; 32];
    r.fill_bytes(&mut z);
    z[0] &= 0x3f;
    let commitment = settings.blob_to_kzg_commitment(&blob).unwrap();
    let mut proof = settings.compute_blob_kzg_proof(&blob, &commitment).unwrap();
    let mut commitment = commitment;
    match kind {
        0 => {}
        1 => {
            // Non-canonical field element somewhere in the blob.
            let i = r.gen_range(0..4096) * 32;
            blob[i..i + 32].fill(0xff);
        }
        2 => {
            // Random bytes for the commitment (almost surely invalid).
            r.fill_bytes(&mut commitment);
        }
        3 => {
            // A valid point that is the wrong proof.
            proof = commitment;
        }
        4 => {
            // Non-canonical z: the modulus itself.
            z = hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001")
                .unwrap()
                .try_into()
                .unwrap();
        }
        5 => {
            // Flip a bit of the proof encoding.
            let i = r.gen_range(0..48);
            proof[i] ^= 1 << r.gen_range(0..8);
        }
        _ => {
            // Point at infinity as commitment and proof.
            commitment = fastkzg::G1_POINT_AT_INFINITY;
            proof = fastkzg::G1_POINT_AT_INFINITY;
        }
    }
    Case {
        blob,
        z,
        commitment,
        proof,
    }
}

fn eip4844_functions_agree_with_c_kzg<B: Backend>() {
    let ours = KzgSettings::<B>::mainnet();
    let mut r = rng(42);
    for round in 0..14u32 {
        let c = random_case(&mut r, ours, round % 7);
        let cb = cblob(&c.blob);
        assert_eq!(
            outcome(ours.blob_to_kzg_commitment(&c.blob)),
            ck().blob_to_kzg_commitment(&cb)
                .ok()
                .map(|x| x.to_bytes().into_inner()),
            "blob_to_kzg_commitment, round {round}"
        );
        let ck_proof = ck()
            .compute_kzg_proof(&cb, &b32(&c.z))
            .ok()
            .map(|(p, y)| (p.to_bytes().into_inner(), *y));
        let our_proof = outcome(ours.compute_kzg_proof(&c.blob, &c.z));
        assert_eq!(our_proof, ck_proof, "compute_kzg_proof, round {round}");
        assert_eq!(
            outcome(ours.compute_blob_kzg_proof(&c.blob, &c.commitment)),
            ck().compute_blob_kzg_proof(&cb, &b48(&c.commitment))
                .ok()
                .map(|p| p.to_bytes().into_inner()),
            "compute_blob_kzg_proof, round {round}"
        );
        assert_eq!(
            outcome(ours.verify_blob_kzg_proof(&c.blob, &c.commitment, &c.proof)),
            outcome(ck().verify_blob_kzg_proof(&cb, &b48(&c.commitment), &b48(&c.proof))),
            "verify_blob_kzg_proof, round {round}"
        );
        if let Some((p, y)) = our_proof {
            for (yy, pp) in [(y, p), (c.z, p), (y, c.proof)] {
                assert_eq!(
                    outcome(ours.verify_kzg_proof(&c.commitment, &c.z, &yy, &pp)),
                    outcome(ck().verify_kzg_proof(
                        &b48(&c.commitment),
                        &b32(&c.z),
                        &b32(&yy),
                        &b48(&pp)
                    )),
                    "verify_kzg_proof, round {round}"
                );
            }
        }
    }
}

fn batch_verification_agrees_with_c_kzg<B: Backend>() {
    let ours = KzgSettings::<B>::mainnet();
    let mut r = rng(7);
    for n in [0usize, 1, 2, 5] {
        for kind in [0u32, 1, 2, 3, 5] {
            let cases: Vec<Case> = (0..n)
                .map(|i| random_case(&mut r, ours, if i + 1 == n { kind } else { 0 }))
                .collect();
            let blobs: Vec<Blob> = cases.iter().map(|c| *c.blob).collect();
            let cs: Vec<[u8; 48]> = cases.iter().map(|c| c.commitment).collect();
            let ps: Vec<[u8; 48]> = cases.iter().map(|c| c.proof).collect();
            let cblobs: Vec<CBlob> = blobs.iter().map(cblob).collect();
            let ccs: Vec<CBytes48> = cs.iter().map(b48).collect();
            let cps: Vec<CBytes48> = ps.iter().map(b48).collect();
            let want = outcome(ck().verify_blob_kzg_proof_batch(&cblobs, &ccs, &cps));
            let got = outcome(ours.verify_blob_kzg_proof_batch(&blobs, &cs, &ps));
            assert_eq!(got, want, "batch of {n}, kind {kind}");
            if kind == 0 && n > 0 {
                assert_eq!(got, Some(true));
            }
        }
    }
    // Mismatched lengths are an error in both.
    let c = random_case(&mut r, ours, 0);
    let blobs = vec![*c.blob];
    assert!(ours
        .verify_blob_kzg_proof_batch(&blobs, &[c.commitment, c.commitment], &[c.proof])
        .is_err());
    assert!(ck()
        .verify_blob_kzg_proof_batch(
            &[cblob(&c.blob)],
            &[b48(&c.commitment), b48(&c.commitment)],
            &[b48(&c.proof)]
        )
        .is_err());
}
