// Package spectest runs the consensus-spec KZG reference tests (the in-repo
// copy spec-tests/, or the folder $FASTKZG_SPEC_TESTS) against an
// implementation of the API, after checking the folder (Check: against its
// MANIFEST.sha256, and at least one case per function).
package spectest

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	fastkzg "github.com/fastkzg/fastkzg/bindings/go"
	"gopkg.in/yaml.v3"
)

// Impl is the API under test; the cell functions return CellsPerExtBlob
// cells and proofs as slices. A function may be nil (the two challenges:
// c-kzg's API, and so the drop-in's, lacks them; the computations: a
// verify-only context lacks them): its cases are then counted as not run.
type Impl struct {
	BlobToKZGCommitment      func(*fastkzg.Blob) (fastkzg.KZGCommitment, error)
	ComputeKZGProof          func(*fastkzg.Blob, fastkzg.Bytes32) (fastkzg.KZGProof, fastkzg.Bytes32, error)
	ComputeBlobKZGProof      func(*fastkzg.Blob, fastkzg.Bytes48) (fastkzg.KZGProof, error)
	VerifyKZGProof           func(fastkzg.Bytes48, fastkzg.Bytes32, fastkzg.Bytes32, fastkzg.Bytes48) (bool, error)
	VerifyBlobKZGProof       func(*fastkzg.Blob, fastkzg.Bytes48, fastkzg.Bytes48) (bool, error)
	VerifyBlobKZGProofBatch  func([]fastkzg.Blob, []fastkzg.Bytes48, []fastkzg.Bytes48) (bool, error)
	ComputeCells             func(*fastkzg.Blob) ([]fastkzg.Cell, error)
	ComputeCellsAndKZGProofs func(*fastkzg.Blob) ([]fastkzg.Cell, []fastkzg.KZGProof, error)
	RecoverCells             func([]uint64, []fastkzg.Cell) ([]fastkzg.Cell, error)
	RecoverCellsAndKZGProofs func([]uint64, []fastkzg.Cell) ([]fastkzg.Cell, []fastkzg.KZGProof, error)
	VerifyCellKZGProofBatch  func([]fastkzg.Bytes48, []uint64, []fastkzg.Cell, []fastkzg.Bytes48) (bool, error)

	ComputeChallenge                        func(*fastkzg.Blob, fastkzg.Bytes48) (fastkzg.Bytes32, error)
	ComputeVerifyCellKZGProofBatchChallenge func([]fastkzg.Bytes48, []uint64, []uint64, []fastkzg.Cell, []fastkzg.Bytes48) (fastkzg.Bytes32, error)
}

// provides reports, for each reference-test function, whether impl has it.
var provides = map[string]func(Impl) bool{
	"blob_to_kzg_commitment":       func(impl Impl) bool { return impl.BlobToKZGCommitment != nil },
	"compute_kzg_proof":            func(impl Impl) bool { return impl.ComputeKZGProof != nil },
	"compute_blob_kzg_proof":       func(impl Impl) bool { return impl.ComputeBlobKZGProof != nil },
	"verify_kzg_proof":             func(impl Impl) bool { return impl.VerifyKZGProof != nil },
	"verify_blob_kzg_proof":        func(impl Impl) bool { return impl.VerifyBlobKZGProof != nil },
	"verify_blob_kzg_proof_batch":  func(impl Impl) bool { return impl.VerifyBlobKZGProofBatch != nil },
	"compute_cells":                func(impl Impl) bool { return impl.ComputeCells != nil },
	"compute_cells_and_kzg_proofs": func(impl Impl) bool { return impl.ComputeCellsAndKZGProofs != nil },
	"recover_cells_and_kzg_proofs": func(impl Impl) bool {
		return impl.RecoverCells != nil && impl.RecoverCellsAndKZGProofs != nil
	},
	"verify_cell_kzg_proof_batch": func(impl Impl) bool { return impl.VerifyCellKZGProofBatch != nil },
	"compute_challenge":           func(impl Impl) bool { return impl.ComputeChallenge != nil },
	"compute_verify_cell_kzg_proof_batch_challenge": func(impl Impl) bool {
		return impl.ComputeVerifyCellKZGProofBatchChallenge != nil
	},
}

type testCase struct {
	Input  map[string]any `yaml:"input"`
	Output any            `yaml:"output"`
}

