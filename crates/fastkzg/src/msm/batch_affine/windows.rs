//! Scalars as signed digits: the recoding into windows, the widths of a
//! bucket MSM's windows and the choice of the window.

use crate::backend::{Backend, Scalar};
use alloc::vec::Vec;

/// Appends `layers` signed base-`2^w` digits of `s` (little-endian, two's
/// complement in `w` bits, each in `[-2^(w-1), 2^(w-1))`) to `out`.
pub(crate) fn recode<B: Backend>(s: &B::Fr, w: usize, layers: usize, out: &mut Vec<u16>) {
    recode_le(&s.to_bytes_le(), w, layers, out)
}

/// [`recode`] for an integer given as little-endian bytes.
fn recode_le(bytes: &[u8], w: usize, layers: usize, out: &mut Vec<u16>) {
    for_each_digit(bytes, core::iter::repeat_n(w, layers), w, |d| out.push(d));
}

/// The signed digits of the integer `bytes` (little-endian) in windows of
/// the given widths (lowest first, each at most `encoding` bits): each in
/// `[-2^(width-1), 2^(width-1))`, passed to `push` as two's complement in
/// `encoding` bits.
pub(super) fn for_each_digit(
    bytes: &[u8],
    widths: impl IntoIterator<Item = usize>,
    encoding: usize,
    mut push: impl FnMut(u16),
) {
    let out_mask = (1u32 << encoding) - 1;
    let mut carry = 0u32;
    let mut bit = 0;
    for w in widths {
        // Read up to 24 bits starting at `bit` (w ≤ 16 fits).
        let byte = bit / 8;
        let mut chunk = 0u32;
        for k in 0..3 {
            if let Some(b) = bytes.get(byte + k) {
                chunk |= (*b as u32) << (8 * k);
            }
        }
        let d = ((chunk >> (bit % 8)) & ((1u32 << w) - 1)) + carry;
        // Map d ∈ [0, 2^w] to [-2^(w-1), 2^(w-1)) with a carry.
        if d >= 1 << (w - 1) {
            carry = 1;
            push(((d as i32 - (1 << w)) as u32 & out_mask) as u16);
        } else {
            carry = 0;
            push(d as u16);
        }
        bit += w;
    }
}

/// The widths of the windows (lowest first) of a bucket MSM with
/// `c`-bit windows over `bits`-bit integers: `⌈bits/c⌉` windows, the lowest
/// of them one bit narrower so that together they cover `bits` bits (or
/// the fewest above) instead of leaving a short top window. A short top
/// window has few buckets, so its additions keep meeting busy buckets
/// (with `c = 9` and GLV halves, 2.6 k of 2 k points' 30 k additions
/// waited for a later round, against 0.9 k with balanced widths). The top
/// window keeps all `c` bits. Windows narrower than 3 bits are not made:
/// below `c = 4` all have `c` bits.
pub(super) fn window_widths(bits: usize, c: usize) -> Vec<usize> {
    let windows = bits.div_ceil(c);
    let narrow = if c >= 4 {
        (windows * c - bits).min(windows - 1)
    } else {
        0
    };
    (0..windows)
        .map(|j| if j < narrow { c - 1 } else { c })
        .collect()
}

/// Bits of a GLV half-scalar plus one for the carry of the recoding.
pub(super) const HALF_SCALAR_BITS: usize = 129;

/// The window that minimises the cost of a bucket MSM over `m` points with
/// `bits`-bit digits (carry included): `⌈bits/c⌉` windows, each with `m`
/// bucket additions and a reduction over `2^c` buckets, whose lock-step
/// running sums (sequential, never waiting for a busy bucket) cost about
/// 9/16 of a bucket addition per bucket. That weight picks the fastest
/// window measured (with [`window_widths`]' windows) at every size tried,
/// from 128 to 8192 points (docs/performance-notes.md, "Bucket MSM
/// windows").
pub(super) fn bucket_window(m: usize, bits: usize) -> usize {
    (2..=16)
        .min_by_key(|c| bits.div_ceil(*c) * (16 * m + 9 * (1 << c)))
        .unwrap_or(2)
}
