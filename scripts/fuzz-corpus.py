#!/usr/bin/env python3
"""Seed corpora for the fuzz targets from the consensus-spec reference tests.

Writes fuzz/corpus/<target>/<case> in the targets' positional input shape
(first byte 0x00, then the arguments in order; see fuzz/src/input.rs and
fuzz/src/targets.rs). The reference tests are read from the in-repo copy
spec-tests/, or from the folder FASTKZG_SPEC_TESTS names (scripts/fuzz.sh
checks it with scripts/check-spec-tests.sh first).

The batch targets (fuzz/src/batch.rs and batch/verify.rs) get a few of
those cases as one- and two-blob batches in their positional shape, and a
few short inputs in the crafted shape (first byte 0x80, then bytes that
choose the blobs, indices and corruptions), so that a short run starts
from varied batches.
"""
import os
import random
import struct
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.environ.get("FASTKZG_SPEC_TESTS") or os.path.join(ROOT, "spec-tests")
OUT = os.path.join(ROOT, "fuzz", "corpus")


def h(s):
    s = str(s)
    try:
        return bytes.fromhex(s[2:] if s.startswith("0x") else s)
    except ValueError:
        return b""


def fixed(b, n):
    return (b + bytes(n))[:n]


def u64s(values):
    out = b""
    for v in values:
        try:
            out += struct.pack("<Q", int(v) % (1 << 64))
        except (TypeError, ValueError):
            out += bytes(8)
    return out


BLOB = 131072


def encode(function, i):
    if function in ("blob_to_kzg_commitment", "compute_cells", "compute_cells_and_kzg_proofs"):
        return fixed(h(i["blob"]), BLOB)
    if function == "compute_kzg_proof":
        return fixed(h(i["blob"]), BLOB) + fixed(h(i["z"]), 32)
    if function == "compute_blob_kzg_proof":
        return fixed(h(i["blob"]), BLOB) + fixed(h(i["commitment"]), 48)
    if function == "verify_kzg_proof":
        return (fixed(h(i["commitment"]), 48) + fixed(h(i["z"]), 32)
                + fixed(h(i["y"]), 32) + fixed(h(i["proof"]), 48))
    if function == "verify_blob_kzg_proof":
        return (fixed(h(i["blob"]), BLOB) + fixed(h(i["commitment"]), 48)
                + fixed(h(i["proof"]), 48))
    if function == "verify_blob_kzg_proof_batch":
        blobs, cs, ps = i["blobs"] or [], i["commitments"] or [], i["proofs"] or []
        n = min(len(blobs), len(cs), len(ps), 4)
        out = bytes([n])
        for k in range(n):
            out += fixed(h(blobs[k]), BLOB) + fixed(h(cs[k]), 48) + fixed(h(ps[k]), 48)
        return out
    if function == "recover_cells_and_kzg_proofs":
        idx, cells = i["cell_indices"] or [], i["cells"] or []
        n = min(len(idx), len(cells), 255)
        return bytes([n]) + u64s(idx[:n]) + b"".join(fixed(h(c), 2048) for c in cells[:n])
    if function == "verify_cell_kzg_proof_batch":
        cs, idx = i["commitments"] or [], i["cell_indices"] or []
        cells, ps = i["cells"] or [], i["proofs"] or []
        n = min(len(cs), len(idx), len(cells), len(ps), 255)
        out = bytes([n])
        for k in range(n):
            out += (fixed(h(cs[k]), 48) + u64s([idx[k]]) + fixed(h(cells[k]), 2048)
                    + fixed(h(ps[k]), 48))
        return out
    if function == "compute_challenge":
        return fixed(h(i["blob"]), BLOB) + fixed(h(i["commitment"]), 48)
    if function == "compute_verify_cell_kzg_proof_batch_challenge":
        cs = (i["commitments"] or [])[:3]
        ci, idx = i["commitment_indices"] or [], i["cell_indices"] or []
        evals, ps = i["cosets_evals"] or [], i["proofs"] or []
        n = min(len(ci), len(idx), len(evals), len(ps), 7)
        out = bytes([len(cs)]) + b"".join(fixed(h(c), 48) for c in cs) + bytes([n])
        for k in range(n):
            cell = b"".join(fixed(h(e), 32) for e in (evals[k] or []))
            out += u64s([ci[k], idx[k]]) + bytes([128]) + fixed(cell, 2048) + fixed(h(ps[k]), 48)
        return out
    return None


def load(function, case):
    with open(os.path.join(SPEC, function, "kzg-mainnet", case, "data.yaml")) as f:
        return yaml.safe_load(f)


def cases(function):
    base = os.path.join(SPEC, function, "kzg-mainnet")
    return sorted(os.listdir(base)) if os.path.isdir(base) else []


