#!/usr/bin/env python3
"""Seed corpora for the fuzz targets from the consensus-spec reference tests.

Writes fuzz/corpus/<target>/<case> in the targets' positional input shape
(first byte 0x00, then the arguments in order; see fuzz/src/input.rs and
fuzz/src/targets.rs). The reference tests are read from the in-repo copy
spec-tests/, or from the folder FASTKZG_SPEC_TESTS names (scripts/fuzz.sh
checks it with scripts/check-spec-tests.sh first).
"""
import os
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
    print(f"fuzz-corpus: {total} seeds from {SPEC}")


if __name__ == "__main__":
    main()
