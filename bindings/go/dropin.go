// Package ckzg4844 is fastkzg's Go binding, a drop-in for the Go binding of
// c-kzg-4844 2.1.x (github.com/ethereum/c-kzg-4844/v2/bindings/go): the same
// exported names, signatures, types, constants and errors, and the same
// process-wide trusted setup (loaded once; the functions panic while none is
// loaded). A client switches with a replace directive for
// github.com/ethereum/c-kzg-4844/v2 pointing at the fastkzg repository.
//
// For new code, Context holds a trusted setup of its own (see
// NewMainnetContext and LoadContext); package
// github.com/fastkzg/fastkzg/bindings/go/fastkzg offers the same under the
// name fastkzg.
package ckzg4844

import "os"

// settings is the loaded trusted setup, nil when none is.
var settings *Context

func loaded() *Context {
	if settings == nil {
		panic("trusted setup isn't loaded")
	}
	return settings
}

func setLoaded(ctx *Context, err error) error {
	if err != nil {
		return err
	}
	settings = ctx
	return nil
}

// LoadTrustedSetup loads the trusted setup from compressed points (see
// LoadContextPoints). It panics if a setup is already loaded.
func LoadTrustedSetup(g1MonomialBytes, g1LagrangeBytes, g2MonomialBytes []byte, precompute uint) error {
	if settings != nil {
		panic("trusted setup is already loaded")
	}
	return setLoaded(LoadContextPoints(g1MonomialBytes, g1LagrangeBytes, g2MonomialBytes, precompute))
}

// LoadTrustedSetupFile loads a trusted setup file in the text format of
// trusted_setup.txt. It panics if a setup is already loaded or the file
// cannot be read.
func LoadTrustedSetupFile(trustedSetupFile string, precompute uint) error {
	if settings != nil {
		panic("trusted setup is already loaded")
	}
	text, err := os.ReadFile(trustedSetupFile)
	if err != nil {
		panic("error reading trusted setup")
	}
	return setLoaded(LoadContextText(text, precompute))
}

// FreeTrustedSetup releases the loaded trusted setup. It panics if none is
// loaded.
func FreeTrustedSetup() {
	_ = loaded().Close()
	settings = nil
}

// BlobToKZGCommitment returns the commitment to the blob's polynomial.
func BlobToKZGCommitment(blob *Blob) (KZGCommitment, error) {
	return loaded().BlobToKZGCommitment(blob)
}

// ComputeKZGProof returns the proof of the blob's polynomial at zBytes and
// its value there.
func ComputeKZGProof(blob *Blob, zBytes Bytes32) (KZGProof, Bytes32, error) {
	return loaded().ComputeKZGProof(blob, zBytes)
}

// ComputeBlobKZGProof returns the blob proof for the blob and commitment.
func ComputeBlobKZGProof(blob *Blob, commitmentBytes Bytes48) (KZGProof, error) {
	return loaded().ComputeBlobKZGProof(blob, commitmentBytes)
}

// VerifyKZGProof reports whether the proof shows that the committed
// polynomial is yBytes at zBytes.
func VerifyKZGProof(commitmentBytes Bytes48, zBytes, yBytes Bytes32, proofBytes Bytes48) (bool, error) {
	return loaded().VerifyKZGProof(commitmentBytes, zBytes, yBytes, proofBytes)
}

// VerifyBlobKZGProof reports whether the proof is the blob proof for the
// blob and commitment.
func VerifyBlobKZGProof(blob *Blob, commitmentBytes, proofBytes Bytes48) (bool, error) {
	return loaded().VerifyBlobKZGProof(blob, commitmentBytes, proofBytes)
}

// VerifyBlobKZGProofBatch reports whether every proof is the blob proof for
// its blob and commitment.
func VerifyBlobKZGProofBatch(blobs []Blob, commitmentsBytes, proofsBytes []Bytes48) (bool, error) {
	return loaded().VerifyBlobKZGProofBatch(blobs, commitmentsBytes, proofsBytes)
}

// ComputeCells returns the cells of the blob's extension.
func ComputeCells(blob *Blob) ([CellsPerExtBlob]Cell, error) {
	var out [CellsPerExtBlob]Cell
	cells, err := loaded().ComputeCells(blob)
	if err != nil {
		return out, err
	}
	copy(out[:], cells)
	return out, nil
}

// ComputeCellsAndKZGProofs returns the cells of the blob's extension and
// their proofs.
func ComputeCellsAndKZGProofs(blob *Blob) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	var outCells [CellsPerExtBlob]Cell
	var outProofs [CellsPerExtBlob]KZGProof
	cells, proofs, err := loaded().ComputeCellsAndKZGProofs(blob)
	if err != nil {
		return outCells, outProofs, err
	}
	copy(outCells[:], cells)
	copy(outProofs[:], proofs)
	return outCells, outProofs, nil
}

// RecoverCellsAndKZGProofs returns all cells of a blob's extension and
// their proofs from at least half of the cells.
func RecoverCellsAndKZGProofs(cellIndices []uint64, cells []Cell) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	var outCells [CellsPerExtBlob]Cell
	var outProofs [CellsPerExtBlob]KZGProof
	recovered, proofs, err := loaded().RecoverCellsAndKZGProofs(cellIndices, cells)
	if err != nil {
		return outCells, outProofs, err
	}
	copy(outCells[:], recovered)
	copy(outProofs[:], proofs)
	return outCells, outProofs, nil
}

// RecoverCells returns all cells of a blob's extension from at least half
// of them.
func RecoverCells(cellIndices []uint64, cells []Cell) ([CellsPerExtBlob]Cell, error) {
	var out [CellsPerExtBlob]Cell
	recovered, err := loaded().RecoverCells(cellIndices, cells)
	if err != nil {
		return out, err
	}
	copy(out[:], recovered)
	return out, nil
}

// VerifyCellKZGProofBatch reports whether every proof proves that its cell
// is the cell of that index of the blob committed to by its commitment.
func VerifyCellKZGProofBatch(commitmentsBytes []Bytes48, cellIndices []uint64, cells []Cell, proofsBytes []Bytes48) (bool, error) {
	return loaded().VerifyCellKZGProofBatch(commitmentsBytes, cellIndices, cells, proofsBytes)
}
