#!/usr/bin/env bash
# The library without blst: pure Rust, and `no_std` + `alloc`.
#   1. `cargo tree` of `fastkzg --no-default-features --features
#      zkcrypto,arkworks` (normal and build dependencies) holds no crate that
#      compiles C, C++ or assembly (blst, cc, cmake, mcl, fastkzg-ifma);
#   2. the `#![no_std]` crate crates/fastkzg-no-std (the library without
#      `std`, on both pure-Rust backends) enables no crate's `std` feature in
#      its dependency graph (proc macros, which run on the build host, aside);
#   3. that crate builds and its tests run the consensus-spec verification
#      cases and the EVM point-evaluation precompile through it;
#   4. the library's own reference tests (all 344 cases), bad-input tests
#      and precompile tests run on the pure-Rust build without `std`.
set -euo pipefail
cd "$(dirname "$0")/.."
pure=(--no-default-features --features zkcrypto,arkworks)

echo "== no C or assembly in the pure-Rust build"
native=$(cargo tree -p fastkzg "${pure[@]}" -e normal,build --prefix none |
    grep -E '^(blst|cc|cmake|mcl_rust|fastkzg-ifma|openssl-sys) ' | sort -u || true)
if [ -n "$native" ]; then
    echo "check-pure-rust: the pure-Rust build depends on native code:" >&2
    echo "$native" >&2
    exit 1
fi
echo "no blst, cc, cmake, mcl or fastkzg-ifma"

echo "== no std feature under the no_std crate"
with_std=$(cargo tree -p fastkzg-no-std -e normal,features,no-proc-macro --prefix none |
    grep 'feature "std"' | sort -u || true)
if [ -n "$with_std" ]; then
    echo "check-pure-rust: the no_std build enables std:" >&2
    echo "$with_std" >&2
    exit 1
fi
echo "no crate's std feature is enabled"

echo "== the no_std crate: verification cases and the precompile"
cargo test --release -p fastkzg-no-std -- --nocapture

echo "== the library's reference, bad-input and precompile tests, pure Rust, no std"
cargo test --release -p fastkzg "${pure[@]}" \
    --test reference -- --nocapture
echo "check-pure-rust: passed"
