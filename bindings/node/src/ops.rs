//! The operations the addon runs: each spec function with its inputs
//! copied out of JavaScript (so that an `async` call owns what it reads,
//! whatever JavaScript does with its arrays meanwhile).
//!
//! Inputs arrive as byte arrays, one per argument; a list argument (blobs,
//! commitments, cells, proofs) is the concatenation of its items, which
//! the JavaScript layer has already checked one by one. Cell indices
//! arrive as numbers.

use fastkzg::backend::Scalar;
use fastkzg::{Blob, Blst, Bytes48, Cell, Error, Input, KzgSettings, KzgVerifier};
use fastkzg::{BYTES_PER_BLOB, BYTES_PER_CELL};

use crate::bytes::{fixed, indices, items, owned_items};
use crate::threads::Placement;

/// One call: which function, and its arguments.
pub struct Op {
    kind: Kind,
    bytes: Vec<Vec<u8>>,
    numbers: Vec<Vec<f64>>,
}

/// The functions, by the names JavaScript gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    BlobToKzgCommitment,
    ComputeKzgProof,
    ComputeBlobKzgProof,
    VerifyKzgProof,
    VerifyBlobKzgProof,
    VerifyBlobKzgProofBatch,
    ComputeCells,
    ComputeCellsAndKzgProofs,
    RecoverCells,
    RecoverCellsAndKzgProofs,
    VerifyCellKzgProofBatch,
    ComputeChallenge,
    ComputeVerifyCellKzgProofBatchChallenge,
    ComputeCellsBatch,
    ComputeCellsAndKzgProofsBatch,
    RecoverCellsBatch,
    VerifyBlobCellProofs,
    VerifyCellsSharedIndices,
}

impl Kind {
    /// The function of a name, with its number of byte and number
    /// arguments.
    fn parse(name: &str) -> Option<(Kind, usize, usize)> {
        Some(match name {
            "blobToKzgCommitment" => (Kind::BlobToKzgCommitment, 1, 0),
            "computeKzgProof" => (Kind::ComputeKzgProof, 2, 0),
            "computeBlobKzgProof" => (Kind::ComputeBlobKzgProof, 2, 0),
            "verifyKzgProof" => (Kind::VerifyKzgProof, 4, 0),
            "verifyBlobKzgProof" => (Kind::VerifyBlobKzgProof, 3, 0),
            "verifyBlobKzgProofBatch" => (Kind::VerifyBlobKzgProofBatch, 3, 0),
            "computeCells" => (Kind::ComputeCells, 1, 0),
            "computeCellsAndKzgProofs" => (Kind::ComputeCellsAndKzgProofs, 1, 0),
            "recoverCells" => (Kind::RecoverCells, 1, 1),
            "recoverCellsAndKzgProofs" => (Kind::RecoverCellsAndKzgProofs, 1, 1),
            "verifyCellKzgProofBatch" => (Kind::VerifyCellKzgProofBatch, 3, 1),
            "computeChallenge" => (Kind::ComputeChallenge, 2, 0),
            "computeVerifyCellKzgProofBatchChallenge" => {
                (Kind::ComputeVerifyCellKzgProofBatchChallenge, 3, 2)
            }
            "computeCellsBatch" => (Kind::ComputeCellsBatch, 1, 0),
            "computeCellsAndKzgProofsBatch" => (Kind::ComputeCellsAndKzgProofsBatch, 1, 0),
            "recoverCellsBatch" => (Kind::RecoverCellsBatch, 1, 1),
            "verifyBlobCellProofs" => (Kind::VerifyBlobCellProofs, 3, 0),
            "verifyCellsSharedIndices" => (Kind::VerifyCellsSharedIndices, 3, 1),
            _ => return None,
        })
    }
}

/// What an operation runs on: full settings (every operation) or a
/// verify-only context (the verifications). Verifications run on the
/// [`KzgVerifier`] of either: the settings' own, or the context itself.
#[derive(Clone, Copy)]
pub enum Context<'a> {
    /// Prover and verifier.
    Settings(&'a KzgSettings),
    /// Verifier only.
    Verifier(&'a KzgVerifier),
}

impl<'a> Context<'a> {
    /// The verifier every verification runs on.
    fn verifier(self) -> &'a KzgVerifier {
        match self {
            Context::Settings(s) => s.verifier(),
            Context::Verifier(v) => v,
        }
    }

    /// The settings, or an `INVALID_ARGUMENT` error for a verify-only
    /// context (the JavaScript `KzgVerifier` has no such methods).
    fn settings(self, kind: Kind) -> Result<&'a KzgSettings, Error> {
        match self {
            Context::Settings(s) => Ok(s),
            Context::Verifier(_) => Err(Error::InvalidSize(format!(
                "{kind:?} needs a KzgSettings: a KzgVerifier only verifies"
            ))),
        }
    }
}

