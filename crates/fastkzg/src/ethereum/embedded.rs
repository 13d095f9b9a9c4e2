//! The embedded mainnet trusted setup.
//!
//! `data/mainnet_setup.bin` holds the setup of `data/trusted_setup.txt` (from
//! the `c-kzg` 2.1.8 crate, sha256 `d39b9f2d…26b7`) as uncompressed points:
//! 4096 G1 monomial (96 B each), 4096 G1 Lagrange in natural order (96 B
//! each), 65 G2 monomial (192 B each). Uncompressed points need no square
//! roots and, being pinned by a test that rebuilds them from the validated
//! text file (itself pinned by [`MAINNET_TRUSTED_SETUP_TXT_SHA256`]), no
//! subgroup checks: loading is a few milliseconds.
//!
//! `data/mainnet_fk20.bin` holds the FK20 rows of that setup for cells of
//! 64 field elements (128 rows of 64 uncompressed points, the G1 FFTs of
//! the setup's Toeplitz columns), pinned by [`MAINNET_FK20_SHA256`] and by a
//! test that recomputes them, so the first cell proof does not pay for 64
//! G1 FFTs.
//!
//! A trusted setup given as text or as raw compressed bytes that is
//! byte-for-byte the mainnet setup (same SHA-256) is loaded from this
//! embedded form; anything else, including a file that differs in one byte,
//! is decoded and validated in full.

use crate::par::Lazy;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::any::{Any, TypeId};

use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::ethereum::constants::{
    CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL, NUM_G2_POINTS,
};
use crate::ethereum::{KzgSettings, KzgVerifier};

/// The embedded setup, uncompressed.
pub static MAINNET_SETUP_BIN: &[u8] = include_bytes!("../../data/mainnet_setup.bin");

/// The c-kzg-4844 text form of the mainnet setup, as shipped by `c-kzg` 2.1.8.
pub static MAINNET_TRUSTED_SETUP_TXT: &str = include_str!("../../data/trusted_setup.txt");

/// SHA-256 of `trusted_setup.txt` in the `c-kzg` 2.1.8 crate.
pub const MAINNET_TRUSTED_SETUP_TXT_SHA256: &str =
    "d39b9f2d047cc9dca2de58f264b6a09448ccd34db967881a6713eacacf0f26b7";

/// SHA-256 of the mainnet setup as the raw compressed bytes of c-kzg's
/// `load_trusted_setup`: G1 monomial ‖ G1 Lagrange ‖ G2 monomial.
pub const MAINNET_COMPRESSED_SHA256: &str =
    "753bd011b238fb9b63a35b9b526f7830057ced42b9a9c87368a67105bd8f0566";

/// The FK20 rows of the mainnet setup for cells of
/// `FIELD_ELEMENTS_PER_CELL` (row-major, uncompressed).
pub static MAINNET_FK20_BIN: &[u8] = include_bytes!("../../data/mainnet_fk20.bin");

/// SHA-256 of [`MAINNET_FK20_BIN`].
pub const MAINNET_FK20_SHA256: &str =
    "89fdc7aa3fe679e5c894acbf52b420613d000ef47f38c0a85305a229dad83f6c";

/// Whether the SHA-256 of `parts` (concatenated) is the hex digest `pinned`.
pub(crate) fn sha256_is(parts: &[&[u8]], pinned: &str) -> bool {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    hex::encode(h.finalize()) == pinned
}

