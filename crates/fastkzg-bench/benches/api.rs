//! The Ethereum API (EIP-4844 and EIP-7594) of fastkzg side by side with the
//! `c-kzg` 2.1.8 and `rust_eth_kzg` 0.10.0 crates, same inputs, same run.
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench api                        # fastkzg serial
//! cargo bench -p fastkzg-bench --features parallel --bench api    # fastkzg at 1 and 2 threads
//! cargo bench -p fastkzg-bench --all-features --bench api         # + the arkworks backend
//! cargo bench -p fastkzg-bench --bench api -- verify_cell         # a filter
//! ```
//!
//! Groups are named after the functions (`compute_cells_and_kzg_proofs/
//! precompute_8`, ...), benchmarks after the libraries. rust_eth_kzg runs its
//! default (no rayon) build with blst's internal pool pinned to one worker,
//! i.e. single-threaded (see `fastkzg_bench::peers`); its `multithreaded`
//! build is compared by the report (`--bin report`, nested crate `mt/`).
//! For `cargo bench` the precompute levels are 0 and 8.

use fastkzg_bench::cases::{CKzg, Fastkzg, Inputs, Lib, Op, RustEthKzg, PRECOMPUTES};
use fastkzg_bench::threads::Threads;

fn main() {
    fastkzg_bench::peers::pin_blst_pool_to_one_thread();
    let mut c = fastkzg_bench::crit::config();
    let configs = Threads::configs();
    let ours = Fastkzg::<fastkzg::Blst>::load(configs[0].clone(), &PRECOMPUTES);
    let ours_more: Vec<Fastkzg<fastkzg::Blst>> = configs[1..]
        .iter()
        .map(|t| ours.on_threads(t.clone()))
        .collect();
    #[cfg(feature = "arkworks")]
    let ark = Fastkzg::<fastkzg::Arkworks>::load(configs[0].clone(), &PRECOMPUTES);
    let inputs = configs[0].run(|| Inputs::new(ours.get(8).expect("p8"), 64));
    let ck = CKzg::load(&inputs, &PRECOMPUTES);
    let rek = RustEthKzg::load("rust-eth-kzg", Threads::caller(), &PRECOMPUTES);
    let mut libs: Vec<&dyn Lib> = vec![&ours];
    libs.extend(ours_more.iter().map(|l| l as &dyn Lib));
    #[cfg(feature = "arkworks")]
    libs.push(&ark);
    libs.push(&ck);
    libs.push(&rek);
    fastkzg_bench::crit::bench_ops(&mut c, &Op::api(), &libs, &inputs);
    c.final_summary();
}
