//! `fastkzg-node`: the native part of the `fastkzg` npm package, Node.js
//! bindings for the `fastkzg` library (EIP-4844 blobs, EIP-7594 cells).
//!
//! The addon is small and private: one class, `settings::NativeSettings`
//! (full settings or a verify-only context), whose `run` (synchronous) and
//! `runAsync` (a Promise, computed on a libuv worker thread) take an
//! operation name and its inputs as byte arrays. The JavaScript layer
//! (`index.js`, `lib/`) builds both public APIs on it: the c-kzg drop-in
//! and the idiomatic `KzgSettings` and `KzgVerifier` classes.
//!
//! Layout: `settings` (the class and its loaders), `ops` (the operations),
//! `bytes` (inputs to fixed-size arrays), `errors` (errors to JavaScript),
//! `threads` (the thread pool, panics, IFMA switch).

// The `#[napi]` exports are registered with Node.js only outside tests;
// in the unit-test build they look unused.
#![cfg_attr(test, allow(dead_code))]

mod bytes;
mod errors;
mod ops;
mod settings;
mod threads;

use napi_derive::napi;

/// Bytes in a blob.
#[napi]
pub const BYTES_PER_BLOB: u32 = fastkzg::BYTES_PER_BLOB as u32;
/// Bytes in a KZG commitment.
#[napi]
pub const BYTES_PER_COMMITMENT: u32 = fastkzg::BYTES_PER_COMMITMENT as u32;
/// Bytes in a KZG proof.
#[napi]
pub const BYTES_PER_PROOF: u32 = fastkzg::BYTES_PER_PROOF as u32;
/// Bytes in a field element.
#[napi]
pub const BYTES_PER_FIELD_ELEMENT: u32 = fastkzg::BYTES_PER_FIELD_ELEMENT as u32;
/// Bytes in a cell.
#[napi]
pub const BYTES_PER_CELL: u32 = fastkzg::BYTES_PER_CELL as u32;
/// Field elements in a blob.
#[napi]
pub const FIELD_ELEMENTS_PER_BLOB: u32 = fastkzg::FIELD_ELEMENTS_PER_BLOB as u32;
/// Field elements in a cell.
#[napi]
pub const FIELD_ELEMENTS_PER_CELL: u32 = fastkzg::FIELD_ELEMENTS_PER_CELL as u32;
/// Cells in an extended blob.
#[napi]
pub const CELLS_PER_EXT_BLOB: u32 = fastkzg::CELLS_PER_EXT_BLOB as u32;
/// The largest `precompute` value a setup accepts.
#[napi]
pub const MAX_PRECOMPUTE: u32 = fastkzg::MAX_PRECOMPUTE as u32;

/// The mainnet trusted setup in the c-kzg-4844 text format (the file
/// `trusted_setup.txt` of c-kzg-4844), as embedded in the library.
#[napi]
pub fn mainnet_trusted_setup_text() -> &'static str {
    fastkzg::MAINNET_TRUSTED_SETUP_TXT
}
