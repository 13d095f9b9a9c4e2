//! The Fiat–Shamir challenges of the specs (`include/fastkzg.h`): functions
//! beyond c-kzg's API, named `fastkzg_<spec name>` so that they never clash
//! with a c-kzg symbol.
//!
//! Both only hash their inputs, so they take no settings. They run on the
//! caller's thread, check their pointers and counts like the functions of
//! `ckzg.h`, and write the challenge (32 bytes, big-endian, below the BLS
//! modulus) only on success.

use fastkzg::backend::Scalar;
use fastkzg::ethereum::eip7594::cell_to_coset_evals;

use crate::ffi::{guard_on, input, input_slice, read_input, Out, Placement};
use crate::types::{Blob, Bytes32, Bytes48, Cell, C_KZG_RET};

/// Spec `compute_challenge` (Deneb `polynomial-commitments.md`): the
/// evaluation point of the blob proof for `blob` and `commitment`,
/// `hash_to_bls_field(FIAT_SHAMIR_PROTOCOL_DOMAIN ‖ FIELD_ELEMENTS_PER_BLOB
/// ‖ blob ‖ commitment)`, into `out`.
///
/// As in the spec, the blob and the commitment are hashed as bytes and not
/// validated: a blob with a non-canonical element or a commitment that is
/// not a point still has a challenge.
///
/// `C_KZG_BADARGS`: a NULL pointer.
///
/// # Safety
/// Each pointer is NULL or valid for its type (`out` writable, the others
/// readable).
#[no_mangle]
pub unsafe extern "C" fn fastkzg_compute_challenge(
    out: *mut Bytes32,
    blob: *const Blob,
    commitment: *const Bytes48,
) -> C_KZG_RET {
    guard_on(Placement::Caller, || {
        // SAFETY: every pointer is NULL or valid for its type (this
        // function's contract), which is what the helpers require.
        let (out, blob, commitment) =
            unsafe { (Out::new(out)?, input(blob)?, read_input(commitment)?) };
        let challenge = fastkzg::compute_challenge::<fastkzg::Blst>(&blob.bytes, &commitment.bytes);
        out.write(Bytes32 {
            bytes: challenge.to_bytes_be(),
        });
        Ok(())
    })
}

