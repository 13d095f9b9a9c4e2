package main

// The fixture file, written by the report (Fixture::save in
// crates/fastkzg-bench/src/lib.rs); integers are little-endian:
//
//	magic "FKZGFIX2", u32 number of blobs N, then N times: blob (131072
//	bytes), commitment (48), blob proof (48), 128 times cell (2048) and
//	cell proof (48); then z (32), y (32) and the proof at z (48) of blob 0.

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

// inputs holds the fixture, as the report computed it with fastkzg.
type inputs struct {
	blobs       []*goethkzg.Blob
	commitments []goethkzg.KZGCommitment
	proofs      []goethkzg.KZGProof
	cells       [][]*goethkzg.Cell
	cellProofs  [][]goethkzg.KZGProof
	z, y        goethkzg.Scalar
	kzgProof    goethkzg.KZGProof
}

func readFixture(path string) (*inputs, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var rerr error
	read := func(dst []byte) {
		if rerr == nil {
			_, rerr = io.ReadFull(r, dst)
		}
	}
	var head [12]byte
	read(head[:])
	n := int(binary.LittleEndian.Uint32(head[8:]))
	if rerr == nil && (string(head[:8]) != "FKZGFIX2" || n > 4096) {
		return nil, fmt.Errorf("%s: not a fixture file", path)
	}
	in := &inputs{}
	for i := 0; i < n && rerr == nil; i++ {
		blob := new(goethkzg.Blob)
		var c goethkzg.KZGCommitment
		var p goethkzg.KZGProof
		read(blob[:])
		read(c[:])
		read(p[:])
		in.blobs = append(in.blobs, blob)
		in.commitments = append(in.commitments, c)
		in.proofs = append(in.proofs, p)
		cells := make([]*goethkzg.Cell, goethkzg.CellsPerExtBlob)
		proofs := make([]goethkzg.KZGProof, goethkzg.CellsPerExtBlob)
		for j := range cells {
			cells[j] = new(goethkzg.Cell)
			read(cells[j][:])
			read(proofs[j][:])
		}
		in.cells = append(in.cells, cells)
		in.cellProofs = append(in.cellProofs, proofs)
	}
	read(in.z[:])
	read(in.y[:])
	read(in.kzgProof[:])
	if rerr != nil {
		return nil, fmt.Errorf("%s: %w", path, rerr)
	}
	return in, nil
}
