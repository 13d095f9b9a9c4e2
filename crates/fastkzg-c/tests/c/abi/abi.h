/*
 * test_abi: what its files share (see main.c for the program): setup and
 * batch dimensions, the checking macros, the shared inputs, outputs and
 * helpers of support.c, and each file's tests.
 */

#ifndef FASTKZG_TEST_ABI_H
#define FASTKZG_TEST_ABI_H

#include "fastkzg.h"

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
/* Checking (support.c)                                                     */
/* ------------------------------------------------------------------------ */

extern int checks;
extern int failures;

/* Counts a check; prints `what` and `line` when `cond` is false. */
void check(int cond, const char *what, int line);

#define CHECK(cond) check((cond) ? 1 : 0, #cond, __LINE__)

#define CHECK_RET(expr, want)                                                       \
    do {                                                                            \
        C_KZG_RET got_ = (expr);                                                    \
        check(got_ == (want), #expr " == " #want, __LINE__);                        \
        if (got_ != (want)) fprintf(stderr, "      returned %d\n", (int)got_);      \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Deterministic inputs, bad encodings and the setup bytes (support.c)      */
/* ------------------------------------------------------------------------ */

uint64_t splitmix64(uint64_t *state);
void random_fr(Bytes32 *out, uint64_t *state);
void random_blob(Blob *out, uint64_t seed);

extern const uint8_t BLS_MODULUS[32];

#define NUM_BAD_G1 7
extern Bytes48 bad_g1[NUM_BAD_G1];
extern const char *bad_g1_name[NUM_BAD_G1];
void init_bad_g1(void);

char *read_whole_file(const char *path, size_t *len_out);
int parse_setup_text(char *text, uint8_t *g1_monomial, uint8_t *g1_lagrange, uint8_t *g2_monomial);
FILE *stream_of(const void *data, size_t len);

/* The raw setup bytes, parsed by main (loading.c). */
extern uint8_t *g1_monomial, *g1_lagrange, *g2_monomial;

/* ------------------------------------------------------------------------ */
/* Settings inside guard bytes (support.c)                                  */
/* ------------------------------------------------------------------------ */

typedef struct {
    unsigned char before[64];
    KZGSettings s;
    unsigned char after[64];
} GuardedSettings;

void guard_init(GuardedSettings *g, unsigned char fill);
int guard_intact(const GuardedSettings *g);
int all_bytes(const void *p, size_t len, unsigned char value);
int loaded_layout_ok(const KZGSettings *s);

/* ------------------------------------------------------------------------ */
/* Shared inputs and outputs (support.c)                                    */
/* ------------------------------------------------------------------------ */

/* What test_valid computes for each blob. */
typedef struct {
    KZGCommitment commitment[NUM_BLOBS];
    KZGProof blob_proof[NUM_BLOBS];
    KZGProof proof_at_z[NUM_BLOBS];
    Bytes32 y[NUM_BLOBS];
} Results;

/* A blob's extension: its cells and their proofs. */
typedef struct {
    Cell cells[CELLS_PER_EXT_BLOB];
    KZGProof proofs[CELLS_PER_EXT_BLOB];
} Extended;

extern Blob *blobs;
extern Bytes32 zs[NUM_BLOBS];
extern Extended *ext;
extern int num_ext_proofs;
extern uint64_t all_indices[CELLS_PER_EXT_BLOB];

void fill_commitments(Bytes48 *out, const Bytes48 *c, size_t n);

/* Outputs preset to sentinels before each failing call. */
extern KZGCommitment out48;
extern Bytes32 out32;
extern bool out_ok;
extern Cell *out_cells;
extern KZGProof *out_proofs;
void preset_outputs(void);
int outputs_untouched(void);
void preset_cell_outputs(void);
int cell_outputs_untouched(void);

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

/* ------------------------------------------------------------------------ */
/* The tests, by file                                                       */
/* ------------------------------------------------------------------------ */

/* invalid.c */
void all_functions_refuse(const KZGSettings *s, const Results *r);
void test_null_pointers(const KZGSettings *s, const Results *r);
void test_bad_field_elements(const KZGSettings *s, const Results *r);
void test_bad_points(const KZGSettings *s, const Results *r);
void test_bad_batches(const KZGSettings *s, const Results *r);
void test_unloaded_settings(const Results *r);

/* cells.c */
void test_challenges(const KZGSettings *s, const Results *r);
void test_compute_cells(const KZGSettings *s, int quick);
int blob_cells_verify(const KZGSettings *s, const KZGCommitment *c, const Extended *e);
void test_recover_cells(const KZGSettings *s, const Results *r, int quick);
void test_verify_cells(const KZGSettings *s, const Results *r);
void test_bad_cells(const KZGSettings *s, const Results *r);

/* loading.c */
void test_bad_loads(int quick);
void test_bad_file_loads(const char *path, const char *text, size_t text_len, int quick);

/* threads.c */
void test_threads(const KZGSettings *s, const Results *r);
void test_aliasing(const KZGSettings *s, const Results *r);
void test_small_stack(const KZGSettings *s, const Results *r);

#endif
