//! The typed exceptions: every [`fastkzg::Error`] (and every input the
//! binding rejects before calling the library) becomes an instance of a
//! class of `fastkzg.errors`, all subclasses of `fastkzg.KzgError` and so of
//! `ValueError`, with attributes naming what was wrong and where.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use fastkzg::backend::PointError;
use fastkzg::{Error, Input};

/// A rejected input, ready to become a `fastkzg.KzgError` subclass.
#[derive(Debug)]
pub struct KzgErr(Box<Details>);

/// What a [`KzgErr`] says.
#[derive(Debug, Default)]
struct Details {
    /// The class name in `fastkzg.errors`.
    class: &'static str,
    message: String,
    /// The input kind: `blob`, `commitment`, `proof`, `cell`, `z`, `y`,
    /// `cell_index`, ... (for a length mismatch, the lists' kinds).
    kind: Option<String>,
    /// Position of the input in its list (0 for a single input).
    index: Option<usize>,
    /// Field element index within a blob or cell.
    element: Option<usize>,
    /// Machine-readable reason.
    reason: Option<&'static str>,
    expected: Option<usize>,
    got: Option<usize>,
    /// The offending cell index value.
    cell_index: Option<u64>,
    /// The list lengths of a length mismatch.
    lengths: Option<Vec<usize>>,
    /// The blob of a batch call whose input this is (`index` is then the
    /// position inside that blob's inputs).
    blob: Option<usize>,
}

/// The exception class for an input kind.
fn class_of(kind: &str) -> &'static str {
    match kind {
        "blob" | "blobs" => "InvalidBlob",
        "commitment" | "commitments" => "InvalidCommitment",
        "proof" | "proofs" => "InvalidProof",
        "cell" | "cells" => "InvalidCell",
        "z" | "y" => "InvalidFieldElement",
        "cell_index" | "cell_indices" | "commitment_index" | "commitment_indices" => {
            "InvalidCellIndex"
        }
        _ => "KzgError",
    }
}

/// The library's names for inputs, as the binding's `kind` strings
/// (`cell index` → `cell_index`).
fn kind_name(input: Input) -> String {
    input.name().replace(' ', "_")
}

fn point_reason(reason: PointError) -> &'static str {
    match reason {
        PointError::InvalidEncoding => "invalid_encoding",
        PointError::NotOnCurve => "not_on_curve",
        PointError::NotInSubgroup => "not_in_subgroup",
    }
}

impl KzgErr {
    /// A byte input of the wrong length (`index`: its position in a list).
    pub fn length(kind: &'static str, index: Option<usize>, expected: usize, got: usize) -> Self {
        let at = index.map_or(String::new(), |i| format!(" {i}"));
        Details {
            class: class_of(kind),
            message: format!("{kind}{at}: expected {expected} bytes, got {got}"),
            kind: Some(kind.to_string()),
            index,
            reason: Some("length"),
            expected: Some(expected),
            got: Some(got),
            ..Default::default()
        }
        .into()
    }

    /// A blob of a batch call with `got` items where `expected` (the
    /// length of `of`) were due.
    pub fn count_mismatch(
        of: &'static str,
        items: &'static str,
        expected: usize,
        got: usize,
    ) -> Self {
        Details {
            class: "LengthMismatch",
            message: format!("{got} {items} given, {expected} expected ({of})"),
            kind: Some(items.to_string()),
            reason: Some("mismatched_lengths"),
            expected: Some(expected),
            got: Some(got),
            ..Default::default()
        }
        .into()
    }

    /// A concatenation whose length is not a multiple of the item size.
    pub fn not_a_multiple(kind: &'static str, item: usize, got: usize) -> Self {
        Details {
            class: class_of(kind),
            message: format!("{kind}: {got} bytes is not a multiple of {item}"),
            kind: Some(kind.to_string()),
            reason: Some("length"),
            expected: Some(item),
            got: Some(got),
            ..Default::default()
        }
        .into()
    }

    /// A cell index that is not an integer in `0..2^64` at `position`.
    pub fn bad_cell_index(kind: &'static str, position: usize, detail: String) -> Self {
        Details {
            class: class_of(kind),
            message: format!("{kind} {position}: {detail}"),
            kind: Some(
                if kind.starts_with("commitment") {
                    "commitment_index"
                } else {
                    "cell_index"
                }
                .to_string(),
            ),
            index: Some(position),
            reason: Some("out_of_range"),
            ..Default::default()
        }
        .into()
    }

    /// This error, as one in the inputs of blob `blob` of a batch call.
    pub fn in_blob(mut self, blob: usize) -> Self {
        self.0.message = format!("blob {blob}: {}", self.0.message);
        self.0.blob = Some(blob);
        self
    }

