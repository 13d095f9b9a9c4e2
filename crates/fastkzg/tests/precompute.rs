//! c-kzg-4844's `precompute` contract: every level 0–15 loads and computes
//! the same cells and proofs, on a 256 KiB thread stack (a Java thread's
//! on some platforms; c-kzg's level 15 overflows it), with the AVX-512 IFMA
//! kernels on and off; each level's tables fit in its memory budget; no
//! level picks a plan ranked slower than a lower level's. (A test binary
//! of its own: the IFMA switch is process-wide.)

mod common;

use fastkzg::ethereum::precompute::{budget_points, fk20_plan, Fk20Plan};
use fastkzg::msm::dispatch::fixed_base_table;
use fastkzg::{DefaultBackend, KzgSettings, MAX_PRECOMPUTE};

const STACK: usize = 256 * 1024;

fn ifma_cpu() -> bool {
    cfg!(target_arch = "x86_64")
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512ifma")
}

#[test]
fn every_level_runs_on_a_small_stack_and_agrees() {
    let blob = common::random_blob(&mut common::rng(15));
    let reference = fastkzg::mainnet()
        .compute_cells_and_kzg_proofs(&blob)
        .expect("level-0 cells and proofs");
    let switches: &[bool] = if ifma_cpu() {
        &[true, false]
    } else {
        println!("skipped: the IFMA half (no AVX-512 IFMA on this CPU)");
        &[false]
    };
    for &ifma in switches {
        fastkzg::set_ifma(ifma);
        let mut plans = Vec::new();
        for level in 0..=MAX_PRECOMPUTE {
            let blob = blob.clone();
            // Loads and proves on a thread with a 256 KiB stack, serially
            // (so that all the work runs on that stack).
            let (plan, memory, out) = std::thread::Builder::new()
                .stack_size(STACK)
                .spawn(move || {
                    fastkzg::run_serial(|| {
                        let s = KzgSettings::<DefaultBackend>::load_mainnet(level).expect("load");
                        let out = s.compute_cells_and_kzg_proofs(&blob).expect("prove");
                        (s.fk20_plan(), s.memory_bytes(), out)
                    })
                })
                .expect("spawn")
                .join()
                .unwrap_or_else(|_| panic!("level {level} panicked (ifma {ifma})"));
            assert!(out.0 == reference.0, "cells at level {level}, ifma {ifma}");
            assert!(out.1 == reference.1, "proofs at level {level}, ifma {ifma}");
            assert_eq!(plan, fk20_plan(level, fixed_base_table::<DefaultBackend>()));
            assert!(plan.table_points() <= budget_points(level));
            println!(
                "ifma {ifma}: level {level:2} plan {plan:?} settings {:.1} MiB",
                memory as f64 / (1 << 20) as f64
            );
            plans.push(plan);
        }
        // Levels 0 and 8 differ (8 has tables); from 8 up, every level
        // uses level 8's plan or a larger one.
        assert_eq!(plans[0], Fk20Plan::NoTable);
        assert_ne!(plans[8], Fk20Plan::NoTable);
        assert!(plans[8..]
            .iter()
            .all(|p| p.table_points() >= plans[8].table_points()));
    }
    fastkzg::set_ifma(true);
}
