//! The consensus-spec reference tests and the checks around them: every
//! case of `spec-tests/` on every backend compiled in ([`spec_tests`]),
//! the folder against its manifest ([`spec_manifest`]), malformed inputs
//! ([`bad_inputs`]) and the EVM point-evaluation precompile
//! ([`point_evaluation`]). One test binary that builds without blst and
//! without `std` (scripts/check-pure-rust.sh runs it on the pure-Rust
//! build).

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod bad_inputs;
mod point_evaluation;
mod spec_manifest;
mod spec_tests;
