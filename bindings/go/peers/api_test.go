//go:build fastkzg_prefixed

package peers

import (
	"reflect"
	"testing"

	ckzg "github.com/ethereum/c-kzg-4844/v2/bindings/go"
	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
)

// TestSameAPI checks that every exported function, type, constant and error
// of c-kzg-4844's Go binding exists in fastkzg's with the same signature,
// shape, methods and value. (Both packages are named ckzg4844, so their
// type names print alike.)
func TestSameAPI(t *testing.T) {
	functions := map[string][2]any{
		"LoadTrustedSetup":         {ckzg.LoadTrustedSetup, fastkzg.LoadTrustedSetup},
		"LoadTrustedSetupFile":     {ckzg.LoadTrustedSetupFile, fastkzg.LoadTrustedSetupFile},
		"FreeTrustedSetup":         {ckzg.FreeTrustedSetup, fastkzg.FreeTrustedSetup},
		"BlobToKZGCommitment":      {ckzg.BlobToKZGCommitment, fastkzg.BlobToKZGCommitment},
		"ComputeKZGProof":          {ckzg.ComputeKZGProof, fastkzg.ComputeKZGProof},
		"ComputeBlobKZGProof":      {ckzg.ComputeBlobKZGProof, fastkzg.ComputeBlobKZGProof},
		"VerifyKZGProof":           {ckzg.VerifyKZGProof, fastkzg.VerifyKZGProof},
		"VerifyBlobKZGProof":       {ckzg.VerifyBlobKZGProof, fastkzg.VerifyBlobKZGProof},
		"VerifyBlobKZGProofBatch":  {ckzg.VerifyBlobKZGProofBatch, fastkzg.VerifyBlobKZGProofBatch},
		"ComputeCells":             {ckzg.ComputeCells, fastkzg.ComputeCells},
		"ComputeCellsAndKZGProofs": {ckzg.ComputeCellsAndKZGProofs, fastkzg.ComputeCellsAndKZGProofs},
		"RecoverCells":             {ckzg.RecoverCells, fastkzg.RecoverCells},
		"RecoverCellsAndKZGProofs": {ckzg.RecoverCellsAndKZGProofs, fastkzg.RecoverCellsAndKZGProofs},
		"VerifyCellKZGProofBatch":  {ckzg.VerifyCellKZGProofBatch, fastkzg.VerifyCellKZGProofBatch},
	}
	for name, f := range functions {
		if a, b := reflect.TypeOf(f[0]).String(), reflect.TypeOf(f[1]).String(); a != b {
			t.Errorf("%s: c-kzg %s, fastkzg %s", name, a, b)
		}
	}

	types := map[string][2]reflect.Type{
		"Bytes32":       {reflect.TypeOf(ckzg.Bytes32{}), reflect.TypeOf(fastkzg.Bytes32{})},
		"Bytes48":       {reflect.TypeOf(ckzg.Bytes48{}), reflect.TypeOf(fastkzg.Bytes48{})},
		"KZGCommitment": {reflect.TypeOf(ckzg.KZGCommitment{}), reflect.TypeOf(fastkzg.KZGCommitment{})},
		"KZGProof":      {reflect.TypeOf(ckzg.KZGProof{}), reflect.TypeOf(fastkzg.KZGProof{})},
		"Blob":          {reflect.TypeOf(ckzg.Blob{}), reflect.TypeOf(fastkzg.Blob{})},
		"Cell":          {reflect.TypeOf(ckzg.Cell{}), reflect.TypeOf(fastkzg.Cell{})},
	}
	for name, ty := range types {
		a, b := ty[0], ty[1]
		if a.String() != b.String() || a.Kind() != b.Kind() || a.Len() != b.Len() || a.Elem() != b.Elem() {
			t.Errorf("type %s: c-kzg %s [%d], fastkzg %s [%d]", name, a, a.Len(), b, b.Len())
		}
		for _, pair := range [][2]reflect.Type{{a, b}, {reflect.PointerTo(a), reflect.PointerTo(b)}} {
			if methods(pair[0]) != methods(pair[1]) {
				t.Errorf("methods of %s: c-kzg %q, fastkzg %q", pair[0], methods(pair[0]), methods(pair[1]))
			}
		}
	}

	constants := map[string][2]int{
		"BytesPerBlob":         {ckzg.BytesPerBlob, fastkzg.BytesPerBlob},
		"BytesPerCell":         {ckzg.BytesPerCell, fastkzg.BytesPerCell},
		"BytesPerCommitment":   {ckzg.BytesPerCommitment, fastkzg.BytesPerCommitment},
		"BytesPerFieldElement": {ckzg.BytesPerFieldElement, fastkzg.BytesPerFieldElement},
		"BytesPerProof":        {ckzg.BytesPerProof, fastkzg.BytesPerProof},
		"CellsPerExtBlob":      {ckzg.CellsPerExtBlob, fastkzg.CellsPerExtBlob},
		"FieldElementsPerBlob": {ckzg.FieldElementsPerBlob, fastkzg.FieldElementsPerBlob},
		"FieldElementsPerCell": {ckzg.FieldElementsPerCell, fastkzg.FieldElementsPerCell},
	}
	for name, c := range constants {
		if c[0] != c[1] {
			t.Errorf("%s: c-kzg %d, fastkzg %d", name, c[0], c[1])
		}
	}

	errs := map[string][2]error{
		"ErrBadArgs": {ckzg.ErrBadArgs, fastkzg.ErrBadArgs},
		"ErrError":   {ckzg.ErrError, fastkzg.ErrError},
		"ErrMalloc":  {ckzg.ErrMalloc, fastkzg.ErrMalloc},
	}
	for name, e := range errs {
		if e[0].Error() != e[1].Error() {
			t.Errorf("%s: c-kzg %q, fastkzg %q", name, e[0], e[1])
		}
	}
}

// methods lists the names and signatures of a type's methods.
func methods(ty reflect.Type) string {
	var out string
	for i := 0; i < ty.NumMethod(); i++ {
		m := ty.Method(i)
		out += m.Name + " " + m.Type.String() + "; "
	}
	return out
}
