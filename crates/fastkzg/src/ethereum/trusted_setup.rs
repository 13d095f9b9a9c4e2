//! Loading the Ethereum trusted setup: the c-kzg-4844 text format (from a
//! string or a file) and raw compressed bytes (as c-kzg's
//! `load_trusted_setup`). Every point is decoded with on-curve and subgroup
//! checks, the counts must be exact, and the three lists are checked to
//! describe one secret (pairing and linear-combination consistency checks),
//! so a file with the forms swapped or a corrupted point is rejected.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::backend::{Backend, Module, Scalar};
use crate::error::{Error, Result};
use crate::ethereum::constants::{
    BYTES_PER_G1_POINT, BYTES_PER_G2_POINT, FIELD_ELEMENTS_PER_BLOB, NUM_G2_POINTS,
};
use crate::ethereum::{KzgSettings, KzgVerifier};
use crate::math::{fft, Domain};

fn setup_err(msg: impl Into<String>) -> Error {
    Error::InvalidTrustedSetup(msg.into())
}

/// Decodes `count` compressed G1 points from `bytes` (exactly
/// `count·48` bytes), with subgroup checks.
fn decode_g1s<B: Backend>(bytes: &[u8], count: usize, what: &str) -> Result<Vec<B::G1Affine>> {
    if bytes.len() != count * BYTES_PER_G1_POINT {
        return Err(setup_err(format!(
            "{what}: expected {} bytes ({count} points), got {}",
            count * BYTES_PER_G1_POINT,
            bytes.len()
        )));
    }
    let decode = |i: usize| {
        let arr: &[u8; 48] = bytes
            .get(i * BYTES_PER_G1_POINT..(i + 1) * BYTES_PER_G1_POINT)
            .and_then(|c| c.try_into().ok())
            .ok_or_else(|| setup_err(format!("{what}: truncated point {i}")))?;
        B::g1_decompress(arr).map_err(|e| setup_err(format!("{what} point {i}: {e}")))
    };
    crate::par::try_map_collect(count, decode)
}

fn decode_g2s<B: Backend>(bytes: &[u8], count: usize) -> Result<Vec<B::G2>> {
    if bytes.len() != count * BYTES_PER_G2_POINT {
        return Err(setup_err(format!(
            "G2 monomial: expected {} bytes ({count} points), got {}",
            count * BYTES_PER_G2_POINT,
            bytes.len()
        )));
    }
    bytes
        .chunks(BYTES_PER_G2_POINT)
        .enumerate()
        .map(|(i, chunk)| {
            let arr: &[u8; 96] = chunk
                .try_into()
                .map_err(|_| setup_err(format!("G2 monomial: truncated point {i}")))?;
            B::g2_decompress(arr).map_err(|e| setup_err(format!("G2 monomial point {i}: {e}")))
        })
        .collect()
}

/// Powers `r^0, r^1, …` of a challenge derived from `seed` by SHA-256.
fn challenge_powers<B: Backend>(seed: &[&[u8]], n: usize) -> Vec<B::Fr> {
    let mut h = Sha256::new();
    h.update(b"FASTKZG_SETUP_CHECK_V1");
    for part in seed {
        h.update(part);
    }
    let r = B::Fr::from_bytes_be_reduced(&h.finalize().into());
    let mut out = Vec::with_capacity(n);
    let mut acc = B::Fr::one();
    for _ in 0..n {
        out.push(acc);
        acc *= r;
    }
    out
}

