package fastkzg_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io/fs"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

func setupPoints(t *testing.T) (g1Monomial, g1Lagrange, g2Monomial []byte) {
	t.Helper()
	g1Monomial, g1Lagrange, g2Monomial, err := spectest.SetupPoints()
	if err != nil {
		t.Fatal(err)
	}
	return g1Monomial, g1Lagrange, g2Monomial
}

// sameResults checks that two contexts give the same commitment, proofs and
// cells for a random blob.
func sameResults(t *testing.T, a, b *fastkzg.Context) {
	t.Helper()
	r := rand.New(rand.NewSource(1))
	blob := spectest.RandomBlob(r)
	ca, err1 := a.BlobToKZGCommitment(blob)
	cb, err2 := b.BlobToKZGCommitment(blob)
	if err1 != nil || err2 != nil || ca != cb {
		t.Fatalf("commitments differ: %x %v / %x %v", ca, err1, cb, err2)
	}
	cellsA, proofsA, err1 := a.ComputeCellsAndKZGProofs(blob)
	cellsB, proofsB, err2 := b.ComputeCellsAndKZGProofs(blob)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for i := range cellsA {
		if cellsA[i] != cellsB[i] || proofsA[i] != proofsB[i] {
			t.Fatalf("cell or proof %d differs", i)
		}
	}
}

