#!/usr/bin/env bash
# The reference tests and the EIP-7594 tests on ARM64, under emulation:
# cross-builds the fastkzg library's test programs for
# aarch64-unknown-linux-gnu (default features: blst with its ARMv8
# assembly, the generic MSMs, FFTs and decoding, no x86 kernel) and runs
# them under qemu-aarch64 on the blst backend:
#   - spec_tests: every consensus-spec reference case (the in-repo copy
#     spec-tests/, or the folder FASTKZG_SPEC_TESTS names; checked by
#     scripts/check-spec-tests.sh and again by the test program: missing,
#     empty or altered is a failure);
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
# shellcheck source=scripts/aarch64-env.sh
. scripts/aarch64-env.sh
./scripts/check-spec-tests.sh
log=$(mktemp "${TMPDIR:-/tmp}/fastkzg-apt.XXXXXX")
trap 'rm -f "$log"' EXIT
missing=$(a64_prepare "$log")
if [ -n "$missing" ]; then
    echo "$missing" >&2
    exit 1
fi
a64_export
echo "== $(qemu-aarch64 --version | head -n 1); $($A64_CC --version | head -n 1)"
cargo test --release --target "$A64_TARGET" -p fastkzg --test reference --test suite \
    -- --nocapture spec_tests::blst:: eip7594::blst::
echo "aarch64 tests passed (emulated)"
