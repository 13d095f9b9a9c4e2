/*
 * Verify-only settings (fastkzg_load_verifier_mainnet, fastkzg_load_verifier,
 * fastkzg_load_verifier_file) against full settings (load_trusted_setup_file).
 *
 *   test_verifier <trusted_setup.txt> <cases.txt>
 *
 * cases.txt holds the reference cases of the four verification functions of
 * ckzg.h, one per line (written by tests/c_abi.rs from spec-tests/):
 *
 *   K  <verdict> <commitment> <z> <y> <proof>
 *   B  <verdict> <blob> <commitment> <proof>
 *   BB <verdict> <n> <n blobs> <n commitments> <n proofs>
 *   C  <verdict> <n> <n commitments> <n indices> <n cells> <n proofs>
 *
 * (hex without 0x, indices in decimal, verdict 1, 0 or -1 for rejected).
 * Every case runs on the full settings and on four verify-only settings
 * (embedded setup, points, mainnet text, and a text that differs from the
 * mainnet one in whitespace only, so that it is validated in full); all
 * must give the expected verdict. Then the batch verifications of
 * fastkzg.h, the refusal of every function that computes, loading errors
 * and freeing.
 *
 * Prints "verifier: N reference cases, P passed, F failed"; exits non-zero
 * on any failure.
 */

#include "fastkzg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#define NUM_VERIFIERS 4
static const char *const verifier_names[NUM_VERIFIERS] = {
    "embedded mainnet", "points", "mainnet text", "validated text"};
static KZGSettings full;
static KZGSettings verifiers[NUM_VERIFIERS];

#define NUM_BLOBS 2
#define N_CELLS (NUM_BLOBS * CELLS_PER_EXT_BLOB)
static Blob blobs[NUM_BLOBS];
static KZGCommitment commitments[NUM_BLOBS];
static Cell cells[N_CELLS];
static KZGProof proofs[N_CELLS];
static Cell out_cells[N_CELLS];
static KZGProof out_proofs[N_CELLS];

#define BYTES_PER_G1 48
#define BYTES_PER_G2 96
#define G1_BYTES (FIELD_ELEMENTS_PER_BLOB * BYTES_PER_G1)
#define G2_BYTES (65 * BYTES_PER_G2)
static uint8_t g1_monomial[G1_BYTES], g1_lagrange[G1_BYTES], g2_monomial[G2_BYTES];

/* ---- reading hex ---------------------------------------------------------- */

static int hex_digit(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int is_space(int c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/* Reads the next whitespace-separated token, exactly 2n hex digits with or
 * without 0x, into out. Returns 1 on success. */
static int read_hex(FILE *f, uint8_t *out, size_t n) {
    int c;
    do c = fgetc(f);
    while (is_space(c));
    if (c == '0') {
        int x = fgetc(f);
        if (x == 'x') {
            c = fgetc(f);
        } else {
            ungetc(x, f);
        }
    }
    for (size_t i = 0; i < n; i++) {
        int hi = hex_digit(c);
        int lo = hex_digit(fgetc(f));
        if (hi < 0 || lo < 0) return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
        c = fgetc(f);
    }
    return c == EOF || is_space(c);
}

static int read_hex_array(FILE *f, void *out, size_t count, size_t size) {
    for (size_t i = 0; i < count; i++)
        if (!read_hex(f, (uint8_t *)out + i * size, size)) return 0;
    return 1;
}

/* The three point lists of trusted_setup.txt (G1 Lagrange, G2 monomial, G1
 * monomial, after the counts 4096 and 65). */
static int read_setup_points(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL) return 0;
    unsigned g1 = 0, g2 = 0;
    int ok = fscanf(f, "%u %u", &g1, &g2) == 2 && g1 == FIELD_ELEMENTS_PER_BLOB && g2 == 65 &&
             read_hex_array(f, g1_lagrange, FIELD_ELEMENTS_PER_BLOB, BYTES_PER_G1) &&
             read_hex_array(f, g2_monomial, 65, BYTES_PER_G2) &&
             read_hex_array(f, g1_monomial, FIELD_ELEMENTS_PER_BLOB, BYTES_PER_G1);
    fclose(f);
    return ok;
}

/* A temporary stream holding the file at path, then `extra`. */
static FILE *copy_with(const char *path, const char *extra, size_t keep) {
    FILE *in = fopen(path, "rb");
    FILE *out = tmpfile();
    if (in == NULL || out == NULL) {
        if (in) fclose(in);
        if (out) fclose(out);
        return NULL;
    }
    char buf[1 << 14];
    size_t n, total = 0;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0 && total < keep) {
        if (n > keep - total) n = keep - total;
        fwrite(buf, 1, n, out);
        total += n;
    }
    fclose(in);
    fputs(extra, out);
    rewind(out);
    return out;
}

