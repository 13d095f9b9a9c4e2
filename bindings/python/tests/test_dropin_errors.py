"""The ckzg drop-in on bad inputs: every case goes through
``fastkzg.<function>`` and ``ckzg.<function>`` with the same arguments and
must give the same exception class (or the same result)."""

from types import SimpleNamespace
from typing import Any, Callable, Dict, List, Tuple

import pytest

import fastkzg
from kzgdata import (
    BAD_INFINITY,
    MODULUS_BYTES,
    NO_COMPRESSION_FLAG,
    NOT_IN_SUBGROUP,
    NOT_ON_CURVE,
    X_TOO_LARGE,
    random_blob,
    with_element,
)

ckzg = pytest.importorskip("ckzg")  # a declared test dependency (pyproject "test" extra)

SETTINGS = object()  # stands for the library's own settings in an argument list


@pytest.fixture(scope="module")
def m(ckzg_settings: Any) -> SimpleNamespace:
    blob = random_blob(7)
    commitment = ckzg.blob_to_kzg_commitment(blob, ckzg_settings)
    proof = ckzg.compute_blob_kzg_proof(blob, commitment, ckzg_settings)
    cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, ckzg_settings)
    return SimpleNamespace(
        blob=blob,
        c=commitment,
        p=proof,
        cells=cells,
        proofs=proofs,
        z=bytes(31) + b"\x05",
        y=bytes(32),
        bad_blob=with_element(blob, 4095),
    )


class I(int):
    pass


class B(bytes):
    pass


class L(list):
    pass


def half(m: SimpleNamespace) -> Tuple[List[int], List[bytes]]:
    return list(range(0, 128, 2)), m.cells[0:128:2]


