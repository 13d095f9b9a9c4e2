/*
 * ckzg.h -- fastkzg's C interface, source-compatible with the public API of
 * c-kzg-4844 2.1.x.
 *
 * Link with libfastkzg.a (plus -lpthread -ldl -lm) or libfastkzg.so.
 *
 * Conventions shared by every function below:
 *   - The return value is C_KZG_OK on success. Anything wrong with the
 *     arguments -- a NULL pointer, settings that were never loaded (or were
 *     freed), a field element >= the BLS modulus, bytes that are not a valid
 *     compressed G1 point in the prime-order subgroup, a malformed setup --
 *     gives C_KZG_BADARGS. C_KZG_ERROR means an internal failure.
 *   - Commitments, proofs, y values and cells are only written when C_KZG_OK
 *     is returned. The verifiers set *ok to false on every error, so a failed
 *     call never reads as "valid". A proof that does not verify is C_KZG_OK
 *     with *ok == false.
 *   - All inputs are untrusted bytes and are fully validated.
 *   - Loaded settings are immutable and may be shared by any number of
 *     threads until free_trusted_setup is called.
 *
 * Only the public API of c-kzg is provided: the internal helpers its headers
 * also expose (fr_t, g1_t, the blst types, compute_challenge,
 * bytes_to_bls_field, print_*, compute_verify_cell_kzg_proof_batch_challenge
 * and so on) are not.
 */

#ifndef FASTKZG_CKZG_H
#define FASTKZG_CKZG_H

/* The standard headers c-kzg's header makes available, so that code relying
   on them through ckzg.h keeps compiling. */
#include <inttypes.h> /* uint8_t, uint64_t (and PRIu64 etc.) */
#include <stdbool.h>  /* bool */
#include <stddef.h>   /* size_t */
#include <stdio.h>    /* FILE */

/* ---------------------------------------------------------------------------
 * Sizes (the names and values of the Ethereum consensus specs)
 * ------------------------------------------------------------------------- */

#define BYTES_PER_FIELD_ELEMENT 32
#define BITS_PER_FIELD_ELEMENT 255
#define BYTES_PER_COMMITMENT 48
#define BYTES_PER_PROOF 48
#define FIELD_ELEMENTS_PER_BLOB 4096
#define BYTES_PER_BLOB (FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT)

/* EIP-7594: blobs are extended to twice their size and split into cells. */
#define LOG_EXPANSION_FACTOR 1
#define FIELD_ELEMENTS_PER_EXT_BLOB (FIELD_ELEMENTS_PER_BLOB << LOG_EXPANSION_FACTOR)
#define FIELD_ELEMENTS_PER_CELL 64
#define BYTES_PER_CELL (FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT)
#define CELLS_PER_BLOB (FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL)
#define CELLS_PER_EXT_BLOB (FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL)

/* ---------------------------------------------------------------------------
 * Types
 * ------------------------------------------------------------------------- */

/* Result of every function that can fail. */
typedef enum {
    C_KZG_OK = 0,      /* success */
    C_KZG_BADARGS = 1, /* invalid argument (see the conventions above) */
    C_KZG_ERROR = 2,   /* internal error; should not happen */
    C_KZG_MALLOC = 3   /* out of memory */
} C_KZG_RET;

/* A big-endian field element, not yet validated. */
typedef struct {
    uint8_t bytes[32];
} Bytes32;

/* A compressed G1 point, not yet validated. */
typedef struct {
    uint8_t bytes[48];
} Bytes48;

/* A blob: FIELD_ELEMENTS_PER_BLOB field elements of 32 bytes each. */
typedef struct {
    uint8_t bytes[BYTES_PER_BLOB];
} Blob;

/* A cell of an extended blob (EIP-7594). */
typedef struct {
    uint8_t bytes[BYTES_PER_CELL];
} Cell;

/* Commitments and proofs are compressed G1 points. */
typedef Bytes48 KZGCommitment;
typedef Bytes48 KZGProof;

