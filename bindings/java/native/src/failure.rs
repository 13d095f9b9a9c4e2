//! Failures of an entry point and the Java exceptions they become, and the
//! guard every entry point runs in.

use std::panic::{catch_unwind, AssertUnwindSafe};

use fastkzg::backend::PointError;
use fastkzg::{Error, Input};
use jni::objects::JValue;
use jni::JNIEnv;

/// c-kzg's `C_KZG_BADARGS`: the inputs are invalid.
pub const C_KZG_BADARGS: i32 = 1;
/// c-kzg's `C_KZG_ERROR`: an internal error.
pub const C_KZG_ERROR: i32 = 2;

/// Why an entry point failed; each becomes one Java exception.
#[derive(Debug)]
pub enum Failure {
    /// `ethereum.ckzg4844.CKZGException(code, message)`.
    Ckzg {
        /// The c-kzg return code.
        code: i32,
        /// The exception's error message.
        message: String,
    },
    /// `java.lang.RuntimeException(message)` (jc-kzg's setup-state errors).
    Runtime(String),
    /// `io.fastkzg.InvalidInputException`.
    Invalid(Box<Invalid>),
    /// `io.fastkzg.InvalidTrustedSetupException(message)`.
    Setup(String),
    /// `io.fastkzg.KzgException(message)`.
    Kzg(String),
    /// `java.lang.IllegalStateException(message)` (closed settings).
    State(String),
    /// `java.lang.IllegalArgumentException(message)`.
    Argument(String),
    /// `java.lang.NullPointerException(message)`.
    Null(String),
    /// A JNI call failed; its Java exception (if any) is already pending.
    Jni(String),
}

/// The fields of an `io.fastkzg.InvalidInputException`.
#[derive(Debug)]
pub struct Invalid {
    /// The message.
    pub message: String,
    /// The input's name (`blob`, `commitment`, `cellIndex`, ...; for a
    /// length mismatch the lists' names, comma-separated).
    pub input: String,
    /// In a batch call, the position of the blob whose input it is (-1:
    /// none); `index` is then the position inside that blob's list.
    pub blob: i64,
    /// The input's position in its list (-1: none).
    pub index: i64,
    /// The field element's index in a blob or cell (-1: none).
    pub element: i64,
    /// The name of an `InvalidInputException.Reason` constant.
    pub reason: &'static str,
    /// The expected length or bound (-1: none).
    pub expected: i64,
    /// The length or value received (-1: none).
    pub got: i64,
}

impl From<jni::errors::Error> for Failure {
    fn from(e: jni::errors::Error) -> Self {
        Failure::Jni(e.to_string())
    }
}

impl Failure {
    /// A `CKZGException` with `C_KZG_BADARGS` and `message`.
    pub fn badargs(message: impl Into<String>) -> Self {
        Failure::Ckzg {
            code: C_KZG_BADARGS,
            message: message.into(),
        }
    }

    /// A binding-side length error of the idiomatic API: `input` (at
    /// `index` in its list, 0 for a single input) has `got` bytes instead
    /// of `expected`.
    pub fn length(input: &str, index: usize, expected: usize, got: usize) -> Self {
        let at = match index {
            0 => String::new(),
            i => format!(" {i}"),
        };
        Failure::Invalid(Box::new(Invalid {
            message: format!("{input}{at}: expected {expected} bytes, got {got}"),
            input: input.to_string(),
            blob: -1,
            index: to_i64(index),
            element: -1,
            reason: "LENGTH",
            expected: to_i64(expected),
            got: to_i64(got),
        }))
    }

    /// The same failure as one of blob `blob` of a batch call: an
    /// `InvalidInputException` gets the blob's position and its message
    /// the prefix `blob <blob>: ` (as the library's [`Error::InBlob`]).
    pub fn in_blob(self, blob: usize) -> Self {
        match self {
            Failure::Invalid(mut d) => {
                d.blob = to_i64(blob);
                d.message = format!("blob {blob}: {}", d.message);
                Failure::Invalid(d)
            }
            other => other,
        }
    }

