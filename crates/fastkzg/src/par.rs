//! Data parallelism through rayon (cargo feature `parallel`, on by default).
//!
//! Work runs on the caller's rayon pool: the global one (one thread per
//! core, capped by `RAYON_NUM_THREADS`) unless the caller `install`s
//! another; no thread is spawned per call. [`run_serial`] runs a call on the
//! calling thread alone, without touching any pool. Without the feature
//! every helper here is its plain serial twin.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::Range;

#[cfg(feature = "std")]
std::thread_local! {
    /// Set while [`run_serial`] runs on this thread.
    static SERIAL: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Restores the previous serial flag when dropped (also on unwinding).
#[cfg(feature = "std")]
struct SerialGuard(bool);

#[cfg(feature = "std")]
impl Drop for SerialGuard {
    fn drop(&mut self) {
        SERIAL.with(|s| s.set(self.0));
    }
}

/// Runs `f` on the calling thread with every parallel path of the library
/// taking its serial twin: no work is handed to any thread pool. Calls made
/// this way from many threads at once run side by side, one core each.
/// (Without the `std` feature every path is serial and this just calls
/// `f`.)
pub fn run_serial<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "std")]
    let _restore = SerialGuard(SERIAL.with(|s| s.replace(true)));
    f()
}

/// Whether [`run_serial`] runs on this thread.
fn serial_here() -> bool {
    #[cfg(feature = "std")]
    return SERIAL.with(core::cell::Cell::get);
    #[cfg(not(feature = "std"))]
    true
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
    if serial_here() {
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

/// Like [`map_collect`] for fallible work: the first error in index order
/// is returned (when parallel, after every item has run).
pub(crate) fn try_map_collect<T: Send, E: Send, F: Fn(usize) -> Result<T, E> + Sync + Send>(
    n: usize,
    f: F,
) -> Result<Vec<T>, E> {
    #[cfg(feature = "parallel")]
    if n > 1 && is_parallel() {
        use rayon::prelude::*;
        // Every result first, then the first error in index order: rayon's
        // own collect into a `Result` keeps whichever error a thread met
        // first, and callers name the first bad input.
        let results: Vec<Result<T, E>> = (0..n).into_par_iter().map(f).collect();
        return results.into_iter().collect();
    }
    (0..n).map(f).collect()
}

/// `n` items cut into consecutive ranges of `per` items each (the last one
/// shorter), the one shape in which the library's parallel paths split
/// their work: the ranges are [`Ranges::map`]ped over the pool. The
/// number of parts is each path's own tuned rule, expressed through the
/// constructors: [`ranges`] (one part per thread of the pool, each of at
/// least a minimum size), [`Ranges::per_thread`] (the same for a given
/// thread count: 1 where a path splits only from some thread count on),
/// [`Ranges::into_parts`] (a given number of parts) and [`Ranges::of_len`]
/// (a given length per part).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ranges {
    n: usize,
    per: usize,
}

/// [`Ranges::per_thread`] on the threads of the caller's pool
/// ([`threads`]).
pub(crate) fn ranges(n: usize, min_per_part: usize) -> Ranges {
    Ranges::per_thread(n, threads(), min_per_part)
}

impl Ranges {
    /// `parts = threads.min(n / min_per_part).max(1)` parts: one per
    /// thread, as long as each has at least `min_per_part` items (with
    /// `min_per_part = 1`, at most one per item), and at least one.
    pub(crate) fn per_thread(n: usize, threads: usize, min_per_part: usize) -> Ranges {
        Ranges::into_parts(n, threads.min(n / min_per_part.max(1)).max(1))
    }

    /// Ranges of `⌈n/parts⌉` items: `parts` of them, or fewer,
    /// `⌈n/⌈n/parts⌉⌉`, where the rounding up leaves no items for the last
    /// (9 items in 4 parts are 3 ranges of 3); none for `n = 0`.
    pub(crate) fn into_parts(n: usize, parts: usize) -> Ranges {
        Ranges::of_len(n, n.div_ceil(parts.max(1)))
    }

    /// Ranges of `per` items (at least 1).
    pub(crate) fn of_len(n: usize, per: usize) -> Ranges {
        Ranges { n, per: per.max(1) }
    }

    /// The items per range (the last one may have fewer).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(crate) fn per(&self) -> usize {
        self.per
    }

    /// The number of ranges, `⌈n/per⌉`.
    pub(crate) fn count(&self) -> usize {
        self.n.div_ceil(self.per)
    }

    /// Range `i` (`i < count()`): `i·per .. min(n, (i + 1)·per)`.
    pub(crate) fn get(&self, i: usize) -> Range<usize> {
        i * self.per..self.n.min((i + 1) * self.per)
    }

    /// `f(range)` for every range, collected in order; over the pool when
    /// parallel ([`map_collect`]).
    pub(crate) fn map<T: Send>(&self, f: impl Fn(Range<usize>) -> T + Sync + Send) -> Vec<T> {
        map_collect(self.count(), |i| f(self.get(i)))
    }

    /// [`Ranges::map`] for fallible work ([`try_map_collect`]).
    pub(crate) fn try_map<T: Send, E: Send>(
        &self,
        f: impl Fn(Range<usize>) -> Result<T, E> + Sync + Send,
    ) -> Result<Vec<T>, E> {
        try_map_collect(self.count(), |i| f(self.get(i)))
    }
}

