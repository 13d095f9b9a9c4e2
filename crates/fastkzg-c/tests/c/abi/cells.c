/*
 * test_abi: the EIP-7594 cell functions and the challenges of fastkzg.h.
 */

#include "abi.h"

/* ------------------------------------------------------------------------ */
/* EIP-7594: cells                                                          */
/* ------------------------------------------------------------------------ */

/* CELLS_PER_BLOB distinct random indices in ascending order. */
static void random_half(uint64_t *out, uint64_t seed) {
    bool chosen[CELLS_PER_EXT_BLOB] = {false};
    uint64_t state = seed;
    for (int picked = 0; picked < CELLS_PER_BLOB;) {
        uint64_t j = splitmix64(&state) % CELLS_PER_EXT_BLOB;
        if (!chosen[j]) {
            chosen[j] = true;
            picked++;
        }
    }
    for (uint64_t i = 0, k = 0; i < CELLS_PER_EXT_BLOB; i++)
        if (chosen[i]) out[k++] = i;
}

/* The challenges of fastkzg.h: known answers from the reference tests, the
   blob proof opening at the blob's challenge, and argument checks. */
void test_challenges(const KZGSettings *s, const Results *r) {
    /* compute_challenge_case_valid_0: the zero blob and the point at
       infinity. */
    static const uint8_t zero_blob_challenge[32] = {
        0x04, 0xb7, 0xb2, 0x2a, 0xf6, 0x3d, 0x2b, 0x2f, 0x1c, 0xed, 0x8d, 0x55, 0x05, 0x60, 0xe5, 0xd1,
        0xe4, 0xb0, 0x1e, 0x35, 0x59, 0x03, 0xde, 0xe2, 0x27, 0x81, 0xe8, 0x78, 0x26, 0x85, 0x60, 0x96,
    };
    /* compute_verify_cell_kzg_proof_batch_challenge_case_empty. */
    static const uint8_t empty_batch_challenge[32] = {
        0x16, 0x68, 0x9b, 0x8c, 0x72, 0x55, 0xc0, 0x93, 0xa9, 0x6a, 0x89, 0x1e, 0x5f, 0x71, 0xda, 0x9b,
        0x08, 0xf7, 0x86, 0x5f, 0xc0, 0xc3, 0xae, 0xb5, 0x6d, 0x9a, 0x48, 0x51, 0xf5, 0xec, 0x11, 0xc2,
    };
    Blob *zero = calloc(1, sizeof(Blob));
    Bytes48 infinity;
    memset(infinity.bytes, 0, 48);
    infinity.bytes[0] = 0xc0;
    Bytes32 ch, ch2;
    CHECK_RET(fastkzg_compute_challenge(&ch, zero, &infinity), C_KZG_OK);
    CHECK(memcmp(ch.bytes, zero_blob_challenge, 32) == 0);
    free(zero);

    /* compute_blob_kzg_proof opens the blob at its challenge. */
    for (int i = 0; i < 2; i++) {
        KZGProof p;
        Bytes32 y;
        CHECK_RET(fastkzg_compute_challenge(&ch, &blobs[i], &r->commitment[i]), C_KZG_OK);
        CHECK_RET(compute_kzg_proof(&p, &y, &blobs[i], &ch, s), C_KZG_OK);
        CHECK(memcmp(p.bytes, r->blob_proof[i].bytes, 48) == 0);
    }
    /* Another commitment, another challenge; NULL pointers refused. */
    CHECK_RET(fastkzg_compute_challenge(&ch2, &blobs[1], &r->commitment[0]), C_KZG_OK);
    CHECK(memcmp(ch.bytes, ch2.bytes, 32) != 0);
    CHECK_BADARGS(fastkzg_compute_challenge(NULL, &blobs[0], &r->commitment[0]));
    CHECK_BADARGS(fastkzg_compute_challenge(&out32, NULL, &r->commitment[0]));
    CHECK_BADARGS(fastkzg_compute_challenge(&out32, &blobs[0], NULL));

    /* The batch challenge: empty (NULL arrays), then three cells of two
       blobs, whose challenge depends on every input. */
    CHECK_RET(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&ch, NULL, 0, NULL, NULL, NULL, NULL, 0), C_KZG_OK);
    CHECK(memcmp(ch.bytes, empty_batch_challenge, 32) == 0);
    const uint64_t ci[3] = {0, 1, 0}, xi[3] = {4, 4, 9};
    Cell *cells = malloc(3 * sizeof(Cell));
    KZGProof ps[3];
    cells[0] = ext[0].cells[4];
    cells[1] = ext[1].cells[4];
    cells[2] = ext[0].cells[9];
    ps[0] = ext[0].proofs[4];
    ps[1] = ext[0].proofs[5];
    ps[2] = ext[0].proofs[9];
    const Bytes48 *cs = r->commitment;
    CHECK_RET(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&ch, cs, 2, ci, xi, cells, ps, 3), C_KZG_OK);
    CHECK_RET(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&ch2, cs, 2, ci, xi, cells, ps, 3), C_KZG_OK);
    CHECK(memcmp(ch.bytes, ch2.bytes, 32) == 0);
    CHECK_RET(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&ch2, cs, 2, ci, xi, cells, ps, 2), C_KZG_OK);
    CHECK(memcmp(ch.bytes, ch2.bytes, 32) != 0);
    CHECK_RET(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&ch2, cs, 3, ci, xi, cells, ps, 3), C_KZG_OK);
    CHECK(memcmp(ch.bytes, ch2.bytes, 32) != 0);
    CHECK_RET(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&ch2, cs, 2, xi, ci, cells, ps, 3), C_KZG_OK);
    CHECK(memcmp(ch.bytes, ch2.bytes, 32) != 0);

    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(NULL, cs, 2, ci, xi, cells, ps, 3));
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, NULL, 2, ci, xi, cells, ps, 3));
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, cs, 2, NULL, xi, cells, ps, 3));
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, cs, 2, ci, NULL, cells, ps, 3));
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, cs, 2, ci, xi, NULL, ps, 3));
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, cs, 2, ci, xi, cells, NULL, 3));
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, cs, 2, ci, xi, cells, ps, UINT64_MAX));
    /* A cell element equal to the modulus is not a field element. */
    memcpy(cells[2].bytes + 17 * 32, BLS_MODULUS, 32);
    CHECK_BADARGS(fastkzg_compute_verify_cell_kzg_proof_batch_challenge(&out32, cs, 2, ci, xi, cells, ps, 3));
    free(cells);
}

