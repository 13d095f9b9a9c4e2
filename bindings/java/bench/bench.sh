#!/usr/bin/env bash
# fastkzg vs jc-kzg-4844 2.1.8 in one JVM (bench/Bench.java), and the same
# functions through the Rust API (native/examples/rust_timing.rs) to show the
# binding's overhead. Three runs of each: one thread (FASTKZG_NUM_THREADS=1),
# all cores, and all cores with the AVX-512 IFMA kernels off
# (FASTKZG_NO_IFMA=1). jc-kzg is single-threaded in every run.
#
#   bindings/java/bench/bench.sh [seconds per function, default 2]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
secs="${1:-2}"

# FASTKZG_BENCH_NO_BUILD=1: use the jar, the reference jar and the example
# already built (for a machine without cargo or Maven).
if [ -z "${FASTKZG_BENCH_NO_BUILD:-}" ]; then
  (cd "$repo" && cargo build -p fastkzg-java --release --quiet --examples --lib)
  (cd "$here" && mvn -q -B -ntp -DskipTests -Dfastkzg.native.dir="$CARGO_TARGET_DIR/release" package)
fi
jar="$here/target/fastkzg-java-0.1.0.jar"
jc="$here/target/reference/jc-kzg-4844.jar"
setup="$repo/crates/fastkzg/data/trusted_setup.txt"

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores;" \
  "AVX-512 IFMA: $(grep -q avx512ifma /proc/cpuinfo && echo yes || echo no)"
for run in "1 thread:FASTKZG_NUM_THREADS=1" "all cores:" "all cores, IFMA off:FASTKZG_NO_IFMA=1"; do
  label="${run%%:*}"
  vars="${run#*:}"
  echo
  echo "### $label ${vars:+($vars)}"
  env $vars java -cp "$jar" "$here/bench/Bench.java" "$jc" "$setup" "$secs"
  echo
  env $vars "$CARGO_TARGET_DIR/release/examples/rust_timing" "$secs"
done
