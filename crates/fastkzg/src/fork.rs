//! Processes made by `fork()`.
//!
//! A forked child has one thread: the one that called `fork()`. Every other
//! thread of the parent is gone in the child, with whatever it was doing,
//! and so are the workers of every thread pool; a lock that one of those
//! threads held at the moment of the fork stays locked for ever. Work handed
//! to such a pool, or a wait on such a lock, never ends.
//!
//! The library counts forks: [`generation`] is 0 in a process that was not
//! forked since the library was first used, and goes up by one in each
//! child (a `pthread_atfork` handler, registered on first use). Code that
//! hands work to a pool or waits on a lock checks it:
//! - the parallel paths run serially in a child unless the caller is inside a
//!   pool built in that child (see `par::threads`);
//! - [`ProcessPool`](crate::ProcessPool) builds a fresh pool in each child;
//! - lazily built tables are built without locks (a race in which the first
//!   value stored wins), so there is nothing to wait for;
//! - the few short critical sections (caches, registries) take their lock
//!   through [`lock`], which in a child gives up instead of waiting for ever.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{
    LockResult, Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard,
    TryLockError, TryLockResult,
};
use std::time::{Duration, Instant};

/// Forks seen since the handler was registered (0 in the first process).
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Whether the `pthread_atfork` handler is registered.
static REGISTERED: AtomicBool = AtomicBool::new(false);

/// Runs in the child after each `fork()`: only atomic work, which is
/// async-signal-safe.
#[cfg(unix)]
extern "C" fn in_child() {
    GENERATION.fetch_add(1, Ordering::SeqCst);
}

/// Registers the child handler once per process (a child inherits it).
fn register() {
    if REGISTERED.load(Ordering::Acquire) || REGISTERED.swap(true, Ordering::AcqRel) {
        return;
    }
    #[cfg(unix)]
    {
        // SAFETY: `pthread_atfork` stores three function pointers (two
        // null, one to `in_child`, a plain `extern "C" fn` that lives as
        // long as the program and only updates an atomic). It neither
        // blocks nor touches memory of ours. Its only failure is ENOMEM,
        // after which forks go unnoticed exactly as without the handler.
        let _ = unsafe { libc::pthread_atfork(None, None, Some(in_child)) };
    }
}

/// The number of `fork()`s between the process that first used the library
/// and this one: 0 there, 1 in its child, 2 in a grandchild, and so on.
///
/// A value that differs from one recorded earlier means that every thread
/// and lock holder of that earlier time may be gone.
pub fn generation() -> u64 {
    register();
    GENERATION.load(Ordering::Acquire)
}

/// Whether this process is a forked child of the one that first used the
/// library.
pub fn in_forked_child() -> bool {
    generation() != 0
}

/// How long [`lock`] waits in a forked child before it gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Patience {
    /// Not at all: the caller has a way around the lock (a cache it can
    /// skip, a serial path it can take).
    None,
    /// Long enough for any critical section of a live thread (they are all
    /// map operations or a pool's construction): a lock still held after it
    /// belongs to a thread that did not survive the fork.
    Bounded,
}

/// The longest wait of [`Patience::Bounded`].
const BOUNDED_WAIT: Duration = Duration::from_secs(2);

/// Locks `mutex`. In the process that first used the library this waits as
/// `Mutex::lock` does; in a forked child it waits at most as long as
/// `patience` says, and returns `None` when the lock is still held then (by
/// a thread that is gone, which will never release it). A poisoned lock
/// (a panic elsewhere while holding it) is taken as it is: every critical
/// section guarded this way leaves its data consistent.
pub fn lock<T>(mutex: &Mutex<T>, patience: Patience) -> Option<MutexGuard<'_, T>> {
    acquire(patience, || mutex.lock(), || mutex.try_lock())
}

/// [`lock`] for the readers of an `RwLock`.
pub fn read<T>(lock: &RwLock<T>, patience: Patience) -> Option<RwLockReadGuard<'_, T>> {
    acquire(patience, || lock.read(), || lock.try_read())
}

/// [`lock`] for the writer of an `RwLock`.
pub fn write<T>(lock: &RwLock<T>, patience: Patience) -> Option<RwLockWriteGuard<'_, T>> {
    acquire(patience, || lock.write(), || lock.try_write())
}

/// Takes a guard by waiting (`wait`) in the first process and by polling
/// (`poll`) within `patience` in a forked child.
fn acquire<G>(
    patience: Patience,
    wait: impl FnOnce() -> LockResult<G>,
    poll: impl Fn() -> TryLockResult<G>,
) -> Option<G> {
    if !in_forked_child() {
        return Some(wait().unwrap_or_else(PoisonError::into_inner));
    }
    let deadline = Instant::now() + BOUNDED_WAIT;
    loop {
        match poll() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(e)) => return Some(e.into_inner()),
            Err(TryLockError::WouldBlock) => {
                if patience == Patience::None || Instant::now() >= deadline {
                    return None;
                }
                std::thread::sleep(Duration::from_micros(200));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_process_waits_and_takes_poisoned_locks() {
        assert_eq!(generation(), 0);
        let m = std::sync::Arc::new(Mutex::new(5));
        let m2 = m.clone();
        let _ = std::thread::spawn(move || {
            let _g = m2.lock().unwrap();
            panic!("poison it");
        })
        .join();
        assert!(m.is_poisoned());
        assert_eq!(lock(&m, Patience::None).map(|g| *g), Some(5));
    }
}
