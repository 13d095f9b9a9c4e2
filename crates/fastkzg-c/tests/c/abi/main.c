/*
 * ABI test for libfastkzg: written against ckzg.h, as a c-kzg user would
 * write it, plus the functions fastkzg.h adds (the spec's challenges).
 *
 *   test_abi TRUSTED_SETUP_TXT [DUMP_FILE]
 *
 * Loads the setup both from the text file and from raw bytes, exercises
 * every function with valid inputs (round trips, batches, wrong proofs,
 * cells, recovery) and with invalid ones (NULL pointers, non-canonical field
 * elements, invalid points, bad cell indices and counts, unloaded settings,
 * malformed setups), checks that failed calls write no commitment, proof, y
 * or cell and leave *ok == false, and that the settings struct is never
 * written past its end. With DUMP_FILE, writes the inputs and outputs of a
 * few deterministic cases there so that the Rust side can compare them with
 * c-kzg. With TEST_ABI_QUICK set in the environment, skips the checks that
 * load a whole setup more than once and most of the cell-proof computations
 * (the slow part under valgrind): three remain, one per path.
 *
 * Prints a summary; exits 0 only if every check passed.
 */

#include "abi.h"

/* ------------------------------------------------------------------------ */
/* Valid inputs                                                             */
/* ------------------------------------------------------------------------ */

