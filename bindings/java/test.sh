#!/usr/bin/env bash
# Builds and tests the fastkzg Java package in one command:
#   1. cargo fmt --check and clippy (-D warnings) on the JNI crate
#      (bindings/java/native, package fastkzg-java);
#   2. cargo build --release -p fastkzg-java (target dir: $CARGO_TARGET_DIR,
#      default target/ at the repository root);
#   3. mvn package: compiles the Java sources, packs the JNI library into the
#      jar, and runs the JUnit suite in one JVM: every consensus-spec reference
#      case (from $FASTKZG_SPEC_TESTS, default the repository's spec-tests/,
#      checked against its manifest first; missing or altered = failure)
#      through both APIs, compared with
#      jc-kzg-4844 2.1.8 loaded in a class loader of its own; bad inputs,
#      setup state, web3j's BlobUtils on this jar, and threads.
# Extra arguments go to mvn (e.g. -Dtest=SpecTest, -o for offline).
# Needs cargo, JDK 17+, Maven 3.8+, and network access to Maven Central and
# crates.io on the first run only.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
export FASTKZG_SPEC_TESTS="${FASTKZG_SPEC_TESTS:-$repo/spec-tests}"
"$repo/scripts/check-spec-tests.sh"

step() { printf '\n== %s\n' "$*"; }

cd "$repo"
step "cargo fmt and clippy (fastkzg-java)"
cargo fmt -p fastkzg-java -- --check
cargo clippy -p fastkzg-java --release --quiet --no-deps -- -D warnings

step "cargo build --release -p fastkzg-java"
cargo build -p fastkzg-java --release --quiet

step "mvn package (JUnit suite)"
cd "$here"
mvn -B -ntp -Dfastkzg.native.dir="$CARGO_TARGET_DIR/release" package "$@" \
  | awk '!/^\[INFO\]/ || /T E S T S|Running |Tests run|FAIL|ERROR/'

# web3j 4.14.0 is compiled for Java 21: its BlobUtils test runs once more
# on a JDK 21+ where one is installed (Temurin 25 on the project's machines).
jdk21="${FASTKZG_JDK21:-/usr/lib/jvm/temurin-25-jdk-amd64}"
step "web3j 4.14.0 BlobUtils on $jdk21"
if [ -x "$jdk21/bin/java" ]; then
  log="$(mktemp)"
  if JAVA_HOME="$jdk21" mvn -B -ntp -q -Dfastkzg.native.dir="$CARGO_TARGET_DIR/release" \
      -Dweb3j.version=4.14.0 -Dtest=Web3jTest test >"$log" 2>&1; then
    echo "web3j 4.14.0: BlobUtils with fastkzg's jar equals jc-kzg"
    rm -f "$log"
  else
    grep -v '^WARNING:' "$log"
    rm -f "$log"
    exit 1
  fi
else
  echo "SKIPPED: no JDK 21 or later at $jdk21 (set FASTKZG_JDK21): web3j 4.14.0 not run"
fi
