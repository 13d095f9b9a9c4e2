/*
 * The batch calls of fastkzg.h against the per-blob functions of ckzg.h,
 * and their bad inputs.
 *
 *   test_batch <trusted_setup.txt>
 *
 * Prints "batch: N passed, M failed"; exits non-zero on any failure.
 */

#include "fastkzg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUM_BLOBS 3
#define N_CELLS (NUM_BLOBS * CELLS_PER_EXT_BLOB)

static int passed, failed;

static void check(int cond, const char *what, int line) {
    if (cond) {
        passed++;
    } else {
        failed++;
        printf("FAIL line %d: %s\n", line, what);
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

static Blob blobs[NUM_BLOBS];
static KZGCommitment commitments[NUM_BLOBS];
static Cell cells[N_CELLS];
static KZGProof proofs[N_CELLS];
static Cell out_cells[N_CELLS];
static KZGProof out_proofs[N_CELLS];

static void make_blob(Blob *b, unsigned seed) {
    unsigned x = seed * 2654435761u + 1;
    for (size_t i = 0; i < BYTES_PER_BLOB; i++) {
        x = x * 1103515245u + 12345u;
        b->bytes[i] = (uint8_t)(x >> 16);
    }
    for (size_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) b->bytes[i * 32] &= 0x3f;
}

/* Fills `buf` with a marker, to see that an output stayed untouched. */
static void mark(void *buf, size_t n) { memset(buf, 0xab, n); }
static int marked(const void *buf, size_t n) {
    const uint8_t *p = buf;
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0xab) return 0;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s <trusted_setup.txt>\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    KZGSettings s;
    CHECK(f != NULL && load_trusted_setup_file(&s, f, 0) == C_KZG_OK);
    if (f) fclose(f);

    for (unsigned b = 0; b < NUM_BLOBS; b++) {
        make_blob(&blobs[b], b + 1);
        CHECK(blob_to_kzg_commitment(&commitments[b], &blobs[b], &s) == C_KZG_OK);
        CHECK(compute_cells_and_kzg_proofs(&cells[b * CELLS_PER_EXT_BLOB],
                                           &proofs[b * CELLS_PER_EXT_BLOB], &blobs[b],
                                           &s) == C_KZG_OK);
    }

    /* Computations equal the per-blob functions. */
    CHECK(fastkzg_compute_cells_batch(out_cells, blobs, NUM_BLOBS, &s) == C_KZG_OK);
    CHECK(memcmp(out_cells, cells, sizeof cells) == 0);
    mark(out_cells, sizeof out_cells);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs, NUM_BLOBS, &s) ==
          C_KZG_OK);
    CHECK(memcmp(out_cells, cells, sizeof cells) == 0);
    CHECK(memcmp(out_proofs, proofs, sizeof proofs) == 0);
    mark(out_proofs, sizeof out_proofs);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, out_proofs, blobs, NUM_BLOBS, &s) ==
          C_KZG_OK);
    CHECK(memcmp(out_proofs, proofs, sizeof proofs) == 0);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, NULL, blobs, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);

    /* Recovery from the odd cells, and from the data cells. */
    static uint64_t odd[64], data[64];
    static Cell kept[NUM_BLOBS * 64];
    for (int i = 0; i < 64; i++) {
        odd[i] = 2 * i + 1;
        data[i] = i;
    }
    for (int pass = 0; pass < 2; pass++) {
        const uint64_t *idx = pass == 0 ? odd : data;
        for (int b = 0; b < NUM_BLOBS; b++)
            for (int i = 0; i < 64; i++) kept[b * 64 + i] = cells[b * CELLS_PER_EXT_BLOB + idx[i]];
        mark(out_cells, sizeof out_cells);
        CHECK(fastkzg_recover_cells_batch(out_cells, idx, 64, kept, NUM_BLOBS, &s) == C_KZG_OK);
        CHECK(memcmp(out_cells, cells, sizeof cells) == 0);
    }

    /* Verification. */
    bool ok = false;
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
              C_KZG_OK &&
          ok);
    KZGProof saved = proofs[5];
    proofs[5] = proofs[6];
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
              C_KZG_OK &&
          !ok);
    proofs[5] = saved;
    static uint64_t shared[3] = {7, 100, 7};
    static Cell sc[NUM_BLOBS * 3];
    static Bytes48 sp[NUM_BLOBS * 3];
    for (int b = 0; b < NUM_BLOBS; b++)
        for (int i = 0; i < 3; i++) {
            sc[b * 3 + i] = cells[b * CELLS_PER_EXT_BLOB + shared[i]];
            sp[b * 3 + i] = proofs[b * CELLS_PER_EXT_BLOB + shared[i]];
        }
    CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) ==
              C_KZG_OK &&
          ok);
    sc[4].bytes[31] ^= 1;
    CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) ==
              C_KZG_OK &&
          !ok);
    sc[4].bytes[31] ^= 1;

    /* No blobs: true / nothing written, NULL arrays allowed. */
    ok = false;
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, NULL, NULL, NULL, 0, &s) == C_KZG_OK && ok);
    ok = false;
    CHECK(fastkzg_verify_cells_shared_indices(&ok, NULL, shared, 3, NULL, NULL, 0, &s) == C_KZG_OK &&
          ok);
    CHECK(fastkzg_compute_cells_batch(NULL, NULL, 0, &s) == C_KZG_OK);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, NULL, NULL, 0, &s) == C_KZG_OK);
    CHECK(fastkzg_recover_cells_batch(NULL, odd, 64, NULL, 0, &s) == C_KZG_OK);

    /* Bad inputs: BADARGS, outputs untouched, verdicts false. */
    mark(out_cells, sizeof out_cells);
    CHECK(fastkzg_compute_cells_batch(out_cells, NULL, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_compute_cells_batch(NULL, blobs, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_compute_cells_batch(out_cells, blobs, NUM_BLOBS, NULL) == C_KZG_BADARGS);
    CHECK(fastkzg_compute_cells_batch(out_cells, blobs, UINT64_MAX / 64, &s) == C_KZG_BADARGS);
    blobs[1].bytes[0] = 0xff; /* non-canonical */
    CHECK(fastkzg_compute_cells_batch(out_cells, blobs, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);
    ok = true;
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
              C_KZG_BADARGS &&
          !ok);
    blobs[1].bytes[0] = 0;
    CHECK(marked(out_cells, sizeof out_cells));
    ok = true;
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, UINT64_MAX / 2, &s) ==
              C_KZG_BADARGS &&
          !ok);
    CHECK(fastkzg_verify_blob_cell_proofs(NULL, blobs, commitments, proofs, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);
    Bytes48 bad_commitments[NUM_BLOBS];
    memcpy(bad_commitments, commitments, sizeof bad_commitments);
    memset(bad_commitments[2].bytes, 0x11, 48);
    ok = true;
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, bad_commitments, proofs, NUM_BLOBS, &s) ==
              C_KZG_BADARGS &&
          !ok);
    static uint64_t out_of_range[3] = {7, 128, 7};
    ok = true;
    CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, out_of_range, 3, sc, sp, NUM_BLOBS,
                                              &s) == C_KZG_BADARGS &&
          !ok);
    CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, UINT64_MAX / 2, sc, sp,
                                              NUM_BLOBS, &s) == C_KZG_BADARGS);
    /* Recovery: too few indices, duplicates, unsorted, out of range. */
    static uint64_t bad_idx[64];
    for (int b = 0; b < NUM_BLOBS; b++)
        for (int i = 0; i < 64; i++) kept[b * 64 + i] = cells[b * CELLS_PER_EXT_BLOB + odd[i]];
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 63, kept, NUM_BLOBS, &s) == C_KZG_BADARGS);
    memcpy(bad_idx, odd, sizeof bad_idx);
    bad_idx[10] = bad_idx[9];
    CHECK(fastkzg_recover_cells_batch(out_cells, bad_idx, 64, kept, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);
    memcpy(bad_idx, odd, sizeof bad_idx);
    bad_idx[63] = 128;
    CHECK(fastkzg_recover_cells_batch(out_cells, bad_idx, 64, kept, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, UINT64_MAX / 64, &s) ==
          C_KZG_BADARGS);
    kept[64 + 3].bytes[0] = 0xff;
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(marked(out_cells, sizeof out_cells));

    free_trusted_setup(&s);
    printf("batch: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
