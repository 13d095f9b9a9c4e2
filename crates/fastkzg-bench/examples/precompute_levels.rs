//! Load time, memory and cell-proof speed of each precompute level, for the
//! README's precompute table (the c-kzg README has the same table).
//!
//! For each level: the time to load the embedded mainnet setup and build that
//! level's FK20 tables (`KzgSettings::load_mainnet(p)` followed by
//! `warm_up()`, which also builds the level-independent commitment table and
//! FK20 rows), the settings' memory (`memory_bytes()`), and the median of
//! `compute_cells_and_kzg_proofs` over a few blobs, with its speed-up over
//! level 0. One thread; nothing is asserted.
//!
//! ```text
//! cargo run --release -p fastkzg-bench --example precompute_levels [-- 0 4 8 12]
//! ```

use std::time::Instant;

use fastkzg::KzgSettings;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let levels: Vec<usize> = {
        let given: Vec<usize> = std::env::args()
            .skip(1)
            .filter_map(|a| a.parse().ok())
            .collect();
        if given.is_empty() {
            vec![0, 4, 6, 8, 10, 12, 15]
        } else {
            given
        }
    };
    let blobs = fastkzg_bench::random_blobs(5, 7);
    println!("| precompute | load + tables | memory (`memory_bytes`) | compute_cells_and_kzg_proofs | speed-up |");
    println!("|---|---:|---:|---:|---:|");
    let mut base = None;
    for p in levels {
        let t = Instant::now();
        let ks = KzgSettings::<fastkzg::Blst>::load_mainnet(p).expect("embedded setup");
        ks.warm_up();
        let load = t.elapsed().as_secs_f64();
        let times: Vec<f64> = blobs
            .iter()
            .map(|b| {
                let t = Instant::now();
                std::hint::black_box(ks.compute_cells_and_kzg_proofs(b).expect("cells"));
                t.elapsed().as_secs_f64()
            })
            .collect();
        let cells = median(times);
        let base_time = *base.get_or_insert(cells);
        println!(
            "| {p} | {:.2} s | {:.1} MiB | {:.0} ms | {:.2}× |",
            load,
            ks.memory_bytes() as f64 / (1 << 20) as f64,
            cells * 1e3,
            base_time / cells
        );
    }
}
