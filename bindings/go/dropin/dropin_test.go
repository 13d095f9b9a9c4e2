// Package dropin_test tests package ckzg4844 as a client of c-kzg-4844's Go
// binding uses it: through its package-level functions and process-wide
// trusted setup.
package dropin_test

import (
	"errors"
	"math/rand"
	"os"
	"sync"
	"testing"

	. "github.com/fastkzg/fastkzg/bindings/go"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// TestMain frees the process-wide setup when the tests end.
func TestMain(m *testing.M) {
	code := m.Run()
	unload()
	os.Exit(code)
}

// load loads the mainnet setup unless one is loaded.
func load(t *testing.T) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil && r != "trusted setup is already loaded" {
			panic(r)
		}
	}()
	if err := LoadTrustedSetupFile(spectest.TrustedSetupPath(), 0); err != nil {
		t.Fatal(err)
	}
}

// unload frees the setup if one is loaded.
func unload() {
	defer func() {
		if r := recover(); r != nil && r != "trusted setup isn't loaded" {
			panic(r)
		}
	}()
	FreeTrustedSetup()
}

// dropInImpl is the package-level API in the form the reference tests use.
func dropInImpl() spectest.Impl {
	return spectest.Impl{
		BlobToKZGCommitment:     BlobToKZGCommitment,
		ComputeKZGProof:         ComputeKZGProof,
		ComputeBlobKZGProof:     ComputeBlobKZGProof,
		VerifyKZGProof:          VerifyKZGProof,
		VerifyBlobKZGProof:      VerifyBlobKZGProof,
		VerifyBlobKZGProofBatch: VerifyBlobKZGProofBatch,
		ComputeCells: func(blob *Blob) ([]Cell, error) {
			cells, err := ComputeCells(blob)
			return cells[:], err
		},
		ComputeCellsAndKZGProofs: func(blob *Blob) ([]Cell, []KZGProof, error) {
			cells, proofs, err := ComputeCellsAndKZGProofs(blob)
			return cells[:], proofs[:], err
		},
		RecoverCells: func(indices []uint64, cells []Cell) ([]Cell, error) {
			recovered, err := RecoverCells(indices, cells)
			return recovered[:], err
		},
		RecoverCellsAndKZGProofs: func(indices []uint64, cells []Cell) ([]Cell, []KZGProof, error) {
			recovered, proofs, err := RecoverCellsAndKZGProofs(indices, cells)
			return recovered[:], proofs[:], err
		},
		VerifyCellKZGProofBatch: VerifyCellKZGProofBatch,
	}
}

// TestReferenceCases runs every consensus-spec reference case through the
// drop-in functions.
func TestReferenceCases(t *testing.T) {
	load(t)
	spectest.Run(t, dropInImpl())
}

// expectPanic checks that f panics with the message want.
func expectPanic(t *testing.T, what, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if got := recover(); got != want {
			t.Errorf("%s: panic %v, want %q", what, got, want)
		}
	}()
	f()
}

// TestSetupLifecycle checks the process-wide setup: every function panics
// while none is loaded, loading twice panics, a failed load leaves none
// loaded, and both loaders work.
func TestSetupLifecycle(t *testing.T) {
	unload()

	const unloaded = "trusted setup isn't loaded"
	blob := &Blob{}
	expectPanic(t, "FreeTrustedSetup", unloaded, FreeTrustedSetup)
	expectPanic(t, "BlobToKZGCommitment", unloaded, func() { BlobToKZGCommitment(blob) })
	expectPanic(t, "ComputeKZGProof", unloaded, func() { ComputeKZGProof(blob, Bytes32{}) })
	expectPanic(t, "ComputeBlobKZGProof", unloaded, func() { ComputeBlobKZGProof(blob, Bytes48{}) })
	expectPanic(t, "VerifyKZGProof", unloaded, func() { VerifyKZGProof(Bytes48{}, Bytes32{}, Bytes32{}, Bytes48{}) })
	expectPanic(t, "VerifyBlobKZGProof", unloaded, func() { VerifyBlobKZGProof(blob, Bytes48{}, Bytes48{}) })
	expectPanic(t, "VerifyBlobKZGProofBatch", unloaded, func() { VerifyBlobKZGProofBatch(nil, nil, nil) })
	expectPanic(t, "ComputeCells", unloaded, func() { ComputeCells(blob) })
	expectPanic(t, "ComputeCellsAndKZGProofs", unloaded, func() { ComputeCellsAndKZGProofs(blob) })
	expectPanic(t, "RecoverCells", unloaded, func() { RecoverCells(nil, nil) })
	expectPanic(t, "RecoverCellsAndKZGProofs", unloaded, func() { RecoverCellsAndKZGProofs(nil, nil) })
	expectPanic(t, "VerifyCellKZGProofBatch", unloaded, func() { VerifyCellKZGProofBatch(nil, nil, nil, nil) })
	expectPanic(t, "LoadTrustedSetupFile (missing file)", "error reading trusted setup", func() {
		LoadTrustedSetupFile("/nonexistent/trusted_setup.txt", 0)
	})

	bad, err := os.CreateTemp(t.TempDir(), "setup")
	if err != nil {
		t.Fatal(err)
	}
	bad.WriteString("4096\n65\nnot a point\n")
	bad.Close()
	if err := LoadTrustedSetupFile(bad.Name(), 0); !errors.Is(err, ErrBadArgs) {
		t.Fatalf("LoadTrustedSetupFile (bad file): %v, want ErrBadArgs", err)
	}
	if err := LoadTrustedSetup(nil, nil, nil, 0); !errors.Is(err, ErrBadArgs) {
		t.Fatalf("LoadTrustedSetup (no points): %v, want ErrBadArgs", err)
	}
	expectPanic(t, "after failed loads", unloaded, func() { BlobToKZGCommitment(blob) })

	if err := LoadTrustedSetupFile(spectest.TrustedSetupPath(), 0); err != nil {
		t.Fatal(err)
	}
	fromFile, err := BlobToKZGCommitment(blob)
	if err != nil {
		t.Fatal(err)
	}
	const twice = "trusted setup is already loaded"
	expectPanic(t, "LoadTrustedSetupFile twice", twice, func() { LoadTrustedSetupFile(spectest.TrustedSetupPath(), 0) })
	expectPanic(t, "LoadTrustedSetup after LoadTrustedSetupFile", twice, func() { LoadTrustedSetup(nil, nil, nil, 0) })
	FreeTrustedSetup()
	expectPanic(t, "FreeTrustedSetup twice", unloaded, FreeTrustedSetup)

	g1m, g1l, g2m, err := spectest.SetupPoints()
	if err != nil {
		t.Fatal(err)
	}
	if err := LoadTrustedSetup(g1m, g1l, g2m, 0); err != nil {
		t.Fatal(err)
	}
	fromPoints, err := BlobToKZGCommitment(blob)
	if err != nil || fromPoints != fromFile {
		t.Fatalf("commitment with the setup from points: %x %v, want %x", fromPoints, err, fromFile)
	}
}