/// Checks that the three point lists come from one secret τ:
/// 1. G1 powers: `e(Σ rⁱ[τ^(i+1)]₁, [1]₂) = e(Σ rⁱ[τ^i]₁, [τ]₂)`;
/// 2. G2 powers: `e([1]₁, Σ rⁱ[τ^(i+1)]₂) = e([τ]₁, Σ rⁱ[τ^i]₂)`;
/// 3. Lagrange form: `Σ cᵢ[Lᵢ(τ)]₁ = Σ ifft(c)ⱼ[τ^j]₁` (the Lagrange basis
///    is the inverse FFT of the monomial one).
fn check_consistency<B: Backend>(
    g1_monomial: &[B::G1Affine],
    g1_lagrange: &[B::G1Affine],
    g2_monomial: &[B::G2],
    seed: &[&[u8]],
) -> Result<()> {
    let n = g1_monomial.len();
    let (Some(g1_0), Some(g1_1), Some(g2_0), Some(g2_1)) = (
        g1_monomial.first(),
        g1_monomial.get(1),
        g2_monomial.first(),
        g2_monomial.get(1),
    ) else {
        return Err(setup_err("too few points"));
    };
    let r = challenge_powers::<B>(seed, n);
    let shifted = crate::msm::g1_msm::<B>(&g1_monomial[1..], &r[..n - 1]);
    let base = crate::msm::g1_msm::<B>(&g1_monomial[..n - 1], &r[..n - 1]);
    let g2_0p = B::g2_prepare(g2_0);
    let g2_1p = B::g2_prepare(g2_1);
    if !B::pairings_verify(&[(shifted, &g2_0p), (-base, &g2_1p)]) {
        return Err(setup_err(
            "G1 monomial points are not consecutive powers of τ",
        ));
    }
    let m = g2_monomial.len();
    let g2_shift = g2_monomial[1..]
        .iter()
        .zip(&r)
        .fold(B::G2::zero(), |acc, (p, s)| acc + *p * s);
    let g2_base = g2_monomial[..m - 1]
        .iter()
        .zip(&r)
        .fold(B::G2::zero(), |acc, (p, s)| acc + *p * s);
    let a = B::g2_prepare(&g2_shift);
    let b = B::g2_prepare(&g2_base);
    let g1_0p = B::g1_from_affine(g1_0);
    let g1_1p = B::g1_from_affine(g1_1);
    if !B::pairings_verify(&[(g1_0p, &a), (-g1_1p, &b)]) {
        return Err(setup_err(
            "G2 monomial points do not match the G1 powers of τ",
        ));
    }
    let domain = Domain::<B::Fr>::new(n)?;
    let d = fft::ifft(&r, &domain)?;
    if crate::msm::g1_msm::<B>(g1_lagrange, &r) != crate::msm::g1_msm::<B>(g1_monomial, &d) {
        return Err(setup_err(
            "G1 Lagrange points are not the Lagrange form of the G1 monomial points",
        ));
    }
    Ok(())
}

impl<B: Backend> KzgSettings<B> {
    /// Loads the setup from compressed bytes, as c-kzg-4844's
    /// `load_trusted_setup`: `g1_monomial` (4096 × 48 bytes), `g1_lagrange`
    /// (4096 × 48 bytes, natural order) and `g2_monomial` (65 × 96 bytes).
    /// `precompute` (0..=15) selects precomputed tables for proof generation.
    ///
    /// Bytes that are exactly the mainnet setup (checked by SHA-256) are
    /// loaded from the embedded, pre-validated form instead
    /// ([`KzgSettings::load_mainnet`]); [`KzgSettings::load_trusted_setup_full`]
    /// always decodes and validates.
    pub fn load_trusted_setup(
        g1_monomial: &[u8],
        g1_lagrange: &[u8],
        g2_monomial: &[u8],
        precompute: usize,
    ) -> Result<Self> {
        if crate::ethereum::embedded::sha256_is(
            &[g1_monomial, g1_lagrange, g2_monomial],
            crate::ethereum::embedded::MAINNET_COMPRESSED_SHA256,
        ) {
            return Self::load_mainnet(precompute);
        }
        Self::load_trusted_setup_full(g1_monomial, g1_lagrange, g2_monomial, precompute)
    }

    /// [`KzgSettings::load_trusted_setup`] with every point decoded and
    /// validated even when the bytes are the mainnet setup.
    pub fn load_trusted_setup_full(
        g1_monomial: &[u8],
        g1_lagrange: &[u8],
        g2_monomial: &[u8],
        precompute: usize,
    ) -> Result<Self> {
        let g1m = decode_g1s::<B>(g1_monomial, FIELD_ELEMENTS_PER_BLOB, "G1 monomial")?;
        let g1l = decode_g1s::<B>(g1_lagrange, FIELD_ELEMENTS_PER_BLOB, "G1 Lagrange")?;
        let g2m = decode_g2s::<B>(g2_monomial, NUM_G2_POINTS)?;
        check_consistency::<B>(&g1m, &g1l, &g2m, &[g1_monomial, g1_lagrange, g2_monomial])?;
        Self::from_points(g1m, g1l, g2m, precompute, None)
    }

    /// Parses the c-kzg-4844 text format: the counts `4096` and `65`, then
    /// 4096 G1 Lagrange points, 65 G2 monomial points and 4096 G1 monomial
    /// points, each as hex (an optional `0x` prefix is accepted), separated
    /// by whitespace.
    ///
    /// A text that is exactly the mainnet `trusted_setup.txt` of c-kzg-4844
    /// (checked by SHA-256) is loaded from the embedded, pre-validated form
    /// ([`KzgSettings::load_mainnet`]) in milliseconds; any other text,
    /// including one differing in a single byte, goes through
    /// [`KzgSettings::parse_trusted_setup_full`].
    pub fn parse_trusted_setup(text: &str, precompute: usize) -> Result<Self> {
        if crate::ethereum::embedded::sha256_is(
            &[text.as_bytes()],
            crate::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT_SHA256,
        ) {
            return Self::load_mainnet(precompute);
        }
        Self::parse_trusted_setup_full(text, precompute)
    }

