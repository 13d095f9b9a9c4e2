//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The reference-test folder: `FASTKZG_SPEC_TESTS`, default `../shared/spec-tests`
/// relative to the workspace root.
pub fn spec_tests_dir() -> PathBuf {
    match std::env::var_os("FASTKZG_SPEC_TESTS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/spec-tests"
        )),
    }
}

/// Decodes a `0x`-prefixed hex string.
pub fn hex_bytes(s: &str) -> Option<Vec<u8>> {
    hex::decode(s.strip_prefix("0x")?).ok()
}

/// Decodes a `0x`-hex string into exactly `N` bytes.
pub fn hex_array<const N: usize>(s: &str) -> Option<[u8; N]> {
    hex_bytes(s)?.try_into().ok()
}

/// Decodes a `0x`-hex string into a boxed array of exactly `N` bytes.
pub fn hex_boxed<const N: usize>(s: &str) -> Option<Box<[u8; N]>> {
    let v = hex_bytes(s)?;
    v.into_boxed_slice().try_into().ok()
}

/// A small deterministic RNG for tests.
pub fn rng(seed: u64) -> rand::rngs::StdRng {
    use rand::SeedableRng;
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// A random blob of canonical field elements (top byte of each element < 0x73).
pub fn random_blob(rng: &mut impl rand::RngCore) -> Box<fastkzg::Blob> {
    let mut blob = Box::new([0u8; fastkzg::BYTES_PER_BLOB]);
    rng.fill_bytes(&mut blob[..]);
    for chunk in blob.chunks_mut(32) {
        chunk[0] &= 0x3f;
    }
    blob
}

/// The test matrix: `backend_tests!(a, b, ...)` instantiates the test
/// functions `a::<B>()`, `b::<B>()`, ... (generic over `B: Backend`) once
/// per backend, as `#[test]`s in a module named after the backend: blst
/// always, the others under their cargo features. Adding a backend is one
/// line here.
#[macro_export]
macro_rules! backend_tests {
    ($($test:ident),* $(,)?) => {
        $crate::backend_tests!(@backend blst, fastkzg::Blst, all(); $($test),*);
        $crate::backend_tests!(@backend arkworks, fastkzg::Arkworks, feature = "arkworks"; $($test),*);
        $crate::backend_tests!(@backend zkcrypto, fastkzg::Zkcrypto, feature = "zkcrypto"; $($test),*);
        $crate::backend_tests!(@backend mcl, fastkzg::Mcl, feature = "mcl"; $($test),*);
    };
    (@backend $module:ident, $backend:ty, $cfg:meta; $($test:ident),*) => {
        #[cfg($cfg)]
        mod $module {
            $(
                #[test]
                fn $test() {
                    super::$test::<$backend>();
                }
            )*
        }
    };
}
