//! Errors to JavaScript. A library error becomes a JavaScript `Error` whose
//! message is a small JSON record prefixed with [`MARK`]; the JavaScript
//! layer (`lib/errors.js`) turns it into a `KzgError` (idiomatic API) or
//! into c-kzg's message (drop-in). The record:
//!
//! - `code`: `INVALID_LENGTH`, `NON_CANONICAL_FIELD_ELEMENT`,
//!   `INVALID_POINT`, `LENGTH_MISMATCH`, `CELL_INDEX_OUT_OF_RANGE`,
//!   `CELL_INDICES_NOT_ASCENDING`, `NOT_ENOUGH_CELLS`, `TOO_MANY_CELLS`,
//!   `INVALID_TRUSTED_SETUP`, `IO`, `INVALID_ARGUMENT` or `INTERNAL`;
//! - `message`: the library's message;
//! - `input`, `index`, `element`, `reason`: which input, its position in
//!   its list, the field element inside it, and why a point was rejected
//!   (each only where it applies);
//! - `blob`: for an error in one blob's inputs of a batch call
//!   ([`Error::InBlob`]), the blob's position in the batch (`index` is then
//!   the position inside that blob's list);
//! - `ckzg`: the return code c-kzg gives for the same input
//!   (`C_KZG_BADARGS` or `C_KZG_ERROR`).

use std::fmt::Write;

use fastkzg::backend::PointError;
use fastkzg::Error;

/// The prefix that marks a message as such a record.
pub const MARK: &str = "fastkzg:";

/// The fields of one error record.
#[derive(Default)]
struct Record {
    code: &'static str,
    message: String,
    input: Option<&'static str>,
    index: Option<usize>,
    element: Option<usize>,
    reason: Option<&'static str>,
    blob: Option<usize>,
    ckzg: &'static str,
}

/// The JavaScript error for a library error.
pub fn to_js(e: &Error) -> napi::Error {
    napi::Error::from_reason(record(e).to_json())
}

/// A defect (a panic in the library): never expected from any input.
pub fn internal(detail: &str) -> napi::Error {
    let r = Record {
        code: "INTERNAL",
        message: format!("fastkzg internal error: {detail}"),
        ckzg: "C_KZG_ERROR",
        ..Default::default()
    };
    napi::Error::from_reason(r.to_json())
}

fn point_reason(reason: PointError) -> &'static str {
    match reason {
        PointError::InvalidEncoding => "invalid_encoding",
        PointError::NotOnCurve => "not_on_curve",
        PointError::NotInSubgroup => "not_in_subgroup",
    }
}

fn record(e: &Error) -> Record {
    if let Error::InBlob { blob, source } = e {
        let mut r = record(source);
        r.blob = Some(*blob);
        r.message = e.to_string();
        return r;
    }
    let mut r = Record {
        message: e.to_string(),
        ckzg: "C_KZG_BADARGS",
        ..Default::default()
    };
    match e {
        Error::InvalidLength {
            input, position, ..
        } => {
            r.code = "INVALID_LENGTH";
            r.input = Some(input.name());
            r.index = Some(*position);
        }
        Error::NonCanonicalFieldElement {
            input,
            position,
            element,
        } => {
            r.code = "NON_CANONICAL_FIELD_ELEMENT";
            r.input = Some(input.name());
            r.index = Some(*position);
            r.element = Some(*element);
        }
        Error::InvalidG1Point {
            input,
            position,
            reason,
        } => {
            r.code = "INVALID_POINT";
            r.input = Some(input.name());
            r.index = Some(*position);
            r.reason = Some(point_reason(*reason));
        }
        Error::LengthMismatch { .. } => r.code = "LENGTH_MISMATCH",
        Error::CellIndexOutOfRange { position, .. } => {
            r.code = "CELL_INDEX_OUT_OF_RANGE";
            r.input = Some("cell index");
            r.index = Some(*position);
        }
        Error::CellIndicesNotAscending { position, .. } => {
            r.code = "CELL_INDICES_NOT_ASCENDING";
            r.input = Some("cell index");
            r.index = Some(*position);
        }
        Error::NotEnoughCells { .. } => r.code = "NOT_ENOUGH_CELLS",
        Error::TooManyCells { .. } => r.code = "TOO_MANY_CELLS",
        Error::InvalidTrustedSetup(_) => r.code = "INVALID_TRUSTED_SETUP",
        Error::Io { .. } => r.code = "IO",
        Error::InvalidThreadCount(_) | Error::InvalidSize(_) => {
            r.code = "INVALID_ARGUMENT";
        }
        _ => {
            r.code = "INTERNAL";
            r.ckzg = "C_KZG_ERROR";
        }
    }
    r
}

impl Record {
    fn to_json(&self) -> String {
        let mut out = format!(
            "{MARK}{{\"code\":\"{}\",\"ckzg\":\"{}\",\"message\":{}",
            self.code,
            self.ckzg,
            quote(&self.message)
        );
        if let Some(input) = self.input {
            let _ = write!(out, ",\"input\":{}", quote(input));
        }
        for (name, value) in [
            ("index", self.index),
            ("element", self.element),
            ("blob", self.blob),
        ] {
            if let Some(v) = value {
                let _ = write!(out, ",\"{name}\":{v}");
            }
        }
        if let Some(reason) = self.reason {
            let _ = write!(out, ",\"reason\":{}", quote(reason));
        }
        out.push('}');
        out
    }
}

/// `s` as a JSON string literal.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_json() {
        let e = Error::NonCanonicalFieldElement {
            input: fastkzg::Input::Blob,
            position: 2,
            element: 7,
        };
        let json = record(&e).to_json();
        assert!(json.starts_with(MARK));
        assert!(json.contains("\"code\":\"NON_CANONICAL_FIELD_ELEMENT\""));
        assert!(json.contains("\"index\":2"));
        assert!(json.contains("\"element\":7"));
        assert_eq!(quote("a\"b\\\n"), "\"a\\\"b\\\\\\u000a\"");
    }

    #[test]
    fn in_blob_errors_name_the_blob() {
        let e = Error::NonCanonicalFieldElement {
            input: fastkzg::Input::Cell,
            position: 3,
            element: 7,
        }
        .in_blob(2);
        let json = record(&e).to_json();
        assert!(
            json.contains("\"code\":\"NON_CANONICAL_FIELD_ELEMENT\""),
            "{json}"
        );
        assert!(json.contains("\"input\":\"cell\""), "{json}");
        assert!(json.contains("\"index\":3"), "{json}");
        assert!(json.contains("\"blob\":2"), "{json}");
        assert!(json.contains("\"ckzg\":\"C_KZG_BADARGS\""), "{json}");
        assert!(json.contains("blob 2: cell 3"), "{json}");
    }
}