    /// [`KzgSettings::parse_trusted_setup`] with every point decoded and
    /// validated (encoding, curve, subgroup, consistency of the three
    /// lists), even for the mainnet text.
    pub fn parse_trusted_setup_full(text: &str, precompute: usize) -> Result<Self> {
        let mut tokens = text.split_ascii_whitespace();
        let mut count = |what: &str, expected: usize| -> Result<()> {
            let tok = tokens
                .next()
                .ok_or_else(|| setup_err(format!("missing {what} count")))?;
            let n: usize = tok
                .parse()
                .map_err(|_| setup_err(format!("{what} count {tok:?} is not a number")))?;
            if n != expected {
                return Err(setup_err(format!(
                    "{what} count is {n}, expected {expected}"
                )));
            }
            Ok(())
        };
        count("G1", FIELD_ELEMENTS_PER_BLOB)?;
        count("G2", NUM_G2_POINTS)?;
        let mut read = |what: &str, n: usize, size: usize| -> Result<Vec<u8>> {
            let mut out = Vec::with_capacity(n * size);
            for i in 0..n {
                let tok = tokens
                    .next()
                    .ok_or_else(|| setup_err(format!("{what}: only {i} of {n} points")))?;
                let tok = tok.strip_prefix("0x").unwrap_or(tok);
                if tok.len() != 2 * size {
                    return Err(setup_err(format!(
                        "{what} point {i}: expected {} hex digits, got {}",
                        2 * size,
                        tok.len()
                    )));
                }
                let start = out.len();
                out.resize(start + size, 0);
                hex::decode_to_slice(tok, &mut out[start..])
                    .map_err(|e| setup_err(format!("{what} point {i}: {e}")))?;
            }
            Ok(out)
        };
        let g1_lagrange = read("G1 Lagrange", FIELD_ELEMENTS_PER_BLOB, BYTES_PER_G1_POINT)?;
        let g2_monomial = read("G2 monomial", NUM_G2_POINTS, BYTES_PER_G2_POINT)?;
        let g1_monomial = read("G1 monomial", FIELD_ELEMENTS_PER_BLOB, BYTES_PER_G1_POINT)?;
        if let Some(extra) = tokens.next() {
            return Err(setup_err(format!(
                "unexpected data after the last point: {extra:.20}"
            )));
        }
        Self::load_trusted_setup_full(&g1_monomial, &g1_lagrange, &g2_monomial, precompute)
    }

    /// Reads and parses a trusted-setup file in the c-kzg-4844 text format
    /// (feature `std`).
    #[cfg(feature = "std")]
    pub fn load_trusted_setup_file(path: impl AsRef<Path>, precompute: usize) -> Result<Self> {
        Self::parse_trusted_setup(&read_setup_file(path.as_ref())?, precompute)
    }
}

impl<B: Backend> KzgVerifier<B> {
    /// A verify-only context from a trusted setup in the c-kzg-4844 text
    /// format. The mainnet text (checked by SHA-256) loads from the
    /// embedded form ([`KzgVerifier::load_mainnet`]); any other text is
    /// decoded and validated in full, as by
    /// [`KzgSettings::parse_trusted_setup_full`], and only the verifier's
    /// part is kept.
    pub fn parse_trusted_setup(text: &str) -> Result<Self> {
        if crate::ethereum::embedded::sha256_is(
            &[text.as_bytes()],
            crate::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT_SHA256,
        ) {
            return Self::load_mainnet();
        }
        KzgSettings::<B>::parse_trusted_setup_full(text, 0).map(KzgSettings::into_verifier)
    }

    /// Reads and parses a trusted-setup file in the c-kzg-4844 text format
    /// ([`KzgVerifier::parse_trusted_setup`]; feature `std`).
    #[cfg(feature = "std")]
    pub fn load_trusted_setup_file(path: impl AsRef<Path>) -> Result<Self> {
        Self::parse_trusted_setup(&read_setup_file(path.as_ref())?)
    }
}

/// The text of a trusted-setup file, or [`Error::Io`] naming it.
#[cfg(feature = "std")]
fn read_setup_file(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })
}
