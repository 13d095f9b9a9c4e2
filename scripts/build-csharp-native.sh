#!/usr/bin/env bash
# Builds the C library as NuGet Ckzg.Bindings (c-kzg-4844's C# binding)
# loads it: <out>/runtimes/linux-x64/native/ckzg.so (no "lib" prefix).
# Put that folder beside the application (or into the package) in place of
# the one Ckzg.Bindings ships; the binding's DllImports (ckzg.h plus
# load_trusted_setup_wrap / free_trusted_setup_wrap, include/ckzg_wrap.h)
# all resolve in it. The library is portable (any x86-64 CPU).
#
#   scripts/build-csharp-native.sh [out-dir]      (default target/csharp)
#
# FASTKZG_LIB=<path to libfastkzg.so> skips the cargo build.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/csharp}"
lib="${FASTKZG_LIB:-}"
if [ -z "$lib" ]; then
    cargo build --release -p fastkzg-c
    lib="target/release/libfastkzg.so"
fi
case "$(uname -m)" in
    x86_64) rid=linux-x64 ;;
    aarch64) rid=linux-arm64 ;;
    *) echo "unsupported architecture $(uname -m)" >&2; exit 1 ;;
esac
mkdir -p "$out/runtimes/$rid/native"
cp "$lib" "$out/runtimes/$rid/native/ckzg.so"
echo "$out/runtimes/$rid/native/ckzg.so"
