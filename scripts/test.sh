#!/usr/bin/env bash
# The whole test suite: builds the workspace once in release (library, C ABI
# library, CLI) with every backend and the parallel feature, then runs all
# tests: reference tests on every backend (they print how many cases ran per
# function), property tests, differential tests against c-kzg and
# rust_eth_kzg, the C ABI test program, and the CLI tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export FASTKZG_SPEC_TESTS="${FASTKZG_SPEC_TESTS:-$PWD/../shared/spec-tests}"
if [ ! -d "$FASTKZG_SPEC_TESTS" ]; then
    echo "reference tests not found at $FASTKZG_SPEC_TESTS (set FASTKZG_SPEC_TESTS)" >&2
    exit 1
fi
cargo build --release --workspace --all-features --all-targets
cargo test --release --workspace --all-features -- --nocapture
echo "all tests passed"
