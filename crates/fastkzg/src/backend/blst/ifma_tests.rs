//! Each use of the IFMA engine in the blst backend against the generic
//! path that runs without it (the kernels themselves are tested against
//! blst in the `fastkzg-ifma` crate).

use rand::{Rng, SeedableRng};

use super::super::{Blst, Fr, G1};
use crate::backend::accel::fr_from_bytes_be_each;
use crate::backend::{Accel, Backend, Group, Module, Scalar};
use crate::constants::BLS_MODULUS_LIMBS;

/// Whether the engine runs here; says why not otherwise (the tests then
/// compare the generic path with itself).
fn engine_present() -> bool {
    let present = fastkzg_ifma::engine().is_some();
    if !present {
        eprintln!(
            "skipped: no AVX-512 IFMA on this CPU (or turned off): the blst paths without it ran"
        );
    }
    present
}

fn random_fr(rng: &mut impl Rng) -> Fr {
    let mut b = [0u8; 32];
    rng.fill(&mut b[..]);
    Fr::from_bytes_be_reduced(&b)
}

/// Distinct multiples of the generator, the identity among them.
fn points(n: usize, rng: &mut impl Rng) -> Vec<G1> {
    let g = G1::generator();
    (0..n)
        .map(|i| {
            if i % 11 == 5 {
                G1::zero()
            } else {
                g * &random_fr(rng)
            }
        })
        .collect()
}

#[test]
fn beta_agrees_with_the_backend() {
    assert_eq!(fastkzg_ifma::BETA, super::super::glv::BETA.l);
}

#[test]
fn parsing_many_matches_one_at_a_time() {
    let _ = engine_present();
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
        let ours = Blst::fr_from_bytes_be_many(&bytes).expect("canonical");
        assert_eq!(
            ours,
            fr_from_bytes_be_each::<Blst>(&bytes).expect("canonical")
        );
        // A trailing partial element is ignored by both.
        bytes.extend_from_slice(&[0xff; 5]);
        assert_eq!(Blst::fr_from_bytes_be_many(&bytes), Ok(ours));
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
            assert_eq!(Blst::fr_from_bytes_be_many(&b), Err(bad), "n {n} bad {bad}");
            assert_eq!(fr_from_bytes_be_each::<Blst>(&b), Err(bad));
        }
    }
}

#[test]
fn pair_fraction_sum_matches_the_direct_sum() {
    if !engine_present() {
        let one = [Fr::one(); 16];
        assert!(Blst::blob_pair_fraction_sum(&one, &one, &one[..8], &Fr::one()).is_none());
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(14);
    for pairs in [8usize, 64, 2048] {
        let domain = crate::math::Domain::<Fr>::new(2 * pairs).expect("domain");
        let mut roots = Vec::with_capacity(2 * pairs);
        for k in 0..pairs {
            let w = domain.root(k);
            roots.extend([w, -w]);
        }
        let sq: Vec<Fr> = roots.iter().step_by(2).map(|w| w.square()).collect();
        let evals: Vec<Fr> = (0..2 * pairs).map(|_| random_fr(&mut rng)).collect();
        let z = random_fr(&mut rng);
        let (num, den) =
            Blst::blob_pair_fraction_sum(&evals, &roots, &sq, &z).expect("engine present");
        let direct = evals.iter().zip(&roots).fold(Fr::zero(), |acc, (p, w)| {
            acc + *p * *w * (z - *w).inverse().expect("z is not a root")
        });
        assert_eq!(num, direct * den, "{pairs} pairs");
    }
    // Lengths the kernel does not take: the generic fold runs instead.
    let one = [Fr::one(); 8];
    assert!(Blst::blob_pair_fraction_sum(&one, &one, &one[..4], &Fr::one()).is_none());
}

#[test]
fn batched_scaling_matches_one_at_a_time() {
    let _ = engine_present();
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    for n in [1usize, 8, 13, 64] {
        let points = points(n, &mut rng);
        let scalars: Vec<Fr> = (0..n)
            .map(|i| match i % 6 {
                0 => Fr::zero(),
                1 => Fr::one(),
                2 => -Fr::one(),
                _ => random_fr(&mut rng),
            })
            .collect();
        let mut got = points.clone();
        crate::msm::scale::g1_scale_many::<Blst>(&mut got, &scalars);
        for i in 0..n {
            assert!(got[i] == points[i] * &scalars[i], "{n} points, index {i}");
        }
    }
}

#[test]
fn msms_match_the_generic_ones() {
    let _ = engine_present();
    let mut rng = rand::rngs::StdRng::seed_from_u64(16);
    for n in [16usize, 64, 300] {
        let affine = Blst::g1_batch_to_affine(&points(n, &mut rng));
        let scalars: Vec<Fr> = (0..n).map(|_| random_fr(&mut rng)).collect();
        let want = affine
            .iter()
            .zip(&scalars)
            .fold(G1::zero(), |acc, (p, s)| acc + Blst::g1_from_affine(p) * s);
        assert!(
            crate::msm::g1_msm::<Blst>(&affine, &scalars) == want,
            "{n} points"
        );
        for window in [4usize, 8, 13] {
            let digits: Vec<u16> = (0..n).map(|_| rng.gen()).collect();
            let generic =
                crate::msm::batch_affine::signed_digit_sum::<Blst>(&affine, &digits, window);
            assert!(
                crate::msm::g1_msm_signed_digits::<Blst>(&affine, &digits, window) == generic,
                "{n} points, window {window}"
            );
        }
    }
}

#[test]
fn decompress_many_matches_one_at_a_time() {
    let _ = engine_present();
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let mut encodings: Vec<[u8; 48]> = points(20, &mut rng).iter().map(Blst::g1_compress).collect();
    // Off the curve (x = 1: 1 + 4 = 5 is not a square mod p) and not in
    // G1 (an x whose point lies outside the subgroup), among valid ones.
    let mut bad_curve = [0u8; 48];
    bad_curve[0] = 0x80;
    bad_curve[47] = 1;
    encodings[3] = bad_curve;
    let outside = (0u8..)
        .map(|x| {
            let mut b = [0u8; 48];
            b[0] = 0x80;
            b[47] = x;
            b
        })
        .find(|b| Blst::g1_decompress(b) == Err(crate::backend::PointError::NotInSubgroup))
        .expect("some small x gives a point outside G1");
    encodings[9] = outside;
    for n in [1usize, 3, 9, 20] {
        let got = Blst::g1_decompress_many(&encodings[..n]);
        let want: Vec<_> = encodings[..n].iter().map(Blst::g1_decompress).collect();
        assert_eq!(got, want, "{n} points");
    }
    assert_eq!(
        Blst::g1_decompress_many(&encodings)[9],
        Err(crate::backend::PointError::NotInSubgroup)
    );
}