/* ---- helpers -------------------------------------------------------------- */

static void make_blob(Blob *b, unsigned seed) {
    unsigned x = seed * 2654435761u + 7;
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

static int zeroed(const KZGSettings *s) {
    static const KZGSettings zero;
    return memcmp(s, &zero, sizeof zero) == 0;
}

/* A verifier's return code and verdict. */
typedef struct {
    C_KZG_RET ret;
    bool ok;
} Verdict;

static int same(Verdict a, Verdict b) { return a.ret == b.ret && a.ok == b.ok; }

/* Whether v is the expected verdict (1, 0, or -1: rejected, *ok false). */
static int as_expected(Verdict v, int expected) {
    if (expected < 0) return v.ret == C_KZG_BADARGS && !v.ok;
    return v.ret == C_KZG_OK && v.ok == (expected == 1);
}

/* ---- the reference cases -------------------------------------------------- */

typedef struct {
    char kind[3];
    int expected;
    uint64_t n;
    Bytes48 commitment, proof;
    Bytes32 z, y;
    Blob *blobs;
    Bytes48 *commitments, *proofs;
    uint64_t *indices;
    Cell *cells;
} Case;

static void free_case(Case *c) {
    free(c->blobs);
    free(c->commitments);
    free(c->proofs);
    free(c->indices);
    free(c->cells);
    memset(c, 0, sizeof *c);
}

/* Reads the next case; 0 at the end, -1 on malformed input. */
static int read_case(FILE *f, Case *c) {
    memset(c, 0, sizeof *c);
    if (fscanf(f, "%2s %d", c->kind, &c->expected) != 2) return feof(f) ? 0 : -1;
    if (strcmp(c->kind, "K") == 0) {
        return read_hex(f, c->commitment.bytes, 48) && read_hex(f, c->z.bytes, 32) &&
                       read_hex(f, c->y.bytes, 32) && read_hex(f, c->proof.bytes, 48)
                   ? 1
                   : -1;
    }
    if (strcmp(c->kind, "B") == 0) {
        c->n = 1;
        c->blobs = malloc(sizeof(Blob));
        return c->blobs && read_hex(f, c->blobs->bytes, BYTES_PER_BLOB) &&
                       read_hex(f, c->commitment.bytes, 48) && read_hex(f, c->proof.bytes, 48)
                   ? 1
                   : -1;
    }
    if (fscanf(f, "%" SCNu64, &c->n) != 1 || c->n > 4096) return -1;
    size_t n = (size_t)c->n;
    /* At least one element each, so that malloc never sees 0. */
    c->commitments = malloc((n + 1) * sizeof(Bytes48));
    c->proofs = malloc((n + 1) * sizeof(Bytes48));
    if (!c->commitments || !c->proofs) return -1;
    if (strcmp(c->kind, "BB") == 0) {
        c->blobs = malloc((n + 1) * sizeof(Blob));
        return c->blobs && read_hex_array(f, c->blobs, n, BYTES_PER_BLOB) &&
                       read_hex_array(f, c->commitments, n, 48) &&
                       read_hex_array(f, c->proofs, n, 48)
                   ? 1
                   : -1;
    }
    if (strcmp(c->kind, "C") == 0) {
        c->indices = malloc((n + 1) * sizeof(uint64_t));
        c->cells = malloc((n + 1) * sizeof(Cell));
        if (!c->indices || !c->cells || !read_hex_array(f, c->commitments, n, 48)) return -1;
        for (size_t i = 0; i < n; i++)
            if (fscanf(f, "%" SCNu64, &c->indices[i]) != 1) return -1;
        return read_hex_array(f, c->cells, n, BYTES_PER_CELL) &&
                       read_hex_array(f, c->proofs, n, 48)
                   ? 1
                   : -1;
    }
    return -1;
}

static Verdict run_case(const Case *c, const KZGSettings *s) {
    Verdict v = {C_KZG_ERROR, true};
    switch (c->kind[0] == 'B' ? (c->kind[1] == 'B' ? 'b' : 'B') : c->kind[0]) {
    case 'K':
        v.ret = verify_kzg_proof(&v.ok, &c->commitment, &c->z, &c->y, &c->proof, s);
        break;
    case 'B':
        v.ret = verify_blob_kzg_proof(&v.ok, c->blobs, &c->commitment, &c->proof, s);
        break;
    case 'b':
        v.ret = verify_blob_kzg_proof_batch(&v.ok, c->blobs, c->commitments, c->proofs, c->n, s);
        break;
    case 'C':
        v.ret = verify_cell_kzg_proof_batch(&v.ok, c->commitments, c->indices, c->cells, c->proofs,
                                            c->n, s);
        break;
    }
    return v;
}

/* Runs every case of the file on the full settings and every verifier;
 * returns the number of cases. */
static int run_reference_cases(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL) return 0;
    int count = 0, r;
    Case c;
    while ((r = read_case(f, &c)) == 1) {
        count++;
        Verdict want = run_case(&c, &full);
        if (!as_expected(want, c.expected)) {
            failed++;
            printf("FAIL case %d (%s): full settings: ret %d ok %d, expected %d\n", count, c.kind,
                   (int)want.ret, (int)want.ok, c.expected);
        } else {
            passed++;
        }
        for (int v = 0; v < NUM_VERIFIERS; v++) {
            Verdict got = run_case(&c, &verifiers[v]);
            if (!same(got, want) || !as_expected(got, c.expected)) {
                failed++;
                printf("FAIL case %d (%s): %s verifier: ret %d ok %d, full settings: ret %d ok "
                       "%d\n",
                       count, c.kind, verifier_names[v], (int)got.ret, (int)got.ok, (int)want.ret,
                       (int)want.ok);
            } else {
                passed++;
            }
        }
        free_case(&c);
    }
    CHECK(r == 0); /* the whole file was read */
    free_case(&c);
    fclose(f);
    return count;
}

