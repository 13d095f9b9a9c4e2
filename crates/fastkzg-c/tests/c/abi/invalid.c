/*
 * test_abi: invalid arguments (NULL pointers, non-canonical field elements,
 * invalid points, bad batches) and unloaded settings.
 */

#include "abi.h"

/* ------------------------------------------------------------------------ */
/* Invalid inputs                                                           */
/* ------------------------------------------------------------------------ */
/* Every function with `s` as its settings must refuse to run. */
void all_functions_refuse(const KZGSettings *s, const Results *r) {
    CHECK_BADARGS(blob_to_kzg_commitment(&out48, &blobs[0], s));
    CHECK_BADARGS(compute_kzg_proof(&out48, &out32, &blobs[0], &zs[0], s));
    CHECK_BADARGS(compute_blob_kzg_proof(&out48, &blobs[0], &r->commitment[0], s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, &r->commitment[0], &zs[0], &r->y[0], &r->proof_at_z[0], s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, &blobs[0], &r->commitment[0], &r->blob_proof[0], s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, r->commitment, r->blob_proof, NUM_BLOBS, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, NULL, NULL, NULL, 0, s));

    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, out_proofs, &blobs[0], s));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(out_cells, NULL, &blobs[0], s));
    CHECK_CELLS_BADARGS(compute_cells_and_kzg_proofs(NULL, out_proofs, &blobs[0], s));
    CHECK_CELLS_BADARGS(
        recover_cells_and_kzg_proofs(out_cells, out_proofs, all_indices, ext[0].cells, CELLS_PER_EXT_BLOB, s)
    );
    CHECK_CELLS_BADARGS(recover_cells_and_kzg_proofs(out_cells, NULL, all_indices, ext[0].cells, CELLS_PER_BLOB, s));
    Bytes48 cs[CELLS_PER_EXT_BLOB];
    fill_commitments(cs, &r->commitment[0], CELLS_PER_EXT_BLOB);
    CHECK_VERIFY_BADARGS(
        verify_cell_kzg_proof_batch(&out_ok, cs, all_indices, ext[0].cells, ext[0].proofs, CELLS_PER_EXT_BLOB, s)
    );
    CHECK_VERIFY_BADARGS(verify_cell_kzg_proof_batch(&out_ok, NULL, NULL, NULL, NULL, 0, s));
}

void test_null_pointers(const KZGSettings *s, const Results *r) {
    const Blob *b = &blobs[0];
    const KZGCommitment *c = &r->commitment[0];
    const KZGProof *bp = &r->blob_proof[0], *pz = &r->proof_at_z[0];
    const Bytes32 *z = &zs[0], *y = &r->y[0];

    CHECK_BADARGS(blob_to_kzg_commitment(NULL, b, s));
    CHECK_BADARGS(blob_to_kzg_commitment(&out48, NULL, s));
    CHECK_BADARGS(blob_to_kzg_commitment(&out48, b, NULL));

    CHECK_BADARGS(compute_kzg_proof(NULL, &out32, b, z, s));
    CHECK_BADARGS(compute_kzg_proof(&out48, NULL, b, z, s));
    CHECK_BADARGS(compute_kzg_proof(&out48, &out32, NULL, z, s));
    CHECK_BADARGS(compute_kzg_proof(&out48, &out32, b, NULL, s));
    CHECK_BADARGS(compute_kzg_proof(&out48, &out32, b, z, NULL));

    CHECK_BADARGS(compute_blob_kzg_proof(NULL, b, c, s));
    CHECK_BADARGS(compute_blob_kzg_proof(&out48, NULL, c, s));
    CHECK_BADARGS(compute_blob_kzg_proof(&out48, b, NULL, s));
    CHECK_BADARGS(compute_blob_kzg_proof(&out48, b, c, NULL));

    CHECK_BADARGS(verify_kzg_proof(NULL, c, z, y, pz, s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, NULL, z, y, pz, s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, NULL, y, pz, s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, z, NULL, pz, s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, z, y, NULL, s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, z, y, pz, NULL));

    CHECK_BADARGS(verify_blob_kzg_proof(NULL, b, c, bp, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, NULL, c, bp, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, b, NULL, bp, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, b, c, NULL, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, b, c, bp, NULL));

    const KZGCommitment *cs = r->commitment;
    const KZGProof *ps = r->blob_proof;
    CHECK_BADARGS(verify_blob_kzg_proof_batch(NULL, blobs, cs, ps, NUM_BLOBS, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, NULL, cs, ps, NUM_BLOBS, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, NULL, ps, NUM_BLOBS, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, cs, NULL, NUM_BLOBS, s));
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, cs, ps, NUM_BLOBS, NULL));
    CHECK_BADARGS(verify_blob_kzg_proof_batch(NULL, NULL, NULL, NULL, 0, s));
}

