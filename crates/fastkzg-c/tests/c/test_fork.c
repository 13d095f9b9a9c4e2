/*
 * The C ABI in forked children.
 *
 *   test_fork <trusted_setup.txt>
 *
 * 1. The parent computes every function's result with a setup it loaded
 *    (which used the library's thread pool), then forks; the child calls
 *    every function again, on the parent's setup and on one it loads itself,
 *    and compares with the parent's results.
 * 2. A second thread of the parent loads fresh setups and calls the
 *    functions in a loop (so that lazily built tables are being built and
 *    the pool is busy) while the main thread forks at several moments; each
 *    child repeats step 1's checks.
 * 3. A grandchild (a fork inside a child) does the same.
 *
 * A child arms alarm(): a hang kills it with SIGALRM, which the parent
 * reports as a failure. Prints "fork: N passed, M failed" and exits non-zero
 * on any failure.
 */

#define _POSIX_C_SOURCE 200809L

#include "ckzg.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHILD_LIMIT_S 60

static const char *setup_path;

/* Every function's output for one blob. */
typedef struct {
    KZGCommitment commitment;
    KZGProof proof_at_z;
    Bytes32 y;
    KZGProof blob_proof;
    bool ok_proof, ok_blob, ok_batch, ok_cells;
    Cell cells[CELLS_PER_EXT_BLOB];
    KZGProof cell_proofs[CELLS_PER_EXT_BLOB];
    Cell only_cells[CELLS_PER_EXT_BLOB];
    Cell recovered[CELLS_PER_EXT_BLOB];
    KZGProof recovered_proofs[CELLS_PER_EXT_BLOB];
} Results;

static Blob blob;
static Bytes32 z;
static Results expected;

static void make_inputs(void) {
    for (size_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) {
        uint8_t *fe = &blob.bytes[i * BYTES_PER_FIELD_ELEMENT];
        fe[0] = 0; /* canonical: below the modulus */
        fe[1] = (uint8_t)(i * 7);
        fe[30] = (uint8_t)(i >> 8);
        fe[31] = (uint8_t)i;
    }
    memset(&z, 0, sizeof z);
    z.bytes[31] = 42;
}

static int load(KZGSettings *s) {
    FILE *f = fopen(setup_path, "r");
    if (f == NULL) return 0;
    C_KZG_RET ret = load_trusted_setup_file(s, f, 0);
    fclose(f);
    return ret == C_KZG_OK;
}

/* Fills *r with every function's output; returns 1 if every call returned
 * C_KZG_OK. */
static int run_all(Results *r, const KZGSettings *s) {
    static uint64_t odd[CELLS_PER_EXT_BLOB / 2];
    static Cell odd_cells[CELLS_PER_EXT_BLOB / 2];
    static Bytes48 commitments[CELLS_PER_EXT_BLOB];
    static uint64_t all[CELLS_PER_EXT_BLOB];
    int ok = 1;
    memset(r, 0, sizeof *r);
    ok &= blob_to_kzg_commitment(&r->commitment, &blob, s) == C_KZG_OK;
    ok &= compute_kzg_proof(&r->proof_at_z, &r->y, &blob, &z, s) == C_KZG_OK;
    ok &= compute_blob_kzg_proof(&r->blob_proof, &blob, &r->commitment, s) == C_KZG_OK;
    ok &= verify_kzg_proof(&r->ok_proof, &r->commitment, &z, &r->y, &r->proof_at_z, s) == C_KZG_OK;
    ok &= verify_blob_kzg_proof(&r->ok_blob, &blob, &r->commitment, &r->blob_proof, s) == C_KZG_OK;
    ok &= verify_blob_kzg_proof_batch(&r->ok_batch, &blob, &r->commitment, &r->blob_proof, 1, s) ==
          C_KZG_OK;
    ok &= compute_cells_and_kzg_proofs(r->cells, r->cell_proofs, &blob, s) == C_KZG_OK;
    ok &= compute_cells_and_kzg_proofs(r->only_cells, NULL, &blob, s) == C_KZG_OK;
    for (uint64_t i = 0; i < CELLS_PER_EXT_BLOB; i++) {
        all[i] = i;
        commitments[i] = r->commitment;
    }
    ok &= verify_cell_kzg_proof_batch(
              &r->ok_cells, commitments, all, r->cells, r->cell_proofs, CELLS_PER_EXT_BLOB, s
          ) == C_KZG_OK;
    for (uint64_t i = 0; i < CELLS_PER_EXT_BLOB / 2; i++) {
        odd[i] = 2 * i + 1;
        odd_cells[i] = r->cells[2 * i + 1];
    }
    ok &= recover_cells_and_kzg_proofs(
              r->recovered, r->recovered_proofs, odd, odd_cells, CELLS_PER_EXT_BLOB / 2, s
          ) == C_KZG_OK;
    return ok;
}

