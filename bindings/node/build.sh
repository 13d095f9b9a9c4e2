#!/usr/bin/env bash
# Builds the native addon of the fastkzg npm package:
#   1. cargo build --release -p fastkzg-node (target directory:
#      $CARGO_TARGET_DIR, default target/ at the repository root);
#   2. copies the library to fastkzg.<platform>-<arch>[-gnu].node here
#      (linux-x64: fastkzg.linux-x64-gnu.node), where lib/native.js loads it;
#   3. writes trusted_setup.txt (the embedded mainnet setup as a file, for
#      c-kzg's DEFAULT_TRUSTED_SETUP_PATH and getTrustedSetupFilepath()).
# Needs cargo and node.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"

(cd "$repo" && cargo build --release -p fastkzg-node "$@")

platform="$(node -p 'process.platform')"
arch="$(node -p 'process.arch')"
case "$platform" in
  linux) lib="libfastkzg_node.so"; name="fastkzg.linux-$arch-gnu.node" ;;
  darwin) lib="libfastkzg_node.dylib"; name="fastkzg.darwin-$arch.node" ;;
  *) echo "build.sh: unsupported platform $platform" >&2; exit 1 ;;
esac
# Replace, not overwrite: a running process may have the old file mapped.
cp "$target/release/$lib" "$here/$name.tmp"
mv -f "$here/$name.tmp" "$here/$name"
node -e 'require("fs").writeFileSync(process.argv[1], require(process.argv[2]).mainnetTrustedSetupText())' \
  "$here/trusted_setup.txt" "$here/$name"
echo "built $here/$name"
