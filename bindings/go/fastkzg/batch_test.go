package fastkzg_test

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// TestBatchCallsArePerBlobCalls checks each batch call against the
// per-blob calls it is defined by, and a few bad inputs.
func TestBatchCallsArePerBlobCalls(t *testing.T) {
	ctx := mainnet(t, 0)
	r := rand.New(rand.NewSource(7))
	const n = 3
	blobs := make([]fastkzg.Blob, n)
	commitments := make([]fastkzg.Bytes48, n)
	var cells []fastkzg.Cell
	var proofs []fastkzg.Bytes48
	for i := range blobs {
		blobs[i] = *spectest.RandomBlob(r)
		c, err := ctx.BlobToKZGCommitment(&blobs[i])
		if err != nil {
			t.Fatal(err)
		}
		commitments[i] = fastkzg.Bytes48(c)
		cs, ps, err := ctx.ComputeCellsAndKZGProofs(&blobs[i])
		if err != nil {
			t.Fatal(err)
		}
		cells = append(cells, cs...)
		for _, p := range ps {
			proofs = append(proofs, fastkzg.Bytes48(p))
		}
	}

	gotCells, gotProofs, err := ctx.ComputeCellsAndKZGProofsBatch(blobs)
	if err != nil {
		t.Fatal(err)
	}
	onlyCells, err := ctx.ComputeCellsBatch(blobs)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cells {
		if gotCells[i] != cells[i] || onlyCells[i] != cells[i] || fastkzg.Bytes48(gotProofs[i]) != proofs[i] {
			t.Fatalf("cell or proof %d differs from the per-blob call", i)
		}
	}

	// Recovery from the odd cells of every blob.
	indices := make([]uint64, 0, 64)
	for i := uint64(1); i < fastkzg.CellsPerExtBlob; i += 2 {
		indices = append(indices, i)
	}
	var kept []fastkzg.Cell
	for b := 0; b < n; b++ {
		for _, i := range indices {
			kept = append(kept, cells[b*fastkzg.CellsPerExtBlob+int(i)])
		}
	}
	recovered, err := ctx.RecoverCellsBatch(indices, kept)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cells {
		if recovered[i] != cells[i] {
			t.Fatalf("recovered cell %d differs", i)
		}
	}

	ok, err := ctx.VerifyBlobCellProofs(blobs, commitments, proofs)
	if err != nil || !ok {
		t.Fatalf("VerifyBlobCellProofs: %v %v", ok, err)
	}
	swapped := append([]fastkzg.Bytes48(nil), proofs...)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	if ok, err := ctx.VerifyBlobCellProofs(blobs, commitments, swapped); err != nil || ok {
		t.Fatalf("swapped proofs: %v %v", ok, err)
	}

	shared := []uint64{5, 90, 5}
	var sc []fastkzg.Cell
	var sp []fastkzg.Bytes48
	for b := 0; b < n; b++ {
		for _, i := range shared {
			sc = append(sc, cells[b*fastkzg.CellsPerExtBlob+int(i)])
			sp = append(sp, proofs[b*fastkzg.CellsPerExtBlob+int(i)])
		}
	}
	flatC := make([]fastkzg.Bytes48, 0, len(sc))
	flatI := make([]uint64, 0, len(sc))
	for b := 0; b < n; b++ {
		for _, i := range shared {
			flatC = append(flatC, commitments[b])
			flatI = append(flatI, i)
		}
	}
	for _, flip := range []bool{false, true} {
		if flip {
			sc[2][31] ^= 1
		}
		got, err1 := ctx.VerifyCellsSharedIndices(commitments, shared, sc, sp)
		want, err2 := ctx.VerifyCellKZGProofBatch(flatC, flatI, sc, sp)
		if err1 != nil || err2 != nil || got != want || got == flip {
			t.Fatalf("shared indices (flip %v): %v %v, flat %v %v", flip, got, err1, want, err2)
		}
	}

	// Bad inputs.
	if _, err := ctx.RecoverCellsBatch(indices[:63], kept[:63*n]); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Fatalf("63 indices: %v", err)
	}
	if _, err := ctx.VerifyBlobCellProofs(blobs, commitments, proofs[1:]); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Fatalf("short proofs: %v", err)
	}
	if _, err := ctx.VerifyCellsSharedIndices(commitments, []uint64{128}, sc[:n], sp[:n]); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Fatalf("index 128: %v", err)
	}
	bad := append([]fastkzg.Blob(nil), blobs...)
	bad[1][0] = 0xff
	if _, err := ctx.ComputeCellsBatch(bad); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Fatalf("non-canonical blob: %v", err)
	}
	if ok, err := ctx.VerifyBlobCellProofs(nil, nil, nil); err != nil || !ok {
		t.Fatalf("no blobs: %v %v", ok, err)
	}
}