/* Fills ext (cells of every blob; proofs of the first blobs, all of them in
   the full run) and checks the three ways to call
   compute_cells_and_kzg_proofs against each other. */
void test_compute_cells(const KZGSettings *s, int quick) {
    Extended *tmp = malloc(sizeof(Extended));

    /* Cells only (proofs == NULL). The first CELLS_PER_BLOB cells are the
       blob itself. */
    for (int i = 0; i < NUM_BLOBS; i++) {
        CHECK_RET(compute_cells_and_kzg_proofs(ext[i].cells, NULL, &blobs[i], s), C_KZG_OK);
        CHECK(memcmp(ext[i].cells, blobs[i].bytes, BYTES_PER_BLOB) == 0);
    }
    CHECK(memcmp(ext[0].cells[CELLS_PER_BLOB].bytes, ext[1].cells[CELLS_PER_BLOB].bytes, BYTES_PER_CELL) != 0);

    /* The zero blob extends to zero cells. */
    Blob *zero = calloc(1, sizeof(Blob));
    memset(tmp->cells, 0x11, sizeof tmp->cells);
    CHECK_RET(compute_cells_and_kzg_proofs(tmp->cells, NULL, zero, s), C_KZG_OK);
    CHECK(all_bytes(tmp->cells, sizeof tmp->cells, 0));
    free(zero);

    /* Cells and proofs: the same cells. The first call builds the FK20
       tables (a few seconds). */
    num_ext_proofs = quick ? 1 : NUM_BLOBS;
    for (int i = 0; i < num_ext_proofs; i++) {
        memset(tmp->cells, 0, sizeof tmp->cells);
        CHECK_RET(compute_cells_and_kzg_proofs(tmp->cells, ext[i].proofs, &blobs[i], s), C_KZG_OK);
        CHECK(memcmp(tmp->cells, ext[i].cells, sizeof tmp->cells) == 0);
    }

    /* Proofs only (cells == NULL): the same proofs. */
    if (!quick) {
        memset(tmp->proofs, 0, sizeof tmp->proofs);
        CHECK_RET(compute_cells_and_kzg_proofs(NULL, tmp->proofs, &blobs[1], s), C_KZG_OK);
        CHECK(memcmp(tmp->proofs, ext[1].proofs, sizeof tmp->proofs) == 0);
    }

    /* Both NULL: nothing to compute. */
    CHECK_RET(compute_cells_and_kzg_proofs(NULL, NULL, &blobs[0], s), C_KZG_BADARGS);
    free(tmp);
}

