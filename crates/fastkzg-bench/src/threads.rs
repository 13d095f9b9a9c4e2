//! Running a job on a chosen number of threads: with the `parallel`
//! feature, more than one thread is a rayon pool of its own that jobs run
//! in (so fastkzg's and rust_eth_kzg's parallel paths use exactly that
//! many workers); one thread is fastkzg's serial path on the caller's.

/// A report label at `n` threads: `base`, with ` NT` appended for more
/// than one.
pub fn label(base: &str, n: usize) -> String {
    match n {
        1 => base.into(),
        n => format!("{base} {n}T"),
    }
}

/// A number of worker threads and, with the `parallel` feature, their pool;
/// the default is the caller's thread alone (fastkzg's serial path).
#[derive(Clone, Default)]
pub struct Threads {
    #[cfg(feature = "parallel")]
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
}

impl Threads {
    /// A pool of `n` threads (the caller alone for `n <= 1`); `None`
    /// without the `parallel` feature when `n > 1`.
    pub fn new(n: usize) -> Option<Self> {
        #[cfg(feature = "parallel")]
        if n > 1 {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(n);
            let pool = pool.thread_name(move |i| format!("bench-{n}t-{i}")).build();
            let pool = Some(std::sync::Arc::new(pool.ok()?));
            return Some(Threads { pool });
        }
        (n <= 1).then(Self::default)
    }

    /// The number of threads.
    pub fn count(&self) -> usize {
        #[cfg(feature = "parallel")]
        if let Some(p) = &self.pool {
            return p.current_num_threads();
        }
        1
    }

    /// Runs `f` on these threads.
    pub fn run<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        #[cfg(feature = "parallel")]
        if let Some(p) = &self.pool {
            return p.install(f);
        }
        fastkzg::run_serial(f)
    }
}