/// What an operation returns: bytes (one item, or a concatenation of
/// items that JavaScript splits) or a verdict.
pub enum Out {
    /// Result bytes.
    Bytes(Vec<u8>),
    /// A verification's result.
    Bool(bool),
}

impl Op {
    /// The operation `name` with its arguments, or an `INVALID_ARGUMENT`
    /// error for an unknown name or a wrong number of arguments.
    pub fn new(name: &str, bytes: Vec<Vec<u8>>, numbers: Vec<Vec<f64>>) -> Result<Op, Error> {
        match Kind::parse(name) {
            Some((kind, b, n)) if bytes.len() == b && numbers.len() == n => Ok(Op {
                kind,
                bytes,
                numbers,
            }),
            Some(_) => Err(Error::InvalidSize(format!(
                "{name}: wrong number of arguments"
            ))),
            None => Err(Error::InvalidSize(format!("unknown operation {name:?}"))),
        }
    }

    /// Where the operation runs: the quick ones (a few milliseconds at most,
    /// nothing to split) on the calling thread, the rest in the pool.
    pub fn placement(&self) -> Placement {
        match self.kind {
            Kind::VerifyKzgProof
            | Kind::ComputeChallenge
            | Kind::ComputeVerifyCellKzgProofBatchChallenge => Placement::Caller,
            _ => Placement::Pool,
        }
    }

    /// Runs the operation on `context`.
    pub fn run(&self, context: Context<'_>) -> Result<Out, Error> {
        let v = context.verifier();
        let s = || context.settings(self.kind);
        let b = |i: usize| self.bytes.get(i).map_or(&[][..], |v| v.as_slice());
        let n = |i: usize| self.numbers.get(i).map_or(&[][..], |v| v.as_slice());
        let blob = || fixed::<BYTES_PER_BLOB>(b(0), Input::Blob);
        let out = match self.kind {
            Kind::BlobToKzgCommitment => bytes(s()?.blob_to_kzg_commitment(blob()?)?),
            Kind::ComputeKzgProof => {
                let (proof, y) = s()?.compute_kzg_proof(blob()?, fixed(b(1), Input::Z)?)?;
                Out::Bytes([&proof[..], &y[..]].concat())
            }
            Kind::ComputeBlobKzgProof => {
                bytes(s()?.compute_blob_kzg_proof(blob()?, fixed(b(1), Input::Commitment)?)?)
            }
            Kind::VerifyKzgProof => Out::Bool(v.verify_kzg_proof(
                fixed(b(0), Input::Commitment)?,
                fixed(b(1), Input::Z)?,
                fixed(b(2), Input::Y)?,
                fixed(b(3), Input::Proof)?,
            )?),
            Kind::VerifyBlobKzgProof => Out::Bool(v.verify_blob_kzg_proof(
                blob()?,
                fixed(b(1), Input::Commitment)?,
                fixed(b(2), Input::Proof)?,
            )?),
            Kind::VerifyBlobKzgProofBatch => Out::Bool(v.verify_blob_kzg_proof_batch(
                &items::<BYTES_PER_BLOB>(b(0), Input::Blob)?,
                &owned_items::<48>(b(1), Input::Commitment)?,
                &owned_items::<48>(b(2), Input::Proof)?,
            )?),
            Kind::ComputeCells => Out::Bytes(s()?.compute_cells(blob()?)?.concat()),
            Kind::ComputeCellsAndKzgProofs => {
                let (cells, proofs) = s()?.compute_cells_and_kzg_proofs(blob()?)?;
                Out::Bytes([cells.concat(), proofs.concat()].concat())
            }
            Kind::RecoverCells => {
                let idx = indices(n(0), Input::CellIndex)?;
                let cells = items::<BYTES_PER_CELL>(b(0), Input::Cell)?;
                Out::Bytes(s()?.recover_cells(&idx, &cells)?.concat())
            }
            Kind::RecoverCellsAndKzgProofs => {
                let idx = indices(n(0), Input::CellIndex)?;
                let cells = items::<BYTES_PER_CELL>(b(0), Input::Cell)?;
                let (cells, proofs) = s()?.recover_cells_and_kzg_proofs(&idx, &cells)?;
                Out::Bytes([cells.concat(), proofs.concat()].concat())
            }
            Kind::VerifyCellKzgProofBatch => {
                let idx = indices(n(0), Input::CellIndex)?;
                let cells: Vec<&Cell> = items::<BYTES_PER_CELL>(b(1), Input::Cell)?;
                Out::Bool(v.verify_cell_kzg_proof_batch(
                    &owned_items::<48>(b(0), Input::Commitment)?,
                    &idx,
                    &cells,
                    &owned_items::<48>(b(2), Input::Proof)?,
                )?)
            }
            Kind::ComputeChallenge => {
                let c: &Bytes48 = fixed(b(1), Input::Commitment)?;
                let blob: &Blob = blob()?;
                bytes(fastkzg::compute_challenge::<Blst>(blob, c).to_bytes_be())
            }
            Kind::ComputeVerifyCellKzgProofBatchChallenge => {
                let commitment_idx = indices(n(0), Input::CommitmentIndex)?;
                let cell_idx = indices(n(1), Input::CellIndex)?;
                let cells: Vec<&Cell> = items::<BYTES_PER_CELL>(b(1), Input::Cell)?;
                let r = fastkzg::compute_verify_cell_kzg_proof_batch_challenge::<Blst, &Cell>(
                    &owned_items::<48>(b(0), Input::Commitment)?,
                    &commitment_idx,
                    &cell_idx,
                    &cells,
                    &owned_items::<48>(b(2), Input::Proof)?,
                )?;
                bytes(r.to_bytes_be())
            }
            // Batch calls: list arguments are blob-major concatenations
            // (JavaScript has checked each blob's list); results are the
            // blobs' results one after the other.
            Kind::ComputeCellsBatch => {
                let blobs = items::<BYTES_PER_BLOB>(b(0), Input::Blob)?;
                let all = s()?.compute_cells_batch(&blobs)?;
                Out::Bytes(all.iter().flat_map(|cells| cells.concat()).collect())
            }
            Kind::ComputeCellsAndKzgProofsBatch => {
                let blobs = items::<BYTES_PER_BLOB>(b(0), Input::Blob)?;
                let all = s()?.compute_cells_and_kzg_proofs_batch(&blobs)?;
                Out::Bytes(
                    all.iter()
                        .flat_map(|(cells, proofs)| [cells.concat(), proofs.concat()].concat())
                        .collect(),
                )
            }
            Kind::RecoverCellsBatch => {
                let idx = indices(n(0), Input::CellIndex)?;
                let cells = items::<BYTES_PER_CELL>(b(0), Input::Cell)?;
                let all = s()?.recover_cells_batch(&idx, &cells)?;
                Out::Bytes(all.iter().flat_map(|cells| cells.concat()).collect())
            }
            Kind::VerifyBlobCellProofs => Out::Bool(v.verify_blob_cell_proofs(
                &items::<BYTES_PER_BLOB>(b(0), Input::Blob)?,
                &owned_items::<48>(b(1), Input::Commitment)?,
                &owned_items::<48>(b(2), Input::Proof)?,
            )?),
            Kind::VerifyCellsSharedIndices => {
                let idx = indices(n(0), Input::CellIndex)?;
                let cells: Vec<&Cell> = items::<BYTES_PER_CELL>(b(1), Input::Cell)?;
                Out::Bool(v.verify_cells_shared_indices(
                    &owned_items::<48>(b(0), Input::Commitment)?,
                    &idx,
                    &cells,
                    &owned_items::<48>(b(2), Input::Proof)?,
                )?)
            }
        };
        Ok(out)
    }
}

