"""fastkzg: KZG polynomial commitments for Ethereum (EIP-4844 blobs,
EIP-7594 cells), in Rust, parallel, with the GIL released during every
computation.

Two ways to call it:

* Idiomatic: ``s = fastkzg.mainnet()`` (embedded mainnet setup) or
  ``fastkzg.KzgSettings.load(path)``, then methods named as in the
  consensus specs (``s.blob_to_kzg_commitment(blob)``, ...). Inputs are any
  bytes-like objects; rejected inputs raise :class:`KzgError` subclasses
  (all ``ValueError``) that say what was wrong and where. To verify only,
  ``fastkzg.KzgVerifier()`` loads in about a millisecond, holds under 1 MiB
  and has the same verification methods.
* Drop-in for ``ckzg`` 2.1.x: ``import fastkzg as ckzg`` gives its eleven
  functions with the same arguments, results and exception classes.

Threads: computations use a pool of one thread per core, or
``FASTKZG_NUM_THREADS`` (read at the first call), or
:func:`set_num_threads`; with 1 every call runs on its caller's thread, so
N Python threads use N cores.
"""

from . import _native
from ._ckzg import (
    blob_to_kzg_commitment,
    compute_blob_kzg_proof,
    compute_cells,
    compute_cells_and_kzg_proofs,
    compute_kzg_proof,
    load_trusted_setup,
    recover_cells_and_kzg_proofs,
    verify_blob_kzg_proof,
    verify_blob_kzg_proof_batch,
    verify_cell_kzg_proof_batch,
    verify_kzg_proof,
)
from ._native import (
    BYTES_PER_BLOB,
    BYTES_PER_CELL,
    BYTES_PER_COMMITMENT,
    BYTES_PER_FIELD_ELEMENT,
    BYTES_PER_PROOF,
    CELLS_PER_EXT_BLOB,
    FIELD_ELEMENTS_PER_BLOB,
    FIELD_ELEMENTS_PER_CELL,
    MAX_PRECOMPUTE,
    KzgSettings,
    KzgVerifier,
    clear_cache,
    compute_challenge,
    compute_verify_cell_kzg_proof_batch_challenge,
    get_num_threads,
    mainnet,
    set_num_threads,
)
from .errors import (
    InvalidBlob,
    InvalidCell,
    InvalidCellCount,
    InvalidCellIndex,
    InvalidCommitment,
    InvalidFieldElement,
    InvalidProof,
    InvalidTrustedSetup,
    KzgError,
    LengthMismatch,
)

__version__ = "0.1.0"

__all__ = [
    # ckzg 2.1.x drop-in
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
    # idiomatic API
    "KzgSettings",
    "KzgVerifier",
    "mainnet",
    "clear_cache",
    "compute_challenge",
    "compute_verify_cell_kzg_proof_batch_challenge",
    "set_num_threads",
    "get_num_threads",
    # errors
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
    # constants
    "BYTES_PER_BLOB",
    "BYTES_PER_CELL",
    "BYTES_PER_COMMITMENT",
    "BYTES_PER_PROOF",
    "BYTES_PER_FIELD_ELEMENT",
    "FIELD_ELEMENTS_PER_BLOB",
    "FIELD_ELEMENTS_PER_CELL",
    "CELLS_PER_EXT_BLOB",
    "MAX_PRECOMPUTE",
]

del _native
