#!/usr/bin/env bash
# Sanitizers over the unsafe parts of fastkzg, one command:
#   1. the C ABI test program (crates/fastkzg-c/tests/c/abi/*.c) built
#      with clang -fsanitize=address,undefined against libfastkzg.a;
#   2. the same program under valgrind memcheck against libfastkzg.so
#      (serial, quick mode: valgrind runs ~50× slower);
#   3. with SANITIZE_RUST=1, the Rust unit tests of the C ABI, of the
#      library (blst adapter, batch-affine and FFT code) and of the AVX-512
#      IFMA kernels (crates/fastkzg-ifma: their gathers and stores, on CPUs
#      with IFMA) built with -Zsanitizer=address on nightly (slow: a
#      separate build).
# Any report fails the script. The fuzz targets (scripts/fuzz.sh) run the
# Rust code under AddressSanitizer as well.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/sanitize
mkdir -p "$out"
setup=crates/fastkzg/data/trusted_setup.txt
cargo build --release -p fastkzg-c
if ! command -v clang >/dev/null; then
    echo "sanitize: installing clang"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q clang >/dev/null
fi
command -v valgrind >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >/dev/null
src=(-std=c11 -O1 -g -fno-omit-frame-pointer -Icrates/fastkzg-c/include crates/fastkzg-c/tests/c/abi/*.c)
libs=(-lpthread -ldl -lm -lrt -lutil)

echo "== clang -fsanitize=address,undefined, static library"
clang "${src[@]}" -fsanitize=address,undefined -fno-sanitize-recover=all \
    target/release/libfastkzg.a "${libs[@]}" -o "$out/test_abi_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$out/test_abi_asan" "$setup" "$out/dump_asan.bin"

echo "== valgrind memcheck, shared library"
# (DWARF 4: valgrind 3.19 cannot read clang's default DWARF 5.)
clang "${src[@]}" -gdwarf-4 -Ltarget/release -lfastkzg -Wl,-rpath,"$PWD/target/release" "${libs[@]}" \
    -o "$out/test_abi_shared"
TEST_ABI_QUICK=1 FASTKZG_NUM_THREADS=1 valgrind -q --error-exitcode=1 --leak-check=full \
    --errors-for-leak-kinds=definite --show-leak-kinds=definite \
    "$out/test_abi_shared" "$setup" "$out/dump_valgrind.bin"

if [ "${SANITIZE_RUST:-0}" = 1 ]; then
    echo "== Rust unit tests under AddressSanitizer (nightly)"
    RUSTFLAGS="-Zsanitizer=address" RUSTDOCFLAGS="-Zsanitizer=address" \
    CARGO_TARGET_DIR=target/asan cargo +nightly test --target x86_64-unknown-linux-gnu \
        -p fastkzg-c -p fastkzg -p fastkzg-ifma --lib --release
fi
echo "sanitize: no reports"
