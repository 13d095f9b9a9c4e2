package fastkzg_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"sync"
	"testing"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// workload is one call of every function on fixed inputs; run returns the
// results of each call, keyed by function.
type workload struct {
	blobs       []fastkzg.Blob
	z           fastkzg.Bytes32
	commitments []fastkzg.Bytes48
	proofs      []fastkzg.Bytes48
	cellIndices []uint64
	cells       []fastkzg.Cell
	cellProofs  []fastkzg.Bytes48
	halfIndices []uint64
	halfCells   []fastkzg.Cell
}

func newWorkload(t *testing.T, ctx *fastkzg.Context, seed int64) *workload {
	r := rand.New(rand.NewSource(seed))
	w := &workload{z: spectest.RandomFieldElement(r)}
	for i := 0; i < 2; i++ {
		blob := spectest.RandomBlob(r)
		commitment, err := ctx.BlobToKZGCommitment(blob)
		if err != nil {
			t.Fatal(err)
		}
		proof, err := ctx.ComputeBlobKZGProof(blob, fastkzg.Bytes48(commitment))
		if err != nil {
			t.Fatal(err)
		}
		w.blobs = append(w.blobs, *blob)
		w.commitments = append(w.commitments, fastkzg.Bytes48(commitment))
		w.proofs = append(w.proofs, fastkzg.Bytes48(proof))
	}
	cells, proofs, err := ctx.ComputeCellsAndKZGProofs(&w.blobs[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < fastkzg.CellsPerExtBlob; i += 3 {
		w.cellIndices = append(w.cellIndices, uint64(i))
		w.cells = append(w.cells, cells[i])
		w.cellProofs = append(w.cellProofs, fastkzg.Bytes48(proofs[i]))
	}
	for i := 1; i < fastkzg.CellsPerExtBlob; i += 2 {
		w.halfIndices = append(w.halfIndices, uint64(i))
		w.halfCells = append(w.halfCells, cells[i])
	}
	return w
}

func (w *workload) commitmentsFor(n int) []fastkzg.Bytes48 {
	out := make([]fastkzg.Bytes48, n)
	for i := range out {
		out[i] = w.commitments[0]
	}
	return out
}

// digest is a printable hash of results: byte arrays, lists of them, bools
// and errors.
func digest(values ...any) string {
	h := sha256.New()
	for _, v := range values {
		switch v := v.(type) {
		case fastkzg.KZGCommitment:
			h.Write(v[:])
		case fastkzg.KZGProof:
			h.Write(v[:])
		case fastkzg.Bytes32:
			h.Write(v[:])
		case []fastkzg.Cell:
			for _, c := range v {
				h.Write(c[:])
			}
		case []fastkzg.KZGProof:
			for _, p := range v {
				h.Write(p[:])
			}
		default:
			fmt.Fprintf(h, "[%v]", v)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// calls are the calls of the workload, each returning its results as a
// printable value.
func (w *workload) calls(ctx *fastkzg.Context) []func() string {
	show := digest
	return []func() string{
		func() string { c, err := ctx.BlobToKZGCommitment(&w.blobs[1]); return show(c, err) },
		func() string { p, y, err := ctx.ComputeKZGProof(&w.blobs[0], w.z); return show(p, y, err) },
		func() string { p, err := ctx.ComputeBlobKZGProof(&w.blobs[1], w.commitments[1]); return show(p, err) },
		func() string {
			p, y, _ := ctx.ComputeKZGProof(&w.blobs[1], w.z)
			ok, err := ctx.VerifyKZGProof(w.commitments[1], w.z, y, fastkzg.Bytes48(p))
			return show(ok, err)
		},
		func() string {
			ok, err := ctx.VerifyBlobKZGProof(&w.blobs[0], w.commitments[0], w.proofs[0])
			return show(ok, err)
		},
		func() string {
			ok, err := ctx.VerifyBlobKZGProofBatch(w.blobs, w.commitments, w.proofs)
			return show(ok, err)
		},
		func() string { c, err := ctx.ComputeCells(&w.blobs[1]); return show(c, err) },
		func() string { c, p, err := ctx.ComputeCellsAndKZGProofs(&w.blobs[1]); return show(c, p, err) },
		func() string { c, err := ctx.RecoverCells(w.halfIndices, w.halfCells); return show(c, err) },
		func() string {
			c, p, err := ctx.RecoverCellsAndKZGProofs(w.halfIndices, w.halfCells)
			return show(c, p, err)
		},
		func() string {
			ok, err := ctx.VerifyCellKZGProofBatch(w.commitmentsFor(len(w.cells)), w.cellIndices, w.cells, w.cellProofs)
			return show(ok, err)
		},
		func() string { ch, err := ctx.ComputeChallenge(&w.blobs[0], w.commitments[0]); return show(ch, err) },
		func() string {
			ch, err := ctx.ComputeVerifyCellKZGProofBatchChallenge(w.commitments[:1], make([]uint64, len(w.cells)),
				w.cellIndices, w.cells, w.cellProofs)
			return show(ch, err)
		},
	}
}

// TestConcurrentCallsAgreeWithSerial runs every function from many
// goroutines sharing one Context, each in its own order, and compares every
// result with the serial one.
func TestConcurrentCallsAgreeWithSerial(t *testing.T) {
	ctx := mainnet(t, 0)
	w := newWorkload(t, ctx, 11)
	calls := w.calls(ctx)
	serial := make([]string, len(calls))
	for i, call := range calls {
		serial[i] = call()
	}
	// The verifications must succeed, so agreeing with serial means being
	// right rather than failing alike.
	for _, i := range []int{3, 4, 5, 10} {
		if serial[i] != digest(true, nil) {
			t.Fatalf("serial call %d: %s", i, serial[i])
		}
	}

	const goroutines = 16
	var wg sync.WaitGroup
	errs := make(chan error, goroutines*len(calls))
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := range calls {
				i := (k + g) % len(calls)
				if got := calls[i](); got != serial[i] {
					errs <- fmt.Errorf("goroutine %d, call %d: result differs from the serial one", g, i)
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestCloseDuringCalls closes a Context while goroutines use it: each call
// returns either its serial result or ErrClosed.
func TestCloseDuringCalls(t *testing.T) {
	ctx, err := fastkzg.NewMainnetContext(0)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorkload(t, ctx, 12)
	cellsWant, proofsWant, err := ctx.ComputeCellsAndKZGProofs(&w.blobs[0])
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	firstDone := make(chan struct{})
	var once sync.Once
	var mu sync.Mutex
	closed, done := 0, 0
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := 0; i < 4; i++ {
				cells, proofs, err := ctx.ComputeCellsAndKZGProofs(&w.blobs[0])
				mu.Lock()
				switch {
				case errors.Is(err, fastkzg.ErrClosed):
					closed++
				case err == nil && reflect.DeepEqual(cells, cellsWant) && reflect.DeepEqual(proofs, proofsWant):
					done++
				default:
					t.Errorf("call during Close: %v", err)
				}
				mu.Unlock()
				once.Do(func() { close(firstDone) })
			}
		}()
	}
	close(start)
	<-firstDone
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if closed+done != 32 || done == 0 {
		t.Fatalf("%d closed + %d done calls, want 32 with some done", closed, done)
	}
	t.Logf("%d calls finished, %d saw the closed context", done, closed)
}
