"""The exceptions of the idiomatic API.

Every input the library rejects raises a subclass of :class:`KzgError`,
itself a :class:`ValueError`. The attributes say what was wrong and where;
those that do not apply are ``None``:

``kind``
    the input: ``"blob"``, ``"commitment"``, ``"proof"``, ``"cell"``, ``"z"``,
    ``"y"``, ``"cell_index"``, ``"commitment_index"``, ``"cells"``,
    ``"trusted_setup"``, or for :class:`LengthMismatch` the lists compared.
``index``
    the position of the input in its list (0 for a single input): which blob,
    commitment, proof, cell or cell index.
``element``
    the field element within the blob or cell.
``reason``
    ``"length"``, ``"non_canonical"`` (a field element >= the BLS modulus),
    ``"invalid_encoding"``, ``"not_on_curve"``, ``"not_in_subgroup"``,
    ``"out_of_range"``, ``"not_ascending"``, ``"mismatched_lengths"``,
    ``"too_few"``, ``"too_many"`` or ``"invalid"``.
``expected``, ``got``
    sizes (bytes for lengths, counts for cells, the bound for a cell index).
``cell_index``
    the offending cell index value.
``lengths``
    the list lengths of a :class:`LengthMismatch`.
``blob``
    in a batch call, the blob whose input this is (``index`` is then the
    position inside that blob's inputs); ``None`` otherwise.
"""

from typing import List, Optional

__all__ = [
    "KzgError",
    "InvalidBlob",
    "InvalidCommitment",
    "InvalidProof",
    "InvalidCell",
    "InvalidFieldElement",
    "InvalidCellIndex",
    "InvalidCellCount",
    "LengthMismatch",
    "InvalidTrustedSetup",
]


class KzgError(ValueError):
    """An input rejected by a KZG function (base class of all others)."""

    def __init__(
        self,
        message: str,
        *,
        kind: Optional[str] = None,
        index: Optional[int] = None,
        element: Optional[int] = None,
        reason: Optional[str] = None,
        expected: Optional[int] = None,
        got: Optional[int] = None,
        cell_index: Optional[int] = None,
        lengths: Optional[List[int]] = None,
        blob: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.blob = blob
        self.kind = kind
        self.index = index
        self.element = element
        self.reason = reason
        self.expected = expected
        self.got = got
        self.cell_index = cell_index
        self.lengths = lengths


class InvalidBlob(KzgError):
    """A blob of the wrong length or with a non-canonical field element."""


class InvalidCommitment(KzgError):
    """A commitment of the wrong length or not a valid G1 point."""


class InvalidProof(KzgError):
    """A proof of the wrong length or not a valid G1 point."""


class InvalidCell(KzgError):
    """A cell of the wrong length or with a non-canonical field element."""


class InvalidFieldElement(KzgError):
    """``z`` or ``y`` of the wrong length or not canonical."""


class InvalidCellIndex(KzgError):
    """A cell index >= 128 (or outside 0..2^64), or recovery indices that
    are not strictly ascending."""


class InvalidCellCount(KzgError):
    """Fewer than 64 or more than 128 cells given for recovery."""


class LengthMismatch(KzgError):
    """Batch lists of different lengths."""


class InvalidTrustedSetup(KzgError):
    """A malformed trusted setup or an out-of-range precompute level."""
