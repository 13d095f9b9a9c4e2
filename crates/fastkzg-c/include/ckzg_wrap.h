/*
 * ckzg_wrap.h -- the two functions that c-kzg-4844's C# binding (NuGet
 * Ckzg.Bindings) calls besides those of ckzg.h, with the same signatures as
 * its bindings/csharp/ckzg_wrap.c. Build the library for that package with
 * scripts/build-csharp-native.sh (runtimes/linux-x64/native/ckzg.so).
 */

#ifndef FASTKZG_CKZG_WRAP_H
#define FASTKZG_CKZG_WRAP_H

#include "ckzg.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Loads the trusted setup text file at `file` with the given precompute
 * level into settings of its own; NULL on any failure.
 */
KZGSettings *load_trusted_setup_wrap(const char *file, size_t precompute);

/*
 * Frees settings returned by load_trusted_setup_wrap. NULL, a pointer freed
 * before, or one that function did not return is ignored.
 */
void free_trusted_setup_wrap(KZGSettings *s);

#ifdef __cplusplus
}
#endif

#endif /* FASTKZG_CKZG_WRAP_H */