    /// A batch call's list of the wrong length: `input` (the name of its
    /// items) has `got` items where `expected` are needed; `message` says
    /// which list and why.
    pub fn mismatch(input: &str, expected: usize, got: usize, message: String) -> Self {
        Failure::Invalid(Box::new(Invalid {
            message,
            input: input.to_string(),
            blob: -1,
            index: -1,
            element: -1,
            reason: "MISMATCHED_LENGTHS",
            expected: to_i64(expected),
            got: to_i64(got),
        }))
    }

    /// The idiomatic API's exception for a library error.
    pub fn from_lib(e: Error) -> Self {
        if let Error::InBlob { blob, source } = e {
            // The fields of the error inside the blob, the message of the whole.
            let message = format!("blob {blob}: {source}");
            return match Failure::from_lib(*source) {
                Failure::Invalid(mut d) => {
                    d.blob = to_i64(blob);
                    d.message = message;
                    Failure::Invalid(d)
                }
                Failure::Setup(_) => Failure::Setup(message),
                _ => Failure::Kzg(message),
            };
        }
        let message = e.to_string();
        let invalid = |input: String, index: usize, reason: &'static str| Invalid {
            message: message.clone(),
            input,
            blob: -1,
            index: to_i64(index),
            element: -1,
            reason,
            expected: -1,
            got: -1,
        };
        let details = match e {
            Error::InvalidLength {
                input,
                position,
                expected,
                got,
            } => Invalid {
                expected: to_i64(expected),
                got: to_i64(got),
                ..invalid(java_name(input), position, "LENGTH")
            },
            Error::NonCanonicalFieldElement {
                input,
                position,
                element,
            } => Invalid {
                element: if matches!(input, Input::Blob | Input::Cell) {
                    to_i64(element)
                } else {
                    -1
                },
                ..invalid(java_name(input), position, "NON_CANONICAL")
            },
            Error::InvalidG1Point {
                input,
                position,
                reason,
            } => invalid(java_name(input), position, point_reason(reason)),
            Error::LengthMismatch { inputs, .. } => Invalid {
                index: -1,
                ..invalid(
                    inputs
                        .iter()
                        .map(|i| java_name(*i))
                        .collect::<Vec<_>>()
                        .join(", "),
                    0,
                    "MISMATCHED_LENGTHS",
                )
            },
            Error::CellIndexOutOfRange {
                position,
                cell_index,
                max,
            } => Invalid {
                expected: to_i64(max),
                got: cell_index as i64,
                ..invalid("cellIndex".into(), position, "OUT_OF_RANGE")
            },
            Error::CellIndicesNotAscending {
                position,
                cell_index,
            } => Invalid {
                got: cell_index as i64,
                ..invalid("cellIndex".into(), position, "NOT_ASCENDING")
            },
            Error::NotEnoughCells { got, needed } => Invalid {
                index: -1,
                expected: to_i64(needed),
                got: to_i64(got),
                ..invalid("cells".into(), 0, "TOO_FEW")
            },
            Error::TooManyCells { got, max } => Invalid {
                index: -1,
                expected: to_i64(max),
                got: to_i64(got),
                ..invalid("cells".into(), 0, "TOO_MANY")
            },
            Error::InvalidTrustedSetup(_) | Error::Io { .. } => return Failure::Setup(message),
            _ => return Failure::Kzg(message),
        };
        Failure::Invalid(Box::new(details))
    }

    /// Throws the exception (or leaves the pending one of a failed JNI
    /// call). If building the exception fails, the JNI error that caused it
    /// is what is pending.
    pub fn throw(self, env: &mut JNIEnv<'_>) {
        if env.exception_check().unwrap_or(true) {
            return;
        }
        // A fallback after a failed attempt leaves that attempt's pending
        // exception (an OutOfMemoryError, say) in place.
        let plain = |env: &mut JNIEnv<'_>, class: &str, msg: &str| {
            if !env.exception_check().unwrap_or(true) {
                let _ = env.throw_new(class, msg);
            }
        };
        match self {
            Failure::Ckzg { code, message } => {
                if throw_ckzg(env, code, &message).is_err() {
                    plain(env, "java/lang/RuntimeException", &message);
                }
            }
            Failure::Runtime(m) | Failure::Jni(m) => plain(env, "java/lang/RuntimeException", &m),
            Failure::Invalid(d) => {
                if throw_invalid(env, &d).is_err() {
                    plain(env, "java/lang/IllegalArgumentException", &d.message);
                }
            }
            Failure::Setup(m) => plain(env, "io/fastkzg/InvalidTrustedSetupException", &m),
            Failure::Kzg(m) => plain(env, "io/fastkzg/KzgException", &m),
            Failure::State(m) => plain(env, "java/lang/IllegalStateException", &m),
            Failure::Argument(m) => plain(env, "java/lang/IllegalArgumentException", &m),
            Failure::Null(m) => plain(env, "java/lang/NullPointerException", &m),
        }
    }
}

