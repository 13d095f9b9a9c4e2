#!/usr/bin/env python3
"""fastkzg against ckzg 2.1.8, in one process, on the same inputs.

Every function is called through the ckzg calling convention
(``fastkzg.<function>(..., settings)``), so the figures include the same
argument handling. Samples of ckzg and fastkzg are interleaved (in a
rotating order) and the median of each is reported, in two passes:
fastkzg on all cores, then on one thread; each speed-up is against the
ckzg samples of its own pass. Both libraries load the mainnet setup with ``precompute=0`` and
are warmed up first (fastkzg builds its commitment table after 16
commitments).

    python bench.py [--samples N] [--setup PATH] [--markdown]

Needs ``ckzg==2.1.8`` and the mainnet ``trusted_setup.txt`` (default: the
copy in the c-kzg 2.1.8 crate source under ``~/.cargo/registry``).
"""

import argparse
import glob
import os
import platform
import random
import statistics
import sys
import time
from typing import Any, Callable, Dict, List, Tuple

import ckzg

import fastkzg

BLS_MODULUS = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001


def random_blob(rng: random.Random) -> bytes:
    return b"".join(rng.randrange(BLS_MODULUS).to_bytes(32, "big") for _ in range(4096))


def default_setup() -> str:
    cargo_home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    found = glob.glob(os.path.join(cargo_home, "registry/src/*/c-kzg-2.1.8/src/trusted_setup.txt"))
    if not found:
        sys.exit("trusted_setup.txt not found: pass --setup or run `cargo fetch` in the repository")
    return found[0]


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def cpu_flags() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
                    return "AVX-512 IFMA" if "avx512ifma" in flags else "no AVX-512 IFMA"
    except OSError:
        pass
    return "flags unknown"


Runner = Callable[[], Any]


def measure(runners: Dict[str, Runner], samples: int) -> Dict[str, float]:
    """Median seconds per runner, samples interleaved in a rotating order."""
    times: Dict[str, List[float]] = {name: [] for name in runners}
    names = list(runners)
    for i in range(samples):
        for name in names[i % len(names) :] + names[: i % len(names)]:
            start = time.perf_counter()
            runners[name]()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def compare(ours: Runner, theirs: Runner, samples: int) -> Dict[str, float]:
    """Two passes of interleaved samples against ckzg: fastkzg on all cores,
    then fastkzg on one thread (the thread setting changes between the
    passes only, never inside a timed call). Each speed-up is taken against
    the ckzg samples of its own pass."""
    threads = fastkzg.get_num_threads()
    all_cores = measure({"ckzg": theirs, "fastkzg": ours}, samples)
    fastkzg.set_num_threads(1)
    try:
        serial = measure({"ckzg": theirs, "fastkzg": ours}, samples)
    finally:
        fastkzg.set_num_threads(threads)
    return {
        "ckzg": all_cores["ckzg"],
        "fastkzg": all_cores["fastkzg"],
        "speedup": all_cores["ckzg"] / all_cores["fastkzg"],
        "fastkzg1": serial["fastkzg"],
        "speedup1": serial["ckzg"] / serial["fastkzg"],
    }


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=11, help="samples per function (default 11)")
    parser.add_argument("--load-samples", type=int, default=3, help="samples of load_trusted_setup")
    parser.add_argument("--setup", default=None, help="mainnet trusted_setup.txt")
    parser.add_argument("--markdown", action="store_true", help="print only the markdown table")
    args = parser.parse_args()
    setup = args.setup or default_setup()

    cs = ckzg.load_trusted_setup(setup, 0)
    fs = fastkzg.load_trusted_setup(setup, 0)
    rng = random.Random(2024)
    blobs = [random_blob(rng) for _ in range(64)]
    commitments = [ckzg.blob_to_kzg_commitment(b, cs) for b in blobs]
    proofs = [ckzg.compute_blob_kzg_proof(b, c, cs) for b, c in zip(blobs, commitments)]
    blob, c, p = blobs[0], commitments[0], proofs[0]
    cells, cell_proofs = ckzg.compute_cells_and_kzg_proofs(blob, cs)
    keep = sorted(rng.sample(range(128), 64))
    kept_cells = [cells[i] for i in keep]
    joined = (b"".join(blobs), b"".join(commitments), b"".join(proofs))

    # The same results from both, and warm-up (tables built on first use).
    for b in blobs[:20]:
        assert fastkzg.blob_to_kzg_commitment(b, fs) == ckzg.blob_to_kzg_commitment(b, cs)
    assert fastkzg.compute_cells_and_kzg_proofs(blob, fs) == (cells, cell_proofs)
    assert fastkzg.verify_blob_kzg_proof_batch(*joined, fs)

    cases: List[Tuple[str, Callable[[Any, Any], Runner]]] = [
        ("blob_to_kzg_commitment", lambda m, s: lambda: m.blob_to_kzg_commitment(blob, s)),
        ("compute_blob_kzg_proof", lambda m, s: lambda: m.compute_blob_kzg_proof(blob, c, s)),
        ("verify_blob_kzg_proof", lambda m, s: lambda: m.verify_blob_kzg_proof(blob, c, p, s)),
        (
            "verify_blob_kzg_proof_batch (64 blobs)",
            lambda m, s: lambda: m.verify_blob_kzg_proof_batch(*joined, s),
        ),
        ("compute_cells_and_kzg_proofs", lambda m, s: lambda: m.compute_cells_and_kzg_proofs(blob, s)),
        (
            "recover_cells_and_kzg_proofs (64 random cells)",
            lambda m, s: lambda: m.recover_cells_and_kzg_proofs(keep, kept_cells, s),
        ),
        (
            "verify_cell_kzg_proof_batch (128 cells)",
            lambda m, s: lambda: m.verify_cell_kzg_proof_batch([c] * 128, list(range(128)), cells, cell_proofs, s),
        ),
    ]

    rows = []
    for name, make in cases:
        result = compare(make(fastkzg, fs), make(ckzg, cs), args.samples)
        rows.append((name, result))
        if not args.markdown:
            print(f"{name}: ckzg {fmt(result['ckzg'])}, fastkzg {fmt(result['fastkzg'])}", file=sys.stderr)

    def fast_load() -> Any:
        fastkzg.clear_cache()  # a first load, not a cache hit
        return fastkzg.load_trusted_setup(setup, 0)

    load = compare(fast_load, lambda: ckzg.load_trusted_setup(setup, 0), args.load_samples)
    rows.append(("load_trusted_setup (mainnet file, precompute 0)", load))

    if not args.markdown:
        print(
            f"\n{cpu_name()} ({cpu_flags()}), {os.cpu_count()} logical CPUs, "
            f"Python {platform.python_version()}, ckzg 2.1.8, fastkzg {fastkzg.__version__} "
            f"({fastkzg.get_num_threads()} threads); median of {args.samples} interleaved samples per pass "
            f"({args.load_samples} for load_trusted_setup)\n"
        )
    print(f"| function | ckzg 2.1.8 | fastkzg ({fastkzg.get_num_threads()} threads) | speed-up | fastkzg (1 thread) | speed-up |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, m in rows:
        print(
            f"| {name} | {fmt(m['ckzg'])} | {fmt(m['fastkzg'])} | {m['speedup']:.2f}× "
            f"| {fmt(m['fastkzg1'])} | {m['speedup1']:.2f}× |"
        )


if __name__ == "__main__":
    main()
