//! The KZG10 toolkit at any size: structured reference strings (including
//! insecure test setups from a known secret), commitments, single- and
//! multi-point opening proofs, and FK20 amortised proofs. The Ethereum
//! trusted setup and the spec API built on this are in [`crate::ethereum`].

pub mod fk20;
pub mod multi;
pub mod open;
pub mod srs;

pub use fk20::Fk20;
pub use srs::Srs;
