//! # fastkzg
//!
//! KZG polynomial commitments for Ethereum — EIP-4844 blobs and EIP-7594
//! (PeerDAS) cells, exactly as the consensus specs define them — written
//! once over pluggable BLS12-381 backends.
//!
//! ## Where to start
//!
//! | you want | start from |
//! |---|---|
//! | the Ethereum API (commitments, proofs, cells, recovery, verification) | [`KzgSettings`]: [`KzgSettings::mainnet()`] (or [`mainnet()`]) for the embedded mainnet setup, [`KzgSettings::load_trusted_setup_file`] for a c-kzg setup file; every spec function is a method, and [`ethereum`] lists them |
//! | verification only (light clients, proof checks) | [`KzgVerifier`]: [`KzgVerifier::mainnet()`], [`KzgVerifier::load_trusted_setup_file`]; no prover tables, under 1 MiB after loading; the same `verify_*` code the settings run |
//! | the EVM's point-evaluation precompile (EIP-4844, address `0x0a`) | [`KzgVerifier::point_evaluation_precompile`] (192 bytes in, 64 out, every failure an error), [`kzg_to_versioned_hash`] |
//! | many blobs per call | [`KzgSettings::compute_cells_batch`], [`KzgSettings::compute_cells_and_kzg_proofs_batch`], [`KzgSettings::recover_cells_batch`], [`KzgVerifier::verify_cells_shared_indices`], [`KzgVerifier::verify_blob_cell_proofs`] |
//! | the KZG10 toolkit at any size | [`math`] (FFTs over Fr and G1, polynomials, zero polynomials, DAS extension, erasure recovery), [`msm`] (multi-scalar multiplications, fixed-base tables), [`kzg`] (setups, openings, multi-point proofs, FK20) |
//! | another curve library | [`backend::Backend`] (curve arithmetic) and [`backend::Accel`] (optional fast paths); `Blst` is the default (feature `blst`), `Arkworks`, `Zkcrypto` and `Mcl` come with the cargo features `arkworks`, `zkcrypto` and `mcl` ([`DefaultBackend`]) |
//! | pure Rust, `no_std` (zkVM guests, WebAssembly, embedded EVMs) | `default-features = false, features = ["zkcrypto"]` (or `"arkworks"`): no C or assembly, only `alloc`; every Ethereum function and the embedded mainnet setup; add `"std"` for files and caches |
//!
//! Errors are [`Error`], naming the input ([`Input`]) and its position.
//! Threads: the library runs on the caller's rayon pool (feature
//! `parallel`, on by default); [`run_serial`] and [`with_threads`] bound
//! it. The AVX-512 IFMA kernels of the blst backend are detected at run
//! time ([`set_ifma`], [`ifma_active`]).
//!
//! Layers, bottom to top: [`backend`] (curve adapters) → [`math`] and [`msm`]
//! → [`kzg`] (the KZG10 toolkit at any size) → [`ethereum`] (the trusted
//! setup, [`KzgSettings`] and every EIP-4844 / EIP-7594 function).
//!
//! ## The Ethereum API
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
//!
//! ## The toolkit
//!
//! Below the Ethereum API the building blocks are public and work at any
//! size: FFTs over Fr and G1 ([`math::fft`]), dense polynomials
//! ([`math::Polynomial`]), zero polynomials ([`math::zero_poly`]), the DAS
//! extension ([`math::das`]), erasure recovery ([`math::erasure`]), and in
//! [`kzg`] setups from a known secret, openings, multi-point proofs and FK20.
//!
//! ```
//! use fastkzg::backend::{Backend, Module, Scalar};
//! use fastkzg::math::{das, erasure, fft, zero_poly::zero_polynomial, Domain, Polynomial};
//! use fastkzg::DefaultBackend;
//! type Fr = <DefaultBackend as Backend>::Fr;
//!
//! // FFT round trip over the 8th roots of unity.
//! let domain = Domain::<Fr>::new(8).unwrap();
//! let coeffs: Vec<Fr> = (1..=8).map(Fr::from_u64).collect();
//! let evals = fft::fft(&coeffs, &domain).unwrap();
//! assert_eq!(fft::ifft(&evals, &domain).unwrap(), coeffs);
//! assert_eq!(evals[1], Polynomial::new(coeffs.clone()).evaluate(&domain.root(1)));
//!
//! // A zero polynomial vanishes on its roots.
//! let roots = [Fr::from_u64(2), Fr::from_u64(5)];
//! let z = zero_polynomial(&roots);
//! assert!(roots.iter().all(|r| z.evaluate(r).is_zero()));
//!
//! // DAS extension of 4 values to 8 (bit-reversed order), then recovery of
//! // the 4 coefficients from any 4 of the 8 (natural order).
//! let small = Domain::<Fr>::new(4).unwrap();
//! let data: Vec<Fr> = (10..14).map(Fr::from_u64).collect();
//! let extended = das::das_extension(&data, &small, &domain).unwrap();
//! assert_eq!(extended[..4], data[..]);
//! let natural = fastkzg::math::bit_reversal_permutation(&extended);
//! let samples: Vec<Option<Fr>> = natural
//!     .iter()
//!     .enumerate()
//!     .map(|(i, v)| (i % 2 == 1).then_some(*v))
//!     .collect();
//! let recovered = erasure::recover_from_samples(&samples, &domain).unwrap();
//! let expected = das::brp_evals_to_coeffs(&data, &small).unwrap();
//! assert_eq!(recovered, expected);
//! ```

