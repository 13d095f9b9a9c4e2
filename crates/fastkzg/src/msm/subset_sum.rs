//! Fixed-base MSM with tables of signed subset sums (the Herold–Hagopian
//! method), for one MSM at a time over a few bases: the interpolation
//! commitment of cell verification, 64 bases.
//!
//! Every scalar is written with 256 digits `±1` (an even scalar `s` is
//! replaced by `s + r`, which is odd and names the same point in G1: for odd
//! `s`, `s = Σ_j (2·b_j − 1)·2^j` with `b` the bits of `(s − 1)/2 + 2^255`).
//! Each base `P` is expanded into `layers` points `2^(t·l)·P` (`t` = 256 /
//! `layers` digits per layer), so that `Σ sᵢ·Pᵢ = Σ_k 2^k·S_k` where `S_k`
//! is the sum of every expanded point times its digit at position `k` of its
//! layer. The expanded points are cut into windows of at most `group`
//! points, as even as possible, and a window of `size` points stores its
//! `2^(size−1)` signed subset sums (the sign of its first
//! point fixed, a sum and its negation being one entry): each `S_k` is one
//! table entry, perhaps negated, per window. All `t` sums `S_k` are added in
//! lock step (a batch-affine tree per sum), then `Σ 2^k·S_k` takes `t − 1`
//! doublings.
//!
//! For 64 bases with 2 layers and windows of up to 12 points (11 windows of
//! 11 or 12, 1.7 MiB with blst): 1280 batch-affine additions and 255 projective operations,
//! against 2048 + 256 additions for the bucket method over a window-8 table
//! ([`super::FixedBaseMsm`]), whose single bucket set also fills its rounds
//! of shared inversions poorly.

use super::batch_affine::group_sums;
use super::jacobian::Jacobian;
use crate::backend::glv::scalar_limbs;
use crate::backend::limbs::add_wrapping;
use crate::backend::{Backend, Group, Module};
use alloc::vec;
use alloc::vec::Vec;

/// Digits per scalar: every canonical scalar plus `r` fits in 256 bits.
pub(super) const DIGITS: usize = 256;

/// `SPREAD[b]` has bit `i` of `b` in bit 0 of its byte `i`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                table[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    table
};

/// A table entry picked for one window at one position: its index in the
/// table, and bit 31 set when it is negated.
pub(super) const NEGATE: u32 = 1 << 31;

/// A fixed-base MSM table of signed subset sums (see the module docs).
pub struct SubsetSumMsm<B: Backend> {
    pub(super) num_bases: usize,
    pub(super) layers: usize,
    pub(super) group: usize,
    /// The windows' entries one after the other: a window of `size`
    /// expanded points has `2^(size − 1)` ([`SubsetSumMsm::window`]).
    pub(super) table: Vec<B::G1Affine>,
}

impl<B: Backend> core::fmt::Debug for SubsetSumMsm<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SubsetSumMsm")
            .field("num_bases", &self.num_bases)
            .field("layers", &self.layers)
            .field("group", &self.group)
            .finish()
    }
}

