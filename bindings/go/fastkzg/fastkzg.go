// Package fastkzg is fastkzg's Go binding under its own name, for new code:
// a Context holds a loaded trusted setup and has a method for each function
// of the Ethereum KZG specs (EIP-4844 and EIP-7594); a Verifier holds only
// what verification needs and has the verification methods. It is package ckzg4844
// (github.com/fastkzg/fastkzg/bindings/go), whose package-level functions
// are the drop-in for c-kzg-4844's Go binding, seen without them.
package fastkzg

import ckzg4844 "github.com/fastkzg/fastkzg/bindings/go"

// Sizes, as named in the Ethereum consensus specs.
const (
	BytesPerBlob         = ckzg4844.BytesPerBlob
	BytesPerCell         = ckzg4844.BytesPerCell
	BytesPerCommitment   = ckzg4844.BytesPerCommitment
	BytesPerFieldElement = ckzg4844.BytesPerFieldElement
	BytesPerProof        = ckzg4844.BytesPerProof
	CellsPerBlob         = ckzg4844.CellsPerExtBlob / 2
	CellsPerExtBlob      = ckzg4844.CellsPerExtBlob
	FieldElementsPerBlob = ckzg4844.FieldElementsPerBlob
	FieldElementsPerCell = ckzg4844.FieldElementsPerCell
)

type (
	// Context is a loaded trusted setup; see ckzg4844.Context.
	Context = ckzg4844.Context
	// Verifier is a verify-only context; see ckzg4844.Verifier.
	Verifier = ckzg4844.Verifier
	// Bytes32 is a big-endian field element (not yet validated).
	Bytes32 = ckzg4844.Bytes32
	// Bytes48 is a compressed G1 point (not yet validated).
	Bytes48 = ckzg4844.Bytes48
	// KZGCommitment is a commitment to a blob's polynomial.
	KZGCommitment = ckzg4844.KZGCommitment
	// KZGProof is a KZG opening proof.
	KZGProof = ckzg4844.KZGProof
	// Blob is FieldElementsPerBlob field elements.
	Blob = ckzg4844.Blob
	// Cell is one of the CellsPerExtBlob cells of a blob's extension.
	Cell = ckzg4844.Cell
)

// The errors the methods return (see ckzg4844.ErrBadArgs and the others).
var (
	ErrBadArgs = ckzg4844.ErrBadArgs
	ErrError   = ckzg4844.ErrError
	ErrMalloc  = ckzg4844.ErrMalloc
	ErrClosed  = ckzg4844.ErrClosed
)

// NewMainnetContext returns a Context for the embedded Ethereum mainnet
// trusted setup; precompute (0 to 15) sizes the tables for cell proofs.
func NewMainnetContext(precompute uint) (*Context, error) {
	return ckzg4844.NewMainnetContext(precompute)
}

// LoadContext loads a trusted setup file in the format of trusted_setup.txt.
func LoadContext(path string, precompute uint) (*Context, error) {
	return ckzg4844.LoadContext(path, precompute)
}

// LoadContextText loads a trusted setup from the contents of a file in the
// format of trusted_setup.txt.
func LoadContextText(text []byte, precompute uint) (*Context, error) {
	return ckzg4844.LoadContextText(text, precompute)
}

// LoadContextPoints loads a trusted setup from compressed points (see
// ckzg4844.LoadContextPoints).
func LoadContextPoints(g1Monomial, g1Lagrange, g2Monomial []byte, precompute uint) (*Context, error) {
	return ckzg4844.LoadContextPoints(g1Monomial, g1Lagrange, g2Monomial, precompute)
}

// NewMainnetVerifier returns a verify-only context for the embedded
// Ethereum mainnet trusted setup (see ckzg4844.Verifier).
func NewMainnetVerifier() (*Verifier, error) {
	return ckzg4844.NewMainnetVerifier()
}

// LoadVerifier loads a verify-only context from a trusted setup file in the
// format of trusted_setup.txt.
func LoadVerifier(path string) (*Verifier, error) {
	return ckzg4844.LoadVerifier(path)
}

// LoadVerifierText loads a verify-only context from the contents of a file
// in the format of trusted_setup.txt.
func LoadVerifierText(text []byte) (*Verifier, error) {
	return ckzg4844.LoadVerifierText(text)
}

// LoadVerifierPoints loads a verify-only context from compressed points
// (see ckzg4844.LoadVerifierPoints).
func LoadVerifierPoints(g1Monomial, g1Lagrange, g2Monomial []byte) (*Verifier, error) {
	return ckzg4844.LoadVerifierPoints(g1Monomial, g1Lagrange, g2Monomial)
}
