//! The bucket method for `Σ d_i·P_i` with signed `w`-bit digits, eight
//! bucket additions at a time.
//!
//! The non-zero digits are sorted by bucket `|d_i|` (a counting sort), and
//! the sorted list is cut, at bucket boundaries, into eight runs of about
//! equal length, one per lane. Each lane walks its run with its accumulator
//! in registers: consecutive entries of one bucket are summed by mixed
//! additions of the affine points (gathered straight from the caller's slice),
//! and when the bucket changes the lane's sum is stored and the accumulator
//! restarts from the identity. No two lanes ever touch the same bucket.
//!
//! The bucket sums are then weighted by their index with the running-sum
//! method, also on eight lanes. For one window, lane `l` takes the buckets
//! `l·S + 1 ..= (l+1)·S` and returns `Σ (k − l·S)·B_k` and `Σ B_k`; the eight
//! pairs are joined with the caller's group law ([`G1Ops`]) as
//! `Σ_l total_l + S·Σ_l l·sum_l`. For the many
//! windows of a Pippenger MSM, all windows share one bucket phase (bucket
//! `(j, b)` of window `j`), and lane `l` runs the whole running sum of the
//! windows `j ≡ l (mod 8)`, which yields each window's sum with no joining
//! work per window.

use core::arch::x86_64::*;

use crate::{G1Affine, G1Jacobian, G1Ops};

use super::fp::Fp8;
use super::xyzz::Xyzz8;

/// Bytes of one `G1Affine` (two 48-byte coordinates).
const AFFINE_BYTES: usize = core::mem::size_of::<G1Affine>();

/// One digit's work: the point index, its bucket and its sign, packed as
/// `index << 32 | bucket << 1 | negative`.
type Entry = u64;

/// `Σ d_i·points[i]` for two's complement `window`-bit digits
/// (`2 ≤ window ≤ 16`). Entries beyond the shorter slice are ignored.
/// Points may be the identity (all zeros).
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) unsafe fn msm_signed_digits(
    points: &[G1Affine],
    digits: &[u16],
    window: usize,
    ops: &impl G1Ops,
) -> G1Jacobian {
    let n = points.len().min(digits.len());
    let entries = sort_by_bucket(&[&digits[..n]], window);
    let mut sums = BucketSums::new(Layout::Split {
        stride: (1usize << (window - 1)).div_ceil(8),
    });
    accumulate(points, &entries, &mut sums);
    sums.weigh_split(ops)
}

/// `W_j = Σ_i d_ij·points[i]` for every digit row `j` (one Pippenger
/// window each, `2 ≤ window ≤ 16`).
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA, and no row may be longer
/// than `points` (a digit's position is the index of the point read).
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) unsafe fn msm_windows(
    points: &[G1Affine],
    rows: &[&[u16]],
    window: usize,
) -> Vec<G1Jacobian> {
    let entries = sort_by_bucket(rows, window);
    let mut sums = BucketSums::new(Layout::Windows {
        buckets: 1 << (window - 1),
        windows: rows.len(),
    });
    accumulate(points, &entries, &mut sums);
    sums.weigh_windows()
}

/// The non-zero digits of all rows as entries sorted by bucket (counting
/// sort); row `j`'s buckets are numbered `j·H + 1 ..= j·H + H`, with
/// `H = 2^(window−1)`.
fn sort_by_bucket(rows: &[&[u16]], window: usize) -> Vec<Entry> {
    let full = 1u32 << window;
    let half = full >> 1;
    let magnitude = |d: u16| {
        let d = u32::from(d) & (full - 1);
        if d < half {
            (d, false)
        } else {
            (full - d, true)
        }
    };
    let buckets = half as usize * rows.len();
    let mut start = vec![0usize; buckets + 2];
    for (j, row) in rows.iter().enumerate() {
        let base = j * half as usize;
        for d in row.iter() {
            let (m, _) = magnitude(*d);
            if m != 0 {
                start[base + m as usize + 1] += 1;
            }
        }
    }
    for b in 1..start.len() {
        start[b] += start[b - 1];
    }
    let mut entries = vec![0 as Entry; start[buckets + 1]];
    for (j, row) in rows.iter().enumerate() {
        let base = j as u64 * u64::from(half);
        for (i, d) in row.iter().enumerate() {
            let (m, negative) = magnitude(*d);
            if m != 0 {
                let bucket = base + u64::from(m);
                let slot = &mut start[bucket as usize];
                entries[*slot] = (i as u64) << 32 | bucket << 1 | u64::from(negative);
                *slot += 1;
            }
        }
    }
    entries
}

