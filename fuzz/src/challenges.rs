//! The spec challenges, which the C ABI exports beyond `ckzg.h`
//! (`include/fastkzg.h`): the C ABI agrees with the Rust API on every input
//! (c-kzg has no such functions to compare with).

use fastkzg::{Blst, Cell};

use crate::cabi;
use crate::input::{to_cell, Reader};

/// The positional reader after the shape byte (see the crate docs; these
/// targets have the positional shape only).
fn reader(data: &[u8]) -> Reader<'_> {
    Reader(data.get(1..).unwrap_or(&[]))
}

/// `compute_challenge` on a blob and a commitment read positionally: the
/// spec hashes both as bytes, so every input has a challenge.
pub fn compute_challenge(data: &[u8]) {
    let mut r = reader(data);
    let blob = r.blob();
    let commitment: [u8; 48] = r.array();
    let rust = fastkzg::compute_challenge::<Blst>(&blob, &commitment);
    let mut out = [0u8; 32];
    // SAFETY: a live blob, commitment and 32-byte output.
    let ret = unsafe { (cabi::get().compute_challenge)(&mut out, &*blob, &commitment) };
    assert_eq!(ret, cabi::OK, "C ABI compute_challenge refused an input");
    assert_eq!(
        out,
        fastkzg::backend::Scalar::to_bytes_be(&rust),
        "C ABI against Rust API"
    );
}

/// `compute_verify_cell_kzg_proof_batch_challenge` on lists read
/// positionally (up to 3 commitments and 7 cells; indices unchecked, as in
/// the spec): the C ABI accepts exactly the inputs whose cells are
/// canonical, with the Rust API's challenge.
pub fn compute_verify_cell_kzg_proof_batch_challenge(data: &[u8]) {
    let mut r = reader(data);
    let num_commitments = r.count() % 4;
    let commitments: Vec<[u8; 48]> = (0..num_commitments).map(|_| r.array()).collect();
    let n = r.count() % 8;
    let mut commitment_indices = Vec::with_capacity(n);
    let mut cell_indices = Vec::with_capacity(n);
    let mut cells: Vec<Cell> = Vec::with_capacity(n);
    let mut proofs: Vec<[u8; 48]> = Vec::with_capacity(n);
    for _ in 0..n {
        commitment_indices.push(r.u64());
        cell_indices.push(r.u64());
        let len = (r.count() * 16).min(r.0.len());
        let (bytes, rest) = r.0.split_at(len);
        r.0 = rest;
        cells.push(to_cell(bytes));
        proofs.push(r.array());
    }
    let rust = fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<Blst, _>(
        &commitments,
        &commitment_indices,
        &cell_indices,
        &cells,
        &proofs,
    )
    .expect("the lists have equal lengths");
    let canonical = cells
        .iter()
        .all(|c| fastkzg::ethereum::eip7594::cell_to_coset_evals::<Blst>(c).is_ok());
    let mut out = [0u8; 32];
    // SAFETY: live arrays of the lengths passed and a 32-byte output.
    let ret = unsafe {
        (cabi::get().compute_verify_cell_kzg_proof_batch_challenge)(
            &mut out,
            commitments.as_ptr(),
            num_commitments as u64,
            commitment_indices.as_ptr(),
            cell_indices.as_ptr(),
            cells.as_ptr(),
            proofs.as_ptr(),
            n as u64,
        )
    };
    assert_eq!(
        ret == cabi::OK,
        canonical,
        "C ABI decision against canonical cells"
    );
    if canonical {
        assert_eq!(
            out,
            fastkzg::backend::Scalar::to_bytes_be(&rust),
            "C ABI against Rust API"
        );
    }
}