// Run runs every reference case against impl, one subtest per case, and
// returns the number of cases run per function. Before any case it checks
// the folder (Check) and fails the test, naming the folder and the files at
// fault, if it is missing, empty, has a function without cases, or does not
// match its MANIFEST.sha256. The cases of functions that impl lacks (see
// Impl) are counted, not run.
func Run(t *testing.T, impl Impl) map[string]int {
	counts, _ := run(t, impl)
	return counts
}

// RunAll is Run for an Impl that has every function: it also fails the
// test if any case was not run.
func RunAll(t *testing.T, impl Impl) map[string]int {
	counts, notRun := run(t, impl)
	if notRun != 0 {
		t.Errorf("reference tests: %d cases not run (a function of Impl is nil)", notRun)
	}
	return counts
}

func run(t *testing.T, impl Impl) (map[string]int, int) {
	dir := Dir()
	report, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(report)
	functions, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("reference tests: %v (set FASTKZG_SPEC_TESTS)", err)
	}
	counts := map[string]int{}
	skipped := 0
	for _, fn := range functions {
		if !fn.IsDir() {
			continue
		}
		cases, _ := filepath.Glob(filepath.Join(dir, fn.Name(), "kzg-mainnet", "*", "data.yaml"))
		if len(cases) == 0 {
			t.Errorf("reference tests: no case in %s", filepath.Join(dir, fn.Name()))
		}
		if has, known := provides[fn.Name()]; known && !has(impl) {
			skipped += len(cases)
			continue
		}
		run, ok := runners[fn.Name()]
		if !ok {
			t.Errorf("reference tests: unknown function %s", fn.Name())
			continue
		}
		for _, path := range cases {
			name := fn.Name() + "/" + filepath.Base(filepath.Dir(path))
			t.Run(name, func(t *testing.T) {
				raw, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				var c testCase
				if err := yaml.Unmarshal(raw, &c); err != nil {
					t.Fatal(err)
				}
				run(t, impl, c)
			})
			counts[fn.Name()]++
		}
	}
	total := 0
	names := make([]string, 0, len(counts))
	for name, n := range counts {
		names = append(names, name)
		total += n
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, " %s=%d", name, counts[name])
	}
	t.Logf("reference cases run: %d (%s); not in this API: %d", total, strings.TrimSpace(b.String()), skipped)
	if total == 0 {
		t.Fatalf("reference tests: no case run from %s", dir)
	}
	return counts, skipped
}

// --- decoding ---------------------------------------------------------------

// decodeHex decodes a 0x-prefixed hex string of exactly n bytes.
func decodeHex(v any, n int) ([]byte, bool) {
	s, ok := v.(string)
	if !ok || !strings.HasPrefix(s, "0x") {
		return nil, false
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil || len(b) != n {
		return nil, false
	}
	return b, true
}

func blob(v any) (*fastkzg.Blob, bool) {
	b, ok := decodeHex(v, fastkzg.BytesPerBlob)
	if !ok {
		return nil, false
	}
	return (*fastkzg.Blob)(b), true
}

func bytes32(v any) (fastkzg.Bytes32, bool) {
	b, ok := decodeHex(v, 32)
	if !ok {
		return fastkzg.Bytes32{}, false
	}
	return fastkzg.Bytes32(b), true
}

func bytes48(v any) (fastkzg.Bytes48, bool) {
	b, ok := decodeHex(v, 48)
	if !ok {
		return fastkzg.Bytes48{}, false
	}
	return fastkzg.Bytes48(b), true
}

func cell(v any) (fastkzg.Cell, bool) {
	b, ok := decodeHex(v, fastkzg.BytesPerCell)
	if !ok {
		return fastkzg.Cell{}, false
	}
	return fastkzg.Cell(b), true
}

// list decodes a YAML list element by element.
func list[T any](v any, one func(any) (T, bool)) ([]T, bool) {
	items, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]T, len(items))
	for i, item := range items {
		if out[i], ok = one(item); !ok {
			return nil, false
		}
	}
	return out, true
}

func index(v any) (uint64, bool) {
	n, ok := v.(int)
	if !ok || n < 0 {
		return 0, false
	}
	return uint64(n), true
}

// cosetEvals decodes a cell given as its FieldElementsPerCell field
// elements (the spec's CosetEvals), whose concatenation is the cell.
func cosetEvals(v any) (fastkzg.Cell, bool) {
	evals, ok := list(v, bytes32)
	if !ok || len(evals) != fastkzg.FieldElementsPerCell {
		return fastkzg.Cell{}, false
	}
	var c fastkzg.Cell
	for i, e := range evals {
		copy(c[i*fastkzg.BytesPerFieldElement:], e[:])
	}
	return c, true
}

