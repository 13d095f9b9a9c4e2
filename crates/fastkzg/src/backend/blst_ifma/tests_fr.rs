//! The scalar-field kernels against blst and against the one-at-a-time
//! paths of the backend trait.

use core::arch::x86_64::*;

use blst::blst_fr;
use rand::{Rng, SeedableRng};

use super::fr::Fr8;
use super::lanes::lane_offsets;
use super::{fr_from_plain, pair_fractions};
use crate::backend::blst::Fr;
use crate::backend::{from_bytes_be_each, Module, Scalar};
use crate::constants::BLS_MODULUS_LIMBS;

fn kernels_present() -> bool {
    super::tests::kernels_present()
}

fn random_fr(rng: &mut impl Rng) -> Fr {
    let mut b = [0u8; 32];
    rng.fill(&mut b[..]);
    Fr::from_bytes_be_reduced(&b)
}

/// 0, 1, 2, r − 1, r − 2.
fn edge_frs() -> [Fr; 5] {
    let (one, two) = (Fr::one(), Fr::from_u64(2));
    [Fr::zero(), one, two, -one, -two]
}

fn frs_to_lanes(v: &[Fr; 8]) -> Fr8 {
    // SAFETY: the caller checked for AVX-512F; every lane reads one live
    // element of `v` (below r).
    unsafe { Fr8::gather_blst(v.as_ptr().cast(), lane_offsets(32)) }
}

/// The same residues in `[r, 2r)` (lane value plus `r`).
fn plus_r(x: &Fr8) -> Fr8 {
    let r = BLS_MODULUS_LIMBS;
    // SAFETY: the caller checked for AVX-512F and IFMA. `r` as a pattern
    // is zero in the field, so adding it (unreduced) keeps the residue;
    // `x + r < 2r` for canonical lanes.
    unsafe {
        let r8 = Fr8::splat_words(&r);
        let sum = Fr8(core::array::from_fn(|k| _mm512_add_epi64(x.0[k], r8.0[k])));
        sum.normalized()
    }
}

#[test]
fn scalar_field_matches_blst() {
    if !kernels_present() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let edges = edge_frs();
    let sixteen = Fr::from_u64(16);
    for round in 0..400 {
        let pick = |rng: &mut rand::rngs::StdRng, shift: usize| -> [Fr; 8] {
            core::array::from_fn(|i| {
                if round < 10 && (i + round + shift).is_multiple_of(2) {
                    edges[(i + round + shift) % edges.len()]
                } else {
                    random_fr(rng)
                }
            })
        };
        let a = pick(&mut rng, 0);
        let b = pick(&mut rng, 1);
        let (x, y) = (frs_to_lanes(&a), frs_to_lanes(&b));
        for (u, v) in [(x, y), (plus_r(&x), plus_r(&y)), (x, plus_r(&y))] {
            // SAFETY: the CPU has AVX-512F and IFMA (checked above).
            let (m, s, d) = unsafe {
                (
                    u.mul(&v).to_blst(),
                    u.add(&v).to_blst(),
                    u.sub(&v).to_blst(),
                )
            };
            for i in 0..8 {
                // Patterns: blst's product is 16 times the kernel's.
                assert_eq!(
                    Fr(m[i]) * sixteen,
                    a[i] * b[i],
                    "mul lane {i} round {round}"
                );
                assert_eq!(Fr(s[i]), a[i] + b[i], "add lane {i} round {round}");
                assert_eq!(Fr(d[i]), a[i] - b[i], "sub lane {i} round {round}");
            }
        }
    }
}

#[test]
fn montgomery_conversion_matches_blst() {
    if !kernels_present() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let mut r_minus = BLS_MODULUS_LIMBS;
    r_minus[0] -= 1;
    for round in 0..200 {
        let plain: [[u64; 4]; 8] = core::array::from_fn(|i| match (round + i) % 6 {
            0 if round < 12 => [0; 4],
            1 if round < 12 => r_minus,
            2 if round < 12 => [1, 0, 0, 0],
            _ => random_fr(&mut rng).0.l, // some value below r
        });
        let got = fr_from_plain(&plain).expect("kernels present");
        for (g, p) in got.iter().zip(&plain) {
            let mut want = blst_fr::default();
            // SAFETY: blst reads four live limbs (a value below r).
            unsafe { blst::blst_fr_from_uint64(&mut want, p.as_ptr()) };
            assert_eq!(*g, want, "round {round}");
        }
    }
}

