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

#include "fastkzg.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Setup dimensions (c-kzg keeps these out of its header). */
#define NUM_G1 4096
#define NUM_G2 65
#define G1_LEN 48
#define G2_LEN 96
#define G1S_BYTES (NUM_G1 * G1_LEN)
#define G2S_BYTES (NUM_G2 * G2_LEN)

#define NUM_BLOBS 4
#define NUM_DUMP_CASES 3
#define NUM_CELL_DUMP_CASES 2
#define NUM_THREADS 4

_Static_assert(sizeof(Bytes32) == 32, "Bytes32");
_Static_assert(sizeof(Bytes48) == 48, "Bytes48");
_Static_assert(sizeof(Blob) == BYTES_PER_BLOB, "Blob");
_Static_assert(BYTES_PER_BLOB == 131072, "BYTES_PER_BLOB");
_Static_assert(sizeof(Cell) == 2048, "Cell");
_Static_assert(CELLS_PER_EXT_BLOB == 128, "CELLS_PER_EXT_BLOB");
_Static_assert(CELLS_PER_BLOB == 64, "CELLS_PER_BLOB");
_Static_assert(FIELD_ELEMENTS_PER_CELL == 64, "FIELD_ELEMENTS_PER_CELL");
_Static_assert(BYTES_PER_CELL == 2048, "BYTES_PER_CELL");
_Static_assert(FIELD_ELEMENTS_PER_EXT_BLOB == 8192, "FIELD_ELEMENTS_PER_EXT_BLOB");
_Static_assert(CELLS_PER_BLOB * sizeof(Cell) == sizeof(Blob), "a blob is its first cells");
_Static_assert(sizeof(KZGSettings) == 8 * sizeof(void *) + 2 * sizeof(size_t), "KZGSettings");
_Static_assert(sizeof(C_KZG_RET) == sizeof(int), "C_KZG_RET");

/* ------------------------------------------------------------------------ */
/* Checking                                                                 */
/* ------------------------------------------------------------------------ */

static int checks = 0;
static int failures = 0;

static void check(int cond, const char *what, int line) {
    checks++;
    if (!cond) {
        failures++;
        fprintf(stderr, "FAIL (line %d): %s\n", line, what);
    }
}

#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)

