//go:build fastkzg_prefixed

package ckzg4844

// With the build tag fastkzg_prefixed the package links the archive whose
// functions are named fastkzg_<name>, so that it can share a binary with
// c-kzg-4844 (whose functions have the unprefixed names).

// #cgo CFLAGS: -DFASTKZG_GO_PREFIXED
// #cgo LDFLAGS: ${SRCDIR}/lib/libfastkzg_go_prefixed.a -lgcc_s -lpthread -ldl -lm
import "C"
