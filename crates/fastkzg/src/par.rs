//! Optional data parallelism through rayon (cargo feature `parallel`).
//!
//! Work runs on the caller's rayon pool (the global one unless the caller
//! `install`s another); no thread is spawned per call. To force serial
//! execution at run time without rebuilding, run the call inside a
//! one-thread pool (see [`crate::with_threads`]) or set `RAYON_NUM_THREADS=1`.
//! Without the feature every helper here is its plain serial twin.

/// `f(i)` for `i < n`, collected in order; in parallel with the feature.
pub(crate) fn map_collect<T: Send, F: Fn(usize) -> T + Sync + Send>(n: usize, f: F) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..n).map(f).collect()
    }
}

/// Like [`map_collect`] for fallible work: the first error (in index order
/// when serial; any error when parallel) is returned.
pub(crate) fn try_map_collect<T: Send, E: Send, F: Fn(usize) -> Result<T, E> + Sync + Send>(
    n: usize,
    f: F,
) -> Result<Vec<T>, E> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..n).map(f).collect()
    }
}

/// Runs two closures, potentially in parallel.
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// The number of threads work may be split across (1 without the feature).
pub(crate) fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}
