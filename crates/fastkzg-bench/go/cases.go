package main

import (
	"fmt"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

// job is one call of the library; with check, it also compares the result
// with the fixture (what the report computed with fastkzg).
type job func(check bool) error

// prepare turns a case into a job: the API function kind on the entries
// ("BLOB:CELL"). Blob-level kinds take their blob from the first entry;
// compute_kzg_proof and verify_kzg_proof use blob 0 with the fixture's z,
// y and proof.
func prepare(ctx *goethkzg.Context, in *inputs, kind string, args []string, threads int) (job, error) {
	var bs []*goethkzg.Blob
	var cs []goethkzg.KZGCommitment
	var ps, cps []goethkzg.KZGProof
	var ids []uint64
	var cells []*goethkzg.Cell
	b := 0
	for i, a := range args {
		var blob, c int
		if _, err := fmt.Sscanf(a, "%d:%d", &blob, &c); err != nil ||
			blob < 0 || blob >= len(in.blobs) || c < 0 || c >= goethkzg.CellsPerExtBlob {
			return nil, fmt.Errorf("bad entry %q", a)
		}
		if i == 0 {
			b = blob
		}
		bs, cs, ps = append(bs, in.blobs[blob]), append(cs, in.commitments[blob]), append(ps, in.proofs[blob])
		ids, cells = append(ids, uint64(c)), append(cells, in.cells[blob][c])
		cps = append(cps, in.cellProofs[blob][c])
	}
	blob, commitment := in.blobs[b], in.commitments[b]
	// checked: the call's error, or an error when checking and its result
	// differs from the fixture.
	checked := func(err error, check bool, differs func() bool) error {
		if err == nil && check && differs() {
			return fmt.Errorf("the result differs from the fixture's")
		}
		return err
	}
	// cellsDiffer compares cells (and proofs, if any) with blob b's.
	cellsDiffer := func(got []*goethkzg.Cell, proofs []goethkzg.KZGProof) bool {
		for i, c := range in.cells[b] {
			if got[i] == nil || *got[i] != *c || (proofs != nil && proofs[i] != in.cellProofs[b][i]) {
				return true
			}
		}
		return false
	}
	jobs := map[string]job{
		"load_embedded_setup": func(bool) error {
			_, err := goethkzg.NewContext4096Secure()
			return err
		},
		"blob_to_kzg_commitment": func(check bool) error {
			got, err := ctx.BlobToKZGCommitment(blob, threads)
			return checked(err, check, func() bool { return got != commitment })
		},
		"compute_kzg_proof": func(check bool) error {
			proof, y, err := ctx.ComputeKZGProof(in.blobs[0], in.z, threads)
			return checked(err, check, func() bool { return proof != in.kzgProof || y != in.y })
		},
		"compute_blob_kzg_proof": func(check bool) error {
			got, err := ctx.ComputeBlobKZGProof(blob, commitment, threads)
			return checked(err, check, func() bool { return got != in.proofs[b] })
		},
		"verify_kzg_proof":            func(bool) error { return ctx.VerifyKZGProof(in.commitments[0], in.z, in.y, in.kzgProof) },
		"verify_blob_kzg_proof":       func(bool) error { return ctx.VerifyBlobKZGProof(blob, commitment, in.proofs[b]) },
		"verify_blob_kzg_proof_batch": func(bool) error { return ctx.VerifyBlobKZGProofBatch(bs, cs, ps) },
		"compute_cells": func(check bool) error {
			got, err := ctx.ComputeCells(blob, threads)
			return checked(err, check, func() bool { return cellsDiffer(got[:], nil) })
		},
		"compute_cells_and_kzg_proofs": func(check bool) error {
			got, proofs, err := ctx.ComputeCellsAndKZGProofs(blob, threads)
			return checked(err, check, func() bool { return cellsDiffer(got[:], proofs[:]) })
		},
		"recover_cells_and_kzg_proofs": func(check bool) error {
			got, proofs, err := ctx.RecoverCellsAndComputeKZGProofs(ids, cells, threads)
			return checked(err, check, func() bool { return cellsDiffer(got[:], proofs[:]) })
		},
		"verify_cell_kzg_proof_batch": func(bool) error { return ctx.VerifyCellKZGProofBatch(cs, ids, cells, cps) },
	}
	if j, ok := jobs[kind]; ok {
		return j, nil
	}
	return nil, fmt.Errorf("unknown kind %q", kind)
}