/*
 * The loaded trusted setup. The caller allocates it (on the stack, in a
 * struct, or on the heap), fills it with load_trusted_setup or
 * load_trusted_setup_file, and releases it with free_trusted_setup. Its
 * fields are private. Size and alignment are those of c-kzg's KZGSettings
 * (eight pointers followed by two size_t), so code that embeds or allocates
 * the struct keeps working unchanged.
 */
typedef struct {
    void *opaque_handle;
    void *opaque_reserved[7];
    size_t opaque_sizes[2];
} KZGSettings;

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(KZGSettings) == 8 * sizeof(void *) + 2 * sizeof(size_t),
               "KZGSettings must have the size of c-kzg's");
#elif defined(__cplusplus) && __cplusplus >= 201103L
static_assert(sizeof(KZGSettings) == 8 * sizeof(void *) + 2 * sizeof(size_t),
              "KZGSettings must have the size of c-kzg's");
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------
 * Trusted setup
 * ------------------------------------------------------------------------- */

/*
 * Loads the trusted setup from compressed points: 4096 G1 points in monomial
 * form (4096 * 48 bytes), the same 4096 points in Lagrange form (4096 * 48
 * bytes) and 65 G2 points in monomial form (65 * 96 bytes). Every point is
 * validated and the three lists are checked against each other. `precompute`
 * selects the size of precomputed tables (0..15).
 *
 * On failure *out is left cleared, so calling free_trusted_setup on it is
 * harmless.
 */
C_KZG_RET load_trusted_setup(
    KZGSettings *out,
    const uint8_t *g1_monomial_bytes,
    uint64_t num_g1_monomial_bytes,
    const uint8_t *g1_lagrange_bytes,
    uint64_t num_g1_lagrange_bytes,
    const uint8_t *g2_monomial_bytes,
    uint64_t num_g2_monomial_bytes,
    uint64_t precompute
);

/*
 * Loads the trusted setup from a text stream in the format of c-kzg's
 * trusted_setup.txt: the decimal counts 4096 and 65, then the G1 points in
 * Lagrange form, the G2 points in monomial form and the G1 points in
 * monomial form, each in hex, separated by whitespace. Reads from the current
 * position to the end of the stream (anything after the last point is an
 * error) and does not close it. `precompute` is as for load_trusted_setup.
 */
C_KZG_RET load_trusted_setup_file(KZGSettings *out, FILE *in, uint64_t precompute);

/*
 * Releases a loaded setup and clears the struct. Safe on NULL, on a cleared
 * or never-loaded struct, and when called more than once.
 */
void free_trusted_setup(KZGSettings *s);

/* ---------------------------------------------------------------------------
 * EIP-4844 (names and semantics of the Deneb polynomial-commitments spec)
 * ------------------------------------------------------------------------- */

/* The commitment to the polynomial whose evaluations are the blob. */
C_KZG_RET blob_to_kzg_commitment(KZGCommitment *out, const Blob *blob, const KZGSettings *s);

/* The proof of the blob's polynomial at point z, and its value y there. */
C_KZG_RET compute_kzg_proof(
    KZGProof *proof_out,
    Bytes32 *y_out,
    const Blob *blob,
    const Bytes32 *z_bytes,
    const KZGSettings *s
);

/*
 * The proof for a blob at the challenge point derived from the blob and its
 * commitment (the commitment is validated but not checked to match).
 */
C_KZG_RET compute_blob_kzg_proof(
    KZGProof *out, const Blob *blob, const Bytes48 *commitment_bytes, const KZGSettings *s
);

/* *ok = whether the proof shows that the committed polynomial is y at z. */
C_KZG_RET verify_kzg_proof(
    bool *ok,
    const Bytes48 *commitment_bytes,
    const Bytes32 *z_bytes,
    const Bytes32 *y_bytes,
    const Bytes48 *proof_bytes,
    const KZGSettings *s
);

