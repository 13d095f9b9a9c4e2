"""The eleven functions of the ``ckzg`` 2.1.x package, with its calling
conventions, so that ``import fastkzg as ckzg`` works in existing code.

As in ckzg: arguments are positional only, with the settings last (a
keyword argument raises ``TypeError``); a wrong number of arguments, an
argument of the wrong type (``bytes`` and ``list`` exactly as ckzg takes
them) or of the wrong length raises ``ValueError``; an input that the KZG
functions themselves reject (a non-canonical field element, an invalid
point, a cell index out of range, too few cells, ...) raises
``RuntimeError("<function> failed")``. The typed
:class:`fastkzg.KzgError` behind a ``RuntimeError`` is its ``__cause__``.
"""

import functools
import inspect
from typing import Any, Callable, Sequence, TypeVar

from . import _native
from ._native import KzgSettings
from .errors import KzgError

__all__ = [
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

BYTES_PER_BLOB: int = _native.BYTES_PER_BLOB
BYTES_PER_CELL: int = _native.BYTES_PER_CELL
BYTES_PER_COMMITMENT: int = _native.BYTES_PER_COMMITMENT
BYTES_PER_PROOF: int = _native.BYTES_PER_PROOF
BYTES_PER_FIELD_ELEMENT: int = _native.BYTES_PER_FIELD_ELEMENT

F = TypeVar("F", bound=Callable[..., Any])


def _ckzg_call(expected: str) -> Callable[[F], F]:
    """Wraps a function with ckzg's argument handling: no keywords
    (``TypeError``), exactly as many positional arguments as the wrapped
    function takes (else ``ValueError("expected ...")``)."""

    def wrap(impl: F) -> F:
        count = len(inspect.signature(impl).parameters)
        name = impl.__name__

        @functools.wraps(impl)
        def call(*args: Any, **kwargs: Any) -> Any:
            if kwargs:
                raise TypeError(f"{name}() takes no keyword arguments")
            if len(args) != count:
                raise ValueError(f"expected {expected}")
            return impl(*args)

        return call  # type: ignore[return-value]

    return wrap


def _types(expected: str, values: Sequence[Any], kinds: Sequence[type], s: Any) -> None:
    """ckzg's argument types (``bytes``/``list``, subclasses allowed) and
    settings object."""
    if not isinstance(s, KzgSettings) or not all(
        isinstance(v, k) for v, k in zip(values, kinds)
    ):
        raise ValueError(f"expected {expected}")


def _size(value: bytes, size: int, message: str) -> None:
    if len(value) != size:
        raise ValueError(message)


def _failed(name: str) -> RuntimeError:
    return RuntimeError(f"{name} failed")


def _cell_index(value: Any) -> int:
    """A cell index as ckzg converts it to ``uint64_t``."""
    if not isinstance(value, int):
        raise ValueError("expected cell index to be an integer")
    if not 0 <= value < 1 << 64:
        raise ValueError("failed to convert cell index to uint64_t")
    return value


def _item(value: Any, size: int, what: str, size_name: str) -> None:
    if not isinstance(value, bytes):
        raise ValueError(f"expected {what} to be bytes")
    if len(value) != size:
        raise ValueError(f"expected {what} to be {size_name} bytes")


@_ckzg_call("string and int")
def load_trusted_setup(file, precompute):
    """Loads a trusted-setup file (c-kzg-4844 text format); ``precompute``
    0 to 15. The mainnet file loads in milliseconds and repeated loads of an
    unchanged file are cached. Raises ``RuntimeError`` if the file cannot be
    read or is invalid."""
    if not isinstance(file, str):
        raise ValueError("expected string and int")
    if not isinstance(precompute, int) or not -(1 << 63) <= precompute < 1 << 63:
        raise ValueError("invalid precompute value")
    try:
        return KzgSettings.load(file, precompute)
    except OSError as e:
        raise RuntimeError("error reading trusted setup") from e
    except KzgError as e:
        raise RuntimeError("error loading trusted setup") from e


@_ckzg_call("bytes and trusted setup")
def blob_to_kzg_commitment(blob, s):
    """Spec ``blob_to_kzg_commitment`` (ckzg calling convention)."""
    _types("bytes and trusted setup", [blob], [bytes], s)
    _size(blob, BYTES_PER_BLOB, "expected blobs to be BYTES_PER_BLOB bytes")
    try:
        return s.blob_to_kzg_commitment(blob)
    except KzgError as e:
        raise _failed("blob_to_kzg_commitment") from e


@_ckzg_call("bytes, bytes, trusted setup")
def compute_kzg_proof(blob, z_bytes, s):
    """Spec ``compute_kzg_proof``: ``(proof, y)`` (ckzg calling convention)."""
    _types("bytes, bytes, trusted setup", [blob, z_bytes], [bytes, bytes], s)
    _size(blob, BYTES_PER_BLOB, "expected blob to be BYTES_PER_BLOB bytes")
    _size(z_bytes, BYTES_PER_FIELD_ELEMENT, "expected z to be BYTES_PER_FIELD_ELEMENT bytes")
    try:
        return s.compute_kzg_proof(blob, z_bytes)
    except KzgError as e:
        raise _failed("compute_kzg_proof") from e


@_ckzg_call("bytes, bytes, trusted setup")
def compute_blob_kzg_proof(blob, commitment_bytes, s):
    """Spec ``compute_blob_kzg_proof`` (ckzg calling convention)."""
    _types("bytes, bytes, trusted setup", [blob, commitment_bytes], [bytes, bytes], s)
    _size(blob, BYTES_PER_BLOB, "expected blobs to be BYTES_PER_BLOB bytes")
    _size(
        commitment_bytes,
        BYTES_PER_COMMITMENT,
        "expected commitment to be BYTES_PER_COMMITMENT bytes",
    )
    try:
        return s.compute_blob_kzg_proof(blob, commitment_bytes)
    except KzgError as e:
        raise _failed("compute_blob_kzg_proof") from e


@_ckzg_call("bytes, bytes, bytes, bytes, trusted setup")
def verify_kzg_proof(commitment_bytes, z_bytes, y_bytes, proof_bytes, s):
    """Spec ``verify_kzg_proof`` (ckzg calling convention)."""
    args = [commitment_bytes, z_bytes, y_bytes, proof_bytes]
    _types("bytes, bytes, bytes, bytes, trusted setup", args, [bytes] * 4, s)
    _size(
        commitment_bytes,
        BYTES_PER_COMMITMENT,
        "expected commitment to be BYTES_PER_COMMITMENT bytes",
    )
    _size(z_bytes, BYTES_PER_FIELD_ELEMENT, "expected z to be BYTES_PER_FIELD_ELEMENT bytes")
    _size(y_bytes, BYTES_PER_FIELD_ELEMENT, "expected y to be BYTES_PER_FIELD_ELEMENT bytes")
    _size(proof_bytes, BYTES_PER_PROOF, "expected proof to be BYTES_PER_PROOF bytes")
    try:
        return s.verify_kzg_proof(commitment_bytes, z_bytes, y_bytes, proof_bytes)
    except KzgError as e:
        raise _failed("verify_kzg_proof") from e


@_ckzg_call("bytes, bytes, bytes, trusted setup")
def verify_blob_kzg_proof(blob, commitment_bytes, proof_bytes, s):
    """Spec ``verify_blob_kzg_proof`` (ckzg calling convention)."""
    args = [blob, commitment_bytes, proof_bytes]
    _types("bytes, bytes, bytes, trusted setup", args, [bytes] * 3, s)
    _size(blob, BYTES_PER_BLOB, "expected blob to be BYTES_PER_BLOB bytes")
    _size(
        commitment_bytes,
        BYTES_PER_COMMITMENT,
        "expected commitment to be BYTES_PER_COMMITMENT bytes",
    )
    _size(proof_bytes, BYTES_PER_PROOF, "expected proof to be BYTES_PER_PROOF bytes")
    try:
        return s.verify_blob_kzg_proof(blob, commitment_bytes, proof_bytes)
    except KzgError as e:
        raise _failed("verify_blob_kzg_proof") from e


@_ckzg_call("bytes, bytes, bytes, trusted setup")
def verify_blob_kzg_proof_batch(blobs, commitments_bytes, proofs_bytes, s):
    """Spec ``verify_blob_kzg_proof_batch`` with ckzg's arguments: the
    blobs, commitments and proofs each concatenated into one ``bytes``."""
    args = [blobs, commitments_bytes, proofs_bytes]
    _types("bytes, bytes, bytes, trusted setup", args, [bytes] * 3, s)
    if len(blobs) % BYTES_PER_BLOB:
        raise ValueError("expected blobs to be a multiple of BYTES_PER_BLOB bytes")
    if len(commitments_bytes) % BYTES_PER_COMMITMENT:
        raise ValueError("expected commitments to be a multiple of BYTES_PER_COMMITMENT bytes")
    if len(proofs_bytes) % BYTES_PER_PROOF:
        raise ValueError("expected proofs to be a multiple of BYTES_PER_PROOF bytes")
    n = len(blobs) // BYTES_PER_BLOB
    if (
        len(commitments_bytes) // BYTES_PER_COMMITMENT != n
        or len(proofs_bytes) // BYTES_PER_PROOF != n
    ):
        raise ValueError("expected same number of blobs/commitments/proofs")
    try:
        return s.verify_blob_kzg_proof_batch(blobs, commitments_bytes, proofs_bytes)
    except KzgError as e:
        raise _failed("verify_blob_kzg_proof_batch") from e


@_ckzg_call("bytes and trusted setup")
def compute_cells(blob, s):
    """Spec ``compute_cells``: a list of 128 cells (ckzg calling convention)."""
    _types("bytes and trusted setup", [blob], [bytes], s)
    _size(blob, BYTES_PER_BLOB, "expected blob to be BYTES_PER_BLOB bytes")
    try:
        return s.compute_cells(blob)
    except KzgError as e:
        raise _failed("compute_cells") from e


@_ckzg_call("bytes and trusted setup")
def compute_cells_and_kzg_proofs(blob, s):
    """Spec ``compute_cells_and_kzg_proofs``: ``(cells, proofs)``, two lists
    of 128 (ckzg calling convention)."""
    _types("bytes and trusted setup", [blob], [bytes], s)
    _size(blob, BYTES_PER_BLOB, "expected blob to be BYTES_PER_BLOB bytes")
    try:
        return s.compute_cells_and_kzg_proofs(blob)
    except KzgError as e:
        raise _failed("compute_cells_and_kzg_proofs") from e


@_ckzg_call("list, list, trusted setup")
def recover_cells_and_kzg_proofs(cell_indices, cells, s):
    """Spec ``recover_cells_and_kzg_proofs``: ``(cells, proofs)`` from lists
    of cell indices and cells (ckzg calling convention)."""
    _types("list, list, trusted setup", [cell_indices, cells], [list, list], s)
    if len(cell_indices) != len(cells):
        raise ValueError("expected same number of cell_indices and cells")
    for index, cell in zip(cell_indices, cells):
        _cell_index(index)
        _item(cell, BYTES_PER_CELL, "cell", "BYTES_PER_CELL")
    try:
        return s.recover_cells_and_kzg_proofs(cell_indices, cells)
    except KzgError as e:
        raise _failed("recover_cells_and_kzg_proofs") from e


@_ckzg_call("list, list, list, list, trusted setup")
def verify_cell_kzg_proof_batch(commitments_bytes, cell_indices, cells, proofs_bytes, s):
    """Spec ``verify_cell_kzg_proof_batch`` with lists (ckzg calling
    convention)."""
    args = [commitments_bytes, cell_indices, cells, proofs_bytes]
    _types("list, list, list, list, trusted setup", args, [list] * 4, s)
    n = len(cells)
    if len(commitments_bytes) != n:
        raise ValueError("expected same number of commitments and cells")
    if len(cell_indices) != n:
        raise ValueError("expected same number of column indices and cells")
    if len(proofs_bytes) != n:
        raise ValueError("expected same number of proofs and cells")
    for commitment, index, cell, proof in zip(commitments_bytes, cell_indices, cells, proofs_bytes):
        _item(commitment, BYTES_PER_COMMITMENT, "commitment", "BYTES_PER_COMMITMENT")
        _cell_index(index)
        _item(cell, BYTES_PER_CELL, "cell", "BYTES_PER_CELL")
        _item(proof, BYTES_PER_PROOF, "proof", "BYTES_PER_PROOF")
    try:
        return s.verify_cell_kzg_proof_batch(commitments_bytes, cell_indices, cells, proofs_bytes)
    except KzgError as e:
        raise _failed("verify_cell_kzg_proof_batch") from e


# ckzg's signatures for help() and inspect (positional only, settings last).
def _signature(*names: str) -> inspect.Signature:
    kind = inspect.Parameter.POSITIONAL_ONLY
    return inspect.Signature([inspect.Parameter(n, kind) for n in names])


for _f in [
    load_trusted_setup,
    blob_to_kzg_commitment,
    compute_kzg_proof,
    compute_blob_kzg_proof,
    verify_kzg_proof,
    verify_blob_kzg_proof,
    verify_blob_kzg_proof_batch,
    compute_cells,
    compute_cells_and_kzg_proofs,
    recover_cells_and_kzg_proofs,
    verify_cell_kzg_proof_batch,
]:
    _f.__signature__ = _signature(*inspect.signature(_f.__wrapped__).parameters)  # type: ignore[attr-defined]
del _f
