//! Every kernel against blst (an independent implementation) on the same
//! inputs.

use blst::{blst_fp, blst_p1, blst_p1_affine};
use rand::{Rng, SeedableRng};

use super::{msm_signed_digits, msm_u128, Fp8};
use crate::{cpu_supported, Engine, G1Affine, G1Jacobian, G1Ops};

/// The engine where the CPU has the instructions, whatever the switch says
/// (these tests exercise the kernels themselves); prints why not
/// otherwise.
pub(super) fn engine_or_skip() -> Option<&'static Engine> {
    if cpu_supported() {
        Some(&Engine::INSTANCE)
    } else {
        eprintln!("skipped: no AVX-512 IFMA on this CPU");
        None
    }
}

pub(super) fn to_blst(p: &G1Jacobian) -> blst_p1 {
    blst_p1 {
        x: blst_fp { l: p.x },
        y: blst_fp { l: p.y },
        z: blst_fp { l: p.z },
    }
}

pub(super) fn from_blst(p: &blst_p1) -> G1Jacobian {
    G1Jacobian {
        x: p.x.l,
        y: p.y.l,
        z: p.z.l,
    }
}

pub(super) fn affine_from_blst(p: &blst_p1_affine) -> G1Affine {
    G1Affine { x: p.x.l, y: p.y.l }
}

/// blst's group law, for the joins.
pub(super) struct BlstOps;

impl G1Ops for BlstOps {
    fn add(&self, a: &G1Jacobian, b: &G1Jacobian) -> G1Jacobian {
        from_blst(&p1_add(&to_blst(a), &to_blst(b)))
    }
    fn double(&self, a: &G1Jacobian) -> G1Jacobian {
        let mut out = blst_p1::default();
        // SAFETY: blst reads one and writes one live point.
        unsafe { blst::blst_p1_double(&mut out, &to_blst(a)) };
        from_blst(&out)
    }
}

fn random_fp(rng: &mut impl Rng) -> blst_fp {
    let mut bytes = [0u8; 48];
    rng.fill(&mut bytes[..]);
    bytes[0] &= 0x0f; // below 2^380 < p
    let mut out = blst_fp::default();
    // SAFETY: converts 48 live bytes into a live blst_fp.
    unsafe { blst::blst_fp_from_bendian(&mut out, bytes.as_ptr()) };
    out
}

fn fp_mul(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut out = blst_fp::default();
    // SAFETY: blst reads two and writes one live blst_fp.
    unsafe { blst::blst_fp_mul(&mut out, a, b) };
    out
}

fn fp_add(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut out = blst_fp::default();
    // SAFETY: blst reads two and writes one live blst_fp.
    unsafe { blst::blst_fp_add(&mut out, a, b) };
    out
}

fn fp_sub(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut out = blst_fp::default();
    // SAFETY: blst reads two and writes one live blst_fp.
    unsafe { blst::blst_fp_sub(&mut out, a, b) };
    out
}

/// Small and extreme values: 0, 1, 2, p − 1, p − 2 (in Montgomery form).
fn edge_values() -> Vec<blst_fp> {
    let from_u64 = |v: u64| {
        let mut out = blst_fp::default();
        // SAFETY: blst writes one live blst_fp.
        unsafe { blst::blst_fp_from_uint64(&mut out, [v, 0, 0, 0, 0, 0].as_ptr()) };
        out
    };
    let zero = blst_fp::default();
    let one = from_u64(1);
    let two = from_u64(2);
    vec![zero, one, two, fp_sub(&zero, &one), fp_sub(&zero, &two)]
}

fn lanes(rng: &mut impl Rng, round: usize) -> [blst_fp; 8] {
    let edges = edge_values();
    core::array::from_fn(|i| {
        if round < 8 && (i + round).is_multiple_of(3) {
            edges[(i + round) % edges.len()]
        } else {
            random_fp(rng)
        }
    })
}

