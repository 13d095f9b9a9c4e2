//! Bucket MSMs with affine accumulators and one shared inversion per round
//! ("batch-affine" Pippenger), generic over the backend's base field.
//!
//! Adding an affine point to an affine accumulator costs one division; a
//! round of independent additions shares a single field inversion
//! (Montgomery's trick: three multiplications per element), so each
//! addition costs about 5M + 1S, against 7M + 4S (Jacobian) or 8M + 2S
//! (XYZZ) for a mixed projective addition. Additions are independent when
//! their targets differ; an addition into a target that is already queued in
//! the current round completes the round early when at least two thirds of
//! the targets are queued (small bucket sets, such as a 64-base fixed-base
//! MSM, never fill a round of 256; for its 128 buckets two thirds share each
//! inversion among about 50 additions, one third among 35: 6 % fewer
//! instructions), else waits for the next round, and one that
//! conflicts again is summed in projective form (so equal digits, all in one
//! bucket, cost no more than a projective bucket method).
//!
//! Many MSMs run in lock step (the 128 row MSMs of FK20, the windows of a
//! variable-base MSM): their bucket additions share rounds, and so do the
//! running sums that reduce the buckets, which are affine as well.
//!
//! Edge cases are handled in the addition itself: an accumulator that meets
//! its own negation becomes empty (the point at infinity), one that meets
//! itself is doubled, and points at infinity among the bases are skipped.

use crate::backend::prefetch::prefetch;
use crate::backend::{Backend, BaseField, Group, Module, Scalar};

/// Additions queued before a round completes them with one inversion.
const ROUND: usize = 256;

/// The fewest independent additions per step of the lock-step bucket
/// reduction; fewer groups are split into segments to reach it, down to
/// segments of [`MIN_SEGMENT`] buckets (each segment costs three projective
/// additions to join: a single 128-bucket group does best with 16 segments,
/// 3 % fewer instructions for one-column cell verification than with 128).
const REDUCTION_LANES: usize = 128;

/// The fewest buckets per segment of the lock-step bucket reduction.
const MIN_SEGMENT: usize = 8;

/// How far ahead the loops of [`signed_digit_sums`] prefetch
/// ([`prefetch`]), in steps of one addition per group (with the 32 groups
/// of a pass of window-8 tables, 64 and 32 additions ahead): the points
/// (a table is read once, from memory) and the buckets that their digits
/// name (a pass's buckets outgrow the first-level cache, and the points
/// streaming through evict them from the second).
const POINT_AHEAD: usize = 2;
const BUCKET_AHEAD: usize = 1;

/// How many queued additions ahead [`Accumulators::round`] prefetches the
/// target of the one it will complete.
const ROUND_AHEAD: usize = 2;

/// Buckets in one pass of [`signed_digit_sums`] (about 400 KB of affine
/// points with blst): more groups are processed a slice at a time so that
/// their buckets stay in the core's cache.
const BUCKETS_PER_PASS: usize = 4096;

/// One variable-base MSM of [`g1_msm_many`]: points and their scalars.
pub type MsmInput<'a, B> = (&'a [<B as Backend>::G1Affine], &'a [<B as Backend>::Fr]);

/// One MSM of [`signed_digit_sums`]: points and their signed digits.
pub type DigitInput<'a, B> = (&'a [<B as Backend>::G1Affine], &'a [u16]);

/// An affine point other than infinity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Xy<F> {
    pub(crate) x: F,
    pub(crate) y: F,
}

/// Accumulator states.
const EMPTY: u8 = 0;
const FULL: u8 = 1;
/// Full, with an addition queued in the current round.
const BUSY: u8 = 2;

/// A set of affine accumulators, each either empty (the point at infinity)
/// or a point, with additions into them queued and completed a round at a
/// time. Additions into a target that stays busy (many addends for one
/// target, e.g. equal digits) go to a projective overflow accumulator per
/// target instead of waiting for rounds of their own, so no input costs more
/// than one projective addition per point.
struct Accumulators<B: Backend> {
    points: Vec<Xy<B::Fp>>,
    state: Vec<u8>,
    /// Queued additions: target, addend, and whether it is a doubling.
    queue: Vec<(u32, Xy<B::Fp>, bool)>,
    /// The denominators of the queued additions (`x₂ − x₁`, or `2y` for a
    /// doubling), all non-zero.
    dens: Vec<B::Fp>,
    prefix: Vec<B::Fp>,
    /// Additions whose target was busy when they arrived.
    deferred: Vec<(u32, Xy<B::Fp>)>,
    /// Projective sums of additions that met a busy target twice (allocated
    /// on first use).
    overflow: Vec<B::G1>,
    /// A queue at least this long is completed early when an addition
    /// meets a busy target (few targets fill [`ROUND`] rarely or never).
    early_round: usize,
}

impl<B: Backend> Accumulators<B> {
    fn new(n: usize) -> Self {
        let zero = B::Fp::zero();
        Accumulators {
            points: vec![Xy { x: zero, y: zero }; n],
            state: vec![EMPTY; n],
            queue: Vec::with_capacity(ROUND),
            dens: Vec::with_capacity(ROUND),
            prefix: Vec::with_capacity(ROUND),
            deferred: Vec::new(),
            overflow: Vec::new(),
            early_round: (n * 2 / 3).clamp(1, ROUND),
        }
    }

    /// The point in accumulator `t` (after [`Accumulators::finish`]).
    fn get(&self, t: usize) -> Option<Xy<B::Fp>> {
        (self.state[t] != EMPTY).then(|| self.points[t])
    }