func blobValue(v any) (fastkzg.Blob, bool) {
	b, ok := blob(v)
	if !ok {
		return fastkzg.Blob{}, false
	}
	return *b, true
}

// --- checking ---------------------------------------------------------------

// expectReject checks a case whose inputs do not even decode: its output
// must be null.
func expectReject(t *testing.T, c testCase) {
	t.Helper()
	if c.Output != nil {
		t.Fatalf("inputs do not decode, but the expected output is %v", c.Output)
	}
}

// expectError checks the error against the expected output: an error if and
// only if the output is null.
func expectError(t *testing.T, c testCase, err error) bool {
	t.Helper()
	if c.Output == nil {
		if err == nil {
			t.Fatal("accepted an input the reference rejects")
		}
		return false
	}
	if err != nil {
		t.Fatalf("rejected an input the reference accepts: %v", err)
	}
	return true
}

func expectBytes(t *testing.T, what string, want any, got []byte) {
	t.Helper()
	w, ok := decodeHex(want, len(got))
	if !ok || !bytes.Equal(w, got) {
		t.Fatalf("%s: got 0x%x, want %v", what, got, want)
	}
}

func expectBool(t *testing.T, c testCase, ok bool, err error) {
	t.Helper()
	if expectError(t, c, err) && ok != c.Output.(bool) {
		t.Fatalf("verdict %v, want %v", ok, c.Output)
	}
}

func expectCells(t *testing.T, want any, cells []fastkzg.Cell) {
	t.Helper()
	w, ok := want.([]any)
	if !ok || len(w) != len(cells) {
		t.Fatalf("got %d cells, want %v", len(cells), want)
	}
	for i := range cells {
		expectBytes(t, fmt.Sprintf("cell %d", i), w[i], cells[i][:])
	}
}

func expectProofs(t *testing.T, want any, proofs []fastkzg.KZGProof) {
	t.Helper()
	w, ok := want.([]any)
	if !ok || len(w) != len(proofs) {
		t.Fatalf("got %d proofs, want %v", len(proofs), want)
	}
	for i := range proofs {
		expectBytes(t, fmt.Sprintf("proof %d", i), w[i], proofs[i][:])
	}
}

// pair splits an output [a, b].
func pair(t *testing.T, out any) (any, any) {
	t.Helper()
	p, ok := out.([]any)
	if !ok || len(p) != 2 {
		t.Fatalf("expected output %v is not a pair", out)
	}
	return p[0], p[1]
}

// --- the functions ----------------------------------------------------------

