//! The embedded mainnet trusted setup.
//!
//! `data/mainnet_setup.bin` holds the setup of `data/trusted_setup.txt` (from
//! the `c-kzg` 2.1.8 crate, sha256 `d39b9f2d…26b7`) as uncompressed points:
//! 4096 G1 monomial (96 B each), 4096 G1 Lagrange in natural order (96 B
//! each), 65 G2 monomial (192 B each). Uncompressed points need no square
//! roots and, being pinned by [`MAINNET_SETUP_SHA256`] and by a test that
//! rebuilds them from the validated text file, no subgroup checks: loading
//! is a few milliseconds.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::settings::KzgSettings;
use crate::backend::Backend;
use crate::constants::{FIELD_ELEMENTS_PER_BLOB, NUM_G2_POINTS};
use crate::error::{Error, Result};

/// The embedded setup, uncompressed.
pub static MAINNET_SETUP_BIN: &[u8] = include_bytes!("../../data/mainnet_setup.bin");

/// The c-kzg-4844 text form of the mainnet setup, as shipped by `c-kzg` 2.1.8.
pub static MAINNET_TRUSTED_SETUP_TXT: &str = include_str!("../../data/trusted_setup.txt");

/// SHA-256 of `trusted_setup.txt` in the `c-kzg` 2.1.8 crate.
pub const MAINNET_TRUSTED_SETUP_TXT_SHA256: &str =
    "d39b9f2d047cc9dca2de58f264b6a09448ccd34db967881a6713eacacf0f26b7";

const G1_RAW: usize = 96;
const G2_RAW: usize = 192;
const EMBEDDED_LEN: usize = 2 * FIELD_ELEMENTS_PER_BLOB * G1_RAW + NUM_G2_POINTS * G2_RAW;

fn corrupt(msg: String) -> Error {
    Error::InvalidTrustedSetup(format!("embedded setup: {msg}"))
}

impl<B: Backend> KzgSettings<B> {
    /// Loads the embedded mainnet setup with the given precompute level.
    pub fn load_mainnet(precompute: usize) -> Result<Self> {
        Self::from_uncompressed(MAINNET_SETUP_BIN, precompute)
    }

    /// Loads settings from the uncompressed layout of [`MAINNET_SETUP_BIN`]
    /// (see [`KzgSettings::to_uncompressed`]). Points are checked to be on the
    /// curve but not for subgroup membership: only for pinned data.
    pub fn from_uncompressed(bytes: &[u8], precompute: usize) -> Result<Self> {
        if bytes.len() != EMBEDDED_LEN {
            return Err(corrupt(format!(
                "{} bytes, expected {EMBEDDED_LEN}",
                bytes.len()
            )));
        }
        let (g1m, rest) = bytes.split_at(FIELD_ELEMENTS_PER_BLOB * G1_RAW);
        let (g1l, g2m) = rest.split_at(FIELD_ELEMENTS_PER_BLOB * G1_RAW);
        let g1 = |raw: &[u8]| -> Result<Vec<B::G1Affine>> {
            raw.chunks_exact(G1_RAW)
                .map(|c| {
                    let a: &[u8; G1_RAW] = c.try_into().map_err(|_| corrupt("G1 chunk".into()))?;
                    B::g1_deserialize_unchecked_subgroup(a).map_err(|e| corrupt(e.to_string()))
                })
                .collect()
        };
        let g2 = g2m
            .chunks_exact(G2_RAW)
            .map(|c| {
                let a: &[u8; G2_RAW] = c.try_into().map_err(|_| corrupt("G2 chunk".into()))?;
                B::g2_deserialize_unchecked_subgroup(a).map_err(|e| corrupt(e.to_string()))
            })
            .collect::<Result<Vec<_>>>()?;
        Self::from_points(g1(g1m)?, g1(g1l)?, g2, precompute)
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
        static REGISTRY: OnceLock<Mutex<HashMap<TypeId, &'static (dyn Any + Send + Sync)>>> =
            OnceLock::new();
        let registry = REGISTRY.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = registry.lock().unwrap_or_else(|e| e.into_inner());
        let entry = map.entry(TypeId::of::<B>()).or_insert_with(|| {
            // The embedded bytes are a compile-time constant whose loading
            // is covered by tests; failure here is a build defect, not bad input.
            let settings = Self::load_mainnet(0).expect("embedded mainnet setup is valid");
            Box::leak(Box::new(settings))
        });
        match entry.downcast_ref::<Self>() {
            Some(s) => s,
            None => unreachable!("registry entries are keyed by their backend type"),
        }
    }
}
