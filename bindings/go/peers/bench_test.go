//go:build fastkzg_prefixed

package peers

import (
	"math/rand"
	"runtime"
	"sync"
	"testing"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
	ckzg "github.com/ethereum/c-kzg-4844/v2/bindings/go"
	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// batchSize is the number of blobs of the blob-batch benchmark.
const batchSize = 8

// inputs are the benchmark inputs, the same for every library, checked with
// fastkzg to be valid.
type inputs struct {
	blobs       []fastkzg.Blob
	commitments []fastkzg.Bytes48
	blobProofs  []fastkzg.Bytes48
	z, y        fastkzg.Bytes32
	proof       fastkzg.Bytes48
	cells       [fastkzg.CellsPerExtBlob]fastkzg.Cell
	cellProofs  []fastkzg.Bytes48
	// half of the cells (the odd ones), for recovery
	halfIndices []uint64
	halfCells   []fastkzg.Cell
}

var (
	benchOnce   sync.Once
	benchInputs *inputs
	goeth       *goethkzg.Context
)

func setup(b *testing.B) *inputs {
	benchOnce.Do(func() {
		r := rand.New(rand.NewSource(42))
		in := &inputs{z: spectest.RandomFieldElement(r)}
		for i := 0; i < batchSize; i++ {
			blob := spectest.RandomBlob(r)
			c, err := fastkzg.BlobToKZGCommitment(blob)
			if err != nil {
				panic(err)
			}
			p, err := fastkzg.ComputeBlobKZGProof(blob, fastkzg.Bytes48(c))
			if err != nil {
				panic(err)
			}
			in.blobs = append(in.blobs, *blob)
			in.commitments = append(in.commitments, fastkzg.Bytes48(c))
			in.blobProofs = append(in.blobProofs, fastkzg.Bytes48(p))
		}
		proof, y, err := fastkzg.ComputeKZGProof(&in.blobs[0], in.z)
		if err != nil {
			panic(err)
		}
		in.proof, in.y = fastkzg.Bytes48(proof), y
		cells, proofs, err := fastkzg.ComputeCellsAndKZGProofs(&in.blobs[0])
		if err != nil {
			panic(err)
		}
		in.cells = cells
		for i := range proofs {
			in.cellProofs = append(in.cellProofs, fastkzg.Bytes48(proofs[i]))
			if i%2 == 1 {
				in.halfIndices = append(in.halfIndices, uint64(i))
				in.halfCells = append(in.halfCells, cells[i])
			}
		}
		goeth, err = goethkzg.NewContext4096Secure()
		if err != nil {
			panic(err)
		}
		benchInputs = in
	})
	b.ResetTimer()
	return benchInputs
}

// check fails the benchmark unless a call succeeded (and a verification
// said valid).
func check(b *testing.B, ok bool, err error) {
	if err != nil || !ok {
		b.Fatalf("unexpected result: %v, %v", ok, err)
	}
}

// Conversions to go-eth-kzg's types.
func blobG(b *fastkzg.Blob) *goethkzg.Blob                 { return (*goethkzg.Blob)(b) }
func commitmentG(p fastkzg.Bytes48) goethkzg.KZGCommitment { return goethkzg.KZGCommitment(p) }
func proofG(p fastkzg.Bytes48) goethkzg.KZGProof           { return goethkzg.KZGProof(p) }

func cellPtrsG(cells []fastkzg.Cell) []*goethkzg.Cell {
	out := make([]*goethkzg.Cell, len(cells))
	for i := range cells {
		out[i] = (*goethkzg.Cell)(&cells[i])
	}
	return out
}

var threads = runtime.NumCPU()

func BenchmarkBlobToKZGCommitment(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := fastkzg.BlobToKZGCommitment(&in.blobs[0])
			check(b, true, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := ckzg.BlobToKZGCommitment(blobC(&in.blobs[0]))
			check(b, true, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := goeth.BlobToKZGCommitment(blobG(&in.blobs[0]), threads)
			check(b, true, err)
		}
	})
}

func BenchmarkComputeKZGProof(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := fastkzg.ComputeKZGProof(&in.blobs[0], in.z)
			check(b, true, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := ckzg.ComputeKZGProof(blobC(&in.blobs[0]), b32C(in.z))
			check(b, true, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := goeth.ComputeKZGProof(blobG(&in.blobs[0]), goethkzg.Scalar(in.z), threads)
			check(b, true, err)
		}
	})
}

func BenchmarkComputeBlobKZGProof(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := fastkzg.ComputeBlobKZGProof(&in.blobs[0], in.commitments[0])
			check(b, true, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := ckzg.ComputeBlobKZGProof(blobC(&in.blobs[0]), b48C(in.commitments[0]))
			check(b, true, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := goeth.ComputeBlobKZGProof(blobG(&in.blobs[0]), commitmentG(in.commitments[0]), threads)
			check(b, true, err)
		}
	})
}

