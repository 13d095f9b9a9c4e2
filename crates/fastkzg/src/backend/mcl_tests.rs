//! The two places where the adapter corrects mcl's reading of the ZCash
//! encoding, against blst: the sign of G2 points whose `y` lies in Fp, and
//! encodings of the point at infinity with a non-zero last byte.

use super::super::zcash::FLAG_SORT;
use super::super::{Backend, BaseField, Blst, PointError};
use super::{lib, Fp, Mcl, G1, G2};

fn fp(v: i32) -> Fp {
    lib();
    let mut z = Fp::ZERO;
    z.raw_mut().set_int(v);
    z
}

fn sqrt(x: Fp) -> Option<Fp> {
    let mut y = Fp::ZERO;
    mcl_rust::Fp::square_root(y.raw_mut(), x.raw()).then_some(y)
}

/// The uncompressed encoding of a point of the G2 curve (outside the
/// subgroup) whose `y` lies in Fp: `x = a + b·i` with `3a²b − b³ = −4`, so
/// that `x³ + 4(1 + i) = a³ − 3ab² + 4` is real, and that a non-zero square.
fn point_with_real_y() -> [u8; 192] {
    for b in 1..100 {
        let (b, three, four) = (fp(b), fp(3), fp(4));
        let Some(a) = sqrt((b * b * b - four) * (three * b).inverse()) else {
            continue;
        };
        let Some(y) = sqrt(a * a * a - three * a * b * b + four).filter(|y| !y.is_zero()) else {
            continue;
        };
        let mut out = [0u8; 192];
        out[..48].copy_from_slice(&b.to_be_bytes());
        out[48..96].copy_from_slice(&a.to_be_bytes());
        out[144..].copy_from_slice(&y.to_be_bytes());
        return out;
    }
    panic!("no b below 100 gives a point with y in Fp");
}

#[test]
fn g2_sign_of_a_real_y_is_the_zcash_sign() {
    let u = point_with_real_y();
    let pa = Mcl::g2_deserialize_unchecked_subgroup(&u).expect("on the curve");
    let pb = Blst::g2_deserialize_unchecked_subgroup(&u).expect("on the curve");
    assert!(pa.y.c1.is_zero() && !pa.y.c0.is_zero());
    for (pa, pb) in [(pa, pb), (-pa, -pb)] {
        let c = Blst::g2_compress(&pb);
        assert_eq!(Mcl::g2_compress(&pa), c);
        // mcl's decoding without the subgroup check gives the point back.
        assert_eq!(G2::decode(&c), Some(pa));
        let mut flipped = c;
        flipped[0] ^= FLAG_SORT;
        assert_eq!(G2::decode(&flipped), Some(-pa));
        assert_eq!(Mcl::g2_decompress(&c), Err(PointError::NotInSubgroup));
        assert_eq!(Blst::g2_decompress(&c), Err(PointError::NotInSubgroup));
    }
    // The flags differ between the two points, so one of them was corrected.
    assert_ne!(Mcl::g2_compress(&pa)[0], Mcl::g2_compress(&-pa)[0]);
}

#[test]
fn infinity_with_a_stray_last_byte_is_rejected() {
    let mut g1 = [0u8; 48];
    g1[0] = 0xc0;
    g1[47] = 1;
    lib();
    // mcl alone reads it as the point at infinity.
    assert!(G1::decode(&g1).is_some_and(|p| p.raw().is_zero()));
    assert_eq!(Mcl::g1_decompress(&g1), Err(PointError::InvalidEncoding));
    assert_eq!(Blst::g1_decompress(&g1), Err(PointError::InvalidEncoding));
    let mut g2 = [0u8; 96];
    g2[0] = 0xc0;
    g2[95] = 1;
    assert_eq!(Mcl::g2_decompress(&g2), Err(PointError::InvalidEncoding));
    assert_eq!(Blst::g2_decompress(&g2), Err(PointError::InvalidEncoding));
}

#[test]
fn empty_inputs() {
    // Either may be the first call into the backend in a process (both
    // configure mcl first).
    assert!(Mcl::pairings_verify(&[]));
    assert!(Mcl::g1_batch_to_affine(&[]).is_empty());
}
