//! Many fixed-base MSMs over tables of signed subset sums
//! ([`SubsetSumMsm`]) in lock step, with affine arithmetic: the 128 row
//! MSMs of FK20.
//!
//! Each MSM is `Σ_k 2^k·S_k` over the `t` digit positions of a layer, where
//! `S_k` is the sum of one table entry per window (see [`super::subset_sum`]).
//! It runs in two phases, each made of rounds of independent affine
//! operations that share one inversion:
//!
//! 1. the sums `S_k`, an MSM at a time: its `t·W` entries are read (so
//!    one table of a few hundred KiB is in use at once and stays cached;
//!    the next one is prefetched meanwhile), then all `t` pairwise trees
//!    over the `W` entries run a level per round;
//! 2. `Σ_k 2^k·S_k` from the top position down, all MSMs in lock step:
//!    each step `A ← 2A + S_k` costs two rounds and, by the
//!    Eisenträger–Lauter–Montgomery formula, 2 divisions, 3M and 2S.
//!
//! Per MSM that is `t·(W − 1)` additions and `t` double-and-add steps:
//! with one layer of 256 digits and 7 windows of 9 or 10 points over 64
//! bases (2048 entries, as many as a window-8 table of
//! [`super::FixedBaseMsm`] holds), about 12.0 k multiplications against
//! 13.8 k for the 2048 additions and the 256-addition bucket reduction
//! over that table.

use super::batch_affine::{chord, chord_sum, prefix_products, Xy};
use super::subset_sum::{SubsetSumMsm, DIGITS, NEGATE};
use crate::backend::prefetch::prefetch;
use crate::backend::{Backend, BaseField, Group, Module};
use alloc::vec;
use alloc::vec::Vec;

/// Table entries prefetched per operation of a round (the trees of one
/// MSM over 64 bases in 7 windows make 1536 additions, its table holds
/// 2048 entries).
const AHEAD_PER_OP: usize = 2;

impl<B: Backend> SubsetSumMsm<B> {
    /// `Σ scalars[g][i]·bases_g[i]` for each table `g`, all in lock step on
    /// the calling thread (see the module docs). Tables that differ in
    /// their number of bases, layers or window size from the first are
    /// computed one by one.
    pub fn msm_many(tables: &[Self], scalars: &[Vec<B::Fr>]) -> Vec<B::G1> {
        let Some(first) = tables.first() else {
            return Vec::new();
        };
        let alike = tables.iter().all(|t| {
            (t.num_bases, t.layers, t.group) == (first.num_bases, first.layers, first.group)
                && t.table.len() < NEGATE as usize
        });
        if !alike || tables.len() != scalars.len() || first.num_bases == 0 {
            return tables
                .iter()
                .enumerate()
                .map(|(g, t)| t.msm(scalars.get(g).map_or(&[][..], |s| &s[..])))
                .collect();
        }
        let picks: Vec<Vec<u32>> = tables
            .iter()
            .zip(scalars)
            .map(|(t, s)| t.picks(s))
            .collect();
        let mut run = LockStep::<B>::new(tables.len(), first.windows(), DIGITS / first.layers);
        run.position_sums(tables, &picks);
        run.horner();
        run.results()
    }
}

/// How often the rare branches of [`LockStep::horner`] ran (tests only):
/// `S = A`, `S = −A`, `S` infinity, `A + S = −A`.
#[cfg(test)]
static RARE: [core::sync::atomic::AtomicUsize; 4] =
    [const { core::sync::atomic::AtomicUsize::new(0) }; 4];

/// Counts a rare branch (tests only).
#[inline(always)]
fn rare(_branch: usize) {
    #[cfg(test)]
    RARE[_branch].fetch_add(1, core::sync::atomic::Ordering::Relaxed);
}

/// `3·(x, y)` (the rare step where a sum meets its accumulator), by the
/// backend's group arithmetic.
fn triple<B: Backend>(a: &Xy<B::Fp>) -> Option<Xy<B::Fp>> {
    let p = B::g1_from_affine(&B::g1_affine_from_xy(a.x, a.y));
    let t = B::g1_batch_to_affine(&[p.double() + p]);
    t.first()
        .and_then(B::g1_affine_xy)
        .map(|(x, y)| Xy { x, y })
}

/// One addition of a round: `cells[dest] ← cells[dest] + cells[src]`
/// (`src = dest` for a doubling).
#[derive(Clone, Copy)]
struct Op {
    dest: u32,
    src: u32,
    doubling: bool,
}

