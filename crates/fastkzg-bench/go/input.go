package main

// The fixture file, written by the report (Fixture::save in
// crates/fastkzg-bench/src/lib.rs); integers are little-endian:
//
//	magic "FKZGFIX2", u32 number of blobs N, then N times: blob (131072
//	bytes), commitment (48), blob proof (48), 128 times cell (2048) and
//	cell proof (48); then z (32), y (32) and the proof at z (48) of blob 0.

import (
	"encoding/binary"
	"fmt"
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
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	const perBlob = len(goethkzg.Blob{}) + 96 + goethkzg.CellsPerExtBlob*(len(goethkzg.Cell{})+48)
	if len(data) < 12 || string(data[:8]) != "FKZGFIX2" ||
		len(data) != 12+int(binary.LittleEndian.Uint32(data[8:12]))*perBlob+112 {
		return nil, fmt.Errorf("%s: not a fixture file", path)
	}
	off, in := 12, &inputs{}
	read := func(dst []byte) { off += copy(dst, data[off:]) }
	for off < len(data)-112 {
		blob, cells := new(goethkzg.Blob), make([]*goethkzg.Cell, goethkzg.CellsPerExtBlob)
		var c goethkzg.KZGCommitment
		var p goethkzg.KZGProof
		read(blob[:])
		read(c[:])
		read(p[:])
		proofs := make([]goethkzg.KZGProof, goethkzg.CellsPerExtBlob)
		for j := range cells {
			cells[j] = new(goethkzg.Cell)
			read(cells[j][:])
			read(proofs[j][:])
		}
		in.blobs, in.commitments, in.proofs = append(in.blobs, blob), append(in.commitments, c), append(in.proofs, p)
		in.cells, in.cellProofs = append(in.cells, cells), append(in.cellProofs, proofs)
	}
	read(in.z[:])
	read(in.y[:])
	read(in.kzgProof[:])
	return in, nil
}
