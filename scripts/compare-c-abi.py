#!/usr/bin/env python3
"""Interleaved before/after comparison of two builds of libfastkzg.so.

Loads both shared libraries (the C ABI, c-kzg's ckzg.h signatures) into one
process, checks that they compute the same commitment, cells and proofs,
and times each function on the same inputs, alternating the libraries call
by call (the first one rotating), so that load from other processes hits
both alike. Prints the median of each and their ratio.

    scripts/compare-c-abi.py OLD.so NEW.so [SECONDS_PER_FUNCTION] [FILTER]

FILTER keeps the functions whose name contains it. Besides every function
of ckzg.h it times the batch calls of fastkzg.h on 6 and 16 blobs (each
verification first forgets the decoded commitments, as the report's rows
do).

The environment of the run applies to both (FASTKZG_NO_IFMA=1,
FASTKZG_NUM_THREADS=N). Build the old library in another target directory,
for example: git worktree add /tmp/old REV && (cd /tmp/old &&
CARGO_TARGET_DIR=/tmp/old-target cargo build --release -p fastkzg-c).
"""
import ctypes, os, random, statistics, sys, time

old_path, new_path = sys.argv[1], sys.argv[2]
secs = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
only = sys.argv[4] if len(sys.argv) > 4 else ""
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
    assert lib.load_trusted_setup_file(s, f, ctypes.c_uint64(0)) == 0
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
def verified(call, *args):
    """Calls a verification (its `bool *ok` first) and asserts it accepts."""
    ok = ctypes.c_bool(False)
    assert call(ctypes.byref(ok), *args) == 0 and ok.value
def cell(cells_bytes, i):
    return cells_bytes[2048 * i:2048 * (i + 1)]
def verify(lib, s):
    verified(lib.verify_cell_kzg_proof_batch, comms, idx, cells, proofs, ctypes.c_uint64(128), s)
# 16 blobs with their commitments, cells and proofs (the first build's).
blobs = [B] + [blob() for _ in range(15)]
many = [(commit(*libs[0], b), *cells_proofs(*libs[0], b)) for b in blobs]
def forget(lib, s):
    assert lib.fastkzg_forget_decoded_commitments(s) == 0
# verify_cells_shared_indices: 16 blobs at 8 shared indices.
shared = sorted(random.Random(8).sample(range(128), 8))
sh_idx = (ctypes.c_uint64 * 8)(*shared)
sh_comms = b"".join(m[0] for m in many)
sh_cells = b"".join(cell(m[1], i) for m in many for i in shared)
sh_proofs = b"".join(m[2][48 * i:48 * (i + 1)] for m in many for i in shared)
def verify_shared(lib, s):
    forget(lib, s)
    verified(lib.fastkzg_verify_cells_shared_indices, sh_comms, sh_idx, ctypes.c_uint64(8), sh_cells, sh_proofs, ctypes.c_uint64(16), s)
# verify_blob_cell_proofs: 6 blobs, all 128 proofs of each.
six_blobs = b"".join(blobs[:6]); six_comms = sh_comms[:6 * 48]
six_proofs = b"".join(m[2] for m in many[:6])
def verify_blobs(lib, s):
    forget(lib, s)
    verified(lib.fastkzg_verify_blob_cell_proofs, six_blobs, six_comms, six_proofs, ctypes.c_uint64(6), s)
# The other ckzg.h functions, on blob 0 (z: another blob's first element).
z = blobs[1][:32]
def kzg_proof(lib, s):
    proof, y = ctypes.create_string_buffer(48), ctypes.create_string_buffer(32)
    assert lib.compute_kzg_proof(proof, y, B, z, s) == 0
    return proof.raw, y.raw
pz, yz = kzg_proof(*libs[0])
def blob_proof(lib, s, b=B, c=c0):
    out = ctypes.create_string_buffer(48)
    assert lib.compute_blob_kzg_proof(out, b, c, s) == 0
    return out.raw
