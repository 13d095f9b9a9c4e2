//! The JNI library of the fastkzg Java package.
//!
//! Two Java APIs share it:
//!
//! - `ethereum.ckzg4844.CKZG4844JNI` (module `ckzg`): a drop-in for
//!   jc-kzg-4844 2.1.x, the Java binding of c-kzg-4844: one global trusted
//!   setup, the same methods, argument checks, messages and exceptions;
//! - `io.fastkzg` (modules `settings`, `methods`, `extras`): settings and
//!   verify-only contexts (`KzgSettings`, `KzgVerifier`; no global), typed
//!   exceptions that name the input, its position and its blob, cells-only
//!   recovery, batch calls over many blobs, the spec's challenges and thread
//!   control.
//!
//! Every entry point runs its body under `failure::guard`: a Rust panic
//! (a defect, never expected from any input) becomes a Java exception and
//! never unwinds into the JVM. Computations run in the library's own pool
//! (module `pool`), with no lock held: settings and verifiers are
//! reference-counted (module `held`) and a lock is only taken to look them
//! up or swap them. There is no `unsafe`
//! code: the `jni` crate's safe API does every JNI call.

mod arrays;
mod ckzg;
mod extras;
mod failure;
mod held;
mod methods;
mod pool;
mod settings;