    /// Adds `p` into accumulator `t`; completed by the next round.
    #[inline]
    fn add(&mut self, t: usize, p: Xy<B::Fp>) {
        match self.state[t] {
            EMPTY => {
                self.points[t] = p;
                self.state[t] = FULL;
            }
            BUSY if self.queue.len() >= self.early_round => {
                self.round();
                self.add(t, p);
            }
            BUSY => self.deferred.push((t as u32, p)),
            _ => {
                let Some((den, doubling)) = chord(&self.points[t], &p) else {
                    // p = −q: the sum is the point at infinity.
                    self.state[t] = EMPTY;
                    return;
                };
                self.queue.push((t as u32, p, doubling));
                self.dens.push(den);
                self.state[t] = BUSY;
                if self.queue.len() >= ROUND {
                    self.round();
                }
            }
        }
    }

    /// Prefetches accumulator `t` (if there is one).
    #[inline(always)]
    fn prefetch(&self, t: usize) {
        if let Some(p) = self.points.get(t) {
            prefetch(p);
        }
    }

    /// Completes the queued additions with one shared inversion.
    fn round(&mut self) {
        if self.queue.is_empty() {
            return;
        }
        let mut inv = prefix_products(&self.dens, &mut self.prefix).inverse();
        for i in (0..self.queue.len()).rev() {
            if let Some(ahead) = i.checked_sub(ROUND_AHEAD) {
                self.prefetch(self.queue[ahead].0 as usize);
            }
            let d_inv = inv * self.prefix[i];
            inv = inv * self.dens[i];
            let (t, p, doubling) = self.queue[i];
            let t = t as usize;
            self.points[t] = chord_sum(&self.points[t], &p, d_inv, doubling);
            self.state[t] = FULL;
        }
        self.queue.clear();
        self.dens.clear();
    }

    /// Completes every queued and deferred addition: the deferred ones are
    /// retried in affine rounds while those still complete a quarter of
    /// them, the rest are summed in projective form per target, and these
    /// sums are added in at the end (one per target, so without conflicts).
    fn finish(&mut self) {
        self.round();
        // Affine retries while a round completes at least a quarter of the
        // waiting additions (many targets); the rest (additions piling onto
        // a few targets) go to the projective sums.
        loop {
            let waiting = self.deferred.len();
            if waiting == 0 {
                return;
            }
            for (t, p) in core::mem::take(&mut self.deferred) {
                self.add(t as usize, p);
            }
            self.round();
            if self.deferred.len() * 4 > waiting * 3 {
                break;
            }
        }
        if self.overflow.is_empty() {
            self.overflow = vec![B::G1::zero(); self.points.len()];
        }
        for (t, p) in core::mem::take(&mut self.deferred) {
            let t = t as usize;
            self.overflow[t] = add_xy::<B>(&self.overflow[t], Some(p));
        }
        let targets: Vec<usize> = (0..self.overflow.len())
            .filter(|t| !self.overflow[*t].is_zero())
            .collect();
        let sums: Vec<B::G1> = targets.iter().map(|t| self.overflow[*t]).collect();
        for (t, p) in targets.iter().zip(B::g1_batch_to_affine(&sums)) {
            self.overflow[*t] = B::G1::zero();
            if let Some(p) = xy::<B>(&p) {
                self.add(*t, p);
            }
        }
        self.round();
    }
}

/// The denominator of the slope of `acc + p` for affine points, and
/// whether the sum is a doubling: `x_p − x_acc`, or `2·y` where `p = acc`;
/// `None` where `p = −acc` (the sum is the point at infinity).
#[inline(always)]
pub(crate) fn chord<F: BaseField>(acc: &Xy<F>, p: &Xy<F>) -> Option<(F, bool)> {
    // The difference tells equal x apart as well as a comparison would,
    // and it is needed anyway.
    let dx = p.x - acc.x;
    if !dx.is_zero() {
        Some((dx, false))
    } else if p.y == acc.y && !p.y.is_zero() {
        Some((acc.y + acc.y, true))
    } else {
        None
    }
}

/// `acc + p` from the inverse of the denominator that [`chord`] gave (the
/// slope's numerator is `y_p − y_acc`, or `3·x²` for a doubling).
#[inline(always)]
pub(crate) fn chord_sum<F: BaseField>(acc: &Xy<F>, p: &Xy<F>, den_inv: F, doubling: bool) -> Xy<F> {
    let num = if doubling {
        let x2 = acc.x.square();
        x2 + x2 + x2
    } else {
        p.y - acc.y
    };
    let lambda = num * den_inv;
    let x = lambda.square() - acc.x - p.x;
    let y = lambda * (acc.x - x) - acc.y;
    Xy { x, y }
}

/// Writes the prefix products of `dens` (`prefix[i] = dens[0]·…·dens[i−1]`)
/// and returns the product of all: the first half of Montgomery's trick.
#[inline]
pub(crate) fn prefix_products<F: BaseField>(dens: &[F], prefix: &mut Vec<F>) -> F {
    prefix.clear();
    let mut acc = F::one();
    for d in dens {
        prefix.push(acc);
        acc = acc * *d;
    }
    acc
}

fn xy<B: Backend>(p: &B::G1Affine) -> Option<Xy<B::Fp>> {
    B::g1_affine_xy(p).map(|(x, y)| Xy { x, y })
}

fn add_xy<B: Backend>(acc: &B::G1, p: Option<Xy<B::Fp>>) -> B::G1 {
    match p {
        Some(p) => B::g1_add_affine(acc, &B::g1_affine_from_xy(p.x, p.y)),
        None => *acc,
    }
}