bp = blob_proof(*libs[0])
def verify_point(lib, s):
    verified(lib.verify_kzg_proof, c0, z, yz, pz, s)
def verify_blob(lib, s):
    verified(lib.verify_blob_kzg_proof, B, c0, bp, s)
sixteen_blobs = b"".join(blobs)
bps = b"".join(blob_proof(*libs[0], b, m[0]) for b, m in zip(blobs, many))
def verify_blob_batch(lib, s):
    verified(lib.verify_blob_kzg_proof_batch, sixteen_blobs, sh_comms, bps, ctypes.c_uint64(16), s)
# Recovery from a random half of blob 0's cells (cells and proofs).
half = sorted(random.Random(7).sample(range(128), 64))
rc_idx = (ctypes.c_uint64 * 64)(*half)
rc_cells = b"".join(cell(cells, i) for i in half)
def recover(lib, s):
    out_c, out_p = ctypes.create_string_buffer(128 * 2048), ctypes.create_string_buffer(128 * 48)
    assert lib.recover_cells_and_kzg_proofs(out_c, out_p, rc_idx, rc_cells, ctypes.c_uint64(64), s) == 0
# The batch computations of fastkzg.h over 6 blobs.
def cells_batch(lib, s):
    out = ctypes.create_string_buffer(6 * 128 * 2048)
    assert lib.fastkzg_compute_cells_batch(out, six_blobs, ctypes.c_uint64(6), s) == 0
def cells_proofs_batch(lib, s):
    out_c, out_p = ctypes.create_string_buffer(6 * 128 * 2048), ctypes.create_string_buffer(6 * 128 * 48)
    assert lib.fastkzg_compute_cells_and_kzg_proofs_batch(out_c, out_p, six_blobs, ctypes.c_uint64(6), s) == 0
rb_cells = b"".join(cell(m[1], i) for m in many[:6] for i in half)
def recover_batch(lib, s):
    out = ctypes.create_string_buffer(6 * 128 * 2048)
    assert lib.fastkzg_recover_cells_batch(out, rc_idx, ctypes.c_uint64(64), rb_cells, ctypes.c_uint64(6), s) == 0
cases = [
    ("blob_to_kzg_commitment", lambda lib, s: commit(lib, s, B)),
    ("compute_cells", lambda lib, s: cells_proofs(lib, s, B, False)),
    ("compute_cells_and_kzg_proofs, p0", lambda lib, s: cells_proofs(lib, s, B)),
    ("compute_kzg_proof", kzg_proof),
    ("compute_blob_kzg_proof", blob_proof),
    ("verify_kzg_proof", verify_point),
    ("verify_blob_kzg_proof", verify_blob),
    ("verify_blob_kzg_proof_batch, 16 blobs", verify_blob_batch),
    ("recover_cells_and_kzg_proofs, random half", recover),
    ("verify_cell_kzg_proof_batch, 128 cells", verify),
    ("compute_cells_batch, 6 blobs", cells_batch),
    ("compute_cells_and_kzg_proofs_batch, 6 blobs", cells_proofs_batch),
    ("recover_cells_batch, 6 blobs", recover_batch),
    ("verify_blob_cell_proofs, 6 blobs", verify_blobs),
    ("verify_cells_shared_indices, 16 × 8", verify_shared),
]
for name, f in [c for c in cases if only in c[0]]:
    samples = ([], [])
    start = time.perf_counter(); r = 0
    while time.perf_counter() - start < 2 * secs or r < 10:
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for i in order:
            t = time.perf_counter_ns(); f(*libs[i]); samples[i].append(time.perf_counter_ns() - t)
        r += 1
    m0, m1 = statistics.median(samples[0]), statistics.median(samples[1])
    print(f"{name:40s} before {m0/1e6:9.3f} ms  after {m1/1e6:9.3f} ms  after/before {m1/m0:.3f}  ({r} rounds)")
