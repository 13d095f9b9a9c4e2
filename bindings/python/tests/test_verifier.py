"""The verify-only context ``fastkzg.KzgVerifier`` against ``KzgSettings``.

* Every reference case of the verification functions and the two
  challenges, through a ``KzgVerifier`` loaded each way (embedded, file,
  text as ``str`` and ``bytes``, and a text that is not byte-for-byte the
  mainnet file, so that every point is validated): the expected output, and
  the same result or the same exception (class and message) as
  ``fastkzg.mainnet()``.
* The batch verifications on valid and invalid inputs, loading errors, the
  class's surface (no prover methods; stubs), threads, and loading time and
  memory (printed; memory compared, no timing asserted).
"""

import ast
import random
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest

import fastkzg
from conftest import SPEC_CASES_RUN, SPEC_TESTS
from test_spec import (
    CASES,
    SPEC_TESTS_PROBLEM,
    Unrepresentable,
    expected,
    idiomatic_call,
    load,
    normalise,
)

#: The reference-test functions a verifier has.
VERIFY_FUNCTIONS = [
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "verify_cell_kzg_proof_batch",
    "compute_challenge",
    "compute_verify_cell_kzg_proof_batch_challenge",
]

#: The methods of KzgSettings that compute, which a verifier lacks.
PROVER_METHODS = [
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "compute_cells_batch",
    "compute_cells_and_kzg_proofs_batch",
    "recover_cells_batch",
]

VERIFY_CASES = [p for p in CASES if p.parents[2].name in VERIFY_FUNCTIONS]


@pytest.fixture(scope="module")
def verifiers(setup_path: str) -> Dict[str, fastkzg.KzgVerifier]:
    text = Path(setup_path).read_text()
    return {
        "embedded": fastkzg.KzgVerifier(),
        "file": fastkzg.KzgVerifier.load(setup_path),
        "str": fastkzg.KzgVerifier.parse(text),
        "bytes": fastkzg.KzgVerifier.parse(text.encode()),
        # Another text of the same setup: validated in full.
        "validated": fastkzg.KzgVerifier.parse(text + "\n\n"),
    }


def outcome(call: Callable[[], Any]) -> Tuple[str, Any]:
    """("ok", normalised result) or ("raised", (class, message))."""
    try:
        return "ok", normalise(call())
    except Unrepresentable:
        raise
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return "raised", (type(e), str(e))


def test_verify_cases_present() -> None:
    if SPEC_TESTS_PROBLEM is not None:
        pytest.fail(SPEC_TESTS_PROBLEM, pytrace=False)
    for function in VERIFY_FUNCTIONS:
        assert any(p.parents[2].name == function for p in VERIFY_CASES), (
            f"no reference case of {function} under {SPEC_TESTS}"
        )


def case_id(path: Path) -> str:
    return f"{path.parents[2].name}/{path.parent.name}"


@pytest.mark.parametrize("path", VERIFY_CASES, ids=case_id)
def test_reference_case(
    path: Path, verifiers: Dict[str, fastkzg.KzgVerifier], settings: fastkzg.KzgSettings
) -> None:
    function, inputs, output = load(path)
    want = expected(output)
    try:
        reference = outcome(lambda: idiomatic_call(settings, function, inputs))
    except Unrepresentable:
        assert want is None, "input not representable but the case expects a result"
        return
    if want is None:
        assert reference[0] == "raised" and issubclass(reference[1][0], fastkzg.KzgError)
    else:
        assert reference == ("ok", want)
    for name, v in verifiers.items():
        got = outcome(lambda: idiomatic_call(v, function, inputs))
        assert got == reference, f"{name} verifier: {got!r:.200} but KzgSettings {reference!r:.200}"
    SPEC_CASES_RUN["verifier", function] += 1


@pytest.fixture(scope="module")
def batch_data(settings: fastkzg.KzgSettings) -> Dict[str, Any]:
    rng = random.Random(5)

    def blob() -> bytes:
        out = bytearray(rng.getrandbits(8) for _ in range(fastkzg.BYTES_PER_BLOB))
        for i in range(0, len(out), 32):
            out[i] %= 0x73
        return bytes(out)

    blobs = [blob(), blob()]
    commitments = [settings.blob_to_kzg_commitment(b) for b in blobs]
    cells_proofs = [settings.compute_cells_and_kzg_proofs(b) for b in blobs]
    blob_proofs = [settings.compute_blob_kzg_proof(b, c) for b, c in zip(blobs, commitments)]
    return {
        "blobs": blobs,
        "commitments": commitments,
        "cells": [c for c, _ in cells_proofs],
        "proofs": [p for _, p in cells_proofs],
        "blob_proofs": blob_proofs,
    }


