//! The scalar-field kernels against blst's scalar field.

use core::arch::x86_64::*;

use blst::blst_fr;
use rand::{Rng, SeedableRng};

use super::fr::Fr8;
use super::lanes::lane_offsets;
use super::tests::engine_or_skip;
use super::{fr_to_montgomery, pair_fractions};

/// The modulus r, little-endian words.
const MODULUS: [u64; 4] = [
    0xffff_ffff_0000_0001,
    0x53bd_a402_fffe_5bfe,
    0x3339_d808_09a1_d805,
    0x73ed_a753_299d_7d48,
];

/// An element of Fr through blst (the oracle).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct F(blst_fr);

impl F {
    fn from_u64(v: u64) -> F {
        let mut out = blst_fr::default();
        // SAFETY: blst reads four live words and writes one element.
        unsafe { blst::blst_fr_from_uint64(&mut out, [v, 0, 0, 0].as_ptr()) };
        F(out)
    }
    fn random(rng: &mut impl Rng) -> F {
        let mut b = [0u8; 32];
        rng.fill(&mut b[..]);
        let mut s = blst::blst_scalar::default();
        let mut out = blst_fr::default();
        // SAFETY: blst reads 32 live bytes, reduces them modulo r, and
        // writes live values.
        unsafe {
            blst::blst_scalar_from_be_bytes(&mut s, b.as_ptr(), b.len());
            blst::blst_fr_from_scalar(&mut out, &s);
        }
        F(out)
    }
    fn op(self, b: F, f: unsafe extern "C" fn(*mut blst_fr, *const blst_fr, *const blst_fr)) -> F {
        let mut out = blst_fr::default();
        // SAFETY: blst reads two and writes one live element.
        unsafe { f(&mut out, &self.0, &b.0) };
        F(out)
    }
    fn mul(self, b: F) -> F {
        self.op(b, blst::blst_fr_mul)
    }
    fn add(self, b: F) -> F {
        self.op(b, blst::blst_fr_add)
    }
    fn sub(self, b: F) -> F {
        self.op(b, blst::blst_fr_sub)
    }
    fn inverse(self) -> F {
        let mut out = blst_fr::default();
        // SAFETY: blst reads one and writes one live element.
        unsafe { blst::blst_fr_eucl_inverse(&mut out, &self.0) };
        F(out)
    }
}

/// 0, 1, 2, r − 1, r − 2.
fn edge_frs() -> [F; 5] {
    let (zero, one, two) = (F::default(), F::from_u64(1), F::from_u64(2));
    [zero, one, two, zero.sub(one), zero.sub(two)]
}

fn to_lanes(v: &[F; 8]) -> Fr8 {
    // SAFETY: the caller checked for AVX-512F; every lane reads one live
    // element of `v` (below r).
    unsafe { Fr8::gather(v.as_ptr().cast(), lane_offsets(32)) }
}

/// The same residues in `[r, 2r)` (lane value plus `r`).
fn plus_r(x: &Fr8) -> Fr8 {
    // SAFETY: the caller checked for AVX-512F and IFMA. `r` as a pattern
    // is zero in the field, so adding it (unreduced) keeps the residue;
    // `x + r < 2r` for canonical lanes.
    unsafe {
        let r8 = Fr8::splat_words(&MODULUS);
        let sum = Fr8(core::array::from_fn(|k| _mm512_add_epi64(x.0[k], r8.0[k])));
        sum.normalized()
    }
}

