//! `cargo run --release -p fastkzg-bench --bin report -- --quick`: measures
//! fastkzg against c-kzg, rust_eth_kzg and (with Go installed) go-eth-kzg and
//! writes `BENCHMARKS.md` and `docs/bench-results.tsv` (see
//! `fastkzg_bench::report`).

fn main() {
    std::process::exit(fastkzg_bench::report::main_with("rust-eth-kzg"));
}
