//! The two-thread half of the benchmark report (see `Cargo.toml` beside this
//! file for why it is a separate workspace). Run by `report`; writes its
//! results to the file given with `--child-mt`.

// rust_eth_kzg is a dependency only to switch on its `multithreaded` feature.
use rust_eth_kzg as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(fastkzg_bench::report::mt_child_main(
        args,
        "rust-eth-kzg MT",
    ));
}