func TestLoadFromFileTextAndPoints(t *testing.T) {
	embedded := mainnet(t, 0)

	fromFile, err := fastkzg.LoadContext(spectest.TrustedSetupPath(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer fromFile.Close()
	sameResults(t, embedded, fromFile)

	g1m, g1l, g2m := setupPoints(t)
	fromPoints, err := fastkzg.LoadContextPoints(g1m, g1l, g2m, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer fromPoints.Close()
	sameResults(t, embedded, fromPoints)
}

func TestLoadRejectsBadSetups(t *testing.T) {
	text, err := os.ReadFile(spectest.TrustedSetupPath())
	if err != nil {
		t.Fatal(err)
	}
	// Flip a hex digit of the first G1 point.
	corrupt := bytes.Clone(text)
	i := bytes.Index(corrupt, []byte("\n")) + 1
	i += bytes.Index(corrupt[i:], []byte("\n")) + 1 + 10
	if corrupt[i] == '0' {
		corrupt[i] = '1'
	} else {
		corrupt[i] = '0'
	}
	texts := map[string][]byte{
		"empty":          nil,
		"garbage":        []byte("not a trusted setup"),
		"truncated":      text[:len(text)/2],
		"trailing data":  append(bytes.Clone(text), []byte(" 0x00")...),
		"corrupt point":  corrupt,
		"wrong counts":   bytes.Replace(text, []byte("4096"), []byte("4095"), 1),
		"only the count": []byte("4096\n65\n"),
	}
	for name, text := range texts {
		if ctx, err := fastkzg.LoadContextText(text, 0); !errors.Is(err, fastkzg.ErrBadArgs) || ctx != nil {
			t.Errorf("%s: got %v, %v; want ErrBadArgs", name, ctx, err)
		}
	}
	if _, err := fastkzg.LoadContextText(text, 16); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("precompute 16: got %v, want ErrBadArgs", err)
	}
	if _, err := fastkzg.NewMainnetContext(16); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("mainnet, precompute 16: got %v, want ErrBadArgs", err)
	}
	if _, err := fastkzg.LoadContext("/nonexistent/trusted_setup.txt", 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}

	g1m, g1l, g2m := setupPoints(t)
	badPoint := bytes.Clone(g1l)
	badPoint[48*7] = 0x00 // clears the compression flag of point 7
	cases := map[string][3][]byte{
		"short g1 monomial": {g1m[1:], g1l, g2m},
		"short g1 lagrange": {g1m, g1l[:len(g1l)-48], g2m},
		"long g2":           {g1m, g1l, append(bytes.Clone(g2m), make([]byte, 96)...)},
		"nil lists":         {nil, nil, nil},
		"invalid point":     {g1m, badPoint, g2m},
		"lists swapped":     {g1l, g1m, g2m},
	}
	for name, c := range cases {
		if _, err := fastkzg.LoadContextPoints(c[0], c[1], c[2], 0); !errors.Is(err, fastkzg.ErrBadArgs) {
			t.Errorf("%s: got %v, want ErrBadArgs", name, err)
		}
	}
}

func TestClose(t *testing.T) {
	ctx, err := fastkzg.NewMainnetContext(0)
	if err != nil {
		t.Fatal(err)
	}
	blob := &fastkzg.Blob{}
	cold, err := ctx.BlobToKZGCommitment(blob)
	if err != nil {
		t.Fatal(err)
	}
	// Warming up (twice: harmless) changes no result.
	for i := 0; i < 2; i++ {
		if err := ctx.WarmUp(); err != nil {
			t.Fatalf("WarmUp: %v", err)
		}
	}
	if warm, err := ctx.BlobToKZGCommitment(blob); err != nil || warm != cold {
		t.Fatalf("after WarmUp: %x, %v; want %x", warm, err, cold)
	}
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ctx.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	calls := map[string]error{}
	calls["WarmUp"] = ctx.WarmUp()
	calls["ForgetDecodedCommitments"] = ctx.ForgetDecodedCommitments()
	_, calls["BlobToKZGCommitment"] = ctx.BlobToKZGCommitment(blob)
	_, _, calls["ComputeKZGProof"] = ctx.ComputeKZGProof(blob, fastkzg.Bytes32{})
	_, calls["ComputeBlobKZGProof"] = ctx.ComputeBlobKZGProof(blob, fastkzg.Bytes48{0xc0})
	_, calls["VerifyKZGProof"] = ctx.VerifyKZGProof(fastkzg.Bytes48{0xc0}, fastkzg.Bytes32{}, fastkzg.Bytes32{}, fastkzg.Bytes48{0xc0})
	_, calls["VerifyBlobKZGProof"] = ctx.VerifyBlobKZGProof(blob, fastkzg.Bytes48{0xc0}, fastkzg.Bytes48{0xc0})
	_, calls["VerifyBlobKZGProofBatch"] = ctx.VerifyBlobKZGProofBatch(nil, nil, nil)
	_, calls["ComputeCells"] = ctx.ComputeCells(blob)
	_, _, calls["ComputeCellsAndKZGProofs"] = ctx.ComputeCellsAndKZGProofs(blob)
	_, calls["RecoverCells"] = ctx.RecoverCells(nil, nil)
	_, _, calls["RecoverCellsAndKZGProofs"] = ctx.RecoverCellsAndKZGProofs(nil, nil)
	_, calls["VerifyCellKZGProofBatch"] = ctx.VerifyCellKZGProofBatch(nil, nil, nil, nil)
	_, calls["ComputeChallenge"] = ctx.ComputeChallenge(blob, fastkzg.Bytes48{0xc0})
	_, calls["ComputeVerifyCellKZGProofBatchChallenge"] = ctx.ComputeVerifyCellKZGProofBatchChallenge(nil, nil, nil, nil, nil)
	for name, err := range calls {
		if !errors.Is(err, fastkzg.ErrClosed) {
			t.Errorf("%s after Close: got %v, want ErrClosed", name, err)
		}
	}
}

func TestUnmarshalText(t *testing.T) {
	var b32 fastkzg.Bytes32
	if err := b32.UnmarshalText([]byte("0x" + strings.Repeat("ab", 32))); err != nil || b32[31] != 0xab {
		t.Errorf("Bytes32 with 0x: %v %x", err, b32)
	}
	var b48 fastkzg.Bytes48
	if err := b48.UnmarshalText([]byte(strings.Repeat("cd", 48))); err != nil || b48[0] != 0xcd {
		t.Errorf("Bytes48 without 0x: %v %x", err, b48)
	}
	var blob fastkzg.Blob
	if err := blob.UnmarshalText([]byte("0x" + strings.Repeat("01", fastkzg.BytesPerBlob))); err != nil || blob[fastkzg.BytesPerBlob-1] != 1 {
		t.Errorf("Blob: %v", err)
	}
	var cell fastkzg.Cell
	if err := cell.UnmarshalText([]byte(strings.Repeat("02", fastkzg.BytesPerCell))); err != nil || cell[0] != 2 {
		t.Errorf("Cell: %v", err)
	}
	if err := b32.UnmarshalText([]byte("0x" + strings.Repeat("ab", 31))); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("short Bytes32: got %v, want ErrBadArgs", err)
	}
	if err := b48.UnmarshalText([]byte(strings.Repeat("cd", 49))); !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("long Bytes48: got %v, want ErrBadArgs", err)
	}
	var invalid hex.InvalidByteError
	if err := b32.UnmarshalText([]byte(strings.Repeat("zz", 32))); !errors.As(err, &invalid) {
		t.Errorf("non-hex Bytes32: got %v, want hex.InvalidByteError", err)
	}
}
