#!/usr/bin/env bash
# Builds and tests the fastkzg Go binding in one command:
#   1. `cargo build --release -p fastkzg-c` at the repository root (cargo
#      reuses a build that is up to date): target/release/libfastkzg.a;
#   2. build.sh: the archive the package links, whose only global symbols
#      are the functions of ckzg.h, and the embedded mainnet setup;
#   3. gofmt and go vet;
#   4. go test over the module (reference cases from the in-repo copy
#      spec-tests/, or $FASTKZG_SPEC_TESTS; checked against its
#      MANIFEST.sha256 first: missing, empty or altered = failure;
#      bad inputs; goroutines; linking next to blst), then again with -race
#      (-short);
#   5. the example module, which switches c-kzg-4844 to fastkzg with a
#      replace directive, must print two verdicts "true";
#   6. the peers module (tag fastkzg_prefixed): the drop-in's exported API
#      and its results on valid and invalid inputs against c-kzg-4844 2.1.8
#      in one binary (the benchmarks there are compiled, not run).
# Extra arguments go to the go test runs of step 4. Needs cargo, go, a C compiler, ld, ar
# and objcopy, and on the first run access to crates.io and the Go module
# proxy.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

step() { printf '\n== %s\n' "$*"; }

step "cargo build --release -p fastkzg-c"
(cd "$repo" && cargo build --release --locked -p fastkzg-c)

step "build.sh"
"$here/build.sh"

cd "$repo"
step "gofmt and go vet"
unformatted="$(gofmt -l bindings/go)"
if [ -n "$unformatted" ]; then
    echo "not gofmt-clean:" >&2
    echo "$unformatted" >&2
    exit 1
fi
go vet ./bindings/go/...
(cd "$here/example" && go vet ./...)
(cd "$here/peers" && go vet -tags fastkzg_prefixed ./...)

step "go test"
# Verbose, to show the check of the reference-test folder and how many
# reference cases ran per function; the rest of
# the verbose output is shown only if a test fails.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! go test -count=1 -v ./bindings/go/... "$@" >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
grep -E '^(ok|\?) |reference cases run|reference tests at .*verified' "$log" | sed 's/^ *//'

step "go test -race"
go test -count=1 -race -short ./bindings/go/... "$@"

step "example (drop-in by replace directive)"
out="$(cd "$here/example" && go run . "$repo/crates/fastkzg/data/trusted_setup.txt")"
echo "$out"
[ "$(grep -c ' true <nil>$' <<<"$out")" = 2 ] || { echo "example: unexpected output" >&2; exit 1; }

step "peers: the drop-in against c-kzg-4844 2.1.8"
(cd "$here/peers" && go test -count=1 -tags fastkzg_prefixed -run 'TestSame' -bench '^$' ./...)

echo
echo "Go binding: all checks passed"
