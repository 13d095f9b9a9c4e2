"""Every consensus-spec reference case, through both APIs.

* ``idiomatic``: the methods of ``fastkzg.mainnet()``; a case whose output is
  ``null`` must raise a ``fastkzg.KzgError`` (never another exception).
* ``dropin``: the top-level functions of ``fastkzg`` with ckzg's arguments
  (settings from ``fastkzg.load_trusted_setup``); the two challenge
  functions, which ckzg lacks, through ``fastkzg.compute_challenge`` and
  ``fastkzg.compute_verify_cell_kzg_proof_batch_challenge``. A ``null``
  output must raise ``ValueError`` or ``RuntimeError``, and every case
  gives the same result or the same exception class as ``ckzg`` 2.1.8 on
  the same arguments.

The folder is the in-repo copy ``<repo>/spec-tests`` unless
``FASTKZG_SPEC_TESTS`` names another. It is checked first
(``conftest.check_spec_tests``: against its ``MANIFEST.sha256``, and at least
one case per function); if the check fails, no case is collected and
``test_reference_tests_present`` fails with the message, which names the
folder and the files at fault.
"""

from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest
import yaml

import fastkzg
from conftest import SPEC_CASES_RUN, SPEC_FUNCTIONS, SPEC_TESTS, spec_tests_problem

try:
    Loader = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml
    Loader = yaml.SafeLoader  # type: ignore[misc]

FUNCTIONS = SPEC_FUNCTIONS

#: Why the folder failed its check (None: it passed).
SPEC_TESTS_PROBLEM = spec_tests_problem()


def case_dirs() -> List[Path]:
    # Only from a folder that passed the check: no case runs otherwise.
    if SPEC_TESTS_PROBLEM is not None:
        return []
    return sorted(SPEC_TESTS.glob("*/kzg-mainnet/*/data.yaml"))


CASES = case_dirs()
_LOADED: Dict[Path, Any] = {}


def load(path: Path) -> Tuple[str, Dict[str, Any], Any]:
    if path not in _LOADED:
        with open(path) as f:
            _LOADED[path] = yaml.load(f, Loader=Loader)
    data = _LOADED[path]
    return path.parents[2].name, data["input"], data["output"]


class Unrepresentable(Exception):
    """A hex input that cannot be turned into the argument type (not hex,
    or a fixed-size item of the wrong length): the case must expect null."""


def unhex(value: Any, size: Optional[int] = None) -> bytes:
    if not isinstance(value, str) or not value.startswith("0x"):
        raise Unrepresentable(value)
    try:
        out = bytes.fromhex(value[2:])
    except ValueError:
        raise Unrepresentable(value) from None
    if size is not None and len(out) != size:
        raise Unrepresentable(value)
    return out


def unhex_list(values: List[Any], size: Optional[int] = None) -> List[bytes]:
    return [unhex(v, size) for v in values]


def expected(output: Any) -> Any:
    """The expected result in Python terms (bytes, lists, tuples, bools)."""
    if isinstance(output, bool) or output is None:
        return output
    if isinstance(output, str):
        return unhex(output)
    items = [expected(o) for o in output]
    return items


def normalise(result: Any) -> Any:
    if isinstance(result, tuple):
        return [normalise(r) for r in result]
    if isinstance(result, list):
        return [normalise(r) for r in result]
    return result


def cells_of(cosets_evals: List[List[str]]) -> List[bytes]:
    return [b"".join(unhex(e) for e in cell) for cell in cosets_evals]


def idiomatic_call(s: "fastkzg.KzgSettings", function: str, i: Dict[str, Any]) -> Any:
    """The case through the methods of the settings object (lists as lists,
    sizes checked by fastkzg itself)."""
    if function == "blob_to_kzg_commitment":
        return s.blob_to_kzg_commitment(unhex(i["blob"]))
    if function == "compute_kzg_proof":
        return s.compute_kzg_proof(unhex(i["blob"]), unhex(i["z"]))
    if function == "compute_blob_kzg_proof":
        return s.compute_blob_kzg_proof(unhex(i["blob"]), unhex(i["commitment"]))
    if function == "verify_kzg_proof":
        return s.verify_kzg_proof(
            unhex(i["commitment"]), unhex(i["z"]), unhex(i["y"]), unhex(i["proof"])
        )
    if function == "verify_blob_kzg_proof":
        return s.verify_blob_kzg_proof(
            unhex(i["blob"]), unhex(i["commitment"]), unhex(i["proof"])
        )
    if function == "verify_blob_kzg_proof_batch":
        return s.verify_blob_kzg_proof_batch(
            unhex_list(i["blobs"]), unhex_list(i["commitments"]), unhex_list(i["proofs"])
        )
    if function == "compute_challenge":
        return s.compute_challenge(unhex(i["blob"]), unhex(i["commitment"]))
    if function == "compute_cells":
        return s.compute_cells(unhex(i["blob"]))
    if function == "compute_cells_and_kzg_proofs":
        return s.compute_cells_and_kzg_proofs(unhex(i["blob"]))
    if function == "recover_cells_and_kzg_proofs":
        return s.recover_cells_and_kzg_proofs(i["cell_indices"], unhex_list(i["cells"]))
    if function == "verify_cell_kzg_proof_batch":
        return s.verify_cell_kzg_proof_batch(
            unhex_list(i["commitments"]),
            i["cell_indices"],
            unhex_list(i["cells"]),
            unhex_list(i["proofs"]),
        )
    if function == "compute_verify_cell_kzg_proof_batch_challenge":
        return s.compute_verify_cell_kzg_proof_batch_challenge(
            unhex_list(i["commitments"]),
            i["commitment_indices"],
            i["cell_indices"],
            cells_of(i["cosets_evals"]),
            unhex_list(i["proofs"]),
        )
    raise AssertionError(f"no handler for {function}")