/* ---- the batch verifications of fastkzg.h -------------------------------- */

static Verdict blob_cell_proofs(const KZGProof *p, const Bytes48 *cs, uint64_t n,
                                const KZGSettings *s) {
    Verdict v = {C_KZG_ERROR, true};
    v.ret = fastkzg_verify_blob_cell_proofs(&v.ok, blobs, cs, p, n, s);
    return v;
}

#define SHARED 3
static const uint64_t shared_indices[SHARED] = {5, 100, 5};
static Cell shared_cells[NUM_BLOBS * SHARED];
static KZGProof shared_proofs[NUM_BLOBS * SHARED];

static Verdict cells_shared(const uint64_t *idx, const KZGSettings *s) {
    Verdict v = {C_KZG_ERROR, true};
    v.ret = fastkzg_verify_cells_shared_indices(&v.ok, commitments, idx, SHARED, shared_cells,
                                                shared_proofs, NUM_BLOBS, s);
    return v;
}

static void batch_verifications(void) {
    Bytes48 bad_commitments[NUM_BLOBS];
    memcpy(bad_commitments, commitments, sizeof bad_commitments);
    memset(bad_commitments[1].bytes, 0x13, 48);
    for (int b = 0; b < NUM_BLOBS; b++)
        for (int i = 0; i < SHARED; i++) {
            shared_cells[b * SHARED + i] = cells[b * CELLS_PER_EXT_BLOB + shared_indices[i]];
            shared_proofs[b * SHARED + i] = proofs[b * CELLS_PER_EXT_BLOB + shared_indices[i]];
        }
    static const uint64_t out_of_range[SHARED] = {5, 128, 5};

    /* Valid, wrong proof, invalid commitment, no blobs; the full settings'
     * verdicts are the expected ones. */
    for (int k = -1; k < NUM_VERIFIERS; k++) {
        const KZGSettings *s = k < 0 ? &full : &verifiers[k];
        Verdict v = blob_cell_proofs(proofs, commitments, NUM_BLOBS, s);
        CHECK(v.ret == C_KZG_OK && v.ok);
        KZGProof saved = proofs[200];
        proofs[200] = proofs[201];
        v = blob_cell_proofs(proofs, commitments, NUM_BLOBS, s);
        CHECK(v.ret == C_KZG_OK && !v.ok);
        proofs[200] = saved;
        v = blob_cell_proofs(proofs, bad_commitments, NUM_BLOBS, s);
        CHECK(v.ret == C_KZG_BADARGS && !v.ok);
        v = blob_cell_proofs(NULL, NULL, 0, s);
        CHECK(v.ret == C_KZG_OK && v.ok);

        v = cells_shared(shared_indices, s);
        CHECK(v.ret == C_KZG_OK && v.ok);
        Cell saved_cell = shared_cells[4];
        shared_cells[4] = shared_cells[3];
        v = cells_shared(shared_indices, s);
        CHECK(v.ret == C_KZG_OK && !v.ok);
        shared_cells[4] = saved_cell;
        v = cells_shared(out_of_range, s);
        CHECK(v.ret == C_KZG_BADARGS && !v.ok);
    }
}

