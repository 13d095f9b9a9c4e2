//! Differential tests of malformed point encodings: every backend must
//! give blst's exact error for every kind of malformed G1 and G2 input
//! (flags, coordinates not below p, points off the curve or outside the
//! subgroup), one point at a time and in batches. Instantiated for every
//! backend by `backend_tests!`, as in `backend_agreement`.
//!
//! Malformed points are constructed deliberately with a small, slow,
//! independent implementation of Fp and Fp2 arithmetic (`fp` below), so the
//! on-curve status of every crafted encoding is known without asking either
//! backend; subgroup membership is then confirmed with blst.
// The reference is blst.
#![cfg(feature = "blst")]
use crate::backend_agreement::*;

use fastkzg::backend::{Backend, Group, PointError};

backend_tests!(
    independent_field_arithmetic_matches_the_generators,
    g1_malformed_flags_are_rejected,
    g1_coordinates_not_below_p_are_rejected,
    g1_off_curve_and_outside_subgroup_are_rejected,
    g1_decompress_many_matches_one_by_one,
    g2_malformed_flags_are_rejected,
    g2_coordinates_not_below_p_are_rejected,
    g2_off_curve_and_outside_subgroup_are_rejected,
);

// ------------------------------------------------------------------ malformed encodings

/// Slow, independent arithmetic modulo p (and in Fp2 = Fp[i]/(i² + 1)) for
/// constructing test points. Little-endian 64-bit limbs.
mod fp {
    pub type L = [u64; 6];
    pub type L2 = (L, L);

    pub const P: L = [
        0xb9fe_ffff_ffff_aaab,
        0x1eab_fffe_b153_ffff,
        0x6730_d2a0_f6b0_f624,
        0x6477_4b84_f385_12bf,
        0x4b1b_a7b6_434b_acd7,
        0x1a01_11ea_397f_e69a,
    ];
    pub const ZERO: L = [0; 6];

    pub fn from_u64(v: u64) -> L {
        [v, 0, 0, 0, 0, 0]
    }

