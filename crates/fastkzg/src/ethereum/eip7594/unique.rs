//! Commitments deduplicated by their bytes, in order of first occurrence
//! (the spec's `deduplicate_commitments` in `verify_cell_kzg_proof_batch`,
//! and the blobs of one batch call that share a commitment).

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::ethereum::bytes::Bytes48;

/// The distinct commitments of a list, each decoded once.
pub(super) struct UniqueCommitments {
    /// The distinct commitments, in order of first occurrence.
    pub(super) unique: Vec<Bytes48>,
    /// For each distinct commitment, the position of its first occurrence.
    pub(super) first_at: Vec<usize>,
    /// For each entry of the list, the index of its commitment in `unique`
    /// (as `u64`, the type of the verification's commitment indices).
    pub(super) index_of: Vec<u64>,
}

impl UniqueCommitments {
    /// Deduplicates `commitments`.
    pub(super) fn new(commitments: &[Bytes48]) -> Self {
        let mut unique = Vec::new();
        let mut first_at = Vec::new();
        let mut index: BTreeMap<&Bytes48, u64> = BTreeMap::new();
        let index_of = commitments
            .iter()
            .enumerate()
            .map(|(k, c)| {
                *index.entry(c).or_insert_with(|| {
                    unique.push(*c);
                    first_at.push(k);
                    unique.len() as u64 - 1
                })
            })
            .collect();
        UniqueCommitments {
            unique,
            first_at,
            index_of,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UniqueCommitments;

    #[test]
    fn first_occurrence_order() {
        let (a, b, c) = ([1u8; 48], [2u8; 48], [3u8; 48]);
        let u = UniqueCommitments::new(&[b, a, b, c, a]);
        assert_eq!(u.unique, [b, a, c]);
        assert_eq!(u.first_at, [0, 1, 3]);
        assert_eq!(u.index_of, [0, 1, 0, 2, 1]);
        assert!(UniqueCommitments::new(&[]).unique.is_empty());
    }
}
