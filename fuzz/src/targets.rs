//! One function per entry point: decode the arguments, call every
//! implementation, compare.

use arbitrary::Unstructured;
use c_kzg::{Blob as CBlob, Bytes32 as CB32, Bytes48 as CB48, Cell as CCell};
use fastkzg::{Blob, Cell, CELLS_PER_EXT_BLOB};

use crate::cabi::{self, ok};
use crate::fixture::{self, Fixture};
use crate::input::{self, Shape};

pub(crate) fn ours() -> &'static fastkzg::KzgSettings {
    fastkzg::mainnet()
}

pub(crate) fn ck() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

fn rek() -> &'static rust_eth_kzg::DASContext {
    static CTX: std::sync::OnceLock<rust_eth_kzg::DASContext> = std::sync::OnceLock::new();
    CTX.get_or_init(|| {
        rust_eth_kzg::DASContext::new(
            &rust_eth_kzg::TrustedSetup::default(),
            rust_eth_kzg::UsePrecomp::No,
        )
    })
}

/// Asserts that the three results agree.
fn agree<T: PartialEq + std::fmt::Debug>(what: &str, rust: &T, c_abi: &T, c_kzg: &T) {
    assert_eq!(rust, c_abi, "{what}: Rust API against C ABI");
    assert_eq!(rust, c_kzg, "{what}: fastkzg against c-kzg");
}

fn cblob(b: &Blob) -> Box<CBlob> {
    Box::new(CBlob::new(*b))
}

pub(crate) fn ccells(cells: &[Cell]) -> Vec<CCell> {
    cells.iter().map(|c| CCell::new(*c)).collect()
}

/// A blob argument from either shape.
fn blob_arg(s: &mut Shape, fx: &Fixture) -> Box<Blob> {
    match s {
        Shape::Raw(r) => r.blob(),
        Shape::Crafted(u) => input::blob(u, fx),
    }
}

fn point_arg(s: &mut Shape, valid: [u8; 48], fx: &Fixture) -> [u8; 48] {
    match s {
        Shape::Raw(r) => r.array(),
        Shape::Crafted(u) => input::point(u, valid, fx),
    }
}

fn field_arg(s: &mut Shape, valid: [u8; 32]) -> [u8; 32] {
    match s {
        Shape::Raw(r) => r.array(),
        Shape::Crafted(u) => input::field(u, valid),
    }
}

/// Which fixture blob (0 or 1) crafted inputs build on.
fn which(s: &mut Shape) -> usize {
    match s {
        Shape::Raw(_) => 0,
        Shape::Crafted(u) => u.int_in_range(0..=1usize).unwrap_or(0),
    }
}

pub fn blob_to_kzg_commitment(data: &[u8]) {
    let fx = fixture::get();
    let blob = blob_arg(&mut input::shape(data), fx);
    let rust = ours().blob_to_kzg_commitment(&blob).ok();
    let c = cabi::get();
    let mut out = [0u8; 48];
    // SAFETY: valid pointers to a blob, a 48-byte output and loaded settings.
    let ret = unsafe { (c.blob_to_kzg_commitment)(&mut out, &*blob, &*c.settings) };
    let ckzg = ck()
        .blob_to_kzg_commitment(&cblob(&blob))
        .ok()
        .map(|x| x.to_bytes().into_inner());
    agree("blob_to_kzg_commitment", &rust, &ok(ret, out), &ckzg);
}

pub fn compute_kzg_proof(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let blob = blob_arg(&mut s, fx);
    let z = field_arg(&mut s, fx.z);
    let rust = ours().compute_kzg_proof(&blob, &z).ok();
    let c = cabi::get();
    let (mut p, mut y) = ([0u8; 48], [0u8; 32]);
    // SAFETY: valid pointers to the outputs, the blob, z and the settings.
    let ret = unsafe { (c.compute_kzg_proof)(&mut p, &mut y, &*blob, &z, &*c.settings) };
    let ckzg = ck()
        .compute_kzg_proof(&cblob(&blob), &CB32::new(z))
        .ok()
        .map(|(p, y)| (p.to_bytes().into_inner(), *y));
    agree("compute_kzg_proof", &rust, &ok(ret, (p, y)), &ckzg);
}

