/*
 * The library as NuGet Ckzg.Bindings loads it: by file name from
 * runtimes/linux-x64/native/ckzg.so, each function looked up by the entry
 * point names of its DllImports and called with the argument types they
 * declare (byte pointers, UInt64 counts, the settings as an opaque
 * pointer from load_trusted_setup_wrap).
 *
 *   test_csharp <path/to/ckzg.so> <trusted_setup.txt>
 *
 * Prints "csharp: N passed, M failed"; exits non-zero on any failure.
 */

#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The binding's view: KzgResult is an int enum (0 Ok, 1 BadArgs). */
typedef void *(*load_fn)(const char *, uint64_t);
typedef void (*free_fn)(void *);
typedef int (*commit_fn)(uint8_t *, const uint8_t *, void *);
typedef int (*blob_proof_fn)(uint8_t *, const uint8_t *, const uint8_t *, void *);
typedef int (*verify_blob_fn)(bool *, const uint8_t *, const uint8_t *, const uint8_t *, void *);
typedef int (*cells_fn)(uint8_t *, uint8_t *, const uint8_t *, void *);
typedef int (*recover_fn)(uint8_t *, uint8_t *, const uint64_t *, const uint8_t *, uint64_t,
                          void *);
typedef int (*verify_cells_fn)(bool *, const uint8_t *, const uint64_t *, const uint8_t *,
                               const uint8_t *, uint64_t, void *);

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

static uint8_t blob[131072], commitment[48], proof[48];
static uint8_t cells[128 * 2048], proofs[128 * 48], recovered[128 * 2048];

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s <ckzg.so> <trusted_setup.txt>\n", argv[0]);
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        printf("FAIL: dlopen %s: %s\ncsharp: 0 passed, 1 failed\n", argv[1], dlerror());
        return 1;
    }
    /* Every entry point of Ckzg.Bindings 2.1.x. */
    const char *names[] = {"load_trusted_setup_wrap", "free_trusted_setup_wrap",
                           "blob_to_kzg_commitment", "compute_kzg_proof",
                           "compute_blob_kzg_proof", "verify_kzg_proof",
                           "verify_blob_kzg_proof", "verify_blob_kzg_proof_batch",
                           "compute_cells_and_kzg_proofs", "recover_cells_and_kzg_proofs",
                           "verify_cell_kzg_proof_batch"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        int found = dlsym(lib, names[i]) != NULL;
        check(found, names[i], __LINE__);
    }
    /* Function pointers from dlsym (POSIX guarantees the conversion). */
    load_fn load;
    free_fn release;
    commit_fn commit;
    blob_proof_fn blob_proof;
    verify_blob_fn verify_blob;
    cells_fn compute_cells;
    recover_fn recover;
    verify_cells_fn verify_cells;
    *(void **)&load = dlsym(lib, "load_trusted_setup_wrap");
    *(void **)&release = dlsym(lib, "free_trusted_setup_wrap");
    *(void **)&commit = dlsym(lib, "blob_to_kzg_commitment");
    *(void **)&blob_proof = dlsym(lib, "compute_blob_kzg_proof");
    *(void **)&verify_blob = dlsym(lib, "verify_blob_kzg_proof");
    *(void **)&compute_cells = dlsym(lib, "compute_cells_and_kzg_proofs");
    *(void **)&recover = dlsym(lib, "recover_cells_and_kzg_proofs");
    *(void **)&verify_cells = dlsym(lib, "verify_cell_kzg_proof_batch");
    if (failed) goto out;

    /* Failures give NULL, as c-kzg's wrapper does. */
    CHECK(load("/nonexistent/trusted_setup.txt", 0) == NULL);
    CHECK(load(argv[2], 16) == NULL);
    CHECK(load(NULL, 0) == NULL);

    void *ts = load(argv[2], 0);
    CHECK(ts != NULL);
    if (ts == NULL) goto out;
    for (size_t i = 0; i < sizeof blob; i++) blob[i] = (i % 32 == 0) ? 0 : (uint8_t)(i * 31);
    bool ok = false;
    CHECK(commit(commitment, blob, ts) == 0);
    CHECK(commitment[0] & 0x80); /* compressed flag */
    CHECK(blob_proof(proof, blob, commitment, ts) == 0);
    CHECK(verify_blob(&ok, blob, commitment, proof, ts) == 0 && ok);
    CHECK(compute_cells(cells, proofs, blob, ts) == 0);
    CHECK(memcmp(cells, blob, sizeof blob) == 0); /* the first half is the blob */
    static uint64_t idx[64];
    static uint8_t kept[64 * 2048];
    for (int i = 0; i < 64; i++) {
        idx[i] = 64 + i;
        memcpy(&kept[i * 2048], &cells[(64 + i) * 2048], 2048);
    }
    CHECK(recover(recovered, NULL, idx, kept, 64, ts) == 0);
    CHECK(memcmp(recovered, cells, sizeof cells) == 0);
    static uint8_t commitments[128 * 48];
    static uint64_t all[128];
    for (int i = 0; i < 128; i++) {
        memcpy(&commitments[i * 48], commitment, 48);
        all[i] = (uint64_t)i;
    }
    CHECK(verify_cells(&ok, commitments, all, cells, proofs, 128, ts) == 0 && ok);
    CHECK(commit(commitment, blob, NULL) == 1); /* BadArgs */

    /* A second setup is independent; freeing is idempotent. */
    void *other = load(argv[2], 1);
    CHECK(other != NULL && other != ts);
    release(other);
    release(other);
    release(NULL);
    CHECK(commit(commitment, blob, ts) == 0);
    release(ts);

out:
    dlclose(lib);
    printf("csharp: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
