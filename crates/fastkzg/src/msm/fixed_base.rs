//! Fixed-base MSM with a precomputed table (the BGMW / "Pippenger with
//! precomputation" method).
//!
//! For bases `P_0..P_{n-1}` and a window `w`, the table holds
//! `2^(w·j)·P_i` for every base and every layer `j < h = ⌈(255+1)/w⌉`. A
//! scalar is recoded into `h` signed digits in `[-2^(w-1), 2^(w-1))`, so the
//! MSM over `n` bases becomes a single-window bucket MSM over `n·h` table
//! points with `w`-bit digits: about `n·h + 2^w` additions and no doublings,
//! against `(255/c)·(n + 2^c)` additions plus 255 doublings for a
//! variable-base Pippenger.

use alloc::vec::Vec;
use core::ops::Range;

use super::batch_affine::{
    merged_bucket_sum, recode, signed_digit_buckets, signed_digit_sum_in_range,
};
use super::jacobian::Jacobian;
use crate::backend::{Backend, Group, Module};
use crate::par::Ranges;

/// A fixed-base MSM table for a list of bases.
pub struct FixedBaseMsm<B: Backend> {
    window: usize,
    layers: usize,
    num_bases: usize,
    /// Layer-major within each base: `table[i*layers + j] = 2^(w·j)·P_i`.
    table: Vec<B::G1Affine>,
}

impl<B: Backend> core::fmt::Debug for FixedBaseMsm<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FixedBaseMsm")
            .field("window", &self.window)
            .field("layers", &self.layers)
            .field("num_bases", &self.num_bases)
            .finish()
    }
}

/// The number of signed `w`-bit digits (`2 ≤ w ≤ 16`) that every canonical
/// scalar (`< r`) needs: the fewest layers `L` for which the top digit,
/// `(r − 1) >> ((L − 1)·w)` plus the recoding's carry, stays below
/// `2^(w−1)`, so no carry is left over. That is `⌈256/w⌉` for `w = 8` and
/// `16` (r's top byte is `0x73`) and `⌈257/w⌉` otherwise.
pub(crate) const fn signed_layers(w: usize) -> usize {
    let mut layers = 255usize.div_ceil(w);
    loop {
        let top = shr_modulus_minus_one((layers - 1) * w);
        if top + 1 < 1 << (w - 1) {
            return layers;
        }
        layers += 1;
    }
}

/// `(r − 1) >> k`, saturated at `2^32` (only its comparison with `2^15`
/// matters).
const fn shr_modulus_minus_one(k: usize) -> u64 {
    let r = crate::constants::BLS_MODULUS_LIMBS;
    // r is odd, so r − 1 only clears the lowest bit.
    let limbs = [r[0] - 1, r[1], r[2], r[3]];
    let mut v = 0u64;
    let mut bit = 256;
    while bit > k {
        bit -= 1;
        v = (v << 1) | ((limbs[bit / 64] >> (bit % 64)) & 1);
        if v >= 1 << 32 {
            return 1 << 32;
        }
    }
    v
}

impl<B: Backend> FixedBaseMsm<B> {
    /// Builds the table for `bases` with window `w` (`2 ≤ w ≤ 16`; values
    /// outside are clamped).
    pub fn new(bases: &[B::G1Affine], window: usize) -> Self {
        let window = window.clamp(2, 16);
        let layers = signed_layers(window);
        // Bases are split into chunks built (and normalised) independently,
        // four per thread.
        let chunks = Ranges::into_parts(bases.len(), crate::par::threads().max(1) * 4);
        let parts = chunks.map(|range| {
            let mut proj = Vec::with_capacity(range.len() * layers);
            for p in &bases[range] {
                let mut acc = B::g1_from_affine(p);
                for j in 0..layers {
                    proj.push(acc);
                    if j + 1 < layers {
                        for _ in 0..window {
                            acc = acc.double();
                        }
                    }
                }
            }
            B::g1_batch_to_affine(&proj)
        });
        FixedBaseMsm {
            window,
            layers,
            num_bases: bases.len(),
            table: parts.concat(),
        }
    }

