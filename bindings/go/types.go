package ckzg4844

import (
	"bytes"
	"encoding/hex"
	"errors"
)

// Sizes, as named in the Ethereum consensus specs.
const (
	BytesPerBlob         = 131072
	BytesPerCell         = 2048
	BytesPerCommitment   = 48
	BytesPerFieldElement = 32
	BytesPerProof        = 48
	CellsPerExtBlob      = 128
	FieldElementsPerBlob = 4096
	FieldElementsPerCell = 64
)

type (
	// Bytes32 is a big-endian field element (not yet validated).
	Bytes32 [32]byte
	// Bytes48 is a compressed G1 point (not yet validated).
	Bytes48 [48]byte
	// KZGCommitment is a commitment to a blob's polynomial.
	KZGCommitment Bytes48
	// KZGProof is a KZG opening proof.
	KZGProof Bytes48
	// Blob is FieldElementsPerBlob field elements.
	Blob [BytesPerBlob]byte
	// Cell is one of the CellsPerExtBlob cells of a blob's extension.
	Cell [BytesPerCell]byte
)

var (
	// ErrBadArgs reports an input the library rejects: a wrong length, a
	// field element that is not canonical, bytes that are not a valid
	// compressed point in the subgroup, lists of different lengths, a cell
	// index out of range, an invalid trusted setup.
	ErrBadArgs = errors.New("bad arguments")
	// ErrError reports an internal failure of the library.
	ErrError = errors.New("unexpected error")
	// ErrMalloc reports that the library ran out of memory.
	ErrMalloc = errors.New("malloc failed")
	// ErrClosed reports the use of a Context after Close.
	ErrClosed = errors.New("fastkzg: context is closed")
)

// unmarshalHex decodes hex text, with or without a 0x prefix, into exactly
// len(out) bytes.
func unmarshalHex(out, text []byte) error {
	text = bytes.TrimPrefix(text, []byte("0x"))
	if len(text) != 2*len(out) {
		return ErrBadArgs
	}
	_, err := hex.Decode(out, text)
	return err
}

// UnmarshalText decodes 64 hex digits, with or without a 0x prefix.
func (b *Bytes32) UnmarshalText(text []byte) error { return unmarshalHex(b[:], text) }

// UnmarshalText decodes 96 hex digits, with or without a 0x prefix.
func (b *Bytes48) UnmarshalText(text []byte) error { return unmarshalHex(b[:], text) }

// UnmarshalText decodes 2*BytesPerBlob hex digits, with or without a 0x
// prefix.
func (b *Blob) UnmarshalText(text []byte) error { return unmarshalHex(b[:], text) }

// UnmarshalText decodes 2*BytesPerCell hex digits, with or without a 0x
// prefix.
func (c *Cell) UnmarshalText(text []byte) error { return unmarshalHex(c[:], text) }
