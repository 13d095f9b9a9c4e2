//! The affine accumulators of the bucket MSMs: additions queued and
//! completed a round at a time with one shared inversion, and the chord
//! arithmetic they share with the other batch-affine code of the crate.

use crate::backend::prefetch::prefetch;
use crate::backend::{Backend, BaseField, Module};
use alloc::vec;
use alloc::vec::Vec;

/// Additions queued before a round completes them with one inversion.
const ROUND: usize = 256;

/// How many queued additions ahead [`Accumulators::round`] prefetches the
/// target of the one it will complete.
const ROUND_AHEAD: usize = 2;

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
pub(super) struct Accumulators<B: Backend> {
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
    pub(super) fn new(n: usize) -> Self {
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

    /// The number of accumulators.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.state.len()
    }

    /// The point in accumulator `t` (after [`Accumulators::finish`]).
    pub(super) fn get(&self, t: usize) -> Option<Xy<B::Fp>> {
        (self.state[t] != EMPTY).then(|| self.points[t])
    }

    /// Adds `p` into accumulator `t`; completed by the next round.
    #[inline]
    pub(super) fn add(&mut self, t: usize, p: Xy<B::Fp>) {
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
    pub(super) fn prefetch(&self, t: usize) {
        if let Some(p) = self.points.get(t) {
            prefetch(p);
        }
    }

    /// Completes the queued additions with one shared inversion.
    pub(super) fn round(&mut self) {
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
    pub(super) fn finish(&mut self) {
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

pub(super) fn xy<B: Backend>(p: &B::G1Affine) -> Option<Xy<B::Fp>> {
    B::g1_affine_xy(p).map(|(x, y)| Xy { x, y })
}

pub(super) fn add_xy<B: Backend>(acc: &B::G1, p: Option<Xy<B::Fp>>) -> B::G1 {
    match p {
        Some(p) => B::g1_add_affine(acc, &B::g1_affine_from_xy(p.x, p.y)),
        None => *acc,
    }
}