    /// The window that minimises the additions of one MSM over `n` bases,
    /// `n·L(w)` bucket additions (`L(w)` signed digits per scalar) plus `2^w` for the bucket reduction,
    /// among `2..=max` (a larger window makes a larger table). For 64 bases
    /// that is 8 (about 2.4 k additions), for 4096 it is 13 (about 90 k).
    pub fn best_window(n: usize, max: usize) -> usize {
        (2..=max.clamp(2, 16))
            .min_by_key(|w| n * signed_layers(*w) + (1 << w))
            .unwrap_or(2)
    }

    /// The table size in bytes (affine points only).
    pub fn memory_bytes(&self) -> usize {
        self.table.len() * core::mem::size_of::<B::G1Affine>()
    }

    /// The number of bases.
    pub fn len(&self) -> usize {
        self.num_bases
    }

    /// Whether the table has no bases.
    pub fn is_empty(&self) -> bool {
        self.num_bases == 0
    }

    /// Appends the signed base-`2^w` digits of `s` (little-endian, two's
    /// complement in `w` bits) to `out`.
    fn recode(&self, s: &B::Fr, out: &mut Vec<u16>) {
        recode::<B>(s, self.window, self.layers, out);
    }

    /// The digits of every scalar of `scalars` in turn ([`FixedBaseMsm::recode`]),
    /// matching the table's points of as many bases.
    fn recode_all(&self, scalars: &[B::Fr]) -> Vec<u16> {
        let mut digits = Vec::with_capacity(scalars.len() * self.layers);
        for s in scalars {
            self.recode(s, &mut digits);
        }
        digits
    }

    /// `Σ scalars[k][i]·bases_k[i]` for each table `k`, all in one lock-step
    /// batch-affine bucket pass on the calling thread (tables with another
    /// window than the first are computed one by one).
    pub fn msm_many(tables: &[Self], scalars: &[Vec<B::Fr>]) -> Vec<B::G1> {
        let window = tables.first().map_or(2, |t| t.window);
        if tables.iter().any(|t| t.window != window) {
            return tables.iter().zip(scalars).map(|(t, s)| t.msm(s)).collect();
        }
        let digits: Vec<Vec<u16>> = tables
            .iter()
            .zip(scalars)
            .map(|(t, s)| t.recode_all(&s[..s.len().min(t.num_bases)]))
            .collect();
        let groups: Vec<super::batch_affine::DigitInput<'_, B>> = tables
            .iter()
            .zip(&digits)
            .map(|(t, d)| (&t.table[..], &d[..]))
            .collect();
        super::batch_affine::signed_digit_sums::<B>(&groups, window)
    }

    /// `Σ scalars[i]·bases[i]`; scalars beyond the number of bases are
    /// ignored, missing ones count as zero.
    ///
    /// On several threads the bases are cut into slices, one bucket MSM
    /// each. From 16 threads on, the generic bucket method also cuts the
    /// `2^(w−1)` bucket magnitudes into about √threads equal ranges (a
    /// power of two), every (slice, range) task summing the digits of its
    /// slice that fall in its range
    /// (`batch_affine::signed_digit_sum_in_range`): a split by slices
    /// alone makes every task reduce all the buckets (for
    /// 4096 bases at window 13 on 16 threads, 5.1 k point additions and
    /// 8.2 k reduction additions per task), a split by ranges alone makes
    /// every task read every digit and crowds its additions into few
    /// buckets. On 16 threads slices × ranges beat either split alone; on
    /// 4 and 8 threads two ranges gained nothing over slices alone, so
    /// those thread counts keep that split (docs/performance-notes.md,
    /// "Threads").
    pub fn msm(&self, scalars: &[B::Fr]) -> B::G1 {
        let n = scalars.len().min(self.num_bases);
        if n == 0 {
            return B::G1::zero();
        }
        let threads = crate::par::threads();
        let ranges = if crate::msm::dispatch::kernels::<B>() || n < 256 {
            1
        } else {
            (1usize << (threads.max(1).ilog2() / 2)).min(1 << (self.window - 1))
        };
        let ranges = if ranges >= 4 { ranges } else { 1 };
        let slices = if n >= 256 {
            (threads / ranges).min(n / 128).max(1)
        } else {
            1
        };
        if ranges == 1 && slices > 1 && !crate::msm::dispatch::kernels::<B>() {
            // A power of two of bucket ranges, at most one per thread.
            return self.msm_merged(scalars, slices, 1 << threads.max(1).ilog2());
        }
        let cuts = Ranges::into_parts(n, slices);
        let recode_slice = |slice: Range<usize>| self.recode_all(&scalars[slice]);
        // With ranges, the several tasks of a slice share its digits,
        // recoded once beforehand; without, each task recodes its slice.
        let shared = if ranges > 1 {
            cuts.map(recode_slice)
        } else {
            Vec::new()
        };
        let len = (1usize << (self.window - 1)) / ranges;
        let partial = crate::par::map_collect(cuts.count() * ranges, |task| {
            let (c, r) = (task / ranges, task % ranges);
            let slice = cuts.get(c);
            let points = &self.table[slice.start * self.layers..slice.end * self.layers];
            match shared.get(c) {
                Some(digits) => {
                    signed_digit_sum_in_range::<B>(points, digits, self.window, r * len, len)
                }
                None => {
                    crate::msm::g1_msm_signed_digits::<B>(points, &recode_slice(slice), self.window)
                }
            }
        });
        partial.into_iter().fold(B::G1::zero(), |acc, p| acc + p)
    }

