"""Type stubs for fastkzg."""

import os
from typing import List, Sequence, Tuple, Union

from .errors import (
    InvalidBlob as InvalidBlob,
    InvalidCell as InvalidCell,
    InvalidCellCount as InvalidCellCount,
    InvalidCellIndex as InvalidCellIndex,
    InvalidCommitment as InvalidCommitment,
    InvalidFieldElement as InvalidFieldElement,
    InvalidProof as InvalidProof,
    InvalidTrustedSetup as InvalidTrustedSetup,
    KzgError as KzgError,
    LengthMismatch as LengthMismatch,
)

__version__: str
__all__: List[str]

#: Any object with the buffer protocol: bytes, bytearray, memoryview, ...
BytesLike = Union[bytes, bytearray, memoryview]

BYTES_PER_BLOB: int
BYTES_PER_CELL: int
BYTES_PER_COMMITMENT: int
BYTES_PER_PROOF: int
BYTES_PER_FIELD_ELEMENT: int
FIELD_ELEMENTS_PER_BLOB: int
FIELD_ELEMENTS_PER_CELL: int
CELLS_PER_EXT_BLOB: int
MAX_PRECOMPUTE: int

class KzgSettings:
    """A trusted setup and its precomputed data; immutable, thread-safe."""

    @staticmethod
    def load(path: Union[str, os.PathLike[str]], precompute: int = 0) -> KzgSettings:
        """Loads a trusted-setup file (c-kzg-4844 text format). Raises
        OSError if unreadable, InvalidTrustedSetup if invalid."""
    @property
    def precompute(self) -> int: ...
    def memory_bytes(self) -> int: ...
    def warm_up(self) -> None: ...
    def forget_decoded_commitments(self) -> None: ...
    # EIP-4844
    def blob_to_kzg_commitment(self, blob: BytesLike) -> bytes: ...
    def compute_kzg_proof(self, blob: BytesLike, z: BytesLike) -> Tuple[bytes, bytes]: ...
    def compute_blob_kzg_proof(self, blob: BytesLike, commitment: BytesLike) -> bytes: ...
    def verify_kzg_proof(
        self, commitment: BytesLike, z: BytesLike, y: BytesLike, proof: BytesLike, /
    ) -> bool: ...
    def verify_blob_kzg_proof(
        self, blob: BytesLike, commitment: BytesLike, proof: BytesLike, /
    ) -> bool: ...
    def verify_blob_kzg_proof_batch(
        self,
        blobs: Union[Sequence[BytesLike], BytesLike],
        commitments: Union[Sequence[BytesLike], BytesLike],
        proofs: Union[Sequence[BytesLike], BytesLike],
    ) -> bool: ...
    def compute_challenge(self, blob: BytesLike, commitment: BytesLike) -> bytes: ...
    # EIP-7594
    def compute_cells(self, blob: BytesLike) -> List[bytes]: ...
    def compute_cells_and_kzg_proofs(self, blob: BytesLike) -> Tuple[List[bytes], List[bytes]]: ...
    def recover_cells_and_kzg_proofs(
        self, cell_indices: Sequence[int], cells: Sequence[BytesLike], /
    ) -> Tuple[List[bytes], List[bytes]]: ...
    def verify_cell_kzg_proof_batch(
        self,
        commitments: Sequence[BytesLike],
        cell_indices: Sequence[int],
        cells: Sequence[BytesLike],
        proofs: Sequence[BytesLike],
    ) -> bool: ...
    # Batch calls: per-blob lists, results as the per-blob spec calls.
    def compute_cells_batch(self, blobs: Sequence[BytesLike]) -> List[List[bytes]]: ...
    def compute_cells_and_kzg_proofs_batch(
        self, blobs: Sequence[BytesLike]
    ) -> List[Tuple[List[bytes], List[bytes]]]: ...
    def recover_cells_batch(
        self, cell_indices: Sequence[int], cells: Sequence[Sequence[BytesLike]]
    ) -> List[List[bytes]]: ...
    def verify_blob_cell_proofs(
        self,
        blobs: Sequence[BytesLike],
        commitments: Sequence[BytesLike],
        proofs: Sequence[Sequence[BytesLike]],
    ) -> bool: ...
    def verify_cells_shared_indices(
        self,
        commitments: Sequence[BytesLike],
        cell_indices: Sequence[int],
        cells: Sequence[Sequence[BytesLike]],
        proofs: Sequence[Sequence[BytesLike]],
    ) -> bool: ...
    def compute_verify_cell_kzg_proof_batch_challenge(
        self,
        commitments: Sequence[BytesLike],
        commitment_indices: Sequence[int],
        cell_indices: Sequence[int],
        cells: Sequence[BytesLike],
        proofs: Sequence[BytesLike],
    ) -> bytes: ...

