//! The KZG10 toolkit: structured reference strings (including insecure test
//! setups from a known secret), commitments, single- and multi-point opening
//! proofs, and the Ethereum trusted setup with everything derived from it.

pub mod embedded;
pub mod fk20;
pub mod multi;
pub mod open;
pub mod settings;
pub mod srs;
pub mod trusted_setup;

pub use fk20::Fk20;
pub use settings::KzgSettings;
pub use srs::Srs;
