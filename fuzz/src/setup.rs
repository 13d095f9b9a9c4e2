//! Trusted-setup loading, the entry point that reads the largest untrusted
//! input: short texts and byte strings of any length, and the mainnet setup
//! (text or raw bytes) with one to four bytes changed.
//!
//! The Rust API, the C ABI and (for raw bytes) c-kzg must make the same
//! decision, and anything accepted must be the mainnet setup itself: it
//! commits to a fixture blob exactly as the mainnet setup does. One known
//! difference: c-kzg 2.1.8 checks neither subgroups nor that the three
//! lists agree, so it accepts some edited setups (an on-curve point outside
//! its subgroup, or a changed Lagrange point) that fastkzg rejects; there
//! the comparison is one-way (fastkzg accepts nothing c-kzg rejects). (c-kzg's
//! text loader is not compared: it reads hex with `fscanf("%2hhx")`, which
//! accepts texts that fastkzg's loader rejects on purpose, such as data
//! after the last point.)

use c_kzg::Blob as CBlob;
use fastkzg::KzgSettings;

use crate::cabi::{self, Settings, OK};
use crate::fixture;

/// Applies the edits read from `edits` (at most four) (a 4-byte position and a
/// non-zero XOR mask each) to `target`.
fn mutate(target: &mut [u8], edits: &[u8]) {
    if target.is_empty() {
        return;
    }
    for e in edits.chunks_exact(5).take(4) {
        let pos = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize % target.len();
        target[pos] ^= e[4].max(1);
    }
}

/// The commitment to fixture blob 0 under the mainnet setup.
fn expected_commitment() -> [u8; 48] {
    fixture::get().commitments[0]
}

/// What the Rust API's settings commit fixture blob 0 to, if it accepted.
fn rust_result(loaded: fastkzg::Result<KzgSettings>) -> Option<[u8; 48]> {
    let ks = loaded.ok()?;
    Some(
        ks.blob_to_kzg_commitment(&fixture::get().blobs[0])
            .expect("a fixture blob is canonical"),
    )
}

/// The same for settings the C ABI loaded (returning `ret`), freed after use.
fn cabi_result(ret: i32, settings: &mut Settings) -> Option<[u8; 48]> {
    let c = cabi::get();
    if ret != OK {
        return None;
    }
    let mut out = [0u8; 48];
    // SAFETY: `settings` was just loaded by the C ABI, the blob and the
    // output are live and of the sizes ckzg.h declares.
    let r = unsafe { (c.blob_to_kzg_commitment)(&mut out, &*fixture::get().blobs[0], settings) };
    // SAFETY: frees settings loaded by the same library, once.
    unsafe { (c.free_trusted_setup)(settings) };
    assert_eq!(r, OK, "commitment with settings the C ABI accepted");
    Some(out)
}

/// Loads raw bytes through the C ABI.
fn cabi_raw(g1m: &[u8], g1l: &[u8], g2m: &[u8], precompute: u64) -> Option<[u8; 48]> {
    let (ret, mut s) = cabi::load_raw(cabi::get().load_trusted_setup, g1m, g1l, g2m, precompute);
    cabi_result(ret, &mut s)
}

/// Loads a text through the C ABI's `load_trusted_setup_file`, from a
/// temporary file holding exactly `text`.
fn cabi_text(text: &[u8], precompute: u64) -> Option<[u8; 48]> {
    let c = cabi::get();
    let mut s = Box::new(Settings::zeroed());
    // SAFETY: tmpfile returns an open stream or NULL; the writes read
    // `text` within its length; the stream is closed once.
    let ret = unsafe {
        let f = libc::tmpfile();
        assert!(!f.is_null(), "tmpfile");
        let written = libc::fwrite(text.as_ptr().cast(), 1, text.len(), f);
        assert_eq!(written, text.len(), "fwrite");
        libc::rewind(f);
        let ret = (c.load_trusted_setup_file)(&mut *s, f, precompute);
        libc::fclose(f);
        ret
    };
    cabi_result(ret, &mut s)
}

/// Loads raw bytes through c-kzg.
fn ckzg_raw(g1m: &[u8], g1l: &[u8], g2m: &[u8], precompute: u64) -> Option<[u8; 48]> {
    let s = c_kzg::KzgSettings::load_trusted_setup(g1m, g1l, g2m, precompute).ok()?;
    let blob = CBlob::new(*fixture::get().blobs[0]);
    let c = s
        .blob_to_kzg_commitment(&blob)
        .expect("a fixture blob is canonical");
    Some(c.to_bytes().into_inner())
}