#[test]
fn field_matches_blst() {
    if engine_or_skip().is_none() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for round in 0..400 {
        let a = lanes(&mut rng, round);
        let b = lanes(&mut rng, round + 1);
        // SAFETY: the CPU has AVX-512F and IFMA (checked above).
        let (x, y) = unsafe {
            (
                Fp8::from_limbs(&a.map(|v| v.l)),
                Fp8::from_limbs(&b.map(|v| v.l)),
            )
        };
        // Lanes in [p, 2p) too: x + p has the same residue.
        // SAFETY: AVX-512F is present (checked above), all these need.
        let (xp, yp) = unsafe { (x.add_p_unreduced(), y.add_p_unreduced()) };
        for (u, v) in [(x, y), (xp, yp), (x, yp)] {
            // SAFETY: AVX-512F and IFMA are present (checked above).
            let (m, s, sum, diff, neg) = unsafe {
                (
                    u.mul(&v).to_limbs(),
                    u.square().to_limbs(),
                    u.add(&v).to_limbs(),
                    u.sub(&v).to_limbs(),
                    u.neg_masked(0b1010_1010).to_limbs(),
                )
            };
            for i in 0..8 {
                assert_eq!(m[i], fp_mul(&a[i], &b[i]).l, "mul lane {i} round {round}");
                assert_eq!(s[i], fp_mul(&a[i], &a[i]).l, "square lane {i}");
                assert_eq!(sum[i], fp_add(&a[i], &b[i]).l, "add lane {i}");
                assert_eq!(diff[i], fp_sub(&a[i], &b[i]).l, "sub lane {i}");
                let want = if i % 2 == 1 {
                    fp_sub(&blst_fp::default(), &a[i])
                } else {
                    a[i]
                };
                assert_eq!(neg[i], want.l, "neg lane {i}");
            }
        }
        // SAFETY: AVX-512F is present (checked above), all these need.
        let z = unsafe { x.sub(&x).is_zero_mask() };
        assert_eq!(z, 0xff);
        // SAFETY: AVX-512F is present (checked above), all `is_zero_mask` needs.
        let nz = unsafe { x.is_zero_mask() };
        for (i, v) in a.iter().enumerate() {
            assert_eq!(nz >> i & 1 == 1, *v == blst_fp::default());
        }
    }
}

fn p1_add(a: &blst_p1, b: &blst_p1) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: blst reads two and writes one live point.
    unsafe { blst::blst_p1_add_or_double(&mut out, a, b) };
    out
}

fn p1_eq(a: &blst_p1, b: &blst_p1) -> bool {
    // SAFETY: blst reads two live points.
    unsafe { blst::blst_p1_is_equal(a, b) }
}

fn to_affine(p: &blst_p1) -> blst_p1_affine {
    let mut out = blst_p1_affine::default();
    // SAFETY: blst reads one and writes one live point.
    unsafe { blst::blst_p1_to_affine(&mut out, p) };
    out
}

/// `Σ d_i·P_i` one point at a time (the oracle).
fn naive(points: &[blst_p1_affine], digits: &[u16], window: usize) -> blst_p1 {
    let mut acc = blst_p1::default();
    for (p, d) in points.iter().zip(digits) {
        let full = 1i64 << window;
        let d = i64::from(*d) & (full - 1);
        let d = if d >= full / 2 { d - full } else { d };
        let mut q = blst_p1::default();
        let k = d.unsigned_abs().to_le_bytes();
        // SAFETY: blst reads one live affine point and 8 scalar bytes.
        unsafe {
            blst::blst_p1_from_affine(&mut q, p);
            blst::blst_p1_mult(&mut q, &q, k.as_ptr(), 64);
            if d < 0 {
                blst::blst_p1_cneg(&mut q, true);
            }
        }
        acc = p1_add(&acc, &q);
    }
    acc
}

/// The multiples `1·G, 2·G, …, n·G` (small multiples make equal and
/// opposite bucket contents easy to force).
fn multiples(n: usize) -> Vec<blst_p1_affine> {
    // SAFETY: blst returns a pointer to its static generator.
    let g = unsafe { *blst::blst_p1_generator() };
    let mut acc = g;
    (0..n)
        .map(|_| {
            let a = to_affine(&acc);
            acc = p1_add(&acc, &g);
            a
        })
        .collect()
}

fn to_lanes(points: &[blst_p1_affine]) -> Vec<G1Affine> {
    points.iter().map(affine_from_blst).collect()
}

#[test]
fn bucket_msm_matches_naive() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let pool = multiples(64);
    for window in [2usize, 3, 4, 5, 8, 13, 16] {
        for n in [1usize, 7, 8, 9, 100, 1000] {
            let points: Vec<blst_p1_affine> = (0..n)
                .map(|i| match i % 17 {
                    // The identity, and repeated points.
                    5 => blst_p1_affine::default(),
                    9 => pool[0],
                    _ => pool[rng.gen_range(0..pool.len())],
                })
                .collect();
            let digits: Vec<u16> = (0..n).map(|_| rng.gen()).collect();
            let got = msm_signed_digits(e, &to_lanes(&points), &digits, window, &BlstOps)
                .expect("window in range");
            let want = naive(&points, &digits, window);
            assert!(p1_eq(&to_blst(&got), &want), "window {window}, {n} points");
        }
    }
    // Windows the kernel does not take.
    let g = to_lanes(&multiples(1));
    for window in [0, 1, 17] {
        assert!(msm_signed_digits(e, &g, &[1], window, &BlstOps).is_none());
    }
}

