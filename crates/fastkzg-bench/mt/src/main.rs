//! The two-thread process of the benchmark report (see `Cargo.toml` beside
//! this file for why it is a separate workspace); the report runs it.

// rust_eth_kzg is a dependency only to switch on its `multithreaded` feature.
use rust_eth_kzg as _;

fn main() {
    std::process::exit(fastkzg_bench::report::main_with("rust-eth-kzg MT"));
}
