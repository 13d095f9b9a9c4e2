/*
 * test_abi: threads, aliased outputs and small stacks.
 */

#include "abi.h"

#include <pthread.h>

/* ------------------------------------------------------------------------ */
/* Threads                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct {
    const KZGSettings *s;
    const Results *r;
    int index;
    int passed;
} ThreadArg;

static void *thread_main(void *p) {
    ThreadArg *a = p;
    int i = a->index % NUM_BLOBS;
    KZGCommitment c;
    bool ok = false, batch_ok = false;
    a->passed = blob_to_kzg_commitment(&c, &blobs[i], a->s) == C_KZG_OK &&
                memcmp(c.bytes, a->r->commitment[i].bytes, 48) == 0 &&
                verify_blob_kzg_proof(&ok, &blobs[i], &c, &a->r->blob_proof[i], a->s) == C_KZG_OK && ok &&
                verify_blob_kzg_proof_batch(&batch_ok, blobs, a->r->commitment, a->r->blob_proof, NUM_BLOBS, a->s) ==
                    C_KZG_OK &&
                batch_ok;

    /* The opening at z and the blob proof. */
    KZGProof pz;
    Bytes32 y;
    bool z_ok = false;
    a->passed = a->passed && compute_kzg_proof(&pz, &y, &blobs[i], &zs[i], a->s) == C_KZG_OK &&
                memcmp(pz.bytes, a->r->proof_at_z[i].bytes, 48) == 0 &&
                memcmp(y.bytes, a->r->y[i].bytes, 32) == 0 &&
                verify_kzg_proof(&z_ok, &c, &zs[i], &y, &pz, a->s) == C_KZG_OK && z_ok &&
                compute_blob_kzg_proof(&pz, &blobs[i], &c, a->s) == C_KZG_OK &&
                memcmp(pz.bytes, a->r->blob_proof[i].bytes, 48) == 0;

    /* Cells, and a column of the blobs with proofs. */
    Cell *cells = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    a->passed = a->passed && cells != NULL && compute_cells_and_kzg_proofs(cells, NULL, &blobs[i], a->s) == C_KZG_OK &&
                memcmp(cells, ext[i].cells, CELLS_PER_EXT_BLOB * sizeof(Cell)) == 0;
    /* Cells with proofs and recovery from the upper half, for blob 0 (the
       one whose proofs the quick run computes). */
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof(KZGProof));
    Cell *recovered = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    a->passed = a->passed && proofs != NULL && recovered != NULL &&
                compute_cells_and_kzg_proofs(cells, proofs, &blobs[0], a->s) == C_KZG_OK &&
                memcmp(proofs, ext[0].proofs, sizeof ext[0].proofs) == 0 &&
                recover_cells_and_kzg_proofs(
                    recovered, proofs, all_indices + CELLS_PER_BLOB, ext[0].cells + CELLS_PER_BLOB, CELLS_PER_BLOB, a->s
                ) == C_KZG_OK &&
                memcmp(recovered, ext[0].cells, sizeof ext[0].cells) == 0 &&
                memcmp(proofs, ext[0].proofs, sizeof ext[0].proofs) == 0;
    free(recovered);
    free(proofs);
    free(cells);
    uint64_t column = (uint64_t)(a->index * 37) % CELLS_PER_EXT_BLOB, idx[NUM_BLOBS];
    Cell col_cells[NUM_BLOBS];
    KZGProof col_proofs[NUM_BLOBS];
    for (int b = 0; b < num_ext_proofs; b++) {
        idx[b] = column;
        col_cells[b] = ext[b].cells[column];
        col_proofs[b] = ext[b].proofs[column];
    }
    bool cells_ok = false;
    a->passed = a->passed &&
                verify_cell_kzg_proof_batch(
                    &cells_ok, a->r->commitment, idx, col_cells, col_proofs, (uint64_t)num_ext_proofs, a->s
                ) == C_KZG_OK &&
                cells_ok;
    return NULL;
}

void test_threads(const KZGSettings *s, const Results *r) {
    pthread_t threads[NUM_THREADS];
    ThreadArg args[NUM_THREADS];
    for (int t = 0; t < NUM_THREADS; t++) {
        args[t] = (ThreadArg){s, r, t, 0};
        CHECK(pthread_create(&threads[t], NULL, thread_main, &args[t]) == 0);
    }
    for (int t = 0; t < NUM_THREADS; t++) {
        CHECK(pthread_join(threads[t], NULL) == 0);
        CHECK(args[t].passed);
    }
}

/* ------------------------------------------------------------------------ */
/* Outputs that alias inputs                                                */
/* ------------------------------------------------------------------------ */

/* Every input is read before any output is written, so a caller may hand
   the same memory in and out. Needs ext[0] with its proofs. */