/// A fixed-size result as [`Out::Bytes`].
fn bytes<const N: usize>(a: [u8; N]) -> Out {
    Out::Bytes(a.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_and_wrong_arities_are_errors() {
        assert!(Op::new("nope", vec![], vec![]).is_err());
        assert!(Op::new("computeCells", vec![], vec![]).is_err());
        assert!(Op::new("computeCells", vec![vec![]], vec![]).is_ok());
    }

    #[test]
    fn a_commitment_round_trip() {
        let s = Context::Settings(KzgSettings::mainnet());
        let blob = vec![0u8; BYTES_PER_BLOB];
        let op = Op::new("blobToKzgCommitment", vec![blob.clone()], vec![]).unwrap();
        let Ok(Out::Bytes(c)) = op.run(s) else {
            panic!("no commitment")
        };
        assert_eq!(c[0], 0xc0);
        let op = Op::new("blobToKzgCommitment", vec![blob[1..].to_vec()], vec![]).unwrap();
        assert!(matches!(op.run(s), Err(Error::InvalidLength { .. })));
    }

    #[test]
    fn a_verifier_verifies_and_computes_nothing() {
        let s = KzgSettings::mainnet();
        let v = Context::Verifier(KzgVerifier::mainnet());
        let blob = vec![0u8; BYTES_PER_BLOB];
        let op = Op::new("blobToKzgCommitment", vec![blob.clone()], vec![]).unwrap();
        assert!(matches!(op.run(v), Err(Error::InvalidSize(_))));
        let commitment = s.blob_to_kzg_commitment(&[0u8; BYTES_PER_BLOB]).unwrap();
        let proof = s
            .compute_blob_kzg_proof(&[0u8; BYTES_PER_BLOB], &commitment)
            .unwrap();
        let op = Op::new(
            "verifyBlobKzgProof",
            vec![blob, commitment.to_vec(), proof.to_vec()],
            vec![],
        )
        .unwrap();
        assert!(matches!(op.run(v), Ok(Out::Bool(true))));
        assert!(matches!(op.run(Context::Settings(s)), Ok(Out::Bool(true))));
    }
}
