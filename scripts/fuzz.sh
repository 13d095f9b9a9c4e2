#!/usr/bin/env bash
# Coverage-guided differential fuzzing of every entry point (fuzz/, cargo-fuzz
# with libFuzzer on the nightly toolchain): the Rust API, the C ABI
# (target/release/libfastkzg.so) and c-kzg 2.1.8 (and rust_eth_kzg 0.10 for
# EIP-7594) must agree on every input.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 30 s, all)
#
# Builds once, seeds fuzz/corpus/<target> from the reference tests (the
# in-repo copy spec-tests/ or $FASTKZG_SPEC_TESTS, checked by
# scripts/check-spec-tests.sh; scripts/fuzz-corpus.py), runs each target for the given time and prints
# executions and coverage per target. A disagreement or crash stops the run
# with libFuzzer's report; the input is saved under fuzz/artifacts/.
#
# The targets are built without libFuzzer's comparison tracing
# (`--no-trace-compares`): the inputs are decoded from shape bytes, so traced
# comparisons add little guidance, and tracing every comparison of the SIMD
# field kernels made each prover call about ten times slower (compute_cells_
# and_kzg_proofs: 13 s against 1.1 s per input on an AVX-512 IFMA CPU).
# FUZZ_TRACE_COMPARES=1 builds with it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
cargo build --release -p fastkzg-c
./scripts/check-spec-tests.sh
python3 scripts/fuzz-corpus.py
build_flags=(--no-trace-compares)
[ "${FUZZ_TRACE_COMPARES:-0}" = 1 ] && build_flags=()
# The fuzz crate is a workspace member, so the workspace's release profile
# applies; for the fuzz targets: line tables in the reports, and no LTO (it
# only slows the links of the 19 sanitized binaries). Their own target
# directory, since the sanitizer flags change every crate's build.
export CARGO_PROFILE_RELEASE_DEBUG=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
build_flags+=(--target-dir fuzz/target)
cargo +nightly fuzz build "${build_flags[@]}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
summary=()
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t"
    log="fuzz/target/$t.log"
    cargo +nightly fuzz run "${build_flags[@]}" "$t" "fuzz/corpus/$t" -- \
        -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=4096 >"$log" 2>&1 || {
        tail -40 "$log"
        echo "fuzz: $t failed (input in fuzz/artifacts/$t/)" >&2
        exit 1
    }
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || echo 'cov: ?')
    summary+=("$(printf '%-32s %10s runs  %s' "$t" "$runs" "$cov")")
done
printf '%s\n' "${summary[@]}"
echo "fuzz: ${#targets[@]} targets, ${seconds} s each, no disagreement"
