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

// prepare turns a case into a job. Blob-level kinds take their blob from the
// first entry (blob 0 when there is none); compute_kzg_proof and
// verify_kzg_proof use blob 0 with the file's z, y and proof.
func prepare(ctx *goethkzg.Context, in *inputs, c caseSpec, threads int) (job, error) {
	b := 0
	if len(c.entries) > 0 {
		b = c.entries[0].blob
	}
	if b >= len(in.blobs) {
		return job{}, fmt.Errorf("no blob %d", b)
	}
	needCells := c.kind == "compute_cells" || c.kind == "compute_cells_and_kzg_proofs" ||
		c.kind == "recover_cells_and_kzg_proofs" || c.kind == "verify_cell_kzg_proof_batch"
	if needCells && len(in.cells) <= maxBlob(c.entries) {
		return job{}, fmt.Errorf("the input file has no cells for this case")
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

func maxBlob(entries []entry) int {
	m := 0
	for _, e := range entries {
		m = max(m, e.blob)
	}
	return m
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