# (function, arguments as a function of the material; SETTINGS marks the settings)
CASES: Dict[str, Tuple[str, Callable[[SimpleNamespace], Tuple[Any, ...]]]] = {
    # argument handling
    "no_args": ("blob_to_kzg_commitment", lambda m: ()),
    "missing_settings": ("blob_to_kzg_commitment", lambda m: (m.blob,)),
    "extra_arg": ("blob_to_kzg_commitment", lambda m: (m.blob, SETTINGS, 1)),
    "settings_none": ("blob_to_kzg_commitment", lambda m: (m.blob, None)),
    "settings_str": ("verify_kzg_proof", lambda m: (m.c, m.z, m.y, m.p, "settings")),
    "settings_first": ("compute_cells", lambda m: (SETTINGS, m.blob)),
    # types
    "blob_bytearray": ("blob_to_kzg_commitment", lambda m: (bytearray(m.blob), SETTINGS)),
    "blob_memoryview": ("compute_cells", lambda m: (memoryview(m.blob), SETTINGS)),
    "blob_str": ("compute_cells_and_kzg_proofs", lambda m: ("00" * 131072, SETTINGS)),
    "blob_none": ("compute_blob_kzg_proof", lambda m: (None, m.c, SETTINGS)),
    "blob_bytes_subclass": ("blob_to_kzg_commitment", lambda m: (B(m.blob), SETTINGS)),
    "z_int": ("compute_kzg_proof", lambda m: (m.blob, 5, SETTINGS)),
    "z_bytearray": ("compute_kzg_proof", lambda m: (m.blob, bytearray(m.z), SETTINGS)),
    "proof_list": ("verify_blob_kzg_proof", lambda m: (m.blob, m.c, [m.p], SETTINGS)),
    "batch_as_lists": ("verify_blob_kzg_proof_batch", lambda m: ([m.blob], [m.c], [m.p], SETTINGS)),
    "batch_bytearray": (
        "verify_blob_kzg_proof_batch",
        lambda m: (bytearray(m.blob), m.c, m.p, SETTINGS),
    ),
    "cells_tuple": ("recover_cells_and_kzg_proofs", lambda m: (tuple(range(64)), m.cells[:64], SETTINGS)),
    "indices_tuple": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c], (0,), m.cells[:1], m.proofs[:1], SETTINGS),
    ),
    "list_subclasses": (
        "verify_cell_kzg_proof_batch",
        lambda m: (L([m.c]), L([0]), L(m.cells[:1]), L(m.proofs[:1]), SETTINGS),
    ),
    "cell_bytearray": (
        "recover_cells_and_kzg_proofs",
        lambda m: (list(range(64)), [bytearray(m.cells[0])] + m.cells[1:64], SETTINGS),
    ),
    "cell_str": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [0], ["x"], m.proofs[:1], SETTINGS)),
    "commitment_none": ("verify_cell_kzg_proof_batch", lambda m: ([None], [0], m.cells[:1], m.proofs[:1], SETTINGS)),
    "index_float": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [0.0], m.cells[:1], m.proofs[:1], SETTINGS)),
    "index_str": ("recover_cells_and_kzg_proofs", lambda m: (["0"] + list(range(1, 64)), m.cells[:64], SETTINGS)),
    "index_bool": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [True], m.cells[1:2], m.proofs[1:2], SETTINGS)),
    "index_int_subclass": (
        "recover_cells_and_kzg_proofs",
        lambda m: ([I(0)] + list(range(1, 64)), m.cells[:64], SETTINGS),
    ),
    # lengths
    "blob_short": ("blob_to_kzg_commitment", lambda m: (m.blob[:-1], SETTINGS)),
    "blob_long": ("compute_cells", lambda m: (m.blob + b"\x00", SETTINGS)),
    "blob_empty": ("compute_cells_and_kzg_proofs", lambda m: (b"", SETTINGS)),
    "z_short": ("compute_kzg_proof", lambda m: (m.blob, m.z[:-1], SETTINGS)),
    "y_long": ("verify_kzg_proof", lambda m: (m.c, m.z, m.y + b"\x00", m.p, SETTINGS)),
    "commitment_short": ("compute_blob_kzg_proof", lambda m: (m.blob, m.c[:-1], SETTINGS)),
    "proof_long": ("verify_blob_kzg_proof", lambda m: (m.blob, m.c, m.p + b"\x00", SETTINGS)),
    "batch_partial_blob": ("verify_blob_kzg_proof_batch", lambda m: (m.blob + b"\x00", m.c, m.p, SETTINGS)),
    "batch_partial_commitment": ("verify_blob_kzg_proof_batch", lambda m: (m.blob, m.c[:-1], m.p, SETTINGS)),
    "batch_partial_proof": ("verify_blob_kzg_proof_batch", lambda m: (m.blob, m.c, m.p * 2 + b"\x00", SETTINGS)),
    "batch_count_mismatch": ("verify_blob_kzg_proof_batch", lambda m: (m.blob * 2, m.c * 2, m.p, SETTINGS)),
    "batch_empty": ("verify_blob_kzg_proof_batch", lambda m: (b"", b"", b"", SETTINGS)),
    "batch_empty_blobs_only": ("verify_blob_kzg_proof_batch", lambda m: (b"", m.c, m.p, SETTINGS)),
    "cell_short": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [0], [m.cells[0][:-1]], m.proofs[:1], SETTINGS)),
    "cell_long_recover": (
        "recover_cells_and_kzg_proofs",
        lambda m: (list(range(64)), [m.cells[0] + b"\x00"] + m.cells[1:64], SETTINGS),
    ),
    "cell_proof_short": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [0], m.cells[:1], [m.proofs[0][:-1]], SETTINGS)),
    "cell_commitment_long": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c + b"\x00"], [0], m.cells[:1], m.proofs[:1], SETTINGS),
    ),
    # mismatched list lengths
    "recover_more_indices": ("recover_cells_and_kzg_proofs", lambda m: (list(range(65)), m.cells[:64], SETTINGS)),
    "recover_more_cells": ("recover_cells_and_kzg_proofs", lambda m: (list(range(64)), m.cells[:65], SETTINGS)),
    "verify_cells_missing_commitment": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c], [0, 1], m.cells[:2], m.proofs[:2], SETTINGS),
    ),
    "verify_cells_missing_index": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c, m.c], [0], m.cells[:2], m.proofs[:2], SETTINGS),
    ),
    "verify_cells_missing_cell": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c, m.c], [0, 1], m.cells[:1], m.proofs[:2], SETTINGS),
    ),
    "verify_cells_missing_proof": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c, m.c], [0, 1], m.cells[:2], m.proofs[:1], SETTINGS),
    ),
    # index values
    "index_negative": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [-1], m.cells[:1], m.proofs[:1], SETTINGS)),
    "index_2_64": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [1 << 64], m.cells[:1], m.proofs[:1], SETTINGS)),
    "index_2_64_minus_1": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c], [(1 << 64) - 1], m.cells[:1], m.proofs[:1], SETTINGS),
    ),
    "index_128": ("verify_cell_kzg_proof_batch", lambda m: ([m.c], [128], m.cells[:1], m.proofs[:1], SETTINGS)),
    "recover_index_negative": (
        "recover_cells_and_kzg_proofs",
        lambda m: ([-1] + list(range(1, 64)), m.cells[:64], SETTINGS),
    ),
    "recover_index_128": (
        "recover_cells_and_kzg_proofs",
        lambda m: (list(range(63)) + [128], m.cells[:64], SETTINGS),
    ),
    "recover_duplicate": (
        "recover_cells_and_kzg_proofs",
        lambda m: ([0] + list(range(64)), m.cells[:1] + m.cells[:64], SETTINGS),
    ),
    "recover_unsorted": (
        "recover_cells_and_kzg_proofs",
        lambda m: (list(range(1, 64)) + [0], m.cells[1:64] + m.cells[:1], SETTINGS),
    ),
    "recover_too_few": ("recover_cells_and_kzg_proofs", lambda m: (list(range(63)), m.cells[:63], SETTINGS)),
    "recover_none": ("recover_cells_and_kzg_proofs", lambda m: ([], [], SETTINGS)),
    "recover_too_many": (
        "recover_cells_and_kzg_proofs",
        lambda m: (list(range(128)) + [127], m.cells + m.cells[127:], SETTINGS),
    ),
    "recover_half": ("recover_cells_and_kzg_proofs", lambda m: (*half(m), SETTINGS)),
    "recover_all": ("recover_cells_and_kzg_proofs", lambda m: (list(range(128)), m.cells, SETTINGS)),
    "verify_cells_empty": ("verify_cell_kzg_proof_batch", lambda m: ([], [], [], [], SETTINGS)),
    "verify_cells_duplicates": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c] * 3, [5, 5, 5], [m.cells[5]] * 3, [m.proofs[5]] * 3, SETTINGS),
    ),
    "verify_cells_wrong_index": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c], [6], m.cells[5:6], m.proofs[5:6], SETTINGS),
    ),
    # non-canonical field elements
    "blob_noncanonical": ("blob_to_kzg_commitment", lambda m: (m.bad_blob, SETTINGS)),
    "blob_noncanonical_proof": ("compute_blob_kzg_proof", lambda m: (m.bad_blob, m.c, SETTINGS)),
    "blob_noncanonical_cells": ("compute_cells", lambda m: (m.bad_blob, SETTINGS)),
    "blob_noncanonical_cells_proofs": ("compute_cells_and_kzg_proofs", lambda m: (m.bad_blob, SETTINGS)),
    "blob_noncanonical_verify": ("verify_blob_kzg_proof", lambda m: (m.bad_blob, m.c, m.p, SETTINGS)),
    "blob_noncanonical_batch": (
        "verify_blob_kzg_proof_batch",
        lambda m: (m.blob + m.bad_blob, m.c * 2, m.p * 2, SETTINGS),
    ),
    "z_noncanonical": ("compute_kzg_proof", lambda m: (m.blob, MODULUS_BYTES, SETTINGS)),
    "z_all_ones": ("verify_kzg_proof", lambda m: (m.c, b"\xff" * 32, m.y, m.p, SETTINGS)),
    "y_noncanonical": ("verify_kzg_proof", lambda m: (m.c, m.z, MODULUS_BYTES, m.p, SETTINGS)),
    "cell_noncanonical": (
        "verify_cell_kzg_proof_batch",
        lambda m: ([m.c], [3], [with_element(m.cells[3], 63)], m.proofs[3:4], SETTINGS),
    ),
    "recover_cell_noncanonical": (
        "recover_cells_and_kzg_proofs",
        lambda m: (list(range(64)), [with_element(m.cells[0], 0)] + m.cells[1:64], SETTINGS),
    ),
    # wrong but well-formed proofs: False, not an error
    "verify_wrong_proof": ("verify_kzg_proof", lambda m: (m.c, m.z, m.y, m.p, SETTINGS)),
    "verify_blob_wrong_proof": ("verify_blob_kzg_proof", lambda m: (m.blob, m.c, m.proofs[0], SETTINGS)),
    "batch_wrong_proof": ("verify_blob_kzg_proof_batch", lambda m: (m.blob * 2, m.c * 2, m.p + m.proofs[0], SETTINGS)),
}

