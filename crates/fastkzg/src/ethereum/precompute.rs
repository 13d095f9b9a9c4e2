//! What a `precompute` level builds for cell proofs.
//!
//! c-kzg-4844's contract: a higher level trades memory for speed. Its level
//! `p ≥ 1` holds `2^(p−1)` multiples of each of the 64 points of each of
//! the 128 FK20 rows (`0.75 MiB · 2^(p−1)` with 96-byte affine points), so
//! its levels double in memory. Here each level has the same memory budget
//! (counted in affine points, so that every backend gets the same plan) and
//! gets the fastest FK20 table plan that fits in it. The candidates are
//! ranked by measured speed (docs/precompute.md), so a higher level is never
//! slower than a lower one, and every level from the first whose budget
//! holds the fastest plan on is as fast as any other.

use crate::ethereum::constants::{CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL};
use crate::msm::dispatch::FixedBaseTable;

/// The largest accepted `precompute` level (as in c-kzg-4844).
pub const MAX_PRECOMPUTE: usize = 15;

/// How the 128 row MSMs of FK20 run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fk20Plan {
    /// No table: the variable-base MSM (the backend's kernel, or
    /// batch-affine over shifted copies of the rows).
    NoTable,
    /// Signed subset sums over windows of at most this many of a row's
    /// points ([`Fk20::build_subset_sum_tables`](crate::kzg::Fk20::build_subset_sum_tables)).
    Subsets(usize),
    /// Pippenger with precomputation of this window
    /// ([`FixedBaseMsm`](crate::msm::FixedBaseMsm)).
    Window(usize),
}

impl Fk20Plan {
    /// Affine points the plan's tables hold per row of `points` points.
    pub fn points_per_row(self, points: usize) -> usize {
        match self {
            Fk20Plan::NoTable => 0,
            Fk20Plan::Subsets(group) => {
                // Windows as even as possible: `extra` of them one point
                // larger; a window of `s` points holds 2^(s−1) entries.
                let windows = points.div_ceil(group.clamp(1, 16));
                let (size, extra) = (points / windows, points % windows);
                extra * (1 << size) + (windows - extra) * (1 << (size - 1))
            }
            Fk20Plan::Window(w) => {
                // Signed digits of a scalar below r (its top byte is 0x73,
                // so windows dividing 256 need no carry digit).
                let digits = if 256 % w == 0 {
                    256 / w
                } else {
                    257usize.div_ceil(w)
                };
                points * digits
            }
        }
    }

    /// Affine points the plan's tables hold for the 128 FK20 rows.
    pub fn table_points(self) -> usize {
        CELLS_PER_EXT_BLOB * self.points_per_row(FIELD_ELEMENTS_PER_CELL)
    }
}

/// The budget of `precompute`, in affine points: what c-kzg-4844's tables
/// hold at that level (none at level 0).
pub fn budget_points(precompute: usize) -> usize {
    match precompute {
        0 => 0,
        p => (CELLS_PER_EXT_BLOB * FIELD_ELEMENTS_PER_CELL) << (p.min(MAX_PRECOMPUTE) - 1),
    }
}

/// The candidate plans, slowest first, for the table family that is
/// fastest on this CPU ([`crate::msm::dispatch::fixed_base_table`]:
/// Pippenger windows where the backend's MSM kernels run, blst's AVX-512
/// IFMA kernels, else subset sums). Plans that were not faster than a
/// cheaper one are left out (docs/precompute.md has the measurements):
/// larger subset-sum windows (60 MiB and more) and the windows of other
/// sizes.
fn candidates(table: FixedBaseTable) -> &'static [Fk20Plan] {
    if table == FixedBaseTable::Window {
        // The kernel's own fixed-base MSM over a window-9 table (22 MiB with
        // blst); subset sums run without the kernel and lose to it.
        &[Fk20Plan::NoTable, Fk20Plan::Window(9)]
    } else {
        // 8 windows of 8 points (12 MiB with blst), then 7 windows of 9 or
        // 10 (24 MiB).
        &[
            Fk20Plan::NoTable,
            Fk20Plan::Subsets(8),
            Fk20Plan::Subsets(10),
        ]
    }
}

/// The fastest plan of the `table` family whose tables fit in the budget
/// of `precompute`.
pub fn fk20_plan(precompute: usize, table: FixedBaseTable) -> Fk20Plan {
    let budget = budget_points(precompute);
    candidates(table)
        .iter()
        .rev()
        .copied()
        .find(|plan| plan.table_points() <= budget)
        .unwrap_or(Fk20Plan::NoTable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        // 8 windows of 8 points: 8·128 entries; 7 windows of 9 or 10
        // points: 512 + 6·256.
        assert_eq!(Fk20Plan::Subsets(8).points_per_row(64), 1024);
        assert_eq!(Fk20Plan::Subsets(9).points_per_row(64), 1024);
        assert_eq!(Fk20Plan::Subsets(10).points_per_row(64), 2048);
        assert_eq!(Fk20Plan::Window(8).points_per_row(64), 64 * 32);
        assert_eq!(Fk20Plan::Window(9).points_per_row(64), 64 * 29);
        assert_eq!(Fk20Plan::Window(5).points_per_row(64), 64 * 52);
        assert_eq!(budget_points(8), 128 * 64 * 128);
    }

    #[test]
    fn levels_never_lose_a_plan_and_respect_the_budget() {
        for table in [FixedBaseTable::SubsetSums, FixedBaseTable::Window] {
            let rank = |p: Fk20Plan| candidates(table).iter().position(|&c| c == p);
            assert_eq!(fk20_plan(0, table), Fk20Plan::NoTable);
            let mut last = 0;
            for level in 0..=MAX_PRECOMPUTE {
                let plan = fk20_plan(level, table);
                assert!(plan.table_points() <= budget_points(level));
                let r = rank(plan).expect("a candidate");
                assert!(r >= last, "level {level} picks a slower plan");
                last = r;
            }
            // Level 8 (the one c-kzg recommends) already gets the fastest.
            assert_eq!(rank(fk20_plan(8, table)), Some(candidates(table).len() - 1));
        }
    }
}
