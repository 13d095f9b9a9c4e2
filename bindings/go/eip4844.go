package ckzg4844

// #include "fastkzg_go.h"
import "C"

import "unsafe"

// BlobToKZGCommitment returns the commitment to the blob's polynomial.
func (c *Context) BlobToKZGCommitment(blob *Blob) (KZGCommitment, error) {
	if blob == nil {
		return KZGCommitment{}, ErrBadArgs
	}
	var commitment KZGCommitment
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.blob_to_kzg_commitment((*C.KZGCommitment)(unsafe.Pointer(&commitment)),
			(*C.Blob)(unsafe.Pointer(blob)), s)
	})
	if err != nil {
		return KZGCommitment{}, err
	}
	return commitment, nil
}

// ComputeKZGProof returns the proof of the blob's polynomial at z and its
// value y there.
func (c *Context) ComputeKZGProof(blob *Blob, z Bytes32) (KZGProof, Bytes32, error) {
	if blob == nil {
		return KZGProof{}, Bytes32{}, ErrBadArgs
	}
	var proof KZGProof
	var y Bytes32
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.compute_kzg_proof((*C.KZGProof)(unsafe.Pointer(&proof)), (*C.Bytes32)(unsafe.Pointer(&y)),
			(*C.Blob)(unsafe.Pointer(blob)), (*C.Bytes32)(unsafe.Pointer(&z)), s)
	})
	if err != nil {
		return KZGProof{}, Bytes32{}, err
	}
	return proof, y, nil
}

// ComputeBlobKZGProof returns the proof for the blob at the challenge point
// derived from the blob and its commitment.
func (c *Context) ComputeBlobKZGProof(blob *Blob, commitment Bytes48) (KZGProof, error) {
	if blob == nil {
		return KZGProof{}, ErrBadArgs
	}
	var proof KZGProof
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.compute_blob_kzg_proof((*C.KZGProof)(unsafe.Pointer(&proof)),
			(*C.Blob)(unsafe.Pointer(blob)), (*C.Bytes48)(unsafe.Pointer(&commitment)), s)
	})
	if err != nil {
		return KZGProof{}, err
	}
	return proof, nil
}

// VerifyKZGProof reports whether the proof shows that the committed
// polynomial is y at z.
func (c *handle) VerifyKZGProof(commitment Bytes48, z, y Bytes32, proof Bytes48) (bool, error) {
	var ok C.bool
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.verify_kzg_proof(&ok, (*C.Bytes48)(unsafe.Pointer(&commitment)),
			(*C.Bytes32)(unsafe.Pointer(&z)), (*C.Bytes32)(unsafe.Pointer(&y)),
			(*C.Bytes48)(unsafe.Pointer(&proof)), s)
	})
	return err == nil && bool(ok), err
}

// VerifyBlobKZGProof reports whether the proof is the blob proof for the
// blob and commitment.
func (c *handle) VerifyBlobKZGProof(blob *Blob, commitment, proof Bytes48) (bool, error) {
	if blob == nil {
		return false, ErrBadArgs
	}
	var ok C.bool
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.verify_blob_kzg_proof(&ok, (*C.Blob)(unsafe.Pointer(blob)),
			(*C.Bytes48)(unsafe.Pointer(&commitment)), (*C.Bytes48)(unsafe.Pointer(&proof)), s)
	})
	return err == nil && bool(ok), err
}

// VerifyBlobKZGProofBatch reports whether proofs[i] is the blob proof for
// blobs[i] and commitments[i], for every i. The three lists must have the
// same length; empty lists verify.
func (c *handle) VerifyBlobKZGProofBatch(blobs []Blob, commitments, proofs []Bytes48) (bool, error) {
	if len(blobs) != len(commitments) || len(blobs) != len(proofs) {
		return false, ErrBadArgs
	}
	var ok C.bool
	err := c.call(func(s *C.KZGSettings) C.C_KZG_RET {
		return C.verify_blob_kzg_proof_batch(&ok, (*C.Blob)(unsafe.Pointer(unsafe.SliceData(blobs))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(commitments))),
			(*C.Bytes48)(unsafe.Pointer(unsafe.SliceData(proofs))), C.uint64_t(len(blobs)), s)
	})
	return err == nil && bool(ok), err
}

// ComputeChallenge returns the Fiat–Shamir challenge of the blob and its
// commitment (spec compute_challenge): the point at which
// ComputeBlobKZGProof opens the blob, as a big-endian field element. As in
// the spec, the blob and the commitment are hashed as bytes and not
// validated; the trusted setup is not used.
func (c *handle) ComputeChallenge(blob *Blob, commitment Bytes48) (Bytes32, error) {
	if blob == nil {
		return Bytes32{}, ErrBadArgs
	}
	var challenge Bytes32
	err := c.call(func(*C.KZGSettings) C.C_KZG_RET {
		return C.fastkzg_compute_challenge((*C.Bytes32)(unsafe.Pointer(&challenge)),
			(*C.Blob)(unsafe.Pointer(blob)), (*C.Bytes48)(unsafe.Pointer(&commitment)))
	})
	if err != nil {
		return Bytes32{}, err
	}
	return challenge, nil
}