static void test_valid(const KZGSettings *s, Results *r) {
    bool ok;

    /* Known answer: the zero blob commits to the point at infinity. */
    Blob *zero = calloc(1, sizeof(Blob));
    KZGCommitment c;
    KZGProof p;
    CHECK_RET(blob_to_kzg_commitment(&c, zero, s), C_KZG_OK);
    CHECK(c.bytes[0] == 0xc0 && all_bytes(c.bytes + 1, 47, 0));
    CHECK_RET(compute_blob_kzg_proof(&p, zero, &c, s), C_KZG_OK);
    CHECK(memcmp(p.bytes, c.bytes, 48) == 0);
    ok = false;
    CHECK_RET(verify_blob_kzg_proof(&ok, zero, &c, &p, s), C_KZG_OK);
    CHECK(ok);
    free(zero);

    for (int i = 0; i < NUM_BLOBS; i++) {
        CHECK_RET(blob_to_kzg_commitment(&r->commitment[i], &blobs[i], s), C_KZG_OK);
        CHECK_RET(compute_blob_kzg_proof(&r->blob_proof[i], &blobs[i], &r->commitment[i], s), C_KZG_OK);
        ok = false;
        CHECK_RET(verify_blob_kzg_proof(&ok, &blobs[i], &r->commitment[i], &r->blob_proof[i], s), C_KZG_OK);
        CHECK(ok);

        CHECK_RET(compute_kzg_proof(&r->proof_at_z[i], &r->y[i], &blobs[i], &zs[i], s), C_KZG_OK);
        ok = false;
        CHECK_RET(verify_kzg_proof(&ok, &r->commitment[i], &zs[i], &r->y[i], &r->proof_at_z[i], s), C_KZG_OK);
        CHECK(ok);

        /* A wrong value, a wrong point, a wrong proof: ok = false. */
        Bytes32 wrong_y = r->y[i];
        wrong_y.bytes[31] ^= 1;
        ok = true;
        CHECK_RET(verify_kzg_proof(&ok, &r->commitment[i], &zs[i], &wrong_y, &r->proof_at_z[i], s), C_KZG_OK);
        CHECK(!ok);
        Bytes32 wrong_z = zs[i];
        wrong_z.bytes[31] ^= 1;
        ok = true;
        CHECK_RET(verify_kzg_proof(&ok, &r->commitment[i], &wrong_z, &r->y[i], &r->proof_at_z[i], s), C_KZG_OK);
        CHECK(!ok);
        ok = true;
        CHECK_RET(verify_kzg_proof(&ok, &r->commitment[i], &zs[i], &r->y[i], &r->blob_proof[i], s), C_KZG_OK);
        CHECK(!ok);
    }

    /* Another blob's proof or commitment: ok = false. */
    for (int i = 0; i < NUM_BLOBS; i++) {
        int other = (i + 1) % NUM_BLOBS;
        ok = true;
        CHECK_RET(verify_blob_kzg_proof(&ok, &blobs[i], &r->commitment[i], &r->blob_proof[other], s), C_KZG_OK);
        CHECK(!ok);
        ok = true;
        CHECK_RET(verify_blob_kzg_proof(&ok, &blobs[i], &r->commitment[other], &r->blob_proof[i], s), C_KZG_OK);
        CHECK(!ok);
    }

    /* z = 1 is the first point of the (bit-reversed) domain: y is blob[0]. */
    Bytes32 one = {{0}}, y;
    one.bytes[31] = 1;
    CHECK_RET(compute_kzg_proof(&p, &y, &blobs[0], &one, s), C_KZG_OK);
    CHECK(memcmp(y.bytes, blobs[0].bytes, 32) == 0);
    ok = false;
    CHECK_RET(verify_kzg_proof(&ok, &r->commitment[0], &one, &y, &p, s), C_KZG_OK);
    CHECK(ok);

    /* Batches. */
    ok = false;
    CHECK_RET(verify_blob_kzg_proof_batch(&ok, blobs, r->commitment, r->blob_proof, NUM_BLOBS, s), C_KZG_OK);
    CHECK(ok);
    ok = false;
    CHECK_RET(verify_blob_kzg_proof_batch(&ok, blobs, r->commitment, r->blob_proof, 1, s), C_KZG_OK);
    CHECK(ok);
    ok = false;
    CHECK_RET(verify_blob_kzg_proof_batch(&ok, NULL, NULL, NULL, 0, s), C_KZG_OK);
    CHECK(ok);
    KZGProof swapped[NUM_BLOBS];
    memcpy(swapped, r->blob_proof, sizeof swapped);
    swapped[1] = r->blob_proof[2];
    swapped[2] = r->blob_proof[1];
    ok = true;
    CHECK_RET(verify_blob_kzg_proof_batch(&ok, blobs, r->commitment, swapped, NUM_BLOBS, s), C_KZG_OK);
    CHECK(!ok);

    /* An output may share memory with an input (inputs are read first). */
    Bytes32 zy = zs[0];
    CHECK_RET(compute_kzg_proof(&p, &zy, &blobs[0], &zy, s), C_KZG_OK);
    CHECK(memcmp(zy.bytes, r->y[0].bytes, 32) == 0 && memcmp(p.bytes, r->proof_at_z[0].bytes, 48) == 0);
    KZGCommitment cp = r->commitment[1];
    CHECK_RET(compute_blob_kzg_proof(&cp, &blobs[1], &cp, s), C_KZG_OK);
    CHECK(memcmp(cp.bytes, r->blob_proof[1].bytes, 48) == 0);
}

/* ------------------------------------------------------------------------ */
/* Dump for the differential comparison with c-kzg                          */
/* ------------------------------------------------------------------------ */

/* Per case: blob, z, commitment, proof at z, y, blob proof. Then, for the
   first NUM_CELL_DUMP_CASES blobs: their cells and the cells' proofs. */
