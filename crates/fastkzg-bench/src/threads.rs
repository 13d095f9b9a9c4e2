//! Running a job on a chosen number of threads.
//!
//! With the `parallel` feature a [`Threads`] holds its own rayon pool, built
//! once, and runs jobs inside it (`pool.install`), so fastkzg's parallel
//! paths — and rust_eth_kzg's when it is built `multithreaded` — use exactly
//! that many workers; one thread is fastkzg's serial path at run time (the
//! same as `fastkzg::with_threads(1, ..)`, without building a pool per
//! call). Without the feature every job runs on the caller's thread.

use std::fmt;

/// A number of worker threads and, with the `parallel` feature, their pool.
#[derive(Clone)]
pub struct Threads {
    n: usize,
    #[cfg(feature = "parallel")]
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
}

impl fmt::Debug for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Threads({})", self.n)
    }
}

impl Threads {
    /// The caller's thread, no pool: fastkzg's serial path
    /// ([`fastkzg::run_serial`]).
    pub fn caller() -> Self {
        Threads {
            n: 1,
            #[cfg(feature = "parallel")]
            pool: None,
        }
    }

    /// A pool of `n` threads (feature `parallel`); `None` without the
    /// feature when `n > 1`.
    pub fn new(n: usize) -> Option<Self> {
        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .thread_name(move |i| format!("bench-{n}t-{i}"))
                .build()
                .ok()?;
            Some(Threads {
                n: n.max(1),
                pool: Some(std::sync::Arc::new(pool)),
            })
        }
        #[cfg(not(feature = "parallel"))]
        {
            (n <= 1).then(Self::caller)
        }
    }

    /// The thread configurations a benchmark of a parallel path covers: 1
    /// and 2 threads with the `parallel` feature, the caller alone without.
    pub fn configs() -> Vec<Threads> {
        if cfg!(feature = "parallel") {
            [1, 2].into_iter().filter_map(Threads::new).collect()
        } else {
            vec![Threads::caller()]
        }
    }

    /// The number of threads.
    pub fn count(&self) -> usize {
        self.n
    }

    /// A label suffix: `""` for the plain serial build, otherwise `"1T"`,
    /// `"2T"`, ...
    pub fn suffix(&self) -> String {
        if self.has_pool() {
            format!("{}T", self.n)
        } else {
            String::new()
        }
    }

    /// Whether jobs run inside a pool.
    pub fn has_pool(&self) -> bool {
        #[cfg(feature = "parallel")]
        {
            self.pool.is_some()
        }
        #[cfg(not(feature = "parallel"))]
        {
            false
        }
    }

    /// Runs `f` on these threads.
    pub fn run<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        #[cfg(feature = "parallel")]
        {
            match &self.pool {
                Some(p) => p.install(f),
                None => fastkzg::run_serial(f),
            }
        }
        #[cfg(not(feature = "parallel"))]
        {
            fastkzg::run_serial(f)
        }
    }
}