/// The state of [`SubsetSumMsm::msm_many`], in one array of affine cells
/// (`None` is the point at infinity): the accumulators, the sums `S_k` of
/// every MSM, and the trees of one MSM's sums; and the operations of the
/// current round.
struct LockStep<B: Backend> {
    msms: usize,
    windows: usize,
    positions: usize,
    /// `msms` accumulators, `positions × msms` sums (position-major), then
    /// `positions × windows` tree cells.
    cells: Vec<Option<Xy<B::Fp>>>,
    ops: Vec<Op>,
    dens: Vec<B::Fp>,
    prefix: Vec<B::Fp>,
    /// The table read next (whose entries the rounds prefetch), and the
    /// next entry of it to prefetch.
    ahead: Option<usize>,
    ahead_done: usize,
}

impl<B: Backend> LockStep<B> {
    fn new(msms: usize, windows: usize, positions: usize) -> Self {
        LockStep {
            msms,
            windows,
            positions,
            cells: vec![None; msms + positions * msms + positions * windows],
            ops: Vec::new(),
            dens: Vec::new(),
            prefix: Vec::new(),
            ahead: None,
            ahead_done: 0,
        }
    }

    /// The cell of MSM `g`'s sum `S_k`.
    fn sum(&self, k: usize, g: usize) -> usize {
        self.msms + k * self.msms + g
    }

    /// The first cell of position `k`'s tree.
    fn tree(&self, k: usize) -> usize {
        self.msms + self.positions * self.msms + k * self.windows
    }

    /// Every sum `S_k` of every MSM, an MSM at a time: its `t·W` table
    /// entries (its table is read alone, so the pages and lines it spans
    /// stay cached), then the pairwise trees of all its positions, a level
    /// per round (with `n` items before a level and `m = ⌊n/2⌋`, item
    /// `i < m` takes item `i + n − m`).
    fn position_sums(&mut self, tables: &[SubsetSumMsm<B>], picks: &[Vec<u32>]) {
        for (g, (table, row)) in tables.iter().zip(picks).enumerate() {
            let leaves = self.tree(0);
            for (at, pick) in row.iter().enumerate() {
                let entry = B::g1_affine_xy(&table.table[(pick & !NEGATE) as usize]);
                self.cells[leaves + at] = entry.map(|(x, y)| Xy {
                    x,
                    y: if pick & NEGATE != 0 { -y } else { y },
                });
            }
            // The next table is prefetched whole, in order, while this
            // one's trees run: its scattered reads would otherwise miss.
            self.ahead = (g + 1 < tables.len()).then_some(g + 1);
            self.ahead_done = 0;
            let mut n = self.windows;
            while n > 1 {
                let m = n / 2;
                for k in 0..self.positions {
                    let at = self.tree(k);
                    for i in 0..m {
                        self.queue(at + i, at + i + n - m, false);
                    }
                }
                self.complete(tables);
                n -= m;
            }
            for k in 0..self.positions {
                let (sum, tree) = (self.sum(k, g), self.tree(k));
                self.cells[sum] = self.cells[tree];
            }
        }
    }