/// `f(part)` for each of `parts`, collected in order: every thread of the
/// pool takes the next part not yet taken, in the order given, until none
/// is left (a thread that comes free late takes what is left, so parts in
/// decreasing sizes end close together).
pub(crate) fn map_in_turn<T: Send>(
    parts: &[Range<usize>],
    f: impl Fn(Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    use core::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let taken = map_collect(threads().min(parts.len()).max(1), |_| {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(part) = parts.get(i) else {
                return mine;
            };
            mine.push((i, f(part.clone())));
        }
    });
    let mut all: Vec<(usize, T)> = taken.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, t)| t).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges of every split, concatenated, are `0..n` in order, none
    /// empty, all but the last `per` long; their number follows the rule
    /// `parts = threads.min(n / min).max(1)`, `per = ⌈n/parts⌉`,
    /// `count = ⌈n/per⌉ ≤ parts`.
    #[test]
    fn ranges_cover_every_index_once() {
        for n in 0..130 {
            for threads in 1..12 {
                for min in 1..6 {
                    let r = Ranges::per_thread(n, threads, min);
                    let parts = threads.min(n / min).max(1);
                    assert_eq!(r.per(), n.div_ceil(parts).max(1));
                    assert_eq!(r.count(), n.div_ceil(r.per()));
                    assert!(r.count() <= parts);
                    let all: Vec<Range<usize>> = (0..r.count()).map(|i| r.get(i)).collect();
                    assert!(all.iter().all(|x| !x.is_empty()));
                    assert!(all.iter().rev().skip(1).all(|x| x.len() == r.per()));
                    let indices: Vec<usize> = all.into_iter().flatten().collect();
                    assert_eq!(indices, (0..n).collect::<Vec<_>>(), "{n} {threads} {min}");
                }
            }
        }
    }

    /// The part counts of the rules the library uses.
    #[test]
    fn part_counts() {
        let count = |n, threads, min| Ranges::per_thread(n, threads, min).count();
        // One part per thread, with a minimum size per part.
        assert_eq!(count(4096, 2, 1024), 2);
        assert_eq!(count(4096, 16, 1024), 4);
        assert_eq!(count(4095, 16, 1024), 3);
        assert_eq!(count(1000, 16, 1024), 1);
        // At most one part per item; rounding up can leave fewer parts.
        assert_eq!(count(100, 8, 1), 8);
        assert_eq!(count(3, 8, 1), 3);
        assert_eq!(count(10, 4, 1), 4);
        assert_eq!(count(9, 4, 1), 3);
        assert_eq!(count(0, 4, 1), 0);
        assert_eq!(count(1, 4, 1), 1);
        // A given number of parts, or a given length.
        assert_eq!(Ranges::into_parts(256, 8).count(), 8);
        assert_eq!(Ranges::into_parts(256, 8).per(), 32);
        assert_eq!(Ranges::into_parts(5, 0).count(), 1);
        assert_eq!(Ranges::of_len(1000, 64).count(), 16);
        assert_eq!(Ranges::of_len(1000, 64).get(15), 960..1000);
        assert_eq!(Ranges::of_len(10, 0).per(), 1);
    }

    /// `map` and `try_map` see every range once, in order, serially and on
    /// a pool.
    #[test]
    fn map_visits_the_ranges_in_order() {
        let r = Ranges::into_parts(103, 7);
        let want: Vec<Range<usize>> = (0..r.count()).map(|i| r.get(i)).collect();
        let serial = run_serial(|| r.map(|x| x));
        assert_eq!(serial, want);
        let pooled = crate::with_threads(3, || r.map(|x| x)).expect("pool");
        assert_eq!(pooled, want);
        let sums = r
            .try_map(|x| Ok::<usize, ()>(x.sum::<usize>()))
            .expect("no error");
        assert_eq!(sums.iter().sum::<usize>(), (0..103).sum::<usize>());
        assert!(r
            .try_map(|x| if x.start > 50 { Err(x.start) } else { Ok(()) })
            .is_err());
        assert_eq!(ranges(0, 1).count(), 0);
        assert_eq!(run_serial(|| ranges(1000, 1).count()), 1);
    }

    #[test]
    fn map_in_turn_runs_each_part_once_in_order() {
        let parts: Vec<Range<usize>> = [0..40, 40..60, 60..70, 70..75, 75..76].to_vec();
        let calls = core::sync::atomic::AtomicUsize::new(0);
        let f = |x: Range<usize>| {
            calls.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
            x
        };
        assert_eq!(run_serial(|| map_in_turn(&parts, f)), parts);
        for threads in [2, 3, 8] {
            let pooled = crate::with_threads(threads, || map_in_turn(&parts, f)).expect("pool");
            assert_eq!(pooled, parts, "{threads} threads");
        }
        assert!(map_in_turn(&[], f).is_empty());
        assert_eq!(
            calls.load(core::sync::atomic::Ordering::Relaxed),
            4 * parts.len()
        );
    }
}