    /// [`FixedBaseMsm::msm`] over `slices` slices of the bases (one task
    /// each) whose buckets are then merged and reduced once, by `ranges`
    /// bucket ranges (a power of two; [`merged_bucket_sum`], one task per
    /// range), instead of each slice reducing all its buckets: on two
    /// threads at window 13, each thread's 41 k bucket additions are
    /// followed by 2 k merging additions and the reduction of 2048 buckets
    /// (about 4 k additions) instead of the reduction of 4096 (about 8 k).
    fn msm_merged(&self, scalars: &[B::Fr], slices: usize, ranges: usize) -> B::G1 {
        let n = scalars.len().min(self.num_bases);
        let buckets = Ranges::into_parts(n, slices).map(|slice| {
            let points = &self.table[slice.start * self.layers..slice.end * self.layers];
            signed_digit_buckets::<B>(points, &self.recode_all(&scalars[slice]), self.window)
        });
        let half = 1usize << (self.window - 1);
        let len = half / ranges.next_power_of_two().clamp(1, half);
        crate::par::map_collect(half / len, |r| {
            merged_bucket_sum::<B>(&buckets, r * len, len)
        })
        .into_iter()
        .fold(B::G1::zero(), |acc, p| acc + p)
    }
}

/// Scalar multiplication of one fixed point by a comb of signed 8-bit
/// digits: the table holds `d·2^(8j)·P` for `1 ≤ d ≤ 128` and the 33 digit
/// positions `j` (4224 affine points, 396 KiB with blst), so `s·P` is at most
/// 33 additions and no doublings, against ~128 doublings and ~40 additions
/// for a variable-base GLV multiplication.
pub struct FixedBaseMul<B: Backend> {
    table: Vec<B::G1Affine>,
}

impl<B: Backend> core::fmt::Debug for FixedBaseMul<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FixedBaseMul").finish_non_exhaustive()
    }
}

/// Digit width and positions of [`FixedBaseMul`].
const COMB_WINDOW: usize = 8;
const COMB_LAYERS: usize = signed_layers(COMB_WINDOW);
const COMB_HALF: usize = 1 << (COMB_WINDOW - 1);

impl<B: Backend> FixedBaseMul<B> {
    /// Builds the table for `p`.
    pub fn new(p: &B::G1) -> Self {
        let mut proj = Vec::with_capacity(COMB_LAYERS * COMB_HALF);
        let mut base = *p;
        for _ in 0..COMB_LAYERS {
            let mut m = base;
            for _ in 0..COMB_HALF {
                proj.push(m);
                m += base;
            }
            for _ in 0..COMB_WINDOW {
                base = base.double();
            }
        }
        FixedBaseMul {
            table: B::g1_batch_to_affine(&proj),
        }
    }