/* Whether all cells and proofs of an extension verify against c. */
int blob_cells_verify(const KZGSettings *s, const KZGCommitment *c, const Extended *e) {
    Bytes48 cs[CELLS_PER_EXT_BLOB];
    fill_commitments(cs, c, CELLS_PER_EXT_BLOB);
    bool ok = false;
    C_KZG_RET ret = verify_cell_kzg_proof_batch(&ok, cs, all_indices, e->cells, e->proofs, CELLS_PER_EXT_BLOB, s);
    return ret == C_KZG_OK && ok;
}

void test_recover_cells(const KZGSettings *s, const Results *r, int quick) {
    Extended *tmp = malloc(sizeof(Extended));
    Cell *avail = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    uint64_t idx[CELLS_PER_EXT_BLOB];

    /* From a random half of blob 1's cells: all cells and proofs. In the
       quick run these are blob 1's only proofs; they are checked against
       its commitment. */
    random_half(idx, 77);
    for (int k = 0; k < CELLS_PER_BLOB; k++) avail[k] = ext[1].cells[idx[k]];
    memset(tmp, 0, sizeof *tmp);
    CHECK_RET(recover_cells_and_kzg_proofs(tmp->cells, tmp->proofs, idx, avail, CELLS_PER_BLOB, s), C_KZG_OK);
    CHECK(memcmp(tmp->cells, ext[1].cells, sizeof tmp->cells) == 0);
    if (num_ext_proofs > 1) {
        CHECK(memcmp(tmp->proofs, ext[1].proofs, sizeof tmp->proofs) == 0);
    } else {
        memcpy(ext[1].proofs, tmp->proofs, sizeof tmp->proofs);
        num_ext_proofs = 2;
    }
    CHECK(blob_cells_verify(s, &r->commitment[1], &ext[1]));

    /* From exactly the second half of blob 2's cells (the blob itself is
       missing), in place and without proofs. */
    memset(avail, 0x33, CELLS_PER_EXT_BLOB * sizeof(Cell));
    memcpy(avail, &ext[2].cells[CELLS_PER_BLOB], CELLS_PER_BLOB * sizeof(Cell));
    for (int k = 0; k < CELLS_PER_BLOB; k++) idx[k] = CELLS_PER_BLOB + (uint64_t)k;
    CHECK_RET(recover_cells_and_kzg_proofs(avail, NULL, idx, avail, CELLS_PER_BLOB, s), C_KZG_OK);
    CHECK(memcmp(avail, ext[2].cells, CELLS_PER_EXT_BLOB * sizeof(Cell)) == 0);

    if (quick) {
        free(avail);
        free(tmp);
        return;
    }

    /* From all cells: nothing is missing. */
    memset(tmp, 0, sizeof *tmp);
    CHECK_RET(
        recover_cells_and_kzg_proofs(tmp->cells, tmp->proofs, all_indices, ext[3].cells, CELLS_PER_EXT_BLOB, s), C_KZG_OK
    );
    CHECK(memcmp(tmp, &ext[3], sizeof *tmp) == 0);

    /* Cells of two blobs: blob 0's first half and cell 100 of blob 3. As in
       the spec, the result is the extension of the recovered polynomial cut
       to FIELD_ELEMENTS_PER_BLOB coefficients: its cells and proofs agree
       with each other (they verify against the commitment to its first
       CELLS_PER_BLOB cells) but not with all of the cells given. */
    for (int k = 0; k < CELLS_PER_BLOB; k++) {
        idx[k] = (uint64_t)k;
        avail[k] = ext[0].cells[k];
    }
    idx[CELLS_PER_BLOB] = 100;
    avail[CELLS_PER_BLOB] = ext[3].cells[100];
    CHECK_RET(recover_cells_and_kzg_proofs(tmp->cells, tmp->proofs, idx, avail, CELLS_PER_BLOB + 1, s), C_KZG_OK);
    int differs = 0;
    for (int k = 0; k <= CELLS_PER_BLOB; k++)
        if (memcmp(tmp->cells[idx[k]].bytes, avail[k].bytes, BYTES_PER_CELL) != 0) differs = 1;
    CHECK(differs);
    Blob *cut = malloc(sizeof(Blob));
    memcpy(cut->bytes, tmp->cells, BYTES_PER_BLOB);
    KZGCommitment c;
    CHECK_RET(blob_to_kzg_commitment(&c, cut, s), C_KZG_OK);
    CHECK(blob_cells_verify(s, &c, tmp));
    free(cut);

    free(avail);
    free(tmp);
}

