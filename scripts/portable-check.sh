#!/usr/bin/env bash
# Portability check of the shipped artifacts: runs the release CLI
# (target/release/fastkzg) and the C ABI test program linked against
# target/release/libfastkzg.a and libfastkzg.so natively and under
# `qemu-x86_64 -cpu Haswell` (AVX2 and BMI2, but no ADX and no AVX-512), and
# requires every output of the emulated run to be byte-identical to the
# native one. An artifact that executes an instruction Haswell lacks dies
# there with SIGILL, so this fails. (blst has to be built in its portable
# mode for this to pass: without it, its build script enables ADX whenever
# the build host has it.)
#
# With PORTABLE_CHECK_ARCH=aarch64 the emulated side is ARM64 instead: the
# CLI and the C library are cross-built for aarch64-unknown-linux-gnu (the
# Rust target and Debian's gcc-aarch64-linux-gnu; target/aarch64-unknown-
# linux-gnu/release) and run under qemu-aarch64, and their outputs must be
# byte-identical to those of the native x86-64 artifacts: the same steps on
# a CPU family without ADX, IFMA or any x86 kernel (blst's ARMv8 assembly
# under fastkzg's generic code).
#
# It builds nothing on the native side: run `cargo build --release
# --workspace --exclude fastkzg-bench-mt --exclude fastkzg-fuzz --all-features` first. Artifacts
# older than the sources they are built from are refused
# (PORTABLE_CHECK_ALLOW_STALE=1 downgrades that to a warning).
#
# Needs qemu-x86_64 or qemu-aarch64 (Debian package qemu-user), and for
# aarch64 the cross compiler (gcc-aarch64-linux-gnu, libc6-dev-arm64-cross):
# installed with apt-get when missing and running as root. Without them
# (or without the Rust target aarch64-unknown-linux-gnu) the check fails,
# or prints "SKIPPED: ..." and exits 0 when FASTKZG_ALLOW_SKIP=1.
# PORTABLE_CHECK_QUICK=1 runs the C ABI program in its reduced mode
# (TEST_ABI_QUICK) under emulation twice instead of once in full (the full
# emulated run takes about two minutes on two cores); for aarch64, once
# with the shared library on two threads.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
START=$SECONDS
ulimit -c 0 # no core files from killed emulated programs

