//! The Ethereum API (EIP-4844 and EIP-7594) of fastkzg side by side with the
//! `c-kzg` 2.1.8 and `rust_eth_kzg` 0.10.0 crates, same inputs, same run:
//! the report's case table ([`fastkzg_bench::cases`]) under criterion.
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench api                        # fastkzg serial
//! cargo bench -p fastkzg-bench --features parallel --bench api    # + fastkzg at 2 threads
//! cargo bench -p fastkzg-bench --all-features --bench api         # + the arkworks backend
//! cargo bench -p fastkzg-bench --bench api -- verify_cell         # a filter
//! ```
//!
//! Groups are the case keys, benchmarks the libraries. rust_eth_kzg's
//! `multithreaded` build is compared by the report (nested crate `mt/`).

use fastkzg_bench::cases::{api_cases, Inputs, PRECOMPUTES};

fn main() {
    let mut c = fastkzg_bench::crit::config();
    let libs = fastkzg_bench::crit::libs(&PRECOMPUTES);
    let ks = fastkzg::KzgSettings::load_mainnet(8).expect("embedded setup");
    let inputs = Inputs::new(fastkzg_bench::Fixture::new(&ks, 64));
    fastkzg_bench::crit::bench_cases(&mut c, &api_cases(), &libs, &inputs);
    c.final_summary();
}
