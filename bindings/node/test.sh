#!/usr/bin/env bash
# Builds and tests the fastkzg npm package in one command:
#   1. npm ci (only when node_modules is missing or older than
#      package-lock.json): c-kzg 4.1.x (built from source by node-gyp),
#      viem and yaml, the references the tests compare against;
#   2. cargo fmt --check on the fastkzg-node crate (clippy is left to CI:
#      it also lints the library crates, which others may be editing);
#   3. build.sh (cargo build --release -p fastkzg-node, copy the addon);
#   4. node --test: every consensus-spec reference case (from
#      $FASTKZG_SPEC_TESTS, default the repository's spec-tests/, checked
#      against its manifest first; missing or altered = failure) through both APIs and c-kzg, bad
#      input against c-kzg, setup loading, async calls, viem.
# Extra arguments go to node --test. Needs node >= 20, npm, cargo, a C++
# compiler (for c-kzg) and network access to npm and crates.io on the
# first run.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export FASTKZG_SPEC_TESTS="${FASTKZG_SPEC_TESTS:-$repo/spec-tests}"

step() { printf '\n== %s\n' "$*"; }

"$repo/scripts/check-spec-tests.sh"

cd "$here"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi

step "cargo fmt (fastkzg-node)"
(cd "$repo" && cargo fmt -p fastkzg-node --check)

step "build"
./build.sh --quiet

step "node --test"
node --test "$@" test/*.test.js