pub fn compute_blob_kzg_proof(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let i = which(&mut s);
    let blob = blob_arg(&mut s, fx);
    let commitment = point_arg(&mut s, fx.commitments[i], fx);
    let rust = ours().compute_blob_kzg_proof(&blob, &commitment).ok();
    let c = cabi::get();
    let mut out = [0u8; 48];
    // SAFETY: valid pointers to the output, the blob, the commitment and the settings.
    let ret = unsafe { (c.compute_blob_kzg_proof)(&mut out, &*blob, &commitment, &*c.settings) };
    let ckzg = ck()
        .compute_blob_kzg_proof(&cblob(&blob), &CB48::new(commitment))
        .ok()
        .map(|p| p.to_bytes().into_inner());
    agree("compute_blob_kzg_proof", &rust, &ok(ret, out), &ckzg);
}

pub fn verify_kzg_proof(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let i = which(&mut s);
    let commitment = point_arg(&mut s, fx.commitments[i], fx);
    let z = field_arg(&mut s, fx.z);
    let y = field_arg(&mut s, fx.ys[i]);
    let proof = point_arg(&mut s, fx.proofs_at_z[i], fx);
    let rust = ours().verify_kzg_proof(&commitment, &z, &y, &proof).ok();
    let c = cabi::get();
    let mut v = false;
    // SAFETY: valid pointers to the verdict, the four inputs and the settings.
    let ret = unsafe { (c.verify_kzg_proof)(&mut v, &commitment, &z, &y, &proof, &*c.settings) };
    let ckzg = ck()
        .verify_kzg_proof(
            &CB48::new(commitment),
            &CB32::new(z),
            &CB32::new(y),
            &CB48::new(proof),
        )
        .ok();
    agree("verify_kzg_proof", &rust, &ok(ret, v), &ckzg);
}

pub fn verify_blob_kzg_proof(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let i = which(&mut s);
    let blob = blob_arg(&mut s, fx);
    let commitment = point_arg(&mut s, fx.commitments[i], fx);
    let proof = point_arg(&mut s, fx.blob_proofs[i], fx);
    let rust = ours()
        .verify_blob_kzg_proof(&blob, &commitment, &proof)
        .ok();
    let c = cabi::get();
    let mut v = false;
    // SAFETY: valid pointers to the verdict, the blob, two points and the settings.
    let ret =
        unsafe { (c.verify_blob_kzg_proof)(&mut v, &*blob, &commitment, &proof, &*c.settings) };
    let ckzg = ck()
        .verify_blob_kzg_proof(&cblob(&blob), &CB48::new(commitment), &CB48::new(proof))
        .ok();
    agree("verify_blob_kzg_proof", &rust, &ok(ret, v), &ckzg);
}

pub fn verify_blob_kzg_proof_batch(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let (mut blobs, mut cs, mut ps) = (Vec::new(), Vec::new(), Vec::new());
    match &mut s {
        Shape::Raw(r) => {
            for _ in 0..r.count() % 5 {
                blobs.push(*r.blob());
                cs.push(r.array::<48>());
                ps.push(r.array::<48>());
            }
        }
        Shape::Crafted(u) => {
            for _ in 0..u.int_in_range(0..=4usize).unwrap_or(0) {
                let i = u.int_in_range(0..=1usize).unwrap_or(0);
                let blob = if u.ratio(1u8, 4).unwrap_or(false) {
                    input::blob(u, fx)
                } else {
                    fx.blobs[i].clone()
                };
                blobs.push(*blob);
                cs.push(input::point(u, fx.commitments[i], fx));
                ps.push(input::point(u, fx.blob_proofs[i], fx));
            }
            // Lists of different lengths.
            if u.ratio(1u8, 16).unwrap_or(false) {
                ps.pop();
            }
        }
    }
    let n = blobs.len().min(cs.len()).min(ps.len()) as u64;
    let rust = ours().verify_blob_kzg_proof_batch(&blobs, &cs, &ps).ok();
    let cblobs: Vec<CBlob> = blobs.iter().map(|b| CBlob::new(*b)).collect();
    let ccs: Vec<CB48> = cs.iter().map(|x| CB48::new(*x)).collect();
    let cps: Vec<CB48> = ps.iter().map(|x| CB48::new(*x)).collect();
    let ckzg = ck().verify_blob_kzg_proof_batch(&cblobs, &ccs, &cps).ok();
    if blobs.len() == cs.len() && cs.len() == ps.len() {
        let c = cabi::get();
        let mut v = false;
        // SAFETY: the three arrays hold `n` elements each (NULL-free: Vec
        // pointers are dangling-but-aligned when empty, and n is then 0).
        let ret = unsafe {
            (c.verify_blob_kzg_proof_batch)(
                &mut v,
                blobs.as_ptr(),
                cs.as_ptr(),
                ps.as_ptr(),
                n,
                &*c.settings,
            )
        };
        agree("verify_blob_kzg_proof_batch", &rust, &ok(ret, v), &ckzg);
    } else {
        assert_eq!(rust, None, "mismatched lengths accepted");
        assert_eq!(ckzg, None, "c-kzg accepted mismatched lengths");
    }
}