def dropin_args(function: str, i: Dict[str, Any]) -> Tuple[Any, ...]:
    """The case as ckzg's arguments (without the settings). Blob batches
    are concatenated, so their items must have the right size first."""
    if function == "blob_to_kzg_commitment":
        return (unhex(i["blob"]),)
    if function == "compute_kzg_proof":
        return (unhex(i["blob"]), unhex(i["z"]))
    if function == "compute_blob_kzg_proof":
        return (unhex(i["blob"]), unhex(i["commitment"]))
    if function == "verify_kzg_proof":
        return (unhex(i["commitment"]), unhex(i["z"]), unhex(i["y"]), unhex(i["proof"]))
    if function == "verify_blob_kzg_proof":
        return (unhex(i["blob"]), unhex(i["commitment"]), unhex(i["proof"]))
    if function == "verify_blob_kzg_proof_batch":
        return (
            b"".join(unhex_list(i["blobs"], fastkzg.BYTES_PER_BLOB)),
            b"".join(unhex_list(i["commitments"], fastkzg.BYTES_PER_COMMITMENT)),
            b"".join(unhex_list(i["proofs"], fastkzg.BYTES_PER_PROOF)),
        )
    if function in ("compute_cells", "compute_cells_and_kzg_proofs"):
        return (unhex(i["blob"]),)
    if function == "recover_cells_and_kzg_proofs":
        return (list(i["cell_indices"]), unhex_list(i["cells"]))
    if function == "verify_cell_kzg_proof_batch":
        return (
            unhex_list(i["commitments"]),
            list(i["cell_indices"]),
            unhex_list(i["cells"]),
            unhex_list(i["proofs"]),
        )
    raise AssertionError(f"no handler for {function}")


def outcome(call: Callable[[], Any]) -> Tuple[str, Any]:
    """("ok", normalised result) or ("raised", exception class)."""
    try:
        return "ok", normalise(call())
    except Exception as e:  # noqa: BLE001 - the class is the outcome
        return "raised", type(e)


def test_reference_tests_present() -> None:
    if SPEC_TESTS_PROBLEM is not None:
        pytest.fail(SPEC_TESTS_PROBLEM, pytrace=False)
    found = {f: len(list((SPEC_TESTS / f / "kzg-mainnet").glob("*/data.yaml"))) for f in FUNCTIONS}
    empty = [f for f, n in found.items() if n == 0]
    assert not empty, f"no reference cases for {empty} under {SPEC_TESTS}"
    assert len(CASES) == sum(found.values())


def case_id(path: Path) -> str:
    return f"{path.parents[2].name}/{path.parent.name}"


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_idiomatic(path: Path, settings: "fastkzg.KzgSettings") -> None:
    function, inputs, output = load(path)
    want = expected(output)
    try:
        got = normalise(idiomatic_call(settings, function, inputs))
    except Unrepresentable:
        assert want is None, "input not representable but the case expects a result"
    except fastkzg.KzgError:
        assert want is None, "rejected a valid input"
    else:
        assert want is not None, f"accepted an invalid input (returned {got!r:.80})"
        assert got == want
    SPEC_CASES_RUN["idiomatic", function] += 1


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_dropin(path: Path, dropin_settings: "fastkzg.KzgSettings", ckzg_settings: Any) -> None:
    import ckzg

    function, inputs, output = load(path)
    want = expected(output)
    if function in ("compute_challenge", "compute_verify_cell_kzg_proof_batch_challenge"):
        # Not in ckzg: fastkzg's top-level functions (hashing only, so
        # every case has a result).
        if function == "compute_challenge":
            got = fastkzg.compute_challenge(unhex(inputs["blob"]), unhex(inputs["commitment"]))
        else:
            got = fastkzg.compute_verify_cell_kzg_proof_batch_challenge(
                unhex_list(inputs["commitments"]),
                inputs["commitment_indices"],
                inputs["cell_indices"],
                cells_of(inputs["cosets_evals"]),
                unhex_list(inputs["proofs"]),
            )
        assert got == want
        SPEC_CASES_RUN["dropin", function] += 1
        return
    try:
        args = dropin_args(function, inputs)
    except Unrepresentable:
        assert want is None, "input not representable but the case expects a result"
        assert function == "verify_blob_kzg_proof_batch", function
        # Items of the wrong size, concatenated anyway: same outcome as ckzg.
        joined = tuple(b"".join(unhex_list(inputs[k])) for k in ("blobs", "commitments", "proofs"))
        ours = outcome(lambda: fastkzg.verify_blob_kzg_proof_batch(*joined, dropin_settings))
        theirs = outcome(lambda: ckzg.verify_blob_kzg_proof_batch(*joined, ckzg_settings))
        assert ours == theirs, f"fastkzg {ours!r:.100} but ckzg {theirs!r:.100}"
        SPEC_CASES_RUN["dropin", function] += 1
        return
    ours = outcome(lambda: getattr(fastkzg, function)(*args, dropin_settings))
    theirs = outcome(lambda: getattr(ckzg, function)(*args, ckzg_settings))
    if want is None:
        assert ours[0] == "raised" and ours[1] in (ValueError, RuntimeError), ours
    else:
        assert ours == ("ok", want)
    assert ours == theirs, f"fastkzg {ours!r:.100} but ckzg {theirs!r:.100}"
    SPEC_CASES_RUN["dropin", function] += 1