func BenchmarkVerifyKZGProof(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			ok, err := fastkzg.VerifyKZGProof(in.commitments[0], in.z, in.y, in.proof)
			check(b, ok, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			ok, err := ckzg.VerifyKZGProof(b48C(in.commitments[0]), b32C(in.z), b32C(in.y), b48C(in.proof))
			check(b, ok, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			err := goeth.VerifyKZGProof(commitmentG(in.commitments[0]), goethkzg.Scalar(in.z), goethkzg.Scalar(in.y), proofG(in.proof))
			check(b, true, err)
		}
	})
}

func BenchmarkVerifyBlobKZGProof(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			ok, err := fastkzg.VerifyBlobKZGProof(&in.blobs[0], in.commitments[0], in.blobProofs[0])
			check(b, ok, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			ok, err := ckzg.VerifyBlobKZGProof(blobC(&in.blobs[0]), b48C(in.commitments[0]), b48C(in.blobProofs[0]))
			check(b, ok, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			err := goeth.VerifyBlobKZGProof(blobG(&in.blobs[0]), commitmentG(in.commitments[0]), proofG(in.blobProofs[0]))
			check(b, true, err)
		}
	})
}

func BenchmarkVerifyBlobKZGProofBatch8(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			ok, err := fastkzg.VerifyBlobKZGProofBatch(in.blobs, in.commitments, in.blobProofs)
			check(b, ok, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			ok, err := ckzg.VerifyBlobKZGProofBatch(blobsC(in.blobs), b48sC(in.commitments), b48sC(in.blobProofs))
			check(b, ok, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		blobs := make([]*goethkzg.Blob, len(in.blobs))
		commitments := make([]goethkzg.KZGCommitment, len(in.blobs))
		proofs := make([]goethkzg.KZGProof, len(in.blobs))
		for i := range in.blobs {
			blobs[i], commitments[i], proofs[i] = blobG(&in.blobs[i]), commitmentG(in.commitments[i]), proofG(in.blobProofs[i])
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			check(b, true, goeth.VerifyBlobKZGProofBatch(blobs, commitments, proofs))
		}
	})
}

func BenchmarkComputeCells(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := fastkzg.ComputeCells(&in.blobs[0])
			check(b, true, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := ckzg.ComputeCells(blobC(&in.blobs[0]))
			check(b, true, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, err := goeth.ComputeCells(blobG(&in.blobs[0]), threads)
			check(b, true, err)
		}
	})
}

func BenchmarkComputeCellsAndKZGProofs(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := fastkzg.ComputeCellsAndKZGProofs(&in.blobs[0])
			check(b, true, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := ckzg.ComputeCellsAndKZGProofs(blobC(&in.blobs[0]))
			check(b, true, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := goeth.ComputeCellsAndKZGProofs(blobG(&in.blobs[0]), threads)
			check(b, true, err)
		}
	})
}

func BenchmarkRecoverCellsAndKZGProofs(b *testing.B) {
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := fastkzg.RecoverCellsAndKZGProofs(in.halfIndices, in.halfCells)
			check(b, true, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		for i := 0; i < b.N; i++ {
			_, _, err := ckzg.RecoverCellsAndKZGProofs(in.halfIndices, cellsC(in.halfCells))
			check(b, true, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		cells := cellPtrsG(in.halfCells)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			_, _, err := goeth.RecoverCellsAndComputeKZGProofs(in.halfIndices, cells, threads)
			check(b, true, err)
		}
	})
}

func BenchmarkVerifyCellKZGProofBatch128(b *testing.B) {
	indices := seq(0, fastkzg.CellsPerExtBlob)
	b.Run("fastkzg", func(b *testing.B) {
		in := setup(b)
		commitments := repeat(in.commitments[0], len(indices))
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			ok, err := fastkzg.VerifyCellKZGProofBatch(commitments, indices, in.cells[:], in.cellProofs)
			check(b, ok, err)
		}
	})
	b.Run("c-kzg", func(b *testing.B) {
		in := setup(b)
		commitments := b48sC(repeat(in.commitments[0], len(indices)))
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			ok, err := ckzg.VerifyCellKZGProofBatch(commitments, indices, cellsC(in.cells[:]), b48sC(in.cellProofs))
			check(b, ok, err)
		}
	})
	b.Run("go-eth-kzg", func(b *testing.B) {
		in := setup(b)
		commitments := make([]goethkzg.KZGCommitment, len(indices))
		proofs := make([]goethkzg.KZGProof, len(indices))
		for i := range indices {
			commitments[i], proofs[i] = commitmentG(in.commitments[0]), proofG(in.cellProofs[i])
		}
		cells := cellPtrsG(in.cells[:])
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			check(b, true, goeth.VerifyCellKZGProofBatch(commitments, indices, cells, proofs))
		}
	})
}

func repeat(p fastkzg.Bytes48, n int) []fastkzg.Bytes48 {
	out := make([]fastkzg.Bytes48, n)
	for i := range out {
		out[i] = p
	}
	return out
}
