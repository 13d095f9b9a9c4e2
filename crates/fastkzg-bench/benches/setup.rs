//! Trusted-setup loading: fastkzg (text file and embedded setup, at
//! precompute 0 and 8, until ready for every call, and the lazy
//! `load_mainnet` alone) against `c-kzg` 2.1.8 (`load_trusted_setup_file`,
//! `load_trusted_setup` on the embedded bytes) and `rust_eth_kzg` 0.10.0
//! (`TrustedSetup::from_json` / `TrustedSetup::default()` + `DASContext::new`).
//!
//! ```text
//! cargo bench -p fastkzg-bench --bench setup
//! cargo bench -p fastkzg-bench --features parallel --bench setup   # fastkzg at 1 and 2 threads
//! ```
//!
//! Note: `load_mainnet(8)` builds the FK20 tables at load; `warm_up()` builds
//! the lazily built tables (commitment table, FK20 data at level 0).

use fastkzg_bench::cases::{CKzg, Fastkzg, Inputs, Lib, Op, RustEthKzg};
use fastkzg_bench::threads::Threads;

fn main() {
    fastkzg_bench::peers::pin_blst_pool_to_one_thread();
    let mut c = fastkzg_bench::crit::config();
    let configs = Threads::configs();
    // Setup jobs load their own settings; these only carry the inputs.
    let ours: Vec<Fastkzg<fastkzg::Blst>> = configs
        .iter()
        .map(|t| Fastkzg::<fastkzg::Blst>::load(t.clone(), &[]))
        .collect();
    #[cfg(feature = "arkworks")]
    let ark = Fastkzg::<fastkzg::Arkworks>::load(configs[0].clone(), &[]);
    let inputs = Inputs::new(fastkzg::mainnet(), 1);
    let ck = CKzg::load(&inputs, &[]);
    let rek = RustEthKzg::load("rust-eth-kzg", Threads::caller(), &[]);
    let mut libs: Vec<&dyn Lib> = ours.iter().map(|l| l as &dyn Lib).collect();
    #[cfg(feature = "arkworks")]
    libs.push(&ark);
    libs.push(&ck);
    libs.push(&rek);
    fastkzg_bench::crit::bench_ops(&mut c, &Op::setup(), &libs, &inputs);
    c.final_summary();
}
