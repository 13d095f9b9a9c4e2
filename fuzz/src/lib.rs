//! Differential fuzzing of fastkzg's entry points.
//!
//! Every target decodes the fuzzer's bytes into arguments ([`input`]), calls
//! the function through fastkzg's Rust API, through its C ABI (the release
//! `libfastkzg.so`, loaded at run time: its C symbols have the same names as
//! c-kzg's, so it cannot be linked beside the `c-kzg` crate) and through the
//! `c-kzg` 2.1.8 crate, and for EIP-7594 also `rust_eth_kzg` 0.10 on valid
//! inputs, and panics (a finding) unless all agree: same accept/reject
//! decision, byte-equal outputs, same verdicts.
//! Two exceptions, where a peer departs from the spec: edited trusted
//! setups that c-kzg accepts without the subgroup and consistency checks
//! (fastkzg must accept nothing c-kzg rejects, see `setup`), and
//! `recover_cells_and_kzg_proofs` on more than 64 cells that no blob
//! produces, where fastkzg's answer is checked against c-kzg by another route
//! (see `targets::recover_cells_and_kzg_proofs`).
//!
//! Inputs come in two shapes, chosen by the first byte: `< 0x80` reads the
//! arguments positionally from the rest (the shape of the seed corpus that
//! `scripts/fuzz-corpus.py` writes from the consensus-spec reference tests);
//! `≥ 0x80` starts from valid arguments and lets the fuzzer's bytes choose
//! mutations (field elements at and around the modulus, points negated, at
//! infinity with stray bits, off the curve, outside the subgroup, index
//! lists unsorted, duplicated, out of range, too short).
//!
//! The batch calls (several blobs in one call) have targets of their own
//! ([`batch`]), checked against their definition: the spec function applied
//! blob by blob, through c-kzg and through fastkzg's own per-blob calls.

pub mod batch;
pub mod cabi;
pub mod challenges;
pub mod fixture;
pub mod input;
pub mod setup;
pub mod targets;
