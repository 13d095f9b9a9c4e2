#!/usr/bin/env bash
# The cost of blst's portable mode: the default `fastkzg` binary (blst
# portable: ADX detected at run time) against one built for this host
# (`--no-default-features`: blst compiled with ADX when the host has it),
# both on one thread, run alternately on the same blob so that both see
# the same moments of the machine. Prints the median wall time per
# command and the ratio portable / host. Not part of the test suite.
#
#   ./scripts/portable-cost.sh [runs]      (default 15 runs per command)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-15}
cargo build --release -p fastkzg-cli -q
CARGO_TARGET_DIR=target/host-native cargo build --release -p fastkzg-cli --no-default-features -q
PORTABLE=target/release/fastkzg
HOST=target/host-native/release/fastkzg
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
"$PORTABLE" random-blob "$W/blob" --seed 7 >/dev/null
C=$("$PORTABLE" commit "$W/blob")
P=$("$PORTABLE" prove "$W/blob" -c "$C")
# name|arguments (one thread, so that the scheduler adds no noise)
CASES=(
    "commit|commit $W/blob"
    "verify|verify $W/blob -c $C -p $P"
    "cells (with proofs)|cells $W/blob --out $W/cells --force"
)
for case in "${CASES[@]}"; do
    name=${case%%|*}
    args=${case#*|}
    : >"$W/times"
    for _ in $(seq "$RUNS"); do
        for bin in portable host; do
            exe=$PORTABLE
            [ "$bin" = host ] && exe=$HOST
            t0=$(date +%s%N)
            # shellcheck disable=SC2086
            FASTKZG_NUM_THREADS=1 "$exe" $args >/dev/null 2>&1
            echo "$bin $(($(date +%s%N) - t0))" >>"$W/times"
        done
    done
    python3 - "$name" "$W/times" <<'PY'
import statistics, sys
name, path = sys.argv[1], sys.argv[2]
t = {"portable": [], "host": []}
for line in open(path):
    k, v = line.split()
    t[k].append(int(v) / 1e6)
p, h = statistics.median(t["portable"]), statistics.median(t["host"])
print(f"{name:22s} portable {p:8.1f} ms   host {h:8.1f} ms   portable/host {p / h:.3f}")
PY
done