void test_verify_cells(const KZGSettings *s, const Results *r) {
    const int nb = num_ext_proofs;
    const size_t max = (size_t)NUM_BLOBS * CELLS_PER_EXT_BLOB;
    Bytes48 *cs = malloc(max * sizeof(Bytes48));
    uint64_t *idx = malloc(max * sizeof(uint64_t));
    Cell *cells = malloc(max * sizeof(Cell));
    KZGProof *ps = malloc(max * sizeof(KZGProof));
    bool ok;

    /* Every cell of a blob. */
    for (int b = 0; b < nb; b++) CHECK(blob_cells_verify(s, &r->commitment[b], &ext[b]));

    /* A tampered cell. */
    Extended *tmp = malloc(sizeof(Extended));
    memcpy(tmp, &ext[0], sizeof *tmp);
    tmp->cells[5].bytes[3 * BYTES_PER_FIELD_ELEMENT + 31] ^= 1;
    CHECK(!blob_cells_verify(s, &r->commitment[0], tmp));
    /* Two proofs swapped. */
    memcpy(tmp, &ext[0], sizeof *tmp);
    tmp->proofs[7] = ext[0].proofs[8];
    tmp->proofs[8] = ext[0].proofs[7];
    CHECK(!blob_cells_verify(s, &r->commitment[0], tmp));
    free(tmp);

    /* Single cells: right, at the wrong index, with another blob's
       commitment, with the point at infinity as the proof. */
    const uint64_t some[] = {0, 5, 63, 64, 127};
    for (size_t i = 0; i < sizeof some / sizeof some[0]; i++) {
        uint64_t k = some[i], wrong = (k + 1) % CELLS_PER_EXT_BLOB;
        ok = false;
        CHECK_RET(verify_cell_kzg_proof_batch(&ok, &r->commitment[0], &k, &ext[0].cells[k], &ext[0].proofs[k], 1, s), C_KZG_OK);
        CHECK(ok);
        ok = true;
        CHECK_RET(
            verify_cell_kzg_proof_batch(&ok, &r->commitment[0], &wrong, &ext[0].cells[k], &ext[0].proofs[k], 1, s),
            C_KZG_OK
        );
        CHECK(!ok);
        ok = true;
        CHECK_RET(verify_cell_kzg_proof_batch(&ok, &r->commitment[1], &k, &ext[0].cells[k], &ext[0].proofs[k], 1, s), C_KZG_OK);
        CHECK(!ok);
    }
    Bytes48 inf = {{0}};
    inf.bytes[0] = 0xc0;
    ok = true;
    CHECK_RET(verify_cell_kzg_proof_batch(&ok, &r->commitment[0], &all_indices[9], &ext[0].cells[9], &inf, 1, s), C_KZG_OK);
    CHECK(!ok);

    /* A column: the cells with one index of several blobs. */
    const uint64_t columns[] = {7, 100};
    for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++) {
        for (int b = 0; b < nb; b++) {
            cs[b] = r->commitment[b];
            idx[b] = columns[i];
            cells[b] = ext[b].cells[columns[i]];
            ps[b] = ext[b].proofs[columns[i]];
        }
        ok = false;
        CHECK_RET(verify_cell_kzg_proof_batch(&ok, cs, idx, cells, ps, (uint64_t)nb, s), C_KZG_OK);
        CHECK(ok);
        /* Proofs of two blobs swapped. */
        ps[0] = ext[1].proofs[columns[i]];
        ps[1] = ext[0].proofs[columns[i]];
        ok = true;
        CHECK_RET(verify_cell_kzg_proof_batch(&ok, cs, idx, cells, ps, (uint64_t)nb, s), C_KZG_OK);
        CHECK(!ok);
    }

    /* Every cell of every blob in one batch, column by column. */
    size_t n = 0;
    for (int k = CELLS_PER_EXT_BLOB - 1; k >= 0; k--) {
        for (int b = 0; b < nb; b++, n++) {
            cs[n] = r->commitment[b];
            idx[n] = (uint64_t)k;
            cells[n] = ext[b].cells[k];
            ps[n] = ext[b].proofs[k];
        }
    }
    ok = false;
    CHECK_RET(verify_cell_kzg_proof_batch(&ok, cs, idx, cells, ps, n, s), C_KZG_OK);
    CHECK(ok);

    /* The same cell three times. */
    for (int i = 0; i < 3; i++) {
        cs[i] = r->commitment[0];
        idx[i] = 42;
        cells[i] = ext[0].cells[42];
        ps[i] = ext[0].proofs[42];
    }
    ok = false;
    CHECK_RET(verify_cell_kzg_proof_batch(&ok, cs, idx, cells, ps, 3, s), C_KZG_OK);
    CHECK(ok);

    /* No cells: valid, and the arrays may be NULL. */
    ok = false;
    CHECK_RET(verify_cell_kzg_proof_batch(&ok, NULL, NULL, NULL, NULL, 0, s), C_KZG_OK);
    CHECK(ok);

    free(cs);
    free(idx);
    free(cells);
    free(ps);
}

