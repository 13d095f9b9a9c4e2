//! `peak-memory LIB PRECOMPUTE`: loads one library's settings (`fastkzg`,
//! `c-kzg`, `rust-eth-kzg`, or `none` for the baseline), calls every API
//! function once, and prints the peak resident memory (`VmHWM`) after
//! loading and at the end. The report runs the same code in a fresh process
//! per library (see `fastkzg_bench::memory`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(fastkzg_bench::memory::child_main(&args));
}