/// Every implementation made the same decision, and an accepted setup is
/// the mainnet one.
fn check(what: &str, results: &[(&str, Option<[u8; 48]>)]) {
    let (first, decision) = results[0];
    for (name, r) in &results[1..] {
        assert_eq!(
            r.is_some(),
            decision.is_some(),
            "{what}: {first} against {name}"
        );
    }
    for (name, r) in results {
        if let Some(c) = r {
            assert_eq!(
                *c,
                expected_commitment(),
                "{what}: {name} accepted a setup other than mainnet"
            );
        }
    }
}

/// The fuzz target: the first byte chooses the shape and the precompute
/// level (0 to 16; 16 is out of range). The edited mainnet setups take
/// about a second each (every point is decoded and checked), so one first
/// byte in eight leads there.
pub fn load_trusted_setup(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let precompute = u64::from(head % 17);
    // An edited setup has at least one edit: the unchanged mainnet setup,
    // which c-kzg loads in full (over a minute in this build), is covered
    // by the library's tests.
    if head >= 0xe0 && rest.len() < 5 {
        return;
    }
    match head {
        // A short text.
        0x00..=0x6f => {
            let rust = match std::str::from_utf8(rest) {
                Ok(text) => {
                    rust_result(KzgSettings::parse_trusted_setup(text, precompute as usize))
                }
                Err(_) => None,
            };
            check(
                "short text",
                &[("Rust API", rust), ("C ABI", cabi_text(rest, precompute))],
            );
        }
        // Three byte strings of any length.
        0x70..=0xdf => {
            // Two little-endian u16 lengths cut the rest into three lists.
            let (lens, mut bytes) = rest.split_at(rest.len().min(4));
            let mut lists: Vec<&[u8]> = Vec::with_capacity(3);
            for l in lens.chunks_exact(2) {
                let n = usize::from(u16::from_le_bytes([l[0], l[1]])).min(bytes.len());
                let (list, more) = bytes.split_at(n);
                lists.push(list);
                bytes = more;
            }
            lists.resize(2, &[]);
            let (g1m, g1l, g2m) = (lists[0], lists[1], bytes);
            let rust = rust_result(KzgSettings::load_trusted_setup(
                g1m,
                g1l,
                g2m,
                precompute as usize,
            ));
            check(
                "short bytes",
                &[
                    ("Rust API", rust),
                    ("C ABI", cabi_raw(g1m, g1l, g2m, precompute)),
                    ("c-kzg", ckzg_raw(g1m, g1l, g2m, precompute)),
                ],
            );
        }
        // The mainnet text with edits (precompute 0 or the out-of-range 16).
        0xe0..=0xef => {
            let precompute = if head & 1 == 0 { 0 } else { 16 };
            let mut text = fastkzg::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT
                .as_bytes()
                .to_vec();
            mutate(&mut text, rest);
            let rust = match std::str::from_utf8(&text) {
                Ok(t) => rust_result(KzgSettings::parse_trusted_setup(t, precompute as usize)),
                Err(_) => None,
            };
            check(
                "edited mainnet text",
                &[("Rust API", rust), ("C ABI", cabi_text(&text, precompute))],
            );
        }
        // The mainnet bytes with edits in one of the three lists.
        _ => {
            let precompute = if head & 1 == 0 { 0 } else { 16 };
            let (mut g1m, mut g1l, mut g2m) = cabi::setup_bytes().clone();
            match (head >> 1) % 3 {
                0 => mutate(&mut g1m, rest),
                1 => mutate(&mut g1l, rest),
                _ => mutate(&mut g2m, rest),
            }
            let rust = rust_result(KzgSettings::load_trusted_setup(
                &g1m,
                &g1l,
                &g2m,
                precompute as usize,
            ));
            let c_abi = cabi_raw(&g1m, &g1l, &g2m, precompute);
            let ckzg = ckzg_raw(&g1m, &g1l, &g2m, precompute);
            // c-kzg 2.1.8 checks neither that points are in their subgroups
            // nor that the three lists agree (only that the Lagrange list is
            // not in monomial form), so it accepts some edited setups that
            // fastkzg rejects; fastkzg must accept nothing c-kzg rejects.
            if ckzg.is_none() {
                assert!(
                    rust.is_none(),
                    "edited mainnet bytes: fastkzg accepted what c-kzg rejected"
                );
            }
            check(
                "edited mainnet bytes",
                &[("Rust API", rust), ("C ABI", c_abi)],
            );
        }
    }
}
