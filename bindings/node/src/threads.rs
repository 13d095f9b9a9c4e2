//! Where computations run, and the thread and IFMA switches.
//!
//! Every call runs in the addon's own rayon pool (one thread per core, or
//! `FASTKZG_NUM_THREADS`, or `setNumThreads(n)`), or serially on the
//! calling thread when the count is 1. A synchronous call blocks the
//! JavaScript thread while it runs; an `async` call runs on a libuv worker
//! thread and hands its parallel parts to the same pool. A panic never
//! crosses into Node.js: it becomes an `INTERNAL` error here, and the entry
//! points are marked `catch_unwind` besides (napi-rs then turns a panic
//! anywhere in them into a JavaScript error).

use std::panic::{catch_unwind, AssertUnwindSafe};

use napi_derive::napi;

use crate::errors;

/// The addon's pool: built on first use, rebuilt when the thread count
/// changes.
static POOL: fastkzg::ProcessPool = fastkzg::ProcessPool::new("fastkzg-node");

/// Where a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In the pool: calls with work to split.
    Pool,
    /// Serially on the calling thread: calls of a millisecond or two, for
    /// which a hand-over to the pool costs more than it gains.
    Caller,
}

/// Runs `f` in the pool or on the calling thread; a panic becomes an
/// `INTERNAL` error.
pub fn run<R: Send>(placement: Placement, f: impl FnOnce() -> R + Send) -> napi::Result<R> {
    catch_unwind(AssertUnwindSafe(move || match placement {
        Placement::Pool => POOL.install(f),
        Placement::Caller => fastkzg::run_serial(f),
    }))
    .map_err(|panic| {
        let detail = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        errors::internal(&detail)
    })
}

/// Sets the number of threads computations use: 0 or 1 runs every call
/// serially on its calling thread; `n > 1` uses a pool of `n` threads.
/// Overrides `FASTKZG_NUM_THREADS`. Calls already running keep their pool.
#[napi]
pub fn set_num_threads(n: u32) {
    POOL.set_threads(n as usize);
}

/// The number of threads computations use (1: serial). Initially
/// `FASTKZG_NUM_THREADS`, else the number of cores.
#[napi]
pub fn get_num_threads() -> u32 {
    u32::try_from(POOL.threads()).unwrap_or(u32::MAX)
}

/// Whether the AVX-512 IFMA kernels run (the CPU has them and they are
/// not turned off by `FASTKZG_NO_IFMA` or `setIfma(false)`).
#[napi]
pub fn ifma_active() -> bool {
    fastkzg::ifma_active()
}

/// Turns the AVX-512 IFMA kernels on or off for the whole process (the
/// results are the same either way; only the speed differs).
#[napi]
pub fn set_ifma(on: bool) {
    fastkzg::set_ifma(on)
}
