package fastkzg_test

import (
	"testing"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// contextImpl is the Context's API in the form the reference tests use.
func contextImpl(ctx *fastkzg.Context) spectest.Impl {
	return spectest.Impl{
		BlobToKZGCommitment:      ctx.BlobToKZGCommitment,
		ComputeKZGProof:          ctx.ComputeKZGProof,
		ComputeBlobKZGProof:      ctx.ComputeBlobKZGProof,
		VerifyKZGProof:           ctx.VerifyKZGProof,
		VerifyBlobKZGProof:       ctx.VerifyBlobKZGProof,
		VerifyBlobKZGProofBatch:  ctx.VerifyBlobKZGProofBatch,
		ComputeCells:             ctx.ComputeCells,
		ComputeCellsAndKZGProofs: ctx.ComputeCellsAndKZGProofs,
		RecoverCells:             ctx.RecoverCells,
		RecoverCellsAndKZGProofs: ctx.RecoverCellsAndKZGProofs,
		VerifyCellKZGProofBatch:  ctx.VerifyCellKZGProofBatch,

		ComputeChallenge:                        ctx.ComputeChallenge,
		ComputeVerifyCellKZGProofBatchChallenge: ctx.ComputeVerifyCellKZGProofBatchChallenge,
	}
}

// mainnet is a Context for the embedded mainnet setup, closed when the test
// ends.
func mainnet(t testing.TB, precompute uint) *fastkzg.Context {
	t.Helper()
	ctx, err := fastkzg.NewMainnetContext(precompute)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ctx.Close() })
	return ctx
}

// TestReferenceCases runs every consensus-spec reference case through a
// Context for the embedded mainnet setup.
func TestReferenceCases(t *testing.T) {
	spectest.RunAll(t, contextImpl(mainnet(t, 0)))
}

// TestReferenceCasesFileSetup runs them through a Context loaded from the
// trusted setup file, with precomputed tables.
func TestReferenceCasesFileSetup(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the embedded-setup run covers the reference cases")
	}
	ctx, err := fastkzg.LoadContext(spectest.TrustedSetupPath(), 8)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	spectest.RunAll(t, contextImpl(ctx))
}
