# The aarch64 cross toolchain, sourced by scripts/portable-check.sh and
# scripts/aarch64-tests.sh (not run on its own): the Rust target, Debian's
# cross compiler and sysroot, and qemu-aarch64.

A64_TARGET=aarch64-unknown-linux-gnu
A64_SYSROOT=/usr/aarch64-linux-gnu
A64_CC=aarch64-linux-gnu-gcc

# apt_install LOG PACKAGE...: installs Debian packages when running as root
# (apt-get's output to LOG, its last lines to stderr if the install fails;
# the notice to stderr too, so that callers may capture stdout).
apt_install() {
    local log=$1
    shift
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing $* with apt-get" >&2
        export DEBIAN_FRONTEND=noninteractive
        if ! apt-get install -y --no-install-recommends "$@" >"$log" 2>&1; then
            apt-get update >>"$log" 2>&1 &&
                apt-get install -y --no-install-recommends "$@" >>"$log" 2>&1 ||
                tail -n 5 "$log" >&2
        fi
    fi
}

# a64_prepare LOG: installs the missing Debian packages (qemu-user, the
# cross compiler and its sysroot) as root, then prints what is still
# missing, one line, or nothing when the toolchain is usable.
a64_prepare() {
    local log=$1 libdir
    command -v qemu-aarch64 >/dev/null 2>&1 || apt_install "$log" qemu-user
    if ! command -v "$A64_CC" >/dev/null 2>&1 || [ ! -d "$A64_SYSROOT/lib" ]; then
        apt_install "$log" gcc-aarch64-linux-gnu libc6-dev-arm64-cross
    fi
    if ! command -v qemu-aarch64 >/dev/null 2>&1; then
        echo "qemu-aarch64 not found (Debian package qemu-user)"
    elif ! command -v "$A64_CC" >/dev/null 2>&1 || [ ! -d "$A64_SYSROOT/lib" ]; then
        echo "no aarch64 cross compiler ($A64_CC and $A64_SYSROOT; Debian packages gcc-aarch64-linux-gnu, libc6-dev-arm64-cross)"
    else
        libdir=$(rustc --print target-libdir --target "$A64_TARGET" 2>/dev/null || true)
        if [ -z "$libdir" ] || [ ! -d "$libdir" ]; then
            echo "the Rust target $A64_TARGET is not installed (rustup target add $A64_TARGET)"
        fi
    fi
}

# a64_export: the environment cargo needs to build for, and run under
# qemu-aarch64, the aarch64 target (linker, C compiler and archiver for
# build scripts such as blst's, test runner).
a64_export() {
    export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=$A64_CC
    export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L $A64_SYSROOT"
    export CC_aarch64_unknown_linux_gnu=$A64_CC
    export AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
}