// TestErrors checks the error values and that Go-side argument checks
// return ErrBadArgs and zero results.
func TestErrors(t *testing.T) {
	load(t)
	for err, msg := range map[error]string{ErrBadArgs: "bad arguments", ErrError: "unexpected error", ErrMalloc: "malloc failed"} {
		if err.Error() != msg {
			t.Errorf("error %q, want %q", err, msg)
		}
	}
	if c, err := BlobToKZGCommitment(nil); err != ErrBadArgs || c != (KZGCommitment{}) {
		t.Errorf("BlobToKZGCommitment(nil): %x %v", c, err)
	}
	if cells, err := ComputeCells(nil); err != ErrBadArgs || cells != ([CellsPerExtBlob]Cell{}) {
		t.Errorf("ComputeCells(nil): %v", err)
	}
	if ok, err := VerifyBlobKZGProofBatch(make([]Blob, 1), nil, nil); err != ErrBadArgs || ok {
		t.Errorf("VerifyBlobKZGProofBatch (lengths): %v %v", ok, err)
	}
	if _, _, err := RecoverCellsAndKZGProofs([]uint64{0}, nil); err != ErrBadArgs {
		t.Errorf("RecoverCellsAndKZGProofs (lengths): %v", err)
	}
	if ok, err := VerifyCellKZGProofBatch(nil, []uint64{0}, nil, nil); err != ErrBadArgs || ok {
		t.Errorf("VerifyCellKZGProofBatch (lengths): %v %v", ok, err)
	}
	var b Blob
	b[0] = 0xff
	if _, err := BlobToKZGCommitment(&b); err != ErrBadArgs {
		t.Errorf("non-canonical blob: %v", err)
	}
}

// TestConcurrentDropIn runs the drop-in functions from many goroutines on
// the shared process-wide setup and compares with the serial results.
func TestConcurrentDropIn(t *testing.T) {
	load(t)
	r := rand.New(rand.NewSource(5))
	blobs := []*Blob{spectest.RandomBlob(r), spectest.RandomBlob(r)}
	type result struct {
		commitment KZGCommitment
		cells      [CellsPerExtBlob]Cell
		proofs     [CellsPerExtBlob]KZGProof
		recovered  [CellsPerExtBlob]Cell
		verified   bool
	}
	run := func(blob *Blob) (res result, err error) {
		if res.commitment, err = BlobToKZGCommitment(blob); err != nil {
			return res, err
		}
		if res.cells, res.proofs, err = ComputeCellsAndKZGProofs(blob); err != nil {
			return res, err
		}
		if res.recovered, err = RecoverCells(seq(64, 128), res.cells[64:]); err != nil {
			return res, err
		}
		commitments := make([]Bytes48, CellsPerExtBlob)
		proofs := make([]Bytes48, CellsPerExtBlob)
		for i := range commitments {
			commitments[i], proofs[i] = Bytes48(res.commitment), Bytes48(res.proofs[i])
		}
		res.verified, err = VerifyCellKZGProofBatch(commitments, seq(0, 128), res.cells[:], proofs)
		return res, err
	}
	var serial []result
	for _, blob := range blobs {
		res, err := run(blob)
		if err != nil || !res.verified || res.recovered != res.cells {
			t.Fatalf("serial run: %v, verified %v", err, res.verified)
		}
		serial = append(serial, res)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			i := g % len(blobs)
			if res, err := run(blobs[i]); err != nil || res != serial[i] {
				t.Errorf("goroutine %d: result differs from the serial one (%v)", g, err)
			}
		}(g)
	}
	wg.Wait()
}

func seq(from, to int) []uint64 {
	out := make([]uint64, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, uint64(i))
	}
	return out
}
