package dropin_test

import (
	"testing"

	blst "github.com/supranational/blst/bindings/go"

	ckzg4844 "github.com/fastkzg/fastkzg/bindings/go"
)

// TestLinksWithBlst builds one binary with this package and blst's Go
// binding (as Geth and Prysm do) and uses both: the archive's copy of blst
// is local to it, so the two do not clash.
func TestLinksWithBlst(t *testing.T) {
	load(t)
	ikm := make([]byte, 32)
	for i := range ikm {
		ikm[i] = byte(i)
	}
	sk := blst.KeyGen(ikm)
	pk := new(blst.P1Affine).From(sk)
	msg := []byte("fastkzg and blst in one binary")
	dst := []byte("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_")
	sig := new(blst.P2Affine).Sign(sk, msg, dst)
	if !sig.Verify(true, pk, true, msg, dst) {
		t.Fatal("blst: a valid signature does not verify")
	}
	if sig.Verify(true, pk, true, []byte("another message"), dst) {
		t.Fatal("blst: a signature verifies for another message")
	}

	// The blob of the constant polynomial 1: every evaluation is 1.
	var blob ckzg4844.Blob
	for i := 0; i < ckzg4844.FieldElementsPerBlob; i++ {
		blob[i*ckzg4844.BytesPerFieldElement+31] = 1
	}
	commitment, err := ckzg4844.BlobToKZGCommitment(&blob)
	if err != nil {
		t.Fatal(err)
	}
	// The commitment to 1 is the generator of G1, which blst also knows.
	if got, want := commitment[:], blst.P1Generator().Compress(); string(got) != string(want) {
		t.Fatalf("commitment to the constant 1: %x, want blst's G1 generator %x", got, want)
	}
}