/* ---- refusal of every function that computes ------------------------------ */

static void provers_refuse(const KZGSettings *s, int expect_ok) {
    C_KZG_RET want = expect_ok ? C_KZG_OK : C_KZG_BADARGS;
    static uint64_t odd[64];
    static Cell kept[NUM_BLOBS * 64];
    for (int i = 0; i < 64; i++) odd[i] = 2 * i + 1;
    for (int b = 0; b < NUM_BLOBS; b++)
        for (int i = 0; i < 64; i++) kept[b * 64 + i] = cells[b * CELLS_PER_EXT_BLOB + odd[i]];
    KZGCommitment commitment;
    KZGProof proof;
    Bytes32 y, z;
    memset(&z, 0, sizeof z);
    z.bytes[31] = 7;

#define UNTOUCHED(buf) (expect_ok || marked(&(buf), sizeof(buf)))
    mark(&commitment, sizeof commitment);
    CHECK(blob_to_kzg_commitment(&commitment, &blobs[0], s) == want && UNTOUCHED(commitment));
    mark(&proof, sizeof proof);
    mark(&y, sizeof y);
    CHECK(compute_kzg_proof(&proof, &y, &blobs[0], &z, s) == want && UNTOUCHED(proof) &&
          UNTOUCHED(y));
    mark(&proof, sizeof proof);
    CHECK(compute_blob_kzg_proof(&proof, &blobs[0], &commitments[0], s) == want &&
          UNTOUCHED(proof));

    mark(out_cells, sizeof out_cells);
    mark(out_proofs, sizeof out_proofs);
    CHECK(compute_cells_and_kzg_proofs(out_cells, out_proofs, &blobs[0], s) == want &&
          UNTOUCHED(out_cells) && UNTOUCHED(out_proofs));
    mark(out_cells, sizeof out_cells);
    CHECK(compute_cells_and_kzg_proofs(out_cells, NULL, &blobs[0], s) == want &&
          UNTOUCHED(out_cells));
    mark(out_proofs, sizeof out_proofs);
    CHECK(compute_cells_and_kzg_proofs(NULL, out_proofs, &blobs[0], s) == want &&
          UNTOUCHED(out_proofs));
    mark(out_cells, sizeof out_cells);
    mark(out_proofs, sizeof out_proofs);
    CHECK(recover_cells_and_kzg_proofs(out_cells, out_proofs, odd, kept, 64, s) == want &&
          UNTOUCHED(out_cells) && UNTOUCHED(out_proofs));
    mark(out_cells, sizeof out_cells);
    CHECK(recover_cells_and_kzg_proofs(out_cells, NULL, odd, kept, 64, s) == want &&
          UNTOUCHED(out_cells));

    mark(out_cells, sizeof out_cells);
    CHECK(fastkzg_compute_cells_batch(out_cells, blobs, NUM_BLOBS, s) == want &&
          UNTOUCHED(out_cells));
    mark(out_cells, sizeof out_cells);
    mark(out_proofs, sizeof out_proofs);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, out_proofs, blobs, NUM_BLOBS, s) ==
              want &&
          UNTOUCHED(out_cells) && UNTOUCHED(out_proofs));
    mark(out_cells, sizeof out_cells);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(out_cells, NULL, blobs, NUM_BLOBS, s) ==
              want &&
          UNTOUCHED(out_cells));
    mark(out_proofs, sizeof out_proofs);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, out_proofs, blobs, NUM_BLOBS, s) ==
              want &&
          UNTOUCHED(out_proofs));
    mark(out_cells, sizeof out_cells);
    CHECK(fastkzg_recover_cells_batch(out_cells, odd, 64, kept, NUM_BLOBS, s) == want &&
          UNTOUCHED(out_cells));
    /* Empty batches too: the settings are refused before the count. */
    CHECK(fastkzg_compute_cells_batch(NULL, NULL, 0, s) == want);
    CHECK(fastkzg_compute_cells_and_kzg_proofs_batch(NULL, NULL, NULL, 0, s) == want);
