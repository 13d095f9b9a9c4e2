//! The eight-lane subgroup check against blst's, on points inside and
//! outside G1 (including ones with a small-order component).

use blst::{blst_fp, blst_p1, blst_p1_affine};
use rand::{Rng, SeedableRng};

use super::in_g1;
use super::tests::{affine_from_blst, engine_or_skip};

/// The modulus r, little-endian words.
const BLS_MODULUS_LIMBS: [u64; 4] = [
    0xffff_ffff_0000_0001,
    0x53bd_a402_fffe_5bfe,
    0x3339_d808_09a1_d805,
    0x73ed_a753_299d_7d48,
];

fn fp_from_u64(v: u64) -> blst_fp {
    let mut out = blst_fp::default();
    // SAFETY: blst reads six live limbs and writes one element.
    unsafe { blst::blst_fp_from_uint64(&mut out, [v, 0, 0, 0, 0, 0].as_ptr()) };
    out
}

/// A random point of E(Fp) (almost never in G1): a random x with a square
/// root of x³ + 4.
fn curve_point(rng: &mut impl Rng) -> blst_p1 {
    loop {
        let mut bytes = [0u8; 48];
        rng.fill(&mut bytes[..]);
        bytes[0] &= 0x0f;
        let (mut x, mut rhs, mut y) = (blst_fp::default(), blst_fp::default(), blst_fp::default());
        // SAFETY: blst reads and writes live field elements.
        let found = unsafe {
            blst::blst_fp_from_bendian(&mut x, bytes.as_ptr());
            blst::blst_fp_sqr(&mut rhs, &x);
            blst::blst_fp_mul(&mut rhs, &rhs, &x);
            blst::blst_fp_add(&mut rhs, &rhs, &fp_from_u64(4));
            blst::blst_fp_sqrt(&mut y, &rhs)
        };
        if found {
            return blst_p1 {
                x,
                y,
                z: fp_from_u64(1),
            };
        }
    }
}

fn add(a: &blst_p1, b: &blst_p1) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: blst reads two live points and writes one.
    unsafe { blst::blst_p1_add_or_double(&mut out, a, b) };
    out
}

/// `k·p` by double-and-add (`k` little-endian words), valid for any point
/// of the curve (blst's own multiplication assumes G1 for long scalars).
fn mul_any(p: &blst_p1, k: &[u64]) -> blst_p1 {
    let mut acc = blst_p1::default();
    for bit in (0..64 * k.len()).rev() {
        acc = add(&acc, &acc);
        if k[bit / 64] >> (bit % 64) & 1 == 1 {
            acc = add(&acc, p);
        }
    }
    acc
}

fn affine(p: &blst_p1) -> blst_p1_affine {
    let mut out = blst_p1_affine::default();
    // SAFETY: blst reads one live point and writes one.
    unsafe { blst::blst_p1_to_affine(&mut out, p) };
    out
}

#[test]
fn subgroup_check_matches_blst() {
    let Some(e) = engine_or_skip() else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(21);
    // SAFETY: blst returns a pointer to its static generator.
    let g = unsafe { *blst::blst_p1_generator() };
    // (0, 2) has order 3.
    let t3 = blst_p1 {
        x: blst_fp::default(),
        y: fp_from_u64(2),
        z: fp_from_u64(1),
    };
    let mut cases: Vec<blst_p1> = vec![blst_p1::default(), g, t3, add(&g, &t3)];
    for _ in 0..24 {
        let k: u64 = rng.gen();
        let member = mul_any(&g, &[k]);
        let random = curve_point(&mut rng);
        // [r]·R has no G1 part: a pure torsion point of order dividing h.
        let torsion = mul_any(&random, &BLS_MODULUS_LIMBS);
        cases.extend([
            member,
            random,
            torsion,
            add(&member, &torsion),
            add(&member, &t3),
        ]);
    }
    let points: Vec<blst_p1_affine> = cases.iter().map(affine).collect();
    let (mut inside, mut outside) = (0, 0);
    // Every point at every lane position, and groups shorter than eight.
    for shift in 0..8 {
        for start in (0..points.len()).step_by(8) {
            let len = if shift == 7 { 1 + start % 8 } else { 8 };
            let lanes: Vec<blst_p1_affine> = (0..len)
                .map(|l| points[(start + (l + shift) % 8) % points.len()])
                .collect();
            let lane_points: Vec<_> = lanes.iter().map(affine_from_blst).collect();
            let got = in_g1(e, &lane_points);
            assert_eq!(got.len(), len);
            for (l, p) in lanes.iter().enumerate() {
                // SAFETY: reads one live affine point.
                let want = unsafe { blst::blst_p1_affine_in_g1(p) };
                assert_eq!(got[l], want, "lane {l} start {start}");
                if want {
                    inside += 1;
                } else {
                    outside += 1;
                }
            }
        }
    }
    // All at once (chunks of eight inside).
    let all: Vec<_> = points.iter().map(affine_from_blst).collect();
    let want: Vec<bool> = points
        .iter()
        // SAFETY: reads one live affine point.
        .map(|p| unsafe { blst::blst_p1_affine_in_g1(p) })
        .collect();
    assert_eq!(in_g1(e, &all), want);
    assert!(
        inside > 100 && outside > 100,
        "{inside} in G1, {outside} not"
    );
}
