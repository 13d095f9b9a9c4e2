/*
 * test_abi: checking, deterministic inputs, the raw setup bytes, guarded
 * settings and the shared inputs and outputs.
 */

#include "abi.h"

/* ------------------------------------------------------------------------ */
/* Checking                                                                 */
/* ------------------------------------------------------------------------ */

int checks = 0;
int failures = 0;

void check(int cond, const char *what, int line) {
    checks++;
    if (!cond) {
        failures++;
        fprintf(stderr, "FAIL (line %d): %s\n", line, what);
    }
}

/* ------------------------------------------------------------------------ */
/* Deterministic inputs                                                     */
/* ------------------------------------------------------------------------ */

uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void fill_random(uint8_t *out, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) out[i] = (uint8_t)splitmix64(state);
}

/* A canonical field element: top byte below 0x40 < 0x73 (the modulus's). */
void random_fr(Bytes32 *out, uint64_t *state) {
    fill_random(out->bytes, 32, state);
    out->bytes[0] &= 0x3f;
}

void random_blob(Blob *out, uint64_t seed) {
    uint64_t state = seed;
    for (size_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) {
        random_fr((Bytes32 *)&out->bytes[i * BYTES_PER_FIELD_ELEMENT], &state);
    }
}

/* The BLS12-381 scalar field modulus r, big-endian. */
const uint8_t BLS_MODULUS[32] = {
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
Bytes48 bad_g1[NUM_BAD_G1];
const char *bad_g1_name[NUM_BAD_G1] = {
    "x = 0 (on the curve, order 3: not in the subgroup)",
    "x = 1 (not on the curve)",
    "compression flag missing",
    "infinity flag with non-zero x",
    "infinity with the sign flag",
    "x = p (not reduced)",
    "all 0xff",
};

void init_bad_g1(void) {
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

char *read_whole_file(const char *path, size_t *len_out) {
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
int parse_setup_text(char *text, uint8_t *g1_monomial, uint8_t *g1_lagrange, uint8_t *g2_monomial) {
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
FILE *stream_of(const void *data, size_t len) {
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

void guard_init(GuardedSettings *g, unsigned char fill) {
    memset(g->before, 0xee, sizeof g->before);
    memset(&g->s, fill, sizeof g->s);
    memset(g->after, 0xee, sizeof g->after);
}

int guard_intact(const GuardedSettings *g) {
    for (size_t i = 0; i < sizeof g->before; i++)
        if (g->before[i] != 0xee || g->after[i] != 0xee) return 0;
    return 1;
}

int all_bytes(const void *p, size_t len, unsigned char value) {
    const unsigned char *b = p;
    for (size_t i = 0; i < len; i++)
        if (b[i] != value) return 0;
    return 1;
}

/* The struct holds a handle in its first field and zeros elsewhere. */
int loaded_layout_ok(const KZGSettings *s) {
    const unsigned char *b = (const unsigned char *)s;
    return !all_bytes(b, sizeof(void *), 0) && all_bytes(b + sizeof(void *), sizeof *s - sizeof(void *), 0);
}

/* ------------------------------------------------------------------------ */
/* Shared inputs and outputs                                                */
/* ------------------------------------------------------------------------ */

Blob *blobs;      /* NUM_BLOBS random blobs */
Bytes32 zs[NUM_BLOBS];
Extended *ext;      /* NUM_BLOBS extensions, one per blob (heap) */
int num_ext_proofs; /* ext[i].proofs is filled for i < num_ext_proofs */
uint64_t all_indices[CELLS_PER_EXT_BLOB]; /* 0, 1, ..., 127 */

void fill_commitments(Bytes48 *out, const Bytes48 *c, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = *c;
}

/* Outputs are preset to sentinels before each failing call. */
KZGCommitment out48;
Bytes32 out32;
bool out_ok;

void preset_outputs(void) {
    memset(out48.bytes, 0xa5, 48);
    memset(out32.bytes, 0x5a, 32);
    out_ok = true;
}

int outputs_untouched(void) {
    return all_bytes(out48.bytes, 48, 0xa5) && all_bytes(out32.bytes, 32, 0x5a);
}

/* Outputs of the cell functions (CELLS_PER_EXT_BLOB each, heap). */
Cell *out_cells;
KZGProof *out_proofs;

void preset_cell_outputs(void) {
    memset(out_cells, 0xa5, CELLS_PER_EXT_BLOB * sizeof(Cell));
    memset(out_proofs, 0x5a, CELLS_PER_EXT_BLOB * sizeof(KZGProof));
}

int cell_outputs_untouched(void) {
    return all_bytes(out_cells, CELLS_PER_EXT_BLOB * sizeof(Cell), 0xa5) &&
           all_bytes(out_proofs, CELLS_PER_EXT_BLOB * sizeof(KZGProof), 0x5a);
}
