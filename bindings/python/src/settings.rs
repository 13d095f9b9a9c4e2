//! `fastkzg.KzgSettings`: a loaded trusted setup, its loaders and
//! `fastkzg.mainnet()`. The spec methods are in `methods.rs` (those that
//! compute) and `verify.rs` (the verifications, shared with
//! `fastkzg.KzgVerifier`).

use std::io::ErrorKind;
use std::path::PathBuf;

use pyo3::prelude::*;

use crate::cache::{self, LoadError, Shared};
use crate::errors::KzgErr;
use crate::threads::{run, Placement};

/// A trusted setup with everything precomputed from it. Immutable and
/// shared: use one object from any number of threads.
///
/// Create with `fastkzg.mainnet(precompute=0)` (the embedded mainnet
/// setup, no file needed) or `KzgSettings.load(path, precompute=0)` (a
/// trusted-setup file in the c-kzg-4844 text format).
#[pyclass(frozen, name = "KzgSettings", module = "fastkzg")]
pub struct PyKzgSettings {
    pub(crate) inner: Shared,
}

impl PyKzgSettings {
    /// The verifier part, on which the shared methods of `verify.rs` run.
    pub(crate) fn verifier(&self) -> &fastkzg::KzgVerifier {
        self.inner.verifier()
    }
}

/// A precompute level as the library takes it; negative levels are
/// rejected like the library rejects levels above its maximum.
fn level(precompute: i64) -> Result<usize, KzgErr> {
    usize::try_from(precompute).map_err(|_| {
        KzgErr::from_lib(fastkzg::Error::InvalidTrustedSetup(format!(
            "precompute level {precompute} is negative"
        )))
    })
}

pub(crate) fn load_error(py: Python<'_>, e: LoadError) -> PyErr {
    match e {
        LoadError::Io(e) if e.kind() == ErrorKind::InvalidData => KzgErr::from_lib(
            fastkzg::Error::InvalidTrustedSetup(format!("not a text file: {e}")),
        )
        .into_pyerr(py),
        LoadError::Io(e) => e.into(),
        LoadError::Kzg(e) => KzgErr::from_lib(e).into_pyerr(py),
    }
}

#[pymethods]
impl PyKzgSettings {
    /// Loads a trusted-setup file in the c-kzg-4844 text format (the
    /// counts 4096 and 65, then the G1 Lagrange, G2 monomial and G1
    /// monomial points in hex), validating every point.
    ///
    /// The mainnet `trusted_setup.txt` is recognised by its SHA-256 and
    /// loaded from the embedded form in milliseconds, and repeated loads of
    /// an unchanged file (same path, modification time, size and
    /// `precompute`) return the cached settings.
    ///
    /// `precompute` (0 to 15) selects fixed-base tables for cell proofs
    /// (`compute_cells_and_kzg_proofs`, `recover_cells_and_kzg_proofs`):
    /// 0 builds none, 8 is the fastest.
    ///
    /// Raises `OSError` if the file cannot be read and
    /// `fastkzg.InvalidTrustedSetup` if its content or `precompute` is
    /// invalid.
    #[staticmethod]
    #[pyo3(signature = (path, precompute = 0))]
    fn load(py: Python<'_>, path: PathBuf, precompute: i64) -> PyResult<Self> {
        let precompute = level(precompute).map_err(|e| e.into_pyerr(py))?;
        run(py, Placement::Pool, || cache::load_file(&path, precompute))?
            .map(|inner| PyKzgSettings { inner })
            .map_err(|e| load_error(py, e))
    }

    /// The precompute level the settings were loaded with.
    #[getter]
    fn precompute(&self) -> usize {
        self.inner.precompute()
    }

    /// Bytes of memory held by the settings (points and tables built so
    /// far; an estimate).
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }

    /// Builds the tables that are otherwise built on first use (the
    /// commitment table after 16 commitments, the FK20 data on the first
    /// cell proof), so that no later call pays for them.
    fn warm_up(&self, py: Python<'_>) -> PyResult<()> {
        let s = &*self.inner;
        run(py, Placement::Pool, || s.warm_up())
    }

    fn __repr__(&self) -> String {
        format!(
            "<fastkzg.KzgSettings precompute={}>",
            self.inner.precompute()
        )
    }
}

/// The embedded mainnet trusted setup (no file needed), loaded once per
/// precompute level and shared. With `precompute=0` it loads in
/// milliseconds; levels 1 to 15 build fixed-base tables for cell proofs
/// (8 is the fastest, about 25 MiB).
#[pyfunction]
#[pyo3(signature = (precompute = 0))]
pub fn mainnet(py: Python<'_>, precompute: i64) -> PyResult<PyKzgSettings> {
    let precompute = level(precompute).map_err(|e| e.into_pyerr(py))?;
    run(py, Placement::Pool, || cache::mainnet(precompute))?
        .map(|inner| PyKzgSettings { inner })
        .map_err(|e| load_error(py, e))
}

/// Forgets every cached setup; objects already returned stay usable.
#[pyfunction]
pub fn clear_cache() {
    cache::clear();
}
