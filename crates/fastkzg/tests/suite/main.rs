//! The library's integration tests, one module per concern, each on every
//! backend compiled in (`backend_tests!`). One test binary, so that the
//! generic code is compiled once for all of them; the tests that switch
//! process-wide state (the IFMA switch, `fork`) have binaries of their own
//! (`ifma_switch`, `precompute`, `fork`), and the reference tests are the
//! binary `reference`.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod api_checks;
mod backend_agreement;
mod backend_malformed;
mod batch;
mod batch_verify;
mod differential_ckzg;
mod eip7594;
mod embedded_setup;
mod parallel;
mod toolkit;
mod verifier;
