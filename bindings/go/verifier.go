package ckzg4844

// #include <stdio.h>
// #include "fastkzg_go.h"
//
// // Loads a verify-only context from a setup in the text format in memory.
// static C_KZG_RET load_verifier_text(KZGSettings *out, void *text, size_t len) {
//     FILE *f = fmemopen(text, len, "r");
//     if (f == NULL) return C_KZG_BADARGS;
//     C_KZG_RET ret = fastkzg_load_verifier_file(out, f);
//     fclose(f);
//     return ret;
// }
import "C"

import (
	"fmt"
	"os"
	"unsafe"
)

// Verifier is a verify-only context: the part of a trusted setup that
// verification needs (the embedded mainnet setup loads in about a
// millisecond and holds under 1 MiB, against tens of MiB for a Context).
// It has every verification of Context, with the same signatures and
// results: VerifyKZGProof, VerifyBlobKZGProof, VerifyBlobKZGProofBatch,
// VerifyCellKZGProofBatch, VerifyBlobCellProofs, VerifyCellsSharedIndices,
// and the challenges, WarmUp, ForgetDecodedCommitments and Close; it cannot
// compute commitments, proofs or cells. Its methods may be called from any
// number of goroutines at once; Close releases it once they have returned.
type Verifier struct {
	handle
}

// NewMainnetVerifier returns a Verifier for the Ethereum mainnet trusted
// setup embedded in the library (C's fastkzg_load_verifier_mainnet).
func NewMainnetVerifier() (*Verifier, error) {
	return newVerifier(load(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_load_verifier_mainnet(s)
	}))
}

// LoadVerifier loads a Verifier from a trusted setup file in the text format
// of c-kzg-4844's trusted_setup.txt. The mainnet file is recognised and
// loads from the embedded copy; any other setup is validated in full.
func LoadVerifier(path string) (*Verifier, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fastkzg: reading the trusted setup: %w", err)
	}
	return LoadVerifierText(text)
}

// LoadVerifierText loads a Verifier from the contents of a file in the text
// format of c-kzg-4844's trusted_setup.txt (C's fastkzg_load_verifier_file).
func LoadVerifierText(text []byte) (*Verifier, error) {
	if len(text) == 0 {
		return nil, ErrBadArgs
	}
	buf := C.CBytes(text)
	defer C.free(buf)
	return newVerifier(load(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.load_verifier_text(s, buf, C.size_t(len(text)))
	}))
}

// LoadVerifierPoints loads a Verifier from compressed points, taken and
// checked as by LoadContextPoints (C's fastkzg_load_verifier): the
// FieldElementsPerBlob G1 points in monomial and in Lagrange form (48 bytes
// each) and the 65 G2 points in monomial form (96 bytes each).
func LoadVerifierPoints(g1Monomial, g1Lagrange, g2Monomial []byte) (*Verifier, error) {
	return newVerifier(load(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_load_verifier(s,
			(*C.uint8_t)(unsafe.SliceData(g1Monomial)), C.uint64_t(len(g1Monomial)),
			(*C.uint8_t)(unsafe.SliceData(g1Lagrange)), C.uint64_t(len(g1Lagrange)),
			(*C.uint8_t)(unsafe.SliceData(g2Monomial)), C.uint64_t(len(g2Monomial)))
	}))
}

// newVerifier wraps settings that load returned.
func newVerifier(s *C.KZGSettings, err error) (*Verifier, error) {
	if err != nil {
		return nil, err
	}
	return &Verifier{handle{settings: s}}, nil
}
