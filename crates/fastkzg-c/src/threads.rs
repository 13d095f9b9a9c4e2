//! The threads behind the C ABI.
//!
//! Every entry point runs inside one rayon pool that the library builds on
//! first use: one thread per core, or as many as `FASTKZG_NUM_THREADS` says
//! (`0` or `1`: every call runs serially on the caller's thread and no pool
//! is built). A value that is not a number is ignored (the default applies;
//! a library must not abort its host over an environment variable). The
//! variable is read once, at the first call. A forked child builds a pool
//! of its own on its first call (see `fastkzg::fork`). Calls from many caller threads
//! at once share the pool.

/// The pool, built on first use and rebuilt in a forked child (whose copy
/// of the parent's pool has no threads).
static POOL: fastkzg::ProcessPool = fastkzg::ProcessPool::new("fastkzg");

/// Lets a closure that captures the caller's raw pointers run on a pool
/// thread.
struct CallerWaits<F>(F);

// SAFETY: the closure runs on a pool thread while the calling thread is
// blocked in `install` until it returns, so everything the closure borrows
// (the caller's pointers, valid for the duration of the call by the entry
// point's contract) outlives its use, and no two threads use it at once.
unsafe impl<F> Send for CallerWaits<F> {}

impl<F> CallerWaits<F> {
    // A method (not a field access) so that the closure in `run` captures
    // the whole wrapper, which is `Send`, rather than its field.
    fn into_inner(self) -> F {
        self.0
    }
}

/// Where an entry point runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Inside the pool (when there is one): calls with work to split.
    Pool,
    /// Serially on the caller's thread: calls of a millisecond or two,
    /// which a hand-over to the pool would only slow down, and which then
    /// run side by side when many caller threads make them at once.
    Caller,
}

/// Runs an entry point's body: inside the pool for [`Placement::Pool`]
/// (unless the thread count is 1), else serially on the caller's thread.
pub fn run<R: Send>(placement: Placement, body: impl FnOnce() -> R) -> R {
    match placement {
        Placement::Pool => {
            let body = CallerWaits(body);
            POOL.install(move || body.into_inner()())
        }
        Placement::Caller => fastkzg::run_serial(body),
    }
}