# invalid points, in every position that takes one
for _name, _point in {
    "not_on_curve": NOT_ON_CURVE,
    "not_in_subgroup": NOT_IN_SUBGROUP,
    "no_flag": NO_COMPRESSION_FLAG,
    "x_too_large": X_TOO_LARGE,
    "bad_infinity": BAD_INFINITY,
}.items():
    CASES.update(
        {
            f"commitment_{_name}_compute": (
                "compute_blob_kzg_proof",
                lambda m, q=_point: (m.blob, q, SETTINGS),
            ),
            f"commitment_{_name}_verify": (
                "verify_kzg_proof",
                lambda m, q=_point: (q, m.z, m.y, m.p, SETTINGS),
            ),
            f"proof_{_name}_verify": (
                "verify_kzg_proof",
                lambda m, q=_point: (m.c, m.z, m.y, q, SETTINGS),
            ),
            f"proof_{_name}_verify_blob": (
                "verify_blob_kzg_proof",
                lambda m, q=_point: (m.blob, m.c, q, SETTINGS),
            ),
            f"commitment_{_name}_batch": (
                "verify_blob_kzg_proof_batch",
                lambda m, q=_point: (m.blob * 2, m.c + q, m.p * 2, SETTINGS),
            ),
            f"proof_{_name}_cells": (
                "verify_cell_kzg_proof_batch",
                lambda m, q=_point: ([m.c, m.c], [0, 1], m.cells[:2], [m.proofs[0], q], SETTINGS),
            ),
            f"commitment_{_name}_cells": (
                "verify_cell_kzg_proof_batch",
                lambda m, q=_point: ([q], [0], m.cells[:1], m.proofs[:1], SETTINGS),
            ),
        }
    )


