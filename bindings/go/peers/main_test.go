//go:build fastkzg_prefixed

package peers

import (
	"fmt"
	"os"
	"testing"

	ckzg "github.com/ethereum/c-kzg-4844/v2/bindings/go"
	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// precompute is the table size fastkzg and c-kzg-4844 load their setup with
// (the fastest level for cell proofs in fastkzg's measurements).
const precompute = 8

// TestMain loads the mainnet trusted setup into both drop-in APIs.
func TestMain(m *testing.M) {
	path := spectest.TrustedSetupPath()
	if err := ckzg.LoadTrustedSetupFile(path, precompute); err != nil {
		fmt.Fprintln(os.Stderr, "c-kzg:", err)
		os.Exit(1)
	}
	if err := fastkzg.LoadTrustedSetupFile(path, precompute); err != nil {
		fmt.Fprintln(os.Stderr, "fastkzg:", err)
		os.Exit(1)
	}
	code := m.Run()
	ckzg.FreeTrustedSetup()
	fastkzg.FreeTrustedSetup()
	os.Exit(code)
}