/// Reads FK20 rows in the layout of [`MAINNET_FK20_BIN`]:
/// `CELLS_PER_EXT_BLOB` rows of `FIELD_ELEMENTS_PER_CELL` points. Points are
/// checked to be on the curve, not for subgroup membership: pinned data only.
pub(crate) fn fk20_rows_from_uncompressed<B: Backend>(
    bytes: &[u8],
) -> Result<Vec<Vec<B::G1Affine>>> {
    let row_bytes = FIELD_ELEMENTS_PER_CELL * G1_RAW;
    if bytes.len() != CELLS_PER_EXT_BLOB * row_bytes {
        return Err(corrupt(format!(
            "FK20 rows: {} bytes, expected {}",
            bytes.len(),
            CELLS_PER_EXT_BLOB * row_bytes
        )));
    }
    crate::par::try_map_collect(CELLS_PER_EXT_BLOB, |k| {
        g1s_unchecked::<B>(&bytes[k * row_bytes..(k + 1) * row_bytes])
    })
}

/// Uncompressed G1 points, checked to be on the curve but not for subgroup
/// membership: pinned data only.
fn g1s_unchecked<B: Backend>(raw: &[u8]) -> Result<Vec<B::G1Affine>> {
    raw.chunks_exact(G1_RAW)
        .map(|c| {
            let a: &[u8; G1_RAW] = c.try_into().map_err(|_| corrupt("G1 chunk".into()))?;
            B::g1_deserialize_unchecked_subgroup(a).map_err(|e| corrupt(e.to_string()))
        })
        .collect()
}

/// G2 points in the uncompressed embedded layout (validated when the data
/// was made, so only their encoding is checked here).
fn g2s_unchecked<B: Backend>(raw: &[u8]) -> Result<Vec<B::G2>> {
    raw.chunks_exact(G2_RAW)
        .map(|c| {
            let a: &[u8; G2_RAW] = c.try_into().map_err(|_| corrupt("G2 chunk".into()))?;
            B::g2_deserialize_unchecked_subgroup(a).map_err(|e| corrupt(e.to_string()))
        })
        .collect()
}

/// Serialises FK20 rows into the layout of [`MAINNET_FK20_BIN`].
pub fn fk20_rows_to_uncompressed<B: Backend>(rows: &[Vec<B::G1Affine>]) -> Vec<u8> {
    rows.iter()
        .flatten()
        .flat_map(|p| B::g1_serialize(p))
        .collect()
}

const G1_RAW: usize = 96;
const G2_RAW: usize = 192;
const EMBEDDED_LEN: usize = 2 * FIELD_ELEMENTS_PER_BLOB * G1_RAW + NUM_G2_POINTS * G2_RAW;

fn corrupt(msg: String) -> Error {
    Error::InvalidTrustedSetup(format!("embedded setup: {msg}"))
}

impl<B: Backend> KzgSettings<B> {
    /// Loads the embedded mainnet setup with the given precompute level.
    /// The FK20 rows for cell proofs are read from their embedded copy.
    pub fn load_mainnet(precompute: usize) -> Result<Self> {
        Self::from_uncompressed_with_fk20(MAINNET_SETUP_BIN, precompute, Some(MAINNET_FK20_BIN))
    }

    /// Loads settings from the uncompressed layout of [`MAINNET_SETUP_BIN`]
    /// (see [`KzgSettings::to_uncompressed`]). Points are checked to be on the
    /// curve but not for subgroup membership: only for pinned data.
    pub fn from_uncompressed(bytes: &[u8], precompute: usize) -> Result<Self> {
        Self::from_uncompressed_with_fk20(bytes, precompute, None)
    }

    fn from_uncompressed_with_fk20(
        bytes: &[u8],
        precompute: usize,
        fk20_rows: Option<&'static [u8]>,
    ) -> Result<Self> {
        if bytes.len() != EMBEDDED_LEN {
            return Err(corrupt(format!(
                "{} bytes, expected {EMBEDDED_LEN}",
                bytes.len()
            )));
        }
        let (g1m, rest) = bytes.split_at(FIELD_ELEMENTS_PER_BLOB * G1_RAW);
        let (g1l, g2m) = rest.split_at(FIELD_ELEMENTS_PER_BLOB * G1_RAW);
        let g2 = g2s_unchecked::<B>(g2m)?;
        Self::from_points(
            g1s_unchecked::<B>(g1m)?,
            g1s_unchecked::<B>(g1l)?,
            g2,
            precompute,
            fk20_rows,
        )
    }

