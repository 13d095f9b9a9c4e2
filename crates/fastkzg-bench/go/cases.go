package main

import (
	"fmt"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

// job is one call of the library; check compares the results of the last
// call with what the report computed (fastkzg's results).
type job struct {
	call  func() error
	check func() error
}

// entry names a blob and a cell of it.
type entry struct {
	blob, cell int
}

// prepare turns a case into a job: the API function kind on the entries
// ("BLOB:CELL"). Blob-level kinds take their blob from the first entry;
// compute_kzg_proof and verify_kzg_proof use blob 0 with the fixture's z,
// y and proof.
func prepare(ctx *goethkzg.Context, in *inputs, kind string, args []string, threads int) (job, error) {
	var entries []entry
	for _, a := range args {
		var e entry
		if _, err := fmt.Sscanf(a, "%d:%d", &e.blob, &e.cell); err != nil ||
			e.blob < 0 || e.blob >= len(in.blobs) || e.cell < 0 || e.cell >= goethkzg.CellsPerExtBlob {
			return job{}, fmt.Errorf("bad entry %q", a)
		}
		entries = append(entries, e)
	}
	c := struct {
		kind    string
		entries []entry
	}{kind, entries}
	b := 0
	if len(entries) > 0 {
		b = entries[0].blob
	}
	blob := in.blobs[b]
	switch c.kind {
	case "load_embedded_setup":
		return job{call: func() error {
			_, err := goethkzg.NewContext4096Secure()
			return err
		}}, nil
	case "blob_to_kzg_commitment":
		var got goethkzg.KZGCommitment
		return job{
			call: func() (err error) {
				got, err = ctx.BlobToKZGCommitment(blob, threads)
				return err
			},
			check: func() error { return same("commitment", got == in.commitments[b]) },
		}, nil
	case "compute_kzg_proof":
		var proof goethkzg.KZGProof
		var y goethkzg.Scalar
		blob = in.blobs[0]
		return job{
			call: func() (err error) {
				proof, y, err = ctx.ComputeKZGProof(blob, in.z, threads)
				return err
			},
			check: func() error { return same("proof and y", proof == in.kzgProof && y == in.y) },
		}, nil
	case "compute_blob_kzg_proof":
		var got goethkzg.KZGProof
		return job{
			call: func() (err error) {
				got, err = ctx.ComputeBlobKZGProof(blob, in.commitments[b], threads)
				return err
			},
			check: func() error { return same("proof", got == in.proofs[b]) },
		}, nil
	case "verify_kzg_proof":
		return job{call: func() error {
			return ctx.VerifyKZGProof(in.commitments[0], in.z, in.y, in.kzgProof)
		}}, nil
	case "verify_blob_kzg_proof":
		return job{call: func() error {
			return ctx.VerifyBlobKZGProof(blob, in.commitments[b], in.proofs[b])
		}}, nil
	case "verify_blob_kzg_proof_batch":
		var blobs []*goethkzg.Blob
		var cs []goethkzg.KZGCommitment
		var ps []goethkzg.KZGProof
		for _, e := range c.entries {
			blobs = append(blobs, in.blobs[e.blob])
			cs = append(cs, in.commitments[e.blob])
			ps = append(ps, in.proofs[e.blob])
		}
		return job{call: func() error { return ctx.VerifyBlobKZGProofBatch(blobs, cs, ps) }}, nil
	case "compute_cells":
		var got [goethkzg.CellsPerExtBlob]*goethkzg.Cell
		return job{
			call: func() (err error) {
				got, err = ctx.ComputeCells(blob, threads)
				return err
			},
			check: func() error { return sameCells(got[:], nil, in.cells[b], nil) },
		}, nil
	case "compute_cells_and_kzg_proofs":
		var cells [goethkzg.CellsPerExtBlob]*goethkzg.Cell
		var proofs [goethkzg.CellsPerExtBlob]goethkzg.KZGProof
		return job{
			call: func() (err error) {
				cells, proofs, err = ctx.ComputeCellsAndKZGProofs(blob, threads)
				return err
			},
			check: func() error { return sameCells(cells[:], proofs[:], in.cells[b], in.cellProofs[b]) },
		}, nil
	case "recover_cells_and_kzg_proofs":
		var ids []uint64
		var have []*goethkzg.Cell
		for _, e := range c.entries {
			if e.blob != b {
				return job{}, fmt.Errorf("recovery entries from more than one blob")
			}
			ids = append(ids, uint64(e.cell))
			have = append(have, in.cells[b][e.cell])
		}
		var cells [goethkzg.CellsPerExtBlob]*goethkzg.Cell
		var proofs [goethkzg.CellsPerExtBlob]goethkzg.KZGProof
		return job{
			call: func() (err error) {
				cells, proofs, err = ctx.RecoverCellsAndComputeKZGProofs(ids, have, threads)
				return err
			},
			check: func() error { return sameCells(cells[:], proofs[:], in.cells[b], in.cellProofs[b]) },
		}, nil
	case "verify_cell_kzg_proof_batch":
		var cs []goethkzg.KZGCommitment
		var ids []uint64
		var cells []*goethkzg.Cell
		var ps []goethkzg.KZGProof
		for _, e := range c.entries {
			cs = append(cs, in.commitments[e.blob])
			ids = append(ids, uint64(e.cell))
			cells = append(cells, in.cells[e.blob][e.cell])
			ps = append(ps, in.cellProofs[e.blob][e.cell])
		}
		return job{call: func() error { return ctx.VerifyCellKZGProofBatch(cs, ids, cells, ps) }}, nil
	}
	return job{}, fmt.Errorf("unknown kind %q", c.kind)
}

func same(what string, ok bool) error {
	if !ok {
		return fmt.Errorf("%s differs from the input file's", what)
	}
	return nil
}

// sameCells compares cells (and proofs, when want has them) with the
// expected ones.
func sameCells(cells []*goethkzg.Cell, proofs []goethkzg.KZGProof, wantCells []*goethkzg.Cell, wantProofs []goethkzg.KZGProof) error {
	for i := range wantCells {
		if cells[i] == nil || *cells[i] != *wantCells[i] {
			return fmt.Errorf("cell %d differs from the input file's", i)
		}
		if wantProofs != nil && proofs[i] != wantProofs[i] {
			return fmt.Errorf("cell proof %d differs from the input file's", i)
		}
	}
	return nil
}