class KzgVerifier:
    """A verify-only context: what verification needs of a trusted setup;
    immutable, thread-safe. The verification methods are KzgSettings'."""

    def __init__(self) -> None:
        """The embedded mainnet setup (shared, about 1 ms to build)."""
    @staticmethod
    def load(path: Union[str, os.PathLike[str]]) -> KzgVerifier:
        """Loads a trusted-setup file (c-kzg-4844 text format). Raises
        OSError if unreadable, InvalidTrustedSetup if invalid."""
    @staticmethod
    def parse(text: Union[str, bytes]) -> KzgVerifier:
        """Parses the contents of a trusted-setup file. Raises
        InvalidTrustedSetup if invalid."""
    def memory_bytes(self) -> int: ...
    def warm_up(self) -> None: ...
    def forget_decoded_commitments(self) -> None: ...
    # EIP-4844
    def verify_kzg_proof(
        self, commitment: BytesLike, z: BytesLike, y: BytesLike, proof: BytesLike, /
    ) -> bool: ...
    def verify_blob_kzg_proof(
        self, blob: BytesLike, commitment: BytesLike, proof: BytesLike, /
    ) -> bool: ...
    def verify_blob_kzg_proof_batch(
        self,
        blobs: Union[Sequence[BytesLike], BytesLike],
        commitments: Union[Sequence[BytesLike], BytesLike],
        proofs: Union[Sequence[BytesLike], BytesLike],
    ) -> bool: ...
    def compute_challenge(self, blob: BytesLike, commitment: BytesLike) -> bytes: ...
    # EIP-7594
    def verify_cell_kzg_proof_batch(
        self,
        commitments: Sequence[BytesLike],
        cell_indices: Sequence[int],
        cells: Sequence[BytesLike],
        proofs: Sequence[BytesLike],
    ) -> bool: ...
    # Batch calls
    def verify_blob_cell_proofs(
        self,
        blobs: Sequence[BytesLike],
        commitments: Sequence[BytesLike],
        proofs: Sequence[Sequence[BytesLike]],
    ) -> bool: ...
    def verify_cells_shared_indices(
        self,
        commitments: Sequence[BytesLike],
        cell_indices: Sequence[int],
        cells: Sequence[Sequence[BytesLike]],
        proofs: Sequence[Sequence[BytesLike]],
    ) -> bool: ...
    def compute_verify_cell_kzg_proof_batch_challenge(
        self,
        commitments: Sequence[BytesLike],
        commitment_indices: Sequence[int],
        cell_indices: Sequence[int],
        cells: Sequence[BytesLike],
        proofs: Sequence[BytesLike],
    ) -> bytes: ...

def mainnet(precompute: int = 0) -> KzgSettings:
    """The embedded mainnet setup, loaded once per precompute level."""

def clear_cache() -> None:
    """Forgets cached setups; returned objects stay usable."""

def compute_challenge(blob: BytesLike, commitment: BytesLike) -> bytes:
    """Spec compute_challenge (32 bytes)."""

def compute_verify_cell_kzg_proof_batch_challenge(
    commitments: Sequence[BytesLike],
    commitment_indices: Sequence[int],
    cell_indices: Sequence[int],
    cells: Sequence[BytesLike],
    proofs: Sequence[BytesLike],
) -> bytes:
    """Spec compute_verify_cell_kzg_proof_batch_challenge (32 bytes)."""

def set_num_threads(n: int) -> None:
    """1 (or 0): every call serial on its caller's thread; n: a pool of n."""

def get_num_threads() -> int: ...

# ckzg 2.1.x drop-in: positional arguments, settings last; ValueError for
# wrong types or lengths, RuntimeError for inputs the functions reject.
def load_trusted_setup(file: str, precompute: int, /) -> KzgSettings: ...
def blob_to_kzg_commitment(blob: bytes, s: KzgSettings, /) -> bytes: ...
def compute_kzg_proof(blob: bytes, z_bytes: bytes, s: KzgSettings, /) -> Tuple[bytes, bytes]: ...
def compute_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, s: KzgSettings, /) -> bytes: ...
def verify_kzg_proof(
    commitment_bytes: bytes, z_bytes: bytes, y_bytes: bytes, proof_bytes: bytes, s: KzgSettings, /
) -> bool: ...
def verify_blob_kzg_proof(
    blob: bytes, commitment_bytes: bytes, proof_bytes: bytes, s: KzgSettings, /
) -> bool: ...
def verify_blob_kzg_proof_batch(
    blobs: bytes, commitments_bytes: bytes, proofs_bytes: bytes, s: KzgSettings, /
) -> bool: ...
def compute_cells(blob: bytes, s: KzgSettings, /) -> List[bytes]: ...
def compute_cells_and_kzg_proofs(blob: bytes, s: KzgSettings, /) -> Tuple[List[bytes], List[bytes]]: ...
def recover_cells_and_kzg_proofs(
    cell_indices: List[int], cells: List[bytes], s: KzgSettings, /
) -> Tuple[List[bytes], List[bytes]]: ...
def verify_cell_kzg_proof_batch(
    commitments_bytes: List[bytes],
    cell_indices: List[int],
    cells: List[bytes],
    proofs_bytes: List[bytes],
    s: KzgSettings,
    /,
) -> bool: ...