#define CHECK_RET(expr, want)                                                       \
    do {                                                                            \
        C_KZG_RET got_ = (expr);                                                    \
        check(got_ == (want), #expr " == " #want, __LINE__);                        \
        if (got_ != (want)) fprintf(stderr, "      returned %d\n", (int)got_);      \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Deterministic inputs                                                     */
/* ------------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void fill_random(uint8_t *out, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) out[i] = (uint8_t)splitmix64(state);
}

/* A canonical field element: top byte below 0x40 < 0x73 (the modulus's). */
static void random_fr(Bytes32 *out, uint64_t *state) {
    fill_random(out->bytes, 32, state);
    out->bytes[0] &= 0x3f;
}

static void random_blob(Blob *out, uint64_t seed) {
    uint64_t state = seed;
    for (size_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) {
        random_fr((Bytes32 *)&out->bytes[i * BYTES_PER_FIELD_ELEMENT], &state);
    }
}

/* The BLS12-381 scalar field modulus r, big-endian. */
static const uint8_t BLS_MODULUS[32] = {
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
};

/* The BLS12-381 base field modulus p, big-endian. */
static const uint8_t FP_MODULUS[48] = {
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
};

/* Encodings that are not valid G1 points (commitments or proofs). */
#define NUM_BAD_G1 7
static Bytes48 bad_g1[NUM_BAD_G1];
static const char *bad_g1_name[NUM_BAD_G1] = {
    "x = 0 (on the curve, order 3: not in the subgroup)",
    "x = 1 (not on the curve)",
    "compression flag missing",
    "infinity flag with non-zero x",
    "infinity with the sign flag",
    "x = p (not reduced)",
    "all 0xff",
};

static void init_bad_g1(void) {
    memset(bad_g1, 0, sizeof bad_g1);
    bad_g1[0].bytes[0] = 0x80;
    bad_g1[1].bytes[0] = 0x80;
    bad_g1[1].bytes[47] = 0x01;
    bad_g1[2].bytes[47] = 0x01; /* flags 000 */
    bad_g1[3].bytes[0] = 0xc0;
    bad_g1[3].bytes[47] = 0x01;
    bad_g1[4].bytes[0] = 0xe0;
    memcpy(bad_g1[5].bytes, FP_MODULUS, 48);
    bad_g1[5].bytes[0] |= 0x80;
    memset(bad_g1[6].bytes, 0xff, 48);
}

/* ------------------------------------------------------------------------ */
/* Files and the raw setup bytes                                            */
/* ------------------------------------------------------------------------ */

static char *read_whole_file(const char *path, size_t *len_out) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf != NULL && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (bigger == NULL) free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf == NULL) return NULL;
    buf[len] = '\0';
    *len_out = len;
    return buf;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes the next whitespace-separated token of exactly 2*n hex digits. */
static int next_hex(char **cursor, uint8_t *out, size_t n) {
    char *p = *cursor;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_value(p[2 * i]), lo = hex_value(p[2 * i + 1]);
        if (hi < 0 || lo < 0) return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *cursor = p + 2 * n;
    return 1;
}

/* Parses c-kzg's text setup into the three raw byte arrays. */
static int parse_setup_text(char *text, uint8_t *g1_monomial, uint8_t *g1_lagrange, uint8_t *g2_monomial) {
    char *cursor = text;
    unsigned long n1 = strtoul(cursor, &cursor, 10);
    unsigned long n2 = strtoul(cursor, &cursor, 10);
    if (n1 != NUM_G1 || n2 != NUM_G2) return 0;
    for (size_t i = 0; i < NUM_G1; i++)
        if (!next_hex(&cursor, g1_lagrange + i * G1_LEN, G1_LEN)) return 0;
    for (size_t i = 0; i < NUM_G2; i++)
        if (!next_hex(&cursor, g2_monomial + i * G2_LEN, G2_LEN)) return 0;
    for (size_t i = 0; i < NUM_G1; i++)
        if (!next_hex(&cursor, g1_monomial + i * G1_LEN, G1_LEN)) return 0;
    return 1;
}

/* A temporary stream holding `len` bytes of `data`, rewound. */
static FILE *stream_of(const void *data, size_t len) {
    FILE *f = tmpfile();
    if (f == NULL) return NULL;
    if (len > 0 && fwrite(data, 1, len, f) != len) {
        fclose(f);
        return NULL;
    }
    rewind(f);
    return f;
}

/* ------------------------------------------------------------------------ */
/* Settings inside guard bytes, to catch writes outside the struct          */
/* ------------------------------------------------------------------------ */

typedef struct {
    unsigned char before[64];
    KZGSettings s;
    unsigned char after[64];
} GuardedSettings;

static void guard_init(GuardedSettings *g, unsigned char fill) {
    memset(g->before, 0xee, sizeof g->before);
    memset(&g->s, fill, sizeof g->s);
    memset(g->after, 0xee, sizeof g->after);
}

static int guard_intact(const GuardedSettings *g) {
    for (size_t i = 0; i < sizeof g->before; i++)
        if (g->before[i] != 0xee || g->after[i] != 0xee) return 0;
    return 1;
}

static int all_bytes(const void *p, size_t len, unsigned char value) {
    const unsigned char *b = p;
    for (size_t i = 0; i < len; i++)
        if (b[i] != value) return 0;
    return 1;
}

/* The struct holds a handle in its first field and zeros elsewhere. */
static int loaded_layout_ok(const KZGSettings *s) {
    const unsigned char *b = (const unsigned char *)s;
    return !all_bytes(b, sizeof(void *), 0) && all_bytes(b + sizeof(void *), sizeof *s - sizeof(void *), 0);
}

/* ------------------------------------------------------------------------ */
/* Valid inputs                                                             */
/* ------------------------------------------------------------------------ */

typedef struct {
    KZGCommitment commitment[NUM_BLOBS];
    KZGProof blob_proof[NUM_BLOBS];
    KZGProof proof_at_z[NUM_BLOBS];
    Bytes32 y[NUM_BLOBS];
} Results;

static Blob *blobs;      /* NUM_BLOBS random blobs */
static Bytes32 zs[NUM_BLOBS];

/* A blob's extension: its cells and their proofs. */
typedef struct {
    Cell cells[CELLS_PER_EXT_BLOB];
    KZGProof proofs[CELLS_PER_EXT_BLOB];
} Extended;

static Extended *ext;      /* NUM_BLOBS extensions, one per blob (heap) */
static int num_ext_proofs; /* ext[i].proofs is filled for i < num_ext_proofs */
static uint64_t all_indices[CELLS_PER_EXT_BLOB]; /* 0, 1, ..., 127 */

static void fill_commitments(Bytes48 *out, const Bytes48 *c, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = *c;
}

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
/* Invalid inputs                                                           */
/* ------------------------------------------------------------------------ */

/* Outputs are preset to sentinels before each failing call. */
static KZGCommitment out48;
static Bytes32 out32;
static bool out_ok;

static void preset_outputs(void) {
    memset(out48.bytes, 0xa5, 48);
    memset(out32.bytes, 0x5a, 32);
    out_ok = true;
}

static int outputs_untouched(void) {
    return all_bytes(out48.bytes, 48, 0xa5) && all_bytes(out32.bytes, 32, 0x5a);
}

/* Outputs of the cell functions (CELLS_PER_EXT_BLOB each, heap). */
static Cell *out_cells;
static KZGProof *out_proofs;

static void preset_cell_outputs(void) {
    memset(out_cells, 0xa5, CELLS_PER_EXT_BLOB * sizeof(Cell));
    memset(out_proofs, 0x5a, CELLS_PER_EXT_BLOB * sizeof(KZGProof));
}

static int cell_outputs_untouched(void) {
    return all_bytes(out_cells, CELLS_PER_EXT_BLOB * sizeof(Cell), 0xa5) &&
           all_bytes(out_proofs, CELLS_PER_EXT_BLOB * sizeof(KZGProof), 0x5a);
}

/* A failed call writes no commitment, proof or y ... */
#define CHECK_BADARGS(expr)                                                         \
    do {                                                                            \
        preset_outputs();                                                           \
        CHECK_RET(expr, C_KZG_BADARGS);                                             \
        check(outputs_untouched() && out_ok, "outputs untouched after " #expr, __LINE__); \
    } while (0)

/* ... and a failed verification leaves *ok == false (it fails closed). */
#define CHECK_VERIFY_BADARGS(expr)                                                  \
    do {                                                                            \
        preset_outputs();                                                           \
        CHECK_RET(expr, C_KZG_BADARGS);                                             \
        check(outputs_untouched() && !out_ok, "*ok == false after " #expr, __LINE__); \
    } while (0)

/* A failed cell computation or recovery writes no cell and no proof. */
#define CHECK_CELLS_BADARGS(expr)                                                   \
    do {                                                                            \
        preset_cell_outputs();                                                      \
        CHECK_RET(expr, C_KZG_BADARGS);                                             \
        check(cell_outputs_untouched(), "no cell or proof written by " #expr, __LINE__); \
    } while (0)

/* Every function with `s` as its settings must refuse to run. */
static void all_functions_refuse(const KZGSettings *s, const Results *r) {
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

static void test_null_pointers(const KZGSettings *s, const Results *r) {
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

static void test_bad_field_elements(const KZGSettings *s, const Results *r) {
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

static void test_bad_points(const KZGSettings *s, const Results *r) {
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

static void test_bad_batches(const KZGSettings *s, const Results *r) {
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
static void test_challenges(const KZGSettings *s, const Results *r) {
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
static void test_compute_cells(const KZGSettings *s, int quick) {
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
static int blob_cells_verify(const KZGSettings *s, const KZGCommitment *c, const Extended *e) {
    Bytes48 cs[CELLS_PER_EXT_BLOB];
    fill_commitments(cs, c, CELLS_PER_EXT_BLOB);
    bool ok = false;
    C_KZG_RET ret = verify_cell_kzg_proof_batch(&ok, cs, all_indices, e->cells, e->proofs, CELLS_PER_EXT_BLOB, s);
    return ret == C_KZG_OK && ok;
}

static void test_recover_cells(const KZGSettings *s, const Results *r, int quick) {
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

static void test_verify_cells(const KZGSettings *s, const Results *r) {
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

static void test_bad_cells(const KZGSettings *s, const Results *r) {
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

/* Zeroed and never-initialised (here: filled with junk) settings are
   refused. Freed ones are tested at the end of main. */
static void test_unloaded_settings(const Results *r) {
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

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

static uint8_t *g1_monomial, *g1_lagrange, *g2_monomial;

static void expect_load_fails(
    const uint8_t *g1m, uint64_t n1m, const uint8_t *g1l, uint64_t n1l, const uint8_t *g2m, uint64_t n2m,
    uint64_t precompute, int line
) {
    GuardedSettings g;
    guard_init(&g, 0x77);
    C_KZG_RET ret = load_trusted_setup(&g.s, g1m, n1m, g1l, n1l, g2m, n2m, precompute);
    check(ret == C_KZG_BADARGS, "load_trusted_setup with bad arguments == C_KZG_BADARGS", line);
    check(guard_intact(&g), "no write outside KZGSettings", line);
    check(all_bytes(&g.s, sizeof g.s, 0), "KZGSettings cleared after a failed load", line);
    free_trusted_setup(&g.s);
    free_trusted_setup(&g.s);
    check(guard_intact(&g), "no write outside KZGSettings on free", line);
}

#define EXPECT_LOAD_FAILS(...) expect_load_fails(__VA_ARGS__, __LINE__)

static void test_bad_loads(int quick) {
    const uint8_t *m = g1_monomial, *l = g1_lagrange, *g2 = g2_monomial;

    CHECK_RET(load_trusted_setup(NULL, m, G1S_BYTES, l, G1S_BYTES, g2, G2S_BYTES, 0), C_KZG_BADARGS);
    EXPECT_LOAD_FAILS(NULL, G1S_BYTES, l, G1S_BYTES, g2, G2S_BYTES, 0);
    EXPECT_LOAD_FAILS(m, G1S_BYTES, NULL, G1S_BYTES, g2, G2S_BYTES, 0);
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES, NULL, G2S_BYTES, 0);

    /* Wrong byte counts. */
    EXPECT_LOAD_FAILS(m, G1S_BYTES - 1, l, G1S_BYTES, g2, G2S_BYTES, 0);
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES - 48, g2, G2S_BYTES, 0);
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES, g2, G2S_BYTES - 96, 0);
    EXPECT_LOAD_FAILS(m, G1S_BYTES + 48, l, G1S_BYTES, g2, G2S_BYTES, 0);
    EXPECT_LOAD_FAILS(m, 0, l, G1S_BYTES, g2, G2S_BYTES, 0);
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES, g2, UINT64_MAX, 0);

    /* Precompute out of range. */
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES, g2, G2S_BYTES, 16);
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES, g2, G2S_BYTES, UINT64_MAX);

    /* A corrupted first point. */
    uint8_t *copy = malloc(G1S_BYTES);
    memcpy(copy, m, G1S_BYTES);
    copy[0 * G1_LEN + 47] ^= 0x80;
    EXPECT_LOAD_FAILS(copy, G1S_BYTES, l, G1S_BYTES, g2, G2S_BYTES, 0);
    if (quick) {
        free(copy);
        return;
    }

    /* Monomial and Lagrange forms swapped: every point is valid, the
       lists are not consistent. */
    EXPECT_LOAD_FAILS(l, G1S_BYTES, m, G1S_BYTES, g2, G2S_BYTES, 0);

    /* A corrupted point in the later lists. */
    memcpy(copy, l, G1S_BYTES);
    copy[100 * G1_LEN + 20] ^= 0x01;
    EXPECT_LOAD_FAILS(m, G1S_BYTES, copy, G1S_BYTES, g2, G2S_BYTES, 0);
    free(copy);
    uint8_t *copy2 = malloc(G2S_BYTES);
    memcpy(copy2, g2, G2S_BYTES);
    copy2[64 * G2_LEN + 50] ^= 0x10;
    EXPECT_LOAD_FAILS(m, G1S_BYTES, l, G1S_BYTES, copy2, G2S_BYTES, 0);
    free(copy2);
}

static void expect_file_load_fails(FILE *in, uint64_t precompute, int line) {
    GuardedSettings g;
    guard_init(&g, 0x77);
    C_KZG_RET ret = load_trusted_setup_file(&g.s, in, precompute);
    check(ret == C_KZG_BADARGS, "load_trusted_setup_file with bad arguments == C_KZG_BADARGS", line);
    if (ret != C_KZG_BADARGS) fprintf(stderr, "      returned %d\n", (int)ret);
    check(guard_intact(&g), "no write outside KZGSettings", line);
    check(all_bytes(&g.s, sizeof g.s, 0), "KZGSettings cleared after a failed load", line);
    free_trusted_setup(&g.s);
}

static void test_bad_file_loads(const char *path, const char *text, size_t text_len, int quick) {
    expect_file_load_fails(NULL, 0, __LINE__);

    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL) return;
    CHECK_RET(load_trusted_setup_file(NULL, f, 0), C_KZG_BADARGS);
    rewind(f);
    expect_file_load_fails(f, 16, __LINE__);
    rewind(f);
    expect_file_load_fails(f, UINT64_MAX, __LINE__);
    fclose(f);

    struct {
        const char *what;
        const void *data;
        size_t len;
    } cases[] = {
        {"empty", "", 0},
        {"counts only", "4096\n65\n", 8},
        {"wrong G1 count", "4095\n65\n", 8},
        {"not text", "\x01\x02\xff\xfe", 4},
        {"first half", text, text_len / 2},
        {"all but the last character of the last point", text, text_len - 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *in = stream_of(cases[i].data, cases[i].len);
        CHECK(in != NULL);
        if (in == NULL) continue;
        int before = failures;
        expect_file_load_fails(in, 0, __LINE__);
        if (failures != before) fprintf(stderr, "      (stream: %s)\n", cases[i].what);
        fclose(in);
    }

    if (quick) return;

    /* A point replaced by a hex string of the right length that is not a
       valid point. */
    char *corrupt = malloc(text_len);
    memcpy(corrupt, text, text_len);
    char *first_point = strchr(strchr(corrupt, '\n') + 1, '\n') + 1;
    memcpy(first_point, "8000", 4);
    FILE *in = stream_of(corrupt, text_len);
    CHECK(in != NULL);
    if (in != NULL) {
        expect_file_load_fails(in, 0, __LINE__);
        fclose(in);
    }
    free(corrupt);
}

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

static void test_threads(const KZGSettings *s, const Results *r) {
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
static void test_aliasing(const KZGSettings *s, const Results *r) {
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

static void test_small_stack(const KZGSettings *s, const Results *r) {
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