void test_bad_cells(const KZGSettings *s, const Results *r) {
    const Blob *b = &blobs[0];

    /* compute_cells_and_kzg_proofs */
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(NULL, NULL, b, s));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, out_proofs, NULL, s));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, NULL, NULL, s));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(NULL, out_proofs, NULL, s));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, out_proofs, b, NULL));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(NULL, NULL, NULL, NULL));
    Blob *bad = malloc(sizeof(Blob));
    for (int variant = 0; variant < 2; variant++) {
        memcpy(bad, b, sizeof(Blob));
        if (variant == 0)
            memset(bad->bytes + 7 * 32, 0xff, 32);
        else
            memcpy(bad->bytes + 4095 * 32, BLS_MODULUS, 32);
        CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, out_proofs, bad, s));
        CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, NULL, bad, s));
        CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(NULL, out_proofs, bad, s));
    }
    free(bad);

    /* recover_cells_and_kzg_proofs */
    const Cell *cells = ext[0].cells;
    const uint64_t *all = all_indices;
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(NULL, out_proofs, all, cells, CELLS_PER_BLOB, s));
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, NULL, cells, CELLS_PER_BLOB, s));
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, all, NULL, CELLS_PER_BLOB, s));
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, all, cells, CELLS_PER_BLOB, NULL));
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, NULL, all, cells, CELLS_PER_BLOB, NULL));
    /* Too few or too many cells. The arrays hold CELLS_PER_EXT_BLOB
       elements: larger counts are refused before they are read. */
    const uint64_t counts[] = {0, 1, CELLS_PER_BLOB - 1, CELLS_PER_EXT_BLOB + 1, 1000, UINT64_MAX};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, all, cells, counts[i], s));
        CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, NULL, NULL, counts[i], s));
    }
    /* Indices: a duplicate, out of order, out of range. */
    uint64_t idx[CELLS_PER_EXT_BLOB];
    const int n = CELLS_PER_BLOB + 1;
    for (int variant = 0; variant < 5; variant++) {
        memcpy(idx, all, sizeof idx);
        switch (variant) {
        case 0: idx[10] = idx[9]; break;
        case 1: idx[3] = 4, idx[4] = 3; break;
        case 2: for (int k = 0; k < n; k++) idx[k] = (uint64_t)(n - 1 - k); break;
        case 3: idx[n - 1] = CELLS_PER_EXT_BLOB; break;
        default: idx[n - 1] = UINT64_MAX; break;
        }
        int before = failures;
        CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, idx, cells, (uint64_t)n, s));
        if (failures != before) fprintf(stderr, "      (index variant %d)\n", variant);
    }
    /* Duplicates among all CELLS_PER_EXT_BLOB cells. */
    memcpy(idx, all, sizeof idx);
    idx[CELLS_PER_EXT_BLOB - 1] = CELLS_PER_EXT_BLOB - 2;
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, idx, cells, CELLS_PER_EXT_BLOB, s));
    /* A cell element that is not canonical. */
    Cell *bad_cells = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    for (int variant = 0; variant < 2; variant++) {
        memcpy(bad_cells, cells, CELLS_PER_EXT_BLOB * sizeof(Cell));
        if (variant == 0)
            memset(bad_cells[20].bytes + 5 * 32, 0xff, 32);
        else
            memcpy(bad_cells[CELLS_PER_BLOB - 1].bytes + 63 * 32, BLS_MODULUS, 32);
        CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, out_proofs, all, bad_cells, CELLS_PER_BLOB, s));
        CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, NULL, all, bad_cells, CELLS_PER_EXT_BLOB, s));
    }

    /* verify_cell_kzg_proof_batch, on a batch of four good cells. */
    enum { NV = 4 };
    const uint64_t vidx[NV] = {0, 5, 64, 127};
    Bytes48 cs[NV];
    Cell vcells[NV];
    KZGProof ps[NV];
    fill_commitments(cs, &r->commitment[0], NV);
    for (int i = 0; i < NV; i++) {
        vcells[i] = ext[0].cells[vidx[i]];
        ps[i] = ext[0].proofs[vidx[i]];
    }
    out_ok = false;
    CHECK_RET(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, ps, NV, s), C_KZG_OK);
    CHECK(out_ok);

    CHECK_BADARGS(verify_cell_kzg_proof_batch(NULL, cs, vidx, vcells, ps, NV, s));
    CHECK_BADARGS(verify_cell_kzg_proof_batch(NULL, NULL, NULL, NULL, NULL, 0, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, NULL, vidx, vcells, ps, NV, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, NULL, vcells, ps, NV, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, NULL, ps, NV, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, NULL, NV, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, ps, NV, NULL));

    uint64_t bidx[NV];
    const uint64_t bad_indices[] = {CELLS_PER_EXT_BLOB, 1000, UINT64_MAX};
    for (size_t i = 0; i < sizeof bad_indices / sizeof bad_indices[0]; i++) {
        memcpy(bidx, vidx, sizeof bidx);
        bidx[2] = bad_indices[i];
        CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, bidx, vcells, ps, NV, s));
    }
    /* An entry beyond num_cells is never looked at. */
    memcpy(bidx, vidx, sizeof bidx);
    bidx[3] = UINT64_MAX;
    out_ok = false;
    CHECK_RET(verify_cell_kzg_proof_batch(&out_ok, cs, bidx, vcells, ps, NV - 1, s), C_KZG_OK);
    CHECK(out_ok);

    Cell bcells[NV];
    for (int variant = 0; variant < 2; variant++) {
        memcpy(bcells, vcells, sizeof bcells);
        if (variant == 0)
            memset(bcells[1].bytes + 10 * 32, 0xff, 32);
        else
            memcpy(bcells[3].bytes, BLS_MODULUS, 32);
        CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, bcells, ps, NV, s));
    }

    Bytes48 bcs[NV];
    KZGProof bps[NV];
    for (int i = 0; i < NUM_BAD_G1; i++) {
        int before = failures;
        memcpy(bcs, cs, sizeof bcs);
        bcs[2] = bad_g1[i];
        CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, bcs, vidx, vcells, ps, NV, s));
        memcpy(bps, ps, sizeof bps);
        bps[1] = bad_g1[i];
        CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, bps, NV, s));
        if (failures != before) fprintf(stderr, "      (bad point: %s)\n", bad_g1_name[i]);
    }

    /* Counts whose byte size (num_cells * BYTES_PER_CELL and so on)
       overflows are refused before any read. */
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, ps, UINT64_MAX, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, ps, UINT64_MAX / BYTES_PER_CELL + 1, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, cs, vidx, vcells, ps, UINT64_MAX / 48 + 1, s));
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, NULL, NULL, NULL, NULL, UINT64_MAX, s));

    free(bad_cells);
}