/// Spec `compute_verify_cell_kzg_proof_batch_challenge` (Fulu
/// `polynomial-commitments-sampling.md`): the random challenge with which
/// `verify_cell_kzg_proof_batch` combines its cells, into `out`.
///
/// `commitments` are the `num_commitments` distinct commitments of the
/// batch; cell `k < num_cells` is `cells[k]`, cell number `cell_indices[k]`
/// of the blob committed to by `commitments[commitment_indices[k]]`, with
/// proof `proofs[k]`. The spec takes each cell as its coset evaluations,
/// whose bytes are the cell's: every cell element must be canonical. Like
/// the spec, this function hashes commitments, proofs and indices as they
/// are: points are not validated and indices are not range-checked (the
/// verifier checks both before it computes the challenge). With a count of
/// 0 the arrays it counts may be NULL.
///
/// `C_KZG_BADARGS`: `out` NULL, an array NULL while its count is not 0, a
/// count too large to address (e.g. `num_cells * BYTES_PER_CELL`
/// overflows), or a cell element that is not canonical.
///
/// # Safety
/// `out` is NULL or writable; `commitments` is NULL or valid for reading
/// `num_commitments` elements; `commitment_indices`, `cell_indices`, `cells`
/// and `proofs` are NULL or valid for reading `num_cells` elements each.
#[no_mangle]
pub unsafe extern "C" fn fastkzg_compute_verify_cell_kzg_proof_batch_challenge(
    out: *mut Bytes32,
    commitments: *const Bytes48,
    num_commitments: u64,
    commitment_indices: *const u64,
    cell_indices: *const u64,
    cells: *const Cell,
    proofs: *const Bytes48,
    num_cells: u64,
) -> C_KZG_RET {
    guard_on(Placement::Caller, || {
        // SAFETY: `out` is NULL or writable (contract).
        let out = unsafe { Out::new(out) }?;
        // SAFETY: each array pointer is NULL or readable for its count
        // (contract); `input_slice` rejects a count whose byte size
        // overflows or does not fit in `isize` before using the pointer.
        // The cells are the largest elements, so they are taken first. The
        // C byte types have the layout of the `fastkzg` arrays they are cast to
        // (asserted in `types`).
        let (cells, commitments, commitment_indices, cell_indices, proofs) = unsafe {
            (
                input_slice(cells.cast::<fastkzg::Cell>(), num_cells)?,
                input_slice(commitments.cast::<fastkzg::Bytes48>(), num_commitments)?,
                input_slice(commitment_indices, num_cells)?,
                input_slice(cell_indices, num_cells)?,
                input_slice(proofs.cast::<fastkzg::Bytes48>(), num_cells)?,
            )
        };
        for cell in cells {
            cell_to_coset_evals::<fastkzg::Blst>(cell)?;
        }
        let challenge = fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<fastkzg::Blst, _>(
            commitments,
            commitment_indices,
            cell_indices,
            cells,
            proofs,
        )?;
        out.write(Bytes32 {
            bytes: challenge.to_bytes_be(),
        });
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic byte stream (splitmix64).
    struct Bytes(u64);

    impl Bytes {
        fn fill(&mut self, out: &mut [u8]) {
            for b in out {
                self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.0;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                *b = (z ^ (z >> 31)) as u8;
            }
        }

        /// A cell of canonical elements (each top byte below 0x73).
        fn cell(&mut self) -> Cell {
            let mut cell = Cell {
                bytes: [0; fastkzg::constants::BYTES_PER_CELL],
            };
            self.fill(&mut cell.bytes);
            for element in cell.bytes.chunks_exact_mut(32) {
                element[0] &= 0x3f;
            }
            cell
        }

        fn bytes48(&mut self) -> Bytes48 {
            let mut b = Bytes48 { bytes: [0; 48] };
            self.fill(&mut b.bytes);
            b
        }
    }

    fn hex32(s: &str) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex digit pair");
        }
        out
    }

    const SENTINEL: Bytes32 = Bytes32 { bytes: [0xa5; 32] };

    fn zero_blob() -> Box<Blob> {
        Box::new(Blob {
            bytes: [0; fastkzg::constants::BYTES_PER_BLOB],
        })
    }

    /// `fastkzg_compute_challenge`, returning the code and the output.
    fn challenge(blob: *const Blob, commitment: *const Bytes48) -> (C_KZG_RET, Bytes32) {
        let mut out = SENTINEL;
        // SAFETY: `out` is a live Bytes32; the inputs are live or NULL.
        let ret = unsafe { fastkzg_compute_challenge(&mut out, blob, commitment) };
        (ret, out)
    }

    /// The inputs of one cell batch.
    struct Batch {
        commitments: Vec<Bytes48>,
        commitment_indices: Vec<u64>,
        cell_indices: Vec<u64>,
        cells: Vec<Cell>,
        proofs: Vec<Bytes48>,
    }

    impl Batch {
        fn random(rng: &mut Bytes, num_commitments: usize, num_cells: usize) -> Self {
            let mut pick = |n: u64| {
                let mut b = [0u8; 8];
                rng.fill(&mut b);
                u64::from_le_bytes(b) % n
            };
            let commitment_indices = (0..num_cells)
                .map(|_| pick(num_commitments as u64))
                .collect();
            let cell_indices = (0..num_cells).map(|_| pick(128)).collect();
            Batch {
                commitments: (0..num_commitments).map(|_| rng.bytes48()).collect(),
                commitment_indices,
                cell_indices,
                cells: (0..num_cells).map(|_| rng.cell()).collect(),
                proofs: (0..num_cells).map(|_| rng.bytes48()).collect(),
            }
        }

        /// The C function on these inputs.
        fn c_challenge(&self) -> (C_KZG_RET, Bytes32) {
            let mut out = SENTINEL;
            // SAFETY: `out` is live and every vector holds as many elements
            // as the count passed with it.
            let ret = unsafe {
                fastkzg_compute_verify_cell_kzg_proof_batch_challenge(
                    &mut out,
                    self.commitments.as_ptr(),
                    self.commitments.len() as u64,
                    self.commitment_indices.as_ptr(),
                    self.cell_indices.as_ptr(),
                    self.cells.as_ptr(),
                    self.proofs.as_ptr(),
                    self.cells.len() as u64,
                )
            };
            (ret, out)
        }

        /// The Rust API on these inputs.
        fn rust_challenge(&self) -> [u8; 32] {
            let commitments: Vec<fastkzg::Bytes48> =
                self.commitments.iter().map(|c| c.bytes).collect();
            let cells: Vec<fastkzg::Cell> = self.cells.iter().map(|c| c.bytes).collect();
            let proofs: Vec<fastkzg::Bytes48> = self.proofs.iter().map(|p| p.bytes).collect();
            fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<fastkzg::Blst, _>(
                &commitments,
                &self.commitment_indices,
                &self.cell_indices,
                &cells,
                &proofs,
            )
            .expect("equal lengths")
            .to_bytes_be()
        }
    }

    #[test]
    fn compute_challenge_known_answer() {
        // Reference case compute_challenge_case_valid_0: the zero blob and
        // the point at infinity.
        let mut infinity = Bytes48 { bytes: [0; 48] };
        infinity.bytes[0] = 0xc0;
        let (ret, out) = challenge(&*zero_blob(), &infinity);
        assert_eq!(ret, C_KZG_RET::C_KZG_OK);
        assert_eq!(
            out.bytes,
            hex32("04b7b22af63d2b2f1ced8d550560e5d1e4b01e355903dee22781e87826856096")
        );
    }

    #[test]
    fn compute_challenge_matches_the_rust_api() {
        let mut rng = Bytes(1);
        let mut blob = zero_blob();
        let mut seen = Vec::new();
        for round in 0..4 {
            rng.fill(&mut blob.bytes);
            if round == 3 {
                // Not canonical: hashed all the same, as in the spec.
                blob.bytes[..32].fill(0xff);
            }
            let commitment = rng.bytes48();
            let (ret, out) = challenge(&*blob, &commitment);
            assert_eq!(ret, C_KZG_RET::C_KZG_OK);
            let expected =
                fastkzg::compute_challenge::<fastkzg::Blst>(&blob.bytes, &commitment.bytes);
            assert_eq!(out.bytes, expected.to_bytes_be());
            assert!(
                !seen.contains(&out.bytes),
                "distinct inputs, same challenge"
            );
            seen.push(out.bytes);
        }
    }

    #[test]
    fn compute_challenge_null_pointers() {
        let blob = zero_blob();
        let commitment = Bytes48 { bytes: [0; 48] };
        for (ret, out) in [
            challenge(core::ptr::null(), &commitment),
            challenge(&*blob, core::ptr::null()),
        ] {
            assert_eq!(ret, C_KZG_RET::C_KZG_BADARGS);
            assert_eq!(out, SENTINEL);
        }
        // SAFETY: the inputs are live; the NULL output is refused.
        let ret = unsafe { fastkzg_compute_challenge(core::ptr::null_mut(), &*blob, &commitment) };
        assert_eq!(ret, C_KZG_RET::C_KZG_BADARGS);
    }

    #[test]
    fn cell_challenge_known_answer() {
        // Reference case ..._challenge_case_empty: no commitment, no cell;
        // NULL arrays are accepted with counts of 0.
        let mut out = SENTINEL;
        // SAFETY: `out` is live; every count is 0.
        let ret = unsafe {
            fastkzg_compute_verify_cell_kzg_proof_batch_challenge(
                &mut out,
                core::ptr::null(),
                0,
                core::ptr::null(),
                core::ptr::null(),
                core::ptr::null(),
                core::ptr::null(),
                0,
            )
        };
        assert_eq!(ret, C_KZG_RET::C_KZG_OK);
        assert_eq!(
            out.bytes,
            hex32("16689b8c7255c093a96a891e5f71da9b08f7865fc0c3aeb56d9a4851f5ec11c2")
        );
    }

    #[test]
    fn cell_challenge_matches_the_rust_api() {
        let mut rng = Bytes(2);
        let mut seen = Vec::new();
        for (num_commitments, num_cells) in [(0, 0), (1, 0), (1, 1), (2, 5), (3, 17)] {
            let batch = Batch::random(&mut rng, num_commitments, num_cells);
            let (ret, out) = batch.c_challenge();
            assert_eq!(ret, C_KZG_RET::C_KZG_OK, "{num_commitments} {num_cells}");
            assert_eq!(out.bytes, batch.rust_challenge());
            assert!(
                !seen.contains(&out.bytes),
                "distinct inputs, same challenge"
            );
            seen.push(out.bytes);
        }
        // Indices out of range are hashed, not refused, as in the spec.
        let mut batch = Batch::random(&mut rng, 1, 2);
        batch.commitment_indices[1] = 7;
        batch.cell_indices[0] = u64::MAX;
        let (ret, out) = batch.c_challenge();
        assert_eq!(ret, C_KZG_RET::C_KZG_OK);
        assert_eq!(out.bytes, batch.rust_challenge());
    }

    #[test]
    fn cell_challenge_refuses_non_canonical_cells() {
        const MODULUS: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
        let mut rng = Bytes(3);
        let mut batch = Batch::random(&mut rng, 2, 3);
        // The modulus minus one is the largest canonical element.
        let mut largest = hex32(MODULUS);
        largest[31] -= 1;
        batch.cells[2].bytes[63 * 32..].copy_from_slice(&largest);
        let (ret, out) = batch.c_challenge();
        assert_eq!(ret, C_KZG_RET::C_KZG_OK);
        assert_eq!(out.bytes, batch.rust_challenge());
        for bad in [hex32(MODULUS), [0xff; 32]] {
            batch.cells[2].bytes[63 * 32..].copy_from_slice(&bad);
            let (ret, out) = batch.c_challenge();
            assert_eq!(ret, C_KZG_RET::C_KZG_BADARGS);
            assert_eq!(out, SENTINEL);
        }
    }

    #[test]
    fn cell_challenge_null_pointers_and_counts() {
        let mut rng = Bytes(4);
        let b = Batch::random(&mut rng, 1, 2);
        let null48: *const Bytes48 = core::ptr::null();
        let null64: *const u64 = core::ptr::null();
        let cells = b.cells.as_ptr();
        let (c, ci, xi, p) = (
            b.commitments.as_ptr(),
            b.commitment_indices.as_ptr(),
            b.cell_indices.as_ptr(),
            b.proofs.as_ptr(),
        );
        // (commitments, num_commitments, commitment indices, cell indices,
        // cells, proofs, num_cells)
        let cases = [
            (null48, 1, ci, xi, cells, p, 2),
            (c, 1, null64, xi, cells, p, 2),
            (c, 1, ci, null64, cells, p, 2),
            (c, 1, ci, xi, core::ptr::null(), p, 2),
            (c, 1, ci, xi, cells, null48, 2),
            // Counts whose byte sizes overflow or exceed `isize::MAX`:
            // refused before the pointers are used.
            (c, u64::MAX, ci, xi, cells, p, 2),
            (c, 1, ci, xi, cells, p, u64::MAX),
            (c, 1, ci, xi, cells, p, (isize::MAX as u64) / 2048 + 1),
        ];
        for (i, (c, nc, ci, xi, cells, p, n)) in cases.into_iter().enumerate() {
            let mut out = SENTINEL;
            // SAFETY: every non-NULL pointer is readable for the count passed
            // with it, or the count is refused before the pointer is used.
            let ret = unsafe {
                fastkzg_compute_verify_cell_kzg_proof_batch_challenge(
                    &mut out, c, nc, ci, xi, cells, p, n,
                )
            };
            assert_eq!(ret, C_KZG_RET::C_KZG_BADARGS, "case {i}");
            assert_eq!(out, SENTINEL, "case {i}");
        }
        // SAFETY: the arrays are live for their counts; the NULL output is
        // refused.
        let ret = unsafe {
            fastkzg_compute_verify_cell_kzg_proof_batch_challenge(
                core::ptr::null_mut(),
                c,
                1,
                ci,
                xi,
                cells,
                p,
                2,
            )
        };
        assert_eq!(ret, C_KZG_RET::C_KZG_BADARGS);
    }
}