    /// Serialises the setup points into the uncompressed embedded layout.
    pub fn to_uncompressed(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(EMBEDDED_LEN);
        for p in &self.srs.g1 {
            out.extend_from_slice(&B::g1_serialize(p));
        }
        let natural = crate::math::bit_reversal_permutation(&self.g1_lagrange_brp);
        for p in &natural {
            out.extend_from_slice(&B::g1_serialize(p));
        }
        for p in &self.srs.g2 {
            out.extend_from_slice(&B::g2_serialize(p));
        }
        out
    }

    /// The shared default settings: the embedded mainnet setup at precompute
    /// level 0, built on first use and then shared by all threads.
    pub fn mainnet() -> &'static Self {
        // The embedded bytes are a compile-time constant whose loading is
        // covered by tests; failure here is a build defect, not bad input.
        shared(|| Self::load_mainnet(0).expect("embedded mainnet setup is valid"))
    }
}

impl<B: Backend> KzgVerifier<B> {
    /// The verify-only context of the embedded mainnet setup: its first
    /// `FIELD_ELEMENTS_PER_CELL` monomial G1 points and its G2 points, read
    /// from the embedded, pre-validated form (no prover data is decoded).
    pub fn load_mainnet() -> Result<Self> {
        let bytes = MAINNET_SETUP_BIN;
        if bytes.len() != EMBEDDED_LEN {
            return Err(corrupt(format!(
                "{} bytes, expected {EMBEDDED_LEN}",
                bytes.len()
            )));
        }
        let g1m = &bytes[..FIELD_ELEMENTS_PER_CELL * G1_RAW];
        let g2m = &bytes[2 * FIELD_ELEMENTS_PER_BLOB * G1_RAW..];
        KzgVerifier::from_points(g1s_unchecked::<B>(g1m)?, &g2s_unchecked::<B>(g2m)?)
    }

    /// The shared verify-only context of the embedded mainnet setup, built
    /// on first use and then shared by all threads.
    pub fn mainnet() -> &'static Self {
        // As for `KzgSettings::mainnet`: a build defect, not bad input.
        shared(|| Self::load_mainnet().expect("embedded mainnet setup is valid"))
    }
}

/// One value of each type `T`, built on first use and shared by all
/// threads. Slots are claimed without locks (a lock held by a thread of a
/// parent process at a fork would never be released in the child);
/// `build` runs before claiming, and of callers that race the first one
/// stored wins.
fn shared<T: Any + Send + Sync>(build: impl FnOnce() -> T) -> &'static T {
    static SLOTS: [Lazy<Slot>; 16] = [const { Lazy::new() }; 16];
    let ty = TypeId::of::<T>();
    let mut built: Option<Box<Slot>> = None;
    let mut build = Some(build);
    for slot in &SLOTS {
        let entry = match slot.get() {
            Some(entry) => entry,
            None => {
                let mine = match (built.take(), build.take()) {
                    (Some(mine), _) => mine,
                    (None, Some(f)) => Box::new(Slot {
                        ty,
                        value: Box::new(f()),
                    }),
                    (None, None) => unreachable!("a value is built or kept"),
                };
                match slot.set(mine) {
                    Ok(()) => slot.get().unwrap_or_else(|| unreachable!("slot just set")),
                    Err(mine) => {
                        built = Some(mine);
                        slot.get()
                            .unwrap_or_else(|| unreachable!("slot set by another thread"))
                    }
                }
            }
        };
        if entry.ty == ty {
            if let Some(v) = entry.value.downcast_ref::<T>() {
                return v;
            }
        }
    }
    unreachable!("more shared types than slots")
}

/// A shared value and its type.
struct Slot {
    ty: TypeId,
    value: Box<dyn Any + Send + Sync>,
}
