/*
 * test_abi: malformed setups, from bytes and from files.
 */

#include "abi.h"

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */
/* ------------------------------------------------------------------------ */

uint8_t *g1_monomial, *g1_lagrange, *g2_monomial;

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

void test_bad_loads(int quick) {
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

void test_bad_file_loads(const char *path, const char *text, size_t text_len, int quick) {
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