static void write_dump(const char *path, const Results *r) {
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f == NULL) return;
    for (int i = 0; i < NUM_DUMP_CASES; i++) {
        fwrite(blobs[i].bytes, 1, BYTES_PER_BLOB, f);
        fwrite(zs[i].bytes, 1, 32, f);
        fwrite(r->commitment[i].bytes, 1, 48, f);
        fwrite(r->proof_at_z[i].bytes, 1, 48, f);
        fwrite(r->y[i].bytes, 1, 32, f);
        fwrite(r->blob_proof[i].bytes, 1, 48, f);
    }
    CHECK(num_ext_proofs >= NUM_CELL_DUMP_CASES);
    for (int i = 0; i < NUM_CELL_DUMP_CASES; i++) {
        fwrite(ext[i].cells, 1, sizeof ext[i].cells, f);
        fwrite(ext[i].proofs, 1, sizeof ext[i].proofs, f);
    }
    CHECK(fclose(f) == 0);
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s TRUSTED_SETUP_TXT [DUMP_FILE]\n", argv[0]);
        return 2;
    }
    const char *setup_path = argv[1];
    /* TEST_ABI_QUICK skips the checks that load a whole setup more than
       once (for slow runs, e.g. under valgrind). */
    int quick = getenv("TEST_ABI_QUICK") != NULL;
    init_bad_g1();

    if (sizeof(void *) == 8) CHECK(sizeof(KZGSettings) == 80);

    blobs = malloc(NUM_BLOBS * sizeof(Blob));
    ext = malloc(NUM_BLOBS * sizeof(Extended));
    out_cells = malloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    out_proofs = malloc(CELLS_PER_EXT_BLOB * sizeof(KZGProof));
    if (blobs == NULL || ext == NULL || out_cells == NULL || out_proofs == NULL) return 2;
    for (uint64_t i = 0; i < CELLS_PER_EXT_BLOB; i++) all_indices[i] = i;
    for (int i = 0; i < NUM_BLOBS; i++) {
        uint64_t state = 1000 + (uint64_t)i;
        random_blob(&blobs[i], (uint64_t)i + 1);
        random_fr(&zs[i], &state);
    }

    /* Load from the file. */
    GuardedSettings from_file;
    guard_init(&from_file, 0x33);
    FILE *f = fopen(setup_path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", setup_path);
        return 2;
    }
    CHECK_RET(load_trusted_setup_file(&from_file.s, f, 0), C_KZG_OK);
    fclose(f);
    CHECK(guard_intact(&from_file));
    CHECK(loaded_layout_ok(&from_file.s));

    /* The raw setup bytes, parsed here. */
    size_t text_len = 0;
    char *text = read_whole_file(setup_path, &text_len);
    CHECK(text != NULL);
    if (text == NULL) return 1;
    g1_monomial = malloc(G1S_BYTES);
    g1_lagrange = malloc(G1S_BYTES);
    g2_monomial = malloc(G2S_BYTES);
    char *scratch = malloc(text_len + 1);
    memcpy(scratch, text, text_len + 1);
    CHECK(parse_setup_text(scratch, g1_monomial, g1_lagrange, g2_monomial));
    free(scratch);

    /* Valid inputs. */
    static Results r_file;
    test_valid(&from_file.s, &r_file);
    test_compute_cells(&from_file.s, quick);
    test_recover_cells(&from_file.s, &r_file, quick);
    test_verify_cells(&from_file.s, &r_file);
    test_challenges(&from_file.s, &r_file);

    if (!quick) {
        /* Loading from bytes, and with precomputation, gives the same
           results. */
        static Results r_bytes, r_pre;
        GuardedSettings from_bytes;
        guard_init(&from_bytes, 0x44);
        CHECK_RET(
            load_trusted_setup(&from_bytes.s, g1_monomial, G1S_BYTES, g1_lagrange, G1S_BYTES, g2_monomial, G2S_BYTES, 0),
            C_KZG_OK
        );
        CHECK(guard_intact(&from_bytes));
        CHECK(loaded_layout_ok(&from_bytes.s));
        test_valid(&from_bytes.s, &r_bytes);
        CHECK(memcmp(&r_file, &r_bytes, sizeof r_file) == 0);
        /* Warmed-up settings (twice: harmless) give the same results. */
        static Results r_warm;
        CHECK_RET(fastkzg_warm_up(&from_bytes.s), C_KZG_OK);
        CHECK_RET(fastkzg_warm_up(&from_bytes.s), C_KZG_OK);
        CHECK(guard_intact(&from_bytes));
        test_valid(&from_bytes.s, &r_warm);
        CHECK(memcmp(&r_file, &r_warm, sizeof r_file) == 0);
        /* So do settings whose decoded commitments were forgotten (test_valid
           verified cells, which filled the cache). */
        static Results r_forgot;
        CHECK_RET(fastkzg_forget_decoded_commitments(&from_bytes.s), C_KZG_OK);
        test_valid(&from_bytes.s, &r_forgot);
        CHECK(memcmp(&r_file, &r_forgot, sizeof r_file) == 0);
        free_trusted_setup(&from_bytes.s);
        CHECK(all_bytes(&from_bytes.s, sizeof from_bytes.s, 0));
        CHECK(guard_intact(&from_bytes));

        KZGSettings with_precompute;
        CHECK_RET(
            load_trusted_setup(
                &with_precompute, g1_monomial, G1S_BYTES, g1_lagrange, G1S_BYTES, g2_monomial, G2S_BYTES, 8
            ),
            C_KZG_OK
        );
        test_valid(&with_precompute, &r_pre);
        CHECK(memcmp(&r_file, &r_pre, sizeof r_file) == 0);
        CHECK_RET(compute_cells_and_kzg_proofs(out_cells, NULL, &blobs[0], &with_precompute), C_KZG_OK);
        CHECK(memcmp(out_cells, ext[0].cells, CELLS_PER_EXT_BLOB * sizeof(Cell)) == 0);
        CHECK(blob_cells_verify(&with_precompute, &r_file.commitment[0], &ext[0]));
        test_small_stack(&with_precompute, &r_file);
        free_trusted_setup(&with_precompute);
    }

    /* Invalid inputs. */
    const KZGSettings *s = &from_file.s;
    test_null_pointers(s, &r_file);
    test_bad_field_elements(s, &r_file);
    test_bad_points(s, &r_file);
    test_bad_batches(s, &r_file);
    test_bad_cells(s, &r_file);
    test_unloaded_settings(&r_file);
    test_bad_loads(quick);
    test_bad_file_loads(setup_path, text, text_len, quick);

    test_threads(s, &r_file);
    test_aliasing(s, &r_file);
    test_small_stack(s, &r_file);

    if (argc >= 3) write_dump(argv[2], &r_file);

    /* Freed settings, and stale copies of them, are refused; freeing is
       idempotent and accepts NULL and cleared structs. */
    KZGSettings stale_copy = from_file.s;
    free_trusted_setup(&from_file.s);
    CHECK(all_bytes(&from_file.s, sizeof from_file.s, 0));
    CHECK(guard_intact(&from_file));
    all_functions_refuse(&from_file.s, &r_file);
    all_functions_refuse(&stale_copy, &r_file);
    /* New settings, which may reuse the freed memory, never make the stale
       copy valid again. */
    KZGSettings newer[3];
    for (int i = 0; i < 3; i++) {
        CHECK_RET(load_trusted_setup(&newer[i], g1_monomial, G1S_BYTES, g1_lagrange, G1S_BYTES,
                                     g2_monomial, G2S_BYTES, 0),
                  C_KZG_OK);
    }
    all_functions_refuse(&stale_copy, &r_file);
    for (int i = 0; i < 3; i++) free_trusted_setup(&newer[i]);
    free_trusted_setup(&stale_copy);
    free_trusted_setup(&from_file.s);
    CHECK(guard_intact(&from_file));
    free_trusted_setup(NULL);
    KZGSettings zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    free_trusted_setup(&zeroed);
    CHECK(all_bytes(&zeroed, sizeof zeroed, 0));

    free(text);
    free(g1_monomial);
    free(g1_lagrange);
    free(g2_monomial);
    free(blobs);
    free(ext);
    free(out_cells);
    free(out_proofs);

    printf("test_abi: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