BIN_SRC=target/release/fastkzg
LIB_A_SRC=target/release/libfastkzg.a
LIB_SO_SRC=target/release/libfastkzg.so
SETUP=$ROOT/crates/fastkzg/data/trusted_setup.txt
C_TEST=("$ROOT"/crates/fastkzg-c/tests/c/abi/*.c)
C_INCLUDE=$ROOT/crates/fastkzg-c/include
CPU=Haswell
ARCH=${PORTABLE_CHECK_ARCH:-x86_64}
case "$ARCH" in
x86_64) EMULATED="emulated $CPU" ;;
aarch64) EMULATED="emulated aarch64" ;;
*)
    echo "portable-check: PORTABLE_CHECK_ARCH must be x86_64 or aarch64, not $ARCH" >&2
    exit 1
    ;;
esac
FAILURES=0

W=$(mktemp -d "${TMPDIR:-/tmp}/fastkzg-portable.XXXXXX")
trap 'rm -rf "$W"' EXIT

say() { printf '%s\n' "$*"; }
pass() { say "PASS  $*"; }
fail() {
    say "FAIL  $*"
    FAILURES=$((FAILURES + 1))
}
die() {
    say "portable-check: $*" >&2
    exit 1
}
skip() {
    say "SKIPPED: $*"
    if [ "${FASTKZG_ALLOW_SKIP:-}" = 1 ]; then
        exit 0
    fi
    say "(set FASTKZG_ALLOW_SKIP=1 to let this pass as a skip)" >&2
    exit 1
}
# qemu's "TCG doesn't support requested feature" warnings (for features
# such as pcid or rtm that no user program sees) are not output of ours.
strip_qemu_warnings() {
    grep -v "^qemu-[a-z0-9_]*: warning: TCG doesn't support requested feature" "$1" >"$1.tmp" || true
    mv "$1.tmp" "$1"
}

# --- 1. The emulator (and for aarch64 the cross toolchain) ------------------------
# (apt_install and the aarch64 toolchain: scripts/aarch64-env.sh.)
# shellcheck source=scripts/aarch64-env.sh
. "$ROOT/scripts/aarch64-env.sh"
if [ "$(uname -m)" != x86_64 ]; then
    skip "not an x86-64 host ($(uname -m)): the native reference run is impossible"
fi
if [ "$ARCH" = x86_64 ]; then
    if ! command -v qemu-x86_64 >/dev/null 2>&1; then
        apt_install "$W/apt.log" qemu-user
    fi
    if ! command -v qemu-x86_64 >/dev/null 2>&1; then
        skip "qemu-user not available (qemu-x86_64 not found and could not be installed)"
    fi
    QEMU=(qemu-x86_64 -cpu "$CPU")
    say "emulator: $(qemu-x86_64 --version | head -n 1), -cpu $CPU"
else
    missing=$(a64_prepare "$W/apt.log")
    if [ -n "$missing" ]; then
        skip "$missing"
    fi
    a64_export
    QEMU=(qemu-aarch64 -L "$A64_SYSROOT")
    say "emulator: $(qemu-aarch64 --version | head -n 1), sysroot $A64_SYSROOT; cross compiler: $($A64_CC --version | head -n 1)"
fi

# --- 2. The artifacts ----------------------------------------------------------
for f in "$BIN_SRC" "$LIB_A_SRC" "$LIB_SO_SRC"; do
    [ -f "$f" ] || die "$f not found: build it first (cargo build --release --workspace --exclude fastkzg-bench-mt --exclude fastkzg-fuzz --all-features); this script does not build"
done
# Sources newer than an artifact mean that it is stale.
stale=0
for f in "$BIN_SRC" "$LIB_A_SRC" "$LIB_SO_SRC"; do
    newer=$(find Cargo.toml Cargo.lock crates/fastkzg/src crates/fastkzg/data crates/fastkzg/Cargo.toml \
        crates/fastkzg-cli/src crates/fastkzg-cli/Cargo.toml crates/fastkzg-c/src crates/fastkzg-c/Cargo.toml \
        -type f -newer "$f" 2>/dev/null | head -n 1 || true)
    if [ -n "$newer" ]; then
        say "portable-check: $f is older than $newer (stale)" >&2
        stale=1
    fi
done
if [ "$stale" = 1 ]; then
    if [ "${PORTABLE_CHECK_ALLOW_STALE:-}" = 1 ]; then
        say "WARNING: checking stale artifacts (PORTABLE_CHECK_ALLOW_STALE=1)"
    else
        die "stale artifacts: rebuild them (or set PORTABLE_CHECK_ALLOW_STALE=1)"
    fi
fi
# Private copies, so that a rebuild during the check cannot swap the
# artifacts between the native and the emulated run.
mkdir -p "$W/bin"
cp "$BIN_SRC" "$LIB_A_SRC" "$LIB_SO_SRC" "$W/bin/"
FASTKZG=$W/bin/fastkzg
# The artifacts run under emulation: the same files for x86-64; for aarch64
# the CLI and the C library cross-built here (the default features: what
# `cargo build --release --target aarch64-unknown-linux-gnu` gives a user).
if [ "$ARCH" = x86_64 ]; then
    EMU_BIN=$W/bin
else
    say "cross-building fastkzg-cli and fastkzg-c for $A64_TARGET"
    t0=$SECONDS
    if ! cargo build --release --target "$A64_TARGET" -p fastkzg-cli -p fastkzg-c >"$W/cross.log" 2>&1; then
        tail -n 20 "$W/cross.log" >&2
        die "the aarch64 cross build failed"
    fi
    say "      (cross build $((SECONDS - t0))s)"
    EMU_BIN=$W/bin-$ARCH
    mkdir -p "$EMU_BIN"
    for f in fastkzg libfastkzg.a libfastkzg.so; do
        cp "target/$A64_TARGET/release/$f" "$EMU_BIN/"
    done
fi
EMU_FASTKZG=$EMU_BIN/fastkzg

# --- The emulated CPU -------------------------------------------------------------
# The emulated CPU really lacks ADX and AVX-512, and qemu really refuses
# instructions the model lacks (a program executing adcx dies with SIGILL),
# so that a PASS below means something. For aarch64: the emulated artifacts
# really are ARM64 programs.
if [ "$ARCH" = x86_64 ]; then
    cat >"$W/cpuid.c" <<'EOF'
#include <cpuid.h>
#include <stdio.h>
int main(void) {
    unsigned a, b, c, d;
    __cpuid_count(7, 0, a, b, c, d);
    printf("adx=%u avx512f=%u avx512ifma=%u avx2=%u bmi2=%u\n", (b >> 19) & 1, (b >> 16) & 1,
           (b >> 21) & 1, (b >> 5) & 1, (b >> 8) & 1);
    return 0;
}
EOF
    cat >"$W/adcx.c" <<'EOF'
#include <stdio.h>
int main(void) {
    unsigned long long a = ~0ULL, b = 1;
    __asm__ volatile("xor %%eax, %%eax\n\tadcx %1, %0" : "+r"(a) : "r"(b) : "rax", "cc");
    printf("adcx executed: %llu\n", a);
    return 0;
}
EOF
    cc -O1 "$W/cpuid.c" -o "$W/cpuid"
    cc -O1 "$W/adcx.c" -o "$W/adcx"
    features=$("${QEMU[@]}" "$W/cpuid" 2>/dev/null || true)
    if [ "$features" = "adx=0 avx512f=0 avx512ifma=0 avx2=1 bmi2=1" ]; then
        pass "emulated $CPU CPUID: $features"
    else
        fail "emulated $CPU CPUID: expected adx=0 avx512f=0 avx512ifma=0 avx2=1 bmi2=1, got: $features"
    fi
    # (In a subshell with stderr discarded: no "Illegal instruction" job notice.)
    rc=$( ("${QEMU[@]}" "$W/adcx" >/dev/null 2>&1; echo $?) 2>/dev/null)
    if [ "$rc" = 132 ]; then
        pass "emulated $CPU kills a program executing adcx with SIGILL (exit 132)"
    else
        fail "emulated $CPU ran adcx without SIGILL (exit $rc): this qemu does not enforce the CPU model"
    fi
else
    for f in fastkzg libfastkzg.so; do
        machine=$(LC_ALL=C readelf -h "$EMU_BIN/$f" 2>/dev/null | sed -n 's/^ *Machine: *//p')
        if [ "$machine" = AArch64 ]; then
            pass "$f for $A64_TARGET is an AArch64 ELF file"
        else
            fail "$f for $A64_TARGET: ELF machine '$machine', expected AArch64"
        fi
    done
fi

# --- 3. The CLI, natively and emulated --------------------------------------------------
# Every step runs in the mode's own directory with relative paths, so that
# stdout, stderr and the files written must match byte for byte.
# run_step MODE NAME THREADS EXPECTED_EXIT ARGS...: runs `fastkzg ARGS...`
# with FASTKZG_NUM_THREADS=THREADS; the results are checked further down.
run_step() {
    local mode=$1 name=$2 threads=$3 expected=$4
    shift 4
    local dir=$W/$mode rc=0 t0=$SECONDS
    # (The outer 2>/dev/null only takes bash's "Illegal instruction" job
    # notices; the exit status says it.)
    if [ "$mode" = native ]; then
        { (cd "$dir" && FASTKZG_NUM_THREADS=$threads "$FASTKZG" "$@") \
            >"$W/$mode.$name.out" 2>"$W/$mode.$name.err" || rc=$?; } 2>/dev/null
    else
        { (cd "$dir" && FASTKZG_NUM_THREADS=$threads "${QEMU[@]}" "$EMU_FASTKZG" "$@") \
            >"$W/$mode.$name.out" 2>"$W/$mode.$name.err" || rc=$?; } 2>/dev/null
        strip_qemu_warnings "$W/$mode.$name.err"
    fi
    echo "$rc" >"$W/$mode.$name.rc"
    echo $((SECONDS - t0)) >"$W/$mode.$name.time"
    echo "$threads $expected" >"$W/$mode.$name.want"
}

# The subset directories for `recover` are made from each run's own cells.
make_subsets() { # DIR
    local d=$1 i
    mkdir -p "$d/odd" "$d/bad"
    for i in $(seq 1 2 127); do
        cp "$d/cells/$(printf 'cell_%03d.bin' "$i")" "$d/odd/"
    done
    cp "$d/cells/commitment.hex" "$d/odd/"
    # Cells with two proofs swapped: every file well-formed, the batch
    # invalid.
    cp "$d/cells/"* "$d/bad/"
    cp "$d/cells/proof_000.hex" "$d/bad/proof_001.hex"
    cp "$d/cells/proof_001.hex" "$d/bad/proof_000.hex"
}

# The serial repeats of cells and verify-cells and the recovery from a list
# of files run in every mode but quick aarch64, where each emulated step
# is about four times slower than under qemu-x86_64.
FULL_CLI=1
if [ "${PORTABLE_CHECK_QUICK:-}" = 1 ] && [ "$ARCH" = aarch64 ]; then
    FULL_CLI=0
fi

# Cells 0-31 and 64-95 as a list of files.
HALF_FILES=()
for i in $(seq 0 31) $(seq 64 95); do
    HALF_FILES+=("cells/$(printf 'cell_%03d.bin' "$i")")
done

cli_run() { # MODE
    local m=$1 d=$W/$1 proof_at y_at
    mkdir -p "$d"
    run_step "$m" random-blob 1 0 random-blob blob.bin --seed 4844
    run_step "$m" commit 2 0 commit blob.bin
    run_step "$m" prove 1 0 prove blob.bin
    run_step "$m" prove-commitment 2 0 prove blob.bin -c "$W/$m.commit.out"
    run_step "$m" prove-at 2 0 prove blob.bin --at 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
    run_step "$m" verify 2 0 verify blob.bin -c "$W/$m.commit.out" -p "$W/$m.prove.out"
    proof_at=$(sed -n 's/^proof: //p' "$W/$m.prove-at.out")
    y_at=$(sed -n 's/^y: //p' "$W/$m.prove-at.out")
    run_step "$m" verify-point 1 0 verify-point -c "$W/$m.commit.out" \
        -z 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef -y "${y_at:-0x00}" -p "${proof_at:-0x00}"
    run_step "$m" cells 2 0 cells blob.bin --out cells
    if [ "$FULL_CLI" = 1 ]; then
        run_step "$m" cells-serial 1 0 cells blob.bin --out cells-serial
    fi
    if [ -f "$d/cells/cell_127.bin" ]; then
        make_subsets "$d"
    fi
    run_step "$m" recover-odd 1 0 recover odd --out recovered-odd --blob recovered-odd.bin
    run_step "$m" verify-cells 2 0 verify-cells recovered-odd
    if [ "$FULL_CLI" = 1 ]; then
        run_step "$m" recover-files 2 0 recover "${HALF_FILES[@]}" --indices 0-31,64-95 --out recovered-files
        run_step "$m" verify-cells-serial 1 0 verify-cells recovered-files
    fi
    # Negative cases: a wrong proof (the commitment, a valid point) and
    # swapped cell proofs must be found invalid (exit 1).
    run_step "$m" verify-wrong-proof 1 1 verify blob.bin -c "$W/$m.commit.out" -p "$W/$m.commit.out"
    run_step "$m" verify-cells-swapped 2 1 verify-cells bad
}

# Step name, and the files it writes (comma-separated, in the run
# directory) that must be identical too.
CHECKS=(
    "random-blob blob.bin"
    "commit -"
    "prove -"
    "prove-commitment -"
    "prove-at -"
    "verify -"
    "verify-point -"
    "cells cells"
    "recover-odd recovered-odd,recovered-odd.bin"
    "verify-cells -"
    "verify-wrong-proof -"
    "verify-cells-swapped -"
)
if [ "$FULL_CLI" = 1 ]; then
    CHECKS+=(
        "cells-serial cells-serial"
        "recover-files recovered-files"
        "verify-cells-serial -"
    )
fi

t0=$SECONDS
cli_run native
native_time=$((SECONDS - t0))
t0=$SECONDS
cli_run qemu
qemu_time=$((SECONDS - t0))

for c in "${CHECKS[@]}"; do
    read -r name outputs <<<"$c"
    read -r threads expected <"$W/native.$name.want"
    n_rc=$(cat "$W/native.$name.rc")
    q_rc=$(cat "$W/qemu.$name.rc")
    what="fastkzg $name (FASTKZG_NUM_THREADS=$threads)"
    problems=()
    [ "$n_rc" = "$expected" ] || problems+=("native exit $n_rc, expected $expected")
    [ "$q_rc" = "$expected" ] || problems+=("qemu exit $q_rc, expected $expected")
    if [ "$q_rc" -ge 128 ]; then
        problems+=("qemu run killed by signal $((q_rc - 128))$([ "$q_rc" = 132 ] && echo ' (SIGILL: an instruction the CPU lacks)')")
    fi
    cmp -s "$W/native.$name.out" "$W/qemu.$name.out" || problems+=("stdout differs")
    cmp -s "$W/native.$name.err" "$W/qemu.$name.err" || problems+=("stderr differs")
    compared="stdout, stderr"
    if [ "$outputs" != - ]; then
        IFS=, read -r -a outs <<<"$outputs"
        for o in "${outs[@]}"; do
            if [ ! -e "$W/native/$o" ]; then
                problems+=("native run wrote no $o")
            elif ! diff -r "$W/native/$o" "$W/qemu/$o" >/dev/null 2>&1; then
                problems+=("$o differs")
            fi
            compared+=", $o"
        done
    fi
    if [ ${#problems[@]} -eq 0 ]; then
        pass "$what: exit $expected, $compared identical (qemu $(cat "$W/qemu.$name.time")s)"
    else
        fail "$what: $(IFS=';'; echo "${problems[*]}" | sed 's/;/; /g')"
        for m in native qemu; do
            if [ -s "$W/$m.$name.err" ]; then
                sed "s/^/    $m stderr: /" "$W/$m.$name.err" | head -n 5
            fi
        done
    fi
done

# Consistency within the emulated run: serial and parallel cells agree,
# recovery gives back the cells and the blob, and verify said what it must.
problems=()
if [ "$FULL_CLI" = 1 ]; then
    diff -r "$W/qemu/cells" "$W/qemu/cells-serial" >/dev/null 2>&1 || problems+=("cells with 1 and 2 threads differ")
    diff -r "$W/qemu/cells" "$W/qemu/recovered-files" >/dev/null 2>&1 || problems+=("cells recovered from 0-31,64-95 differ from the cells")
fi
diff -r "$W/qemu/cells" "$W/qemu/recovered-odd" >/dev/null 2>&1 || problems+=("cells recovered from the odd ones differ from the cells")
cmp -s "$W/qemu/blob.bin" "$W/qemu/recovered-odd.bin" || problems+=("recovered blob differs from the blob")
[ "$(cat "$W/qemu.verify.out")" = valid ] || problems+=("verify printed '$(cat "$W/qemu.verify.out")', not valid")
[ "$(cat "$W/qemu.verify-wrong-proof.out")" = invalid ] || problems+=("verify of a wrong proof printed '$(cat "$W/qemu.verify-wrong-proof.out")', not invalid")
if [ ${#problems[@]} -eq 0 ]; then
    pass "emulated run consistent: $([ "$FULL_CLI" = 1 ] && echo 'serial = parallel cells, ')recovery = cells and blob, valid/invalid verdicts"
else
    fail "emulated run inconsistent: $(IFS=';'; echo "${problems[*]}" | sed 's/;/; /g')"
fi
say "      (CLI: native ${native_time}s, emulated ${qemu_time}s)"

# --- 4. The C ABI, natively and emulated --------------------------------------------------
# As crates/fastkzg-c/tests/c_abi.rs compiles and runs it.
CFLAGS=(-std=c11 -Wall -Wextra -pedantic -Werror -O1 -g -I "$C_INCLUDE")
# build_abi_tests CC LIBDIR SUFFIX: test_abi_static and test_abi_shared
# (linked against LIBDIR's libraries) as $W/c/PROGRAM$SUFFIX.
build_abi_tests() {
    local cc=$1 lib=$2 suffix=$3
    "$cc" "${CFLAGS[@]}" "${C_TEST[@]}" -o "$W/c/test_abi_static$suffix" "$lib/libfastkzg.a" \
        -lpthread -ldl -lm -lrt -lutil -lgcc_s
    "$cc" "${CFLAGS[@]}" "${C_TEST[@]}" -o "$W/c/test_abi_shared$suffix" -L"$lib" -l:libfastkzg.so \
        -Wl,-rpath,"$lib" -lpthread
}
mkdir -p "$W/c"
build_abi_tests cc "$W/bin" ""
ldd "$W/c/test_abi_shared" >"$W/c/ldd.txt" 2>&1 || true
if ! grep -q "$W/bin/libfastkzg.so" "$W/c/ldd.txt"; then
    fail "test_abi_shared does not load $W/bin/libfastkzg.so"
fi
# The emulated runs use the same programs for x86-64, cross-built ones
# (".emu") against the aarch64 libraries for aarch64.
EMU_SUFFIX=""
if [ "$ARCH" = aarch64 ]; then
    EMU_SUFFIX=.emu
    build_abi_tests "$A64_CC" "$EMU_BIN" "$EMU_SUFFIX"
fi

c_run() { # MODE PROGRAM THREADS QUICK
    local mode=$1 prog=$2 threads=$3 quick=$4 rc=0 t0=$SECONDS
    local base=$W/c/$mode.$prog.t$threads
    local env=(env FASTKZG_NUM_THREADS="$threads")
    if [ "$quick" = 1 ]; then env+=(TEST_ABI_QUICK=1); fi
    if [ "$mode" = native ]; then
        { (cd "$W/c" && "${env[@]}" "$W/c/$prog" "$SETUP" "$base.dump") \
            >"$base.out" 2>"$base.err" || rc=$?; } 2>/dev/null
    else
        { (cd "$W/c" && "${env[@]}" "${QEMU[@]}" "$W/c/$prog$EMU_SUFFIX" "$SETUP" "$base.dump") \
            >"$base.out" 2>"$base.err" || rc=$?; } 2>/dev/null
        strip_qemu_warnings "$base.err"
    fi
    echo "$rc" >"$base.rc"
    echo $((SECONDS - t0)) >"$base.time"
}

c_check() { # PROGRAM THREADS QUICK
    local prog=$1 threads=$2 quick=$3
    local n=$W/c/native.$prog.t$threads q=$W/c/qemu.$prog.t$threads
    c_run native "$prog" "$threads" "$quick"
    c_run qemu "$prog" "$threads" "$quick"
    local what="C ABI $prog$([ "$quick" = 1 ] && echo ' (TEST_ABI_QUICK)') (FASTKZG_NUM_THREADS=$threads)"
    local problems=()
    [ "$(cat "$n.rc")" = 0 ] || problems+=("native exit $(cat "$n.rc")")
    [ "$(cat "$q.rc")" = 0 ] || problems+=("qemu exit $(cat "$q.rc")$([ "$(cat "$q.rc")" = 132 ] && echo ' (SIGILL)')")
    grep -q ', 0 failed' "$q.out" || problems+=("qemu output: $(tr '\n' ' ' <"$q.out")")
    cmp -s "$n.out" "$q.out" || problems+=("stdout differs")
    if [ ! -s "$n.dump" ]; then
        problems+=("native run wrote no dump")
    elif ! cmp -s "$n.dump" "$q.dump"; then
        problems+=("dump differs")
    fi
    if [ ${#problems[@]} -eq 0 ]; then
        pass "$what: exit 0, '$(tr -d '\n' <"$q.out")', stdout and dump ($(wc -c <"$q.dump") bytes) identical (native $(cat "$n.time")s, qemu $(cat "$q.time")s)"
    else
        fail "$what: $(IFS=';'; echo "${problems[*]}" | sed 's/;/; /g')"
        for f in "$n" "$q"; do
            if [ -s "$f.err" ]; then sed "s/^/    $(basename "$f") stderr: /" "$f.err" | head -n 5; fi
        done
    fi
}

if [ "${PORTABLE_CHECK_QUICK:-}" = 1 ] && [ "$ARCH" = aarch64 ]; then
    # One emulated aarch64 run (about a minute on two cores): the shared
    # library, which the bindings load, on two threads; the native static
    # and shared runs are compared with each other below.
    c_check test_abi_shared 2 1
    c_run native test_abi_static 2 1
    c_run native test_abi_shared 1 1
elif [ "${PORTABLE_CHECK_QUICK:-}" = 1 ]; then
    c_check test_abi_static 2 1
    c_check test_abi_static 1 1
    c_check test_abi_shared 1 1
else
    c_check test_abi_static 2 0
    c_check test_abi_shared 1 1
fi
if cmp -s "$W/c/native.test_abi_static.t2.dump" "$W/c/native.test_abi_shared.t1.dump"; then
    pass "C ABI dumps of the static (2 threads) and shared (serial) runs identical"
else
    fail "C ABI dumps of the static and the shared library differ"
fi

# --- 5. Summary ---------------------------------------------------------------------
elapsed=$((SECONDS - START))
if [ "$FAILURES" -eq 0 ]; then
    say "portable-check: all passed on $EMULATED in ${elapsed}s"
else
    say "portable-check: $FAILURES FAILED (elapsed ${elapsed}s)"
    exit 1
fi