#undef UNTOUCHED
    if (expect_ok) {
        /* The inputs were valid: what the full settings computed is right. */
        CHECK(memcmp(out_proofs, proofs, sizeof out_proofs) == 0);
    }
}

/* ---- loading errors and freeing ------------------------------------------- */

static void loading_errors(const char *setup_path) {
    KZGSettings bad;
    CHECK(fastkzg_load_verifier_mainnet(NULL) == C_KZG_BADARGS);
    CHECK(fastkzg_load_verifier(NULL, g1_monomial, G1_BYTES, g1_lagrange, G1_BYTES, g2_monomial,
                                G2_BYTES) == C_KZG_BADARGS);
    CHECK(fastkzg_load_verifier_file(NULL, NULL) == C_KZG_BADARGS);

    /* Wrong counts, NULL lists: refused before any byte is read; out is
     * zeroed. */
    mark(&bad, sizeof bad);
    CHECK(fastkzg_load_verifier(&bad, g1_monomial, G1_BYTES - 1, g1_lagrange, G1_BYTES,
                                g2_monomial, G2_BYTES) == C_KZG_BADARGS &&
          zeroed(&bad));
    mark(&bad, sizeof bad);
    CHECK(fastkzg_load_verifier(&bad, g1_monomial, G1_BYTES, g1_lagrange, G1_BYTES, g2_monomial,
                                G2_BYTES + 96) == C_KZG_BADARGS &&
          zeroed(&bad));
    mark(&bad, sizeof bad);
    CHECK(fastkzg_load_verifier(&bad, NULL, G1_BYTES, g1_lagrange, G1_BYTES, g2_monomial,
                                G2_BYTES) == C_KZG_BADARGS &&
          zeroed(&bad));

    /* A point that is not on the curve (validated in full: the bytes are no
     * longer the mainnet setup's). */
    uint8_t saved = g2_monomial[100];
    g2_monomial[100] ^= 0x01;
    mark(&bad, sizeof bad);
    CHECK(fastkzg_load_verifier(&bad, g1_monomial, G1_BYTES, g1_lagrange, G1_BYTES, g2_monomial,
                                G2_BYTES) == C_KZG_BADARGS &&
          zeroed(&bad));
    g2_monomial[100] = saved;

    /* Streams: NULL, a truncated setup, extra data after the last point. */
    mark(&bad, sizeof bad);
    CHECK(fastkzg_load_verifier_file(&bad, NULL) == C_KZG_BADARGS && zeroed(&bad));
    FILE *f = copy_with(setup_path, "", 100000);
    CHECK(f != NULL);
    if (f) {
        mark(&bad, sizeof bad);
        CHECK(fastkzg_load_verifier_file(&bad, f) == C_KZG_BADARGS && zeroed(&bad));
        fclose(f);
    }
    f = copy_with(setup_path, "\nextra\n", (size_t)-1);
    CHECK(f != NULL);
    if (f) {
        mark(&bad, sizeof bad);
        CHECK(fastkzg_load_verifier_file(&bad, f) == C_KZG_BADARGS && zeroed(&bad));
        fclose(f);
    }
    free_trusted_setup(&bad); /* harmless on a zeroed struct */
    CHECK(zeroed(&bad));
}

