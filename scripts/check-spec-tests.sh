#!/usr/bin/env bash
# Checks the consensus-spec KZG reference-test folder before a run:
#
#   scripts/check-spec-tests.sh [DIR]
#
# DIR defaults to $FASTKZG_SPEC_TESTS, else the in-repo copy spec-tests/.
# Fails (exit 1, naming the folder and the file) if the folder is missing;
# if a file listed in its MANIFEST.sha256 is missing or differs, or a
# data.yaml is there that the manifest does not list; if the in-repo copy
# has no manifest; or if one of the twelve functions has no case. A folder
# given by FASTKZG_SPEC_TESTS without a manifest is only counted (with a
# note). On success prints the case count per function.
#
# The Rust, Python and Go runners make the same check themselves
# (crates/fastkzg/tests/common, bindings/python/tests/conftest.py,
# bindings/go/internal/spectest); this one is for the shell scripts.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
default="$repo/spec-tests"
dir="${1:-${FASTKZG_SPEC_TESTS:-$default}}"

FUNCTIONS=(
    blob_to_kzg_commitment compute_kzg_proof compute_blob_kzg_proof
    verify_kzg_proof verify_blob_kzg_proof verify_blob_kzg_proof_batch
    compute_challenge compute_cells compute_cells_and_kzg_proofs
    recover_cells_and_kzg_proofs verify_cell_kzg_proof_batch
    compute_verify_cell_kzg_proof_batch_challenge
)

fail() {
    echo "reference tests at $dir: $*" >&2
    exit 1
}

[ -d "$dir" ] || fail "no such folder (the in-repo copy is $default; FASTKZG_SPEC_TESTS overrides it)"

manifest="$dir/MANIFEST.sha256"
in_repo=0
[ "$(realpath "$dir")" = "$(realpath "$default" 2>/dev/null || true)" ] && in_repo=1
verified="not verified: no MANIFEST.sha256 there"
if [ -f "$manifest" ]; then
    problems=()
    bad_lines=$(grep -cvE '^[0-9a-f]{64} [ *][^ ].*$' "$manifest" || true)
    [ "$bad_lines" = 0 ] || problems+=("$manifest: $bad_lines line(s) not in sha256sum format")
    # Files listed but missing or different.
    while IFS= read -r line; do
        case "$line" in
        *": FAILED open or read") problems+=("$dir/${line%: FAILED open or read}: missing (listed in MANIFEST.sha256)") ;;
        *": FAILED") problems+=("$dir/${line%: FAILED}: content differs from MANIFEST.sha256") ;;
        *": OK") ;;
        *) problems+=("$manifest: $line") ;;
        esac
    done < <(cd "$dir" && sha256sum --check --strict MANIFEST.sha256 2>/dev/null || true)
    # Cases present but not listed.
    while IFS= read -r f; do
        [ -n "$f" ] && problems+=("$dir/$f: not listed in MANIFEST.sha256")
    done < <(comm -13 \
        <(sed -E 's/^[0-9a-f]{64} [ *]//' "$manifest" | LC_ALL=C sort) \
        <(cd "$dir" && find . -path './*/kzg-mainnet/*/data.yaml' -type f | sed 's#^\./##' | LC_ALL=C sort))
    if [ ${#problems[@]} -gt 0 ]; then
        printf '%s\n' "${problems[@]}" >&2
        fail "${#problems[@]} problem(s) with MANIFEST.sha256 (a changed copy: restore it with git, or after a deliberate refresh rewrite the manifest with scripts/refresh-spec-tests.sh --manifest-only)"
    fi
    verified="verified against MANIFEST.sha256 ($(wc -l <"$manifest") files)"
elif [ "$in_repo" = 1 ]; then
    fail "MANIFEST.sha256 is missing (restore it with git)"
fi

if [ -z "$(find "$dir" -path '*/kzg-mainnet/*/data.yaml' -type f -print -quit)" ]; then
    fail "no case at all (empty folder? expected FUNCTION/kzg-mainnet/CASE/data.yaml)"
fi
total=0
summary=""
for f in "${FUNCTIONS[@]}"; do
    n=$({ find "$dir/$f/kzg-mainnet" -mindepth 2 -maxdepth 2 -name data.yaml -type f 2>/dev/null || true; } | wc -l)
    [ "$n" -gt 0 ] || fail "no case for $f (expected $dir/$f/kzg-mainnet/CASE/data.yaml)"
    summary+=" $f=$n"
    total=$((total + n))
done
echo "reference tests at $dir: $total cases, $verified"
echo "  per function:$summary"
