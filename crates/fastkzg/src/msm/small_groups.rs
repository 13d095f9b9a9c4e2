//! Many small MSMs at once whose scalars are given in GLV form `a + b·λ`
//! with `a, b < 2^64` (the per-column proof sums of a cell batch): Straus's
//! method with one affine accumulator per MSM, all MSMs in lock step.
//!
//! Each point's table holds its odd multiples `P, 3P, …, 15P`
//! ([`odd_multiples_affine`], in lock step over all points) and the `x` of
//! their images under the endomorphism φ (one product each), so
//! `a·P + b·φ(P)` is two width-5 NAFs of 64 bits over one table. The terms
//! that an MSM has at one bit are first summed (binary trees, a level of
//! all trees at a time); then, from the top bit down, every accumulator is
//! doubled and that bit's sum added (in one step without the intermediate
//! `y`, [`PairSums::double_add_all`]). Every step is a batch of independent
//! affine additions sharing one inversion ([`PairSums`]): about 5M + 1S
//! per addition and 5M + 2S per doubling, against 7M + 4S and 2M + 5S on a
//! Jacobian accumulator, and unlike the bucket method an MSM of a few
//! points pays no bucket reduction. The chain has 65 doublings instead of
//! the 128 of a 128-bit scalar. With fewer than 32 MSMs a step of the
//! chain shares its inversion among too few accumulators to repay it, and
//! the chains run on projective accumulators instead.
//!
//! For eight blobs × 128 cells (128 MSMs of 8 points) that is about 39 k
//! additions and doublings, and faster than the two 1024-point bucket MSMs
//! it replaces (`LL` and `RLP`; see `verify_cell_kzg_proof_batch`) from
//! about six points per MSM (docs/performance-notes.md, "Small MSMs").

use super::batch_affine::{chord, chord_sum, prefix_products, Xy};
use super::jacobian::{odd_multiples_affine, TABLE_LEN};
use super::wnaf::WINDOW;
use crate::backend::{Backend, BaseField, Group, Module};
use alloc::vec;
use alloc::vec::Vec;

