//! Trusted-setup loading, the report's setup cases under criterion: fastkzg
//! (text file and embedded setup, at precompute 0 and 8, until ready for
//! every call, and the lazy `load_mainnet` alone) against `c-kzg` 2.1.8 and
//! `rust_eth_kzg` 0.10.0.
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench setup
//! cargo bench -p fastkzg-bench --features parallel --bench setup   # + fastkzg at 2 threads
//! ```

use fastkzg_bench::cases::{setup_cases, Inputs};

fn main() {
    let mut c = fastkzg_bench::crit::config();
    // Setup cases load their own settings.
    let libs = fastkzg_bench::crit::libs(&[0]);
    let inputs = Inputs::new(fastkzg_bench::Fixture::new(fastkzg::mainnet(), 1));
    fastkzg_bench::crit::bench_cases(&mut c, &setup_cases(), &libs, &inputs);
    c.final_summary();
}
