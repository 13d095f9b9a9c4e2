"""The idiomatic API's typed exceptions: class, attributes, and that
wrong types are TypeError while wrong values are KzgError (ValueError)."""

from types import SimpleNamespace
from typing import Any

import pytest

import fastkzg
from kzgdata import INVALID_POINTS, MODULUS_BYTES, random_blob, with_element


@pytest.fixture(scope="module")
def m(settings: fastkzg.KzgSettings) -> SimpleNamespace:
    blob = random_blob(11)
    c = settings.blob_to_kzg_commitment(blob)
    p = settings.compute_blob_kzg_proof(blob, c)
    cells, proofs = settings.compute_cells_and_kzg_proofs(blob)
    return SimpleNamespace(blob=blob, c=c, p=p, cells=cells, proofs=proofs)


def attrs(e: fastkzg.KzgError, *names: str) -> tuple:
    return tuple(getattr(e, n) for n in names)


def test_hierarchy() -> None:
    for cls in [
        fastkzg.InvalidBlob,
        fastkzg.InvalidCommitment,
        fastkzg.InvalidProof,
        fastkzg.InvalidCell,
        fastkzg.InvalidFieldElement,
        fastkzg.InvalidCellIndex,
        fastkzg.InvalidCellCount,
        fastkzg.LengthMismatch,
        fastkzg.InvalidTrustedSetup,
    ]:
        assert issubclass(cls, fastkzg.KzgError)
        assert cls.__module__ == "fastkzg.errors"
    assert issubclass(fastkzg.KzgError, ValueError)