def outcome(call: Callable[[], Any]) -> Tuple[str, Any]:
    try:
        result = call()
    except Exception as e:  # noqa: BLE001 - the class is the outcome
        return "raised", type(e)
    if isinstance(result, tuple):
        result = tuple(list(r) if isinstance(r, list) else r for r in result)
    return "ok", result


def with_settings(args: Tuple[Any, ...], s: Any) -> Tuple[Any, ...]:
    return tuple(s if a is SETTINGS else a for a in args)


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_as_ckzg(name: str, m: SimpleNamespace, dropin_settings: Any, ckzg_settings: Any) -> None:
    function, build = CASES[name]
    args = build(m)
    ours = outcome(lambda: getattr(fastkzg, function)(*with_settings(args, dropin_settings)))
    theirs = outcome(lambda: getattr(ckzg, function)(*with_settings(args, ckzg_settings)))
    assert ours == theirs, f"{function}: fastkzg {ours!r:.120}, ckzg {theirs!r:.120}"


def test_keyword_arguments_are_type_errors(m: SimpleNamespace, dropin_settings: Any, ckzg_settings: Any) -> None:
    with pytest.raises(TypeError):
        ckzg.blob_to_kzg_commitment(m.blob, s=ckzg_settings)
    with pytest.raises(TypeError):
        fastkzg.blob_to_kzg_commitment(m.blob, s=dropin_settings)
    with pytest.raises(TypeError):
        fastkzg.load_trusted_setup("x", precompute=0)