/// `Σ_i d_i·points[i]` for each group `(points, digits)`, all groups in
/// lock step. Every digit is a signed `window`-bit digit in two's complement
/// (`-2^(window-1) ≤ d_i < 2^(window-1)`, as `recode` writes them);
/// extra entries of the longer slice are ignored. `2 ≤ window ≤ 16`;
/// other windows give zeros.
pub fn signed_digit_sums<B: Backend>(groups: &[DigitInput<'_, B>], window: usize) -> Vec<B::G1> {
    if !(2..=16).contains(&window) {
        return vec![B::G1::zero(); groups.len()];
    }
    let half = 1usize << (window - 1);
    let per_pass = (BUCKETS_PER_PASS / half).max(1);
    groups
        .chunks(per_pass)
        .flat_map(|chunk| signed_digit_sums_pass::<B>(chunk, window))
        .collect()
}

/// [`signed_digit_sums`] of a single group.
pub fn signed_digit_sum<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
) -> B::G1 {
    signed_digit_sums::<B>(&[(points, digits)], window)
        .pop()
        .unwrap_or_else(B::G1::zero)
}

/// The part of [`signed_digit_sum`] that comes from the digits whose
/// magnitude lies in `lo + 1 ..= lo + len` (`len` a power of two; digits
/// outside are skipped). Those points go into `len` buckets by magnitude
/// minus `lo`, which reduce to `Σ_k k·B_k` and `Σ_k B_k`; the part is
/// `Σ_k k·B_k + lo·Σ_k B_k`. The parts over consecutive ranges add up to
/// the whole sum and each reduces the buckets of its range only, so
/// threads can share one MSM by bucket range as well as by points (a split
/// by points alone makes every part reduce every bucket).
pub(crate) fn signed_digit_sum_in_range<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
    lo: usize,
    len: usize,
) -> B::G1 {
    if !(2..=16).contains(&window) || !len.is_power_of_two() {
        return B::G1::zero();
    }
    let mut buckets = Accumulators::<B>::new(len);
    for (p, d) in points.iter().zip(digits) {
        let (k, negative) = signed_digit(*d, window);
        if k <= lo || k > lo + len {
            continue;
        }
        let Some(p) = xy::<B>(p) else {
            continue;
        };
        let p = if negative { Xy { x: p.x, y: -p.y } } else { p };
        buckets.add(k - lo - 1, p);
    }
    buckets.finish();
    reduce_range::<B>(&buckets, lo)
}

/// `Σ_t (lo + t + 1)·B_t` for the `len` buckets `B_t` of `buckets` (`len`
/// a power of two), which hold magnitudes `lo + 1 ..= lo + len`: the
/// running sums give `Σ_t (t+1)·B_t` and `Σ_t B_t`, and the range's offset
/// adds `lo·Σ_t B_t`.
fn reduce_range<B: Backend>(buckets: &Accumulators<B>, lo: usize) -> B::G1 {
    let len = buckets.state.len();
    let Some((weighted, total)) = reduce_buckets_with_totals::<B>(buckets, 1, len).pop() else {
        return B::G1::zero();
    };
    weighted + small_multiple::<B>(total, lo)
}

/// The magnitude `k` and sign (`true`: negative) of a signed
/// `window`-bit digit in two's complement, as [`recode`] writes them.
fn signed_digit(d: u16, window: usize) -> (usize, bool) {
    let modulus = 1u32 << window;
    let v = u32::from(d) & (modulus - 1);
    if v < modulus / 2 {
        (v as usize, false)
    } else {
        ((modulus - v) as usize, true)
    }
}

/// `k·p` for a small `k` by doubling and adding.
fn small_multiple<B: Backend>(p: B::G1, k: usize) -> B::G1 {
    let mut acc = B::G1::zero();
    for bit in (0..usize::BITS - k.leading_zeros()).rev() {
        acc = acc.double();
        if k >> bit & 1 == 1 {
            acc += p;
        }
    }
    acc
}