/* *ok = whether the proof is the blob proof for this blob and commitment. */
C_KZG_RET verify_blob_kzg_proof(
    bool *ok,
    const Blob *blob,
    const Bytes48 *commitment_bytes,
    const Bytes48 *proof_bytes,
    const KZGSettings *s
);

/*
 * *ok = whether, for every i < n, proofs_bytes[i] is the blob proof for
 * blobs[i] and commitments_bytes[i]. With n == 0, *ok = true (the arrays may
 * then be NULL). Any invalid entry gives C_KZG_BADARGS.
 */
C_KZG_RET verify_blob_kzg_proof_batch(
    bool *ok,
    const Blob *blobs,
    const Bytes48 *commitments_bytes,
    const Bytes48 *proofs_bytes,
    uint64_t n,
    const KZGSettings *s
);

/* ---------------------------------------------------------------------------
 * EIP-7594 (names and semantics of the Fulu polynomial-commitments-sampling
 * spec). A blob's extension has CELLS_PER_EXT_BLOB cells; the first
 * CELLS_PER_BLOB of them are the blob itself. The arrays of cells and proofs
 * these functions fill hold CELLS_PER_EXT_BLOB elements each.
 * ------------------------------------------------------------------------- */

/*
 * The cells of the blob's extension and the proof of each cell. Either
 * output may be NULL and is then not filled; with proofs == NULL only the
 * cells are computed, which is much cheaper than computing the proofs. Both
 * NULL is C_KZG_BADARGS.
 */
C_KZG_RET compute_cells_and_kzg_proofs(
    Cell *cells, KZGProof *proofs, const Blob *blob, const KZGSettings *s
);

/*
 * All cells and proofs of a blob's extension from num_cells of its cells,
 * where cells[i] is cell number cell_indices[i]. Needs CELLS_PER_BLOB <=
 * num_cells <= CELLS_PER_EXT_BLOB (checked before the arrays are read) and
 * strictly ascending indices below CELLS_PER_EXT_BLOB. recovered_proofs may
 * be NULL if the proofs are not wanted: then no proof is computed (a small
 * fraction of the time of the full recovery). The inputs are
 * read before anything is written, so recovered_cells may be the cells array.
 *
 * Cells that no blob produces (possible with more than CELLS_PER_BLOB of
 * them) are not an error. As the spec says, the recovered polynomial is then
 * cut to FIELD_ELEMENTS_PER_BLOB coefficients and the cells and proofs of
 * that polynomial are returned, so some cells differ from the ones passed
 * in. This differs from c-kzg 2.1.x, which returns the cells of the uncut
 * polynomial (with all CELLS_PER_EXT_BLOB cells given: the input cells
 * unchanged) next to the proofs of the cut one.
 */
C_KZG_RET recover_cells_and_kzg_proofs(
    Cell *recovered_cells,
    KZGProof *recovered_proofs,
    const uint64_t *cell_indices,
    const Cell *cells,
    uint64_t num_cells,
    const KZGSettings *s
);

/*
 * *ok = whether, for every i < num_cells, proofs_bytes[i] proves that
 * cells[i] is cell number cell_indices[i] of the blob committed to by
 * commitments_bytes[i]. Entries may repeat and come in any order; cells of
 * many blobs can be checked at once. With num_cells == 0, *ok = true (the
 * arrays may then be NULL). An index >= CELLS_PER_EXT_BLOB, a non-canonical
 * cell element or an invalid point gives C_KZG_BADARGS.
 */
C_KZG_RET verify_cell_kzg_proof_batch(
    bool *ok,
    const Bytes48 *commitments_bytes,
    const uint64_t *cell_indices,
    const Cell *cells,
    const Bytes48 *proofs_bytes,
    uint64_t num_cells,
    const KZGSettings *s
);

#ifdef __cplusplus
}
#endif

#endif /* FASTKZG_CKZG_H */
