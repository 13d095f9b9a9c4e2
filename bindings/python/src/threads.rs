//! Where computations run: with the GIL released, in a rayon pool of the
//! module's own (one thread per core, or `FASTKZG_NUM_THREADS`, or
//! `fastkzg.set_num_threads(n)`), or serially on the calling thread.
//!
//! Calls from several Python threads run side by side: each releases the
//! GIL for its whole computation and they share the pool. With one thread
//! configured every call runs serially on its own caller's thread, so N
//! Python threads use N cores.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// The module's pool: built on first use, rebuilt when the thread count
/// changes, and rebuilt in a forked child (`multiprocessing`'s default on
/// Linux, gunicorn and celery workers), whose copy of the parent's pool has
/// no threads.
static POOL: fastkzg::ProcessPool = fastkzg::ProcessPool::new("fastkzg-py");

/// Where a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In the pool: calls with work to split.
    Pool,
    /// Serially on the caller's thread: calls of a millisecond or two, for
    /// which a hand-over to the pool costs more than it gains.
    Caller,
}

/// Runs `f` with the GIL released, in the pool or on the calling thread.
/// A panic (a defect, never expected from any input) becomes a
/// `RuntimeError` instead of a `PanicException`.
pub fn run<R: Send>(
    py: Python<'_>,
    placement: Placement,
    f: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    py.detach(move || {
        catch_unwind(AssertUnwindSafe(move || match placement {
            Placement::Pool => POOL.install(f),
            Placement::Caller => fastkzg::run_serial(f),
        }))
    })
    .map_err(|panic| {
        let detail = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PyRuntimeError::new_err(format!("fastkzg internal error: {detail}"))
    })
}

/// Sets the number of threads computations use: 1 (or 0) runs every call
/// serially on its caller's thread; `n > 1` uses a pool of `n` threads.
/// Overrides `FASTKZG_NUM_THREADS`. Calls already running keep their pool.
#[pyfunction]
pub fn set_num_threads(n: i64) -> PyResult<()> {
    let n = usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("thread count must be >= 0, got {n}")))?;
    POOL.set_threads(n);
    Ok(())
}

/// The number of threads computations use (1: serial on the caller's
/// thread). Initially `FASTKZG_NUM_THREADS`, else the number of cores.
#[pyfunction]
pub fn get_num_threads() -> usize {
    POOL.threads()
}
