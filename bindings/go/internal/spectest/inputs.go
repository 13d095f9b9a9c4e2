package spectest

import (
	"math/rand"
	"os"
	"path/filepath"
	"runtime"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
)

// TrustedSetupPath is the mainnet trusted_setup.txt: $FASTKZG_TRUSTED_SETUP,
// or the copy in crates/fastkzg/data.
func TrustedSetupPath() string {
	if p := os.Getenv("FASTKZG_TRUSTED_SETUP"); p != "" {
		return p
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "crates", "fastkzg", "data", "trusted_setup.txt")
}

// RandomBlob is a blob of canonical field elements drawn from r.
func RandomBlob(r *rand.Rand) *fastkzg.Blob {
	var b fastkzg.Blob
	r.Read(b[:])
	for i := 0; i < fastkzg.FieldElementsPerBlob; i++ {
		// Below 0x73 in the top byte every element is below the modulus.
		b[i*fastkzg.BytesPerFieldElement] %= 0x73
	}
	return &b
}

// RandomFieldElement is a canonical field element drawn from r.
func RandomFieldElement(r *rand.Rand) fastkzg.Bytes32 {
	var z fastkzg.Bytes32
	r.Read(z[:])
	z[0] %= 0x73
	return z
}