impl<B: Backend> SubsetSumMsm<B> {
    /// Builds the tables for `bases` (points of G1) with `layers` expanded
    /// points per base (a power of two up to 256) and windows of `group`
    /// points (`1..=16`); other values are clamped or rounded up.
    pub fn new(bases: &[B::G1Affine], layers: usize, group: usize) -> Self {
        let layers = layers.clamp(1, DIGITS).next_power_of_two();
        let group = group.clamp(1, 16);
        let shift = DIGITS / layers;
        let n = bases.len();
        // Layer-major expanded points: 2^(t·l)·P_i at l·n + i.
        let mut expanded: Vec<B::G1> = bases.iter().map(B::g1_from_affine).collect();
        for l in 1..layers {
            let previous = &expanded[(l - 1) * n..l * n];
            let next: Vec<B::G1> = previous
                .iter()
                .map(|p| (0..shift).fold(*p, |acc, _| acc.double()))
                .collect();
            expanded.extend(next);
        }
        // 2·E for every expanded point, affine (the entries are built by
        // mixed additions of these).
        let doubled: Vec<B::G1> = expanded.iter().map(|p| p.double()).collect();
        let doubled = B::g1_batch_to_affine(&doubled);
        // Per window, 2^(size − 1) entries: entry 0 is the first point minus
        // the others; bit j − 1 of the index turns the sign of point j to
        // plus (adds 2·point j).
        let windows = expanded.len().div_ceil(group);
        let parts = crate::par::map_collect(windows, |w| {
            let (first, size, _) = window_layout(expanded.len(), windows, w);
            let points = &expanded[first..first + size];
            let twice = &doubled[first..first + size];
            let mut entries = Vec::with_capacity(1 << (points.len() - 1));
            entries.push(points[1..].iter().fold(points[0], |acc, p| acc - *p));
            for t in &twice[1..] {
                for idx in 0..entries.len() {
                    let next = B::g1_add_affine(&entries[idx], t);
                    entries.push(next);
                }
            }
            B::g1_batch_to_affine(&entries)
        });
        SubsetSumMsm {
            num_bases: n,
            layers,
            group,
            table: parts.concat(),
        }
    }

    /// The number of windows: `⌈expanded points / group⌉`.
    pub(super) fn windows(&self) -> usize {
        (self.num_bases * self.layers).div_ceil(self.group)
    }

    /// Window `w`'s first expanded point, its number of points and the
    /// index of its first entry ([`window_layout`]).
    fn window(&self, w: usize) -> (usize, usize, usize) {
        window_layout(self.num_bases * self.layers, self.windows(), w)
    }

    /// The entries `Σ scalars[i]·bases[i]` is made of: at `k·W + w`, the
    /// pick of window `w` at digit position `k` (`W` windows, `t` positions).
    pub(super) fn picks(&self, scalars: &[B::Fr]) -> Vec<u32> {
        let n = self.num_bases;
        let t = DIGITS / self.layers;
        let windows = self.windows();
        let expanded = n * self.layers;
        let zero = B::Fr::zero();
        let bits: Vec<[u64; 4]> = (0..n)
            .map(|i| digit_bits::<B>(scalars.get(i).unwrap_or(&zero)))
            .collect();
        let words: Vec<[u64; 4]> = (0..expanded)
            .map(|m| layer_digits(&bits[m % n], (m / n) * t, t))
            .collect();
        let mut out = vec![0u32; t * windows];
        for w in 0..windows {
            let (first, size, start) = self.window(w);
            let last = first + size;
            let mask = (1usize << (last - first - 1)) - 1;
            // Eight positions at a time: byte i of `lead` is the digit
            // bit of the window's first point at position 8q + i, and byte
            // i of `lo`/`hi` the index bits of the others (points 1–8 and
            // 9–15).
            for q in 0..t.div_ceil(8) {
                let byte = |m: usize| ((words[m][q / 8] >> (8 * (q % 8))) & 0xff) as usize;
                let lead = SPREAD[byte(first)];
                let (mut lo, mut hi) = (0u64, 0u64);
                for (j, m) in (first + 1..last).enumerate() {
                    if j < 8 {
                        lo |= SPREAD[byte(m)] << j;
                    } else {
                        hi |= SPREAD[byte(m)] << (j - 8);
                    }
                }
                for i in 0..8.min(t - 8 * q) {
                    let mut idx = ((lo >> (8 * i)) & 0xff | ((hi >> (8 * i)) & 0xff) << 8) as usize;
                    // The first point's digit −1: the entry of the opposite
                    // signs, negated.
                    let negate = (lead >> (8 * i)) & 1 == 0;
                    if negate {
                        idx ^= mask;
                    }
                    let pick = (start + idx) as u32;
                    out[(8 * q + i) * windows + w] = if negate { pick | NEGATE } else { pick };
                }
            }
        }
        out
    }

    /// The number of bases.
    pub fn len(&self) -> usize {
        self.num_bases
    }

    /// Whether the table has no bases.
    pub fn is_empty(&self) -> bool {
        self.num_bases == 0
    }

