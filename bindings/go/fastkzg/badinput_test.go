package fastkzg_test

import (
	"encoding/hex"
	"errors"
	"math/rand"
	"testing"

	"github.com/fastkzg/fastkzg/bindings/go/fastkzg"
	"github.com/fastkzg/fastkzg/bindings/go/internal/spectest"
)

// The BLS12-381 scalar field modulus, the smallest non-canonical element.
var modulus = mustHex32("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001")

func mustHex32(s string) fastkzg.Bytes32 {
	var b fastkzg.Bytes32
	if _, err := hex.Decode(b[:], []byte(s)); err != nil {
		panic(err)
	}
	return b
}

// invalidPoints are 48-byte strings that are not valid compressed G1 points
// of the subgroup.
func invalidPoints() map[string]fastkzg.Bytes48 {
	points := map[string]fastkzg.Bytes48{
		"zero bytes (no compression flag)": {},
		"infinity with x bits":             {0xc0, 0, 0, 1},
		"infinity with sign bit":           {0xe0},
		"all ones":                         {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	}
	// A random x is off the curve or, if on it, outside the prime-order
	// subgroup, but for a negligible fraction of values.
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 4; i++ {
		var p fastkzg.Bytes48
		r.Read(p[:])
		p[0] = 0x80 | p[0]&0x1f
		points["random x "+string(rune('0'+i))] = p
	}
	return points
}

func expectBadArgs(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, fastkzg.ErrBadArgs) {
		t.Errorf("%s: got %v, want ErrBadArgs", what, err)
	}
}

