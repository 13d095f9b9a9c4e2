package ckzg4844

// #cgo CFLAGS: -I${SRCDIR}/../../crates/fastkzg-c/include
// #include <stdio.h>
// #include "fastkzg_go.h"
//
// // Loads a trusted setup in the text format from memory.
// static C_KZG_RET load_trusted_setup_text(KZGSettings *out, void *text, size_t len, uint64_t precompute) {
//     FILE *f = fmemopen(text, len, "r");
//     if (f == NULL) return C_KZG_BADARGS;
//     C_KZG_RET ret = load_trusted_setup_file(out, f, precompute);
//     fclose(f);
//     return ret;
// }
import "C"

import (
	_ "embed"
	"fmt"
	"os"
	"sync"
	"unsafe"
)

//go:embed lib/trusted_setup.txt
var mainnetSetup []byte

// handle holds loaded C settings, full (Context) or verify-only (Verifier),
// and has the methods both types share: the verifications, the challenges,
// WarmUp, ForgetDecodedCommitments and Close.
type handle struct {
	mu       sync.RWMutex
	settings *C.KZGSettings // C memory; nil once closed
}

// Context is a loaded trusted setup. Its methods may be called from any
// number of goroutines at once; Close releases it once they have returned.
type Context struct {
	handle
}

// NewMainnetContext returns a Context for the Ethereum mainnet trusted setup,
// which is embedded in the package. precompute (0 to 15) selects the size
// of the tables precomputed for cell proofs.
func NewMainnetContext(precompute uint) (*Context, error) {
	return LoadContextText(mainnetSetup, precompute)
}

// LoadContext loads a trusted setup file in the text format of c-kzg-4844's
// trusted_setup.txt.
func LoadContext(path string, precompute uint) (*Context, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fastkzg: reading the trusted setup: %w", err)
	}
	return LoadContextText(text, precompute)
}

// LoadContextText loads a trusted setup from the contents of a file in the
// text format of c-kzg-4844's trusted_setup.txt.
func LoadContextText(text []byte, precompute uint) (*Context, error) {
	if len(text) == 0 {
		return nil, ErrBadArgs
	}
	buf := C.CBytes(text)
	defer C.free(buf)
	return newContext(load(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.load_trusted_setup_text(s, buf, C.size_t(len(text)), C.uint64_t(precompute))
	}))
}

// LoadContextPoints loads a trusted setup from compressed points: the
// FieldElementsPerBlob G1 points in monomial and in Lagrange form (48 bytes
// each) and the 65 G2 points in monomial form (96 bytes each).
func LoadContextPoints(g1Monomial, g1Lagrange, g2Monomial []byte, precompute uint) (*Context, error) {
	return newContext(load(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.load_trusted_setup(s,
			(*C.uint8_t)(unsafe.SliceData(g1Monomial)), C.uint64_t(len(g1Monomial)),
			(*C.uint8_t)(unsafe.SliceData(g1Lagrange)), C.uint64_t(len(g1Lagrange)),
			(*C.uint8_t)(unsafe.SliceData(g2Monomial)), C.uint64_t(len(g2Monomial)),
			C.uint64_t(precompute))
	}))
}

// newContext wraps settings that load returned.
func newContext(s *C.KZGSettings, err error) (*Context, error) {
	if err != nil {
		return nil, err
	}
	return &Context{handle{settings: s}}, nil
}

// load allocates the settings in C memory and fills them with f.
func load(f func(*C.KZGSettings) C.C_KZG_RET) (*C.KZGSettings, error) {
	s := (*C.KZGSettings)(C.calloc(1, C.size_t(unsafe.Sizeof(C.KZGSettings{}))))
	if s == nil {
		return nil, ErrMalloc
	}
	if ret := f(s); ret != C.C_KZG_OK {
		C.free(unsafe.Pointer(s))
		return nil, errorFromRet(ret)
	}
	return s, nil
}

// Close releases the trusted setup. It waits for calls under way to return;
// later calls return ErrClosed. Closing twice is harmless.
func (c *handle) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.settings != nil {
		C.free_trusted_setup(c.settings)
		C.free(unsafe.Pointer(c.settings))
		c.settings = nil
	}
	return nil
}

// WarmUp builds now what the context otherwise builds on first use (the
// 7.5 MiB commitment table, the generator table, the FK20 data; for a
// Verifier, the generator table and the table of cell verification), so
// that later calls run at their steady speed; C's fastkzg_warm_up. Harmless
// to repeat and to call while other goroutines use the context.
func (c *handle) WarmUp() error {
	return c.call(func(s *C.KZGSettings) C.C_KZG_RET { return C.fastkzg_warm_up(s) })
}

// ForgetDecodedCommitments empties the context's cache of the commitments
// that VerifyCellKZGProofBatch decoded (kept, by their bytes, so that the
// data-column sidecars of one block, which all carry the same commitments,
// decode them once; at most 4096): later calls decode every commitment
// again, as a first call does. For measurements; memory is bounded anyway.
// C's fastkzg_forget_decoded_commitments.
func (c *handle) ForgetDecodedCommitments() error {
	return c.call(func(s *C.KZGSettings) C.C_KZG_RET { return C.fastkzg_forget_decoded_commitments(s) })
}

// call runs f with the settings, unless the context is closed.
func (c *handle) call(f func(*C.KZGSettings) C.C_KZG_RET) error {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.settings == nil {
		return ErrClosed
	}
	if ret := f(c.settings); ret != C.C_KZG_OK {
		return errorFromRet(ret)
	}
	return nil
}

// errorFromRet is the error for a C_KZG_RET other than C_KZG_OK.
func errorFromRet(ret C.C_KZG_RET) error {
	switch ret {
	case C.C_KZG_BADARGS:
		return ErrBadArgs
	case C.C_KZG_ERROR:
		return ErrError
	case C.C_KZG_MALLOC:
		return ErrMalloc
	}
	return fmt.Errorf("unexpected error from c-library: %v", ret)
}
