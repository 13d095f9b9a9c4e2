//go:build !fastkzg_prefixed

package ckzg4844

// The archive made by bindings/go/build.sh from target/release/libfastkzg.a:
// the functions of ckzg.h are its only global symbols.

// #cgo LDFLAGS: ${SRCDIR}/lib/libfastkzg_go.a -lgcc_s -lpthread -ldl -lm
import "C"