/* The child's checks: every call on the parent's settings and on settings
 * loaded here gives the parent's results. Returns 1 if all hold. */
static int child_checks(const KZGSettings *parents) {
    static Results got;
    if (!run_all(&got, parents) || memcmp(&got, &expected, sizeof got) != 0) return 0;
    KZGSettings own;
    if (!load(&own)) return 0;
    int ok = run_all(&got, &own) && memcmp(&got, &expected, sizeof got) == 0;
    free_trusted_setup(&own);
    return ok;
}

/* Forks; the child runs child_checks (and, if `nest`, forks a grandchild
 * that does too) under alarm(); returns 1 if the child exited with 0. */
static int fork_and_check(const KZGSettings *s, int nest, const char *what) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        printf("FAIL %s: fork failed\n", what);
        return 0;
    }
    if (pid == 0) {
        alarm(CHILD_LIMIT_S);
        int ok = child_checks(s);
        if (ok && nest) ok = fork_and_check(s, 0, "grandchild");
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) {
        printf("FAIL %s: waitpid\n", what);
        return 0;
    }
    if (WIFSIGNALED(status)) {
        printf("FAIL %s: child killed by signal %d%s\n", what, WTERMSIG(status),
               WTERMSIG(status) == SIGALRM ? " (it hung)" : "");
        return 0;
    }
    if (WEXITSTATUS(status) != 0) {
        printf("FAIL %s: child's results differ\n", what);
        return 0;
    }
    return 1;
}

static atomic_int stop;

/* Loads fresh settings and calls every function, until told to stop. */
static void *busy(void *arg) {
    (void)arg;
    static Results scratch;
    while (!atomic_load(&stop)) {
        KZGSettings fresh;
        if (!load(&fresh)) break;
        run_all(&scratch, &fresh);
        free_trusted_setup(&fresh);
    }
    return NULL;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s <trusted_setup.txt>\n", argv[0]);
        return 2;
    }
    setup_path = argv[1];
    make_inputs();
    int passed = 0, failed = 0;
#define CHECK(cond, what)                                                                          \
    do {                                                                                           \
        if (cond) {                                                                                \
            passed++;                                                                              \
        } else {                                                                                   \
            failed++;                                                                              \
            printf("FAIL %s\n", what);                                                             \
        }                                                                                          \
    } while (0)

    KZGSettings s;
    CHECK(load(&s), "load the setup");
    CHECK(run_all(&expected, &s), "every call in the parent");
    CHECK(expected.ok_proof && expected.ok_blob && expected.ok_batch && expected.ok_cells,
          "the parent's proofs verify");

    /* 1 and 3: after calls, and a grandchild. */
    CHECK(fork_and_check(&s, 1, "child after calls"), "child after calls");

    /* 2: forks while another thread is inside calls. */
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, busy, NULL) == 0, "start the busy thread");
    const long delays_ms[] = {0, 2, 11, 35, 80, 150};
    for (size_t i = 0; i < sizeof delays_ms / sizeof delays_ms[0]; i++) {
        sleep_ms(delays_ms[i]);
        CHECK(fork_and_check(&s, 0, "child forked during a call"), "child forked during a call");
    }
    atomic_store(&stop, 1);
    pthread_join(thread, NULL);

    /* The parent's pool still works. */
    static Results again;
    CHECK(run_all(&again, &s) && memcmp(&again, &expected, sizeof again) == 0,
          "the parent after the forks");
    free_trusted_setup(&s);
    printf("fork: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
