package spectest

import (
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
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

// SetupPoints splits the mainnet trusted_setup.txt into the three lists of
// compressed points that load_trusted_setup takes.
func SetupPoints() (g1Monomial, g1Lagrange, g2Monomial []byte, err error) {
	text, err := os.ReadFile(TrustedSetupPath())
	if err != nil {
		return nil, nil, nil, err
	}
	fields := strings.Fields(string(text))
	if len(fields) != 2+4096+65+4096 || fields[0] != "4096" || fields[1] != "65" {
		return nil, nil, nil, fmt.Errorf("unexpected trusted setup layout: %d fields", len(fields))
	}
	decode := func(hexes []string) []byte {
		var out []byte
		for _, h := range hexes {
			b, e := hex.DecodeString(strings.TrimPrefix(h, "0x"))
			if e != nil && err == nil {
				err = e
			}
			out = append(out, b...)
		}
		return out
	}
	g1Lagrange = decode(fields[2 : 2+4096])
	g2Monomial = decode(fields[2+4096 : 2+4096+65])
	g1Monomial = decode(fields[2+4096+65:])
	return g1Monomial, g1Lagrange, g2Monomial, err
}