/// The affine sum of each group: `Σ_{i ∈ groups[g]} (a_i + b_i·λ)·P_i`
/// for `halves[i] = (a_i, b_i)`, `None` for the point at infinity. Points
/// must be in G1 (φ acts as λ there only); points at infinity and zero
/// scalars are skipped, an index may occur in several groups, and indices
/// beyond the shorter of `points` and `halves` are ignored. Variable time
/// (public inputs only).
pub(crate) fn glv_group_sums<B: Backend>(
    points: &[B::G1Affine],
    halves: &[(u64, u64)],
    groups: &[Vec<usize>],
) -> Vec<Option<(B::Fp, B::Fp)>> {
    let n = points.len().min(halves.len());
    // The points that take part, each with its table offset.
    let mut slot = vec![u32::MAX; n];
    let mut bases = Vec::new();
    for g in groups {
        for &i in g.iter().filter(|i| **i < n) {
            if slot[i] != u32::MAX || halves[i] == (0, 0) {
                continue;
            }
            if let Some(xy) = B::g1_affine_xy(&points[i]) {
                slot[i] = bases.len() as u32;
                bases.push(xy);
            }
        }
    }
    let table = odd_multiples_affine(&bases);
    let beta = B::g1_glv_beta();
    let phi: Vec<B::Fp> = table.iter().map(|(x, _)| beta * *x).collect();
    // Each group's terms at each bit summed, a block of groups at a time
    // (so that the sums' operands stay in the core's cache): the terms
    // sorted by target (group·BITS + bit, counting sort), then summed as
    // binary trees, a level of every tree of the block at a time, in
    // place (a run's pairs (2j, 2j + 1) go to position j, an odd last term
    // after them).
    let zero = Xy {
        x: B::Fp::zero(),
        y: B::Fp::zero(),
    };
    let mut bit_sums: Vec<Option<Xy<B::Fp>>> = vec![None; groups.len() * BITS];
    let mut pairs = PairSums::default();
    let mut terms: Vec<(u32, u32)> = Vec::new();
    let mut run: Vec<Xy<B::Fp>> = Vec::new();
    let mut lefts: Vec<usize> = Vec::new();
    let mut gone: Vec<bool> = Vec::new();
    let mut starts = vec![0usize; BLOCK * BITS + 1];
    let mut lens = vec![0usize; BLOCK * BITS];
    for (block, chunk) in groups.chunks(BLOCK).enumerate() {
        // The terms: (target in the block, entry·4 + 2·φ + negative).
        terms.clear();
        for (g, members) in chunk.iter().enumerate() {
            for &i in members {
                if i >= n || slot[i] == u32::MAX {
                    continue;
                }
                let at = slot[i] * TABLE_LEN as u32;
                let (a, b) = halves[i];
                for (k, flag) in [(a, 0u32), (b, 2)] {
                    for_each_naf_digit(k, |bit, d| {
                        let entry = at + (d.unsigned_abs() / 2) as u32;
                        terms.push(((g * BITS + bit) as u32, entry << 2 | flag | (d < 0) as u32));
                    });
                }
            }
        }
        let targets = chunk.len() * BITS;
        starts[..=targets].iter_mut().for_each(|v| *v = 0);
        for (t, _) in &terms {
            starts[*t as usize + 1] += 1;
        }
        for t in 0..targets {
            starts[t + 1] += starts[t];
        }
        lens[..targets].iter_mut().for_each(|v| *v = 0);
        run.clear();
        run.resize(terms.len(), zero);
        gone.clear();
        gone.resize(terms.len(), false);
        for (t, code) in &terms {
            let t = *t as usize;
            let e = (*code >> 2) as usize;
            let (x, y) = table[e];
            let x = if code & 2 != 0 { phi[e] } else { x };
            let y = if code & 1 != 0 { -y } else { y };
            run[starts[t] + lens[t]] = Xy { x, y };
            lens[t] += 1;
        }
        loop {
            lefts.clear();
            for t in 0..targets {
                lefts.extend((0..lens[t] / 2).map(|j| starts[t] + 2 * j));
            }
            if lefts.is_empty() {
                break;
            }
            for chunk in lefts.chunks(CHUNK) {
                pairs.add_neighbours(&mut run, chunk, &mut gone);
            }
            for t in 0..targets {
                let (s, len) = (starts[t], lens[t]);
                if len < 2 {
                    continue;
                }
                let mut k = 0;
                for j in 0..len / 2 {
                    // The flag is taken: the position may hold a new point
                    // at the next level.
                    if !core::mem::take(&mut gone[s + 2 * j]) {
                        run[s + k] = run[s + 2 * j];
                        k += 1;
                    }
                }
                if len % 2 == 1 {
                    run[s + k] = run[s + len - 1];
                    k += 1;
                }
                lens[t] = k;
            }
        }
        let base = block * BLOCK * BITS;
        for t in 0..targets {
            bit_sums[base + t] = (lens[t] > 0).then(|| run[starts[t]]);
        }
    }
    if groups.len() < AFFINE_CHAIN_MIN_GROUPS {
        return projective_chains::<B>(&bit_sums, groups.len());
    }
    let mut acc: Vec<Option<Xy<B::Fp>>> = vec![None; groups.len()];
    let mut sums: Vec<Option<Xy<B::Fp>>> = vec![None; groups.len()];
    for bit in (0..BITS).rev() {
        for (g, s) in sums.iter_mut().enumerate() {
            let t = g * BITS + bit;
            *s = bit_sums[t];
        }
        pairs.double_add_all(&mut acc, &sums);
    }
    acc.into_iter().map(|p| p.map(|p| (p.x, p.y))).collect()
}

/// `Σ_bit 2^bit·bit_sums[g·BITS + bit]` for each of `groups` groups, on
/// projective accumulators (a doubling and a mixed addition per bit), made
/// affine together at the end.
fn projective_chains<B: Backend>(
    bit_sums: &[Option<Xy<B::Fp>>],
    groups: usize,
) -> Vec<Option<(B::Fp, B::Fp)>> {
    let acc: Vec<B::G1> = (0..groups)
        .map(|g| {
            bit_sums[g * BITS..(g + 1) * BITS]
                .iter()
                .rev()
                .fold(B::G1::zero(), |acc, sum| {
                    let acc = acc.double();
                    match sum {
                        Some(p) => B::g1_add_affine(&acc, &B::g1_affine_from_xy(p.x, p.y)),
                        None => acc,
                    }
                })
        })
        .collect();
    B::g1_batch_to_affine(&acc)
        .iter()
        .map(|p| B::g1_affine_xy(p))
        .collect()
}