void test_aliasing(const KZGSettings *s, const Results *r) {
    /* y written over z. */
    Bytes32 zy = zs[0];
    KZGProof p;
    CHECK_RET(compute_kzg_proof(&p, &zy, &blobs[0], &zy, s), C_KZG_OK);
    CHECK(memcmp(p.bytes, r->proof_at_z[0].bytes, 48) == 0);
    CHECK(memcmp(zy.bytes, r->y[0].bytes, 32) == 0);
    /* The blob proof written over the commitment it was asked for. */
    KZGCommitment cp = r->commitment[1];
    CHECK_RET(compute_blob_kzg_proof(&cp, &blobs[1], &cp, s), C_KZG_OK);
    CHECK(memcmp(cp.bytes, r->blob_proof[1].bytes, 48) == 0);
    /* A commitment written over the first bytes of its own blob. */
    Blob *b = malloc(sizeof(Blob));
    memcpy(b, &blobs[0], sizeof(Blob));
    CHECK_RET(blob_to_kzg_commitment((KZGCommitment *)b->bytes, b, s), C_KZG_OK);
    CHECK(memcmp(b->bytes, r->commitment[0].bytes, 48) == 0);
    free(b);

    Cell *buf = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof(KZGProof));
    /* Cells written over the blob they come from. */
    memcpy(buf, blobs[0].bytes, BYTES_PER_BLOB);
    CHECK_RET(compute_cells_and_kzg_proofs(buf, proofs, (const Blob *)buf, s), C_KZG_OK);
    CHECK(memcmp(buf, ext[0].cells, sizeof ext[0].cells) == 0);
    CHECK(memcmp(proofs, ext[0].proofs, sizeof ext[0].proofs) == 0);
    /* Recovery into the array that holds its input cells (the odd cells
       in the first 64 slots), with the proofs written over the indices. */
    uint64_t *idx = (uint64_t *)proofs;
    Cell *odd = malloc(CELLS_PER_BLOB * sizeof(Cell));
    for (int k = 0; k < CELLS_PER_BLOB; k++) {
        odd[k] = ext[0].cells[2 * k + 1];
    }
    memcpy(buf, odd, CELLS_PER_BLOB * sizeof(Cell));
    for (int k = 0; k < CELLS_PER_BLOB; k++) idx[k] = (uint64_t)(2 * k + 1);
    CHECK_RET(recover_cells_and_kzg_proofs(buf, proofs, idx, buf, CELLS_PER_BLOB, s), C_KZG_OK);
    CHECK(memcmp(buf, ext[0].cells, sizeof ext[0].cells) == 0);
    CHECK(memcmp(proofs, ext[0].proofs, sizeof ext[0].proofs) == 0);
    free(odd);
    free(buf);
    free(proofs);
}

/* ------------------------------------------------------------------------ */
/* Small stacks                                                             */
/* ------------------------------------------------------------------------ */

typedef struct {
    const KZGSettings *s;
    const Results *r;
    int passed;
} StackArg;

/* Every function once, from a thread with a 256 KiB stack (large buffers on
   the heap; c-kzg #611 overflowed such a stack at high precompute). */
static void *small_stack_main(void *p) {
    StackArg *a = p;
    const KZGSettings *s = a->s;
    const Results *r = a->r;
    KZGCommitment c;
    KZGProof proof;
    Bytes32 y;
    bool ok1 = false, ok2 = false, ok3 = false, ok4 = false;
    Cell *cells = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof(KZGProof));
    KZGCommitment *cs = malloc(CELLS_PER_EXT_BLOB * sizeof(KZGCommitment));
    int passed = cells != NULL && proofs != NULL && cs != NULL;
    passed = passed && blob_to_kzg_commitment(&c, &blobs[0], s) == C_KZG_OK &&
             memcmp(c.bytes, r->commitment[0].bytes, 48) == 0;
    passed = passed && compute_kzg_proof(&proof, &y, &blobs[0], &zs[0], s) == C_KZG_OK &&
             memcmp(proof.bytes, r->proof_at_z[0].bytes, 48) == 0;
    passed = passed && verify_kzg_proof(&ok1, &c, &zs[0], &y, &proof, s) == C_KZG_OK && ok1;
    passed = passed && compute_blob_kzg_proof(&proof, &blobs[0], &c, s) == C_KZG_OK &&
             verify_blob_kzg_proof(&ok2, &blobs[0], &c, &proof, s) == C_KZG_OK && ok2;
    passed = passed && verify_blob_kzg_proof_batch(&ok3, blobs, r->commitment, r->blob_proof, 2, s) == C_KZG_OK && ok3;
    passed = passed && compute_cells_and_kzg_proofs(cells, proofs, &blobs[0], s) == C_KZG_OK &&
             memcmp(cells, ext[0].cells, sizeof ext[0].cells) == 0 &&
             memcmp(proofs, ext[0].proofs, sizeof ext[0].proofs) == 0;
    if (passed) {
        fill_commitments(cs, &c, CELLS_PER_EXT_BLOB);
        passed = verify_cell_kzg_proof_batch(&ok4, cs, all_indices, cells, proofs, CELLS_PER_EXT_BLOB, s) ==
                     C_KZG_OK &&
                 ok4;
        /* Recovery from the even cells. */
        uint64_t even[CELLS_PER_BLOB];
        for (int k = 0; k < CELLS_PER_BLOB; k++) {
            even[k] = (uint64_t)(2 * k);
            cells[k] = ext[0].cells[2 * k];
        }
        Cell *out = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
        passed = passed && out != NULL &&
                 recover_cells_and_kzg_proofs(out, proofs, even, cells, CELLS_PER_BLOB, s) == C_KZG_OK &&
                 memcmp(out, ext[0].cells, sizeof ext[0].cells) == 0 &&
                 memcmp(proofs, ext[0].proofs, sizeof ext[0].proofs) == 0;
        free(out);
    }
    free(cells);
    free(proofs);
    free(cs);
    a->passed = passed;
    return NULL;
}

void test_small_stack(const KZGSettings *s, const Results *r) {
    pthread_attr_t attr;
    CHECK(pthread_attr_init(&attr) == 0);
    CHECK(pthread_attr_setstacksize(&attr, 256 * 1024) == 0);
    StackArg arg = {s, r, 0};
    pthread_t t;
    CHECK(pthread_create(&t, &attr, small_stack_main, &arg) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(arg.passed);
    pthread_attr_destroy(&attr);
}