/// Cells of a blob through the three libraries (C ABI with or without
/// proofs) and, on valid blobs, rust_eth_kzg.
fn cells_of(blob: &Blob, with_proofs: bool) {
    let c = cabi::get();
    let mut cells = vec![[0u8; 2048]; CELLS_PER_EXT_BLOB];
    let mut proofs = vec![[0u8; 48]; CELLS_PER_EXT_BLOB];
    let proofs_ptr = if with_proofs {
        proofs.as_mut_ptr()
    } else {
        std::ptr::null_mut()
    };
    // SAFETY: room for 128 cells (and 128 proofs, or NULL), a valid blob.
    let ret = unsafe {
        (c.compute_cells_and_kzg_proofs)(cells.as_mut_ptr(), proofs_ptr, blob, &*c.settings)
    };
    if with_proofs {
        let rust = ours()
            .compute_cells_and_kzg_proofs(blob)
            .ok()
            .map(|(c, p)| (c.to_vec(), p.to_vec()));
        let ckzg = ck()
            .compute_cells_and_kzg_proofs(&cblob(blob))
            .ok()
            .map(|(cs, ps)| {
                (
                    cs.iter().map(|x| x.to_bytes()).collect::<Vec<Cell>>(),
                    ps.iter()
                        .map(|p| p.to_bytes().into_inner())
                        .collect::<Vec<_>>(),
                )
            });
        agree(
            "compute_cells_and_kzg_proofs",
            &rust,
            &ok(ret, (cells, proofs)),
            &ckzg,
        );
        if let Some((cells, proofs)) = rust {
            let (rc, rp) = rek()
                .compute_cells_and_kzg_proofs(blob)
                .expect("rust_eth_kzg rejected a blob fastkzg and c-kzg accept");
            for k in 0..CELLS_PER_EXT_BLOB {
                assert_eq!(cells[k][..], rc[k][..], "rust_eth_kzg cell {k}");
                assert_eq!(proofs[k], rp[k], "rust_eth_kzg proof {k}");
            }
        }
    } else {
        let rust = ours().compute_cells(blob).ok().map(|c| c.to_vec());
        let ckzg = ck()
            .compute_cells(&cblob(blob))
            .ok()
            .map(|cs| cs.iter().map(|x| x.to_bytes()).collect::<Vec<Cell>>());
        agree("compute_cells", &rust, &ok(ret, cells), &ckzg);
        if let Some(cells) = rust {
            let rc = rek()
                .compute_cells(blob)
                .expect("rust_eth_kzg rejected a blob fastkzg and c-kzg accept");
            for k in 0..CELLS_PER_EXT_BLOB {
                assert_eq!(cells[k][..], rc[k][..], "rust_eth_kzg cell {k}");
            }
        }
    }
}

pub fn compute_cells(data: &[u8]) {
    let fx = fixture::get();
    cells_of(&blob_arg(&mut input::shape(data), fx), false);
}

pub fn compute_cells_and_kzg_proofs(data: &[u8]) {
    let fx = fixture::get();
    cells_of(&blob_arg(&mut input::shape(data), fx), true);
}

