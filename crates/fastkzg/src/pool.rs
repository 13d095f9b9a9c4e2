//! A thread pool of one's own that survives `fork()`: what the C ABI and
//! the language bindings run their calls in.
//!
//! The pool is built on first use with the configured thread count
//! ([`NUM_THREADS_ENV`](crate::NUM_THREADS_ENV), else one thread per core),
//! rebuilt when the count changes, and rebuilt in a forked child (whose copy
//! of the parent's pool has no threads; see [`crate::fork`]). The parent's
//! pool is never dropped in the child: dropping it would signal threads
//! that do not exist there.

use alloc::format;
use std::mem::ManuallyDrop;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::fork::{self, Patience};

/// One pool and the process it was built in.
struct Built {
    generation: u64,
    threads: usize,
    /// `None` when no pool could be built (calls run serially).
    pool: Option<Arc<rayon::ThreadPool>>,
}

/// A lazily built thread pool that is rebuilt in forked children.
///
/// ```
/// static POOL: fastkzg::ProcessPool = fastkzg::ProcessPool::new("my-kzg");
/// let settings: &fastkzg::KzgSettings = fastkzg::KzgSettings::mainnet();
/// let blob = vec![0u8; fastkzg::BYTES_PER_BLOB];
/// let blob: &fastkzg::Blob = blob.as_slice().try_into().unwrap();
/// let c = POOL.install(|| settings.blob_to_kzg_commitment(blob)).unwrap();
/// assert_eq!(c[0], 0xc0);
/// ```
pub struct ProcessPool {
    name: &'static str,
    /// The configured count (0: not yet configured, read the environment).
    requested: AtomicUsize,
    /// The current pool, wrapped so that it is never dropped implicitly.
    built: Mutex<ManuallyDrop<Option<Built>>>,
}

impl ProcessPool {
    /// A pool whose threads are named `{name}-{i}`; nothing is built yet.
    pub const fn new(name: &'static str) -> Self {
        ProcessPool {
            name,
            requested: AtomicUsize::new(0),
            built: Mutex::new(ManuallyDrop::new(None)),
        }
    }

    /// The thread count calls use: the last [`set_threads`](Self::set_threads),
    /// else [`NUM_THREADS_ENV`](crate::NUM_THREADS_ENV) (a value that is not
    /// a number is ignored), else the number of cores. 1 means serial.
    pub fn threads(&self) -> usize {
        match self.requested.load(Ordering::Acquire) {
            0 => {
                let n = std::env::var(crate::NUM_THREADS_ENV)
                    .ok()
                    .and_then(|v| crate::parse_thread_count(&v).ok())
                    .unwrap_or_else(crate::default_thread_count)
                    .max(1);
                // The first reader fixes the value; later changes of the
                // environment are not seen.
                match self
                    .requested
                    .compare_exchange(0, n, Ordering::AcqRel, Ordering::Acquire)
                {
                    Ok(_) => n,
                    Err(current) => current,
                }
            }
            n => n,
        }
    }

    /// Sets the thread count (0 and 1 both mean serial). Calls already
    /// running finish in the pool they started in; the next call builds a
    /// pool of the new size.
    pub fn set_threads(&self, threads: usize) {
        self.requested.store(threads.max(1), Ordering::Release);
    }

    /// Runs `f` in the pool (on the calling thread, serially, when the
    /// count is 1 or no pool can be built) and returns its result.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        if let Some(pool) = self.current() {
            return pool.install(f);
        }
        crate::run_serial(f)
    }

    /// The pool for this process and count, built if needed; `None` to run
    /// serially.
    fn current(&self) -> Option<Arc<rayon::ThreadPool>> {
        let threads = self.threads();
        if threads <= 1 {
            return None;
        }
        let generation = fork::generation();
        // In a forked child whose parent held this lock at the fork (while
        // building a pool) the lock is lost: run serially.
        let mut built = fork::lock(&self.built, Patience::Bounded)?;
        if let Some(b) = built.as_ref() {
            if b.generation == generation && b.threads == threads {
                return b.pool.clone();
            }
        }
        let fresh = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name({
                let name = self.name;
                move |i| format!("{name}-{i}")
            })
            .build()
            .ok()
            .map(Arc::new);
        let old = built.replace(Built {
            generation,
            threads,
            pool: fresh.clone(),
        });
        drop(built);
        // A pool of this process is dropped when its last running call
        // ends; one built before a fork belongs to threads that are gone
        // here, and is left alone.
        if let Some(old) = old {
            if old.generation == generation {
                drop(old);
            } else {
                std::mem::forget(old);
            }
        }
        fresh
    }
}