def test_settings_are_not_interchangeable(m: SimpleNamespace, dropin_settings: Any, ckzg_settings: Any) -> None:
    with pytest.raises(ValueError):
        fastkzg.blob_to_kzg_commitment(m.blob, ckzg_settings)
    with pytest.raises(ValueError):
        ckzg.blob_to_kzg_commitment(m.blob, dropin_settings)


def test_runtime_errors_carry_the_typed_error(m: SimpleNamespace, dropin_settings: Any) -> None:
    with pytest.raises(RuntimeError, match="^compute_cells failed$") as info:
        fastkzg.compute_cells(m.bad_blob, dropin_settings)
    assert type(info.value) is RuntimeError
    cause = info.value.__cause__
    assert isinstance(cause, fastkzg.InvalidBlob)
    assert (cause.kind, cause.element, cause.reason) == ("blob", 4095, "non_canonical")


LOAD_CASES: Dict[str, Callable[[str], Tuple[Any, ...]]] = {
    "ok": lambda p: (p, 0),
    "precompute_bool": lambda p: (p, True),
    "precompute_16": lambda p: (p, 16),
    "precompute_negative": lambda p: (p, -1),
    "precompute_2_63_minus_1": lambda p: (p, (1 << 63) - 1),
    "precompute_2_63": lambda p: (p, 1 << 63),
    "precompute_minus_2_63": lambda p: (p, -(1 << 63)),
    "precompute_below_minus_2_63": lambda p: (p, -(1 << 63) - 1),
    "precompute_float": lambda p: (p, 0.0),
    "precompute_str": lambda p: (p, "0"),
    "path_bytes": lambda p: (p.encode(), 0),
    "path_none": lambda p: (None, 0),
    "path_missing": lambda p: (p + ".missing", 0),
    "path_directory": lambda p: ("/", 0),
    "path_empty": lambda p: ("", 0),
    "path_nul": lambda p: ("a\0b", 0),
    "one_argument": lambda p: (p,),
    "three_arguments": lambda p: (p, 0, 0),
}


@pytest.mark.parametrize("name", sorted(LOAD_CASES))
def test_load_trusted_setup_same_as_ckzg(name: str, setup_path: str) -> None:
    args = LOAD_CASES[name](setup_path)
    ours = outcome(lambda: fastkzg.load_trusted_setup(*args))
    theirs = outcome(lambda: ckzg.load_trusted_setup(*args))
    if ours[0] == theirs[0] == "ok":
        assert isinstance(ours[1], fastkzg.KzgSettings)
    else:
        assert ours == theirs


def test_load_trusted_setup_bad_files_same_as_ckzg(setup_path: str, tmp_path: Any) -> None:
    with open(setup_path) as f:
        text = f.read()
    lines = text.splitlines()
    variants = {
        "empty": "",
        "garbage": "4096\n65\nzz\n",
        "wrong_count": text.replace("4096", "4095", 1),
        "truncated": "\n".join(lines[:-1]) + "\n",
        "bad_hex": text.replace(lines[5][:4], "zzzz", 1),
        "binary": "\udcff",
    }
    for name, content in variants.items():
        path = tmp_path / f"{name}.txt"
        path.write_bytes(content.encode("utf-8", "surrogateescape"))
        ours = outcome(lambda: fastkzg.load_trusted_setup(str(path), 0))
        theirs = outcome(lambda: ckzg.load_trusted_setup(str(path), 0))
        assert ours == theirs == ("raised", RuntimeError), name
