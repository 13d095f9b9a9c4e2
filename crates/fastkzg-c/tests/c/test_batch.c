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

/*
 * The composition of fastkzg_verify_cells_shared_indices: verify_cell_kzg_proof_batch
 * over the flattened lists (blob b's commitment repeated, the indices once per blob).
 */
static Bytes48 flat_commitments[N_CELLS];
static uint64_t flat_indices[N_CELLS];
static C_KZG_RET flat_verify(bool *ok, const Bytes48 *cs, const uint64_t *idx, size_t k,
                             const Cell *cs_cells, const Bytes48 *ps, size_t n,
                             const KZGSettings *s) {
    for (size_t b = 0; b < n; b++)
        for (size_t i = 0; i < k; i++) {
            flat_commitments[b * k + i] = cs[b];
            flat_indices[b * k + i] = idx[i];
        }
    return verify_cell_kzg_proof_batch(ok, flat_commitments, flat_indices, cs_cells, ps, n * k, s);
}

/*
 * The composition of fastkzg_verify_blob_cell_proofs: compute_cells of each
 * blob, then verify_cell_kzg_proof_batch over all cells.
 */
static Cell flat_cells[N_CELLS];
static C_KZG_RET flat_blob_verify(bool *ok, const Blob *bs, const Bytes48 *cs,
                                  const Bytes48 *ps, size_t n, const KZGSettings *s) {
    static uint64_t all[CELLS_PER_EXT_BLOB];
    for (size_t i = 0; i < CELLS_PER_EXT_BLOB; i++) all[i] = i;
    for (size_t b = 0; b < n; b++) {
        C_KZG_RET ret =
            compute_cells_and_kzg_proofs(&flat_cells[b * CELLS_PER_EXT_BLOB], NULL, &bs[b], s);
        if (ret != C_KZG_OK) {
            *ok = false;
            return ret;
        }
    }
    return flat_verify(ok, cs, all, CELLS_PER_EXT_BLOB, flat_cells, ps, n, s);
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

    /* ---- The bad-input list. ---- */
    bool ok2 = false;
    /* The blobs as committed to (the checks above left blob 1 changed). */
    for (unsigned b = 0; b < NUM_BLOBS; b++) make_blob(&blobs[b], b + 1);
    for (int b = 0; b < NUM_BLOBS; b++)
        for (int i = 0; i < 64; i++) kept[b * 64 + i] = cells[b * CELLS_PER_EXT_BLOB + odd[i]];

    /* No blobs: nothing written into the (non-NULL) outputs, verdicts true. */
    mark(out_cells, sizeof out_cells);
    mark(out_proofs, sizeof out_proofs);
    CHECK(fastkzg_compute_cells_batch(out_cells, blobs, 0, &s) == C_KZG_OK);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs, 0, &s) ==
          C_KZG_OK);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, NULL, blobs, 0, &s) == C_KZG_OK);
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, 0, &s) == C_KZG_OK);
    CHECK(marked(out_cells, sizeof out_cells) && marked(out_proofs, sizeof out_proofs));
    ok = false;
    CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, 0, &s) == C_KZG_OK && ok);
    ok = false;
    CHECK(fastkzg_verify_cells_shared_indices(&ok, NULL, NULL, 0, NULL, NULL, 0, &s) == C_KZG_OK &&
          ok);
    /* Blobs with no indices: no cells at all, true. */
    ok = false;
    CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, NULL, 0, NULL, NULL, NUM_BLOBS,
                                              &s) == C_KZG_OK &&
          ok);
    /* NULL arrays are allowed for zero counts only: the shared index list
     * has its own count. */
    ok = true;
    CHECK(fastkzg_verify_cells_shared_indices(&ok, NULL, NULL, 3, NULL, NULL, 0, &s) ==
              C_KZG_BADARGS &&
          !ok);
    CHECK(fastkzg_recover_cells_batch(NULL, NULL, 64, NULL, 0, &s) == C_KZG_BADARGS);
    /* No blobs, but settings are still required. */
    CHECK(fastkzg_compute_cells_batch(NULL, NULL, 0, NULL) == C_KZG_BADARGS);

    /* NULL pointers with num_blobs > 0 (and NULL settings). */
    mark(out_cells, sizeof out_cells);
    mark(out_proofs, sizeof out_proofs);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, NULL, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs, NUM_BLOBS,
                                                     NULL) == C_KZG_BADARGS);
    CHECK(fastkzg_recover_cells_batch(NULL, odd, 64, kept, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_recover_cells_batch(out_cells, NULL, 64, kept, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, NULL, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, NUM_BLOBS, NULL) == C_KZG_BADARGS);
    CHECK(marked(out_cells, sizeof out_cells) && marked(out_proofs, sizeof out_proofs));
    {
        const Blob *bl[4] = {NULL, blobs, blobs, blobs};
        const Bytes48 *cs[4] = {commitments, NULL, commitments, commitments};
        const Bytes48 *ps[4] = {proofs, proofs, NULL, proofs};
        const KZGSettings *ss[4] = {&s, &s, &s, NULL};
        for (int i = 0; i < 4; i++) {
            ok = true;
            CHECK(fastkzg_verify_blob_cell_proofs(&ok, bl[i], cs[i], ps[i], NUM_BLOBS, ss[i]) ==
                      C_KZG_BADARGS &&
                  !ok);
        }
    }
    {
        const Bytes48 *cs[5] = {NULL, commitments, commitments, commitments, commitments};
        const uint64_t *ix[5] = {shared, NULL, shared, shared, shared};
        const Cell *ce[5] = {sc, sc, NULL, sc, sc};
        const Bytes48 *ps[5] = {sp, sp, sp, NULL, sp};
        const KZGSettings *ss[5] = {&s, &s, &s, &s, NULL};
        for (int i = 0; i < 5; i++) {
            ok = true;
            CHECK(fastkzg_verify_cells_shared_indices(&ok, cs[i], ix[i], 3, ce[i], ps[i], NUM_BLOBS,
                                                      ss[i]) == C_KZG_BADARGS &&
                  !ok);
        }
        CHECK(fastkzg_verify_cells_shared_indices(NULL, commitments, shared, 3, sc, sp, NUM_BLOBS,
                                                  &s) == C_KZG_BADARGS);
    }

    /*
     * Counts whose products, or the byte sizes of those products, overflow:
     * C_KZG_BADARGS before any array is read (every array here is far
     * shorter than the counts claim, so a read would run off its end).
     * num_blobs: n * CELLS_PER_EXT_BLOB overflows 64 bits, or its cells' or
     * the blobs' byte size overflows. num_indices (3 blobs): n * 3 overflows,
     * or the byte size of that many cells does.
     */
    {
        const uint64_t huge_blobs[4] = {UINT64_MAX, UINT64_MAX / CELLS_PER_EXT_BLOB + 1,
                                        (uint64_t)1 << 50, (uint64_t)1 << 46};
        const uint64_t huge_indices[2] = {UINT64_MAX, UINT64_MAX / CELLS_PER_EXT_BLOB + 1};
        mark(out_cells, sizeof out_cells);
        mark(out_proofs, sizeof out_proofs);
        for (int i = 0; i < 4; i++) {
            uint64_t n = huge_blobs[i];
            CHECK(fastkzg_compute_cells_batch(out_cells, blobs, n, &s) == C_KZG_BADARGS);
            CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs, n, &s) ==
                  C_KZG_BADARGS);
            CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, out_proofs, blobs, n, &s) ==
                  C_KZG_BADARGS);
            CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, n, &s) == C_KZG_BADARGS);
            ok = true;
            CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, n, &s) ==
                      C_KZG_BADARGS &&
                  !ok);
            ok = true;
            CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 128, sc, sp, n, &s) ==
                      C_KZG_BADARGS &&
                  !ok);
        }
        for (int i = 0; i < 2; i++) {
            uint64_t n = huge_indices[i];
            ok = true;
            CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, n, sc, sp, NUM_BLOBS,
                                                      &s) == C_KZG_BADARGS &&
                  !ok);
            CHECK(fastkzg_recover_cells_batch(out_cells, odd, n, kept, NUM_BLOBS, &s) ==
                  C_KZG_BADARGS);
        }
        CHECK(marked(out_cells, sizeof out_cells) && marked(out_proofs, sizeof out_proofs));
    }

    /*
     * One bad commitment, cell or proof anywhere in the batch: the
     * composition (verify_cell_kzg_proof_batch over the flattened lists)
     * rejects it, and so does the batch call.
     */
    {
        static const uint8_t not_a_point[48] = {0x13, 0x13, 0x13, 0x13};
        for (int b = 0; b < NUM_BLOBS; b++) {
            Bytes48 saved_c = commitments[b];
            memcpy(commitments[b].bytes, not_a_point, 48);
            ok = ok2 = true;
            CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp,
                                                      NUM_BLOBS, &s) == C_KZG_BADARGS &&
                  !ok);
            CHECK(flat_verify(&ok2, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) ==
                  C_KZG_BADARGS);
            ok = ok2 = true;
            CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
                      C_KZG_BADARGS &&
                  !ok);
            CHECK(flat_blob_verify(&ok2, blobs, commitments, proofs, NUM_BLOBS, &s) ==
                  C_KZG_BADARGS);
            commitments[b] = saved_c;
            for (int i = 0; i < 3; i++) {
                int at = b * 3 + i;
                Bytes48 saved_p = sp[at];
                memcpy(sp[at].bytes, not_a_point, 48);
                ok = true;
                CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp,
                                                          NUM_BLOBS, &s) == C_KZG_BADARGS &&
                      !ok);
                CHECK(flat_verify(&ok2, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) ==
                      C_KZG_BADARGS);
                sp[at] = saved_p;
                Cell saved_cell = sc[at];
                memset(sc[at].bytes + 32 * i, 0xff, 32); /* non-canonical */
                ok = true;
                CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp,
                                                          NUM_BLOBS, &s) == C_KZG_BADARGS &&
                      !ok);
                CHECK(flat_verify(&ok2, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) ==
                      C_KZG_BADARGS);
                /* The same cell kept for recovery. */
                Cell saved_kept = kept[b * 64 + 21 * i];
                memset(kept[b * 64 + 21 * i].bytes, 0xff, 32);
                mark(out_cells, sizeof out_cells);
                CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, NUM_BLOBS, &s) ==
                      C_KZG_BADARGS);
                CHECK(recover_cells_and_kzg_proofs(flat_cells, NULL, odd, &kept[b * 64], 64, &s) ==
                      C_KZG_BADARGS);
                CHECK(marked(out_cells, sizeof out_cells));
                kept[b * 64 + 21 * i] = saved_kept;
                sc[at] = saved_cell;
            }
            /* An invalid cell proof at the first and the last position. */
            for (int i = 0; i < 2; i++) {
                int at = b * CELLS_PER_EXT_BLOB + i * (CELLS_PER_EXT_BLOB - 1);
                Bytes48 saved_p = proofs[at];
                memcpy(proofs[at].bytes, not_a_point, 48);
                ok = true;
                CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS,
                                                      &s) == C_KZG_BADARGS &&
                      !ok);
                CHECK(flat_blob_verify(&ok2, blobs, commitments, proofs, NUM_BLOBS, &s) ==
                      C_KZG_BADARGS);
                proofs[at] = saved_p;
            }
            /* A non-canonical blob b: every blob call rejects it, outputs untouched. */
            uint8_t saved_byte = blobs[b].bytes[32 * 4095];
            blobs[b].bytes[32 * 4095] = 0x80;
            mark(out_cells, sizeof out_cells);
            mark(out_proofs, sizeof out_proofs);
            CHECK(fastkzg_compute_cells_batch(out_cells, blobs, NUM_BLOBS, &s) == C_KZG_BADARGS);
            CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs,
                                                             NUM_BLOBS, &s) == C_KZG_BADARGS);
            CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, out_proofs, blobs, NUM_BLOBS,
                                                             &s) == C_KZG_BADARGS);
            CHECK(compute_cells_and_kzg_proofs(flat_cells, NULL, &blobs[b], &s) == C_KZG_BADARGS);
            CHECK(marked(out_cells, sizeof out_cells) && marked(out_proofs, sizeof out_proofs));
            ok = true;
            CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
                      C_KZG_BADARGS &&
                  !ok);
            blobs[b].bytes[32 * 4095] = saved_byte;
        }
        /* Everything restored: valid again. */
        ok = false;
        CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
                  C_KZG_OK &&
              ok);
        ok = false;
        CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp, NUM_BLOBS,
                                                  &s) == C_KZG_OK &&
              ok);
    }

    /*
     * Wrong (valid) inputs: a verdict, and the composition's. Duplicate
     * shared indices are allowed as in verify_cell_kzg_proof_batch; a wrong
     * cell at one of the duplicates makes it false.
     */
    {
        ok = ok2 = false;
        CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp, NUM_BLOBS,
                                                  &s) == C_KZG_OK &&
              flat_verify(&ok2, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) == C_KZG_OK && ok &&
              ok2);
        Cell saved_cell = sc[2 * 3 + 2];
        sc[2 * 3 + 2] = cells[2 * CELLS_PER_EXT_BLOB + 8];
        ok = ok2 = true;
        CHECK(fastkzg_verify_cells_shared_indices(&ok, commitments, shared, 3, sc, sp, NUM_BLOBS,
                                                  &s) == C_KZG_OK &&
              flat_verify(&ok2, commitments, shared, 3, sc, sp, NUM_BLOBS, &s) == C_KZG_OK && !ok &&
              !ok2);
        sc[2 * 3 + 2] = saved_cell;
        /* Blob 1 given blob 0's commitment. */
        Bytes48 saved_c = commitments[1];
        commitments[1] = commitments[0];
        ok = ok2 = true;
        CHECK(fastkzg_verify_blob_cell_proofs(&ok, blobs, commitments, proofs, NUM_BLOBS, &s) ==
                  C_KZG_OK &&
              flat_blob_verify(&ok2, blobs, commitments, proofs, NUM_BLOBS, &s) == C_KZG_OK &&
              !ok && !ok2);
        commitments[1] = saved_c;
    }

    /* Recovery: no indices, too many, an index >= 128 first. */
    static uint64_t many[CELLS_PER_EXT_BLOB + 1];
    for (int i = 0; i <= CELLS_PER_EXT_BLOB; i++) many[i] = i;
    mark(out_cells, sizeof out_cells);
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 0, kept, NUM_BLOBS, &s) == C_KZG_BADARGS);
    CHECK(fastkzg_recover_cells_batch(out_cells, many, CELLS_PER_EXT_BLOB + 1, kept, 1, &s) ==
          C_KZG_BADARGS);
    memcpy(bad_idx, odd, sizeof bad_idx);
    bad_idx[0] = 1000;
    CHECK(fastkzg_recover_cells_batch(out_cells, bad_idx, 64, kept, NUM_BLOBS, &s) ==
          C_KZG_BADARGS);
    CHECK(marked(out_cells, sizeof out_cells));

    free_trusted_setup(&s);
    printf("batch: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
