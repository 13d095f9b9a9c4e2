"""The idiomatic API: round trips, bytes-like inputs, batch forms,
loading and caching, precompute levels, the package surface and stubs."""

import array
import ast
import inspect
import random
import shutil
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import fastkzg
from kzgdata import random_blob

CKZG_FUNCTIONS = [
    "load_trusted_setup",
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
]


@pytest.fixture(scope="module")
def m(settings: fastkzg.KzgSettings) -> SimpleNamespace:
    blobs = [random_blob(100 + i) for i in range(3)]
    cs = [settings.blob_to_kzg_commitment(b) for b in blobs]
    ps = [settings.compute_blob_kzg_proof(b, c) for b, c in zip(blobs, cs)]
    cells, proofs = settings.compute_cells_and_kzg_proofs(blobs[0])
    return SimpleNamespace(blobs=blobs, cs=cs, ps=ps, cells=cells, proofs=proofs)


def test_round_trip(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    blob, c, p = m.blobs[0], m.cs[0], m.ps[0]
    assert len(c) == len(p) == 48
    assert settings.verify_blob_kzg_proof(blob, c, p) is True
    assert settings.verify_blob_kzg_proof(blob, m.cs[1], p) is False
    z = (12345).to_bytes(32, "big")
    proof, y = settings.compute_kzg_proof(blob, z)
    assert settings.verify_kzg_proof(c, z, y, proof) is True
    assert settings.verify_kzg_proof(c, z, (12346).to_bytes(32, "big"), proof) is False
    assert settings.compute_cells(blob) == m.cells
    assert len(m.cells) == len(m.proofs) == 128
    assert settings.verify_cell_kzg_proof_batch([c] * 128, list(range(128)), m.cells, m.proofs)
    # The commitment decoded above is cached; forgetting it changes no answer.
    settings.forget_decoded_commitments()
    assert settings.verify_cell_kzg_proof_batch([c] * 128, list(range(128)), m.cells, m.proofs)
    keep = sorted(random.Random(5).sample(range(128), 64))
    cells, proofs = settings.recover_cells_and_kzg_proofs(keep, [m.cells[i] for i in keep])
    assert (cells, proofs) == (m.cells, m.proofs)


def test_bytes_like_inputs(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    blob = m.blobs[1]
    want = m.cs[1]
    for form in (bytearray(blob), memoryview(blob), array.array("B", blob), memoryview(b"xx" + blob)[2:]):
        assert settings.blob_to_kzg_commitment(form) == want
    assert settings.verify_blob_kzg_proof(memoryview(blob), bytearray(want), memoryview(m.ps[1]))
    cells = [bytearray(x) for x in m.cells[:64]]
    assert settings.recover_cells_and_kzg_proofs(range(64), cells)[0] == m.cells


def test_batch_forms(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    blobs, cs, ps = m.blobs, m.cs, m.ps
    for args in [
        (blobs, cs, ps),
        (tuple(blobs), tuple(cs), tuple(ps)),
        (b"".join(blobs), b"".join(cs), b"".join(ps)),
        (bytearray(b"".join(blobs)), memoryview(b"".join(cs)), ps),
        (iter(blobs), (c for c in cs), ps),
    ]:
        assert settings.verify_blob_kzg_proof_batch(*args) is True
    assert settings.verify_blob_kzg_proof_batch(blobs, cs, [ps[0], ps[2], ps[1]]) is False
    assert settings.verify_blob_kzg_proof_batch([], [], []) is True
    assert settings.verify_blob_kzg_proof_batch(b"", b"", b"") is True


def test_dropin_and_idiomatic_agree(settings: fastkzg.KzgSettings, dropin_settings: Any, m: SimpleNamespace) -> None:
    blob = m.blobs[2]
    assert fastkzg.blob_to_kzg_commitment(blob, dropin_settings) == m.cs[2]
    assert fastkzg.compute_cells_and_kzg_proofs(blob, settings) == settings.compute_cells_and_kzg_proofs(blob)
    assert fastkzg.verify_blob_kzg_proof_batch(b"".join(m.blobs), b"".join(m.cs), b"".join(m.ps), settings)


def test_challenges(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    r = fastkzg.compute_challenge(m.blobs[0], m.cs[0])
    assert len(r) == 32 and r == settings.compute_challenge(m.blobs[0], m.cs[0])
    assert int.from_bytes(r, "big") < 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
    args = ([m.cs[0]], [0, 0], [3, 4], m.cells[3:5], m.proofs[3:5])
    r = fastkzg.compute_verify_cell_kzg_proof_batch_challenge(*args)
    assert len(r) == 32 and r == settings.compute_verify_cell_kzg_proof_batch_challenge(*args)


def test_mainnet_is_fast_and_shared() -> None:
    start = time.perf_counter()
    s = fastkzg.mainnet()
    assert time.perf_counter() - start < 1.0  # embedded: milliseconds, no file
    assert s.precompute == 0 and fastkzg.mainnet().precompute == 0
    assert "precompute=0" in repr(s)


def test_load_mainnet_file_fast_then_cached(setup_path: str, m: SimpleNamespace) -> None:
    fastkzg.clear_cache()
    start = time.perf_counter()
    s = fastkzg.KzgSettings.load(setup_path)
    first = time.perf_counter() - start
    start = time.perf_counter()
    again = fastkzg.KzgSettings.load(Path(setup_path))
    second = time.perf_counter() - start
    # Recognised by SHA-256 (milliseconds; validating 8257 points takes
    # seconds), then served from the cache.
    assert first < 1.0 and second < first
    assert s.blob_to_kzg_commitment(m.blobs[0]) == again.blob_to_kzg_commitment(m.blobs[0]) == m.cs[0]


def test_other_file_fully_validated_and_cache_follows_changes(setup_path: str, tmp_path: Path, m: SimpleNamespace) -> None:
    copy = tmp_path / "setup.txt"
    shutil.copy(setup_path, copy)
    with open(copy, "a") as f:
        f.write("\n")  # same points, different bytes: not recognised
    s = fastkzg.KzgSettings.load(copy, 0)
    assert s.blob_to_kzg_commitment(m.blobs[0]) == m.cs[0]
    text = copy.read_text().splitlines()
    text[2], text[3] = text[3], text[2]  # two G1 Lagrange points swapped
    copy.write_text("\n".join(text) + "\n\n")  # one byte longer: a new cache key
    with pytest.raises(fastkzg.InvalidTrustedSetup):
        fastkzg.KzgSettings.load(copy, 0)


def test_precompute_levels_agree(m: SimpleNamespace) -> None:
    blob = m.blobs[0]
    want = (m.cells, m.proofs)
    for level in (1, 8, fastkzg.MAX_PRECOMPUTE):
        s = fastkzg.mainnet(level)
        assert s.precompute == level
        assert s.compute_cells_and_kzg_proofs(blob) == want
        assert s.recover_cells_and_kzg_proofs(list(range(64, 128)), m.cells[64:]) == want
    s8 = fastkzg.mainnet(8)
    s8.warm_up()
    assert s8.memory_bytes() > fastkzg.mainnet(0).memory_bytes()


def test_dropin_load_accepts_mainnet_quickly(setup_path: str) -> None:
    start = time.perf_counter()
    s = fastkzg.load_trusted_setup(setup_path, 0)
    assert time.perf_counter() - start < 1.0
    assert isinstance(s, fastkzg.KzgSettings)


def test_package_surface() -> None:
    for name in CKZG_FUNCTIONS:
        assert name in fastkzg.__all__ and callable(getattr(fastkzg, name))
    ckzg = pytest.importorskip("ckzg")
    public = {n for n in dir(ckzg) if not n.startswith("_") and callable(getattr(ckzg, n))}
    assert public == set(CKZG_FUNCTIONS)
    for name in fastkzg.__all__:
        assert hasattr(fastkzg, name), name


def test_dropin_signatures() -> None:
    sig = inspect.signature(fastkzg.verify_cell_kzg_proof_batch)
    assert list(sig.parameters) == ["commitments_bytes", "cell_indices", "cells", "proofs_bytes", "s"]
    assert all(p.kind is inspect.Parameter.POSITIONAL_ONLY for p in sig.parameters.values())
    assert list(inspect.signature(fastkzg.load_trusted_setup).parameters) == ["file", "precompute"]


def test_stubs_cover_the_package() -> None:
    package = Path(fastkzg.__file__).parent
    assert (package / "py.typed").is_file()
    tree = ast.parse((package / "__init__.pyi").read_text())
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            declared.update(a.asname or a.name for a in node.names)
    assert set(fastkzg.__all__) <= declared, set(fastkzg.__all__) - declared
    methods = {
        n.name
        for c in tree.body
        if isinstance(c, ast.ClassDef) and c.name == "KzgSettings"
        for n in c.body
        if isinstance(n, ast.FunctionDef)
    }
    runtime = {n for n in dir(fastkzg.KzgSettings) if not n.startswith("_")}
    assert runtime == methods


def test_docstrings_name_the_spec() -> None:
    for name in [
        "blob_to_kzg_commitment",
        "compute_kzg_proof",
        "verify_cell_kzg_proof_batch",
        "recover_cells_and_kzg_proofs",
    ]:
        assert f"Spec `{name}`" in getattr(fastkzg.KzgSettings, name).__doc__


def test_random_garbage_never_escapes_as_anything_else(settings: fastkzg.KzgSettings) -> None:
    """Random sizes and bytes through every method: a result, a KzgError or
    a TypeError; never another exception (a Rust panic would surface as
    pyo3's PanicException, a BaseException, and fail the test)."""
    rng = random.Random(99)

    def junk() -> Any:
        size = rng.choice([0, 1, 31, 32, 47, 48, 49, 2048, 131072])
        return bytes(rng.getrandbits(8) for _ in range(min(size, 64))) + bytes(max(0, size - 64))

    calls = [
        lambda: settings.blob_to_kzg_commitment(junk()),
        lambda: settings.compute_kzg_proof(junk(), junk()),
        lambda: settings.compute_blob_kzg_proof(junk(), junk()),
        lambda: settings.verify_kzg_proof(junk(), junk(), junk(), junk()),
        lambda: settings.verify_blob_kzg_proof(junk(), junk(), junk()),
        lambda: settings.verify_blob_kzg_proof_batch([junk()], [junk()], [junk()]),
        lambda: settings.compute_cells(junk()),
        lambda: settings.recover_cells_and_kzg_proofs([rng.randrange(200) for _ in range(64)], [junk() for _ in range(64)]),
        lambda: settings.verify_cell_kzg_proof_batch([junk()], [rng.randrange(200)], [junk()], [junk()]),
    ]
    outcomes = set()
    for _ in range(300):
        try:
            rng.choice(calls)()
            outcomes.add("ok")
        except (fastkzg.KzgError, TypeError) as e:
            outcomes.add(type(e).__name__)
    assert len(outcomes) > 3
