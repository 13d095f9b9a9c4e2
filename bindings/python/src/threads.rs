//! Where computations run: with the GIL released, in a rayon pool of the
//! module's own (one thread per core, or `FASTKZG_NUM_THREADS`, or
//! `fastkzg.set_num_threads(n)`), or serially on the calling thread.
//!
//! Calls from several Python threads run side by side: each releases the
//! GIL for its whole computation and they share the pool. With one thread
//! configured every call runs serially on its own caller's thread, so N
//! Python threads use N cores.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// The configured thread count and its pool (`None` when serial).
struct Threads {
    count: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
}

static THREADS: Mutex<Option<Threads>> = Mutex::new(None);

fn lock() -> MutexGuard<'static, Option<Threads>> {
    // A poisoned lock only means a panic elsewhere while it was held; the
    // state itself (an Option of an Arc) is always consistent.
    THREADS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The thread count from `FASTKZG_NUM_THREADS` (a value that is not a
/// number is ignored, as in the C ABI), else one per core.
fn configured_from_env() -> usize {
    std::env::var(fastkzg::NUM_THREADS_ENV)
        .ok()
        .and_then(|v| fastkzg::parse_thread_count(&v).ok())
        .unwrap_or_else(fastkzg::default_thread_count)
}

fn build(count: usize) -> Result<Threads, String> {
    let count = count.max(1);
    let pool = if count == 1 {
        None
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .thread_name(|i| format!("fastkzg-py-{i}"))
            .build()
            .map_err(|e| e.to_string())?;
        Some(Arc::new(pool))
    };
    Ok(Threads { count, pool })
}

/// The pool to run in now (built on first use).
fn current_pool() -> Option<Arc<rayon::ThreadPool>> {
    let mut guard = lock();
    if guard.is_none() {
        // If no pool can be built, calls run serially.
        *guard = Some(build(configured_from_env()).unwrap_or(Threads {
            count: 1,
            pool: None,
        }));
    }
    guard.as_ref().and_then(|t| t.pool.clone())
}

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
        catch_unwind(AssertUnwindSafe(move || {
            match (placement, current_pool()) {
                (Placement::Pool, Some(pool)) => pool.install(f),
                _ => fastkzg::run_serial(f),
            }
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
pub fn set_num_threads(py: Python<'_>, n: i64) -> PyResult<()> {
    let n = usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("thread count must be >= 0, got {n}")))?;
    let threads = py
        .detach(|| build(n))
        .map_err(|e| PyRuntimeError::new_err(format!("cannot build a pool of {n} threads: {e}")))?;
    *lock() = Some(threads);
    Ok(())
}

/// The number of threads computations use (1: serial on the caller's
/// thread). Initially `FASTKZG_NUM_THREADS`, else the number of cores.
#[pyfunction]
pub fn get_num_threads() -> usize {
    let _ = current_pool();
    lock().as_ref().map_or(1, |t| t.count)
}
