//! Valid arguments to mutate, and the special encodings mutations use,
//! computed once per process with c-kzg 2.1.8. c-kzg is C compiled without
//! the fuzzer's instrumentation, so the fixture takes about a second; built
//! with fastkzg under coverage instrumentation it took over a minute per
//! target process (every comparison in the AVX-512 IFMA kernels is traced).
//! The targets check fastkzg against these values anyway.

use std::sync::OnceLock;

use fastkzg::backend::{Backend, PointError};
use fastkzg::{Blob, Blst, Cell, BYTES_PER_BLOB};

/// Two blobs with their commitments, blob proofs, openings at a point,
/// cells and cell proofs.
pub struct Fixture {
    pub blobs: Vec<Box<Blob>>,
    pub commitments: Vec<[u8; 48]>,
    pub blob_proofs: Vec<[u8; 48]>,
    pub z: [u8; 32],
    pub ys: Vec<[u8; 32]>,
    pub proofs_at_z: Vec<[u8; 48]>,
    pub cells: Vec<Vec<Cell>>,
    pub cell_proofs: Vec<Vec<[u8; 48]>>,
    /// A compressed point whose x is on no curve point.
    pub off_curve: [u8; 48],
    /// A compressed curve point outside the prime-order subgroup.
    pub not_in_subgroup: [u8; 48],
}

/// The BLS12-381 scalar field modulus r, big-endian.
pub const MODULUS: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// A blob of pseudo-random canonical field elements.
fn blob(seed: u64) -> Box<Blob> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut out = vec![0u8; BYTES_PER_BLOB];
    for (i, b) in out.iter_mut().enumerate() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // The top byte of each element stays below r's (0x73).
        *b = if i % 32 == 0 {
            (state as u8) & 0x3f
        } else {
            state as u8
        };
    }
    out.into_boxed_slice()
        .try_into()
        .expect("BYTES_PER_BLOB bytes")
}

/// The first compressed encoding with a small x that fails with `want`.
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

/// The process-wide fixture.
pub fn get() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let ck = c_kzg::ethereum_kzg_settings(0);
        let blobs = vec![blob(1), blob(2)];
        let z = {
            let mut z = [0x11u8; 32];
            z[0] = 0x2a;
            z
        };
        let mut f = Fixture {
            commitments: Vec::new(),
            blob_proofs: Vec::new(),
            ys: Vec::new(),
            proofs_at_z: Vec::new(),
            cells: Vec::new(),
            cell_proofs: Vec::new(),
            z,
            off_curve: point_with_error(PointError::NotOnCurve),
            not_in_subgroup: point_with_error(PointError::NotInSubgroup),
            blobs,
        };
        for b in &f.blobs {
            let blob = Box::new(c_kzg::Blob::new(**b));
            let c = ck.blob_to_kzg_commitment(&blob).expect("valid blob");
            let c = c.to_bytes().into_inner();
            let proof = ck
                .compute_blob_kzg_proof(&blob, &c_kzg::Bytes48::new(c))
                .expect("valid blob");
            f.blob_proofs.push(proof.to_bytes().into_inner());
            let (p, y) = ck
                .compute_kzg_proof(&blob, &c_kzg::Bytes32::new(z))
                .expect("valid blob");
            f.proofs_at_z.push(p.to_bytes().into_inner());
            f.ys.push(*y);
            let (cells, proofs) = ck.compute_cells_and_kzg_proofs(&blob).expect("valid blob");
            f.cells.push(cells.iter().map(|x| x.to_bytes()).collect());
            f.cell_proofs
                .push(proofs.iter().map(|p| p.to_bytes().into_inner()).collect());
            f.commitments.push(c);
        }
        f
    })
}
