package main

import (
	"fmt"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

// job is one call of the library; with check, it also compares the result
// with the fixture (what the report computed with fastkzg).
type job func(check bool) error

// result turns a call's error and, when checking, whether its result
// differs from the fixture into the job's error.
func result(err error, differs bool) error {
	if err == nil && differs {
		return fmt.Errorf("the result differs from the fixture's")
	}
	return err
}

// cellsDiffer compares cells (and proofs, where there are any) with blob
// b's in the fixture.
func cellsDiffer(in *inputs, b int, cells []*goethkzg.Cell, proofs []goethkzg.KZGProof) bool {
	for i, c := range in.cells[b] {
		if cells[i] == nil || *cells[i] != *c || (proofs != nil && proofs[i] != in.cellProofs[b][i]) {
			return true
		}
	}
	return false
}

// prepare turns a case into a job: the API function kind on the entries
// ("BLOB:CELL"). Blob-level kinds take their blob from the first entry;
// compute_kzg_proof and verify_kzg_proof use blob 0 with the fixture's z,
// y and proof.
func prepare(ctx *goethkzg.Context, in *inputs, kind string, args []string, threads int) (job, error) {
	var blobs, cellIDs []int
	for _, a := range args {
		var b, c int
		if _, err := fmt.Sscanf(a, "%d:%d", &b, &c); err != nil ||
			b < 0 || b >= len(in.blobs) || c < 0 || c >= goethkzg.CellsPerExtBlob {
			return nil, fmt.Errorf("bad entry %q", a)
		}
		blobs, cellIDs = append(blobs, b), append(cellIDs, c)
	}
	b := 0
	if len(blobs) > 0 {
		b = blobs[0]
	}
	blob, commitment := in.blobs[b], in.commitments[b]
	var bs []*goethkzg.Blob
	var cs []goethkzg.KZGCommitment
	var ps, cps []goethkzg.KZGProof
	var ids []uint64
	var cells []*goethkzg.Cell
	for i, b := range blobs {
		bs, cs, ps = append(bs, in.blobs[b]), append(cs, in.commitments[b]), append(ps, in.proofs[b])
		ids, cells = append(ids, uint64(cellIDs[i])), append(cells, in.cells[b][cellIDs[i]])
		cps = append(cps, in.cellProofs[b][cellIDs[i]])
	}
	switch kind {
	case "load_embedded_setup":
		return func(bool) error {
			_, err := goethkzg.NewContext4096Secure()
			return err
		}, nil
	case "blob_to_kzg_commitment":
		return func(check bool) error {
			got, err := ctx.BlobToKZGCommitment(blob, threads)
			return result(err, check && got != commitment)
		}, nil
	case "compute_kzg_proof":
		return func(check bool) error {
			proof, y, err := ctx.ComputeKZGProof(in.blobs[0], in.z, threads)
			return result(err, check && (proof != in.kzgProof || y != in.y))
		}, nil
	case "compute_blob_kzg_proof":
		return func(check bool) error {
			got, err := ctx.ComputeBlobKZGProof(blob, commitment, threads)
			return result(err, check && got != in.proofs[b])
		}, nil
	case "verify_kzg_proof":
		return func(bool) error {
			return ctx.VerifyKZGProof(in.commitments[0], in.z, in.y, in.kzgProof)
		}, nil
	case "verify_blob_kzg_proof":
		return func(bool) error { return ctx.VerifyBlobKZGProof(blob, commitment, in.proofs[b]) }, nil
	case "verify_blob_kzg_proof_batch":
		return func(bool) error { return ctx.VerifyBlobKZGProofBatch(bs, cs, ps) }, nil
	case "compute_cells":
		return func(check bool) error {
			got, err := ctx.ComputeCells(blob, threads)
			return result(err, check && cellsDiffer(in, b, got[:], nil))
		}, nil
	case "compute_cells_and_kzg_proofs":
		return func(check bool) error {
			got, proofs, err := ctx.ComputeCellsAndKZGProofs(blob, threads)
			return result(err, check && cellsDiffer(in, b, got[:], proofs[:]))
		}, nil
	case "recover_cells_and_kzg_proofs":
		return func(check bool) error {
			got, proofs, err := ctx.RecoverCellsAndComputeKZGProofs(ids, cells, threads)
			return result(err, check && cellsDiffer(in, b, got[:], proofs[:]))
		}, nil
	case "verify_cell_kzg_proof_batch":
		return func(bool) error { return ctx.VerifyCellKZGProofBatch(cs, ids, cells, cps) }, nil
	}
	return nil, fmt.Errorf("unknown kind %q", kind)
}
