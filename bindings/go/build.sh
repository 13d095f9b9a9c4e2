#!/usr/bin/env bash
# Makes the static libraries the Go package links, from the Rust static
# library target/release/libfastkzg.a (build it first with
# `cargo build --release -p fastkzg-c` at the repository root, or run
# test.sh, which does both):
#
#   lib/libfastkzg_go.a
#       the C ABI of ckzg.h and fastkzg.h (the functions in symbols.txt);
#       every other symbol (blst, Rust std, ...) is local
#   lib/libfastkzg_go_prefixed.a
#       the same with each function of ckzg.h renamed fastkzg_<name> (those
#       of fastkzg.h already have the prefix and keep their names), linked with
#       the build tag fastkzg_prefixed (so that it can share a binary with
#       c-kzg-4844, whose functions have the unprefixed names)
#   lib/trusted_setup.txt
#       the mainnet trusted setup (crates/fastkzg/data), which
#       NewMainnetContext embeds
#
# How: `ld -r --whole-archive` links every object of the archive into one
# relocatable object, so that calls between them are resolved inside it;
# `objcopy --keep-global-symbols=symbols.txt` then makes every symbol not
# listed in symbols.txt local, and `ar` wraps the object in an archive.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
src="${FASTKZG_STATICLIB:-$repo/target/release/libfastkzg.a}"
out="$here/lib"
syms="$here/symbols.txt"

[ -f "$src" ] || { echo "build.sh: $src not found (cargo build --release -p fastkzg-c)" >&2; exit 1; }
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The objects carry LLVM bitcode next to their machine code (.llvmbc); it
# is dropped, as nothing here needs it and an LTO plugin that ld may load
# by itself (an older LLVMgold) fails on it.
cp "$src" "$tmp/in.a"
objcopy --remove-section=.llvmbc --remove-section=.llvmcmd "$tmp/in.a"
ld -r --whole-archive "$tmp/in.a" -o "$tmp/fastkzg.o"
objcopy --keep-global-symbols="$syms" "$tmp/fastkzg.o" "$tmp/fastkzg_api.o"
# The functions of fastkzg.h already have the prefix and keep their names.
grep -v '^fastkzg_' "$syms" | sed 's/.*/& fastkzg_&/' > "$tmp/rename.txt"
objcopy --redefine-syms="$tmp/rename.txt" "$tmp/fastkzg_api.o" "$tmp/fastkzg_prefixed.o"

# The global symbols defined by each object must be exactly the list.
check() {
    local want got
    want="$(sed "/^fastkzg_/!s/^/$2/" "$syms" | sort)"
    got="$(nm -g --defined-only "$1" | awk '{print $3}' | sort)"
    if [ "$want" != "$got" ]; then
        echo "build.sh: unexpected global symbols in $1:" >&2
        diff <(echo "$want") <(echo "$got") >&2 || true
        exit 1
    fi
}
check "$tmp/fastkzg_api.o" ""
check "$tmp/fastkzg_prefixed.o" "fastkzg_"

rm -f "$out/libfastkzg_go.a" "$out/libfastkzg_go_prefixed.a"
ar rcs "$out/libfastkzg_go.a" "$tmp/fastkzg_api.o"
ar rcs "$out/libfastkzg_go_prefixed.a" "$tmp/fastkzg_prefixed.o"
cp "$repo/crates/fastkzg/data/trusted_setup.txt" "$out/trusted_setup.txt"
echo "build.sh: $out/libfastkzg_go.a, $out/libfastkzg_go_prefixed.a, $out/trusted_setup.txt"
