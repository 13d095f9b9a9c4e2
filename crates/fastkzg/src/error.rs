//! The library's single error type.

use crate::backend::PointError;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// The input of a call that an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Input {
    /// A blob.
    Blob,
    /// A KZG commitment.
    Commitment,
    /// A KZG proof.
    Proof,
    /// The evaluation point `z`.
    Z,
    /// The claimed value `y`.
    Y,
    /// A cell.
    Cell,
    /// A cell index.
    CellIndex,
    /// A commitment index (of `compute_verify_cell_kzg_proof_batch_challenge`).
    CommitmentIndex,
    /// The points of an interpolation or a multi-point opening.
    Point,
    /// The values at those points.
    Value,
    /// The input of the EIP-4844 point-evaluation precompile
    /// (`versioned_hash ‖ z ‖ y ‖ commitment ‖ proof`).
    PointEvaluationInput,
}

impl Input {
    /// The input's name in messages: `blob`, `commitment`, `proof`, `z`,
    /// `y`, `cell`, `cell index`, `commitment index`, `point`, `value`,
    /// `point-evaluation input`.
    pub fn name(self) -> &'static str {
        match self {
            Input::Blob => "blob",
            Input::Commitment => "commitment",
            Input::Proof => "proof",
            Input::Z => "z",
            Input::Y => "y",
            Input::Cell => "cell",
            Input::CellIndex => "cell index",
            Input::CommitmentIndex => "commitment index",
            Input::Point => "point",
            Input::Value => "value",
            Input::PointEvaluationInput => "point-evaluation input",
        }
    }
}