def batch_calls(d: Dict[str, Any]) -> List[Tuple[str, Any, Callable[[Any], Any]]]:
    """(name, expected result or exception class, call)."""
    blobs, commitments, cells, proofs = d["blobs"], d["commitments"], d["cells"], d["proofs"]
    swapped = [list(p) for p in proofs]
    swapped[1][3], swapped[1][4] = swapped[1][4], swapped[1][3]
    bad_commitments = [commitments[0], b"\x13" * 48]
    shared = [5, 100, 5]
    shared_cells = [[c[i] for i in shared] for c in cells]
    shared_proofs = [[p[i] for i in shared] for p in proofs]
    wrong_cells = [list(c) for c in shared_cells]
    wrong_cells[1][1] = wrong_cells[1][0]
    return [
        ("blob cell proofs", True, lambda s: s.verify_blob_cell_proofs(blobs, commitments, proofs)),
        ("blob cell proofs, swapped", False, lambda s: s.verify_blob_cell_proofs(blobs, commitments, swapped)),
        (
            "blob cell proofs, invalid commitment",
            fastkzg.InvalidCommitment,
            lambda s: s.verify_blob_cell_proofs(blobs, bad_commitments, proofs),
        ),
        (
            "blob cell proofs, a proof short",
            fastkzg.LengthMismatch,
            lambda s: s.verify_blob_cell_proofs(blobs, commitments, [proofs[0], proofs[1][1:]]),
        ),
        ("blob cell proofs, no blobs", True, lambda s: s.verify_blob_cell_proofs([], [], [])),
        (
            "shared indices",
            True,
            lambda s: s.verify_cells_shared_indices(commitments, shared, shared_cells, shared_proofs),
        ),
        (
            "shared indices, wrong cell",
            False,
            lambda s: s.verify_cells_shared_indices(commitments, shared, wrong_cells, shared_proofs),
        ),
        (
            "shared indices, index out of range",
            fastkzg.InvalidCellIndex,
            lambda s: s.verify_cells_shared_indices(commitments, [5, 128, 5], shared_cells, shared_proofs),
        ),
        (
            "blob proof batch",
            True,
            lambda s: s.verify_blob_kzg_proof_batch(blobs, commitments, d["blob_proofs"]),
        ),
        (
            "blob proof batch, concatenated, swapped",
            False,
            lambda s: s.verify_blob_kzg_proof_batch(
                b"".join(blobs), b"".join(commitments), b"".join(reversed(d["blob_proofs"]))
            ),
        ),
        (
            "cell proof batch, all cells of both blobs",
            True,
            lambda s: s.verify_cell_kzg_proof_batch(
                [c for c in commitments for _ in range(fastkzg.CELLS_PER_EXT_BLOB)],
                list(range(fastkzg.CELLS_PER_EXT_BLOB)) * 2,
                cells[0] + cells[1],
                proofs[0] + proofs[1],
            ),
        ),
    ]


def test_batch_calls(
    batch_data: Dict[str, Any],
    verifiers: Dict[str, fastkzg.KzgVerifier],
    settings: fastkzg.KzgSettings,
) -> None:
    for what, want, call in batch_calls(batch_data):
        reference = outcome(lambda: call(settings))
        if isinstance(want, bool):
            assert reference == ("ok", want), what
        else:
            assert reference[0] == "raised" and reference[1][0] is want, (what, reference)
        for name, v in verifiers.items():
            assert outcome(lambda: call(v)) == reference, f"{name} verifier, {what}"


def test_no_prover_methods() -> None:
    for name in PROVER_METHODS:
        assert hasattr(fastkzg.KzgSettings, name), name
        assert not hasattr(fastkzg.KzgVerifier, name), name
    for name in VERIFY_FUNCTIONS + ["verify_blob_cell_proofs", "verify_cells_shared_indices"]:
        assert getattr(fastkzg.KzgVerifier, name).__doc__ == getattr(fastkzg.KzgSettings, name).__doc__


def test_stubs_cover_the_class() -> None:
    tree = ast.parse((Path(fastkzg.__file__).parent / "__init__.pyi").read_text())
    methods = {
        n.name
        for c in tree.body
        if isinstance(c, ast.ClassDef) and c.name == "KzgVerifier"
        for n in c.body
        if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")
    }
    runtime = {n for n in dir(fastkzg.KzgVerifier) if not n.startswith("_")}
    assert runtime == methods
    assert "KzgVerifier" in fastkzg.__all__


def test_loading_errors(tmp_path: Path, setup_path: str) -> None:
    with pytest.raises(FileNotFoundError):
        fastkzg.KzgVerifier.load(tmp_path / "missing.txt")
    with pytest.raises(fastkzg.InvalidTrustedSetup):
        fastkzg.KzgVerifier.parse("4096\n65\n00")
    with pytest.raises(fastkzg.InvalidTrustedSetup):
        fastkzg.KzgVerifier.parse(b"\xff\xfe")
    with pytest.raises(fastkzg.InvalidTrustedSetup):
        fastkzg.KzgVerifier.parse(Path(setup_path).read_text() + "\nextra")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff" * 16)
    with pytest.raises(fastkzg.InvalidTrustedSetup):
        fastkzg.KzgVerifier.load(binary)
    with pytest.raises(TypeError):
        fastkzg.KzgVerifier.parse(42)  # type: ignore[arg-type]


def test_threads(verifiers: Dict[str, fastkzg.KzgVerifier]) -> None:
    v = verifiers["embedded"]
    infinity = b"\xc0" + bytes(47)
    zero = bytes(32)
    errors: List[BaseException] = []

    def work() -> None:
        try:
            for _ in range(20):
                assert v.verify_kzg_proof(infinity, zero, zero, infinity) is True
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_loading_time_and_memory(setup_path: str, settings: fastkzg.KzgSettings) -> None:
    start = time.perf_counter()
    from_file = fastkzg.KzgVerifier.load(setup_path)
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    embedded = fastkzg.KzgVerifier()
    new_s = time.perf_counter() - start
    memory = from_file.memory_bytes()
    print(
        f"KzgVerifier.load: {load_s * 1e3:.1f} ms, KzgVerifier(): {new_s * 1e3:.2f} ms, "
        f"{memory / 2**20:.2f} MiB (KzgSettings: {settings.memory_bytes() / 2**20:.1f} MiB)"
    )
    assert 0 < memory < settings.memory_bytes()
    assert repr(embedded) == "<fastkzg.KzgVerifier>"
    embedded.warm_up()
    embedded.forget_decoded_commitments()
    assert embedded.memory_bytes() >= memory
