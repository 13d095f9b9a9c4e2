#!/usr/bin/env bash
# The binding's overhead: each function timed through the Java drop-in API
# (bench/Bench.java -Dbench.op=...) and through the Rust API
# (native/examples/rust_timing), alternately, ROUNDS times (default 3), one
# thread (FASTKZG_NUM_THREADS=1); the minimum of all runs of each side is
# compared (the steadiest figure on a shared machine). Run bench.sh first
# (it builds the jar and the example).
#
#   bindings/java/bench/overhead.sh [seconds per run, default 1]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"
secs="${1:-1}"
rounds="${ROUNDS:-3}"
jar="$here/target/fastkzg-java-0.1.0.jar"
jc="$here/target/reference/jc-kzg-4844.jar"
setup="$repo/crates/fastkzg/data/trusted_setup.txt"
export FASTKZG_NUM_THREADS=1

min() { printf '%s\n' "$@" | sort -g | head -1; }
echo "| function | Java min (ms) | Rust min (ms) | overhead |"
echo "|---|---:|---:|---:|"
for op in blob_to_kzg_commitment compute_blob_kzg_proof verify_blob_kzg_proof \
  compute_cells_and_kzg_proofs verify_cell_kzg_proof_batch recover_cells_and_kzg_proofs; do
  java_t=() rust_t=()
  for _ in $(seq "$rounds"); do
    java_t+=("$(java -Dbench.op="$op" -cp "$jar" "$here/bench/Bench.java" "$jc" "$setup" "$secs")")
    rust_t+=("$("$target/release/examples/rust_timing" "$secs" "$op")")
  done
  j="$(min "${java_t[@]}")" r="$(min "${rust_t[@]}")"
  awk -v op="$op" -v j="$j" -v r="$r" \
    'BEGIN { printf "| %s | %.3f | %.3f | %+.1f%% |\n", op, j, r, (j - r) / r * 100 }'
done