pub fn recover_cells_and_kzg_proofs(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let (idx, cells): (Vec<u64>, Vec<Cell>) = match &mut s {
        Shape::Raw(r) => {
            let n = r.count();
            let idx: Vec<u64> = (0..n).map(|_| r.u64()).collect();
            let cells = (0..n).map(|_| input::to_cell(&r.array::<2048>())).collect();
            (idx, cells)
        }
        Shape::Crafted(u) => crafted_cells(u, fx),
    };
    let rust = ours()
        .recover_cells_and_kzg_proofs(&idx, &cells)
        .ok()
        .map(|(c, p)| (c.to_vec(), p.to_vec()));
    let ckzg = ck()
        .recover_cells_and_kzg_proofs(&idx, &ccells(&cells))
        .ok()
        .map(|(cs, ps)| {
            (
                cs.iter().map(|x| x.to_bytes()).collect::<Vec<Cell>>(),
                ps.iter()
                    .map(|p| p.to_bytes().into_inner())
                    .collect::<Vec<_>>(),
            )
        });
    let c = cabi::get();
    let mut out_cells = vec![[0u8; 2048]; CELLS_PER_EXT_BLOB];
    let mut out_proofs = vec![[0u8; 48]; CELLS_PER_EXT_BLOB];
    // SAFETY: room for 128 cells and proofs; `idx` and `cells` hold
    // `idx.len()` elements each.
    let ret = unsafe {
        (c.recover_cells_and_kzg_proofs)(
            out_cells.as_mut_ptr(),
            out_proofs.as_mut_ptr(),
            idx.as_ptr(),
            cells.as_ptr(),
            idx.len() as u64,
            &*c.settings,
        )
    };
    let c_abi = ok(ret, (out_cells, out_proofs));
    assert_eq!(
        rust, c_abi,
        "recover_cells_and_kzg_proofs: Rust API against C ABI"
    );
    match (&rust, &ckzg) {
        (Some(ours), Some(theirs)) if ours.0 != theirs.0 => {
            inconsistent_recovery(&idx, &cells, ours, theirs)
        }
        _ => assert_eq!(
            rust, ckzg,
            "recover_cells_and_kzg_proofs: fastkzg against c-kzg"
        ),
    }
    if let Some((rc, rp)) = rust.filter(|r| Some(r) == ckzg.as_ref()) {
        let (kc, kp) = rek()
            .recover_cells_and_kzg_proofs(idx.clone(), cells.iter().collect())
            .expect("rust_eth_kzg rejected cells fastkzg and c-kzg recover");
        for k in 0..CELLS_PER_EXT_BLOB {
            assert_eq!(rc[k][..], kc[k][..], "rust_eth_kzg cell {k}");
            assert_eq!(rp[k], kp[k], "rust_eth_kzg proof {k}");
        }
    }
}

/// Cells and proofs as the targets compare them.
type Recovered = (Vec<Cell>, Vec<[u8; 48]>);

/// More than 64 cells that no blob produces: the spec truncates the
/// recovered polynomial to 4096 coefficients and returns that polynomial's
/// cells and proofs, while c-kzg 2.1.8 returns the cells of the untruncated
/// polynomial (so the given cells unchanged) with the proofs of the
/// truncated one, and rust_eth_kzg 0.10 rejects the input. Checks that this
/// is the case, and that fastkzg's answer is the spec's: its proofs are
/// c-kzg's, and c-kzg computes exactly fastkzg's cells and proofs from the
/// blob that fastkzg's first 64 cells spell.
fn inconsistent_recovery(idx: &[u64], cells: &[Cell], ours: &Recovered, theirs: &Recovered) {
    assert_eq!(
        ours.1, theirs.1,
        "recover: proofs of inconsistent cells against c-kzg"
    );
    for (i, cell) in idx.iter().zip(cells) {
        assert_eq!(
            &theirs.0[*i as usize], cell,
            "recover: c-kzg changed given cell {i} of inconsistent input"
        );
    }
    let blob: Vec<u8> = ours.0[..CELLS_PER_EXT_BLOB / 2].concat();
    let blob = CBlob::from_bytes(&blob).expect("64 cells are one blob");
    let (kc, kp) = ck()
        .compute_cells_and_kzg_proofs(&blob)
        .expect("c-kzg rejects the blob of fastkzg's recovered cells");
    for k in 0..CELLS_PER_EXT_BLOB {
        assert_eq!(
            kc[k].to_bytes(),
            ours.0[k],
            "recover: cell {k} against c-kzg's extension"
        );
        assert_eq!(
            kp[k].to_bytes().into_inner(),
            ours.1[k],
            "recover: proof {k}"
        );
    }
    assert!(
        rek()
            .recover_cells_and_kzg_proofs(idx.to_vec(), cells.iter().collect())
            .is_err(),
        "rust_eth_kzg recovered inconsistent cells"
    );
}