/// Batches of independent affine additions, each completed with one shared
/// inversion (Montgomery's trick), and the scratch space they reuse.
struct PairSums<F> {
    dens: Vec<F>,
    prefix: Vec<F>,
    /// The queued additions: index, and whether a doubling.
    queue: Vec<(usize, bool)>,
    /// Sums of [`PairSums::double_add_all`] between its two steps: index,
    /// the first slope and `x₃`, and the second denominators.
    pending: Vec<(usize, F, F)>,
    second: Vec<F>,
}

impl<F> Default for PairSums<F> {
    fn default() -> Self {
        PairSums {
            dens: Vec::new(),
            prefix: Vec::new(),
            queue: Vec::new(),
            pending: Vec::new(),
            second: Vec::new(),
        }
    }
}

impl<F: BaseField> PairSums<F> {
    /// Queues `acc + p` as addition `i`; false where the sum is the point at
    /// infinity (`p = −acc`, nothing queued).
    fn queue(&mut self, i: usize, acc: &Xy<F>, p: &Xy<F>) -> bool {
        let Some((den, doubling)) = chord(acc, p) else {
            return false;
        };
        self.dens.push(den);
        self.queue.push((i, doubling));
        true
    }

    /// Completes the queued additions with one shared inversion: each
    /// one's operands are read again from `store` (the same as queued) and
    /// its sum written back there; the queue is emptied.
    fn complete<S: ?Sized>(
        &mut self,
        store: &mut S,
        operands: impl Fn(&S, usize) -> Option<(Xy<F>, Xy<F>)>,
        mut write: impl FnMut(&mut S, usize, Xy<F>),
    ) {
        invert_in_place(&mut self.dens, &mut self.prefix);
        for (&(i, doubling), d_inv) in self.queue.iter().zip(&self.dens) {
            if let Some((acc, p)) = operands(store, i) {
                write(store, i, chord_sum(&acc, &p, *d_inv, doubling));
            }
        }
        self.dens.clear();
        self.queue.clear();
    }

    /// `run[i] += run[i + 1]` for every `i` in `lefts` (distinct, none of
    /// them another's `i + 1`); `gone[i]` is set where the sum is the point
    /// at infinity (`run[i] = −run[i + 1]`).
    fn add_neighbours(&mut self, run: &mut [Xy<F>], lefts: &[usize], gone: &mut [bool]) {
        for &i in lefts {
            if !self.queue(i, &run[i], &run[i + 1]) {
                gone[i] = true;
            }
        }
        self.complete(run, |r, i| Some((r[i], r[i + 1])), |r, i, sum| r[i] = sum);
    }

    /// `acc[i] ← 2·acc[i] + sums[i]` for every `i` (`None` is the point
    /// at infinity), two shared inversions for all: a doubling where
    /// `sums[i]` is the point at infinity, else `(acc + s) + acc` without
    /// the first sum's `y` (Eisenträger, Lauter and Montgomery: the second
    /// slope is `−λ₁ − 2·y_acc/(x₃ − x_acc)`), 9M + 2S against 10M + 3S
    /// for a doubling and then an addition.
    fn double_add_all(&mut self, acc: &mut [Option<Xy<F>>], sums: &[Option<Xy<F>>]) {
        // Step 1: the doublings' and the first sums' denominators.
        for (i, (a, s)) in acc.iter_mut().zip(sums).enumerate() {
            match (*a, *s) {
                (None, s) => *a = s,
                (Some(p), None) => {
                    if !self.queue(i, &p, &p) {
                        *a = None;
                    }
                }
                (Some(p), Some(q)) => match chord(&p, &q) {
                    // s = −acc: 2·acc + s = acc.
                    None => {}
                    // s = acc (rare): 3·acc, one inversion at a time.
                    Some((_, true)) => *a = add_slow(&p, &p).and_then(|d| add_slow(&d, &p)),
                    Some((den, false)) => {
                        self.dens.push(den);
                        self.queue.push((i, false));
                    }
                },
            }
        }
        invert_in_place(&mut self.dens, &mut self.prefix);
        // The doublings complete; the sums give x₃ and the second
        // denominators.
        self.pending.clear();
        self.second.clear();
        for (&(i, sum), inv) in self.queue.iter().zip(&self.dens) {
            let Some(p) = acc[i] else { continue };
            match (sum, sums[i]) {
                (false, Some(q)) => {
                    let lambda = (q.y - p.y) * *inv;
                    let x3 = lambda.square() - p.x - q.x;
                    let den = x3 - p.x;
                    if den.is_zero() {
                        // acc + s = −acc: the result is the point at infinity.
                        acc[i] = None;
                    } else {
                        self.second.push(den);
                        self.pending.push((i, lambda, x3));
                    }
                }
                _ => acc[i] = Some(chord_sum(&p, &p, *inv, true)),
            }
        }
        self.dens.clear();
        self.queue.clear();
        // Step 2: (acc + s) + acc.
        invert_in_place(&mut self.second, &mut self.prefix);
        for (&(i, lambda, x3), inv) in self.pending.iter().zip(&self.second) {
            if let Some(p) = acc[i] {
                let lambda2 = -lambda - (p.y + p.y) * *inv;
                let x = lambda2.square() - p.x - x3;
                let y = lambda2 * (p.x - x) - p.y;
                acc[i] = Some(Xy { x, y });
            }
        }
    }
}