fn throw_ckzg(env: &mut JNIEnv<'_>, code: i32, message: &str) -> jni::errors::Result<()> {
    let msg = env.new_string(message)?;
    let e = env.new_object(
        "ethereum/ckzg4844/CKZGException",
        "(ILjava/lang/String;)V",
        &[JValue::Int(code), JValue::Object(&msg)],
    )?;
    env.throw(jni::objects::JThrowable::from(e))
}

fn throw_invalid(env: &mut JNIEnv<'_>, d: &Invalid) -> jni::errors::Result<()> {
    let msg = env.new_string(&d.message)?;
    let input = env.new_string(&d.input)?;
    let reason = env.new_string(d.reason)?;
    let e = env.new_object(
        "io/fastkzg/InvalidInputException",
        "(Ljava/lang/String;Ljava/lang/String;JJJLjava/lang/String;JJ)V",
        &[
            JValue::Object(&msg),
            JValue::Object(&input),
            JValue::Long(d.blob),
            JValue::Long(d.index),
            JValue::Long(d.element),
            JValue::Object(&reason),
            JValue::Long(d.expected),
            JValue::Long(d.got),
        ],
    )?;
    env.throw(jni::objects::JThrowable::from(e))
}

/// The Java API's name of an input.
fn java_name(input: Input) -> String {
    match input {
        Input::CellIndex => "cellIndex".into(),
        Input::CommitmentIndex => "commitmentIndex".into(),
        other => other.name().to_string(),
    }
}

fn point_reason(reason: PointError) -> &'static str {
    match reason {
        PointError::InvalidEncoding => "INVALID_ENCODING",
        PointError::NotOnCurve => "NOT_ON_CURVE",
        PointError::NotInSubgroup => "NOT_IN_SUBGROUP",
    }
}

/// A size as a Java `long` (sizes of Java arrays always fit).
pub fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Runs an entry point's body: its failure becomes a pending Java
/// exception, and so does a panic (through `on_panic`, given the panic's
/// message); `default` is then returned to the JVM, which ignores it.
pub fn guard<'local, R>(
    env: &mut JNIEnv<'local>,
    default: R,
    on_panic: impl FnOnce(String) -> Failure,
    body: impl FnOnce(&mut JNIEnv<'local>) -> Result<R, Failure>,
) -> R {
    // Nothing is observed after a panic but its message: the body's state
    // is dropped with the failed call, so unwind safety is not a concern.
    let outcome = catch_unwind(AssertUnwindSafe(|| body(&mut *env)));
    let failure = match outcome {
        Ok(Ok(value)) => return value,
        Ok(Err(f)) => f,
        Err(panic) => {
            let detail = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            on_panic(format!("fastkzg internal error: {detail}"))
        }
    };
    // Throwing runs JNI calls only, which do not panic; guard anyway so no
    // unwind ever crosses into the JVM.
    let _ = catch_unwind(AssertUnwindSafe(|| failure.throw(env)));
    default
}