#[test]
fn parsing_many_matches_one_at_a_time() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(13);
    let r_be: Vec<u8> = BLS_MODULUS_LIMBS
        .iter()
        .rev()
        .flat_map(|w| w.to_be_bytes())
        .collect();
    for n in [0usize, 1, 7, 8, 9, 16, 23, 64, 100] {
        let mut bytes: Vec<u8> = (0..n)
            .flat_map(|_| random_fr(&mut rng).to_bytes_be())
            .collect();
        let ours = Fr::from_bytes_be_many(&bytes).expect("canonical");
        assert_eq!(ours, from_bytes_be_each::<Fr>(&bytes).expect("canonical"));
        // A trailing partial element is ignored by both.
        bytes.extend_from_slice(&[0xff; 5]);
        assert_eq!(Fr::from_bytes_be_many(&bytes), Ok(ours));
        bytes.truncate(32 * n);
        for bad in [0, 7, 8, 13, n.saturating_sub(1)] {
            if bad >= n {
                continue;
            }
            let mut b = bytes.clone();
            // r itself, or an all-ones value: both not canonical.
            let value: &[u8] = if bad % 2 == 0 { &r_be } else { &[0xff; 32] };
            b[32 * bad..32 * bad + 32].copy_from_slice(value);
            if bad + 3 < n {
                b[32 * (bad + 3)..32 * (bad + 3) + 32].copy_from_slice(&[0xff; 32]);
            }
            assert_eq!(Fr::from_bytes_be_many(&b), Err(bad), "n {n} bad {bad}");
            assert_eq!(from_bytes_be_each::<Fr>(&b), Err(bad));
        }
    }
}

/// Roots of unity of a `2·pairs`-point domain in an order where entry
/// `2k + 1` is the negation of entry `2k` (as in bit-reversed order).
fn paired_roots(pairs: usize) -> (Vec<Fr>, Vec<Fr>) {
    let domain = crate::math::Domain::<Fr>::new(2 * pairs).expect("domain");
    let mut roots = Vec::with_capacity(2 * pairs);
    for k in 0..pairs {
        let w = domain.root(k);
        roots.push(w);
        roots.push(-w);
    }
    let sq = roots.iter().step_by(2).map(|w| w.square()).collect();
    (roots, sq)
}

#[test]
fn pair_sum_matches_one_pair_at_a_time() {
    if !kernels_present() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(14);
    for pairs in [8usize, 16, 64, 2048] {
        let (roots, sq) = paired_roots(pairs);
        for round in 0..4 {
            let evals: Vec<Fr> = (0..2 * pairs)
                .map(|i| match (i + round) % 7 {
                    0 => Fr::zero(),
                    1 => -Fr::one(),
                    _ => random_fr(&mut rng),
                })
                .collect();
            let z = random_fr(&mut rng);
            let (n1, d1) = Fr::pair_fraction_sum(&evals, &roots, &sq, &z).expect("kernels present");
            let (n2, d2) = pair_fraction_sum_each(&evals, &roots, &sq, &z);
            assert!(!d1.is_zero());
            assert_eq!(n1 * d2, n2 * d1, "pairs {pairs} round {round}");
            // And the plain sum Σ p_i·w_i/(z − w_i), term by term.
            let direct = evals.iter().zip(&roots).fold(Fr::zero(), |acc, (p, w)| {
                acc + *p * *w * (z - *w).inverse().expect("z is not a root")
            });
            assert_eq!(n1, direct * d1, "pairs {pairs} round {round}");
        }
    }
    // Lengths the kernel does not take: no result, the caller falls back.
    let (roots, sq) = paired_roots(4);
    let e = vec![Fr::one(); 8];
    let f = |v: &[Fr]| -> Vec<blst_fr> { v.iter().map(|x| x.0).collect() };
    assert!(pair_fractions(&f(&e), &f(&roots), &f(&sq), &Fr::one().0, &Fr::one().0).is_none());
}

/// [`Scalar::pair_fraction_sum`] one pair at a time: the oracle of the
/// eight-lane kernel.
fn pair_fraction_sum_each<F: Scalar>(evals: &[F], roots: &[F], roots_sq: &[F], z: &F) -> (F, F) {
    let z2 = z.square();
    // Two independent fractions (even and odd pairs) so that consecutive
    // multiplications do not wait on each other.
    let mut acc = [(F::zero(), F::one()); 2];
    for (k, ((pair, w), w2)) in evals
        .chunks_exact(2)
        .zip(roots.iter().step_by(2))
        .zip(roots_sq)
        .enumerate()
    {
        // Assigning operators only: the backend can work in place.
        let mut diff = pair[0];
        diff -= pair[1];
        diff *= *z;
        let mut sum = pair[0];
        sum += pair[1];
        sum *= *w;
        diff += sum;
        diff *= *w;
        // z is not a root, so z² ≠ w² and the denominator stays non-zero.
        let mut d = z2;
        d -= *w2;
        let (num, den) = &mut acc[k & 1];
        *num *= d;
        diff *= *den;
        *num += diff;
        *den *= d;
    }
    let [(n0, d0), (n1, d1)] = acc;
    (n0 * d1 + n1 * d0, d0 * d1)
}