impl core::fmt::Display for Input {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything that can be wrong with an input. Every public function that can
/// fail returns this; nothing panics on bad input.
///
/// Errors about one input name it ([`Input`]) and its position in the call's
/// list (0 for a single input), and for field elements the element's index
/// within the blob or cell.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A byte string has the wrong length.
    InvalidLength {
        /// What the bytes were meant to be.
        input: Input,
        /// Its position in the call's list (0 for a single input).
        position: usize,
        /// The expected length.
        expected: usize,
        /// The length received.
        got: usize,
    },
    /// A field element encoding is not canonical (`>= BLS_MODULUS`).
    NonCanonicalFieldElement {
        /// What the field element was part of (blob, cell, `z`, `y`).
        input: Input,
        /// The blob's or cell's position in the call's list (0 for a single
        /// input).
        position: usize,
        /// The field element's index within the blob or cell (0 for `z`
        /// and `y`).
        element: usize,
    },
    /// A G1 point (commitment or proof) is not valid.
    InvalidG1Point {
        /// What the point was meant to be.
        input: Input,
        /// Its position in the call's list (0 for a single input; for
        /// commitments of a cell batch, the first position of those bytes).
        position: usize,
        /// Why it was rejected.
        reason: PointError,
    },
    /// Batch input lists have different lengths.
    LengthMismatch {
        /// The lists, in the order of the function's parameters.
        inputs: &'static [Input],
        /// Their lengths, in the same order.
        lengths: Vec<usize>,
    },
    /// A cell index is out of range.
    CellIndexOutOfRange {
        /// The position of the index in the call's list.
        position: usize,
        /// The offending cell index.
        cell_index: u64,
        /// The exclusive upper bound.
        max: usize,
    },
    /// Cell indices given for recovery are duplicated or not ascending.
    CellIndicesNotAscending {
        /// The position of the first index that is not greater than the one
        /// before it.
        position: usize,
        /// That index.
        cell_index: u64,
    },
    /// Too few cells to recover the blob.
    NotEnoughCells {
        /// Cells received.
        got: usize,
        /// Cells required.
        needed: usize,
    },
    /// More cells than an extended blob has.
    TooManyCells {
        /// Cells received.
        got: usize,
        /// The maximum.
        max: usize,
    },
    /// A domain, polynomial or parameter is the wrong size for the operation.
    InvalidSize(String),
    /// A division or inversion by zero was requested.
    DivisionByZero,
    /// The trusted setup is malformed.
    InvalidTrustedSetup(String),
    /// An I/O error (only from file-reading convenience functions, with
    /// the `std` feature); [`core::error::Error::source`] returns it.
    #[cfg(feature = "std")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A thread count (e.g. `FASTKZG_NUM_THREADS`) that is not a number.
    InvalidThreadCount(String),
    /// The versioned hash given to the point-evaluation precompile is not
    /// `kzg_to_versioned_hash` of the commitment (EIP-4844): a different
    /// hash, or a version byte other than `VERSIONED_HASH_VERSION_KZG`.
    VersionedHashMismatch {
        /// The versioned hash of the commitment.
        expected: [u8; 32],
        /// The versioned hash given.
        got: [u8; 32],
    },
    /// A well-formed proof that does not verify, where the call must fail
    /// on it: the point-evaluation precompile (EIP-4844). The `verify_*`
    /// functions return `Ok(false)` for it instead.
    ProofRejected,
    /// An error in the inputs of one blob of a batch call (the blob's
    /// position in the batch, and the error with positions inside that
    /// blob's inputs).
    InBlob {
        /// The blob's position in the batch.
        blob: usize,
        /// What is wrong with its inputs.
        source: Box<Error>,
    },
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::InvalidLength {
                input,
                position,
                expected,
                got,
            } => {
                write!(f, "{}: expected {expected} bytes, got {got}", At(*input, *position))
            }
            Error::NonCanonicalFieldElement {
                input,
                position,
                element,
            } => {
                write!(
                    f,
                    "{}: field element {element} is not canonical (>= BLS modulus)",
                    At(*input, *position)
                )
            }
            Error::InvalidG1Point {
                input,
                position,
                reason,
            } => {
                write!(f, "{input} {position}: {reason}")
            }
            Error::LengthMismatch { inputs, lengths } => {
                let names: Vec<&str> = inputs.iter().map(|i| i.name()).collect();
                write!(f, "list lengths differ: {} {lengths:?}", names.join(", "))
            }
            Error::CellIndexOutOfRange {
                position,
                cell_index,
                max,
            } => {
                write!(
                    f,
                    "cell index {cell_index} at position {position} out of range (must be < {max})"
                )
            }
            Error::CellIndicesNotAscending {
                position,
                cell_index,
            } => write!(
                f,
                "cell index {cell_index} at position {position}: cell indices must be strictly ascending (no duplicates)"
            ),
            Error::NotEnoughCells { got, needed } => {
                write!(f, "{got} cells given, at least {needed} needed to recover")
            }
            Error::TooManyCells { got, max } => write!(f, "{got} cells given, at most {max} exist"),
            Error::InvalidSize(s) => write!(f, "invalid size: {s}"),
            Error::DivisionByZero => f.write_str("division by zero"),
            Error::InvalidTrustedSetup(s) => write!(f, "invalid trusted setup: {s}"),
            #[cfg(feature = "std")]
            Error::Io { path, source } => write!(f, "I/O error: {}: {source}", path.display()),
            Error::InBlob { blob, source } => write!(f, "blob {blob}: {source}"),
            Error::VersionedHashMismatch { expected, got } => write!(
                f,
                "versioned hash 0x{} does not match the commitment's 0x{}",
                hex::encode(got),
                hex::encode(expected)
            ),
            Error::ProofRejected => f.write_str("the KZG proof does not verify"),
            Error::InvalidThreadCount(s) => write!(
                f,
                "thread count {s:?} is not a number (0 or 1: serial, N: N threads)"
            ),
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            #[cfg(feature = "std")]
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl Error {
    /// A copy of an error that holds no [`Error::Io`] (those are never
    /// cached), for errors stored once and returned to every caller.
    pub(crate) fn duplicate(&self) -> Error {
        match self {
            Error::InvalidLength {
                input,
                position,
                expected,
                got,
            } => Error::InvalidLength {
                input: *input,
                position: *position,
                expected: *expected,
                got: *got,
            },
            Error::NonCanonicalFieldElement {
                input,
                position,
                element,
            } => Error::NonCanonicalFieldElement {
                input: *input,
                position: *position,
                element: *element,
            },
            Error::InvalidG1Point {
                input,
                position,
                reason,
            } => Error::InvalidG1Point {
                input: *input,
                position: *position,
                reason: *reason,
            },
            Error::LengthMismatch { inputs, lengths } => Error::LengthMismatch {
                inputs,
                lengths: lengths.clone(),
            },
            Error::CellIndexOutOfRange {
                position,
                cell_index,
                max,
            } => Error::CellIndexOutOfRange {
                position: *position,
                cell_index: *cell_index,
                max: *max,
            },
            Error::CellIndicesNotAscending {
                position,
                cell_index,
            } => Error::CellIndicesNotAscending {
                position: *position,
                cell_index: *cell_index,
            },
            Error::NotEnoughCells { got, needed } => Error::NotEnoughCells {
                got: *got,
                needed: *needed,
            },
            Error::TooManyCells { got, max } => Error::TooManyCells {
                got: *got,
                max: *max,
            },
            Error::InvalidSize(s) => Error::InvalidSize(s.clone()),
            Error::DivisionByZero => Error::DivisionByZero,
            Error::InvalidTrustedSetup(s) => Error::InvalidTrustedSetup(s.clone()),
            #[cfg(feature = "std")]
            Error::Io { path, source } => Error::Io {
                path: path.clone(),
                source: std::io::Error::new(
                    source.kind(),
                    alloc::string::ToString::to_string(source),
                ),
            },
            Error::InvalidThreadCount(s) => Error::InvalidThreadCount(s.clone()),
            Error::VersionedHashMismatch { expected, got } => Error::VersionedHashMismatch {
                expected: *expected,
                got: *got,
            },
            Error::ProofRejected => Error::ProofRejected,
            Error::InBlob { blob, source } => Error::InBlob {
                blob: *blob,
                source: Box::new(source.duplicate()),
            },
        }
    }

    /// This error, as one in the inputs of blob `blob` of a batch.
    pub fn in_blob(self, blob: usize) -> Error {
        Error::InBlob {
            blob,
            source: Box::new(self),
        }
    }

    /// The error itself for [`Error::InBlob`] (its innermost source), else
    /// `self`: the kind of error, wherever it was found.
    pub fn kind(&self) -> &Error {
        match self {
            Error::InBlob { source, .. } => source.kind(),
            other => other,
        }
    }
}

/// An input and its position, as messages name it: the position is left out
/// when it is 0 (a single input, or the first of a list).
struct At(Input, usize);

impl core::fmt::Display for At {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.1 {
            0 => write!(f, "{}", self.0),
            p => write!(f, "{} {p}", self.0),
        }
    }
}

/// Shorthand for results with [`Error`].
pub type Result<T> = core::result::Result<T, Error>;
