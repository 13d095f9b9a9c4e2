"""Forked children: after calls in the parent (which used the module's
thread pool), the same calls in a child (``os.fork``, a ``multiprocessing``
``Pool`` with the ``fork`` start method) return the parent's results. A hang
is a failure: every wait on a child has a timeout, after which the child is
killed."""

import multiprocessing
import os
import signal
import sys
import threading
import time
from typing import Iterator, List, Tuple

import pytest

import fastkzg
from kzgdata import random_blob

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="fork() with threads is tested on Linux"
)

#: Seconds a child may take for all its calls.
LIMIT_S = 60


def run_all(blob: bytes) -> Tuple:
    """Every function once, through the idiomatic and the drop-in API."""
    s = fastkzg.mainnet()
    c = s.blob_to_kzg_commitment(blob)
    proof = s.compute_blob_kzg_proof(blob, c)
    cells, proofs = s.compute_cells_and_kzg_proofs(blob)
    odd = list(range(1, fastkzg.CELLS_PER_EXT_BLOB, 2))
    recovered, _ = s.recover_cells_and_kzg_proofs(odd, [cells[i] for i in odd])
    n = fastkzg.CELLS_PER_EXT_BLOB
    ok_cells = s.verify_cell_kzg_proof_batch([c] * n, list(range(n)), cells, proofs)
    ok_blob = fastkzg.verify_blob_kzg_proof(blob, c, proof, s)
    only_cells = fastkzg.compute_cells(blob, s)
    return (c, proof, tuple(cells), tuple(proofs), tuple(recovered), ok_cells, ok_blob, tuple(only_cells))


@pytest.fixture(scope="module")
def blob() -> bytes:
    return random_blob(50)


@pytest.fixture(scope="module")
def expected(blob: bytes) -> Tuple:
    # Before any fork, with the pool in use.
    result = run_all(blob)
    assert result[5] and result[6]
    return result


@pytest.fixture
def pool_threads() -> Iterator[None]:
    """At least two threads, so that the parent's calls use the pool."""
    before = fastkzg.get_num_threads()
    fastkzg.set_num_threads(max(2, before))
    try:
        yield
    finally:
        fastkzg.set_num_threads(before)


def fork_and_compare(blob: bytes, expected: Tuple) -> None:
    """Forks; the child exits 0 if its results equal the parent's. The
    parent waits at most LIMIT_S seconds, then kills the child and fails."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            code = 0 if run_all(blob) == expected else 1
        finally:
            os._exit(code)
    deadline = time.monotonic() + LIMIT_S
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"the forked child hung (killed after {LIMIT_S} s)")
        time.sleep(0.02)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"child status {status}"


@pytest.mark.usefixtures("pool_threads")
def test_os_fork_after_calls(blob: bytes, expected: Tuple) -> None:
    fork_and_compare(blob, expected)
    # The parent still works.
    assert run_all(blob) == expected


@pytest.mark.usefixtures("pool_threads")
def test_os_fork_while_another_thread_computes(blob: bytes, expected: Tuple) -> None:
    stop = threading.Event()

    def busy() -> None:
        # Fresh settings each round (precompute 1 is a different cached
        # object): lazy tables are being built in these calls.
        while not stop.is_set():
            fastkzg.clear_cache()
            s = fastkzg.mainnet(1)
            s.compute_cells_and_kzg_proofs(blob)

    t = threading.Thread(target=busy)
    t.start()
    try:
        for delay in (0.0, 0.005, 0.03, 0.1, 0.2):
            time.sleep(delay)
            fork_and_compare(blob, expected)
    finally:
        stop.set()
        t.join()


def _child_job(seed: int) -> Tuple[bytes, List[bytes]]:
    s = fastkzg.mainnet()
    blob = random_blob(seed)
    cells, proofs = s.compute_cells_and_kzg_proofs(blob)
    return s.blob_to_kzg_commitment(blob), proofs


@pytest.mark.usefixtures("pool_threads")
def test_multiprocessing_pool_with_fork(blob: bytes, expected: Tuple) -> None:
    seeds = [60, 61, 62, 63]
    wanted = [_child_job(seed) for seed in seeds]  # in the parent, first
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        result = pool.map_async(_child_job, seeds)
        got = result.get(timeout=LIMIT_S)  # raises TimeoutError on a hang
    assert got == wanted
