#!/usr/bin/env bash
# The reference tests and the EIP-7594 tests on ARM64, under emulation:
# cross-builds the fastkzg library's test programs for
# aarch64-unknown-linux-gnu (default features: blst with its ARMv8
# assembly, the generic MSMs, FFTs and decoding, no x86 kernel) and runs
# them under qemu-aarch64 on the blst backend:
#   - spec_tests: every consensus-spec reference case (the folder from
#     FASTKZG_SPEC_TESTS, default ../shared/spec-tests; missing is a
#     failure);
#   - eip7594: cells, recovery and cell verification against their
#     oracles, edge cases and bad inputs.
# The emulated CPU says nothing about speed; this checks results.
#
# Not part of scripts/test.sh (about six and a half minutes on two cores,
# build included: the 8 EIP-7594 tests take about five under emulation);
# the test suite runs the quick ARM64 check of the artifacts instead
# (PORTABLE_CHECK_ARCH=aarch64 scripts/portable-check.sh). Needs the Rust
# target aarch64-unknown-linux-gnu, Debian's gcc-aarch64-linux-gnu and
# libc6-dev-arm64-cross, and qemu-user (the Debian packages are installed
# with apt-get when missing and running as root).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=aarch64-unknown-linux-gnu
SYSROOT=/usr/aarch64-linux-gnu
CC_A64=aarch64-linux-gnu-gcc
export FASTKZG_SPEC_TESTS="${FASTKZG_SPEC_TESTS:-$PWD/../shared/spec-tests}"
if [ ! -d "$FASTKZG_SPEC_TESTS" ]; then
    echo "reference tests not found at $FASTKZG_SPEC_TESTS (set FASTKZG_SPEC_TESTS)" >&2
    exit 1
fi
need_apt=()
command -v qemu-aarch64 >/dev/null 2>&1 || need_apt+=(qemu-user)
{ command -v "$CC_A64" >/dev/null 2>&1 && [ -d "$SYSROOT/lib" ]; } ||
    need_apt+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
if [ ${#need_apt[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends "${need_apt[@]}" >/dev/null 2>&1 ||
        { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends "${need_apt[@]}" >/dev/null; }
fi
command -v qemu-aarch64 >/dev/null 2>&1 || { echo "qemu-aarch64 not found (Debian package qemu-user)" >&2; exit 1; }
command -v "$CC_A64" >/dev/null 2>&1 || { echo "$CC_A64 not found (Debian package gcc-aarch64-linux-gnu)" >&2; exit 1; }
libdir=$(rustc --print target-libdir --target "$TARGET" 2>/dev/null || true)
if [ -z "$libdir" ] || [ ! -d "$libdir" ]; then
    echo "the Rust target $TARGET is not installed (rustup target add $TARGET)" >&2
    exit 1
fi

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=$CC_A64
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L $SYSROOT"
export CC_aarch64_unknown_linux_gnu=$CC_A64
export AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
echo "== $(qemu-aarch64 --version | head -n 1); $($CC_A64 --version | head -n 1)"
cargo test --release --target "$TARGET" -p fastkzg --test spec_tests --test eip7594 \
    -- --nocapture blst::
echo "aarch64 tests passed (emulated)"
