package ckzg4844

// #include "fastkzg_go.h"
import "C"

import "unsafe"

// ComputeCells returns the CellsPerExtBlob cells of the blob's extension.
func (c *Context) ComputeCells(blob *Blob) ([]Cell, error) {
	cells, _, err := c.computeCells(blob, false)
	return cells, err
}

// ComputeCellsAndKZGProofs returns the CellsPerExtBlob cells of the blob's
// extension and the proof of each.
func (c *Context) ComputeCellsAndKZGProofs(blob *Blob) ([]Cell, []KZGProof, error) {
	return c.computeCells(blob, true)
}

func (c *Context) computeCells(blob *Blob, withProofs bool) ([]Cell, []KZGProof, error) {
	if blob == nil {
		return nil, nil, ErrBadArgs
	}
	cells := make([]Cell, CellsPerExtBlob)
	var proofs []KZGProof
	if withProofs {
		proofs = make([]KZGProof, CellsPerExtBlob)
	}
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.compute_cells_and_kzg_proofs((*C.Cell)(unsafe.Pointer(&cells[0])),
			(*C.KZGProof)(unsafe.Pointer(unsafe.SliceData(proofs))), (*C.Blob)(unsafe.Pointer(blob)), s)
	})
	if err != nil {
		return nil, nil, err
	}
	return cells, proofs, nil
}

// RecoverCells returns all CellsPerExtBlob cells of a blob's extension from
// at least half of them (64): cells[i] is cell number cellIndices[i], and
// the indices are strictly ascending.
func (c *Context) RecoverCells(cellIndices []uint64, cells []Cell) ([]Cell, error) {
	recovered, _, err := c.recover(cellIndices, cells, false)
	return recovered, err
}

// RecoverCellsAndKZGProofs is RecoverCells, also returning the proof of each
// cell.
func (c *Context) RecoverCellsAndKZGProofs(cellIndices []uint64, cells []Cell) ([]Cell, []KZGProof, error) {
	return c.recover(cellIndices, cells, true)
}

func (c *Context) recover(cellIndices []uint64, cells []Cell, withProofs bool) ([]Cell, []KZGProof, error) {
	if len(cellIndices) != len(cells) {
		return nil, nil, ErrBadArgs
	}
	recovered := make([]Cell, CellsPerExtBlob)
	var proofs []KZGProof
	if withProofs {
		proofs = make([]KZGProof, CellsPerExtBlob)
	}
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.recover_cells_and_kzg_proofs((*C.Cell)(unsafe.Pointer(&recovered[0])),
			(*C.KZGProof)(unsafe.Pointer(unsafe.SliceData(proofs))),
			(*C.uint64_t)(unsafe.SliceData(cellIndices)), (*C.Cell)(unsafe.Pointer(unsafe.SliceData(cells))),
			C.uint64_t(len(cells)), s)
	})
	if err != nil {
		return nil, nil, err
	}
	return recovered, proofs, nil
}

// VerifyCellKZGProofBatch reports whether, for every i, proofs[i] proves that
// cells[i] is cell number cellIndices[i] of the blob committed to by
// commitments[i]. The four lists must have the same length; empty lists
// verify.
func (c *handle) VerifyCellKZGProofBatch(commitments []Bytes48, cellIndices []uint64, cells []Cell, proofs []Bytes48) (bool, error) {
	if len(commitments) != len(cells) || len(cellIndices) != len(cells) || len(proofs) != len(cells) {
		return false, ErrBadArgs
	}
	var ok C.bool
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.verify_cell_kzg_proof_batch(&ok, (*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(commitments))),
			(*C.uint64_t)(unsafe.SliceData(cellIndices)), (*C.Cell)(unsafe.Pointer(unsafe.SliceData(cells))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(proofs))), C.uint64_t(len(cells)), s)
	})
	return err == nil && bool(ok), err
}

// ComputeVerifyCellKZGProofBatchChallenge returns the challenge with which
// VerifyCellKZGProofBatch combines its cells (spec
// compute_verify_cell_kzg_proof_batch_challenge), as a big-endian field
// element. commitments are the batch's distinct commitments; cells[i] is
// cell number cellIndices[i] of the blob committed to by
// commitments[commitmentIndices[i]], with proof proofs[i]. The last four
// lists must have the same length, and every cell element must be
// canonical; as in the spec, commitments, proofs and indices are hashed as
// they are (not validated, not range-checked). The trusted setup is not
// used.
func (c *handle) ComputeVerifyCellKZGProofBatchChallenge(commitments []Bytes48, commitmentIndices, cellIndices []uint64, cells []Cell, proofs []Bytes48) (Bytes32, error) {
	if len(commitmentIndices) != len(cells) || len(cellIndices) != len(cells) || len(proofs) != len(cells) {
		return Bytes32{}, ErrBadArgs
	}
	var challenge Bytes32
	err := c.call(func(*C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_compute_verify_cell_kzg_proof_batch_challenge((*C.Bytes32)(unsafe.Pointer(&challenge)),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(commitments))), C.uint64_t(len(commitments)),
			(*C.uint64_t)(unsafe.SliceData(commitmentIndices)), (*C.uint64_t)(unsafe.SliceData(cellIndices)),
			(*C.Cell)(unsafe.Pointer(unsafe.SliceData(cells))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(proofs))), C.uint64_t(len(cells)))
	})
	if err != nil {
		return Bytes32{}, err
	}
	return challenge, nil
}