    /// The table size in bytes (affine points only).
    pub fn memory_bytes(&self) -> usize {
        self.table.len() * core::mem::size_of::<B::G1Affine>()
    }

    /// `Σ scalars[i]·bases[i]`; scalars beyond the number of bases are
    /// ignored, missing ones count as zero.
    pub fn msm(&self, scalars: &[B::Fr]) -> B::G1 {
        position_chain::<B>(&self.position_sums(scalars))
    }

    /// The sums `S_k` (affine, `None` for infinity) with
    /// `Σ scalars[i]·bases[i] = Σ_k 2^k·S_k`, one per digit position of a
    /// layer: [`SubsetSumMsm::msm`] before its chain of doublings, for a
    /// caller that adds other terms at the same positions and runs one chain
    /// for all (see [`super::straus::g1_msm_straus_plus_positions`]).
    pub fn position_sums(&self, scalars: &[B::Fr]) -> Vec<Option<(B::Fp, B::Fp)>> {
        let n = self.num_bases;
        if n == 0 {
            return Vec::new();
        }
        let windows = self.windows();
        // Pass 1, arithmetic only: the picks. Kept apart from the table
        // reads so that those run back to back (pass 2) and their cache
        // misses overlap.
        let picks = self.picks(scalars);
        // Pass 2: the table reads.
        let entries: Vec<B::G1Affine> = picks
            .iter()
            .map(|pick| self.table[(pick & !NEGATE) as usize])
            .collect();
        let terms: Vec<Option<(B::Fp, B::Fp)>> = entries
            .iter()
            .zip(&picks)
            .map(|(e, pick)| {
                B::g1_affine_xy(e).map(|(x, y)| (x, if pick & NEGATE != 0 { -y } else { y }))
            })
            .collect();
        group_sums::<B>(&terms, windows)
    }
}

/// Window `w` of `windows` over `expanded` points (`1 ≤ windows ≤
/// expanded`), cut as evenly as possible, the longer windows first: its
/// first point, its number of points and the index of its first entry
/// (a window of `size` points has `2^(size − 1)` entries). For 64 points in
/// 7 windows: one of 10 and six of 9, 2048 entries, against 3080 for six
/// windows of 10 and one of 4 (the same number of windows, so of terms
/// per position).
fn window_layout(expanded: usize, windows: usize, w: usize) -> (usize, usize, usize) {
    let short = expanded / windows;
    let long = expanded % windows;
    if w < long {
        (w * (short + 1), short + 1, w << short)
    } else {
        let first = long * (short + 1) + (w - long) * short;
        (first, short, (long << short) + ((w - long) << (short - 1)))
    }
}

/// `Σ_k 2^k·S_k` for affine `S_k` (`None` for infinity): one chain of
/// doublings from the top position down, a mixed addition per sum.
pub(crate) fn position_chain<B: Backend>(sums: &[Option<(B::Fp, B::Fp)>]) -> B::G1 {
    let mut acc = Jacobian::<B>::infinity();
    for s in sums.iter().rev() {
        acc = acc.double();
        if let Some((x, y)) = s {
            acc = acc.add_affine(*x, *y);
        }
    }
    acc.to_group()
}

/// Bits `from..from + len` of a digit word, moved down to bit 0.
fn layer_digits(bits: &[u64; 4], from: usize, len: usize) -> [u64; 4] {
    let mut out = [0u64; 4];
    for k in 0..len {
        let at = from + k;
        out[k / 64] |= (bits[at / 64] >> (at % 64) & 1) << (k % 64);
    }
    out
}