void test_bad_field_elements(const KZGSettings *s, const Results *r) {
    Blob *bad = malloc(sizeof(Blob));
    const KZGCommitment *c = &r->commitment[0];
    const KZGProof *bp = &r->blob_proof[0];

    /* Element 7 all 0xff, then element 4095 equal to the modulus. */
    for (int variant = 0; variant < 2; variant++) {
        memcpy(bad, &blobs[0], sizeof(Blob));
        if (variant == 0)
            memset(bad->bytes + 7 * 32, 0xff, 32);
        else
            memcpy(bad->bytes + 4095 * 32, BLS_MODULUS, 32);
        CHECK_BADARGS(blob_to_kzg_commitment(&out48, bad, s));
        CHECK_BADARGS(compute_kzg_proof(&out48, &out32, bad, &zs[0], s));
        CHECK_BADARGS(compute_blob_kzg_proof(&out48, bad, c, s));
        CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, bad, c, bp, s));
    }

    /* The modulus minus one is the largest canonical element. */
    memcpy(bad, &blobs[0], sizeof(Blob));
    memcpy(bad->bytes + 9 * 32, BLS_MODULUS, 32);
    bad->bytes[9 * 32 + 31] -= 1;
    KZGCommitment ok_c;
    CHECK_RET(blob_to_kzg_commitment(&ok_c, bad, s), C_KZG_OK);

    /* Non-canonical z and y. */
    Bytes32 big, modulus;
    memset(big.bytes, 0xff, 32);
    memcpy(modulus.bytes, BLS_MODULUS, 32);
    CHECK_BADARGS(compute_kzg_proof(&out48, &out32, &blobs[0], &big, s));
    CHECK_BADARGS(compute_kzg_proof(&out48, &out32, &blobs[0], &modulus, s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, &big, &r->y[0], &r->proof_at_z[0], s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, &zs[0], &big, &r->proof_at_z[0], s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, &modulus, &r->y[0], &r->proof_at_z[0], s));
    CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, &zs[0], &modulus, &r->proof_at_z[0], s));
    free(bad);
}

void test_bad_points(const KZGSettings *s, const Results *r) {
    const Blob *b = &blobs[0];
    const KZGCommitment *c = &r->commitment[0];
    const Bytes32 *z = &zs[0], *y = &r->y[0];
    for (int i = 0; i < NUM_BAD_G1; i++) {
        const Bytes48 *bad = &bad_g1[i];
        int before = failures;
        CHECK_BADARGS(compute_blob_kzg_proof(&out48, b, bad, s));
        CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, bad, z, y, &r->proof_at_z[0], s));
        CHECK_VERIFY_BADARGS(verify_kzg_proof(&out_ok, c, z, y, bad, s));
        CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, b, bad, &r->blob_proof[0], s));
        CHECK_VERIFY_BADARGS(verify_blob_kzg_proof(&out_ok, b, c, bad, s));
        if (failures != before) fprintf(stderr, "      (bad point: %s)\n", bad_g1_name[i]);
    }

    /* The point at infinity is valid (and the wrong proof here). */
    Bytes48 inf = {{0}};
    inf.bytes[0] = 0xc0;
    out_ok = true;
    CHECK_RET(verify_blob_kzg_proof(&out_ok, b, c, &inf, s), C_KZG_OK);
    CHECK(!out_ok);
}

void test_bad_batches(const KZGSettings *s, const Results *r) {
    Blob *bad_blobs = malloc(NUM_BLOBS * sizeof(Blob));
    KZGCommitment cs[NUM_BLOBS];
    KZGProof ps[NUM_BLOBS];

    memcpy(bad_blobs, blobs, NUM_BLOBS * sizeof(Blob));
    memset(bad_blobs[2].bytes + 100 * 32, 0xff, 32);
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, bad_blobs, r->commitment, r->blob_proof, NUM_BLOBS, s));
    /* The bad entry beyond n is never looked at. */
    out_ok = false;
    CHECK_RET(verify_blob_kzg_proof_batch(&out_ok, bad_blobs, r->commitment, r->blob_proof, 2, s), C_KZG_OK);
    CHECK(out_ok);

    for (int i = 0; i < NUM_BAD_G1; i++) {
        memcpy(cs, r->commitment, sizeof cs);
        cs[1] = bad_g1[i];
        CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, cs, r->blob_proof, NUM_BLOBS, s));
        memcpy(ps, r->blob_proof, sizeof ps);
        ps[3] = bad_g1[i];
        CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, r->commitment, ps, NUM_BLOBS, s));
    }

    /* Counts whose byte size overflows are refused before any read. */
    CHECK_VERIFY_BADARGS(verify_blob_kzg_proof_batch(&out_ok, blobs, r->commitment, r->blob_proof, UINT64_MAX, s));
    CHECK_VERIFY_BADARGS(
        verify_blob_kzg_proof_batch(&out_ok, blobs, r->commitment, r->blob_proof, UINT64_MAX / BYTES_PER_BLOB + 1, s)
    );
    free(bad_blobs);
}

/* Zeroed and never-initialised (here: filled with junk) settings are
   refused. Freed ones are tested at the end of main. */
void test_unloaded_settings(const Results *r) {
    KZGSettings zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    all_functions_refuse(&zeroed, r);
    CHECK_BADARGS(fastkzg_warm_up(&zeroed));
    CHECK_BADARGS(fastkzg_forget_decoded_commitments(&zeroed));

    KZGSettings garbage;
    memset(&garbage, 0x5a, sizeof garbage);
    all_functions_refuse(&garbage, r);
    CHECK_BADARGS(fastkzg_warm_up(&garbage));
    CHECK_BADARGS(fastkzg_warm_up(NULL));
    CHECK_BADARGS(fastkzg_forget_decoded_commitments(&garbage));
    CHECK_BADARGS(fastkzg_forget_decoded_commitments(NULL));
}