    /// `Σ_k 2^k·S_k` for every MSM, from the top position down. Each step
    /// `A ← 2A + S_k` is `(A + S_k) + A` without the middle point's `y`
    /// (Eisenträger, Lauter and Montgomery): with `λ₁` the slope of
    /// `A + S_k` and `x₃` its `x`, the slope of the second sum is
    /// `−λ₁ − 2y_A/(x₃ − x_A)`. Two rounds of shared inversion, whose
    /// denominators are `x_S − x_A` and `x₃ − x_A`: 2 divisions, 3M and 2S,
    /// against 2 divisions, 4M and 3S for a doubling and an addition.
    fn horner(&mut self) {
        let mut first: Vec<(u32, bool)> = Vec::with_capacity(self.msms);
        let mut second: Vec<(u32, B::Fp, B::Fp)> = Vec::with_capacity(self.msms);
        for k in (0..self.positions).rev() {
            // Round 1: the slope of A + S (or of 2A, where S is infinity).
            self.dens.clear();
            first.clear();
            for g in 0..self.msms {
                let s = self.cells[self.sum(k, g)];
                let Some(a) = self.cells[g] else {
                    self.cells[g] = s;
                    continue;
                };
                let Some(s) = s else {
                    rare(2);
                    if a.y.is_zero() {
                        self.cells[g] = None;
                    } else {
                        first.push((g as u32, true));
                        self.dens.push(a.y + a.y);
                    }
                    continue;
                };
                let dx = s.x - a.x;
                if dx.is_zero() {
                    // S = A: 3A; S = −A: 2A − A = A, unchanged.
                    if s.y == a.y {
                        rare(0);
                        self.cells[g] = triple::<B>(&a);
                    } else {
                        rare(1);
                    }
                    continue;
                }
                first.push((g as u32, false));
                self.dens.push(dx);
            }
            let mut inv = prefix_products(&self.dens, &mut self.prefix).inverse();
            second.clear();
            for (i, (g, doubling)) in first.iter().enumerate().rev() {
                let d_inv = inv * self.prefix[i];
                inv = inv * self.dens[i];
                let g = *g as usize;
                let Some(a) = self.cells[g] else {
                    continue;
                };
                if *doubling {
                    self.cells[g] = Some(chord_sum(&a, &a, d_inv, true));
                    continue;
                }
                let Some(s) = self.cells[self.sum(k, g)] else {
                    continue;
                };
                let l1 = (s.y - a.y) * d_inv;
                let x3 = l1.square() - a.x - s.x;
                second.push((g as u32, l1, x3));
            }
            // Round 2: (A + S) + A. x₃ = x_A means A + S = −A (it is not A,
            // as S is not infinity): the sum is infinity.
            self.dens.clear();
            second.retain(|(g, _, x3)| {
                let Some(a) = self.cells[*g as usize] else {
                    return false;
                };
                let d = *x3 - a.x;
                if d.is_zero() {
                    rare(3);
                    self.cells[*g as usize] = None;
                    return false;
                }
                self.dens.push(d);
                true
            });
            let mut inv = prefix_products(&self.dens, &mut self.prefix).inverse();
            for (i, (g, l1, x3)) in second.iter().enumerate().rev() {
                let d_inv = inv * self.prefix[i];
                inv = inv * self.dens[i];
                let g = *g as usize;
                let Some(a) = self.cells[g] else {
                    continue;
                };
                let l2 = -*l1 - (a.y + a.y) * d_inv;
                let x = l2.square() - a.x - *x3;
                let y = l2 * (a.x - x) - a.y;
                self.cells[g] = Some(Xy { x, y });
            }
        }
    }

    /// Queues `cells[dest] ← cells[dest] + cells[src]` (a doubling of
    /// `cells[dest]` with `doubling`), completing it at once where an
    /// operand is infinity or the sum is.
    fn queue(&mut self, dest: usize, src: usize, doubling: bool) {
        let Some(a) = self.cells[dest] else {
            if !doubling {
                self.cells[dest] = self.cells[src];
            }
            return;
        };
        let b = if doubling {
            a
        } else {
            match self.cells[src] {
                Some(b) => b,
                None => return,
            }
        };
        match chord(&a, &b) {
            None => self.cells[dest] = None,
            Some((den, doubling)) => {
                self.ops.push(Op {
                    dest: dest as u32,
                    src: src as u32,
                    doubling,
                });
                self.dens.push(den);
            }
        }
    }

    /// Completes the round's operations with one shared inversion,
    /// prefetching the next table on the way.
    fn complete(&mut self, tables: &[SubsetSumMsm<B>]) {
        if self.ops.is_empty() {
            return;
        }
        let mut inv = prefix_products(&self.dens, &mut self.prefix).inverse();
        for i in (0..self.ops.len()).rev() {
            if let Some(next) = self.ahead.and_then(|t| tables.get(t)) {
                for e in next.table.iter().skip(self.ahead_done).take(AHEAD_PER_OP) {
                    prefetch(e);
                }
                self.ahead_done += AHEAD_PER_OP;
            }
            let d_inv = inv * self.prefix[i];
            inv = inv * self.dens[i];
            let op = self.ops[i];
            let (Some(a), Some(b)) = (self.cells[op.dest as usize], self.cells[op.src as usize])
            else {
                continue;
            };
            self.cells[op.dest as usize] = Some(chord_sum(&a, &b, d_inv, op.doubling));
        }
        self.ops.clear();
        self.dens.clear();
    }