    /// The library's error, with the input's kind and position as the
    /// library names them.
    pub fn from_lib(e: Error) -> Self {
        let message = e.to_string();
        if let Error::InBlob { blob, source } = e {
            let mut inner = Self::from_lib(*source);
            inner.0.blob = Some(blob);
            inner.0.message = message;
            return inner;
        }
        match e {
            Error::InvalidLength {
                input,
                position,
                expected,
                got,
            } => Details {
                class: class_of(input.name()),
                message,
                kind: Some(kind_name(input)),
                index: Some(position),
                reason: Some("length"),
                expected: Some(expected),
                got: Some(got),
                ..Default::default()
            },
            Error::NonCanonicalFieldElement {
                input,
                position,
                element,
            } => Details {
                class: class_of(input.name()),
                message,
                kind: Some(kind_name(input)),
                index: Some(position),
                // `z` and `y` are one element each.
                element: matches!(input, Input::Blob | Input::Cell).then_some(element),
                reason: Some("non_canonical"),
                ..Default::default()
            },
            Error::InvalidG1Point {
                input,
                position,
                reason,
            } => Details {
                class: class_of(input.name()),
                message,
                kind: Some(kind_name(input)),
                index: Some(position),
                reason: Some(point_reason(reason)),
                ..Default::default()
            },
            Error::LengthMismatch { inputs, lengths } => Details {
                class: "LengthMismatch",
                message,
                kind: Some(
                    inputs
                        .iter()
                        .map(|i| kind_name(*i))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
                reason: Some("mismatched_lengths"),
                lengths: Some(lengths),
                ..Default::default()
            },
            Error::CellIndexOutOfRange {
                position,
                cell_index,
                max,
            } => Details {
                class: "InvalidCellIndex",
                message,
                kind: Some("cell_index".into()),
                index: Some(position),
                reason: Some("out_of_range"),
                expected: Some(max),
                cell_index: Some(cell_index),
                ..Default::default()
            },
            Error::CellIndicesNotAscending {
                position,
                cell_index,
            } => Details {
                class: "InvalidCellIndex",
                message,
                kind: Some("cell_index".into()),
                index: Some(position),
                reason: Some("not_ascending"),
                cell_index: Some(cell_index),
                ..Default::default()
            },
            Error::NotEnoughCells { got, needed } => Details {
                class: "InvalidCellCount",
                message,
                kind: Some("cells".into()),
                reason: Some("too_few"),
                expected: Some(needed),
                got: Some(got),
                ..Default::default()
            },
            Error::TooManyCells { got, max } => Details {
                class: "InvalidCellCount",
                message,
                kind: Some("cells".into()),
                reason: Some("too_many"),
                expected: Some(max),
                got: Some(got),
                ..Default::default()
            },
            Error::InvalidTrustedSetup(_) => Details {
                class: "InvalidTrustedSetup",
                message,
                kind: Some("trusted_setup".into()),
                reason: Some("invalid"),
                ..Default::default()
            },
            _ => Details {
                class: "KzgError",
                message,
                ..Default::default()
            },
        }
        .into()
    }

    /// The Python exception: `fastkzg.errors.<class>(message, **attributes)`.
    pub fn into_pyerr(self, py: Python<'_>) -> PyErr {
        // If building the exception fails, that failure is raised instead.
        self.build(py).unwrap_or_else(|e| e)
    }

    fn build(self, py: Python<'_>) -> PyResult<PyErr> {
        let d = *self.0;
        let class = py.import("fastkzg.errors")?.getattr(d.class)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("kind", d.kind)?;
        kwargs.set_item("index", d.index)?;
        kwargs.set_item("element", d.element)?;
        kwargs.set_item("reason", d.reason)?;
        kwargs.set_item("expected", d.expected)?;
        kwargs.set_item("got", d.got)?;
        kwargs.set_item("cell_index", d.cell_index)?;
        kwargs.set_item("lengths", d.lengths)?;
        kwargs.set_item("blob", d.blob)?;
        let value = class.call((d.message,), Some(&kwargs))?;
        Ok(PyErr::from_value(value))
    }
}

impl From<Details> for KzgErr {
    fn from(d: Details) -> Self {
        KzgErr(Box::new(d))
    }
}

/// `Result` of binding code that has not touched Python yet.
pub type KzgResult<T> = Result<T, KzgErr>;

/// Converts a library result.
pub fn lib<T>(r: fastkzg::Result<T>) -> KzgResult<T> {
    r.map_err(KzgErr::from_lib)
}
