//go:build fastkzg_prefixed

package peers

import (
	"unsafe"

	ckzg "github.com/ethereum/c-kzg-4844/v2/bindings/go"
	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
)

// Conversions of fastkzg's values to c-kzg-4844's types (the same arrays).

func blobC(b *fastkzg.Blob) *ckzg.Blob    { return (*ckzg.Blob)(b) }
func b32C(z fastkzg.Bytes32) ckzg.Bytes32 { return ckzg.Bytes32(z) }
func b48C(p fastkzg.Bytes48) ckzg.Bytes48 { return ckzg.Bytes48(p) }
func cellC(c *fastkzg.Cell) *ckzg.Cell    { return (*ckzg.Cell)(c) }
func blobsC(b []fastkzg.Blob) []ckzg.Blob { return unsafe.Slice(blobC(unsafe.SliceData(b)), len(b)) }
func cellsC(c []fastkzg.Cell) []ckzg.Cell { return unsafe.Slice(cellC(unsafe.SliceData(c)), len(c)) }
func b48sC(p []fastkzg.Bytes48) []ckzg.Bytes48 {
	return unsafe.Slice((*ckzg.Bytes48)(unsafe.SliceData(p)), len(p))
}