    /// The accumulators as group points.
    fn results(&self) -> Vec<B::G1> {
        self.cells[..self.msms]
            .iter()
            .map(|c| match c {
                Some(p) => B::g1_from_affine(&B::g1_affine_from_xy(p.x, p.y)),
                None => B::G1::zero(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Group, Scalar};
    use crate::msm::g1_lincomb_naive;
    use crate::DefaultBackend;

    type Fr = <DefaultBackend as Backend>::Fr;
    type G1 = <DefaultBackend as Backend>::G1;

    /// Against the naive sums, MSMs of one shape in lock step: windows of
    /// one point (no tree), of two and three (one and two levels), a
    /// shorter last window, several layers; bases with infinity, repeated
    /// and opposite points; scalars 0, ±1, 2, r − 1 and pseudo-random ones,
    /// and sets whose sums cancel to infinity or double.
    #[test]
    fn lock_step_matches_naive() {
        let mut x = Fr::from_u64(0x10c5);
        let mut next = || {
            x = x * x + Fr::from_u64(5);
            x
        };
        let mut points: Vec<G1> = (0..11).map(|_| G1::generator() * &next()).collect();
        points[2] = G1::zero();
        points[5] = points[4];
        points[7] = -points[6];
        let bases = DefaultBackend::g1_batch_to_affine(&points);
        let mut sets: Vec<Vec<Fr>> = (0..5).map(|_| (0..11).map(|_| next()).collect()).collect();
        sets.push(vec![Fr::zero(); 11]);
        sets.push(vec![Fr::one(); 11]);
        sets.push(vec![-Fr::one(); 11]);
        let mut edge: Vec<Fr> = (0..11).map(|_| next()).collect();
        edge[0] = Fr::zero();
        edge[1] = Fr::from_u64(2);
        edge[4] = Fr::from_u64(3);
        edge[5] = -Fr::from_u64(3);
        edge[6] = Fr::from_u64(9);
        edge[7] = Fr::from_u64(9);
        sets.push(edge);
        // Base 1 alone, with base 3 = base 1: the sum doubles.
        let mut twice = vec![Fr::zero(); 11];
        twice[1] = Fr::from_u64(77);
        sets.push(twice);
        let naive: Vec<G1> = sets
            .iter()
            .map(|s| g1_lincomb_naive::<DefaultBackend>(&bases, s))
            .collect();
        for (layers, group) in [
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 4),
            (1, 10),
            (4, 5),
            (8, 16),
            (256, 7),
        ] {
            let tables: Vec<SubsetSumMsm<DefaultBackend>> = sets
                .iter()
                .map(|_| SubsetSumMsm::new(&bases, layers, group))
                .collect();
            assert_eq!(
                SubsetSumMsm::msm_many(&tables, &sets),
                naive,
                "layers {layers}, group {group}"
            );
            assert_eq!(
                SubsetSumMsm::msm_many(&tables[..1], &sets[..1]),
                naive[..1],
                "one MSM, layers {layers}, group {group}"
            );
        }
        // Tables of another shape fall back to one MSM at a time; so do
        // missing scalar sets.
        let mixed = vec![
            SubsetSumMsm::<DefaultBackend>::new(&bases, 1, 10),
            SubsetSumMsm::<DefaultBackend>::new(&bases[..5], 1, 10),
        ];
        let short = vec![sets[0].clone(), sets[1][..5].to_vec()];
        let expected = vec![
            naive[0],
            g1_lincomb_naive::<DefaultBackend>(&bases[..5], &sets[1][..5]),
        ];
        assert_eq!(SubsetSumMsm::msm_many(&mixed, &short), expected);
        assert_eq!(
            SubsetSumMsm::msm_many(&mixed, &short[..1]),
            vec![naive[0], G1::zero()]
        );
        assert!(SubsetSumMsm::<DefaultBackend>::msm_many(&[], &[]).is_empty());
    }

    /// The rare steps of the accumulator chain against the naive sums:
    /// one base, or a window of equal and opposite bases, with small
    /// scalars and their negations, whose partial sums meet the window sums
    /// (`S = ±A`, `S` infinity, `2A + S` infinity); each of those branches
    /// must run.
    #[test]
    fn rare_steps_match_naive() {
        use core::sync::atomic::Ordering;
        let p = G1::generator() * &Fr::from_u64(0x1234_5678);
        let configs = [vec![p], vec![p, p], vec![p, -p], vec![p, p + p, -p]];
        let small: Vec<Fr> = (0..24u64)
            .flat_map(|v| [Fr::from_u64(v), -Fr::from_u64(v)])
            .collect();
        for points in configs {
            let bases = DefaultBackend::g1_batch_to_affine(&points);
            let sets: Vec<Vec<Fr>> = small
                .iter()
                .flat_map(|a| {
                    small
                        .iter()
                        .step_by(3)
                        .map(|b| [*a, *b, *a + *b].into_iter().take(points.len()).collect())
                })
                .collect();
            let tables: Vec<SubsetSumMsm<DefaultBackend>> = sets
                .iter()
                .map(|_| SubsetSumMsm::new(&bases, 1, points.len()))
                .collect();
            let naive: Vec<G1> = sets
                .iter()
                .map(|s| g1_lincomb_naive::<DefaultBackend>(&bases, s))
                .collect();
            assert_eq!(
                SubsetSumMsm::msm_many(&tables, &sets),
                naive,
                "{} bases",
                points.len()
            );
        }
        for (branch, count) in RARE.iter().enumerate() {
            assert!(
                count.load(Ordering::Relaxed) > 0,
                "branch {branch} never ran"
            );
        }
    }
}