#[test]
fn scalar_field_matches_blst() {
    if engine_or_skip().is_none() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let edges = edge_frs();
    let sixteen = F::from_u64(16);
    for round in 0..400 {
        let pick = |rng: &mut rand::rngs::StdRng, shift: usize| -> [F; 8] {
            core::array::from_fn(|i| {
                if round < 10 && (i + round + shift).is_multiple_of(2) {
                    edges[(i + round + shift) % edges.len()]
                } else {
                    F::random(rng)
                }
            })
        };
        let a = pick(&mut rng, 0);
        let b = pick(&mut rng, 1);
        let (x, y) = (to_lanes(&a), to_lanes(&b));
        for (u, v) in [(x, y), (plus_r(&x), plus_r(&y)), (x, plus_r(&y))] {
            // SAFETY: the CPU has AVX-512F and IFMA (checked above).
            let (m, s, d) = unsafe {
                (
                    u.mul(&v).to_words(),
                    u.add(&v).to_words(),
                    u.sub(&v).to_words(),
                )
            };
            for i in 0..8 {
                // Patterns: blst's product is 16 times the kernel's.
                assert_eq!(
                    F(blst_fr { l: m[i] }).mul(sixteen),
                    a[i].mul(b[i]),
                    "mul lane {i} round {round}"
                );
                assert_eq!(s[i], a[i].add(b[i]).0.l, "add lane {i} round {round}");
                assert_eq!(d[i], a[i].sub(b[i]).0.l, "sub lane {i} round {round}");
            }
        }
    }
}

#[test]
fn montgomery_conversion_matches_blst() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let mut r_minus = MODULUS;
    r_minus[0] -= 1;
    for round in 0..200 {
        let plain: [[u64; 4]; 8] = core::array::from_fn(|i| match (round + i) % 6 {
            0 if round < 12 => [0; 4],
            1 if round < 12 => r_minus,
            2 if round < 12 => [1, 0, 0, 0],
            _ => F::random(&mut rng).0.l, // some value below r
        });
        let got = fr_to_montgomery(e, &plain);
        for (g, p) in got.iter().zip(&plain) {
            let mut want = blst_fr::default();
            // SAFETY: blst reads four live limbs (a value below r).
            unsafe { blst::blst_fr_from_uint64(&mut want, p.as_ptr()) };
            assert_eq!(*g, want.l, "round {round}");
        }
    }
}

#[test]
fn pair_sum_matches_the_direct_sum() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(14);
    for pairs in [8usize, 16, 64, 2048] {
        // Any roots in opposite pairs (w, −w) will do.
        let mut roots = Vec::with_capacity(2 * pairs);
        for _ in 0..pairs {
            let w = F::random(&mut rng);
            roots.extend([w, F::default().sub(w)]);
        }
        let sq: Vec<F> = roots.iter().step_by(2).map(|w| w.mul(*w)).collect();
        for round in 0..4 {
            let evals: Vec<F> = (0..2 * pairs)
                .map(|i| match (i + round) % 7 {
                    0 => F::default(),
                    1 => F::default().sub(F::from_u64(1)),
                    _ => F::random(&mut rng),
                })
                .collect();
            let z = F::random(&mut rng);
            let words = |v: &[F]| -> Vec<[u64; 4]> { v.iter().map(|x| x.0.l).collect() };
            let (nums, dens) =
                pair_fractions(e, &words(&evals), &words(&roots), &words(&sq), &z.0.l)
                    .expect("a multiple of 8 pairs");
            let sum = nums.iter().zip(&dens).fold(F::default(), |acc, (n, d)| {
                let d = F(blst_fr { l: *d });
                assert_ne!(d, F::default(), "pairs {pairs} round {round}");
                acc.add(F(blst_fr { l: *n }).mul(d.inverse()))
            });
            // Σ p_i·w_i/(z − w_i), term by term.
            let direct = evals.iter().zip(&roots).fold(F::default(), |acc, (p, w)| {
                acc.add(p.mul(*w).mul(z.sub(*w).inverse()))
            });
            assert_eq!(sum, direct, "pairs {pairs} round {round}");
        }
    }
    // Lengths the kernel does not take: no result.
    let one = [F::from_u64(1).0.l];
    let z = &one[0];
    for (evals, roots, sq) in [
        (0, 0, 0),
        (8, 8, 4),
        (16, 16, 8 + 1),
        (15, 16, 8),
        (16, 14, 8),
    ] {
        let (e8, r8, s8) = (vec![*z; evals], vec![*z; roots], vec![*z; sq]);
        assert!(pair_fractions(e, &e8, &r8, &s8, z).is_none());
    }
}