/// `p + q` with an inversion of its own (`None` for the point at infinity).
fn add_slow<F: BaseField>(p: &Xy<F>, q: &Xy<F>) -> Option<Xy<F>> {
    chord(p, q).map(|(den, doubling)| chord_sum(p, q, den.inverse(), doubling))
}

/// `dens[k] ← 1/dens[k]` for every `k` (all non-zero) with one inversion
/// (Montgomery's trick; `prefix` is scratch space).
fn invert_in_place<F: BaseField>(dens: &mut [F], prefix: &mut Vec<F>) {
    if dens.is_empty() {
        return;
    }
    let mut inv = prefix_products(dens, prefix).inverse();
    for (d, before) in dens.iter_mut().zip(prefix.iter()).rev() {
        let next = inv * *d;
        *d = inv * *before;
        inv = next;
    }
}

/// Groups whose tree sums run together.
const BLOCK: usize = 8;

/// The fewest groups whose chains of doublings run in lock step (affine,
/// one inversion per step shared by the groups); fewer groups take
/// projective chains ([`projective_chains`]), where the inversion would
/// cost more than the affine steps save: about 3.9 µs for an inversion
/// against 0.23 µs saved per group and bit (blst, no IFMA).
const AFFINE_CHAIN_MIN_GROUPS: usize = 32;

/// Additions per shared inversion in the tree sums (their operands stay
/// in the core's cache).
const CHUNK: usize = 256;

/// Digit positions of a 64-bit integer's NAF ([`WINDOW`] bits wide), the
/// carry included.
const BITS: usize = 64 + 1;

