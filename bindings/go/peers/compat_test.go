//go:build fastkzg_prefixed

package peers

import (
	"fmt"
	"math/rand"
	"testing"

	ckzg "github.com/ethereum/c-kzg-4844/v2/bindings/go"
	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// same checks that two calls gave the same results and the same error.
func same(t *testing.T, what string, a, b []any) {
	t.Helper()
	if fmt.Sprint(a...) != fmt.Sprint(b...) {
		t.Errorf("%s: c-kzg and fastkzg differ", what)
	}
}

// cellsOf returns the cells at the given indices.
func cellsOf(cells *[fastkzg.CellsPerExtBlob]fastkzg.Cell, indices []uint64) []fastkzg.Cell {
	out := make([]fastkzg.Cell, len(indices))
	for i, index := range indices {
		out[i] = cells[index%fastkzg.CellsPerExtBlob]
	}
	return out
}

// TestSameResultsAsCKZG runs valid and invalid inputs through both drop-in
// APIs and requires equal results and errors.
func TestSameResultsAsCKZG(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	blob := spectest.RandomBlob(r)
	z := spectest.RandomFieldElement(r)
	c, _ := fastkzg.BlobToKZGCommitment(blob)
	proof, y, _ := fastkzg.ComputeKZGProof(blob, z)
	blobProof, _ := fastkzg.ComputeBlobKZGProof(blob, fastkzg.Bytes48(c))
	cells, proofs, _ := fastkzg.ComputeCellsAndKZGProofs(blob)

	nonCanonical := *blob
	copy(nonCanonical[64:], []byte{0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01})
	badZ := fastkzg.Bytes32{0xff}
	blobs := map[string]*fastkzg.Blob{"valid": blob, "non-canonical": &nonCanonical, "nil": nil}
	points := map[string]fastkzg.Bytes48{
		"commitment": fastkzg.Bytes48(c),
		"proof":      fastkzg.Bytes48(proof),
		"blob proof": fastkzg.Bytes48(blobProof),
		"infinity":   {0xc0},
		"no flag":    {0x01},
		"random x":   {0x9f, 0x12, 0x34, 0x56},
	}

	for bn, b := range blobs {
		a1, a2 := ckzg.BlobToKZGCommitment(blobC(b))
		b1, b2 := fastkzg.BlobToKZGCommitment(b)
		same(t, "BlobToKZGCommitment "+bn, []any{a1, a2}, []any{b1, b2})
		for _, zz := range []fastkzg.Bytes32{z, badZ} {
			a1, a2, a3 := ckzg.ComputeKZGProof(blobC(b), b32C(zz))
			b1, b2, b3 := fastkzg.ComputeKZGProof(b, zz)
			same(t, "ComputeKZGProof "+bn, []any{a1, a2, a3}, []any{b1, b2, b3})
		}
		ac, ae := ckzg.ComputeCells(blobC(b))
		bc, be := fastkzg.ComputeCells(b)
		same(t, "ComputeCells "+bn, []any{ac, ae}, []any{bc, be})
		acs, aps, ae := ckzg.ComputeCellsAndKZGProofs(blobC(b))
		bcs, bps, be := fastkzg.ComputeCellsAndKZGProofs(b)
		same(t, "ComputeCellsAndKZGProofs "+bn, []any{acs, aps, ae}, []any{bcs, bps, be})
		for pn, p := range points {
			a1, a2 := ckzg.ComputeBlobKZGProof(blobC(b), b48C(p))
			b1, b2 := fastkzg.ComputeBlobKZGProof(b, p)
			same(t, "ComputeBlobKZGProof "+bn+" "+pn, []any{a1, a2}, []any{b1, b2})
			for qn, q := range points {
				a1, a2 := ckzg.VerifyBlobKZGProof(blobC(b), b48C(p), b48C(q))
				b1, b2 := fastkzg.VerifyBlobKZGProof(b, p, q)
				same(t, "VerifyBlobKZGProof "+bn+" "+pn+" "+qn, []any{a1, a2}, []any{b1, b2})
			}
		}
	}
	for pn, p := range points {
		for qn, q := range points {
			for _, zz := range []fastkzg.Bytes32{z, badZ} {
				for _, yy := range []fastkzg.Bytes32{y, badZ} {
					a1, a2 := ckzg.VerifyKZGProof(b48C(p), b32C(zz), b32C(yy), b48C(q))
					b1, b2 := fastkzg.VerifyKZGProof(p, zz, yy, q)
					same(t, "VerifyKZGProof "+pn+" "+qn, []any{a1, a2}, []any{b1, b2})
				}
			}
		}
	}

	batches := map[string][3]int{"empty": {0, 0, 0}, "one": {1, 1, 1}, "two": {2, 2, 2}, "lengths": {2, 1, 2}, "lengths 2": {1, 1, 0}}
	for name, n := range batches {
		bl := make([]fastkzg.Blob, n[0])
		for i := range bl {
			bl[i] = *blob
		}
		cs := make([]fastkzg.Bytes48, n[1])
		for i := range cs {
			cs[i] = fastkzg.Bytes48(c)
		}
		ps := make([]fastkzg.Bytes48, n[2])
		for i := range ps {
			ps[i] = fastkzg.Bytes48(blobProof)
		}
		a1, a2 := ckzg.VerifyBlobKZGProofBatch(blobsC(bl), b48sC(cs), b48sC(ps))
		b1, b2 := fastkzg.VerifyBlobKZGProofBatch(bl, cs, ps)
		same(t, "VerifyBlobKZGProofBatch "+name, []any{a1, a2}, []any{b1, b2})
	}

	recoverCases := map[string][]uint64{
		"half":          seq(32, 96),
		"odd ones":      seqStep(1, 128, 2),
		"all":           seq(0, 128),
		"too few":       seq(0, 63),
		"none":          {},
		"not ascending": append(seq(1, 64), 0),
		"duplicate":     append(seq(0, 64), 63),
		"out of range":  append(seq(0, 64), 128),
		"too many":      append(seq(0, 128), 128),
	}
	for name, indices := range recoverCases {
		given := cellsOf(&cells, indices)
		a1, a2, a3 := ckzg.RecoverCellsAndKZGProofs(indices, cellsC(given))
		b1, b2, b3 := fastkzg.RecoverCellsAndKZGProofs(indices, given)
		same(t, "RecoverCellsAndKZGProofs "+name, []any{a1, a2, a3}, []any{b1, b2, b3})
		ac, ae := ckzg.RecoverCells(indices, cellsC(given))
		bc, be := fastkzg.RecoverCells(indices, given)
		same(t, "RecoverCells "+name, []any{ac, ae}, []any{bc, be})
	}
	a1, a2, a3 := ckzg.RecoverCellsAndKZGProofs(seq(0, 64), cellsC(cells[:65]))
	b1, b2, b3 := fastkzg.RecoverCellsAndKZGProofs(seq(0, 64), cells[:65])
	same(t, "RecoverCellsAndKZGProofs lengths", []any{a1, a2, a3}, []any{b1, b2, b3})

	verifyCases := map[string][]uint64{
		"all":          seq(0, 128),
		"some":         {5, 9, 9, 100},
		"empty":        {},
		"out of range": {3, 128},
		"max":          {^uint64(0)},
	}
	for name, indices := range verifyCases {
		for pn, p := range points {
			cs := make([]fastkzg.Bytes48, len(indices))
			ps := make([]fastkzg.Bytes48, len(indices))
			for i, index := range indices {
				cs[i] = fastkzg.Bytes48(c)
				ps[i] = fastkzg.Bytes48(proofs[index%fastkzg.CellsPerExtBlob])
			}
			if len(cs) > 0 {
				cs[0] = p
			}
			given := cellsOf(&cells, indices)
			a1, a2 := ckzg.VerifyCellKZGProofBatch(b48sC(cs), indices, cellsC(given), b48sC(ps))
			b1, b2 := fastkzg.VerifyCellKZGProofBatch(cs, indices, given, ps)
			same(t, "VerifyCellKZGProofBatch "+name+" "+pn, []any{a1, a2}, []any{b1, b2})
			if len(cs) > 1 {
				a1, a2 = ckzg.VerifyCellKZGProofBatch(b48sC(cs[1:]), indices, cellsC(given), b48sC(ps))
				b1, b2 = fastkzg.VerifyCellKZGProofBatch(cs[1:], indices, given, ps)
				same(t, "VerifyCellKZGProofBatch lengths "+name, []any{a1, a2}, []any{b1, b2})
			}
		}
	}
}

func seq(from, to int) []uint64 { return seqStep(from, to, 1) }

func seqStep(from, to, step int) []uint64 {
	var out []uint64
	for i := from; i < to; i += step {
		out = append(out, uint64(i))
	}
	return out
}