/// The digit word of `s`: the bits `b` with `s' = Σ_j (2·b_j − 1)·2^j` for
/// `s' = s` (odd) or `s + r` (even), i.e. `b = (s' − 1)/2 + 2^255`.
fn digit_bits<B: Backend>(s: &B::Fr) -> [u64; 4] {
    let mut v = scalar_limbs(s);
    if v[0] & 1 == 0 {
        // s + r < 2r < 2^256: no carry out of the top limb.
        v = add_wrapping(&v, &crate::constants::BLS_MODULUS_LIMBS);
    }
    // (s' − 1) / 2: s' is odd, so clearing bit 0 and shifting is exact.
    v[0] &= !1;
    for i in 0..4 {
        v[i] = (v[i] >> 1) | v.get(i + 1).map_or(0, |next| next << 63);
    }
    v[3] |= 1 << 63;
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Scalar;
    use crate::msm::g1_lincomb_naive;
    use crate::DefaultBackend;

    type Fr = <DefaultBackend as Backend>::Fr;
    type G1 = <DefaultBackend as Backend>::G1;

    /// The digit word reproduces the scalar (mod r) for edge and random
    /// scalars.
    #[test]
    fn digits_rebuild_the_scalar() {
        let mut x = Fr::from_u64(0xd1e7);
        let mut scalars = vec![
            Fr::zero(),
            Fr::one(),
            -Fr::one(),
            Fr::from_u64(2),
            -Fr::from_u64(2),
        ];
        scalars.extend((0..20).map(|_| {
            x = x * x + Fr::from_u64(3);
            x
        }));
        for s in scalars {
            let b = digit_bits::<DefaultBackend>(&s);
            let mut back = Fr::zero();
            for j in (0..DIGITS).rev() {
                let plus = b[j / 64] >> (j % 64) & 1 == 1;
                back = back + back + if plus { Fr::one() } else { -Fr::one() };
            }
            assert!(back == s);
        }
    }

    /// Against the naive sum: edge scalars (0, ±1, r − 1, even and odd),
    /// fewer scalars than bases, the point at infinity and repeated or
    /// opposite points among the bases (equal and opposite subset sums),
    /// several window sizes including a shorter last window.
    #[test]
    fn matches_naive() {
        let mut x = Fr::from_u64(0x5b5e7);
        let mut next = || {
            x = x * x + Fr::from_u64(7);
            x
        };
        let mut points: Vec<G1> = (0..13).map(|_| G1::generator() * &next()).collect();
        points[2] = G1::zero();
        points[5] = points[4];
        points[7] = -points[6];
        points[9] = G1::generator();
        let bases = DefaultBackend::g1_batch_to_affine(&points);
        let mut scalars: Vec<Fr> = (0..13).map(|_| next()).collect();
        scalars[0] = Fr::zero();
        scalars[1] = -Fr::one();
        scalars[3] = Fr::one();
        scalars[6] = Fr::from_u64(2);
        scalars[7] = Fr::from_u64(2);
        for (layers, group) in [(4, 10), (4, 3), (1, 8), (8, 5), (2, 1)] {
            let table = SubsetSumMsm::<DefaultBackend>::new(&bases, layers, group);
            for len in [0, 1, 6, 13] {
                let expected = g1_lincomb_naive::<DefaultBackend>(&bases[..len], &scalars[..len]);
                assert_eq!(
                    table.msm(&scalars[..len]),
                    expected,
                    "{layers} {group} {len}"
                );
            }
        }
        // Every base's own scalar r − 1 and 1 (sums of opposite digits).
        let table = SubsetSumMsm::<DefaultBackend>::new(&bases, 4, 10);
        let ones = vec![Fr::one(); 13];
        let minus = vec![-Fr::one(); 13];
        assert_eq!(
            table.msm(&ones),
            g1_lincomb_naive::<DefaultBackend>(&bases, &ones)
        );
        assert_eq!(
            table.msm(&minus),
            g1_lincomb_naive::<DefaultBackend>(&bases, &minus)
        );
        assert!(SubsetSumMsm::<DefaultBackend>::new(&[], 4, 10)
            .msm(&ones)
            .is_zero());
    }

    /// Windows cover every expanded point once, in order, with sizes of at
    /// most `group` that differ by at most one, and their entries follow
    /// each other to the end of the table.
    #[test]
    fn windows_are_even_and_contiguous() {
        let g = G1::generator();
        for n in [1usize, 5, 13, 64] {
            let points: Vec<G1> = (1..=n as u64).map(|i| g * &Fr::from_u64(i)).collect();
            let bases = DefaultBackend::g1_batch_to_affine(&points);
            for (layers, group) in [(1, 1), (1, 9), (1, 10), (2, 12), (4, 7), (1, 16)] {
                let table = SubsetSumMsm::<DefaultBackend>::new(&bases, layers, group);
                let (mut next_point, mut next_entry) = (0, 0);
                let mut sizes = Vec::new();
                for w in 0..table.windows() {
                    let (first, size, start) = table.window(w);
                    assert_eq!(
                        (first, start),
                        (next_point, next_entry),
                        "{n} {layers} {group}"
                    );
                    assert!((1..=group).contains(&size));
                    sizes.push(size);
                    next_point += size;
                    next_entry += 1 << (size - 1);
                }
                assert_eq!(next_point, n * layers);
                assert_eq!(next_entry, table.table.len());
                assert!(sizes.windows(2).all(|s| s[0] >= s[1] && s[0] - s[1] <= 1));
            }
        }
    }

    /// The picks name the entry whose signed subset sum, at every position,
    /// matches the digits (a spot check of the byte-wise index building
    /// against the definition, windows of up to 16 points).
    #[test]
    fn picks_follow_the_digits() {
        let g = G1::generator();
        let points: Vec<G1> = (1..=20u64).map(|i| g * &Fr::from_u64(i)).collect();
        let bases = DefaultBackend::g1_batch_to_affine(&points);
        let scalars: Vec<Fr> = (0..20u64)
            .map(|i| Fr::from_u64(0x9e37_79b9 * (i + 1)) * Fr::from_u64(i + 3).inverse().unwrap())
            .collect();
        for group in [1, 9, 16] {
            let table = SubsetSumMsm::<DefaultBackend>::new(&bases, 1, group);
            let picks = table.picks(&scalars);
            let windows = table.windows();
            assert_eq!(windows, 20usize.div_ceil(group));
            // Window sizes as even as possible, the longer first.
            let sizes: Vec<usize> = (0..windows)
                .map(|w| 20 / windows + usize::from(w < 20 % windows))
                .collect();
            let bits: Vec<[u64; 4]> = scalars.iter().map(digit_bits::<DefaultBackend>).collect();
            for k in [0, 7, 8, 100, 255] {
                for w in 0..windows {
                    let first: usize = sizes[..w].iter().sum();
                    let last = first + sizes[w];
                    let mut sum = G1::zero();
                    for (j, b) in bits[first..last].iter().enumerate() {
                        let plus = b[k / 64] >> (k % 64) & 1 == 1;
                        let p = points[first + j];
                        sum = if plus { sum + p } else { sum - p };
                    }
                    let pick = picks[k * windows + w];
                    let entry =
                        DefaultBackend::g1_from_affine(&table.table[(pick & !NEGATE) as usize]);
                    let entry = if pick & NEGATE != 0 { -entry } else { entry };
                    assert_eq!(entry, sum, "group {group}, position {k}, window {w}");
                }
            }
        }
    }

    /// Table entries whose construction doubles a point or reaches
    /// infinity: bases `3Q, Q` (entry `3Q − Q` plus `2Q` is a doubling) and
    /// `Q, −Q` (entry `Q − (−Q)` plus `2·(−Q)` is infinity).
    #[test]
    fn degenerate_subset_sums() {
        let q = G1::generator() * &Fr::from_u64(0xabc);
        let three = q + q + q;
        for points in [vec![three, q], vec![q, -q], vec![q, q, -q, three]] {
            let bases = DefaultBackend::g1_batch_to_affine(&points);
            let scalars = [Fr::from_u64(5), -Fr::from_u64(9), Fr::one(), Fr::zero()];
            for (layers, group) in [(1, 2), (1, 4), (2, 3), (4, 16)] {
                let table = SubsetSumMsm::<DefaultBackend>::new(&bases, layers, group);
                let expected = g1_lincomb_naive::<DefaultBackend>(&bases, &scalars);
                assert_eq!(table.msm(&scalars), expected, "{layers} {group}");
            }
        }
    }
}
