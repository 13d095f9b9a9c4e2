package ckzg4844

// #include "fastkzg_go.h"
import "C"

import "unsafe"

// The batch calls: the cell functions over many blobs in one call. Slices
// are blob-major (blob 0's entries first); each result is the spec
// function applied blob by blob, computed with shared work and all cores.

// ComputeCellsBatch returns the CellsPerExtBlob cells of each blob's
// extension, blob after blob.
func (c *Context) ComputeCellsBatch(blobs []Blob) ([]Cell, error) {
	cells, _, err := c.computeCellsBatch(blobs, false)
	return cells, err
}

// ComputeCellsAndKZGProofsBatch returns the cells and cell proofs of each
// blob, CellsPerExtBlob of each per blob, blob after blob.
func (c *Context) ComputeCellsAndKZGProofsBatch(blobs []Blob) ([]Cell, []KZGProof, error) {
	return c.computeCellsBatch(blobs, true)
}

func (c *Context) computeCellsBatch(blobs []Blob, withProofs bool) ([]Cell, []KZGProof, error) {
	n := len(blobs) * CellsPerExtBlob
	cells := make([]Cell, n)
	var proofs []KZGProof
	if withProofs {
		proofs = make([]KZGProof, n)
	}
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_compute_cells_and_kzg_proofs_batch((*C.Cell)(unsafe.Pointer(unsafe.SliceData(cells))),
			(*C.KZGProof)(unsafe.Pointer(unsafe.SliceData(proofs))),
			(*C.Blob)(unsafe.Pointer(unsafe.SliceData(blobs))), C.uint64_t(len(blobs)), s)
	})
	if err != nil {
		return nil, nil, err
	}
	return cells, proofs, nil
}

// RecoverCellsBatch recovers the cells (no proofs) of blobs that all kept
// the cells at cellIndices (64 to 128 indices, strictly ascending): cells
// holds len(cellIndices) cells per blob, blob after blob. It returns
// CellsPerExtBlob cells per blob.
func (c *Context) RecoverCellsBatch(cellIndices []uint64, cells []Cell) ([]Cell, error) {
	if len(cellIndices) == 0 || len(cells)%len(cellIndices) != 0 {
		return nil, ErrBadArgs
	}
	numBlobs := len(cells) / len(cellIndices)
	recovered := make([]Cell, numBlobs*CellsPerExtBlob)
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_recover_cells_batch((*C.Cell)(unsafe.Pointer(unsafe.SliceData(recovered))),
			(*C.uint64_t)(unsafe.SliceData(cellIndices)), C.uint64_t(len(cellIndices)),
			(*C.Cell)(unsafe.Pointer(unsafe.SliceData(cells))), C.uint64_t(numBlobs), s)
	})
	if err != nil {
		return nil, err
	}
	return recovered, nil
}

// VerifyBlobCellProofs reports whether proofs (CellsPerExtBlob per blob,
// blob after blob) are the cell proofs of the blobs, blob i committed to by
// commitments[i]: compute_cells of each blob, then VerifyCellKZGProofBatch
// over all cells (the execution layer's check of a blob transaction). The
// cells are never computed.
func (c *handle) VerifyBlobCellProofs(blobs []Blob, commitments []Bytes48, proofs []Bytes48) (bool, error) {
	if len(commitments) != len(blobs) || len(proofs) != len(blobs)*CellsPerExtBlob {
		return false, ErrBadArgs
	}
	var ok C.bool
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_verify_blob_cell_proofs(&ok, (*C.Blob)(unsafe.Pointer(unsafe.SliceData(blobs))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(commitments))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(proofs))), C.uint64_t(len(blobs)), s)
	})
	return err == nil && bool(ok), err
}

// VerifyCellsSharedIndices reports whether the cells of many blobs at one
// shared list of indices verify: blob i is committed to by commitments[i],
// and cells and proofs hold len(cellIndices) entries per blob, blob after
// blob (the verdict of VerifyCellKZGProofBatch over the flattened lists).
func (c *handle) VerifyCellsSharedIndices(commitments []Bytes48, cellIndices []uint64, cells []Cell, proofs []Bytes48) (bool, error) {
	total := len(commitments) * len(cellIndices)
	if len(cells) != total || len(proofs) != total {
		return false, ErrBadArgs
	}
	var ok C.bool
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_verify_cells_shared_indices(&ok, (*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(commitments))),
			(*C.uint64_t)(unsafe.SliceData(cellIndices)), C.uint64_t(len(cellIndices)),
			(*C.Cell)(unsafe.Pointer(unsafe.SliceData(cells))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(proofs))), C.uint64_t(len(commitments)), s)
	})
	return err == nil && bool(ok), err
}
