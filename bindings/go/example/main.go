// Command example uses fastkzg through c-kzg-4844's import path (switched
// by a replace directive in go.mod): the drop-in functions, and the Context
// API that the package adds. It prints
// "drop-in: true" and "context: true".
package main

import (
	"fmt"
	"log"
	"os"

	ckzg4844 "github.com/ethereum/c-kzg-4844/v2/bindings/go"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: example path/to/trusted_setup.txt")
	}

	// The drop-in, exactly as with c-kzg-4844.
	if err := ckzg4844.LoadTrustedSetupFile(os.Args[1], 0); err != nil {
		log.Fatal(err)
	}
	var blob ckzg4844.Blob
	commitment, _ := ckzg4844.BlobToKZGCommitment(&blob)
	proof, _ := ckzg4844.ComputeBlobKZGProof(&blob, ckzg4844.Bytes48(commitment))
	ok, err := ckzg4844.VerifyBlobKZGProof(&blob, ckzg4844.Bytes48(commitment), ckzg4844.Bytes48(proof))
	fmt.Println("drop-in:", ok, err)

	// The Context API.
	ctx, err := ckzg4844.NewMainnetContext(0)
	if err != nil {
		log.Fatal(err)
	}
	defer ctx.Close()
	cells, proofs, _ := ctx.ComputeCellsAndKZGProofs(&blob)
	ok, err = ctx.VerifyCellKZGProofBatch([]ckzg4844.Bytes48{ckzg4844.Bytes48(commitment)}, []uint64{5}, cells[5:6], []ckzg4844.Bytes48{ckzg4844.Bytes48(proofs[5])})
	fmt.Println("context:", ok, err)
}