/// [`signed_digit_sums`] for groups whose buckets are handled at once.
fn signed_digit_sums_pass<B: Backend>(groups: &[DigitInput<'_, B>], window: usize) -> Vec<B::G1> {
    let half = 1usize << (window - 1);
    reduce_buckets::<B>(&digit_buckets::<B>(groups, window), groups.len(), half)
}

/// The buckets of each group of [`signed_digit_sums_pass`], `2^(window−1)`
/// per group: bucket `k − 1` of a group holds the sum of its points whose
/// digit is `±k` (negated for `−k`).
fn digit_buckets<B: Backend>(groups: &[DigitInput<'_, B>], window: usize) -> Accumulators<B> {
    let half = 1usize << (window - 1);
    let mut buckets = Accumulators::<B>::new(groups.len() * half);
    let longest = groups
        .iter()
        .map(|(p, d)| p.len().min(d.len()))
        .max()
        .unwrap_or(0);
    // Interleaved: consecutive additions go to different groups, so a round
    // rarely meets the same bucket twice.
    for i in 0..longest {
        for (g, (points, digits)) in groups.iter().enumerate() {
            if let Some(p) = points.get(i + POINT_AHEAD) {
                prefetch(p);
            }
            if let Some(d) = digits.get(i + BUCKET_AHEAD) {
                let (k, _) = signed_digit(*d, window);
                if k > 0 {
                    buckets.prefetch(g * half + k - 1);
                }
            }
            let (Some(p), Some(d)) = (points.get(i), digits.get(i)) else {
                continue;
            };
            let (k, negative) = signed_digit(*d, window);
            if k == 0 {
                continue;
            }
            let Some(p) = xy::<B>(p) else {
                continue;
            };
            // Bucket k−1 collects the points whose digit is ±k.
            let p = if negative { Xy { x: p.x, y: -p.y } } else { p };
            buckets.add(g * half + k - 1, p);
        }
    }
    buckets.finish();
    buckets
}

/// The buckets of [`signed_digit_sum`] before their reduction (see
/// [`signed_digit_buckets`]).
pub(crate) struct DigitBuckets<B: Backend>(Accumulators<B>);

/// The `2^(window−1)` buckets of [`signed_digit_sum`] over `points` with
/// `digits` (`2 ≤ window ≤ 16`, as there), unreduced, so that the buckets
/// of several slices of one MSM can be merged and reduced once
/// ([`merged_bucket_sum`]) instead of once per slice.
pub(crate) fn signed_digit_buckets<B: Backend>(
    points: &[B::G1Affine],
    digits: &[u16],
    window: usize,
) -> DigitBuckets<B> {
    DigitBuckets(digit_buckets::<B>(&[(points, digits)], window.clamp(2, 16)))
}

/// The part of `Σ_k k·(Σ_s B_s[k − 1])` over the buckets `B_s` of all
/// `slices` (from [`signed_digit_buckets`] with one window) whose bucket
/// index lies in `lo .. lo + len` (`len` a power of two): the slices'
/// buckets of that range are added into one set (batch-affine rounds), which
/// reduces to `Σ_t (t+1)·M_t` and `Σ_t M_t`; the part is
/// `Σ_t (t+1)·M_t + lo·Σ_t M_t`. The parts over consecutive ranges add up
/// to the MSM of all slices, and every bucket is reduced once, by one part.
pub(crate) fn merged_bucket_sum<B: Backend>(
    slices: &[DigitBuckets<B>],
    lo: usize,
    len: usize,
) -> B::G1 {
    if !len.is_power_of_two() {
        return B::G1::zero();
    }
    let mut merged = Accumulators::<B>::new(len);
    // Slice by slice: consecutive additions go to different buckets.
    for DigitBuckets(buckets) in slices {
        for t in 0..len.min(buckets.state.len().saturating_sub(lo)) {
            if let Some(p) = buckets.get(lo + t) {
                merged.add(t, p);
            }
        }
    }
    merged.finish();
    reduce_range::<B>(&merged, lo)
}

/// The sum of each group of `width` consecutive terms of `terms` (a
/// term `None` is the point at infinity; a last, shorter group is summed
/// too), all groups in lock step as a binary tree: each level adds
/// neighbouring pairs of every group into fresh accumulators, so a level's
/// additions are independent and share rounds of one inversion. The sums
/// are affine, `None` for infinity.
pub(crate) fn group_sums<B: Backend>(
    terms: &[Option<(B::Fp, B::Fp)>],
    width: usize,
) -> Vec<Option<(B::Fp, B::Fp)>> {
    if width == 0 {
        return Vec::new();
    }
    let groups = terms.len().div_ceil(width);
    let mut level: Vec<Option<Xy<B::Fp>>> =
        terms.iter().map(|t| t.map(|(x, y)| Xy { x, y })).collect();
    let mut width = width;
    while width > 1 {
        let half = width.div_ceil(2);
        let mut acc = Accumulators::<B>::new(groups * half);
        for (i, term) in level.iter().enumerate() {
            if let Some(p) = term {
                acc.add((i / width) * half + (i % width) / 2, *p);
            }
        }
        acc.finish();
        level = (0..groups * half).map(|t| acc.get(t)).collect();
        width = half;
    }
    level.into_iter().map(|p| p.map(|p| (p.x, p.y))).collect()
}

/// An affine point `(x, y)` sent to accumulator `target`: `(target, (x, y))`.
pub(crate) type TargetTerm<F> = (usize, (F, F));

/// For each of `targets` targets, the sum of the affine points that
/// `terms` sends to it (`(target, (x, y))`, no point at infinity): the
/// terms are sorted by target (counting sort) and each target's run is
/// summed as a binary tree, all runs in lock step, a level at a time: a
/// level adds neighbouring pairs of every run into fresh accumulators, so
/// its additions are independent and share rounds of one inversion. The
/// sums are affine, `None` for infinity (no term, or terms that cancel).
pub(crate) fn sums_by_target<B: Backend>(
    targets: usize,
    terms: &[TargetTerm<B::Fp>],
) -> Vec<Option<(B::Fp, B::Fp)>> {
    // starts[t]..starts[t + 1]: target t's points in `run`.
    let mut starts = vec![0usize; targets + 1];
    for (t, _) in terms {
        starts[*t + 1] += 1;
    }
    for t in 0..targets {
        starts[t + 1] += starts[t];
    }
    let mut fill = starts.clone();
    let mut run = vec![
        Xy {
            x: B::Fp::zero(),
            y: B::Fp::zero()
        };
        terms.len()
    ];
    for (t, (x, y)) in terms {
        run[fill[*t]] = Xy { x: *x, y: *y };
        fill[*t] += 1;
    }
    while (0..targets).any(|t| starts[t + 1] - starts[t] > 1) {
        // Run t's pairs go to accumulators out[t]..out[t + 1].
        let mut out = vec![0usize; targets + 1];
        for t in 0..targets {
            out[t + 1] = out[t] + (starts[t + 1] - starts[t]).div_ceil(2);
        }
        let mut acc = Accumulators::<B>::new(out[targets]);
        for t in 0..targets {
            for (j, p) in run[starts[t]..starts[t + 1]].iter().enumerate() {
                acc.add(out[t] + j / 2, *p);
            }
        }
        acc.finish();
        // The next level: each run's non-empty sums.
        let mut next = Vec::with_capacity(out[targets]);
        let mut next_starts = vec![0usize; targets + 1];
        for t in 0..targets {
            next.extend((out[t]..out[t + 1]).filter_map(|slot| acc.get(slot)));
            next_starts[t + 1] = next.len();
        }
        run = next;
        starts = next_starts;
    }
    (0..targets)
        .map(|t| (starts[t + 1] > starts[t]).then(|| (run[starts[t]].x, run[starts[t]].y)))
        .collect()
}

/// `Σ_k (k+1)·B[g·m + k]` for every group `g < groups` of `m` buckets (`m` a
/// power of two): [`reduce_buckets_with_totals`] without the totals.
fn reduce_buckets<B: Backend>(buckets: &Accumulators<B>, groups: usize, m: usize) -> Vec<B::G1> {
    reduce_buckets_with_totals::<B>(buckets, groups, m)
        .into_iter()
        .map(|(weighted, _)| weighted)
        .collect()
}

/// `(Σ_k (k+1)·B[g·m + k], Σ_k B[g·m + k])` for every group `g < groups` of
/// `m` buckets (`m` a power of two), with running sums in lock step: each
/// group's buckets are cut into segments so that a step has at least
/// [`REDUCTION_LANES`] independent additions, and the segments are joined
/// in projective form (the plain sum is the last running sum).
fn reduce_buckets_with_totals<B: Backend>(
    buckets: &Accumulators<B>,
    groups: usize,
    m: usize,
) -> Vec<(B::G1, B::G1)> {
    let mut segments = 1;
    while groups * segments < REDUCTION_LANES && segments * MIN_SEGMENT < m {
        segments *= 2;
    }
    let len = m / segments;
    let lanes = groups * segments;
    // Lane `g·segments + s` covers buckets `(g·segments + s)·len + t`.
    let mut run = Accumulators::<B>::new(lanes);
    let mut total = Accumulators::<B>::new(lanes);
    for t in (0..len).rev() {
        for lane in 0..lanes {
            if let Some(p) = buckets.get(lane * len + t) {
                run.add(lane, p);
            }
        }
        run.finish();
        for lane in 0..lanes {
            if let Some(p) = run.get(lane) {
                total.add(lane, p);
            }
        }
        total.finish();
    }
    // Segment s of a group adds total_s + s·len·run_s.
    (0..groups)
        .map(|g| {
            let (mut totals, mut running, mut weighted) =
                (B::G1::zero(), B::G1::zero(), B::G1::zero());
            for s in (0..segments).rev() {
                let lane = g * segments + s;
                totals = add_xy::<B>(&totals, total.get(lane));
                running = add_xy::<B>(&running, run.get(lane));
                if s > 0 {
                    weighted += running;
                }
            }
            for _ in 0..len.trailing_zeros() {
                weighted = weighted.double();
            }
            (totals + weighted, running)
        })
        .collect()
}

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
fn for_each_digit(
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
fn window_widths(bits: usize, c: usize) -> Vec<usize> {
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
const HALF_SCALAR_BITS: usize = 129;

/// The window that minimises the cost of a bucket MSM over `m` points with
/// `bits`-bit digits (carry included): `⌈bits/c⌉` windows, each with `m`
/// bucket additions and a reduction over `2^c` buckets, whose lock-step
/// running sums (sequential, never waiting for a busy bucket) cost about
/// 9/16 of a bucket addition per bucket. That weight picks the fastest
/// window measured (with [`window_widths`]' windows) at every size tried,
/// from 128 to 8192 points (docs/performance-notes.md, "Bucket MSM
/// windows").
fn bucket_window(m: usize, bits: usize) -> usize {
    (2..=16)
        .min_by_key(|c| bits.div_ceil(*c) * (16 * m + 9 * (1 << c)))
        .unwrap_or(2)
}

/// `(x, y) ↦ (β·x, y)`, the GLV endomorphism φ (λ on G1).
fn endomorphism<B: Backend>(p: &B::G1Affine, beta: B::Fp) -> B::G1Affine {
    match B::g1_affine_xy(p) {
        Some((x, y)) => B::g1_affine_from_xy(beta * x, y),
        None => *p,
    }
}

/// `Σ_i scalars[i]·points[i]` for each MSM `(points, scalars)`. Each MSM is
/// split by GLV into `2n` points (`Pᵢ` and `φ(Pᵢ)`) with 128-bit scalars
/// (`n` points when every scalar is below λ, as the short randomizers of
/// a batch verification are: then every `φ(Pᵢ)` has the integer 0);
/// every window of every MSM is a group of [`signed_digit_sums`], all in
/// lock step, and the windows are joined by doublings. Points must be in
/// G1 (the endomorphism acts as λ there only). Extra entries of the longer
/// slice are ignored.
pub fn g1_msm_many<B: Backend>(msms: &[MsmInput<'_, B>]) -> Vec<B::G1> {
    g1_msm_many_on::<B>(msms, 1)
}

/// [`g1_msm_many`] with its windows shared among `threads` threads of the
/// caller's pool ([`small_scalar_msms`]).
pub(crate) fn g1_msm_many_on<B: Backend>(msms: &[MsmInput<'_, B>], threads: usize) -> Vec<B::G1> {
    let beta = B::g1_glv_beta();
    let prepare = |i: usize| {
        let (points, scalars) = msms[i];
        let n = points.len().min(scalars.len());
        let halves: Vec<(u128, u128)> = scalars[..n].iter().map(super::glv::split).collect();
        let mut all = Vec::with_capacity(2 * n);
        all.extend_from_slice(&points[..n]);
        let mut ints: Vec<u128> = halves.iter().map(|h| h.0).collect();
        if halves.iter().any(|h| h.1 != 0) {
            all.extend(points[..n].iter().map(|p| endomorphism::<B>(p, beta)));
            ints.extend(halves.iter().map(|h| h.1));
        }
        (all, ints)
    };
    let split = if threads > 1 {
        crate::par::map_collect(msms.len(), prepare)
    } else {
        (0..msms.len()).map(prepare).collect()
    };
    small_scalar_msms::<B>(split, HALF_SCALAR_BITS, threads)
}

/// One MSM of [`g1_msm_many_shifted`]: its bases `Pᵢ`, their shifted
/// layers (from [`shifted_layers`]: layer `j − 1` holds `2^(32j)·Pᵢ`) and the
/// scalars.
pub type ShiftedInput<'a, B> = (
    &'a [<B as Backend>::G1Affine],
    &'a [Vec<<B as Backend>::G1Affine>],
    &'a [<B as Backend>::Fr],
);

/// The shift between consecutive layers of [`g1_msm_many_shifted`]: layer
/// `j` holds `2^(32j)·Pᵢ`.
pub const SHIFT_BITS: usize = 32;
/// Layers per base in [`g1_msm_many_shifted`], layer 0 included.
pub const SHIFT_LAYERS: usize = 128 / SHIFT_BITS;

/// The shifted layers `2^(32j)·Pᵢ` (`j = 1, 2, 3`) of `bases`, for
/// [`g1_msm_many_shifted`].
pub fn shifted_layers<B: Backend>(bases: &[B::G1Affine]) -> Vec<Vec<B::G1Affine>> {
    let mut acc: Vec<B::G1> = bases.iter().map(B::g1_from_affine).collect();
    (1..SHIFT_LAYERS)
        .map(|_| {
            for p in acc.iter_mut() {
                for _ in 0..SHIFT_BITS {
                    *p = p.double();
                }
            }
            B::g1_batch_to_affine(&acc)
        })
        .collect()
}

/// [`g1_msm_many`] for fixed bases with precomputed shifted layers (from
/// [`shifted_layers`]): each GLV half is cut into four
/// 32-bit pieces, one per layer, so an MSM over `n` bases becomes a bucket
/// MSM over `8n` points with 34-bit digits (two bits of room for the
/// recoding's carry): for 64 bases 5 windows of 512
/// points (about 3.2 k additions and 35 doublings) against 26 windows of
/// 128 (about 4.2 k additions and 130 doublings) without the layers.
pub fn g1_msm_many_shifted<B: Backend>(msms: &[ShiftedInput<'_, B>]) -> Vec<B::G1> {
    let beta = B::g1_glv_beta();
    let split = msms
        .iter()
        .map(|(bases, shifted, scalars)| {
            let layers: Vec<&[B::G1Affine]> = core::iter::once(*bases)
                .chain(shifted.iter().map(|l| &l[..]))
                .collect();
            let n = layers
                .iter()
                .map(|l| l.len())
                .min()
                .unwrap_or(0)
                .min(scalars.len());
            let halves: Vec<(u128, u128)> = scalars[..n].iter().map(super::glv::split).collect();
            let mut all = Vec::with_capacity(2 * SHIFT_LAYERS * n);
            let mut ints = Vec::with_capacity(2 * SHIFT_LAYERS * n);
            let piece = |k: u128, j: usize| (k >> (SHIFT_BITS * j)) & ((1u128 << SHIFT_BITS) - 1);
            for (j, layer) in layers.iter().take(SHIFT_LAYERS).enumerate() {
                all.extend_from_slice(&layer[..n]);
                ints.extend(halves.iter().map(|h| piece(h.0, j)));
                all.extend(layer[..n].iter().map(|p| endomorphism::<B>(p, beta)));
                ints.extend(halves.iter().map(|h| piece(h.1, j)));
            }
            (all, ints)
        })
        .collect();
    small_scalar_msms::<B>(split, SHIFT_BITS + 2, 1)
}

/// `costs`' indices dealt into at most `parts` non-empty shares of about
/// equal total cost: the costliest first, each to the share with the least
/// so far (within the cost of one item of the best split; contiguous runs
/// can miss it by a large item: 12 % with a short-scalar MSM beside a full
/// one). Each share lists its indices in increasing order.
fn share_by_cost(costs: &[usize], parts: usize) -> Vec<Vec<usize>> {
    let parts = parts.clamp(1, costs.len().max(1));
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|i| core::cmp::Reverse(costs[*i]));
    let mut shares: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new()); parts];
    for i in order {
        if let Some(least) = shares.iter_mut().min_by_key(|s| s.0) {
            least.0 += costs[i];
            least.1.push(i);
        }
    }
    shares
        .into_iter()
        .filter(|s| !s.1.is_empty())
        .map(|(_, mut items)| {
            items.sort_unstable();
            items
        })
        .collect()
}

/// `Σ ints[i]·points[i]` for each MSM `(points, ints)` with non-negative
/// integers whose signed recoding into the windows of [`window_widths`]
/// ends without a carry. The top window has all `c` bits and the widths
/// cover at least `bits` bits, so that holds for any integer below
/// `2^(bits−2)` (the 32-bit pieces, with `bits = 34`: the top window's value
/// is below `2^(c−2)`) and for the GLV halves with `bits = 129` (below
/// `λ < 1.5·2^127`: the top window's value is below `0.75·2^(c−1)`, so with
/// the carry below `2^(c−1)` from `c = 4`; for `c ≤ 3` the windows cover 129
/// or 130 bits and the top value is at most 2 plus the carry). Every
/// window of every MSM is a group of
/// [`signed_digit_sums`], all in lock step, and the windows are joined by
/// doublings.
///
/// With `threads > 1` the groups are dealt into that many shares of about
/// equal cost ([`share_by_cost`]), each share in lock step on its own
/// thread of the caller's pool: a split by windows, so no bucket is reduced
/// twice, and MSMs of unequal cost (a short-scalar one beside a full one)
/// still share the threads evenly.
fn small_scalar_msms<B: Backend>(
    msms: Vec<(Vec<B::G1Affine>, Vec<u128>)>,
    bits: usize,
    threads: usize,
) -> Vec<B::G1> {
    let total: usize = msms.iter().map(|(p, _)| p.len()).sum();
    if total == 0 {
        return vec![B::G1::zero(); msms.len()];
    }
    let c = bucket_window(total.div_ceil(msms.len()), bits);
    let widths = window_widths(bits, c);
    let layers = widths.len();
    // Per MSM: for each window t, the digits of its points at t·m + i.
    let digits: Vec<Vec<u16>> = msms
        .iter()
        .map(|(points, ints)| {
            let m = points.len();
            let mut by_layer = vec![0u16; m * layers];
            for (i, k) in ints.iter().enumerate() {
                let mut t = 0;
                for_each_digit(&k.to_le_bytes(), widths.iter().copied(), c, |d| {
                    by_layer[t * m + i] = d;
                    t += 1;
                });
            }
            by_layer
        })
        .collect();
    let groups: Vec<DigitInput<'_, B>> = msms
        .iter()
        .zip(&digits)
        .flat_map(|((points, _), digits)| {
            let m = points.len();
            (0..layers).map(move |t| (&points[..], &digits[t * m..(t + 1) * m]))
        })
        .collect();
    let sums = if threads > 1 {
        // A group's cost in the units of `bucket_window`: 16 per non-zero
        // digit, 9 per bucket of the reduction.
        let costs: Vec<usize> = groups
            .iter()
            .map(|(_, d)| 16 * d.iter().filter(|x| **x != 0).count() + (9 << c))
            .collect();
        let shares = share_by_cost(&costs, threads);
        let parts = crate::par::map_collect(shares.len(), |i| {
            let mine: Vec<DigitInput<'_, B>> = shares[i].iter().map(|g| groups[*g]).collect();
            signed_digit_sums::<B>(&mine, c)
        });
        let mut sums = vec![B::G1::zero(); groups.len()];
        for (share, part) in shares.iter().zip(parts) {
            for (g, sum) in share.iter().zip(part) {
                sums[*g] = sum;
            }
        }
        sums
    } else {
        signed_digit_sums::<B>(&groups, c)
    };
    sums.chunks_exact(layers)
        .map(|windows| {
            windows
                .iter()
                .zip(&widths)
                .rev()
                .fold(B::G1::zero(), |mut acc, (w, width)| {
                    for _ in 0..*width {
                        acc = acc.double();
                    }
                    acc + *w
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msm::g1_lincomb_naive;
    use crate::Blst;

    type B = Blst;

    fn points(n: usize, seed: u64) -> Vec<<B as Backend>::G1Affine> {
        let g = <B as Backend>::G1::generator();
        (0..n)
            .map(|i| {
                B::g1_to_affine(&(g * &<B as Backend>::Fr::from_u64(seed * 1000 + i as u64 + 1)))
            })
            .collect()
    }

    fn scalars(n: usize, seed: u64) -> Vec<<B as Backend>::Fr> {
        let mut x = <B as Backend>::Fr::from_u64(seed + 7);
        (0..n)
            .map(|_| {
                x = x * x + <B as Backend>::Fr::from_u64(3);
                x
            })
            .collect()
    }

    #[test]
    fn shifted_layer_msms_match_naive() {
        let mut sizes = vec![0usize, 1, 3, 64];
        sizes.extend([1; 32]);
        let bases: Vec<_> = sizes
            .iter()
            .enumerate()
            .map(|(k, n)| {
                let mut p = points(*n, k as u64 + 10);
                if *n > 2 {
                    // Infinity, a repeated base and its negation.
                    p[0] = B::g1_to_affine(&<B as Backend>::G1::zero());
                    p[2] = p[1];
                }
                if *n > 3 {
                    p[3] = B::g1_to_affine(&-B::g1_from_affine(&p[1]));
                }
                p
            })
            .collect();
        let layers: Vec<_> = bases.iter().map(|b| shifted_layers::<B>(b)).collect();
        let ss: Vec<_> = sizes
            .iter()
            .enumerate()
            .map(|(k, n)| {
                // Full-size scalars, and −1 (both GLV halves near λ).
                let mut s: Vec<_> = scalars(*n, k as u64 + 10)
                    .iter()
                    .map(|x| x.pow(&[0x1234_5678_9abc_def1, 3]))
                    .collect();
                if let Some(first) = s.first_mut() {
                    *first = -<B as Backend>::Fr::one();
                }
                if *n > 4 {
                    s[4] = <B as Backend>::Fr::zero();
                    s[1] = -<B as Backend>::Fr::one();
                }
                s
            })
            .collect();
        let msms: Vec<ShiftedInput<'_, B>> = bases
            .iter()
            .zip(&layers)
            .zip(&ss)
            .map(|((b, l), s)| (&b[..], &l[..], &s[..]))
            .collect();
        let got = g1_msm_many_shifted::<B>(&msms);
        for ((b, s), g) in bases.iter().zip(&ss).zip(&got) {
            assert_eq!(*g, g1_lincomb_naive::<B>(b, s));
        }
    }

    /// The widths: `⌈bits/c⌉` windows covering at least `bits` bits, the
    /// top one `c` bits wide, the others `c` or `c − 1` (never below 3
    /// bits, and all `c` below `c = 4`).
    #[test]
    fn window_widths_cover_the_bits() {
        for bits in [34usize, 129] {
            for c in 2..=16 {
                let w = window_widths(bits, c);
                assert_eq!(w.len(), bits.div_ceil(c));
                assert!(w.iter().sum::<usize>() >= bits);
                assert!(w.iter().sum::<usize>() < bits + c);
                assert_eq!(w.last(), Some(&c));
                assert!(w.iter().all(|x| *x == c || (*x == c - 1 && c >= 4)));
            }
        }
        assert_eq!(window_widths(129, 9), [&[8; 6][..], &[9; 9][..]].concat());
        assert_eq!(window_widths(129, 10), [&[9][..], &[10; 12][..]].concat());
    }

    /// The shares hold every index once, in order, none empty, at most
    /// `parts` of them, and differ in cost by at most the largest item.
    #[test]
    fn share_by_cost_deals_every_item() {
        let cases: [(&[usize], usize); 8] = [
            (&[], 2),
            (&[5], 3),
            (&[1, 1, 1, 1], 2),
            (&[4, 1, 1, 1, 1], 2),
            (&[1; 26], 2),
            (&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 4),
            (&[0, 0, 7, 0], 2),
            (&[21, 21, 21, 21, 21, 37, 37, 37, 37, 37], 2),
        ];
        for (costs, parts) in cases {
            let shares = share_by_cost(costs, parts);
            assert!(shares.len() <= parts.max(1));
            assert!(shares
                .iter()
                .all(|s| !s.is_empty() && s.windows(2).all(|w| w[0] < w[1])));
            let mut all: Vec<usize> = shares.concat();
            all.sort_unstable();
            assert_eq!(all, (0..costs.len()).collect::<Vec<_>>());
            let totals: Vec<usize> = shares
                .iter()
                .map(|s| s.iter().map(|i| costs[*i]).sum())
                .collect();
            let spread = totals.iter().max().unwrap_or(&0) - totals.iter().min().unwrap_or(&0);
            assert!(
                spread <= costs.iter().copied().max().unwrap_or(0),
                "{costs:?} {shares:?}"
            );
        }
        assert_eq!(
            share_by_cost(&[1; 26], 2)
                .iter()
                .map(Vec::len)
                .collect::<Vec<_>>(),
            [13, 13]
        );
        assert_eq!(
            share_by_cost(&[4, 1, 1, 1, 1], 2),
            [vec![0], vec![1, 2, 3, 4]]
        );
    }

    /// Integers at the top of the GLV halves' range (just below
    /// `1.5·2^127`), runs of ones and of zeros, against the naive sum, for
    /// the windows of 4 to 9 bits that these sizes choose.
    #[test]
    fn small_scalar_msms_at_the_top_of_the_range() {
        let fr = |k: u128| {
            let two_64 =
                <B as Backend>::Fr::from_u64(1 << 32) * <B as Backend>::Fr::from_u64(1 << 32);
            <B as Backend>::Fr::from_u64((k >> 64) as u64) * two_64
                + <B as Backend>::Fr::from_u64(k as u64)
        };
        let bound: u128 = 3 << 126;
        let mut windows = Vec::new();
        for m in [12usize, 40, 100, 250, 600, 1400] {
            windows.push(bucket_window(m, HALF_SCALAR_BITS));
            let ps = points(m, m as u64);
            let ints: Vec<u128> = (0..m)
                .map(|i| match i % 5 {
                    0 => bound - 1 - i as u128,
                    1 => (1 << 127) - 1,
                    2 => ((1 << 127) - 1) ^ (0xffff << (i % 111)),
                    3 => (i as u128) << 110,
                    _ => bound - (1 << (i % 120)),
                })
                .collect();
            let scalars: Vec<_> = ints.iter().map(|k| fr(*k)).collect();
            let want = g1_lincomb_naive::<B>(&ps, &scalars);
            let got = small_scalar_msms::<B>(vec![(ps.clone(), ints.clone())], HALF_SCALAR_BITS, 1);
            assert_eq!(got, vec![want], "{m} points");
            // On two and three threads (windows shared among them), beside a
            // second MSM of short integers (mostly zero digits).
            let short: Vec<u128> = ints.iter().map(|k| k >> 100).collect();
            let short_scalars: Vec<_> = short.iter().map(|k| fr(*k)).collect();
            let want_short = g1_lincomb_naive::<B>(&ps, &short_scalars);
            for threads in [2, 3] {
                let msms = vec![(ps.clone(), short.clone()), (ps.clone(), ints.clone())];
                let got = small_scalar_msms::<B>(msms, HALF_SCALAR_BITS, threads);
                assert_eq!(got, vec![want_short, want], "{m} points, {threads} threads");
            }
        }
        assert_eq!(windows, [4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn lock_step_msms_match_naive() {
        let sizes = [0usize, 1, 2, 5, 64, 100];
        let ps: Vec<_> = sizes
            .iter()
            .enumerate()
            .map(|(k, n)| points(*n, k as u64))
            .collect();
        let ss: Vec<_> = sizes
            .iter()
            .enumerate()
            .map(|(k, n)| scalars(*n, k as u64))
            .collect();
        let msms: Vec<_> = ps.iter().zip(&ss).map(|(p, s)| (&p[..], &s[..])).collect();
        let got = g1_msm_many::<B>(&msms);
        for ((p, s), g) in msms.iter().zip(&got) {
            assert_eq!(*g, g1_lincomb_naive::<B>(p, s));
        }
    }
}