def test_blob_length(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(fastkzg.InvalidBlob) as e:
        settings.blob_to_kzg_commitment(m.blob[:-1])
    assert attrs(e.value, "kind", "reason", "expected", "got") == ("blob", "length", 131072, 131071)


def test_non_canonical_blob_element(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    bad = with_element(m.blob, 77)
    for call in [
        lambda: settings.blob_to_kzg_commitment(bad),
        lambda: settings.compute_kzg_proof(bad, bytes(32)),
        lambda: settings.compute_blob_kzg_proof(bad, m.c),
        lambda: settings.verify_blob_kzg_proof(bad, m.c, m.p),
        lambda: settings.compute_cells(bad),
        lambda: settings.compute_cells_and_kzg_proofs(bad),
    ]:
        with pytest.raises(fastkzg.InvalidBlob) as e:
            call()
        assert attrs(e.value, "kind", "index", "element", "reason") == ("blob", 0, 77, "non_canonical")


def test_batch_names_the_blob(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    bad = with_element(m.blob, 9)
    with pytest.raises(fastkzg.InvalidBlob) as e:
        settings.verify_blob_kzg_proof_batch([m.blob, m.blob, bad], [m.c] * 3, [m.p] * 3)
    assert attrs(e.value, "index", "element", "reason") == (2, 9, "non_canonical")
    with pytest.raises(fastkzg.InvalidBlob) as e:
        settings.verify_blob_kzg_proof_batch([m.blob, m.blob[:5]], [m.c] * 2, [m.p] * 2)
    assert attrs(e.value, "index", "reason", "got") == (1, "length", 5)


@pytest.mark.parametrize("name", sorted(INVALID_POINTS))
def test_invalid_points(settings: fastkzg.KzgSettings, m: SimpleNamespace, name: str) -> None:
    q = INVALID_POINTS[name]
    reason = name if name in ("not_on_curve", "not_in_subgroup") else "invalid_encoding"
    with pytest.raises(fastkzg.InvalidCommitment) as e:
        settings.compute_blob_kzg_proof(m.blob, q)
    assert attrs(e.value, "kind", "index", "reason") == ("commitment", 0, reason)
    with pytest.raises(fastkzg.InvalidProof) as e:
        settings.verify_kzg_proof(m.c, bytes(32), bytes(32), q)
    assert attrs(e.value, "kind", "reason") == ("proof", reason)
    with pytest.raises(fastkzg.InvalidProof) as e:
        settings.verify_blob_kzg_proof_batch([m.blob] * 3, [m.c] * 3, [m.p, m.p, q])
    assert attrs(e.value, "index", "reason") == (2, reason)
    with pytest.raises(fastkzg.InvalidCommitment) as e:
        settings.verify_cell_kzg_proof_batch([m.c, q], [0, 1], m.cells[:2], m.proofs[:2])
    assert attrs(e.value, "index", "reason") == (1, reason)
    with pytest.raises(fastkzg.InvalidProof) as e:
        settings.verify_cell_kzg_proof_batch([m.c, m.c], [0, 1], m.cells[:2], [q, m.proofs[1]])
    assert attrs(e.value, "index", "reason") == (0, reason)


def test_field_elements(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(fastkzg.InvalidFieldElement) as e:
        settings.compute_kzg_proof(m.blob, MODULUS_BYTES)
    assert attrs(e.value, "kind", "reason") == ("z", "non_canonical")
    with pytest.raises(fastkzg.InvalidFieldElement) as e:
        settings.verify_kzg_proof(m.c, bytes(32), MODULUS_BYTES, m.p)
    assert attrs(e.value, "kind", "reason") == ("y", "non_canonical")
    with pytest.raises(fastkzg.InvalidFieldElement) as e:
        settings.verify_kzg_proof(m.c, bytes(31), bytes(32), m.p)
    assert attrs(e.value, "kind", "reason", "expected", "got") == ("z", "length", 32, 31)


def test_cells(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    bad = with_element(m.cells[4], 63)
    with pytest.raises(fastkzg.InvalidCell) as e:
        settings.verify_cell_kzg_proof_batch([m.c] * 3, [2, 3, 4], [m.cells[2], m.cells[3], bad], m.proofs[2:5])
    assert attrs(e.value, "kind", "index", "element", "reason") == ("cell", 2, 63, "non_canonical")
    with pytest.raises(fastkzg.InvalidCell) as e:
        settings.recover_cells_and_kzg_proofs(list(range(64)), m.cells[:10] + [bad[:100]] + m.cells[11:64])
    assert attrs(e.value, "kind", "index", "reason", "got") == ("cell", 10, "length", 100)


def test_cell_indices(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(fastkzg.InvalidCellIndex) as e:
        settings.verify_cell_kzg_proof_batch([m.c] * 2, [0, 128], m.cells[:2], m.proofs[:2])
    assert attrs(e.value, "index", "cell_index", "reason", "expected") == (1, 128, "out_of_range", 128)
    indices = list(range(64))
    indices[40] = 39
    with pytest.raises(fastkzg.InvalidCellIndex) as e:
        settings.recover_cells_and_kzg_proofs(indices, m.cells[:64])
    assert attrs(e.value, "index", "cell_index", "reason") == (40, 39, "not_ascending")
    for value in (-1, 1 << 64):
        with pytest.raises(fastkzg.InvalidCellIndex) as e:
            settings.verify_cell_kzg_proof_batch([m.c], [value], m.cells[:1], m.proofs[:1])
        assert attrs(e.value, "index", "reason") == (0, "out_of_range")


def test_cell_counts(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(fastkzg.InvalidCellCount) as e:
        settings.recover_cells_and_kzg_proofs(list(range(63)), m.cells[:63])
    assert attrs(e.value, "reason", "got", "expected") == ("too_few", 63, 64)
    with pytest.raises(fastkzg.InvalidCellCount) as e:
        settings.recover_cells_and_kzg_proofs(list(range(128)) + [0], m.cells + m.cells[:1])
    assert attrs(e.value, "reason", "got", "expected") == ("too_many", 129, 128)


def test_length_mismatch(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(fastkzg.LengthMismatch) as e:
        settings.verify_blob_kzg_proof_batch([m.blob], [m.c, m.c], [m.p])
    assert e.value.lengths == [1, 2, 1]
    with pytest.raises(fastkzg.LengthMismatch) as e:
        settings.verify_cell_kzg_proof_batch([m.c], [0, 1], m.cells[:2], m.proofs[:2])
    assert e.value.lengths == [1, 2, 2, 2]
    with pytest.raises(fastkzg.LengthMismatch):
        settings.recover_cells_and_kzg_proofs(list(range(65)), m.cells[:64])
    with pytest.raises(fastkzg.LengthMismatch):
        fastkzg.compute_verify_cell_kzg_proof_batch_challenge([m.c], [0], [0, 1], m.cells[:2], m.proofs[:2])


def test_concatenated_batch_length(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(fastkzg.InvalidCommitment) as e:
        settings.verify_blob_kzg_proof_batch(m.blob, m.c + b"\x00", m.p)
    assert attrs(e.value, "reason", "expected", "got") == ("length", 48, 49)


@pytest.mark.parametrize(
    "value",
    [None, 5, "00" * 48, 1.5, [1, 2, 3], object()],
    ids=["none", "int", "str", "float", "list_of_ints", "object"],
)
def test_wrong_types_are_type_errors(settings: fastkzg.KzgSettings, m: SimpleNamespace, value: Any) -> None:
    with pytest.raises(TypeError):
        settings.verify_kzg_proof(value, bytes(32), bytes(32), m.p)


def test_wrong_list_types(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    with pytest.raises(TypeError):
        settings.verify_cell_kzg_proof_batch([m.c], ["0"], m.cells[:1], m.proofs[:1])
    with pytest.raises(TypeError):
        settings.verify_cell_kzg_proof_batch([m.c], [0.0], m.cells[:1], m.proofs[:1])
    with pytest.raises(TypeError):
        settings.verify_cell_kzg_proof_batch([m.c], 0, m.cells[:1], m.proofs[:1])
    with pytest.raises(TypeError):
        settings.recover_cells_and_kzg_proofs(list(range(64)), [None] * 64)


def test_trusted_setup_errors(tmp_path: Any) -> None:
    with pytest.raises(FileNotFoundError):
        fastkzg.KzgSettings.load(tmp_path / "missing.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("4096\n65\n00\n")
    with pytest.raises(fastkzg.InvalidTrustedSetup) as e:
        fastkzg.KzgSettings.load(bad)
    assert e.value.kind == "trusted_setup"
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(fastkzg.InvalidTrustedSetup):
        fastkzg.KzgSettings.load(binary)
    for level in (-1, 16):
        with pytest.raises(fastkzg.InvalidTrustedSetup):
            fastkzg.mainnet(level)


def test_errors_pickle(settings: fastkzg.KzgSettings, m: SimpleNamespace) -> None:
    import pickle

    with pytest.raises(fastkzg.InvalidBlob) as e:
        settings.compute_cells(with_element(m.blob, 3))
    again = pickle.loads(pickle.dumps(e.value))
    assert type(again) is fastkzg.InvalidBlob
    assert (str(again), again.element) == (str(e.value), 3)
