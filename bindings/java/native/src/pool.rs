//! Where computations run: in a rayon pool of the library's own (one
//! thread per core, or `FASTKZG_NUM_THREADS`, or `Kzg.setThreads(n)`), or
//! serially on the calling Java thread.
//!
//! Calls from many Java threads share the pool; with one thread configured
//! every call runs serially on its caller's thread, so N Java threads use N
//! cores.

/// The library's pool: built on first use and rebuilt when the thread count
/// changes (fork-aware as well, though a JVM does not fork).
pub static POOL: fastkzg::ProcessPool = fastkzg::ProcessPool::new("fastkzg-jni");

/// Where a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In the pool: calls with work to split.
    Pool,
    /// Serially on the caller's thread: calls of a millisecond or less, for
    /// which a hand-over to the pool costs more than it gains.
    Caller,
}

/// Runs `f` where `placement` says and returns its result.
pub fn run<R: Send>(placement: Placement, f: impl FnOnce() -> R + Send) -> R {
    match placement {
        Placement::Pool => POOL.install(f),
        Placement::Caller => fastkzg::run_serial(f),
    }
}