fn bucket_of(e: Entry) -> u32 {
    (e as u32) >> 1
}

/// Cuts the sorted entries into eight runs of about equal length, each
/// starting at a bucket boundary: returns the nine run boundaries.
fn split_runs(entries: &[Entry]) -> [usize; 9] {
    let mut cuts = [entries.len(); 9];
    cuts[0] = 0;
    for (l, cut) in cuts.iter_mut().enumerate().take(8).skip(1) {
        let mut at = entries.len() * l / 8;
        while at > 0 && at < entries.len() && bucket_of(entries[at]) == bucket_of(entries[at - 1]) {
            at += 1;
        }
        *cut = at;
    }
    // Keep the cuts ordered when a long bucket swallowed several targets.
    for l in 1..9 {
        cuts[l] = cuts[l].max(cuts[l - 1]);
    }
    cuts
}

/// Which lane and row of [`BucketSums`] each bucket goes to.
enum Layout {
    /// One window: bucket `k` is lane `(k−1)/S`, row `(k−1) mod S`.
    Split { stride: usize },
    /// Many windows of `H` buckets: bucket `b` of window `j` is lane
    /// `j mod 8`, row `(j/8)·H + b − 1`.
    Windows { buckets: usize, windows: usize },
}

/// Bucket sums laid out for the running sum: a row holds four coordinates
/// of eight lanes limb-major, and a bit mask of the lanes still empty.
struct BucketSums {
    layout: Layout,
    rows: Vec<[[u64; 64]; 4]>,
    empty: Vec<u8>,
}

impl BucketSums {
    fn new(layout: Layout) -> BucketSums {
        let rows = match layout {
            Layout::Split { stride } => stride,
            Layout::Windows { buckets, windows } => windows.div_ceil(8) * buckets,
        };
        BucketSums {
            layout,
            rows: vec![[[0u64; 64]; 4]; rows],
            empty: vec![0xff; rows],
        }
    }

    /// Stores lane `lane` of `spilled` (the four coordinates of an
    /// accumulator, as written by [`Fp8::store`]) as bucket `bucket`.
    fn put(&mut self, bucket: u32, spilled: &[[u64; 64]; 4], lane: usize) {
        let k = bucket as usize - 1;
        let (to, row) = match self.layout {
            Layout::Split { stride } => (k / stride, k % stride),
            Layout::Windows { buckets, .. } => {
                let (j, b) = (k / buckets, k % buckets);
                (j % 8, (j / 8) * buckets + b)
            }
        };
        for (dst, src) in self.rows[row].iter_mut().zip(spilled) {
            for limb in 0..8 {
                dst[8 * limb + to] = src[8 * limb + lane];
            }
        }
        self.empty[row] &= !(1 << to);
    }

    /// The running sum over `rows` from the top: per lane
    /// `(Σ_r (r+1)·B_r, Σ_r B_r)`.
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn running_sum(&self, rows: core::ops::Range<usize>) -> (Xyzz8, Xyzz8) {
        let mut sum = Xyzz8::identity();
        let mut total = Xyzz8::identity();
        for r in rows.rev() {
            let row = &self.rows[r];
            let b = Xyzz8 {
                x: Fp8::load(&row[0]),
                y: Fp8::load(&row[1]),
                zz: Fp8::load(&row[2]),
                zzz: Fp8::load(&row[3]),
                inf: self.empty[r],
            };
            sum = sum.add(&b);
            total = total.add(&sum);
        }
        (total, sum)
    }

    /// `Σ_k k·B_k` of the one window ([`Layout::Split`]).
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn weigh_split(&self, ops: &impl G1Ops) -> G1Jacobian {
        let stride = self.rows.len();
        let (total, sum) = self.running_sum(0..stride);
        let (totals, sums) = (total.to_jacobian(), sum.to_jacobian());
        // Σ_l l·sum_l by a running sum over the lanes, then times S.
        let mut running = G1Jacobian::default();
        let mut weighted = G1Jacobian::default();
        for s in sums[1..].iter().rev() {
            running = ops.add(&running, s);
            weighted = ops.add(&weighted, &running);
        }
        let mut out = mul_small(ops, &weighted, stride as u64);
        for t in &totals {
            out = ops.add(&out, t);
        }
        out
    }

