/*
 * The C ABI as the Go package sees it: fastkzg.h (ckzg.h and the functions
 * fastkzg adds, whose names already start with fastkzg_), with each function
 * of ckzg.h renamed fastkzg_<name> when FASTKZG_GO_PREFIXED is defined (the
 * build tag fastkzg_prefixed, which links lib/libfastkzg_go_prefixed.a).
 */
#ifndef FASTKZG_GO_H
#define FASTKZG_GO_H

#ifdef FASTKZG_GO_PREFIXED
#define load_trusted_setup fastkzg_load_trusted_setup
#define load_trusted_setup_file fastkzg_load_trusted_setup_file
#define free_trusted_setup fastkzg_free_trusted_setup
#define blob_to_kzg_commitment fastkzg_blob_to_kzg_commitment
#define compute_kzg_proof fastkzg_compute_kzg_proof
#define compute_blob_kzg_proof fastkzg_compute_blob_kzg_proof
#define verify_kzg_proof fastkzg_verify_kzg_proof
#define verify_blob_kzg_proof fastkzg_verify_blob_kzg_proof
#define verify_blob_kzg_proof_batch fastkzg_verify_blob_kzg_proof_batch
#define compute_cells_and_kzg_proofs fastkzg_compute_cells_and_kzg_proofs
#define recover_cells_and_kzg_proofs fastkzg_recover_cells_and_kzg_proofs
#define verify_cell_kzg_proof_batch fastkzg_verify_cell_kzg_proof_batch
#endif

#include <stdlib.h>
#include "fastkzg.h"

#endif
