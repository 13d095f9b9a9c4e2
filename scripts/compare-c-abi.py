#!/usr/bin/env python3
"""Interleaved before/after comparison of two builds of libfastkzg.so.

Loads both shared libraries (the C ABI, c-kzg's ckzg.h signatures) into one
process, checks that they compute the same commitment, cells and proofs,
and times each function on the same inputs, alternating the libraries call
by call (the first one rotating), so that load from other processes hits
both alike. Prints the median of each and their ratio.

    scripts/compare-c-abi.py OLD.so NEW.so [SECONDS_PER_FUNCTION]

The environment of the run applies to both (FASTKZG_NO_IFMA=1,
FASTKZG_NUM_THREADS=N). Build the old library in another target directory,
for example: git worktree add /tmp/old REV && (cd /tmp/old &&
CARGO_TARGET_DIR=/tmp/old-target cargo build --release -p fastkzg-c).
"""
import ctypes, os, random, statistics, sys, time

old_path, new_path = sys.argv[1], sys.argv[2]
secs = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.fclose.argtypes = [ctypes.c_void_p]
SETUP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates", "fastkzg", "data", "trusted_setup.txt").encode()

def load(path):
    lib = ctypes.CDLL(os.path.abspath(path), mode=os.RTLD_LOCAL)
    s = ctypes.create_string_buffer(128)
    f = libc.fopen(SETUP, b"r")
    lib.load_trusted_setup_file.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint64]
    assert lib.load_trusted_setup_file(s, f, 0) == 0
    libc.fclose(f)
    return lib, s

rng = random.Random(7)
def blob():
    b = bytearray(rng.getrandbits(8) for _ in range(131072))
    for i in range(0, len(b), 32):
        b[i] &= 0x3f
    return bytes(b)

B = blob()
libs = [load(old_path), load(new_path)]
def commit(lib, s, b):
    out = ctypes.create_string_buffer(48)
    assert lib.blob_to_kzg_commitment(out, b, s) == 0
    return out.raw
def cells_proofs(lib, s, b, with_proofs=True):
    cells = ctypes.create_string_buffer(128 * 2048)
    proofs = ctypes.create_string_buffer(128 * 48) if with_proofs else None
    assert lib.compute_cells_and_kzg_proofs(cells, proofs, b, s) == 0
    return cells.raw, proofs.raw if with_proofs else None

c0 = commit(*libs[0], B); c1 = commit(*libs[1], B)
cp0 = cells_proofs(*libs[0], B); cp1 = cells_proofs(*libs[1], B)
assert c0 == c1 and cp0 == cp1, "the builds disagree"
cells, proofs = cp0
idx = (ctypes.c_uint64 * 128)(*range(128))
comms = c0 * 128
def verify(lib, s):
    ok = ctypes.c_bool(False)
    assert lib.verify_cell_kzg_proof_batch(ctypes.byref(ok), comms, idx, cells, proofs, 128, s) == 0
    assert ok.value
cases = [
    ("blob_to_kzg_commitment", lambda lib, s: commit(lib, s, B)),
    ("compute_cells", lambda lib, s: cells_proofs(lib, s, B, False)),
    ("compute_cells_and_kzg_proofs, p0", lambda lib, s: cells_proofs(lib, s, B)),
    ("verify_cell_kzg_proof_batch, 128 cells", verify),
]
for name, f in cases:
    samples = ([], [])
    start = time.perf_counter(); r = 0
    while time.perf_counter() - start < 2 * secs or r < 10:
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for i in order:
            t = time.perf_counter_ns(); f(*libs[i]); samples[i].append(time.perf_counter_ns() - t)
        r += 1
    m0, m1 = statistics.median(samples[0]), statistics.median(samples[1])
    print(f"{name:40s} before {m0/1e6:9.3f} ms  after {m1/1e6:9.3f} ms  after/before {m1/m0:.3f}  ({r} rounds)")