    /// Every window's `Σ_b b·B_{j,b}` ([`Layout::Windows`]).
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn weigh_windows(&self) -> Vec<G1Jacobian> {
        let Layout::Windows { buckets, windows } = self.layout else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(windows.next_multiple_of(8));
        for round in 0..windows.div_ceil(8) {
            let (total, _) = self.running_sum(round * buckets..(round + 1) * buckets);
            out.extend(total.to_jacobian());
        }
        out.truncate(windows);
        out
    }
}

/// Runs the eight lanes over their runs of `entries`, storing each
/// bucket's sum into `sums`.
#[target_feature(enable = "avx512f,avx512ifma")]
fn accumulate(points: &[G1Affine], entries: &[Entry], sums: &mut BucketSums) {
    let cuts = split_runs(entries);
    let mut next: [usize; 8] = core::array::from_fn(|l| cuts[l]);
    let end: [usize; 8] = core::array::from_fn(|l| cuts[l + 1]);
    let mut current = [0u32; 8];
    let mut acc = Xyzz8::identity();
    let mut spilled = [[0u64; 64]; 4];
    let base = points.as_ptr().cast::<u8>();
    loop {
        let mut active = 0u8;
        let mut negative = 0u8;
        let mut restart = 0u8;
        let mut offsets = [0i64; 8];
        for l in 0..8 {
            if next[l] == end[l] {
                continue;
            }
            let e = entries[next[l]];
            next[l] += 1;
            active |= 1 << l;
            negative |= ((e & 1) as u8) << l;
            offsets[l] = ((e >> 32) as usize * AFFINE_BYTES) as i64;
            if bucket_of(e) != current[l] {
                restart |= 1 << l;
            }
        }
        if restart != 0 {
            flush(&acc, restart, &mut current, &mut spilled, sums);
            for l in 0..8 {
                if restart >> l & 1 == 1 {
                    current[l] = bucket_of(entries[next[l] - 1]);
                }
            }
            acc.inf |= restart;
        }
        if active == 0 {
            break;
        }
        // SAFETY: every offset is that of an entry's point, and entry
        // indices are below `points.len()` (inactive lanes read point 0,
        // which exists since there is at least one entry).
        let offsets = unsafe { _mm512_loadu_si512(offsets.as_ptr().cast()) };
        // SAFETY: `base + offsets[l]` is the start of a `G1Affine` in
        // `points` (above), whose x and y are the `Fp`s at bytes 0 and
        // 48, live.
        // `base.add(48)` stays inside `points[0]`, which exists.
        let (x, y) = unsafe {
            (
                Fp8::gather(base, offsets),
                Fp8::gather(base.add(48), offsets),
            )
        };
        // The affine identity is x = y = 0.
        let identity = x.is_zero_mask() & y.is_zero_mask();
        let y = y.neg_masked(negative);
        acc.add_affine(&x, &y, active & !identity);
    }
    // Every lane is inactive now: flush what each one still holds.
    flush(&acc, 0xff, &mut current, &mut spilled, sums);
}

/// Stores the accumulators of the `lanes` whose bucket is set and not the
/// identity.
#[target_feature(enable = "avx512f")]
fn flush(
    acc: &Xyzz8,
    lanes: u8,
    current: &mut [u32; 8],
    spilled: &mut [[u64; 64]; 4],
    sums: &mut BucketSums,
) {
    let store = lanes & !acc.inf;
    if store == 0 {
        return;
    }
    for (dst, c) in spilled.iter_mut().zip([&acc.x, &acc.y, &acc.zz, &acc.zzz]) {
        c.store(dst);
    }
    for (l, bucket) in current.iter_mut().enumerate() {
        if store >> l & 1 == 1 && *bucket != 0 {
            sums.put(*bucket, spilled, l);
            *bucket = 0;
        }
    }
}

/// `k·p` for a small `k` (double and add from the top bit).
fn mul_small(ops: &impl G1Ops, p: &G1Jacobian, k: u64) -> G1Jacobian {
    let mut out = G1Jacobian::default();
    for bit in (0..64 - k.leading_zeros()).rev() {
        out = ops.double(&out);
        if k >> bit & 1 == 1 {
            out = ops.add(&out, p);
        }
    }
    out
}
