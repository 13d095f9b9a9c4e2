#!/usr/bin/env bash
# The whole test suite: builds the workspace once in release (library, C ABI
# library, CLI) with every backend and the parallel feature, then runs all
# tests: reference tests on every backend (they print how many cases ran per
# function), property tests, differential tests against c-kzg and
# rust_eth_kzg, the AVX-512 IFMA kernels against blst (crates/fastkzg-ifma;
# they print "skipped" on CPUs without IFMA), the C ABI test program, and
# the CLI tests; then the main
# tests once more with the AVX-512 IFMA kernels turned off (on CPUs that
# have them); then the pure-Rust, no_std build (no blst: zkcrypto and
# arkworks); then the default artifacts (plain `cargo build --release`:
# libfastkzg.so/.a and the fastkzg binary) natively and under an emulated
# CPU without ADX or AVX-512 and, cross-built, under an emulated ARM64 CPU
# (scripts/portable-check.sh, which installs qemu-user and the cross
# compiler if needed).
set -euo pipefail
cd "$(dirname "$0")/.."
# The reference tests: the in-repo copy spec-tests/ unless FASTKZG_SPEC_TESTS
# names another folder. Checked here first (missing, empty or altered files
# fail, naming the file); each runner checks again before its cases.
./scripts/check-spec-tests.sh
# The library's layers import downward only (backend/ names nothing above
# it): scripts/check-layers.sh, seconds.
./scripts/check-layers.sh
# The workspace without fastkzg-bench-mt: that package turns on
# rust_eth_kzg's `multithreaded` feature, which would then reach every
# package of these builds (features are unified per cargo invocation; see
# the workspace's Cargo.toml). The report builds it when it runs; CI lints it.
# The test builds skip cross-crate LTO (CARGO_PROFILE_RELEASE_LTO=false,
# otherwise the release profile): with thin LTO every test binary and
# library re-optimizes its whole dependency graph when it links, 99 s
# against 43 s for one test binary here. What users get is built with the
# release profile as it is (`cargo build --release` below), and that
# build is what the portability checks, the C ABI's sanitizer runs and the
# binding suites test.
export CARGO_PROFILE_RELEASE_LTO=false
cargo build --release --workspace --exclude fastkzg-bench-mt --exclude fastkzg-fuzz --all-features --all-targets
cargo test --release --workspace --exclude fastkzg-bench-mt --exclude fastkzg-fuzz --all-features -- --nocapture
# On CPUs with AVX-512 IFMA the blst backend runs its eight-lane kernels;
# run the reference, differential, property and parallel tests again on
# blst's own arithmetic (the blst column of the test matrix; the other
# backends never run the kernels). On other CPUs the run above already took
# that path. (--workspace keeps the feature resolution of the build above:
# no rebuild.)
if grep -qw avx512ifma /proc/cpuinfo 2>/dev/null; then
    FASTKZG_NO_IFMA=1 cargo test --release --workspace --exclude fastkzg-bench-mt --exclude fastkzg-fuzz --all-features \
        --test reference --test suite -- --nocapture \
        spec_tests::blst:: differential_ckzg::blst:: toolkit::blst:: parallel::blst:: eip7594::blst::
else
    echo "skipped: the FASTKZG_NO_IFMA=1 pass (no AVX-512 IFMA on this CPU: the tests above ran on blst's own arithmetic)"
fi
# The library without blst: no C or assembly in the pure-Rust build, a
# `#![no_std]` crate over it, and the reference, bad-input and precompile
# tests on it (scripts/check-pure-rust.sh).
./scripts/check-pure-rust.sh
# The artifacts a user gets from `cargo build --release` (the release
# profile with its thin LTO) run on any x86-64 CPU: byte-identical results
# under `qemu-x86_64 -cpu Haswell`.
unset CARGO_PROFILE_RELEASE_LTO
cargo build --release
PORTABLE_CHECK_QUICK=1 ./scripts/portable-check.sh
# The CLI and the C library cross-built for ARM64 (no x86 kernel, blst's
# ARMv8 assembly): byte-identical results under qemu-aarch64. Without the
# Rust target aarch64-unknown-linux-gnu or a cross compiler it says
# "SKIPPED" instead.
PORTABLE_CHECK_QUICK=1 PORTABLE_CHECK_ARCH=aarch64 FASTKZG_ALLOW_SKIP=1 ./scripts/portable-check.sh
echo "all tests passed"
