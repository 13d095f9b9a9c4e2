//! The library's single error type.

use crate::backend::PointError;

/// Everything that can be wrong with an input. Every public function that can
/// fail returns this; nothing panics on bad input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A byte string has the wrong length.
    InvalidLength {
        /// What the bytes were meant to be.
        what: &'static str,
        /// The expected length.
        expected: usize,
        /// The length received.
        got: usize,
    },
    /// A field element encoding is not canonical (`>= BLS_MODULUS`).
    NonCanonicalFieldElement {
        /// What the field element was part of.
        what: &'static str,
        /// Its index: the element index within a blob or cell, or 0 for a
        /// single field element; in a list of blobs or cells, the item's
        /// position times its element count plus the element index.
        index: usize,
    },
    /// A G1 point (commitment or proof) is not valid.
    InvalidG1Point {
        /// What the point was meant to be.
        what: &'static str,
        /// Its position in a batch (0 for single inputs).
        index: usize,
        /// Why it was rejected.
        reason: PointError,
    },
    /// Batch input lists have different lengths.
    LengthMismatch {
        /// Which lists.
        what: &'static str,
        /// Their lengths.
        lengths: Vec<usize>,
    },
    /// A cell index is out of range.
    CellIndexOutOfRange {
        /// The offending index.
        index: u64,
        /// The exclusive upper bound.
        max: usize,
    },
    /// Cell indices given for recovery are duplicated or not ascending.
    CellIndicesNotAscending,
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
    /// An I/O error (only from file-reading convenience functions).
    Io(String),
    /// A thread count (e.g. `FASTKZG_NUM_THREADS`) that is not a number.
    InvalidThreadCount(String),
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::InvalidLength {
                what,
                expected,
                got,
            } => {
                write!(f, "{what}: expected {expected} bytes, got {got}")
            }
            Error::NonCanonicalFieldElement { what, index } => {
                write!(
                    f,
                    "{what}: field element {index} is not canonical (>= BLS modulus)"
                )
            }
            Error::InvalidG1Point {
                what,
                index,
                reason,
            } => {
                write!(f, "{what} {index}: {reason}")
            }
            Error::LengthMismatch { what, lengths } => {
                write!(f, "{what}: list lengths differ {lengths:?}")
            }
            Error::CellIndexOutOfRange { index, max } => {
                write!(f, "cell index {index} out of range (must be < {max})")
            }
            Error::CellIndicesNotAscending => {
                f.write_str("cell indices must be strictly ascending (no duplicates)")
            }
            Error::NotEnoughCells { got, needed } => {
                write!(f, "{got} cells given, at least {needed} needed to recover")
            }
            Error::TooManyCells { got, max } => write!(f, "{got} cells given, at most {max} exist"),
            Error::InvalidSize(s) => write!(f, "invalid size: {s}"),
            Error::DivisionByZero => f.write_str("division by zero"),
            Error::InvalidTrustedSetup(s) => write!(f, "invalid trusted setup: {s}"),
            Error::Io(s) => write!(f, "I/O error: {s}"),
            Error::InvalidThreadCount(s) => write!(
                f,
                "thread count {s:?} is not a number (0 or 1: serial, N: N threads)"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for results with [`Error`].
pub type Result<T> = core::result::Result<T, Error>;