// `no_std` but for the test harness; the standard library only with the
// `std` feature (files, threads, fork detection, caches).
#![cfg_attr(not(test), no_std)]

extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

pub mod backend;
pub mod constants;
pub mod error;
pub mod ethereum;
#[cfg(feature = "std")]
pub mod fork;
pub mod kzg;
pub mod math;
pub mod msm;
mod par;
#[cfg(feature = "parallel")]
mod pool;
mod trace;

pub use par::{is_parallel, run_serial};
#[cfg(feature = "parallel")]
pub use pool::ProcessPool;

#[cfg(feature = "arkworks")]
pub use backend::Arkworks;
#[cfg(feature = "blst")]
pub use backend::Blst;
#[cfg(feature = "mcl")]
pub use backend::Mcl;
#[cfg(feature = "zkcrypto")]
pub use backend::Zkcrypto;
pub use backend::{Backend, DefaultBackend};
pub use constants::*;
pub use error::{Error, Input, Result};
pub use ethereum::{
    compute_challenge, compute_verify_cell_kzg_proof_batch_challenge, kzg_to_versioned_hash, Blob,
    Bytes32, Bytes48, Cell, CellIndex, KzgCommitment, KzgProof, KzgSettings, KzgVerifier,
    MAINNET_TRUSTED_SETUP_TXT, MAX_PRECOMPUTE,
};

/// The shared mainnet settings on the default backend ([`DefaultBackend`]:
/// blst unless its feature is off): the embedded trusted setup, loaded once
/// on first use. Same as `KzgSettings::<DefaultBackend>::mainnet()`.
pub fn mainnet() -> &'static KzgSettings<DefaultBackend> {
    KzgSettings::<DefaultBackend>::mainnet()
}

/// Turns the AVX-512 IFMA kernels of the blst backend ([`fastkzg_ifma`])
/// on or off for the whole process. They run by default where the CPU
/// has AVX-512F and AVX-512 IFMA, unless the environment variable
/// `FASTKZG_NO_IFMA` is set to anything but empty or `0` (read once, on
/// first use); this call overrides that variable.
///
/// It may be called at any time, from any thread: the switch is read at
/// the start of each backend operation (one atomic load), an operation
/// already running finishes as it started, and every later one follows
/// the new setting. Both settings compute the same results (only the speed
/// differs), so switching can never change an answer. Turning the kernels
/// on does nothing on a CPU without the instructions ([`ifma_active`]
/// tells whether they run), nor in a build without the `blst` feature.
pub fn set_ifma(on: bool) {
    #[cfg(feature = "blst")]
    fastkzg_ifma::set_enabled(on);
    #[cfg(not(feature = "blst"))]
    let _ = on;
}

/// Whether the blst backend runs its AVX-512 IFMA kernels now: the CPU
/// has the instructions and they are not turned off ([`set_ifma`],
/// `FASTKZG_NO_IFMA`); false without the `blst` feature.
pub fn ifma_active() -> bool {
    #[cfg(feature = "blst")]
    return fastkzg_ifma::engine().is_some();
    #[cfg(not(feature = "blst"))]
    false
}

/// Runs `f` with at most `threads` worker threads for the library's
/// parallel paths. `threads ≤ 1` runs `f` on the calling thread with every
/// parallel path serial ([`run_serial`]); otherwise `f` runs inside a new
/// rayon pool of `threads` threads (building a pool takes a while: for
/// repeated calls build one `rayon::ThreadPool` and call the library inside
/// its `install`, which is exactly what this does once).
///
/// By default (feature `parallel`, on by default) every call uses the rayon
/// pool of the calling thread: the global pool, one thread per core (capped
/// by `RAYON_NUM_THREADS`), or the pool whose `install` the caller is in.
/// Without the feature this just calls `f`.
pub fn with_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> Result<R> {
    if threads <= 1 {
        return Ok(run_serial(f));
    }
    #[cfg(feature = "parallel")]
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::InvalidSize(alloc::format!("thread pool: {e}")))?;
        Ok(pool.install(f))
    }
    #[cfg(not(feature = "parallel"))]
    {
        Ok(f())
    }
}

/// The environment variable that caps the thread count of the C ABI and
/// the command-line tool: unset means one thread per core, `0` or `1` means
/// serial, `N` means `N` threads.
pub const NUM_THREADS_ENV: &str = "FASTKZG_NUM_THREADS";

/// Parses a thread count as given in [`NUM_THREADS_ENV`] or on a command
/// line: a decimal number (surrounding whitespace allowed); `0` and `1` both
/// mean serial and are returned as 1.
///
/// Errors: [`Error::InvalidThreadCount`] for anything that is not a number.
pub fn parse_thread_count(text: &str) -> Result<usize> {
    text.trim()
        .parse::<usize>()
        .map(|n| n.max(1))
        .map_err(|_| Error::InvalidThreadCount(text.into()))
}

/// The number of threads to use by default: the cores available to this
/// process (1 if that cannot be found out, and without the `std` feature).
pub fn default_thread_count() -> usize {
    #[cfg(feature = "std")]
    return std::thread::available_parallelism().map_or(1, |n| n.get());
    #[cfg(not(feature = "std"))]
    1
}

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