/// Cells of one fixture blob at crafted indices, some cells mutated.
fn crafted_cells(u: &mut Unstructured, fx: &Fixture) -> (Vec<u64>, Vec<Cell>) {
    let b = u.int_in_range(0..=1usize).unwrap_or(0);
    let n = u.int_in_range(60..=128usize).unwrap_or(64);
    let idx = input::cell_indices(u, n);
    let cells = idx
        .iter()
        .map(|i| {
            let valid = &fx.cells[b][(*i as usize) % CELLS_PER_EXT_BLOB];
            if u.ratio(1u8, 16).unwrap_or(false) {
                input::cell(u, valid)
            } else {
                *valid
            }
        })
        .collect();
    (idx, cells)
}

pub fn verify_cell_kzg_proof_batch(data: &[u8]) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let (mut cs, mut idx, mut cells, mut ps) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    match &mut s {
        Shape::Raw(r) => {
            for _ in 0..r.count() {
                cs.push(r.array::<48>());
                idx.push(r.u64());
                cells.push(input::to_cell(&r.array::<2048>()));
                ps.push(r.array::<48>());
            }
        }
        Shape::Crafted(u) => {
            let n = u.int_in_range(0..=16usize).unwrap_or(1);
            for _ in 0..n {
                let b = u.int_in_range(0..=1usize).unwrap_or(0);
                let col = u.int_in_range(0..=127usize).unwrap_or(0);
                cs.push(input::point(u, fx.commitments[b], fx));
                idx.push(if u.ratio(1u8, 32).unwrap_or(false) {
                    [128, u64::MAX][u.int_in_range(0..=1usize).unwrap_or(0)]
                } else {
                    col as u64
                });
                cells.push(if u.ratio(1u8, 8).unwrap_or(false) {
                    input::cell(u, &fx.cells[b][col])
                } else {
                    fx.cells[b][col]
                });
                ps.push(input::point(u, fx.cell_proofs[b][col], fx));
            }
        }
    }
    let rust = ours()
        .verify_cell_kzg_proof_batch(&cs, &idx, &cells, &ps)
        .ok();
    let ccs: Vec<CB48> = cs.iter().map(|x| CB48::new(*x)).collect();
    let cps: Vec<CB48> = ps.iter().map(|x| CB48::new(*x)).collect();
    let ckzg = ck()
        .verify_cell_kzg_proof_batch(&ccs, &idx, &ccells(&cells), &cps)
        .ok();
    let c = cabi::get();
    let mut v = false;
    // SAFETY: the four arrays hold `idx.len()` elements each.
    let ret = unsafe {
        (c.verify_cell_kzg_proof_batch)(
            &mut v,
            cs.as_ptr(),
            idx.as_ptr(),
            cells.as_ptr(),
            ps.as_ptr(),
            idx.len() as u64,
            &*c.settings,
        )
    };
    agree("verify_cell_kzg_proof_batch", &rust, &ok(ret, v), &ckzg);
    // rust_eth_kzg answers Ok(()) for a valid batch and an error otherwise.
    let rek_ok = rek()
        .verify_cell_kzg_proof_batch(
            cs.iter().collect(),
            &idx,
            cells.iter().collect(),
            ps.iter().collect(),
        )
        .is_ok();
    assert_eq!(rust == Some(true), rek_ok, "fastkzg against rust_eth_kzg");
}
