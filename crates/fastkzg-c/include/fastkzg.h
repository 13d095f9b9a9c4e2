/*
 * fastkzg.h -- what fastkzg's C interface adds to c-kzg-4844's API.
 *
 * Includes ckzg.h (the drop-in for c-kzg-4844 2.1.x), so a program can
 * include this header instead of that one. The functions here have the prefix
 * fastkzg_, which c-kzg never uses, so that they never clash with its
 * symbols.
 *
 * It adds verify-only settings (fastkzg_load_verifier_mainnet and its
 * siblings: the verifiers of ckzg.h and of this header take them, the
 * functions that compute refuse them), the specs' Fiat-Shamir challenges
 * and batch calls over many blobs.
 *
 * The conventions of ckzg.h hold: C_KZG_BADARGS for a NULL pointer or a bad
 * argument, outputs written only on C_KZG_OK, array pointers that may be NULL
 * when their count is 0. A challenge is a field element: 32 bytes,
 * big-endian, below the BLS modulus.
 */

#ifndef FASTKZG_FASTKZG_H
#define FASTKZG_FASTKZG_H

#include "ckzg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------
 * Verify-only settings.
 *
 * These fill the same KZGSettings struct as load_trusted_setup, with only
 * what verification needs of the setup (the embedded mainnet setup loads in
 * about 1 ms and holds under 1 MiB, against tens of MiB for full settings).
 * Every verification function takes them, with the same results as full
 * settings of the same setup: verify_kzg_proof, verify_blob_kzg_proof,
 * verify_blob_kzg_proof_batch, verify_cell_kzg_proof_batch,
 * fastkzg_verify_blob_cell_proofs and fastkzg_verify_cells_shared_indices;
 * so do fastkzg_warm_up (which then builds the verifier's tables only) and
 * fastkzg_forget_decoded_commitments. Every function that computes
 * commitments, proofs or cells (blob_to_kzg_commitment, compute_kzg_proof,
 * compute_blob_kzg_proof, compute_cells_and_kzg_proofs,
 * recover_cells_and_kzg_proofs, fastkzg_compute_cells_batch,
 * fastkzg_compute_cells_and_kzg_proofs_batch, fastkzg_recover_cells_batch)
 * returns C_KZG_BADARGS for them and leaves its outputs untouched.
 * free_trusted_setup frees them. On error the loaders zero *out (if out is
 * not NULL), so that free_trusted_setup on it is harmless.
 * ------------------------------------------------------------------------- */

/* The embedded Ethereum mainnet setup; no file needed. */
C_KZG_RET fastkzg_load_verifier_mainnet(KZGSettings *out);

/*
 * A setup from compressed points, taken and checked as by
 * load_trusted_setup (which this mirrors, without the precompute level):
 * 4096 * 48 bytes of G1 monomial points, 4096 * 48 bytes of G1 Lagrange
 * points and 65 * 96 bytes of G2 monomial points. The mainnet points are
 * recognised (SHA-256) and loaded from the embedded copy.
 */
C_KZG_RET fastkzg_load_verifier(
    KZGSettings *out,
    const uint8_t *g1_monomial_bytes,
    uint64_t num_g1_monomial_bytes,
    const uint8_t *g1_lagrange_bytes,
    uint64_t num_g1_lagrange_bytes,
    const uint8_t *g2_monomial_bytes,
    uint64_t num_g2_monomial_bytes
);

/*
 * A setup in the text format of trusted_setup.txt, read from in's current
 * position to its end, as by load_trusted_setup_file (in is not closed).
 * The mainnet text is recognised (SHA-256) and loads in about 1 ms.
 */
C_KZG_RET fastkzg_load_verifier_file(KZGSettings *out, FILE *in);

/* ---------------------------------------------------------------------------
 * Settings.
 * ------------------------------------------------------------------------- */

/*
 * Builds now what the settings otherwise build on first use: the fixed-base
 * table of the 4096 Lagrange points (7.5 MiB; built on its own after 16
 * commitments or proofs), the generator table and the FK20 data (at
 * precompute 0 on CPUs without AVX-512 IFMA, also the FK20 shifted layers),
 * so that later calls run at their steady speed; for verify-only settings,
 * the generator table and the table of cell verification. Harmless to
 * repeat and to run while other threads use the settings. C_KZG_BADARGS: s
 * NULL or not loaded.
 */
C_KZG_RET fastkzg_warm_up(const KZGSettings *s);

/*
 * verify_cell_kzg_proof_batch keeps the commitments it decoded (at most
 * 4096, by their bytes), so that the data-column sidecars of one block, which
 * all carry the same commitments, decode them once. This empties that cache:
 * later calls decode every commitment again, as a first call does (for
 * measurements; memory is bounded anyway). Harmless while other threads use
 * the settings. C_KZG_BADARGS: s NULL or not loaded.
 */
C_KZG_RET fastkzg_forget_decoded_commitments(const KZGSettings *s);

/* ---------------------------------------------------------------------------
 * Fiat-Shamir challenges (c-kzg computes them internally only). They hash
 * their inputs and need no trusted setup.
 * ------------------------------------------------------------------------- */

/*
 * compute_challenge of the Deneb polynomial-commitments spec: the point at
 * which compute_blob_kzg_proof opens the blob, derived from the blob and the
 * commitment. As in the spec, both are hashed as bytes and not validated
 * (a blob with a non-canonical element still has a challenge).
 */
C_KZG_RET fastkzg_compute_challenge(Bytes32 *out, const Blob *blob, const Bytes48 *commitment);

/*
 * compute_verify_cell_kzg_proof_batch_challenge of the Fulu
 * polynomial-commitments-sampling spec: the challenge with which
 * verify_cell_kzg_proof_batch combines its cells. commitments holds the
 * num_commitments distinct commitments; for k < num_cells, cells[k] is cell
 * number cell_indices[k] of the blob committed to by
 * commitments[commitment_indices[k]], with proof proofs[k].
 *
 * The spec takes each cell as its field elements: a non-canonical cell
 * element gives C_KZG_BADARGS. Commitments, proofs and indices are hashed as
 * they are, as in the spec: points are not validated and indices are not
 * range-checked.
 */
C_KZG_RET fastkzg_compute_verify_cell_kzg_proof_batch_challenge(
    Bytes32 *out,
    const Bytes48 *commitments,
    uint64_t num_commitments,
    const uint64_t *commitment_indices,
    const uint64_t *cell_indices,
    const Cell *cells,
    const Bytes48 *proofs,
    uint64_t num_cells
);

/* ---------------------------------------------------------------------------
 * Batch calls: the cell functions over many blobs in one call.
 *
 * Arrays are blob-major (blob 0's entries first); blob b has commitment
 * commitments[b]. Each result is the spec function applied blob by blob
 * (verification: the verdict of verify_cell_kzg_proof_batch over the
 * flattened lists). Count products that overflow, NULL pointers (arrays:
 * for non-zero counts) and every input the spec functions reject give
 * C_KZG_BADARGS; outputs are written only on C_KZG_OK, and verifications
 * set *ok = false on error. num_blobs == 0: verifications give *ok = true,
 * computations write nothing, whatever the index list (the composition
 * over no blobs checks nothing).
 * ------------------------------------------------------------------------- */

/*
 * All CELLS_PER_EXT_BLOB cell proofs of each blob (a blob transaction's
 * wrapper version 1): proofs holds num_blobs * CELLS_PER_EXT_BLOB proofs,
 * blob-major. *ok is whether they verify against the blobs' cells
 * (compute_cells) and commitments. The cells are never computed.
 */
C_KZG_RET fastkzg_verify_blob_cell_proofs(
    bool *ok,
    const Blob *blobs,
    const Bytes48 *commitments,
    const Bytes48 *proofs,
    uint64_t num_blobs,
    const KZGSettings *s
);

/*
 * The cells of num_blobs blobs at one shared list of num_indices indices:
 * cells and proofs hold num_blobs * num_indices entries, blob-major.
 * Duplicate indices are allowed, as in verify_cell_kzg_proof_batch.
 */
C_KZG_RET fastkzg_verify_cells_shared_indices(
    bool *ok,
    const Bytes48 *commitments,
    const uint64_t *cell_indices,
    uint64_t num_indices,
    const Cell *cells,
    const Bytes48 *proofs,
    uint64_t num_blobs,
    const KZGSettings *s
);

/* compute_cells of each blob: num_blobs * CELLS_PER_EXT_BLOB cells. */
C_KZG_RET fastkzg_compute_cells_batch(
    Cell *cells, const Blob *blobs, uint64_t num_blobs, const KZGSettings *s
);

/*
 * compute_cells_and_kzg_proofs of each blob: num_blobs * CELLS_PER_EXT_BLOB
 * cells and proofs. Either output may be NULL (NULL proofs: no proofs are
 * computed), not both.
 */
C_KZG_RET fastkzg_compute_cells_and_kzg_proofs_batch(
    Cell *cells, KZGProof *proofs, const Blob *blobs, uint64_t num_blobs, const KZGSettings *s
);

/*
 * The cells (no proofs) of recover_cells_and_kzg_proofs for num_blobs blobs
 * that kept the same cells: cells holds num_blobs * num_indices cells at
 * cell_indices (64..128 indices, strictly ascending), blob-major; recovered
 * receives num_blobs * CELLS_PER_EXT_BLOB cells.
 */
C_KZG_RET fastkzg_recover_cells_batch(
    Cell *recovered,
    const uint64_t *cell_indices,
    uint64_t num_indices,
    const Cell *cells,
    uint64_t num_blobs,
    const KZGSettings *s
);

#ifdef __cplusplus
}
#endif

#endif /* FASTKZG_FASTKZG_H */
