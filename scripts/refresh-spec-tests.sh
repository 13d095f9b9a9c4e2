#!/usr/bin/env bash
# Refreshes the in-repo copy of the consensus-spec KZG reference tests
# (spec-tests/) from a consensus-spec-tests release archive, then rewrites
# spec-tests/MANIFEST.sha256 and the case-count table of spec-tests/README.md.
#
#   scripts/refresh-spec-tests.sh                  download the pinned release
#   scripts/refresh-spec-tests.sh --archive FILE   use general.tar.gz already here
#   scripts/refresh-spec-tests.sh --manifest-only  only rewrite the manifest and
#                                                  the count table from the files
#                                                  now in spec-tests/
#
# The archive is the release asset `general.tar.gz` of
# https://github.com/ethereum/consensus-spec-tests/releases. Its SHA-256 is
# pinned below (SPEC_TESTS_RELEASE and SPEC_TESTS_SHA256); an archive with
# another checksum is refused. To move to another release, set both
# variables in the environment (or edit the pins) to that release's tag and
# the SHA-256 of its general.tar.gz as you verified it; setting only the
# release is refused.
#
# From the archive it takes tests/general/deneb/kzg/ (the EIP-4844
# functions) and tests/general/fulu/kzg/ (the EIP-7594 functions), each laid
# out FUNCTION/kzg-mainnet/CASE/data.yaml, and replaces the function folders
# of spec-tests/ with them (the data.yaml files byte for byte). It fails,
# leaving spec-tests/ as it was, if one of the twelve functions the runners
# know has no case, or if a fork brings a function they do not know (add a
# handler to every runner first, and to FUNCTIONS below).
#
# NOT RUN HERE: the machine this was written on cannot reach GitHub, so the
# download and extraction steps have only been exercised with an archive
# built locally from the current copy (SPEC_TESTS_RELEASE=local
# SPEC_TESTS_SHA256=<its sum> --archive FILE, with SPEC_TESTS_DIR pointing at
# a scratch folder); the --manifest-only mode was run on spec-tests/.
#
# Afterwards: review `git diff --stat spec-tests`, update the release named in
# spec-tests/README.md ("Source"), run the reference tests of every language
# (scripts/check-spec-tests.sh checks the copy against the new manifest).
#
# Needs bash, coreutils (sha256sum), tar with gzip, and curl (unless
# --archive).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
out="${SPEC_TESTS_DIR:-$repo/spec-tests}"

# The pinned release. The checksum was not computed on this machine (no
# access to GitHub): it is the integrity value that Prysm's WORKSPACE pins for
# this release's general.tar.gz (OffchainLabs/prysm commit 98532a2df38e,
# "update spectests to 1.6.0-beta.0", flavour "general",
# sha256-rT3jQp2+ZaDiO66gIQggetzqr+kGeexaLqEhbx4HDMY= in hex), which Bazel
# checks on every download. Check it against the file you download before
# trusting it the first time.
pinned_release="v1.6.0-beta.0"
pinned_sha256="ad3de3429dbe65a0e23baea02108207adceaafe90679ec5a2ea1216f1e070cc6"

# The functions the runners handle, and the fork folder each comes from.
DENEB_FUNCTIONS=(
    blob_to_kzg_commitment compute_kzg_proof compute_blob_kzg_proof
    verify_kzg_proof verify_blob_kzg_proof verify_blob_kzg_proof_batch
    compute_challenge
)
FULU_FUNCTIONS=(
    compute_cells compute_cells_and_kzg_proofs recover_cells_and_kzg_proofs
    verify_cell_kzg_proof_batch compute_verify_cell_kzg_proof_batch_challenge
)
FUNCTIONS=("${DENEB_FUNCTIONS[@]}" "${FULU_FUNCTIONS[@]}")

die() {
    echo "refresh-spec-tests: $*" >&2
    exit 1
}

# MANIFEST.sha256 of folder $1: sha256sum lines for every
# FUNCTION/kzg-mainnet/CASE/data.yaml, sorted by path (C locale), paths
# relative to the folder.
write_manifest() {
    local dir="$1" tmp
    tmp="$(mktemp "$dir/.MANIFEST.XXXXXX")"
    (
        cd "$dir"
        find . -mindepth 4 -maxdepth 4 -path './*/kzg-mainnet/*/data.yaml' -type f |
            sed 's#^\./##' | LC_ALL=C sort | while IFS= read -r f; do sha256sum -- "$f"; done
    ) >"$tmp"
    [ -s "$tmp" ] || { rm -f "$tmp"; die "no FUNCTION/kzg-mainnet/CASE/data.yaml under $dir"; }
    mv "$tmp" "$dir/MANIFEST.sha256"
    echo "wrote $dir/MANIFEST.sha256 ($(wc -l <"$dir/MANIFEST.sha256") files)"
}

