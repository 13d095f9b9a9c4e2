//! The commitments that cell verification decoded recently, by their bytes.
//!
//! Every data-column sidecar of a block carries the same list of blob
//! commitments, and a node verifies the sidecars of a block one by one as
//! they arrive (`verify_cell_kzg_proof_batch` once per sidecar), so the same
//! 48-byte commitments are decoded again and again (a square root and the
//! G1 subgroup check each, about half the time of a one-column batch). [`CommitmentCache`] keeps the decoded point of every
//! commitment that decoded successfully, keyed by its exact bytes, so a
//! repeat costs a hash-map lookup. Decoding is a function of the bytes, so a
//! cached point is exactly what decoding would return; bytes that fail to
//! decode are never cached (their error is reported on every call).
//!
//! The cache is bounded: at [`CommitmentCache::CAPACITY`] entries it is
//! emptied before the next insertion (about 0.7 MiB at most with blst).
//! Without the `std` feature there is no lock to share it between threads
//! and nothing is cached.

use alloc::vec;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use std::collections::HashMap;
#[cfg(feature = "std")]
use std::sync::{Mutex, MutexGuard};

use crate::backend::Backend;
use crate::ethereum::bytes::Bytes48;

/// Decoded commitments of one [`KzgSettings`](crate::ethereum::KzgSettings),
/// by their bytes.
pub(crate) struct CommitmentCache<B: Backend> {
    #[cfg(feature = "std")]
    points: Mutex<HashMap<Bytes48, B::G1Affine>>,
    #[cfg(not(feature = "std"))]
    points: core::marker::PhantomData<B>,
}

/// Without `std`: an always empty cache.
#[cfg(not(feature = "std"))]
impl<B: Backend> CommitmentCache<B> {
    pub(crate) fn new() -> Self {
        CommitmentCache {
            points: core::marker::PhantomData,
        }
    }

    pub(crate) fn get_many(&self, commitments: &[Bytes48]) -> Vec<Option<B::G1Affine>> {
        vec![None; commitments.len()]
    }

    pub(crate) fn insert_many(&self, _decoded: impl IntoIterator<Item = (Bytes48, B::G1Affine)>) {}

    pub(crate) fn clear(&self) {}

    pub(crate) fn len(&self) -> usize {
        0
    }
}

#[cfg(feature = "std")]
impl<B: Backend> CommitmentCache<B> {
    /// The most entries kept: the commitments of many blocks (a block has
    /// at most a few dozen blobs).
    pub(crate) const CAPACITY: usize = 4096;

    pub(crate) fn new() -> Self {
        CommitmentCache {
            points: Mutex::new(HashMap::new()),
        }
    }

    /// The map, or `None` in a forked child whose parent held the lock at
    /// the fork (the cache is then skipped: it only saves decoding). A
    /// poisoned lock (a panic elsewhere while holding it, which no code
    /// here can cause) still holds a consistent map.
    fn lock(&self) -> Option<MutexGuard<'_, HashMap<Bytes48, B::G1Affine>>> {
        crate::fork::lock(&self.points, crate::fork::Patience::None)
    }

    /// The cached point of each commitment (`None` where not cached).
    pub(crate) fn get_many(&self, commitments: &[Bytes48]) -> Vec<Option<B::G1Affine>> {
        match self.lock() {
            Some(points) => commitments.iter().map(|c| points.get(c).copied()).collect(),
            None => vec![None; commitments.len()],
        }
    }

    /// Remembers successfully decoded commitments.
    pub(crate) fn insert_many(&self, decoded: impl IntoIterator<Item = (Bytes48, B::G1Affine)>) {
        // Nothing new (every commitment was cached): no lock taken.
        let mut decoded = decoded.into_iter().peekable();
        if decoded.peek().is_none() {
            return;
        }
        let Some(mut points) = self.lock() else {
            return;
        };
        for (bytes, point) in decoded {
            if points.len() >= Self::CAPACITY && !points.contains_key(&bytes) {
                points.clear();
            }
            points.insert(bytes, point);
        }
    }

    /// Empties the cache.
    pub(crate) fn clear(&self) {
        if let Some(mut points) = self.lock() {
            points.clear();
        }
    }

    /// The number of cached commitments.
    pub(crate) fn len(&self) -> usize {
        self.lock().map_or(0, |points| points.len())
    }
}

// Without `std` nothing is cached.
#[cfg(all(test, feature = "std"))]
mod tests {
    use super::CommitmentCache;
    use crate::backend::{Backend, Group, Scalar};

    type B = crate::DefaultBackend;

    fn point(k: u64) -> (crate::ethereum::bytes::Bytes48, <B as Backend>::G1Affine) {
        let p = <B as Backend>::G1::generator() * &<B as Backend>::Fr::from_u64(k + 1);
        (B::g1_compress(&p), B::g1_to_affine(&p))
    }

    /// Lookups return what was inserted and nothing else; the cache never
    /// holds more than its capacity, and `clear` empties it.
    #[test]
    fn cache_is_exact_and_bounded() {
        let cache = CommitmentCache::<B>::new();
        let (a, pa) = point(1);
        let (b, _) = point(2);
        cache.insert_many([(a, pa)]);
        assert_eq!(cache.get_many(&[a, b]), vec![Some(pa), None]);
        let cap = CommitmentCache::<B>::CAPACITY;
        // Distinct keys (the points need not match them for this test).
        let many: Vec<_> = (0..cap as u32 + 10)
            .map(|i| {
                let mut k = [0u8; 48];
                k[..4].copy_from_slice(&i.to_le_bytes());
                (k, pa)
            })
            .collect();
        cache.insert_many(many.iter().copied());
        assert!(cache.len() <= cap);
        assert!(cache.len() > 0);
        // The last key inserted is always present.
        let last = many[many.len() - 1].0;
        assert_eq!(cache.get_many(&[last]), vec![Some(pa)]);
        cache.clear();
        assert_eq!(cache.len(), 0);
        assert_eq!(cache.get_many(&[a]), vec![None]);
    }
}