var runners = map[string]func(*testing.T, Impl, testCase){
	"blob_to_kzg_commitment": func(t *testing.T, impl Impl, c testCase) {
		b, ok := blob(c.Input["blob"])
		if !ok {
			expectReject(t, c)
			return
		}
		commitment, err := impl.BlobToKZGCommitment(b)
		if expectError(t, c, err) {
			expectBytes(t, "commitment", c.Output, commitment[:])
		}
	},
	"compute_kzg_proof": func(t *testing.T, impl Impl, c testCase) {
		b, ok1 := blob(c.Input["blob"])
		z, ok2 := bytes32(c.Input["z"])
		if !ok1 || !ok2 {
			expectReject(t, c)
			return
		}
		proof, y, err := impl.ComputeKZGProof(b, z)
		if expectError(t, c, err) {
			wantProof, wantY := pair(t, c.Output)
			expectBytes(t, "proof", wantProof, proof[:])
			expectBytes(t, "y", wantY, y[:])
		}
	},
	"compute_blob_kzg_proof": func(t *testing.T, impl Impl, c testCase) {
		b, ok1 := blob(c.Input["blob"])
		commitment, ok2 := bytes48(c.Input["commitment"])
		if !ok1 || !ok2 {
			expectReject(t, c)
			return
		}
		proof, err := impl.ComputeBlobKZGProof(b, commitment)
		if expectError(t, c, err) {
			expectBytes(t, "proof", c.Output, proof[:])
		}
	},
	"verify_kzg_proof": func(t *testing.T, impl Impl, c testCase) {
		commitment, ok1 := bytes48(c.Input["commitment"])
		z, ok2 := bytes32(c.Input["z"])
		y, ok3 := bytes32(c.Input["y"])
		proof, ok4 := bytes48(c.Input["proof"])
		if !ok1 || !ok2 || !ok3 || !ok4 {
			expectReject(t, c)
			return
		}
		ok, err := impl.VerifyKZGProof(commitment, z, y, proof)
		expectBool(t, c, ok, err)
	},
	"verify_blob_kzg_proof": func(t *testing.T, impl Impl, c testCase) {
		b, ok1 := blob(c.Input["blob"])
		commitment, ok2 := bytes48(c.Input["commitment"])
		proof, ok3 := bytes48(c.Input["proof"])
		if !ok1 || !ok2 || !ok3 {
			expectReject(t, c)
			return
		}
		ok, err := impl.VerifyBlobKZGProof(b, commitment, proof)
		expectBool(t, c, ok, err)
	},
	"verify_blob_kzg_proof_batch": func(t *testing.T, impl Impl, c testCase) {
		blobs, ok1 := list(c.Input["blobs"], blobValue)
		commitments, ok2 := list(c.Input["commitments"], bytes48)
		proofs, ok3 := list(c.Input["proofs"], bytes48)
		if !ok1 || !ok2 || !ok3 {
			expectReject(t, c)
			return
		}
		ok, err := impl.VerifyBlobKZGProofBatch(blobs, commitments, proofs)
		expectBool(t, c, ok, err)
	},
	"compute_cells": func(t *testing.T, impl Impl, c testCase) {
		b, ok := blob(c.Input["blob"])
		if !ok {
			expectReject(t, c)
			return
		}
		cells, err := impl.ComputeCells(b)
		if expectError(t, c, err) {
			expectCells(t, c.Output, cells)
		}
	},
	"compute_cells_and_kzg_proofs": func(t *testing.T, impl Impl, c testCase) {
		b, ok := blob(c.Input["blob"])
		if !ok {
			expectReject(t, c)
			return
		}
		cells, proofs, err := impl.ComputeCellsAndKZGProofs(b)
		if expectError(t, c, err) {
			wantCells, wantProofs := pair(t, c.Output)
			expectCells(t, wantCells, cells)
			expectProofs(t, wantProofs, proofs)
		}
	},
	"recover_cells_and_kzg_proofs": func(t *testing.T, impl Impl, c testCase) {
		indices, ok1 := list(c.Input["cell_indices"], index)
		cells, ok2 := list(c.Input["cells"], cell)
		if !ok1 || !ok2 {
			expectReject(t, c)
			return
		}
		recovered, proofs, err := impl.RecoverCellsAndKZGProofs(indices, cells)
		if expectError(t, c, err) {
			wantCells, wantProofs := pair(t, c.Output)
			expectCells(t, wantCells, recovered)
			expectProofs(t, wantProofs, proofs)
		}
		recoveredOnly, err := impl.RecoverCells(indices, cells)
		if expectError(t, c, err) {
			wantCells, _ := pair(t, c.Output)
			expectCells(t, wantCells, recoveredOnly)
		}
	},
	"verify_cell_kzg_proof_batch": func(t *testing.T, impl Impl, c testCase) {
		commitments, ok1 := list(c.Input["commitments"], bytes48)
		indices, ok2 := list(c.Input["cell_indices"], index)
		cells, ok3 := list(c.Input["cells"], cell)
		proofs, ok4 := list(c.Input["proofs"], bytes48)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			expectReject(t, c)
			return
		}
		ok, err := impl.VerifyCellKZGProofBatch(commitments, indices, cells, proofs)
		expectBool(t, c, ok, err)
	},
	"compute_challenge": func(t *testing.T, impl Impl, c testCase) {
		b, ok1 := blob(c.Input["blob"])
		commitment, ok2 := bytes48(c.Input["commitment"])
		if !ok1 || !ok2 {
			expectReject(t, c)
			return
		}
		challenge, err := impl.ComputeChallenge(b, commitment)
		if expectError(t, c, err) {
			expectBytes(t, "challenge", c.Output, challenge[:])
		}
	},
	"compute_verify_cell_kzg_proof_batch_challenge": func(t *testing.T, impl Impl, c testCase) {
		commitments, ok1 := list(c.Input["commitments"], bytes48)
		commitmentIndices, ok2 := list(c.Input["commitment_indices"], index)
		cellIndices, ok3 := list(c.Input["cell_indices"], index)
		cells, ok4 := list(c.Input["cosets_evals"], cosetEvals)
		proofs, ok5 := list(c.Input["proofs"], bytes48)
		if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
			expectReject(t, c)
			return
		}
		challenge, err := impl.ComputeVerifyCellKZGProofBatchChallenge(commitments, commitmentIndices, cellIndices, cells, proofs)
		if expectError(t, c, err) {
			expectBytes(t, "challenge", c.Output, challenge[:])
		}
	},
}