#[test]
fn bucket_msm_exceptional_cases() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let g = multiples(3);
    let w = 4;
    let neg = |d: i16| (d as u16) & 0xf;
    let cases: Vec<(Vec<blst_p1_affine>, Vec<u16>)> = vec![
        // G + G in one bucket: the accumulator doubles.
        (vec![g[0], g[0]], vec![1, 1]),
        // G − G in one bucket: it cancels, then more is added.
        (vec![g[0], g[0], g[1]], vec![1, neg(-1), 1]),
        // Buckets 1 and 2 hold G and −G... and equal sums meet in the
        // running sum (doubling and cancelling general additions).
        (vec![g[0], g[0]], vec![2, 1]),
        (vec![g[0], g[0]], vec![2, neg(-1)]),
        (vec![g[1], g[0], g[0]], vec![1, 2, 2]),
        // Everything cancels.
        (vec![g[2], g[0], g[1]], vec![1, neg(-1), neg(-1)]),
        // Only identities and zero digits.
        (vec![blst_p1_affine::default(); 9], vec![3; 9]),
        (vec![g[0]; 9], vec![0; 9]),
        // The most negative digit, −2^(w−1).
        (vec![g[1], g[0]], vec![8, 8]),
    ];
    for (i, (points, digits)) in cases.iter().enumerate() {
        // Repeat each case on every lane position.
        for shift in 0..9 {
            let mut p = vec![g[2]; shift];
            let mut d = vec![0u16; shift];
            p.extend_from_slice(points);
            d.extend_from_slice(digits);
            let got = msm_signed_digits(e, &to_lanes(&p), &d, w, &BlstOps).expect("window 4");
            assert!(
                p1_eq(&to_blst(&got), &naive(&p, &d, w)),
                "case {i} shift {shift}"
            );
        }
    }
}

/// `k·p` by blst for a scalar below `2^128`.
fn mul_u128(p: &blst_p1_affine, k: u128) -> blst_p1 {
    let mut q = blst_p1::default();
    let bytes = k.to_le_bytes();
    // SAFETY: blst reads one live affine point and 16 scalar bytes.
    unsafe {
        blst::blst_p1_from_affine(&mut q, p);
        blst::blst_p1_mult(&mut q, &q, bytes.as_ptr(), 128);
    }
    q
}

#[test]
fn windowed_msm_matches_naive() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let pool = multiples(16);
    for n in [0usize, 1, 9, 40, 300] {
        let points: Vec<blst_p1_affine> = (0..n)
            .map(|i| {
                if i % 13 == 4 {
                    blst_p1_affine::default()
                } else {
                    pool[rng.gen_range(0..pool.len())]
                }
            })
            .collect();
        let scalars: Vec<u128> = (0..n)
            .map(|i| match i % 7 {
                0 => 0,
                1 => u128::MAX,
                2 => 1 << 127,
                _ => rng.gen(),
            })
            .collect();
        let got = msm_u128(e, &to_lanes(&points), &scalars, &BlstOps);
        let want = points
            .iter()
            .zip(&scalars)
            .fold(blst_p1::default(), |acc, (p, k)| {
                p1_add(&acc, &mul_u128(p, *k))
            });
        assert!(p1_eq(&to_blst(&got), &want), "{n} points");
    }
}

/// `φ(p) = (β·x, y)` by blst.
fn endomorphism(p: &blst_p1_affine) -> blst_p1_affine {
    let mut out = *p;
    let beta = blst_fp { l: crate::BETA };
    // SAFETY: blst reads two and writes one live field element.
    unsafe { blst::blst_fp_mul(&mut out.x, &p.x, &beta) };
    out
}

#[test]
fn beta_is_the_endomorphism_of_lambda() {
    // φ(G) = λ·G with λ = x² − 1 = 0xac45a4010001a40200000000ffffffff.
    let g = multiples(1)[0];
    let lambda = 0xac45_a401_0001_a402_0000_0000_ffff_ffffu128;
    let mut want = blst_p1_affine::default();
    // SAFETY: blst reads one live point and writes one.
    unsafe { blst::blst_p1_to_affine(&mut want, &mul_u128(&g, lambda)) };
    assert_eq!(endomorphism(&g), want);
}

#[test]
fn glv_products_match_blst() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(13);
    let pool = multiples(40);
    for n in [0usize, 1, 8, 13, 64] {
        let points: Vec<blst_p1_affine> = (0..n)
            .map(|i| {
                if i % 5 == 3 {
                    blst_p1_affine::default()
                } else {
                    pool[rng.gen_range(0..pool.len())]
                }
            })
            .collect();
        let halves: Vec<(u128, u128)> = (0..n)
            .map(|i| match i % 6 {
                0 => (0, 0),
                1 => (1, 0),
                2 => (0, u128::MAX),
                3 => (u128::MAX, u128::MAX),
                _ => (rng.gen(), rng.gen()),
            })
            .collect();
        let got = super::glv_mul_many(e, &to_lanes(&points), &halves);
        assert_eq!(got.len(), n);
        for (i, ((p, (k1, k2)), g)) in points.iter().zip(&halves).zip(&got).enumerate() {
            let want = p1_add(&mul_u128(p, *k1), &mul_u128(&endomorphism(p), *k2));
            assert!(p1_eq(&to_blst(g), &want), "{n} points, index {i}");
        }
    }
}