/// Calls `f(bit, digit)` for every non-zero digit of the width-[`WINDOW`]
/// NAF of `k` (odd digits in `(−2^(w−1), 2^(w−1))`, at least `w − 1` zeros
/// after each).
fn for_each_naf_digit(k: u64, mut f: impl FnMut(usize, i8)) {
    let full = 1i128 << WINDOW;
    let mut k = k as i128;
    let mut bit = 0usize;
    while k != 0 {
        let zeros = k.trailing_zeros();
        k >>= zeros;
        bit += zeros as usize;
        let v = k & (full - 1);
        let d = if v >= full / 2 { v - full } else { v };
        f(bit, d as i8);
        // k − d is divisible by 2^w: the next w − 1 digits are zero.
        k = (k - d) >> WINDOW;
        bit += WINDOW;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{DefaultBackend, Group, Module, Scalar};
    use crate::msm::g1_lincomb_naive;

    type B = DefaultBackend;
    type Fr = <B as Backend>::Fr;
    type G1 = <B as Backend>::G1;

    /// One step of the affine chain, `2·acc + s`, against the projective
    /// group law, with every special case: `s` or `acc` at infinity,
    /// `s = acc`, `s = −acc`, `s = −2·acc` (the first sum is `−acc`), and
    /// ordinary lanes around them.
    #[test]
    fn double_add_step_matches_group_law() {
        let g = G1::generator();
        let p = |k: u64| g * &Fr::from_u64(k);
        let xy = |q: G1| B::g1_affine_xy(&B::g1_to_affine(&q)).map(|(x, y)| Xy { x, y });
        let cases: Vec<(G1, G1)> = vec![
            (p(5), p(7)),
            (G1::zero(), p(3)),
            (p(11), G1::zero()),
            (G1::zero(), G1::zero()),
            (p(13), p(13)),
            (p(17), -p(17)),
            (p(19), -p(38)),
            (p(23), p(1_000_003)),
        ];
        let mut acc: Vec<Option<Xy<<B as Backend>::Fp>>> = cases.iter().map(|c| xy(c.0)).collect();
        let sums: Vec<Option<Xy<<B as Backend>::Fp>>> = cases.iter().map(|c| xy(c.1)).collect();
        let mut pairs = PairSums::default();
        // Twice, so that the scratch space is reused.
        for round in 0..2 {
            let want: Vec<G1> = acc
                .iter()
                .zip(&sums)
                .map(|(a, s)| {
                    let a = a.map_or(G1::zero(), |a| {
                        B::g1_from_affine(&B::g1_affine_from_xy(a.x, a.y))
                    });
                    let s = s.map_or(G1::zero(), |s| {
                        B::g1_from_affine(&B::g1_affine_from_xy(s.x, s.y))
                    });
                    a.double() + s
                })
                .collect();
            pairs.double_add_all(&mut acc, &sums);
            for (i, (got, want)) in acc.iter().zip(&want).enumerate() {
                let coordinates = |p: Option<Xy<<B as Backend>::Fp>>| p.map(|p| (p.x, p.y));
                assert_eq!(
                    coordinates(*got),
                    coordinates(xy(*want)),
                    "lane {i}, round {round}"
                );
            }
        }
    }

    /// Against the naive sum of `(a + b·λ)·P`: groups of 0 to 12 points,
    /// halves at the top of the range and zero, a point repeated within a
    /// group (P + P and P + (−P) inside the rounds: equal and opposite
    /// scalars, also followed by further tree levels), a point at infinity,
    /// and an index in several groups.
    #[test]
    fn matches_naive_sums() {
        let g = G1::generator();
        let pts: Vec<G1> = (1..=12u64)
            .map(|i| g * &Fr::from_u64(i * 7919 + 3))
            .collect();
        let mut affine = B::g1_batch_to_affine(&pts);
        affine.push(B::g1_batch_to_affine(&[G1::zero()])[0]);
        affine.push(B::g1_batch_to_affine(&[-pts[0]])[0]);
        let inf = affine.len() - 2;
        let neg0 = affine.len() - 1;
        let mut halves: Vec<(u64, u64)> = (0..affine.len() as u64)
            .map(|i| match i % 5 {
                0 => (u64::MAX - i, u64::MAX),
                1 => (0x1234_5678_9abc_def0 >> i, 0),
                2 => (0, 0x0fed_cba9_8765_4321 ^ i),
                3 => (0, 0),
                _ => (i + 1, 3 * i + 1),
            })
            .collect();
        halves[neg0] = halves[0];
        let mut groups: Vec<Vec<usize>> = (0..=12).map(|k| (0..k).collect()).collect();
        groups.push(vec![0, neg0]);
        groups.push(vec![0, 0, 0, 5]);
        groups.push(vec![inf, 2, inf]);
        groups.push(vec![7, 7, neg0, 11]);
        // Cancellations in a tree's first level, then more levels.
        groups.push(vec![0, neg0, 1, 2, 3, 4, 0, neg0, 0, 6]);
        // Fewer groups than AFFINE_CHAIN_MIN_GROUPS take projective chains;
        // the list repeated takes the affine ones.
        assert!(groups.len() < AFFINE_CHAIN_MIN_GROUPS);
        let many: Vec<Vec<usize>> = groups
            .iter()
            .cycle()
            .take(3 * groups.len())
            .cloned()
            .collect();
        assert!(many.len() >= AFFINE_CHAIN_MIN_GROUPS);
        let mut got = glv_group_sums::<B>(&affine, &halves, &groups);
        got.extend(glv_group_sums::<B>(&affine, &halves, &many));
        for (members, sum) in groups.iter().chain(&many).zip(got) {
            let pts: Vec<_> = members.iter().map(|i| affine[*i]).collect();
            let member_halves: Vec<(u64, u64)> = members.iter().map(|i| halves[*i]).collect();
            let scalars: Vec<Fr> = crate::backend::glv::from_halves(&member_halves);
            let want = g1_lincomb_naive::<B>(&pts, &scalars);
            let got = match sum {
                Some((x, y)) => B::g1_from_affine(&B::g1_affine_from_xy(x, y)),
                None => G1::zero(),
            };
            assert_eq!(got, want, "{members:?}");
        }
    }
}
