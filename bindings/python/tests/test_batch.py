"""The batch calls against the per-blob calls they are defined by, and
against ckzg 2.1.8's composition; their errors name the blob."""

import ckzg
import pytest

import fastkzg
from fastkzg.errors import InvalidBlob, InvalidCell, InvalidCellCount, InvalidCellIndex, InvalidProof, LengthMismatch
from kzgdata import random_blob

N = 3
CELLS = fastkzg.CELLS_PER_EXT_BLOB


@pytest.fixture(scope="module")
def s() -> fastkzg.KzgSettings:
    return fastkzg.mainnet()


@pytest.fixture(scope="module")
def data(s):
    blobs = [random_blob(900 + i) for i in range(N)]
    commitments = [s.blob_to_kzg_commitment(b) for b in blobs]
    computed = [s.compute_cells_and_kzg_proofs(b) for b in blobs]
    return blobs, commitments, [c for c, _ in computed], [p for _, p in computed]


def test_computations_equal_per_blob_calls(s, data) -> None:
    blobs, _, cells, proofs = data
    assert s.compute_cells_batch(blobs) == cells
    assert s.compute_cells_batch(b"".join(blobs)) == cells
    assert s.compute_cells_and_kzg_proofs_batch(blobs) == list(zip(cells, proofs))
    assert s.compute_cells_batch([]) == []


def test_recovery_equals_per_blob_recovery(s, data) -> None:
    _, _, cells, _ = data
    for indices in (list(range(1, CELLS, 2)), list(range(64)), list(range(40, 128))):
        kept = [[c[i] for i in indices] for c in cells]
        assert s.recover_cells_batch(indices, kept) == cells
        assert [s.recover_cells_and_kzg_proofs(indices, k)[0] for k in kept] == cells


def test_verifications_equal_the_flattened_batch(s, data, ckzg_settings) -> None:
    blobs, commitments, cells, proofs = data
    assert s.verify_blob_cell_proofs(blobs, commitments, proofs)
    swapped = [list(p) for p in proofs]
    swapped[1][3], swapped[1][4] = swapped[1][4], swapped[1][3]
    assert not s.verify_blob_cell_proofs(blobs, commitments, swapped)
    assert s.verify_blob_cell_proofs([], [], [])
    # ckzg's composition: compute_cells, then one batch over all cells.
    all_cells = [x for b in blobs for x in ckzg.compute_cells(b, ckzg_settings)]
    all_c = [c for c in commitments for _ in range(CELLS)]
    all_i = list(range(CELLS)) * N
    for p in (proofs, swapped):
        flat = [x for row in p for x in row]
        assert ckzg.verify_cell_kzg_proof_batch(all_c, all_i, all_cells, flat, ckzg_settings) == (
            s.verify_blob_cell_proofs(blobs, commitments, p)
        )

    shared = [9, 100, 9]
    sc = [[c[i] for i in shared] for c in cells]
    sp = [[p[i] for i in shared] for p in proofs]
    flat_c = [commitments[b] for b in range(N) for _ in shared]
    flat_i = [i for _ in range(N) for i in shared]
    flat_cells = [x for row in sc for x in row]
    flat_proofs = [x for row in sp for x in row]
    for flip in (False, True):
        if flip:
            sc[2][0] = sc[2][0][:-1] + bytes([sc[2][0][-1] ^ 1])
            flat_cells = [x for row in sc for x in row]
        got = s.verify_cells_shared_indices(commitments, shared, sc, sp)
        assert got == (not flip)
        assert got == s.verify_cell_kzg_proof_batch(flat_c, flat_i, flat_cells, flat_proofs)
        assert got == ckzg.verify_cell_kzg_proof_batch(flat_c, flat_i, flat_cells, flat_proofs, ckzg_settings)


def test_errors_name_the_blob(s, data) -> None:
    blobs, commitments, cells, proofs = data
    bad = list(blobs)
    bad[2] = b"\xff" * 32 + bad[2][32:]
    with pytest.raises(InvalidBlob) as e:
        s.compute_cells_batch(bad)
    assert e.value.blob == 2 and e.value.element == 0
    with pytest.raises(InvalidBlob) as e:
        s.verify_blob_cell_proofs(bad, commitments, proofs)
    assert e.value.blob == 2

    broken = [list(p) for p in proofs]
    broken[1][7] = b"\x13" * 48
    with pytest.raises(InvalidProof) as e:
        s.verify_blob_cell_proofs(blobs, commitments, broken)
    assert (e.value.blob, e.value.index) == (1, 7)
    with pytest.raises(LengthMismatch) as e:
        s.verify_blob_cell_proofs(blobs, commitments, [p[:127] for p in proofs])
    assert e.value.blob == 0

    indices = list(range(64, 128))
    kept = [[c[i] for i in indices] for c in cells]
    kept[1][5] = b"\xff" * 2048
    with pytest.raises(InvalidCell) as e:
        s.recover_cells_batch(indices, kept)
    assert (e.value.blob, e.value.index) == (1, 5)
    with pytest.raises(InvalidCellCount):
        s.recover_cells_batch(indices[:63], [k[:63] for k in kept])
    with pytest.raises(InvalidCellIndex):
        s.recover_cells_batch(indices[:63] + [63], kept)
    short = [list(k) for k in kept]
    short[2] = short[2][:10]
    with pytest.raises(LengthMismatch) as e:
        s.recover_cells_batch(indices, short)
    assert e.value.blob == 2
    with pytest.raises(InvalidCellIndex):
        s.verify_cells_shared_indices(commitments, [128], [[c[0]] for c in cells], [[p[0]] for p in proofs])
    with pytest.raises(TypeError):
        s.recover_cells_batch(indices, 5)