    fn add_raw(a: &L, b: &L) -> (L, bool) {
        let mut out = ZERO;
        let mut carry = false;
        for i in 0..6 {
            let (s, c1) = a[i].overflowing_add(b[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            out[i] = s;
            carry = c1 || c2;
        }
        (out, carry)
    }

    fn sub_raw(a: &L, b: &L) -> L {
        let mut out = ZERO;
        let mut borrow = false;
        for i in 0..6 {
            let (s, b1) = a[i].overflowing_sub(b[i]);
            let (s, b2) = s.overflowing_sub(borrow as u64);
            out[i] = s;
            borrow = b1 || b2;
        }
        out
    }

    pub fn geq(a: &L, b: &L) -> bool {
        for i in (0..6).rev() {
            if a[i] != b[i] {
                return a[i] > b[i];
            }
        }
        true
    }

    pub fn add(a: &L, b: &L) -> L {
        let (s, c) = add_raw(a, b);
        if c || geq(&s, &P) {
            sub_raw(&s, &P)
        } else {
            s
        }
    }

    pub fn neg(a: &L) -> L {
        if *a == ZERO {
            ZERO
        } else {
            sub_raw(&P, a)
        }
    }

    pub fn sub(a: &L, b: &L) -> L {
        add(a, &neg(b))
    }

    fn bit(e: &L, i: usize) -> bool {
        (e[i / 64] >> (i % 64)) & 1 == 1
    }

    pub fn mul(a: &L, b: &L) -> L {
        let mut acc = ZERO;
        for i in (0..384).rev() {
            acc = add(&acc, &acc);
            if bit(b, i) {
                acc = add(&acc, a);
            }
        }
        acc
    }

    pub fn pow(a: &L, e: &L) -> L {
        let mut acc = from_u64(1);
        for i in (0..384).rev() {
            acc = mul(&acc, &acc);
            if bit(e, i) {
                acc = mul(&acc, a);
            }
        }
        acc
    }

    /// `(p + k) / 2^s` for small `k` (k = -3 as `sub`).
    fn exponent(add_k: u64, sub_k: u64, shift: u32) -> L {
        let (mut e, _) = add_raw(&P, &from_u64(add_k));
        e = sub_raw(&e, &from_u64(sub_k));
        for _ in 0..shift {
            for i in 0..6 {
                let hi = if i < 5 { e[i + 1] << 63 } else { 0 };
                e[i] = (e[i] >> 1) | hi;
            }
        }
        e
    }

    /// A square root (p ≡ 3 mod 4), if one exists.
    pub fn sqrt(a: &L) -> Option<L> {
        let y = pow(a, &exponent(1, 0, 2));
        (mul(&y, &y) == *a).then_some(y)
    }

    /// x³ + 4, the G1 curve equation's right-hand side.
    pub fn g1_rhs(x: &L) -> L {
        add(&mul(&mul(x, x), x), &from_u64(4))
    }

    /// Whether `y` is the larger of `y` and `-y` (the ZCash sort flag).
    pub fn is_larger(y: &L) -> bool {
        let n = neg(y);
        *y != n && geq(y, &n)
    }

    pub fn to_be(a: &L) -> [u8; 48] {
        let mut out = [0u8; 48];
        for (i, limb) in a.iter().rev().enumerate() {
            out[8 * i..8 * i + 8].copy_from_slice(&limb.to_be_bytes());
        }
        out
    }

    // ---- Fp2, elements (c0, c1) = c0 + c1·i

    pub fn mul2(a: &L2, b: &L2) -> L2 {
        let c0 = sub(&mul(&a.0, &b.0), &mul(&a.1, &b.1));
        let c1 = add(&mul(&a.0, &b.1), &mul(&a.1, &b.0));
        (c0, c1)
    }

    pub fn pow2(a: &L2, e: &L) -> L2 {
        let mut acc = (from_u64(1), ZERO);
        for i in (0..384).rev() {
            acc = mul2(&acc, &acc);
            if bit(e, i) {
                acc = mul2(&acc, a);
            }
        }
        acc
    }

    /// A square root in Fp2 (Algorithm 9 of eprint 2012/685), if one exists.
    pub fn sqrt2(a: &L2) -> Option<L2> {
        let a1 = pow2(a, &exponent(0, 3, 2));
        let x0 = mul2(&a1, a);
        let alpha = mul2(&a1, &x0);
        let minus_one = (neg(&from_u64(1)), ZERO);
        let x = if alpha == minus_one {
            (neg(&x0.1), x0.0)
        } else {
            let b = pow2(&(add(&alpha.0, &from_u64(1)), alpha.1), &exponent(0, 1, 1));
            mul2(&b, &x0)
        };
        (mul2(&x, &x) == *a).then_some(x)
    }

    /// x³ + 4(1 + i), the G2 curve equation's right-hand side.
    pub fn g2_rhs(x: &L2) -> L2 {
        let x3 = mul2(&mul2(x, x), x);
        (add(&x3.0, &from_u64(4)), add(&x3.1, &from_u64(4)))
    }

    pub fn is_larger2(y: &L2) -> bool {
        if y.1 == ZERO {
            is_larger(&y.0)
        } else {
            is_larger(&y.1)
        }
    }
}

fn g1_compressed(x: &fp::L, larger: bool) -> [u8; 48] {
    let mut out = fp::to_be(x);
    out[0] |= 0x80 | if larger { 0x20 } else { 0 };
    out
}

fn g1_uncompressed(x: &fp::L, y: &fp::L) -> [u8; 96] {
    let mut out = [0u8; 96];
    out[..48].copy_from_slice(&fp::to_be(x));
    out[48..].copy_from_slice(&fp::to_be(y));
    out
}

fn g2_compressed(x: &fp::L2, larger: bool) -> [u8; 96] {
    let mut out = [0u8; 96];
    out[..48].copy_from_slice(&fp::to_be(&x.1));
    out[48..].copy_from_slice(&fp::to_be(&x.0));
    out[0] |= 0x80 | if larger { 0x20 } else { 0 };
    out
}

fn g2_uncompressed(x: &fp::L2, y: &fp::L2) -> [u8; 192] {
    let mut out = [0u8; 192];
    out[..48].copy_from_slice(&fp::to_be(&x.1));
    out[48..96].copy_from_slice(&fp::to_be(&x.0));
    out[96..144].copy_from_slice(&fp::to_be(&y.1));
    out[144..].copy_from_slice(&fp::to_be(&y.0));
    out
}

fn independent_field_arithmetic_matches_the_generators<A: Backend>() {
    // Sanity check of the test's own arithmetic on the real generators.
    let g1 = A::g1_serialize(&A::g1_to_affine(&<A as Backend>::G1::generator()));
    let x = limbs(&g1[..48]);
    let y = limbs(&g1[48..]);
    assert_eq!(fp::mul(&y, &y), fp::g1_rhs(&x));
    assert_eq!(g1_uncompressed(&x, &y), g1);
    let s = fp::sqrt(&fp::g1_rhs(&x)).unwrap();
    assert!(s == y || s == fp::neg(&y));
    assert_eq!(
        g1_compressed(&x, fp::is_larger(&y)),
        A::g1_compress(&<A as Backend>::G1::generator())
    );

    let g2 = A::g2_serialize(&<A as Backend>::G2::generator());
    let x2 = (limbs(&g2[48..96]), limbs(&g2[..48]));
    let y2 = (limbs(&g2[144..]), limbs(&g2[96..144]));
    assert_eq!(fp::mul2(&y2, &y2), fp::g2_rhs(&x2));
    assert_eq!(g2_uncompressed(&x2, &y2), g2);
    let s2 = fp::sqrt2(&fp::g2_rhs(&x2)).unwrap();
    assert!(s2 == y2 || s2 == (fp::neg(&y2.0), fp::neg(&y2.1)));
    assert_eq!(
        g2_compressed(&x2, fp::is_larger2(&y2)),
        A::g2_compress(&<A as Backend>::G2::generator())
    );
}

fn limbs(be: &[u8]) -> fp::L {
    let mut out = fp::ZERO;
    for (limb, chunk) in out.iter_mut().rev().zip(be.chunks_exact(8)) {
        *limb = u64::from_be_bytes(chunk.try_into().unwrap());
    }
    out
}

fn g1_malformed_flags_are_rejected<A: Backend>() {
    let g = A::g1_compress(&<A as Backend>::G1::generator());
    let gu = A::g1_serialize(&A::g1_to_affine(&<A as Backend>::G1::generator()));
    let bad = PointError::InvalidEncoding;

    // Compressed: compression bit missing.
    let mut b = g;
    b[0] &= 0x7f;
    assert_eq!(g1_decompress_both::<A>(&b), Err(bad));
    // Infinity with a non-zero rest, with the sort flag, without compression.
    for (first, last) in [
        (0xc0, 1u8),
        (0xc1, 0),
        (0xe0, 0),
        (0x40, 0),
        (0x60, 0),
        (0xd0, 0),
    ] {
        let mut b = [0u8; 48];
        b[0] = first;
        b[47] = last;
        assert_eq!(
            g1_decompress_both::<A>(&b),
            Err(bad),
            "first byte {first:#x}, last {last}"
        );
    }
    let mut b = g;
    b[0] |= 0x40;
    assert_eq!(g1_decompress_both::<A>(&b), Err(bad));
    // The canonical infinity decodes.
    let mut inf = [0u8; 48];
    inf[0] = 0xc0;
    let mut inf_u = [0u8; 96];
    inf_u[0] = 0x40;
    assert_eq!(g1_decompress_both::<A>(&inf), Ok(inf_u));

    // Uncompressed: compression bit, sort flag, infinity bit with data.
    for flag in [0x80u8, 0x20, 0x40, 0x60, 0xa0, 0xe0] {
        let mut b = gu;
        b[0] |= flag;
        assert_eq!(g1_deserialize_both::<A>(&b), Err(bad), "flag {flag:#x}");
    }
    for (first, last) in [(0x40u8, 1u8), (0x41, 0), (0x60, 0), (0xc0, 0), (0xe0, 0)] {
        let mut b = [0u8; 96];
        b[0] = first;
        b[95] = last;
        assert_eq!(
            g1_deserialize_both::<A>(&b),
            Err(bad),
            "first byte {first:#x}, last {last}"
        );
    }
    assert_eq!(g1_deserialize_both::<A>(&inf_u), Ok(inf_u));
    assert_eq!(g1_deserialize_both::<A>(&gu), Ok(gu));
}

fn g1_coordinates_not_below_p_are_rejected<A: Backend>() {
    let bad = PointError::InvalidEncoding;
    let gu = A::g1_serialize(&A::g1_to_affine(&<A as Backend>::G1::generator()));
    let gx = limbs(&gu[..48]);
    let gy = limbs(&gu[48..]);
    let mut p_plus_1 = fp::P;
    p_plus_1[0] += 1;
    let mut max = [u64::MAX; 6];
    max[5] >>= 3; // 2^381 - 1
    for x in [fp::P, p_plus_1, max] {
        let mut be = fp::to_be(&x);
        assert_eq!(be[0] & 0xe0, 0, "x must not overlap the flag bits");
        be[0] |= 0x80;
        assert_eq!(
            g1_decompress_both::<A>(&be),
            Err(bad),
            "x = {}",
            hex::encode(be)
        );
        be[0] |= 0x20;
        assert_eq!(g1_decompress_both::<A>(&be), Err(bad));
        assert_eq!(
            g1_deserialize_both::<A>(&g1_uncompressed(&x, &gy)),
            Err(bad)
        );
        assert_eq!(
            g1_deserialize_both::<A>(&g1_uncompressed(&gx, &x)),
            Err(bad)
        );
    }
    // y ≥ 2^381: the top bits of y are not flags.
    let mut b = gu;
    b[48] |= 0x80;
    assert_eq!(g1_deserialize_both::<A>(&b), Err(bad));
}

fn g1_off_curve_and_outside_subgroup_are_rejected<A: Backend>() {
    let mut off_curve = 0;
    let mut outside = 0;
    for k in 0u64..48 {
        let x = fp::from_u64(k);
        match fp::sqrt(&fp::g1_rhs(&x)) {
            None => {
                off_curve += 1;
                for larger in [false, true] {
                    assert_eq!(
                        g1_decompress_both::<A>(&g1_compressed(&x, larger)),
                        Err(PointError::NotOnCurve)
                    );
                }
                for y in [fp::ZERO, fp::from_u64(1), fp::from_u64(2)] {
                    assert_eq!(
                        g1_deserialize_both::<A>(&g1_uncompressed(&x, &y)),
                        Err(PointError::NotOnCurve)
                    );
                }
            }
            Some(y) => {
                // On the curve; with cofactor ≈ 2^126 a small x is never in G1.
                outside += 1;
                for (y, larger) in [(y, fp::is_larger(&y)), (fp::neg(&y), !fp::is_larger(&y))] {
                    assert_eq!(
                        g1_decompress_both::<A>(&g1_compressed(&x, larger)),
                        Err(PointError::NotInSubgroup),
                        "x = {k}"
                    );
                    let u = g1_uncompressed(&x, &y);
                    // Unchecked decoding accepts it (except blst's special
                    // case (0, ±2), which has order 3).
                    let expected = if k == 0 {
                        Err(PointError::NotInSubgroup)
                    } else {
                        Ok(u)
                    };
                    assert_eq!(g1_deserialize_both::<A>(&u), expected, "x = {k}");
                    if k != 0 {
                        // Both backends compress the off-subgroup point alike.
                        let pa =
                            A::g1_from_affine(&A::g1_deserialize_unchecked_subgroup(&u).unwrap());
                        let pb =
                            B::g1_from_affine(&B::g1_deserialize_unchecked_subgroup(&u).unwrap());
                        assert_eq!(A::g1_compress(&pa), g1_compressed(&x, larger));
                        assert_eq!(B::g1_compress(&pb), g1_compressed(&x, larger));
                    }
                    // Off the curve: perturb y.
                    let y1 = fp::add(&y, &fp::from_u64(1));
                    assert_eq!(
                        g1_deserialize_both::<A>(&g1_uncompressed(&x, &y1)),
                        Err(PointError::NotOnCurve)
                    );
                }
            }
        }
    }
    assert!(
        off_curve >= 5 && outside >= 5,
        "off curve {off_curve}, outside {outside}"
    );
    // Valid subgroup points with a perturbed y are off the curve.
    let gu = A::g1_serialize(&A::g1_to_affine(&<A as Backend>::G1::generator()));
    let gy = limbs(&gu[48..]);
    let bad = g1_uncompressed(&limbs(&gu[..48]), &fp::add(&gy, &fp::from_u64(1)));
    assert_eq!(g1_deserialize_both::<A>(&bad), Err(PointError::NotOnCurve));
    let zeros = [0u8; 96];
    assert_eq!(
        g1_deserialize_both::<A>(&zeros),
        Err(PointError::NotOnCurve)
    );
}

/// `g1_decompress_many` gives, point by point, what `g1_decompress` gives,
/// at sizes on both sides of the blst backend's methods (one point at a
/// time below 4, a shared normalisation below 128, the lock-step chains
/// from 128 on): G1 points, the point at infinity, points of the curve
/// outside G1 (the order-3 point `(0, ±2)` among them), encodings off the
/// curve, each several times so that equal points share a batch.
fn g1_decompress_many_matches_one_by_one<A: Backend>() {
    let mut encodings = Vec::new();
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    for k in 0u64..40 {
        let x = fp::from_u64(k);
        encodings.push(g1_compressed(&x, k % 2 == 0));
        encodings.push(A::g1_compress(&g1_mul::<A>(&[k as u8 ^ 0x5a; 32])));
        if k % 8 == 0 {
            encodings.push(infinity);
        }
    }
    let kinds = encodings.clone();
    for round in 0..6 {
        encodings.extend(kinds.iter().skip(round).step_by(2));
    }
    let want: Vec<Result<[u8; 96], PointError>> =
        encodings.iter().map(g1_decompress_both::<A>).collect();
    assert!(want.iter().any(|w| w.is_ok()));
    assert!(want.contains(&Err(PointError::NotInSubgroup)));
    assert!(want.contains(&Err(PointError::NotOnCurve)));
    assert!(encodings.len() >= 300);
    for size in [1, 3, 4, 40, 127, 128, 129, 256, encodings.len()] {
        for (start, chunk) in encodings.chunks(size).enumerate() {
            let got: Vec<Result<[u8; 96], PointError>> = A::g1_decompress_many(chunk)
                .iter()
                .map(|p| p.map(|p| A::g1_serialize(&p)))
                .collect();
            let at = start * size;
            assert_eq!(got, want[at..at + chunk.len()], "batches of {size}");
        }
    }
}

fn g2_malformed_flags_are_rejected<A: Backend>() {
    let g = A::g2_compress(&<A as Backend>::G2::generator());
    let gu = A::g2_serialize(&<A as Backend>::G2::generator());
    let bad = PointError::InvalidEncoding;

    let mut b = g;
    b[0] &= 0x7f;
    assert_eq!(g2_decompress_both::<A>(&b), Err(bad));
    for (first, pos) in [
        (0xc0u8, 95usize),
        (0xc0, 48),
        (0xc1, 0),
        (0xe0, 0),
        (0x40, 0),
        (0x60, 0),
    ] {
        let mut b = [0u8; 96];
        b[0] = first;
        if pos != 0 {
            b[pos] = 1;
        }
        assert_eq!(
            g2_decompress_both::<A>(&b),
            Err(bad),
            "first byte {first:#x}, pos {pos}"
        );
    }
    let mut b = g;
    b[0] |= 0x40;
    assert_eq!(g2_decompress_both::<A>(&b), Err(bad));
    let mut inf = [0u8; 96];
    inf[0] = 0xc0;
    let mut inf_u = [0u8; 192];
    inf_u[0] = 0x40;
    assert_eq!(g2_decompress_both::<A>(&inf), Ok(inf_u));

    for flag in [0x80u8, 0x20, 0x40, 0x60, 0xe0] {
        let mut b = gu;
        b[0] |= flag;
        assert_eq!(g2_deserialize_both::<A>(&b), Err(bad), "flag {flag:#x}");
    }
    for (first, pos) in [
        (0x40u8, 191usize),
        (0x40, 100),
        (0x41, 0),
        (0x60, 0),
        (0xc0, 0),
    ] {
        let mut b = [0u8; 192];
        b[0] = first;
        if pos != 0 {
            b[pos] = 1;
        }
        assert_eq!(
            g2_deserialize_both::<A>(&b),
            Err(bad),
            "first byte {first:#x}, pos {pos}"
        );
    }
    assert_eq!(g2_deserialize_both::<A>(&inf_u), Ok(inf_u));
    assert_eq!(g2_deserialize_both::<A>(&gu), Ok(gu));
    assert_eq!(
        g2_deserialize_both::<A>(&[0u8; 192]),
        Err(PointError::NotOnCurve)
    );
}

fn g2_coordinates_not_below_p_are_rejected<A: Backend>() {
    let bad = PointError::InvalidEncoding;
    let gu = A::g2_serialize(&<A as Backend>::G2::generator());
    let g = A::g2_compress(&<A as Backend>::G2::generator());
    let mut p_plus_1 = fp::P;
    p_plus_1[0] += 1;
    for x in [fp::P, p_plus_1] {
        let be = fp::to_be(&x);
        // x.c1 ≥ p (first half, carries the flags).
        let mut b = g;
        b[..48].copy_from_slice(&be);
        b[0] |= g[0] & 0xe0;
        assert_eq!(g2_decompress_both::<A>(&b), Err(bad));
        // x.c0 ≥ p (second half).
        let mut b = g;
        b[48..].copy_from_slice(&be);
        assert_eq!(g2_decompress_both::<A>(&b), Err(bad));
        // Each of the four uncompressed coordinates.
        for i in 0..4 {
            let mut b = gu;
            b[48 * i..48 * (i + 1)].copy_from_slice(&be);
            assert_eq!(g2_deserialize_both::<A>(&b), Err(bad), "coordinate {i}");
        }
    }
    // Top bits set in a non-first coordinate make it ≥ p.
    for i in 1..4 {
        let mut b = gu;
        b[48 * i] |= 0x80;
        assert_eq!(g2_deserialize_both::<A>(&b), Err(bad));
    }
    let mut b = g;
    b[48] |= 0x20;
    assert_eq!(g2_decompress_both::<A>(&b), Err(bad));
}

fn g2_off_curve_and_outside_subgroup_are_rejected<A: Backend>() {
    let mut off_curve = 0;
    let mut outside = 0;
    for k in 0u64..12 {
        let x = (fp::from_u64(k), fp::from_u64(1));
        match fp::sqrt2(&fp::g2_rhs(&x)) {
            None => {
                off_curve += 1;
                for larger in [false, true] {
                    assert_eq!(
                        g2_decompress_both::<A>(&g2_compressed(&x, larger)),
                        Err(PointError::NotOnCurve)
                    );
                }
                let y = (fp::from_u64(1), fp::ZERO);
                assert_eq!(
                    g2_deserialize_both::<A>(&g2_uncompressed(&x, &y)),
                    Err(PointError::NotOnCurve)
                );
            }
            Some(y) => {
                outside += 1;
                let ny = (fp::neg(&y.0), fp::neg(&y.1));
                for (y, larger) in [(y, fp::is_larger2(&y)), (ny, !fp::is_larger2(&y))] {
                    let c = g2_compressed(&x, larger);
                    assert_eq!(
                        g2_decompress_both::<A>(&c),
                        Err(PointError::NotInSubgroup),
                        "x = ({k}, 1)"
                    );
                    let u = g2_uncompressed(&x, &y);
                    assert_eq!(g2_deserialize_both::<A>(&u), Ok(u));
                    let pa = A::g2_deserialize_unchecked_subgroup(&u).unwrap();
                    let pb = B::g2_deserialize_unchecked_subgroup(&u).unwrap();
                    assert_eq!(A::g2_compress(&pa), c);
                    assert_eq!(B::g2_compress(&pb), c);
                    let y1 = (fp::add(&y.0, &fp::from_u64(1)), y.1);
                    assert_eq!(
                        g2_deserialize_both::<A>(&g2_uncompressed(&x, &y1)),
                        Err(PointError::NotOnCurve)
                    );
                }
            }
        }
    }
    assert!(
        off_curve >= 1 && outside >= 1,
        "off curve {off_curve}, outside {outside}"
    );
}
