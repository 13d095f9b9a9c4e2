#!/usr/bin/env bash
# Builds and tests the fastkzg Python package in one command:
#   1. a virtual environment (bindings/python/.venv, or $FASTKZG_PY_VENV)
#      with maturin, pytest, PyYAML and ckzg 2.1.8 (the reference the
#      drop-in tests compare against);
#   2. cargo fmt and clippy (-D warnings) on the binding crate;
#   3. `pip install bindings/python` (maturin, release, abi3 wheel), with a
#      cargo target directory kept between runs ($CARGO_TARGET_DIR, default
#      the workspace's target/, whose dependency builds it shares);
#   4. pytest: the consensus-spec reference cases through both APIs (from
#      the in-repo copy spec-tests/, or $FASTKZG_SPEC_TESTS; checked against
#      its MANIFEST.sha256 first: missing, empty or altered = failure), bad
#      inputs against ckzg, threads.
# Extra arguments go to pytest. Needs python3 (>= 3.8, with venv), cargo,
# and network access to PyPI and crates.io on the first run.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${FASTKZG_PY_VENV:-$here/.venv}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"

step() { printf '\n== %s\n' "$*"; }

step "virtual environment $venv"
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check \
    "maturin>=1.7,<2" "pytest>=7" "pyyaml>=6" "ckzg==2.1.8"
export PYO3_PYTHON="$venv/bin/python" PATH="$venv/bin:$PATH"

step "mainnet trusted setup (the c-kzg 2.1.8 crate source, via cargo fetch)"
(cd "$repo" && cargo fetch --locked --quiet)

step "cargo fmt and clippy (bindings/python)"
(cd "$repo" && cargo fmt -p fastkzg-python --check)
(cd "$repo" && cargo clippy -p fastkzg-python --locked --release --quiet -- -D warnings)

step "pip install bindings/python"
"$venv/bin/python" -m pip install --disable-pip-version-check --no-build-isolation \
    --force-reinstall --no-deps --quiet "$here"

step "pytest"
cd "$here"
"$venv/bin/python" -m pytest tests -q "$@"