# Rewrites the table between the count markers of $1/README.md, if present.
write_counts() {
    local dir="$1" readme="$1/README.md" table total=0 n f
    table="| function | fork | cases |"$'\n'"|---|---|---:|"
    for f in "${FUNCTIONS[@]}"; do
        n=$({ find "$dir/$f/kzg-mainnet" -mindepth 2 -maxdepth 2 -name data.yaml -type f 2>/dev/null || true; } | wc -l)
        [ "$n" -gt 0 ] || die "no case for $f under $dir"
        local fork=deneb
        [[ " ${FULU_FUNCTIONS[*]} " == *" $f "* ]] && fork=fulu
        table+=$'\n'"| $f | $fork | $n |"
        total=$((total + n))
    done
    table+=$'\n'"| **total** | | **$total** |"
    echo "$total cases in ${#FUNCTIONS[@]} functions"
    [ -f "$readme" ] || return 0
    grep -q '^<!-- counts:begin' "$readme" && grep -q '^<!-- counts:end' "$readme" || {
        echo "note: no count markers in $readme; table not rewritten" >&2
        return 0
    }
    local tmp
    tmp="$(mktemp "$dir/.README.XXXXXX")"
    TABLE="$table" awk '
        /^<!-- counts:begin/ { print; print ENVIRON["TABLE"]; skip = 1; next }
        /^<!-- counts:end/   { skip = 0 }
        !skip { print }' "$readme" >"$tmp"
    mv "$tmp" "$readme"
    echo "rewrote the count table of $readme"
}

case "${1:-}" in
--manifest-only)
    [ -d "$out" ] || die "$out does not exist"
    write_counts "$out"
    write_manifest "$out"
    exit 0
    ;;
--archive)
    [ $# -eq 2 ] || die "usage: $0 [--archive FILE | --manifest-only]"
    archive="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
    [ -f "$archive" ] || die "$2: no such file"
    ;;
"")
    archive=""
    ;;
*)
    die "usage: $0 [--archive FILE | --manifest-only]"
    ;;
esac

release="${SPEC_TESTS_RELEASE:-$pinned_release}"
if [ -n "${SPEC_TESTS_SHA256:-}" ]; then
    sha256="$SPEC_TESTS_SHA256"
elif [ "$release" = "$pinned_release" ]; then
    sha256="$pinned_sha256"
else
    die "SPEC_TESTS_RELEASE=$release without SPEC_TESTS_SHA256: set the SHA-256 of that release's general.tar.gz"
fi
[[ "$sha256" =~ ^[0-9a-f]{64}$ ]] || die "SPEC_TESTS_SHA256 is not 64 lowercase hex digits: $sha256"

work="$(mktemp -d "${TMPDIR:-/tmp}/fastkzg-spec-tests.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -z "$archive" ]; then
    url="https://github.com/ethereum/consensus-spec-tests/releases/download/$release/general.tar.gz"
    echo "downloading $url"
    archive="$work/general.tar.gz"
    curl -fL --retry 3 -o "$archive" "$url" || die "download failed: $url"
fi

got="$(sha256sum "$archive" | cut -d' ' -f1)"
[ "$got" = "$sha256" ] || die "$archive: SHA-256 $got, expected $sha256 (release $release); refusing it"
echo "$archive: SHA-256 $got (release $release), as expected"

tar -xzf "$archive" -C "$work" --wildcards 'tests/general/*/kzg/*' ||
    die "$archive: no tests/general/<fork>/kzg/ folder"
others="$(find "$work/tests/general" -mindepth 2 -maxdepth 2 -name kzg -type d |
    sed "s#^$work/tests/general/##; s#/kzg\$##" | grep -vxE 'deneb|fulu' | tr '\n' ' ' || true)"
[ -z "$others" ] || echo "note: kzg tests of other forks left out: $others"

# Stage the new copy: only the function folders, from their forks.
stage="$work/stage"
mkdir -p "$stage"
for fork in deneb fulu; do
    src="$work/tests/general/$fork/kzg"
    [ -d "$src" ] || die "$archive: no tests/general/$fork/kzg/"
    if [ "$fork" = deneb ]; then expected=("${DENEB_FUNCTIONS[@]}"); else expected=("${FULU_FUNCTIONS[@]}"); fi
    for d in "$src"/*/; do
        f="$(basename "$d")"
        [[ " ${expected[*]} " == *" $f "* ]] ||
            die "$fork brings kzg function $f, which the runners do not handle; add it to every runner and to FUNCTIONS in $0"
    done
    for f in "${expected[@]}"; do
        [ -d "$src/$f/kzg-mainnet" ] || die "$archive: no case for $f under tests/general/$fork/kzg/"
        mkdir -p "$stage/$f"
        cp -R "$src/$f/kzg-mainnet" "$stage/$f/"
    done
done
# Only data.yaml files, in FUNCTION/kzg-mainnet/CASE/.
stray="$(cd "$stage" && find . -type f ! -path './*/kzg-mainnet/*/data.yaml' | head -5)"
[ -z "$stray" ] || die "unexpected files in the archive's kzg folders: $stray"

[ -f "$out/README.md" ] && cp "$out/README.md" "$stage/"
write_counts "$stage"
write_manifest "$stage"

# Replace the function folders of the copy (README.md kept, with the new
# table), then the manifest.
mkdir -p "$out"
for f in "$out"/*/; do
    [ -d "$f/kzg-mainnet" ] && rm -rf "$f"
done
for f in "${FUNCTIONS[@]}"; do
    cp -R "$stage/$f" "$out/"
done
[ -f "$stage/README.md" ] && cp "$stage/README.md" "$out/README.md"
cp "$stage/MANIFEST.sha256" "$out/MANIFEST.sha256"
echo "spec-tests refreshed from consensus-spec-tests $release into $out"
echo "next: update the source line in $out/README.md, review 'git diff --stat -- spec-tests', run the tests"
