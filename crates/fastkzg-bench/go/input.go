package main

// The input file, written by the report (crates/fastkzg-bench/src/gopeer.rs).
// All integers are little-endian; a string is a u32 length and its bytes.
//
//	magic        "FKZGGO01"
//	u32          number of blobs N
//	u8           1 if the blobs come with cells, 0 otherwise
//	N times:     blob (131072 bytes), commitment (48), blob proof (48),
//	             and with cells: 128 times cell (2048) and cell proof (48)
//	z (32), y (32), proof (48): compute_kzg_proof of blob 0 at z
//	u32          number of cases
//	per case:    string key (the report's case key), string kind (the API
//	             function), the budget: u64 target sample, per case, slow
//	             round and warm-up-is-a-sample thresholds in nanoseconds, u32
//	             min samples, min samples of slow cases, max samples; then
//	             u32 count and count times (u32 blob, u32 cell) entries.

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"time"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

const magic = "FKZGGO01"

// budget says how long to measure a case (the report's Budget).
type budget struct {
	target, perCase, slowRound, warmupIsSampleAbove time.Duration
	minSamples, minSamplesSlow, maxSamples          int
}

// entry names a blob, and a cell of it where the kind needs one.
type entry struct {
	blob, cell int
}

// caseSpec is one case to measure.
type caseSpec struct {
	key, kind string
	budget    budget
	entries   []entry
}

// inputs holds everything the cases need, as the report computed it.
type inputs struct {
	blobs       []*goethkzg.Blob
	commitments []goethkzg.KZGCommitment
	proofs      []goethkzg.KZGProof
	cells       [][]*goethkzg.Cell
	cellProofs  [][]goethkzg.KZGProof
	z, y        goethkzg.Scalar
	kzgProof    goethkzg.KZGProof
	cases       []caseSpec
}

// reader reads the format above, keeping the first error.
type reader struct {
	r   *bufio.Reader
	err error
}

func (r *reader) bytes(dst []byte) {
	if r.err == nil {
		_, r.err = io.ReadFull(r.r, dst)
	}
}

func (r *reader) u32() int {
	var b [4]byte
	r.bytes(b[:])
	return int(binary.LittleEndian.Uint32(b[:]))
}

func (r *reader) u64() uint64 {
	var b [8]byte
	r.bytes(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (r *reader) duration() time.Duration {
	v := r.u64()
	if v > uint64(1<<63-1) {
		v = 1<<63 - 1
	}
	return time.Duration(v)
}

func (r *reader) str() string {
	n := r.u32()
	if r.err != nil || n > 1<<16 {
		if r.err == nil {
			r.err = fmt.Errorf("string of %d bytes", n)
		}
		return ""
	}
	b := make([]byte, n)
	r.bytes(b)
	return string(b)
}

// readInputs reads and checks an input file.
func readInputs(path string) (*inputs, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &reader{r: bufio.NewReaderSize(f, 1<<20)}
	var m [8]byte
	r.bytes(m[:])
	if r.err == nil && string(m[:]) != magic {
		return nil, fmt.Errorf("%s: not a go-peer input file", path)
	}
	n := r.u32()
	var withCells [1]byte
	r.bytes(withCells[:])
	if r.err == nil && n > 4096 {
		return nil, fmt.Errorf("%s: %d blobs", path, n)
	}
	in := &inputs{}
	for i := 0; i < n && r.err == nil; i++ {
		blob := new(goethkzg.Blob)
		r.bytes(blob[:])
		var c goethkzg.KZGCommitment
		var p goethkzg.KZGProof
		r.bytes(c[:])
		r.bytes(p[:])
		in.blobs = append(in.blobs, blob)
		in.commitments = append(in.commitments, c)
		in.proofs = append(in.proofs, p)
		if withCells[0] == 1 {
			cells := make([]*goethkzg.Cell, goethkzg.CellsPerExtBlob)
			proofs := make([]goethkzg.KZGProof, goethkzg.CellsPerExtBlob)
			for j := range cells {
				cells[j] = new(goethkzg.Cell)
				r.bytes(cells[j][:])
				r.bytes(proofs[j][:])
			}
			in.cells = append(in.cells, cells)
			in.cellProofs = append(in.cellProofs, proofs)
		}
	}
	r.bytes(in.z[:])
	r.bytes(in.y[:])
	r.bytes(in.kzgProof[:])
	nCases := r.u32()
	for i := 0; i < nCases && r.err == nil; i++ {
		c := caseSpec{key: r.str(), kind: r.str()}
		c.budget = budget{
			target:              r.duration(),
			perCase:             r.duration(),
			slowRound:           r.duration(),
			warmupIsSampleAbove: r.duration(),
			minSamples:          r.u32(),
			minSamplesSlow:      r.u32(),
			maxSamples:          r.u32(),
		}
		count := r.u32()
		for j := 0; j < count && r.err == nil; j++ {
			e := entry{blob: r.u32(), cell: r.u32()}
			if e.blob >= n || e.cell >= goethkzg.CellsPerExtBlob {
				return nil, fmt.Errorf("%s: case %s: entry (%d, %d) out of range", path, c.key, e.blob, e.cell)
			}
			c.entries = append(c.entries, e)
		}
		in.cases = append(in.cases, c)
	}
	if r.err != nil {
		return nil, fmt.Errorf("%s: %w", path, r.err)
	}
	return in, nil
}