    /// `s·P`.
    pub fn mul(&self, s: &B::Fr) -> B::G1 {
        let mut digits = Vec::with_capacity(COMB_LAYERS);
        recode::<B>(s, COMB_WINDOW, COMB_LAYERS, &mut digits);
        // Mixed additions into a Jacobian accumulator (variable time: the
        // scalars are public).
        let mut acc = Jacobian::<B>::infinity();
        for (j, d) in digits.iter().enumerate() {
            let d = *d as usize;
            if d == 0 {
                continue;
            }
            // Two's complement in 8 bits: d < 128 is positive.
            let (magnitude, negative) = if d < COMB_HALF {
                (d, false)
            } else {
                ((1 << COMB_WINDOW) - d, true)
            };
            let Some((x, y)) = B::g1_affine_xy(&self.table[j * COMB_HALF + magnitude - 1]) else {
                continue;
            };
            acc = acc.add_affine(x, if negative { -y } else { y });
        }
        acc.to_group()
    }

    /// The table size in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.table.len() * core::mem::size_of::<B::G1Affine>()
    }
}

#[cfg(test)]
mod tests {
    use super::{signed_layers, FixedBaseMsm};
    use crate::backend::{Backend, Group, Module, Scalar};
    use crate::msm::batch_affine::recode;
    use crate::msm::g1_lincomb_naive;
    use crate::DefaultBackend;

    type Fr = <DefaultBackend as Backend>::Fr;

    #[test]
    fn signed_layers_hold_every_scalar() {
        let expected = [
            (2, 129),
            (3, 86),
            (4, 65),
            (5, 52),
            (8, 32),
            (9, 29),
            (13, 20),
            (15, 18),
            (16, 16),
        ];
        for (w, layers) in expected {
            assert_eq!(signed_layers(w), layers, "window {w}");
        }
        // The largest scalar, r − 1, recodes without a carry left over.
        let r_minus_one = -Fr::one();
        for w in 2..=16 {
            let layers = signed_layers(w);
            let mut digits = Vec::new();
            recode::<DefaultBackend>(&r_minus_one, w, layers, &mut digits);
            let mut back = Fr::zero();
            for d in digits.iter().rev() {
                let signed = ((u32::from(*d) << (32 - w)) as i32) >> (32 - w);
                let digit = Fr::from_u64(signed.unsigned_abs().into());
                back = back * Fr::from_u64(1 << w) + if signed < 0 { -digit } else { digit };
            }
            assert!(back == r_minus_one, "window {w}");
        }
    }

    /// Slices whose buckets merge into doublings (the same base with the
    /// same scalar in two slices) and cancellations (a base and its
    /// negation), with the point at infinity among the bases and a zero
    /// scalar, reduced by 1 to 8 bucket ranges: against the naive sum.
    #[test]
    fn merged_slices_match_naive() {
        let g = <DefaultBackend as Backend>::G1::generator();
        let p = g * &Fr::from_u64(5);
        let q = g * &Fr::from_u64(1_000_003);
        let r = g * &Fr::from_u64(77);
        let bases = <DefaultBackend as Backend>::g1_batch_to_affine(&[
            p,
            q,
            p,
            -q,
            <DefaultBackend as Backend>::G1::zero(),
            r,
            p,
            -p,
        ]);
        let a = -Fr::from_u64(12345);
        let b = Fr::from_u64(987_654_321) * Fr::from_u64(123_456_789);
        let scalars = [a, b, a, b, Fr::from_u64(9), Fr::zero(), -Fr::one(), a];
        let naive = g1_lincomb_naive::<DefaultBackend>(&bases, &scalars);
        for window in [2, 4, 5, 8] {
            let table = FixedBaseMsm::<DefaultBackend>::new(&bases, window);
            for slices in 1..=4 {
                for ranges in [1, 2, 4, 8] {
                    let got = table.msm_merged(&scalars, slices, ranges);
                    assert!(
                        got == naive,
                        "window {window}, {slices} slices, {ranges} ranges"
                    );
                }
            }
        }
    }

    /// The windows the settings rely on: 13 for the 4096-point commitment
    /// table (7.5 MiB), 8 for the 64-point cell interpolation table.
    #[test]
    fn best_windows() {
        assert_eq!(FixedBaseMsm::<DefaultBackend>::best_window(4096, 16), 13);
        assert_eq!(FixedBaseMsm::<DefaultBackend>::best_window(64, 16), 8);
        assert_eq!(FixedBaseMsm::<DefaultBackend>::best_window(64, 6), 6);
    }
}