def shared_shape(i, max_cells=8, max_blobs=3):
    """A verify_cell_kzg_proof_batch input as blobs at one shared index list
    (the first max_cells of each blob's), or None if it has no such shape."""
    cs, idx = i["commitments"] or [], i["cell_indices"] or []
    cells, ps = i["cells"] or [], i["proofs"] or []
    total = len(cs)
    if total == 0 or not len(idx) == len(cells) == len(ps) == total:
        return None
    runs = [0] + [k for k in range(1, total) if cs[k] != cs[k - 1]]
    n = len(runs)
    if n > max_blobs or total % n:
        return None
    k = total // n
    if runs != [b * k for b in range(n)] or any(idx[b * k:(b + 1) * k] != idx[:k] for b in range(n)):
        return None
    keep = min(k, max_cells)
    out = bytes([n - 1, keep]) + b"".join(fixed(h(cs[b * k]), 48) for b in range(n))
    out += u64s(idx[:keep])
    for b in range(n):
        out += b"".join(fixed(h(c), 2048) for c in cells[b * k:b * k + keep])
    for b in range(n):
        out += b"".join(fixed(h(p), 48) for p in ps[b * k:b * k + keep])
    return out


def batch_seeds():
    """(target, name, input) for the batch targets."""
    seeds = []

    def add(target, name, args):
        seeds.append((target, name, b"\x00" + args))

    blobs = {c: fixed(h(load("compute_cells", c)["input"]["blob"]), BLOB)
             for c in cases("compute_cells")}
    for c, blob in blobs.items():
        add("batch_compute_cells", c, bytes([1]) + blob)
    valid = [c for c in blobs if "invalid" not in c]
    invalid = [c for c in blobs if "invalid" in c]
    if valid and invalid:
        add("batch_compute_cells", "valid_then_invalid",
            bytes([2]) + blobs[valid[0]] + blobs[invalid[0]])
    # Each input costs a proof computation per implementation: few seeds.
    for c in valid[:1] + invalid[:1]:
        add("batch_compute_cells_and_kzg_proofs", c, bytes([1]) + blobs[c])
    for c in cases("recover_cells_and_kzg_proofs"):
        i = load("recover_cells_and_kzg_proofs", c)["input"]
        idx, cells = i["cell_indices"] or [], i["cells"] or []
        k = min(len(idx), len(cells), 255)
        add("batch_recover_cells", c, bytes([0, k]) + u64s(idx[:k])
            + b"".join(fixed(h(x), 2048) for x in cells[:k]))
    for c in cases("verify_cell_kzg_proof_batch"):
        seed = shared_shape(load("verify_cell_kzg_proof_batch", c)["input"])
        if seed is not None:
            add("batch_verify_cells_shared_indices", c, seed)
    commitments = {}
    for c in cases("blob_to_kzg_commitment"):
        d = load("blob_to_kzg_commitment", c)
        if d["output"]:
            commitments[str(d["input"]["blob"])] = h(d["output"])
    chosen = [c for c in cases("compute_cells_and_kzg_proofs") if "invalid" not in c][:2]
    chosen += [c for c in cases("compute_cells_and_kzg_proofs") if "invalid" in c][:1]
    for c in chosen:
        d = load("compute_cells_and_kzg_proofs", c)
        blob = str(d["input"]["blob"])
        proofs = d["output"][1] if d["output"] else []
        add("batch_verify_blob_cell_proofs", c, bytes([1]) + fixed(h(blob), BLOB)
            + fixed(commitments.get(blob, b""), 48)
            + fixed(b"".join(fixed(h(p), 48) for p in proofs), 48 * 128))
    for target, count in (("batch_compute_cells", 8), ("batch_compute_cells_and_kzg_proofs", 4),
                          ("batch_recover_cells", 8), ("batch_verify_cells_shared_indices", 8),
                          ("batch_verify_blob_cell_proofs", 8)):
        for j in range(count):
            rng = random.Random(f"{target}/{j}")
            seeds.append((target, f"crafted_{j}",
                          b"\x80" + bytes(rng.randrange(256) for _ in range(191))))
    return seeds


def main():
    if not os.path.isdir(SPEC):
        sys.exit(f"reference tests not found at {SPEC} (set FASTKZG_SPEC_TESTS)")
    total = 0
    for function in sorted(os.listdir(SPEC)):
        base = os.path.join(SPEC, function, "kzg-mainnet")
        if not os.path.isdir(base):
            continue
        for case in sorted(os.listdir(base)):
            with open(os.path.join(base, case, "data.yaml")) as f:
                data = yaml.safe_load(f)
            seed = encode(function, data["input"])
            if seed is None:
                continue
            target = os.path.join(OUT, function)
            os.makedirs(target, exist_ok=True)
            with open(os.path.join(target, case), "wb") as f:
                f.write(b"\x00" + seed)
            total += 1
    for target, name, seed in batch_seeds():
        os.makedirs(os.path.join(OUT, target), exist_ok=True)
        with open(os.path.join(OUT, target, name), "wb") as f:
            f.write(seed)
        total += 1
    print(f"fuzz-corpus: {total} seeds from {SPEC}")


if __name__ == "__main__":
    main()
