//! `fastkzg.KzgVerifier`: the verify-only context and its loaders. Its
//! methods, the verifications and challenges, are those of
//! `fastkzg.KzgSettings`, defined once for both in `verify.rs`.

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;

use fastkzg::KzgVerifier;

use crate::cache::LoadError;
use crate::errors::KzgErr;
use crate::settings::load_error;
use crate::threads::{run, Placement};

/// A verifier shared by every Python object that refers to it.
#[derive(Clone)]
enum SharedVerifier {
    /// The library's process-wide mainnet verifier.
    Static(&'static KzgVerifier),
    /// A verifier loaded by this module.
    Owned(Arc<KzgVerifier>),
}

impl Deref for SharedVerifier {
    type Target = KzgVerifier;
    fn deref(&self) -> &KzgVerifier {
        match self {
            SharedVerifier::Static(v) => v,
            SharedVerifier::Owned(v) => v,
        }
    }
}

/// A trusted setup's text, as `str` or as UTF-8 bytes.
#[derive(FromPyObject)]
enum SetupText {
    Str(String),
    Bytes(Vec<u8>),
}

/// A verify-only context: what verification needs of a trusted setup (the
/// embedded mainnet setup loads in about a millisecond and holds under
/// 1 MiB, against tens of MiB for `KzgSettings`). Immutable and shared: use
/// one object from any number of threads.
///
/// It has every verification method of `KzgSettings`, with the same
/// arguments, results and exceptions (`verify_kzg_proof`,
/// `verify_blob_kzg_proof`, `verify_blob_kzg_proof_batch`,
/// `verify_cell_kzg_proof_batch`, `verify_blob_cell_proofs`,
/// `verify_cells_shared_indices`), the challenges and
/// `forget_decoded_commitments`; it cannot compute commitments, proofs or
/// cells.
///
/// Create with `KzgVerifier()` (the embedded mainnet setup, no file
/// needed), `KzgVerifier.load(path)` (a trusted-setup file in the c-kzg-4844
/// text format) or `KzgVerifier.parse(text)` (the contents of such a file).
#[pyclass(frozen, name = "KzgVerifier", module = "fastkzg")]
pub struct PyKzgVerifier {
    inner: SharedVerifier,
}

impl PyKzgVerifier {
    /// The verifier, on which the shared methods of `verify.rs` run.
    pub(crate) fn verifier(&self) -> &KzgVerifier {
        &self.inner
    }

    fn owned(py: Python<'_>, loaded: Result<KzgVerifier, LoadError>) -> PyResult<Self> {
        loaded
            .map(|v| PyKzgVerifier {
                inner: SharedVerifier::Owned(Arc::new(v)),
            })
            .map_err(|e| load_error(py, e))
    }
}

#[pymethods]
impl PyKzgVerifier {
    /// The verify-only context of the embedded mainnet setup (built on
    /// first use, then shared by every `KzgVerifier()`).
    #[new]
    fn new(py: Python<'_>) -> PyResult<Self> {
        let v = run(py, Placement::Caller, KzgVerifier::mainnet)?;
        Ok(PyKzgVerifier {
            inner: SharedVerifier::Static(v),
        })
    }

    /// Loads a trusted-setup file in the c-kzg-4844 text format (the counts
    /// 4096 and 65, then the G1 Lagrange, G2 monomial and G1 monomial
    /// points in hex) and keeps what verification needs.
    ///
    /// The mainnet `trusted_setup.txt` is recognised by its SHA-256 and
    /// loaded from the embedded form in about a millisecond; any other
    /// setup is validated in full (seconds). Loads are not cached.
    ///
    /// Raises `OSError` if the file cannot be read and
    /// `fastkzg.InvalidTrustedSetup` if its content is invalid.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<Self> {
        let loaded = run(py, Placement::Pool, || {
            let text = std::fs::read_to_string(&path).map_err(LoadError::Io)?;
            KzgVerifier::parse_trusted_setup(&text).map_err(LoadError::Kzg)
        })?;
        Self::owned(py, loaded)
    }

    /// Parses the contents of a trusted-setup file (`str`, or `bytes` in
    /// UTF-8) as `KzgVerifier.load` reads it.
    ///
    /// Raises `fastkzg.InvalidTrustedSetup` if the text is invalid.
    #[staticmethod]
    fn parse(py: Python<'_>, text: SetupText) -> PyResult<Self> {
        let text = match text {
            SetupText::Str(s) => s,
            SetupText::Bytes(b) => String::from_utf8(b).map_err(|e| {
                KzgErr::from_lib(fastkzg::Error::InvalidTrustedSetup(format!(
                    "not UTF-8 text: {e}"
                )))
                .into_pyerr(py)
            })?,
        };
        let loaded = run(py, Placement::Pool, || {
            KzgVerifier::parse_trusted_setup(&text).map_err(LoadError::Kzg)
        })?;
        Self::owned(py, loaded)
    }

    /// Bytes of memory held by the verifier (points and tables built so
    /// far; an estimate).
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }

    /// Builds the tables that are otherwise built on first use (the
    /// generator table and the table of cell verification), so that no
    /// later call pays for them.
    fn warm_up(&self, py: Python<'_>) -> PyResult<()> {
        let v = self.verifier();
        run(py, Placement::Pool, || v.warm_up())
    }

    fn __repr__(&self) -> String {
        "<fastkzg.KzgVerifier>".to_string()
    }
}
