//! A `#![no_std]` crate over fastkzg built without `std` and without blst:
//! the shape of a zkVM guest, a WebAssembly module or an embedded EVM that
//! checks blob proofs. It builds only if the library and every dependency
//! it pulls in need nothing beyond `core` and `alloc`; its tests run the
//! consensus-spec verification cases and the EVM point-evaluation
//! precompile through it, on both pure-Rust backends.
#![no_std]

extern crate alloc;

use alloc::vec::Vec;

pub use fastkzg::{Arkworks, Backend, Bytes32, Bytes48, Cell, Error, KzgVerifier, Zkcrypto};
use fastkzg::{Blob, KzgSettings, BYTES_PER_BLOB};

/// The shared verify-only context of the embedded mainnet setup.
pub fn mainnet<B: Backend>() -> &'static KzgVerifier<B> {
    KzgVerifier::<B>::mainnet()
}

/// A verify-only context parsed and validated in full from a trusted setup
/// in the c-kzg-4844 text format (spec `load_trusted_setup` rules: every
/// point decoded with subgroup checks, the three lists consistent).
pub fn parse_setup<B: Backend>(text: &str) -> Result<KzgVerifier<B>, Error> {
    KzgSettings::<B>::parse_trusted_setup_full(text, 0).map(KzgSettings::into_verifier)
}

/// The EVM point-evaluation precompile (EIP-4844, address `0x0a`) on the
/// mainnet setup: 192 bytes in, 64 out.
pub fn point_evaluation<B: Backend>(input: &[u8]) -> Result<[u8; 64], Error> {
    mainnet::<B>().point_evaluation_precompile(input)
}

/// Spec `verify_kzg_proof` on the mainnet setup.
pub fn verify_kzg_proof<B: Backend>(
    commitment: &Bytes48,
    z: &Bytes32,
    y: &Bytes32,
    proof: &Bytes48,
) -> Result<bool, Error> {
    mainnet::<B>().verify_kzg_proof(commitment, z, y, proof)
}

/// The blobs in `bytes` (a whole number of `BYTES_PER_BLOB`), or an
/// error naming the length.
fn blobs(bytes: &[u8]) -> Result<Vec<&Blob>, Error> {
    let chunks = bytes.chunks_exact(BYTES_PER_BLOB);
    if !chunks.remainder().is_empty() {
        return Err(Error::InvalidSize(alloc::format!(
            "{} bytes are not a whole number of blobs",
            bytes.len()
        )));
    }
    // Every chunk has exactly BYTES_PER_BLOB bytes.
    Ok(chunks.filter_map(|c| c.try_into().ok()).collect())
}

/// Spec `verify_blob_kzg_proof` on the mainnet setup (`blob`: its bytes).
pub fn verify_blob_kzg_proof<B: Backend>(
    blob: &[u8],
    commitment: &Bytes48,
    proof: &Bytes48,
) -> Result<bool, Error> {
    match blobs(blob)?.as_slice() {
        [blob] => mainnet::<B>().verify_blob_kzg_proof(blob, commitment, proof),
        _ => Err(Error::InvalidSize(alloc::format!(
            "a blob has {BYTES_PER_BLOB} bytes, not {}",
            blob.len()
        ))),
    }
}

/// Spec `verify_blob_kzg_proof_batch` on the mainnet setup (`blobs`: the
/// blobs' bytes, one after another).
pub fn verify_blob_kzg_proof_batch<B: Backend>(
    blob_bytes: &[u8],
    commitments: &[Bytes48],
    proofs: &[Bytes48],
) -> Result<bool, Error> {
    mainnet::<B>().verify_blob_kzg_proof_batch(&blobs(blob_bytes)?, commitments, proofs)
}

/// Spec `verify_cell_kzg_proof_batch` on the mainnet setup.
pub fn verify_cell_kzg_proof_batch<B: Backend>(
    commitments: &[Bytes48],
    cell_indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Result<bool, Error> {
    mainnet::<B>().verify_cell_kzg_proof_batch(commitments, cell_indices, cells, proofs)
}