func TestBadInputs(t *testing.T) {
	ctx := mainnet(t, 0)
	r := rand.New(rand.NewSource(3))
	blob := spectest.RandomBlob(r)
	z := spectest.RandomFieldElement(r)
	commitment, err := ctx.BlobToKZGCommitment(blob)
	if err != nil {
		t.Fatal(err)
	}
	proof, y, err := ctx.ComputeKZGProof(blob, z)
	if err != nil {
		t.Fatal(err)
	}
	blobProof, err := ctx.ComputeBlobKZGProof(blob, fastkzg.Bytes48(commitment))
	if err != nil {
		t.Fatal(err)
	}
	cells, proofs, err := ctx.ComputeCellsAndKZGProofs(blob)
	if err != nil {
		t.Fatal(err)
	}
	c48, p48, bp48 := fastkzg.Bytes48(commitment), fastkzg.Bytes48(proof), fastkzg.Bytes48(blobProof)

	// The valid inputs verify, so each rejection below is due to its change.
	if ok, err := ctx.VerifyKZGProof(c48, z, y, p48); !ok || err != nil {
		t.Fatalf("valid KZG proof: %v %v", ok, err)
	}
	if ok, err := ctx.VerifyBlobKZGProof(blob, c48, bp48); !ok || err != nil {
		t.Fatalf("valid blob proof: %v %v", ok, err)
	}

	t.Run("nil blob", func(t *testing.T) {
		_, err := ctx.BlobToKZGCommitment(nil)
		expectBadArgs(t, "BlobToKZGCommitment", err)
		_, _, err = ctx.ComputeKZGProof(nil, z)
		expectBadArgs(t, "ComputeKZGProof", err)
		_, err = ctx.ComputeBlobKZGProof(nil, c48)
		expectBadArgs(t, "ComputeBlobKZGProof", err)
		ok, err := ctx.VerifyBlobKZGProof(nil, c48, bp48)
		expectBadArgs(t, "VerifyBlobKZGProof", err)
		if ok {
			t.Error("VerifyBlobKZGProof(nil) reported valid")
		}
		_, err = ctx.ComputeCells(nil)
		expectBadArgs(t, "ComputeCells", err)
		_, _, err = ctx.ComputeCellsAndKZGProofs(nil)
		expectBadArgs(t, "ComputeCellsAndKZGProofs", err)
	})

	t.Run("non-canonical field elements", func(t *testing.T) {
		for _, element := range []int{0, 1234, fastkzg.FieldElementsPerBlob - 1} {
			for _, value := range []fastkzg.Bytes32{modulus, mustHex32("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")} {
				bad := *blob
				copy(bad[element*32:], value[:])
				c, err := ctx.BlobToKZGCommitment(&bad)
				expectBadArgs(t, "BlobToKZGCommitment", err)
				if c != (fastkzg.KZGCommitment{}) {
					t.Error("BlobToKZGCommitment wrote a commitment on error")
				}
				_, _, err = ctx.ComputeKZGProof(&bad, z)
				expectBadArgs(t, "ComputeKZGProof", err)
				_, err = ctx.ComputeBlobKZGProof(&bad, c48)
				expectBadArgs(t, "ComputeBlobKZGProof", err)
				_, err = ctx.VerifyBlobKZGProof(&bad, c48, bp48)
				expectBadArgs(t, "VerifyBlobKZGProof", err)
				_, err = ctx.VerifyBlobKZGProofBatch([]fastkzg.Blob{*blob, bad}, []fastkzg.Bytes48{c48, c48}, []fastkzg.Bytes48{bp48, bp48})
				expectBadArgs(t, "VerifyBlobKZGProofBatch", err)
				cs, ps, err := ctx.ComputeCellsAndKZGProofs(&bad)
				expectBadArgs(t, "ComputeCellsAndKZGProofs", err)
				if cs != nil || ps != nil {
					t.Error("ComputeCellsAndKZGProofs returned cells on error")
				}
			}
		}
		for _, value := range []fastkzg.Bytes32{modulus} {
			_, _, err := ctx.ComputeKZGProof(blob, value)
			expectBadArgs(t, "ComputeKZGProof z", err)
			_, err = ctx.VerifyKZGProof(c48, value, y, p48)
			expectBadArgs(t, "VerifyKZGProof z", err)
			ok, err := ctx.VerifyKZGProof(c48, z, value, p48)
			expectBadArgs(t, "VerifyKZGProof y", err)
			if ok {
				t.Error("VerifyKZGProof reported valid on error")
			}
			badCell := cells[3]
			copy(badCell[32*5:], value[:])
			_, err = ctx.VerifyCellKZGProofBatch([]fastkzg.Bytes48{c48}, []uint64{3}, []fastkzg.Cell{badCell}, []fastkzg.Bytes48{fastkzg.Bytes48(proofs[3])})
			expectBadArgs(t, "VerifyCellKZGProofBatch cell", err)
			half := append([]fastkzg.Cell(nil), cells[:64]...)
			half[10] = badCell
			_, _, err = ctx.RecoverCellsAndKZGProofs(seq(0, 64), half)
			expectBadArgs(t, "RecoverCellsAndKZGProofs cell", err)
		}
	})

	t.Run("invalid points", func(t *testing.T) {
		for name, bad := range invalidPoints() {
			_, err := ctx.ComputeBlobKZGProof(blob, bad)
			expectBadArgs(t, name+": ComputeBlobKZGProof", err)
			_, err = ctx.VerifyKZGProof(bad, z, y, p48)
			expectBadArgs(t, name+": VerifyKZGProof commitment", err)
			_, err = ctx.VerifyKZGProof(c48, z, y, bad)
			expectBadArgs(t, name+": VerifyKZGProof proof", err)
			_, err = ctx.VerifyBlobKZGProof(blob, bad, bp48)
			expectBadArgs(t, name+": VerifyBlobKZGProof commitment", err)
			_, err = ctx.VerifyBlobKZGProof(blob, c48, bad)
			expectBadArgs(t, name+": VerifyBlobKZGProof proof", err)
			_, err = ctx.VerifyBlobKZGProofBatch([]fastkzg.Blob{*blob}, []fastkzg.Bytes48{bad}, []fastkzg.Bytes48{bp48})
			expectBadArgs(t, name+": VerifyBlobKZGProofBatch", err)
			_, err = ctx.VerifyCellKZGProofBatch([]fastkzg.Bytes48{c48, bad}, []uint64{0, 1}, cells[:2], []fastkzg.Bytes48{fastkzg.Bytes48(proofs[0]), fastkzg.Bytes48(proofs[1])})
			expectBadArgs(t, name+": VerifyCellKZGProofBatch commitment", err)
			_, err = ctx.VerifyCellKZGProofBatch([]fastkzg.Bytes48{c48}, []uint64{0}, cells[:1], []fastkzg.Bytes48{bad})
			expectBadArgs(t, name+": VerifyCellKZGProofBatch proof", err)
		}
	})

	t.Run("mismatched list lengths", func(t *testing.T) {
		blobs := []fastkzg.Blob{*blob}
		one := []fastkzg.Bytes48{c48}
		two := []fastkzg.Bytes48{c48, c48}
		_, err := ctx.VerifyBlobKZGProofBatch(blobs, two, one)
		expectBadArgs(t, "VerifyBlobKZGProofBatch commitments", err)
		_, err = ctx.VerifyBlobKZGProofBatch(blobs, one, nil)
		expectBadArgs(t, "VerifyBlobKZGProofBatch proofs", err)
		_, err = ctx.VerifyBlobKZGProofBatch(nil, one, one)
		expectBadArgs(t, "VerifyBlobKZGProofBatch blobs", err)

		p := []fastkzg.Bytes48{fastkzg.Bytes48(proofs[0]), fastkzg.Bytes48(proofs[1])}
		_, err = ctx.VerifyCellKZGProofBatch(one, []uint64{0, 1}, cells[:2], p)
		expectBadArgs(t, "VerifyCellKZGProofBatch commitments", err)
		_, err = ctx.VerifyCellKZGProofBatch(two, []uint64{0}, cells[:2], p)
		expectBadArgs(t, "VerifyCellKZGProofBatch indices", err)
		_, err = ctx.VerifyCellKZGProofBatch(two, []uint64{0, 1}, cells[:1], p)
		expectBadArgs(t, "VerifyCellKZGProofBatch cells", err)
		_, err = ctx.VerifyCellKZGProofBatch(two, []uint64{0, 1}, cells[:2], p[:1])
		expectBadArgs(t, "VerifyCellKZGProofBatch proofs", err)

		_, _, err = ctx.RecoverCellsAndKZGProofs(seq(0, 65), cells[:64])
		expectBadArgs(t, "RecoverCellsAndKZGProofs", err)
		_, err = ctx.RecoverCells(seq(0, 64), cells[:65])
		expectBadArgs(t, "RecoverCells", err)
	})

	t.Run("cell indices and counts", func(t *testing.T) {
		c1 := []fastkzg.Bytes48{c48}
		p1 := []fastkzg.Bytes48{fastkzg.Bytes48(proofs[0])}
		for _, index := range []uint64{fastkzg.CellsPerExtBlob, 1 << 63, ^uint64(0)} {
			_, err := ctx.VerifyCellKZGProofBatch(c1, []uint64{index}, cells[:1], p1)
			expectBadArgs(t, "VerifyCellKZGProofBatch index", err)
		}
		recoverCases := map[string][]uint64{
			"too few":       seq(0, 63),
			"none":          {},
			"not ascending": append(seq(1, 64), 0),
			"duplicate":     append(seq(0, 63), 62),
			"out of range":  append(seq(0, 63), fastkzg.CellsPerExtBlob),
		}
		for name, indices := range recoverCases {
			given := make([]fastkzg.Cell, len(indices))
			for i, index := range indices {
				given[i] = cells[index%fastkzg.CellsPerExtBlob]
			}
			_, _, err := ctx.RecoverCellsAndKZGProofs(indices, given)
			expectBadArgs(t, "RecoverCellsAndKZGProofs "+name, err)
			_, err = ctx.RecoverCells(indices, given)
			expectBadArgs(t, "RecoverCells "+name, err)
		}
		tooMany := make([]fastkzg.Cell, fastkzg.CellsPerExtBlob+1)
		_, _, err := ctx.RecoverCellsAndKZGProofs(seq(0, fastkzg.CellsPerExtBlob+1), tooMany)
		expectBadArgs(t, "RecoverCellsAndKZGProofs too many", err)
	})

	t.Run("challenges", func(t *testing.T) {
		// The blob proof opens the blob at its challenge.
		challenge, err := ctx.ComputeChallenge(blob, c48)
		if err != nil {
			t.Fatal(err)
		}
		if atChallenge, _, err := ctx.ComputeKZGProof(blob, challenge); err != nil || atChallenge != blobProof {
			t.Errorf("proof at the challenge %x (%v), want the blob proof %x", atChallenge, err, blobProof)
		}
		_, err = ctx.ComputeChallenge(nil, c48)
		expectBadArgs(t, "ComputeChallenge(nil blob)", err)
		// As in the spec, bytes are hashed unvalidated.
		bad := *blob
		copy(bad[:32], modulus[:])
		if _, err := ctx.ComputeChallenge(&bad, invalidPoints()["all ones"]); err != nil {
			t.Errorf("ComputeChallenge(non-canonical blob, invalid point): %v", err)
		}

		commitments := []fastkzg.Bytes48{c48}
		two := []uint64{0, 0}
		indices := []uint64{3, 9}
		given := []fastkzg.Cell{cells[3], cells[9]}
		ps := []fastkzg.Bytes48{fastkzg.Bytes48(proofs[3]), fastkzg.Bytes48(proofs[9])}
		first, err := ctx.ComputeVerifyCellKZGProofBatchChallenge(commitments, two, indices, given, ps)
		if err != nil {
			t.Fatal(err)
		}
		swapped, err := ctx.ComputeVerifyCellKZGProofBatchChallenge(commitments, two, indices, given, []fastkzg.Bytes48{ps[1], ps[0]})
		if err != nil || swapped == first {
			t.Errorf("swapped proofs: challenge %x (%v), the same as before", swapped, err)
		}
		_, err = ctx.ComputeVerifyCellKZGProofBatchChallenge(commitments, two[:1], indices, given, ps)
		expectBadArgs(t, "ComputeVerifyCellKZGProofBatchChallenge(short commitment indices)", err)
		_, err = ctx.ComputeVerifyCellKZGProofBatchChallenge(commitments, two, indices[:1], given, ps)
		expectBadArgs(t, "ComputeVerifyCellKZGProofBatchChallenge(short cell indices)", err)
		_, err = ctx.ComputeVerifyCellKZGProofBatchChallenge(commitments, two, indices, given, ps[:1])
		expectBadArgs(t, "ComputeVerifyCellKZGProofBatchChallenge(short proofs)", err)
		badCell := given[1]
		copy(badCell[5*fastkzg.BytesPerFieldElement:], modulus[:])
		_, err = ctx.ComputeVerifyCellKZGProofBatchChallenge(commitments, two, indices, []fastkzg.Cell{given[0], badCell}, ps)
		expectBadArgs(t, "ComputeVerifyCellKZGProofBatchChallenge(non-canonical cell)", err)
	})

	t.Run("empty batches verify", func(t *testing.T) {
		if ok, err := ctx.VerifyBlobKZGProofBatch(nil, nil, nil); !ok || err != nil {
			t.Errorf("VerifyBlobKZGProofBatch(empty): %v %v", ok, err)
		}
		if ok, err := ctx.VerifyCellKZGProofBatch([]fastkzg.Bytes48{}, []uint64{}, nil, nil); !ok || err != nil {
			t.Errorf("VerifyCellKZGProofBatch(empty): %v %v", ok, err)
		}
	})

	t.Run("wrong proofs are false, not errors", func(t *testing.T) {
		otherZ := spectest.RandomFieldElement(r)
		if ok, err := ctx.VerifyKZGProof(c48, otherZ, y, p48); ok || err != nil {
			t.Errorf("VerifyKZGProof at another z: %v %v", ok, err)
		}
		if ok, err := ctx.VerifyBlobKZGProof(blob, c48, p48); ok || err != nil {
			t.Errorf("VerifyBlobKZGProof with another proof: %v %v", ok, err)
		}
		if ok, err := ctx.VerifyCellKZGProofBatch([]fastkzg.Bytes48{c48}, []uint64{1}, cells[:1], []fastkzg.Bytes48{fastkzg.Bytes48(proofs[0])}); ok || err != nil {
			t.Errorf("VerifyCellKZGProofBatch with another index: %v %v", ok, err)
		}
	})
}

// seq is the indices from..to-1.
func seq(from, to int) []uint64 {
	out := make([]uint64, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, uint64(i))
	}
	return out
}