static void freeing(void) {
    KZGSettings v, copy;
    CHECK(fastkzg_load_verifier_mainnet(&v) == C_KZG_OK);
    copy = v;
    Verdict r = {C_KZG_ERROR, false};
    r.ret = fastkzg_verify_blob_cell_proofs(&r.ok, blobs, commitments, proofs, NUM_BLOBS, &v);
    CHECK(r.ret == C_KZG_OK && r.ok);
    free_trusted_setup(&v);
    CHECK(zeroed(&v));
    r.ok = true;
    r.ret = fastkzg_verify_blob_cell_proofs(&r.ok, blobs, commitments, proofs, NUM_BLOBS, &v);
    CHECK(r.ret == C_KZG_BADARGS && !r.ok);
    /* A stale copy of freed settings is refused, and freeing it is a no-op. */
    r.ok = true;
    r.ret = verify_blob_kzg_proof(&r.ok, &blobs[0], &commitments[0], &proofs[0], &copy);
    CHECK(r.ret == C_KZG_BADARGS && !r.ok);
    free_trusted_setup(&copy);
    free_trusted_setup(&v);
    free_trusted_setup(NULL);
    CHECK(zeroed(&copy) && zeroed(&v));
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s <trusted_setup.txt> <cases.txt>\n", argv[0]);
        return 2;
    }
    const char *setup_path = argv[1];

    FILE *f = fopen(setup_path, "r");
    CHECK(f != NULL && load_trusted_setup_file(&full, f, 0) == C_KZG_OK);
    if (f) fclose(f);
    CHECK(read_setup_points(setup_path));

    CHECK(fastkzg_load_verifier_mainnet(&verifiers[0]) == C_KZG_OK);
    CHECK(fastkzg_load_verifier(&verifiers[1], g1_monomial, G1_BYTES, g1_lagrange, G1_BYTES,
                                g2_monomial, G2_BYTES) == C_KZG_OK);
    f = fopen(setup_path, "r");
    CHECK(f != NULL && fastkzg_load_verifier_file(&verifiers[2], f) == C_KZG_OK);
    if (f) fclose(f);
    /* Trailing whitespace: another text (SHA-256), the same setup. */
    f = copy_with(setup_path, "\n\n", (size_t)-1);
    CHECK(f != NULL && fastkzg_load_verifier_file(&verifiers[3], f) == C_KZG_OK);
    if (f) fclose(f);
    for (int v = 0; v < NUM_VERIFIERS; v++) CHECK(verifiers[v].opaque_handle != NULL);
    /* The verifier's own tables; the cache of decoded commitments. */
    CHECK(fastkzg_warm_up(&verifiers[0]) == C_KZG_OK);
    CHECK(fastkzg_forget_decoded_commitments(&verifiers[1]) == C_KZG_OK);

    for (unsigned b = 0; b < NUM_BLOBS; b++) {
        make_blob(&blobs[b], b + 1);
        CHECK(blob_to_kzg_commitment(&commitments[b], &blobs[b], &full) == C_KZG_OK);
        CHECK(compute_cells_and_kzg_proofs(&cells[b * CELLS_PER_EXT_BLOB],
                                           &proofs[b * CELLS_PER_EXT_BLOB], &blobs[b],
                                           &full) == C_KZG_OK);
    }

    int cases = run_reference_cases(argv[2]);
    CHECK(cases > 0);
    batch_verifications();

    provers_refuse(&full, 1);
    for (int v = 0; v < NUM_VERIFIERS; v++) provers_refuse(&verifiers[v], 0);

    loading_errors(setup_path);
    freeing();

    for (int v = 0; v < NUM_VERIFIERS; v++) {
        free_trusted_setup(&verifiers[v]);
        CHECK(zeroed(&verifiers[v]));
    }
    free_trusted_setup(&full);

    printf("verifier: %d reference cases, %d passed, %d failed\n", cases, passed, failed);
    return failed == 0 ? 0 : 1;
}
