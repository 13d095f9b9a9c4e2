package fastkzg_test

import (
	"errors"
	"math/rand"
	"os"
	"sync"
	"testing"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// verifierImpl is the Verifier's API in the form the reference tests use:
// the verifications and the challenges, each call also made on ctx and
// reported to t if the two disagree (verdict or error). The verifier's
// result is what the reference case checks.
func verifierImpl(t *testing.T, v *fastkzg.Verifier, ctx *fastkzg.Context) spectest.Impl {
	agree := func(what string, ok1 bool, err1 error, ok2 bool, err2 error) (bool, error) {
		if ok1 != ok2 || !errors.Is(err1, err2) {
			t.Errorf("%s: verifier %v %v, context %v %v", what, ok1, err1, ok2, err2)
		}
		return ok1, err1
	}
	return spectest.Impl{
		VerifyKZGProof: func(c fastkzg.Bytes48, z, y fastkzg.Bytes32, p fastkzg.Bytes48) (bool, error) {
			ok1, err1 := v.VerifyKZGProof(c, z, y, p)
			ok2, err2 := ctx.VerifyKZGProof(c, z, y, p)
			return agree("VerifyKZGProof", ok1, err1, ok2, err2)
		},
		VerifyBlobKZGProof: func(b *fastkzg.Blob, c, p fastkzg.Bytes48) (bool, error) {
			ok1, err1 := v.VerifyBlobKZGProof(b, c, p)
			ok2, err2 := ctx.VerifyBlobKZGProof(b, c, p)
			return agree("VerifyBlobKZGProof", ok1, err1, ok2, err2)
		},
		VerifyBlobKZGProofBatch: func(b []fastkzg.Blob, c, p []fastkzg.Bytes48) (bool, error) {
			ok1, err1 := v.VerifyBlobKZGProofBatch(b, c, p)
			ok2, err2 := ctx.VerifyBlobKZGProofBatch(b, c, p)
			return agree("VerifyBlobKZGProofBatch", ok1, err1, ok2, err2)
		},
		VerifyCellKZGProofBatch: func(c []fastkzg.Bytes48, i []uint64, cells []fastkzg.Cell, p []fastkzg.Bytes48) (bool, error) {
			ok1, err1 := v.VerifyCellKZGProofBatch(c, i, cells, p)
			ok2, err2 := ctx.VerifyCellKZGProofBatch(c, i, cells, p)
			return agree("VerifyCellKZGProofBatch", ok1, err1, ok2, err2)
		},
		ComputeChallenge:                        v.ComputeChallenge,
		ComputeVerifyCellKZGProofBatchChallenge: v.ComputeVerifyCellKZGProofBatchChallenge,
	}
}

// verifiers loads a Verifier in each way there is, each closed when the
// test ends.
func verifiers(t *testing.T) map[string]*fastkzg.Verifier {
	t.Helper()
	text, err := os.ReadFile(spectest.TrustedSetupPath())
	if err != nil {
		t.Fatal(err)
	}
	g1m, g1l, g2m := setupPoints(t)
	loaders := map[string]func() (*fastkzg.Verifier, error){
		"embedded": fastkzg.NewMainnetVerifier,
		"file":     func() (*fastkzg.Verifier, error) { return fastkzg.LoadVerifier(spectest.TrustedSetupPath()) },
		"text":     func() (*fastkzg.Verifier, error) { return fastkzg.LoadVerifierText(text) },
		"points":   func() (*fastkzg.Verifier, error) { return fastkzg.LoadVerifierPoints(g1m, g1l, g2m) },
	}
	if !testing.Short() {
		// Another text (trailing whitespace) of the same setup: not
		// recognised as the mainnet file, so every point is validated.
		loaders["validated text"] = func() (*fastkzg.Verifier, error) {
			return fastkzg.LoadVerifierText(append(append([]byte{}, text...), "\n\n"...))
		}
	}
	out := map[string]*fastkzg.Verifier{}
	for name, load := range loaders {
		v, err := load()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Cleanup(func() { v.Close() })
		out[name] = v
	}
	return out
}

// TestVerifierReferenceCases runs every reference case of the verification
// functions and the challenges through a Verifier loaded each way, against
// the expected outputs and a Context's results.
func TestVerifierReferenceCases(t *testing.T) {
	ctx := mainnet(t, 0)
	for name, v := range verifiers(t) {
		t.Run(name, func(t *testing.T) {
			counts := spectest.Run(t, verifierImpl(t, v, ctx))
			for _, fn := range []string{
				"verify_kzg_proof", "verify_blob_kzg_proof", "verify_blob_kzg_proof_batch",
				"verify_cell_kzg_proof_batch", "compute_challenge",
				"compute_verify_cell_kzg_proof_batch_challenge",
			} {
				if counts[fn] == 0 {
					t.Errorf("no reference case of %s ran", fn)
				}
			}
			for _, fn := range []string{"blob_to_kzg_commitment", "compute_cells_and_kzg_proofs", "recover_cells_and_kzg_proofs"} {
				if counts[fn] != 0 {
					t.Errorf("%d cases of %s ran on a verifier", counts[fn], fn)
				}
			}
		})
	}
}

// TestVerifierBatchCalls checks the two batch verifications (and the
// single ones on the same data) of a Verifier against a Context's on valid
// and invalid inputs.
func TestVerifierBatchCalls(t *testing.T) {
	ctx := mainnet(t, 0)
	r := rand.New(rand.NewSource(11))
	const n = 2
	blobs := make([]fastkzg.Blob, n)
	commitments := make([]fastkzg.Bytes48, n)
	blobProofs := make([]fastkzg.Bytes48, n)
	var cells []fastkzg.Cell
	var proofs []fastkzg.Bytes48
	for i := range blobs {
		blobs[i] = *spectest.RandomBlob(r)
		c, err := ctx.BlobToKZGCommitment(&blobs[i])
		if err != nil {
			t.Fatal(err)
		}
		commitments[i] = fastkzg.Bytes48(c)
		p, err := ctx.ComputeBlobKZGProof(&blobs[i], commitments[i])
		if err != nil {
			t.Fatal(err)
		}
		blobProofs[i] = fastkzg.Bytes48(p)
		cs, ps, err := ctx.ComputeCellsAndKZGProofs(&blobs[i])
		if err != nil {
			t.Fatal(err)
		}
		cells = append(cells, cs...)
		for _, p := range ps {
			proofs = append(proofs, fastkzg.Bytes48(p))
		}
	}
	shared := []uint64{5, 100, 5}
	var sharedCells []fastkzg.Cell
	var sharedProofs []fastkzg.Bytes48
	for b := 0; b < n; b++ {
		for _, i := range shared {
			sharedCells = append(sharedCells, cells[b*fastkzg.CellsPerExtBlob+int(i)])
			sharedProofs = append(sharedProofs, proofs[b*fastkzg.CellsPerExtBlob+int(i)])
		}
	}
	wrongProofs := append([]fastkzg.Bytes48{}, proofs...)
	wrongProofs[200], wrongProofs[201] = wrongProofs[201], wrongProofs[200]
	badCommitments := append([]fastkzg.Bytes48{}, commitments...)
	for i := range badCommitments[1] {
		badCommitments[1][i] = 0x13
	}
	wrongCells := append([]fastkzg.Cell{}, sharedCells...)
	wrongCells[4] = wrongCells[3]

	type api interface {
		VerifyBlobCellProofs([]fastkzg.Blob, []fastkzg.Bytes48, []fastkzg.Bytes48) (bool, error)
		VerifyCellsSharedIndices([]fastkzg.Bytes48, []uint64, []fastkzg.Cell, []fastkzg.Bytes48) (bool, error)
		VerifyBlobKZGProofBatch([]fastkzg.Blob, []fastkzg.Bytes48, []fastkzg.Bytes48) (bool, error)
	}
	type result struct {
		ok  bool
		err error
	}
	calls := []struct {
		name string
		want result
		call func(api) (bool, error)
	}{
		{"blob cell proofs", result{true, nil}, func(a api) (bool, error) {
			return a.VerifyBlobCellProofs(blobs, commitments, proofs)
		}},
		{"blob cell proofs, two swapped", result{false, nil}, func(a api) (bool, error) {
			return a.VerifyBlobCellProofs(blobs, commitments, wrongProofs)
		}},
		{"blob cell proofs, invalid commitment", result{false, fastkzg.ErrBadArgs}, func(a api) (bool, error) {
			return a.VerifyBlobCellProofs(blobs, badCommitments, proofs)
		}},
		{"blob cell proofs, too few proofs", result{false, fastkzg.ErrBadArgs}, func(a api) (bool, error) {
			return a.VerifyBlobCellProofs(blobs, commitments, proofs[1:])
		}},
		{"blob cell proofs, no blobs", result{true, nil}, func(a api) (bool, error) {
			return a.VerifyBlobCellProofs(nil, nil, nil)
		}},
		{"shared indices", result{true, nil}, func(a api) (bool, error) {
			return a.VerifyCellsSharedIndices(commitments, shared, sharedCells, sharedProofs)
		}},
		{"shared indices, wrong cell", result{false, nil}, func(a api) (bool, error) {
			return a.VerifyCellsSharedIndices(commitments, shared, wrongCells, sharedProofs)
		}},
		{"shared indices, index out of range", result{false, fastkzg.ErrBadArgs}, func(a api) (bool, error) {
			return a.VerifyCellsSharedIndices(commitments, []uint64{5, 128, 5}, sharedCells, sharedProofs)
		}},
		{"blob proof batch", result{true, nil}, func(a api) (bool, error) {
			return a.VerifyBlobKZGProofBatch(blobs, commitments, blobProofs)
		}},
		{"blob proof batch, swapped", result{false, nil}, func(a api) (bool, error) {
			return a.VerifyBlobKZGProofBatch(blobs, commitments, []fastkzg.Bytes48{blobProofs[1], blobProofs[0]})
		}},
	}
	for name, v := range verifiers(t) {
		for _, c := range calls {
			ok, err := c.call(v)
			okCtx, errCtx := c.call(ctx)
			if ok != c.want.ok || !errors.Is(err, c.want.err) {
				t.Errorf("%s verifier, %s: %v %v, want %v %v", name, c.name, ok, err, c.want.ok, c.want.err)
			}
			if ok != okCtx || !errors.Is(err, errCtx) {
				t.Errorf("%s verifier, %s: %v %v, context %v %v", name, c.name, ok, err, okCtx, errCtx)
			}
		}
	}
}

// TestVerifierLoadingAndClose checks loading errors, WarmUp and
// ForgetDecodedCommitments, Close, and calls from many goroutines.
func TestVerifierLoadingAndClose(t *testing.T) {
	g1m, g1l, g2m := setupPoints(t)
	if _, err := fastkzg.LoadVerifierPoints(g1m[1:], g1l, g2m); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("short G1 monomial points: %v", err)
	}
	if _, err := fastkzg.LoadVerifierPoints(g1m, g1l, nil); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("no G2 points: %v", err)
	}
	if _, err := fastkzg.LoadVerifierText(nil); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("empty text: %v", err)
	}
	if _, err := fastkzg.LoadVerifierText([]byte("4096\n65\n00")); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("truncated text: %v", err)
	}
	if _, err := fastkzg.LoadVerifier(t.TempDir() + "/missing.txt"); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}

	v, err := fastkzg.NewMainnetVerifier()
	if err != nil {
		t.Fatal(err)
	}
	if err := v.WarmUp(); err != nil {
		t.Errorf("WarmUp: %v", err)
	}
	if err := v.ForgetDecodedCommitments(); err != nil {
		t.Errorf("ForgetDecodedCommitments: %v", err)
	}
	// The point at infinity opens the zero polynomial to 0 everywhere.
	var infinity fastkzg.Bytes48
	infinity[0] = 0xc0
	var zero fastkzg.Bytes32
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				if ok, err := v.VerifyKZGProof(infinity, zero, zero, infinity); !ok || err != nil {
					t.Errorf("VerifyKZGProof from a goroutine: %v %v", ok, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := v.Close(); err != nil {
		t.Fatal(err)
	}
	if ok, err := v.VerifyKZGProof(infinity, zero, zero, infinity); ok || !errors.Is(err, fastkzg.ErrClosed) {
		t.Errorf("after Close: %v %v", ok, err)
	}
	if err := v.WarmUp(); !errors.Is(err, fastkzg.ErrClosed) {
		t.Errorf("WarmUp after Close: %v", err)
	}
	if err := v.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}
