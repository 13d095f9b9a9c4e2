//! Data parallelism through rayon (cargo feature `parallel`, on by default).
//!
//! Work runs on the caller's rayon pool: the global one (one thread per
//! core, capped by `RAYON_NUM_THREADS`) unless the caller `install`s
//! another; no thread is spawned per call. [`run_serial`] runs a call on the
//! calling thread alone, without touching any pool. Without the feature
//! every helper here is its plain serial twin.

use std::cell::Cell;

thread_local! {
    /// Set while [`run_serial`] runs on this thread.
    static SERIAL: Cell<bool> = const { Cell::new(false) };
}

/// Restores the previous serial flag when dropped (also on unwinding).
struct SerialGuard(bool);

impl Drop for SerialGuard {
    fn drop(&mut self) {
        SERIAL.with(|s| s.set(self.0));
    }
}

/// Runs `f` on the calling thread with every parallel path of the library
/// taking its serial twin: no work is handed to any thread pool. Calls made
/// this way from many threads at once run side by side, one core each.
pub fn run_serial<R>(f: impl FnOnce() -> R) -> R {
    let _restore = SerialGuard(SERIAL.with(|s| s.replace(true)));
    f()
}

/// Whether the library's calls on this thread split work over a pool: the
/// `parallel` feature is on, the thread is not inside [`run_serial`], and
/// the current rayon pool has more than one thread.
pub fn is_parallel() -> bool {
    threads() > 1
}

/// The number of threads work may be split across: 1 without the feature
/// or inside [`run_serial`], else the current rayon pool's size.
pub(crate) fn threads() -> usize {
    if SERIAL.with(Cell::get) {
        return 1;
    }
    #[cfg(feature = "parallel")]
    {
        if rayon::current_thread_index().is_some() || global_pool_is_ours() {
            rayon::current_num_threads()
        } else {
            1
        }
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// The fork generation in which the library first handed work to rayon's
/// global pool (`u64::MAX`: not yet).
#[cfg(feature = "parallel")]
static GLOBAL_POOL_GENERATION: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(u64::MAX);

/// Whether rayon's global pool, which a caller outside any pool hands work
/// to, has its threads in this process: false in a forked child of a
/// process that used it (the global pool cannot be rebuilt, so such calls
/// run serially; a pool the child builds itself, as [`crate::with_threads`]
/// does, runs in parallel).
#[cfg(feature = "parallel")]
fn global_pool_is_ours() -> bool {
    use std::sync::atomic::Ordering;
    let now = crate::fork::generation();
    let first = match GLOBAL_POOL_GENERATION.load(Ordering::Acquire) {
        u64::MAX => GLOBAL_POOL_GENERATION
            .compare_exchange(u64::MAX, now, Ordering::AcqRel, Ordering::Acquire)
            .map_or_else(|stored| stored, |_| now),
        g => g,
    };
    first == now
}

/// `f(i)` for `i < n`, collected in order; over the pool when parallel.
pub(crate) fn map_collect<T: Send, F: Fn(usize) -> T + Sync + Send>(n: usize, f: F) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if n > 1 && is_parallel() {
        use rayon::prelude::*;
        return (0..n).into_par_iter().map(f).collect();
    }
    (0..n).map(f).collect()
}

/// Like [`map_collect`] for fallible work: the first error (in index order
/// when serial; any error when parallel) is returned.
pub(crate) fn try_map_collect<T: Send, E: Send, F: Fn(usize) -> Result<T, E> + Sync + Send>(
    n: usize,
    f: F,
) -> Result<Vec<T>, E> {
    #[cfg(feature = "parallel")]
    if n > 1 && is_parallel() {
        use rayon::prelude::*;
        return (0..n).into_par_iter().map(f).collect();
    }
    (0..n).map(f).collect()
}

/// Runs two closures, on two threads when parallel.
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    if is_parallel() {
        return rayon::join(a, b);
    }
    (a(), b())
}

/// A value built on first use, by whichever thread needs it first.
pub(crate) type Lazy<T> = once_cell::race::OnceBox<T>;

/// The value in `cell`, built with `build` first if the cell is empty.
///
/// Unlike `OnceLock::get_or_init`, no thread ever waits for another
/// thread's build. The builds here split their work over the pool, and a
/// pool thread that waits for its share of that work runs other queued jobs
/// meanwhile, another caller's call among them; had that call to wait for
/// the same cell, it would wait for a build that waits for it (a deadlock
/// seen with several callers on fresh settings and a two-thread pool). Nor
/// does a forked child wait for a build that a thread of its parent had
/// begun (that thread is gone in the child). Threads that find the cell
/// empty at the same moment each build a value; the first one stored is
/// kept and the others are dropped (they are equal).
pub(crate) fn get_or_build<T>(cell: &Lazy<T>, build: impl FnOnce() -> T) -> &T {
    cell.get_or_init(|| Box::new(build()))
}
