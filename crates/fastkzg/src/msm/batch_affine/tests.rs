//! Tests of the batch-affine MSMs against the naive sums.

use super::many::{share_by_cost, small_scalar_msms};
use super::windows::{bucket_window, window_widths, HALF_SCALAR_BITS};
use super::{g1_msm_many, g1_msm_many_shifted, shifted_layers, ShiftedInput};
use crate::backend::{Backend, Group, Module, Scalar};
use crate::msm::g1_lincomb_naive;
use crate::DefaultBackend;

type B = DefaultBackend;

fn points(n: usize, seed: u64) -> Vec<<B as Backend>::G1Affine> {
    let g = <B as Backend>::G1::generator();
    (0..n)
        .map(|i| B::g1_to_affine(&(g * &<B as Backend>::Fr::from_u64(seed * 1000 + i as u64 + 1))))
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
        let two_64 = <B as Backend>::Fr::from_u64(1 << 32) * <B as Backend>::Fr::from_u64(1 << 32);
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
