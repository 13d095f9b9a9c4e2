//! # fastkzg
//!
//! KZG polynomial commitments for Ethereum — EIP-4844 blobs and EIP-7594
//! (PeerDAS) cells — written once over pluggable BLS12-381 backends (blst by
//! default, arkworks with the `arkworks` feature).
//!
//! Layers, bottom to top: [`backend`] (curve adapters) → [`math`] and [`msm`]
//! → [`kzg`] (the KZG10 toolkit and the trusted setup) → [`eip4844`] (the
//! Ethereum API).
//!
//! ```
//! use fastkzg::{KzgSettings, BYTES_PER_BLOB};
//!
//! let settings: &KzgSettings = KzgSettings::mainnet();
//! let blob = vec![0u8; BYTES_PER_BLOB];
//! let blob: &fastkzg::Blob = blob.as_slice().try_into().unwrap();
//! let commitment = settings.blob_to_kzg_commitment(blob).unwrap();
//! let proof = settings.compute_blob_kzg_proof(blob, &commitment).unwrap();
//! assert!(settings.verify_blob_kzg_proof(blob, &commitment, &proof).unwrap());
//! ```

#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod backend;
pub mod bytes;
pub mod constants;
pub mod eip4844;
pub mod eip7594;
pub mod error;
pub mod kzg;
pub mod math;
pub mod msm;
mod par;

#[cfg(feature = "arkworks")]
pub use backend::Arkworks;
pub use backend::{Backend, Blst};
pub use bytes::{Blob, Bytes32, Bytes48, Cell, KzgCommitment, KzgProof};
pub use constants::*;
pub use error::{Error, Result};
pub use kzg::KzgSettings;

/// The shared mainnet settings on the default (blst) backend: the embedded
/// trusted setup, loaded once on first use. Same as
/// `KzgSettings::<Blst>::mainnet()`.
pub fn mainnet() -> &'static KzgSettings<Blst> {
    KzgSettings::<Blst>::mainnet()
}

/// Runs `f` with at most `threads` worker threads for the library's parallel
/// paths (feature `parallel`); `threads = 1` forces the serial path at run
/// time. Without the feature this just calls `f`.
pub fn with_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> Result<R> {
    #[cfg(feature = "parallel")]
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .map_err(|e| Error::InvalidSize(format!("thread pool: {e}")))?;
        Ok(pool.install(f))
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = threads;
        Ok(f())
    }
}

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
