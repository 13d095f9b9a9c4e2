//! Differential tests: every backend must agree with blst on scalar
//! encodings and arithmetic, point encodings (including the exact error for
//! every kind of malformed input), MSMs and pairing checks. Each test is a
//! function generic over the backend `A` under test, instantiated for every
//! backend by `backend_tests!` (blst against itself still checks the crafted
//! points' expected errors, which are computed independently).
//!
//! Malformed points are constructed deliberately with a small, slow,
//! independent implementation of Fp and Fp2 arithmetic (`fp` below), so the
//! on-curve status of every crafted encoding is known without asking either
//! backend; subgroup membership is then confirmed with blst.
// The reference is blst.
#![cfg(feature = "blst")]
use crate::common;

use fastkzg::backend::{Accel, Backend, Group, Module, PointError, Scalar};
use fastkzg::msm::FixedBaseMsm;
use fastkzg::Blst;
use rand::{Rng, RngCore};
use std::ops::Mul;

/// The reference backend.
type B = Blst;

/// The scalar field modulus r, big-endian.
const R_BE: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// `r - k` for a small `k`, big-endian (no borrow beyond the last byte for
/// `k ≤ 1`; larger values borrow through the 0x00 bytes).
fn r_minus(k: u8) -> [u8; 32] {
    let mut out = R_BE;
    let mut borrow = k as u16;
    for b in out.iter_mut().rev() {
        let v = *b as u16;
        if v >= borrow {
            *b = (v - borrow) as u8;
            break;
        }
        *b = (v + 256 - borrow) as u8;
        borrow = 1;
    }
    out
}

/// `r + k` for a small `k`, big-endian.
fn r_plus(k: u8) -> [u8; 32] {
    let mut out = R_BE;
    let mut carry = k as u16;
    for b in out.iter_mut().rev() {
        let v = *b as u16 + carry;
        *b = v as u8;
        carry = v >> 8;
        if carry == 0 {
            break;
        }
    }
    out
}

fn random_bytes32(rng: &mut impl RngCore) -> [u8; 32] {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    b
}

/// Interesting scalar byte strings: small values, boundaries around r, the
/// largest 256-bit value, and random ones (full 256-bit and below r).
fn scalar_samples(rng: &mut impl RngCore, random: usize) -> Vec<[u8; 32]> {
    let mut out = vec![
        [0u8; 32],
        [0xff; 32],
        R_BE,
        r_minus(1),
        r_minus(2),
        r_plus(1),
        r_plus(255),
    ];
    for v in [1u8, 2, 3, 0x7f, 0xff] {
        let mut b = [0u8; 32];
        b[31] = v;
        out.push(b);
    }
    let mut top = [0u8; 32];
    top[0] = 0x80;
    out.push(top);
    for _ in 0..random {
        out.push(random_bytes32(rng));
        let mut below = random_bytes32(rng);
        below[0] &= 0x3f;
        out.push(below);
    }
    out
}

fn fr<Bk: Backend>(bytes: &[u8; 32]) -> Bk::Fr {
    Bk::Fr::from_bytes_be_reduced(bytes)
}

fn g1_mul<Bk: Backend>(k: &[u8; 32]) -> Bk::G1 {
    <Bk::G1 as Group<Bk::Fr>>::generator() * &fr::<Bk>(k)
}

fn g2_mul<Bk: Backend>(k: &[u8; 32]) -> Bk::G2 {
    <Bk::G2 as Group<Bk::Fr>>::generator() * &fr::<Bk>(k)
}

/// Decompresses with both backends, asserts they agree (error or the same
/// point) and returns the common outcome as the uncompressed encoding.
fn g1_decompress_both<A: Backend>(bytes: &[u8; 48]) -> Result<[u8; 96], PointError> {
    let a = A::g1_decompress(bytes).map(|p| A::g1_serialize(&p));
    let b = B::g1_decompress(bytes).map(|p| B::g1_serialize(&p));
    assert_eq!(a, b, "g1_decompress disagrees on {}", hex::encode(bytes));
    // The decoding that also returns [|z|]·φ(P) (blst: from its own subgroup
    // check) accepts and rejects the same points, and that multiple is
    // [|z|·λ]·P (λ = |z|² − 1, φ's eigenvalue).
    let with_multiple = [
        A::g1_decompress_with_z_multiple(bytes)
            .map(|(p, q)| (A::g1_serialize(&p), q.map(|q| A::g1_serialize(&q)))),
        B::g1_decompress_with_z_multiple(bytes)
            .map(|(p, q)| (B::g1_serialize(&p), q.map(|q| B::g1_serialize(&q)))),
    ];
    for got in with_multiple {
        assert_eq!(
            got.map(|(p, _)| p),
            a,
            "with_z_multiple on {}",
            hex::encode(bytes)
        );
        if let Ok((_, Some(q))) = got {
            let z = <B as Backend>::Fr::from_u64(fastkzg::constants::BLS_X_ABS);
            let z_lambda = z * (z * z - <B as Backend>::Fr::one());
            let p = B::g1_from_affine(&B::g1_decompress(bytes).unwrap());
            assert_eq!(q, B::g1_serialize(&B::g1_to_affine(&(p * &z_lambda))));
        }
    }
    a
}

fn g1_deserialize_both<A: Backend>(bytes: &[u8; 96]) -> Result<[u8; 96], PointError> {
    let a = A::g1_deserialize_unchecked_subgroup(bytes).map(|p| A::g1_serialize(&p));
    let b = B::g1_deserialize_unchecked_subgroup(bytes).map(|p| B::g1_serialize(&p));
    assert_eq!(a, b, "g1_deserialize disagrees on {}", hex::encode(bytes));
    a
}

fn g2_decompress_both<A: Backend>(bytes: &[u8; 96]) -> Result<[u8; 192], PointError> {
    let a = A::g2_decompress(bytes).map(|p| A::g2_serialize(&p));
    let b = B::g2_decompress(bytes).map(|p| B::g2_serialize(&p));
    assert_eq!(a, b, "g2_decompress disagrees on {}", hex::encode(bytes));
    a
}

fn g2_deserialize_both<A: Backend>(bytes: &[u8; 192]) -> Result<[u8; 192], PointError> {
    let a = A::g2_deserialize_unchecked_subgroup(bytes).map(|p| A::g2_serialize(&p));
    let b = B::g2_deserialize_unchecked_subgroup(bytes).map(|p| B::g2_serialize(&p));
    assert_eq!(a, b, "g2_deserialize disagrees on {}", hex::encode(bytes));
    a
}

// ------------------------------------------------------------------ scalars

fn scalar_encodings_agree<A: Backend>() {
    let mut rng = common::rng(1);
    let mut accepted = 0;
    let mut rejected = 0;
    for bytes in scalar_samples(&mut rng, 200) {
        let a = <A as Backend>::Fr::from_bytes_be(&bytes);
        let b = <B as Backend>::Fr::from_bytes_be(&bytes);
        assert_eq!(
            a.is_some(),
            b.is_some(),
            "range check differs on {}",
            hex::encode(bytes)
        );
        if let (Some(a), Some(b)) = (a, b) {
            accepted += 1;
            assert_eq!(a.to_bytes_be(), bytes);
            assert_eq!(b.to_bytes_be(), bytes);
            let mut le = bytes;
            le.reverse();
            assert_eq!(a.to_bytes_le(), le);
            assert_eq!(b.to_bytes_le(), le);
        } else {
            rejected += 1;
        }
        let a = fr::<A>(&bytes);
        let b = fr::<B>(&bytes);
        assert_eq!(
            a.to_bytes_be(),
            b.to_bytes_be(),
            "reduction differs on {}",
            hex::encode(bytes)
        );
        assert_eq!(a.to_bytes_le(), b.to_bytes_le());
    }
    assert!(
        accepted > 100 && rejected > 50,
        "samples cover both sides of r"
    );
}

fn scalar_range_boundaries<A: Backend>() {
    for (bytes, ok) in [
        (r_minus(1), true),
        (R_BE, false),
        (r_plus(1), false),
        ([0xff; 32], false),
    ] {
        assert_eq!(<A as Backend>::Fr::from_bytes_be(&bytes).is_some(), ok);
        assert_eq!(<B as Backend>::Fr::from_bytes_be(&bytes).is_some(), ok);
    }
    // r reduces to zero, r + 1 to one, r - 1 stays.
    assert!(fr::<A>(&R_BE).is_zero());
    assert_eq!(fr::<A>(&r_plus(1)), <A as Backend>::Fr::one());
    assert_eq!(fr::<A>(&r_minus(1)).to_bytes_be(), r_minus(1));
    assert_eq!(fr::<A>(&r_minus(1)), -<A as Backend>::Fr::one());
    // (2^256 - 1) mod r, computed independently.
    let max_mod_r: [u8; 32] = [
        0x18, 0x24, 0xb1, 0x59, 0xac, 0xc5, 0x05, 0x6f, 0x99, 0x8c, 0x4f, 0xef, 0xec, 0xbc, 0x4f,
        0xf5, 0x58, 0x84, 0xb7, 0xfa, 0x00, 0x03, 0x48, 0x02, 0x00, 0x00, 0x00, 0x01, 0xff, 0xff,
        0xff, 0xfd,
    ];
    assert_eq!(fr::<A>(&[0xff; 32]).to_bytes_be(), max_mod_r);
    assert_eq!(fr::<B>(&[0xff; 32]).to_bytes_be(), max_mod_r);
}

fn scalar_arithmetic_agrees<A: Backend>() {
    let mut rng = common::rng(2);
    let samples = scalar_samples(&mut rng, 40);
    for x in &samples {
        for y in samples.iter().step_by(3) {
            let (xa, ya, xb, yb) = (fr::<A>(x), fr::<A>(y), fr::<B>(x), fr::<B>(y));
            assert_eq!((xa + ya).to_bytes_be(), (xb + yb).to_bytes_be());
            assert_eq!((xa - ya).to_bytes_be(), (xb - yb).to_bytes_be());
            assert_eq!((xa * ya).to_bytes_be(), (xb * yb).to_bytes_be());
            // The `Mul<&Fr>` impls (the module operation of Fr over itself).
            let (pa, pb) = (Mul::mul(xa, &ya), Mul::mul(xb, &yb));
            assert_eq!(pa.to_bytes_be(), pb.to_bytes_be());
            assert_eq!(pa, xa * ya);
            let (mut ma, mut mb) = (xa, xb);
            ma += ya;
            mb += yb;
            ma *= ya;
            mb *= yb;
            ma -= xa;
            mb -= xb;
            assert_eq!(ma.to_bytes_be(), mb.to_bytes_be());
        }
        let (xa, xb) = (fr::<A>(x), fr::<B>(x));
        assert_eq!((-xa).to_bytes_be(), (-xb).to_bytes_be());
        assert_eq!(xa.square().to_bytes_be(), xb.square().to_bytes_be());
        assert_eq!(xa.square(), xa * xa);
        let exp = [x[31] as u64, 0xdead_beef, 0, 1];
        assert_eq!(xa.pow(&exp).to_bytes_be(), xb.pow(&exp).to_bytes_be());
        match (xa.inverse(), xb.inverse()) {
            (Some(ia), Some(ib)) => {
                assert_eq!(ia.to_bytes_be(), ib.to_bytes_be());
                assert_eq!(ia * xa, <A as Backend>::Fr::one());
            }
            (None, None) => assert!(xa.is_zero() && xb.is_zero()),
            _ => panic!("inverse existence differs on {}", hex::encode(x)),
        }
    }
    for v in [0u64, 1, 2, 12345, u64::MAX] {
        let (a, b) = (
            <A as Backend>::Fr::from_u64(v),
            <B as Backend>::Fr::from_u64(v),
        );
        assert_eq!(a.to_bytes_be(), b.to_bytes_be());
        assert_eq!(a.to_bytes_be()[24..], v.to_be_bytes());
    }
    assert!(<A as Backend>::Fr::zero().is_zero());
    assert!(!<A as Backend>::Fr::one().is_zero());
}

// ------------------------------------------------------------------ encodings of valid points

fn g1_encodings_agree<A: Backend>() {
    let mut rng = common::rng(3);
    let mut ka = Vec::new();
    let mut kb = Vec::new();
    for k in scalar_samples(&mut rng, 30) {
        let (pa, pb) = (g1_mul::<A>(&k), g1_mul::<B>(&k));
        let ca = A::g1_compress(&pa);
        assert_eq!(
            ca,
            B::g1_compress(&pb),
            "compressed k·G1 differs for k = {}",
            hex::encode(k)
        );
        let sa = A::g1_serialize(&A::g1_to_affine(&pa));
        assert_eq!(sa, B::g1_serialize(&B::g1_to_affine(&pb)));
        // Round trips through both decoders.
        assert_eq!(g1_decompress_both::<A>(&ca), Ok(sa));
        assert_eq!(g1_deserialize_both::<A>(&sa), Ok(sa));
        assert_eq!(A::g1_from_affine(&A::g1_decompress(&ca).unwrap()), pa);
        // The sort flag selects the negated point.
        let mut flipped = ca;
        if !pa.is_zero() {
            flipped[0] ^= 0x20;
            assert_eq!(
                A::g1_decompress(&flipped).map(|p| A::g1_from_affine(&p)),
                Ok(-pa)
            );
            assert_eq!(A::g1_compress(&-pa), flipped);
            assert_eq!(
                g1_decompress_both::<A>(&flipped),
                Ok(A::g1_serialize(&A::g1_to_affine(&-pa)))
            );
        }
        ka.push(pa);
        kb.push(pb);
    }
    // The identity encodings.
    let mut inf = [0u8; 48];
    inf[0] = 0xc0;
    assert_eq!(A::g1_compress(&<A as Backend>::G1::zero()), inf);
    let mut inf_u = [0u8; 96];
    inf_u[0] = 0x40;
    assert_eq!(
        A::g1_serialize(&A::g1_to_affine(&<A as Backend>::G1::zero())),
        inf_u
    );
    // Group operations agree.
    for w in ka.windows(2).zip(kb.windows(2)) {
        let (a, b) = w;
        let (a0, b0) = (a[0], b[0]);
        let pairs = [
            (a[0] + a[1], b[0] + b[1]),
            (a[0] - a[1], b[0] - b[1]),
            (-a[0], -b[0]),
            (a[0].double(), b[0].double()),
            (a[0] + a[0], b[0] + b[0]),
            (a[0] - a0, b[0] - b0),
        ];
        for (x, y) in pairs {
            assert_eq!(A::g1_compress(&x), B::g1_compress(&y));
        }
        let (mut x, mut y) = (a[0], b[0]);
        x += a[1];
        y += b[1];
        x -= a[0].double();
        y -= b[0].double();
        assert_eq!(A::g1_compress(&x), B::g1_compress(&y));
        assert_eq!(x.is_zero(), y.is_zero());
    }
    // Batch normalisation.
    let aa = A::g1_batch_to_affine(&ka);
    let ab = B::g1_batch_to_affine(&kb);
    assert_eq!(aa.len(), ka.len());
    for (x, y) in aa.iter().zip(&ab) {
        assert_eq!(A::g1_serialize(x), B::g1_serialize(y));
    }
    assert!(A::g1_batch_to_affine(&[]).is_empty());
    // Points made from affine coordinates (Z = 1, which blst's conversion
    // skips) interleaved with the projective ones.
    let mixed: Vec<A::G1> = ka
        .iter()
        .zip(&aa)
        .flat_map(|(p, q)| [A::g1_from_affine(q), *p])
        .collect();
    let am = A::g1_batch_to_affine(&mixed);
    assert_eq!(am.len(), mixed.len());
    for (pair, y) in am.chunks(2).zip(&ab) {
        assert_eq!(A::g1_serialize(&pair[0]), B::g1_serialize(y));
        assert_eq!(A::g1_serialize(&pair[1]), B::g1_serialize(y));
    }
    for (p, y) in mixed.iter().zip(&am) {
        assert_eq!(A::g1_serialize(&A::g1_to_affine(p)), A::g1_serialize(y));
    }
}

fn g2_encodings_agree<A: Backend>() {
    let mut rng = common::rng(4);
    let mut prev: Option<(<A as Backend>::G2, <B as Backend>::G2)> = None;
    for k in scalar_samples(&mut rng, 10) {
        let (pa, pb) = (g2_mul::<A>(&k), g2_mul::<B>(&k));
        let ca = A::g2_compress(&pa);
        assert_eq!(
            ca,
            B::g2_compress(&pb),
            "compressed k·G2 differs for k = {}",
            hex::encode(k)
        );
        let sa = A::g2_serialize(&pa);
        assert_eq!(sa, B::g2_serialize(&pb));
        assert_eq!(g2_decompress_both::<A>(&ca), Ok(sa));
        assert_eq!(g2_deserialize_both::<A>(&sa), Ok(sa));
        assert_eq!(A::g2_decompress(&ca), Ok(pa));
        if !pa.is_zero() {
            let mut flipped = ca;
            flipped[0] ^= 0x20;
            assert_eq!(A::g2_decompress(&flipped), Ok(-pa));
            assert_eq!(A::g2_compress(&-pa), flipped);
            assert_eq!(g2_decompress_both::<A>(&flipped), Ok(A::g2_serialize(&-pa)));
        }
        if let Some((qa, qb)) = prev {
            assert_eq!(A::g2_compress(&(pa + qa)), B::g2_compress(&(pb + qb)));
            assert_eq!(A::g2_compress(&(pa - qa)), B::g2_compress(&(pb - qb)));
            assert_eq!(A::g2_compress(&pa.double()), B::g2_compress(&pb.double()));
        }
        prev = Some((pa, pb));
    }
    let mut inf = [0u8; 96];
    inf[0] = 0xc0;
    assert_eq!(A::g2_compress(&<A as Backend>::G2::zero()), inf);
    let mut inf_u = [0u8; 192];
    inf_u[0] = 0x40;
    assert_eq!(A::g2_serialize(&<A as Backend>::G2::zero()), inf_u);
}

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

// ------------------------------------------------------------------ MSM

fn random_scalar_bytes(rng: &mut impl RngCore) -> [u8; 32] {
    match rng.gen_range(0..10) {
        0 => [0u8; 32],
        1 => r_minus(1),
        2 => {
            let mut b = [0u8; 32];
            b[31] = 1;
            b
        }
        _ => random_bytes32(rng),
    }
}

/// Random points in both backends (same values): multiples of the generator,
/// with an identity, a repeated point and a point next to its negation.
fn random_points<A: Backend>(
    rng: &mut impl RngCore,
    n: usize,
) -> (Vec<<A as Backend>::G1Affine>, Vec<<B as Backend>::G1Affine>) {
    let mut pa = Vec::with_capacity(n);
    let mut pb = Vec::with_capacity(n);
    for i in 0..n {
        let k = random_bytes32(rng);
        let (mut a, mut b) = (g1_mul::<A>(&k), g1_mul::<B>(&k));
        if i == 3 {
            a = <A as Backend>::G1::zero();
            b = <B as Backend>::G1::zero();
        } else if i == 5 {
            a = pa[1];
            b = pb[1];
        } else if i == 6 {
            a = -pa[2];
            b = -pb[2];
        }
        pa.push(a);
        pb.push(b);
    }
    (A::g1_batch_to_affine(&pa), B::g1_batch_to_affine(&pb))
}

/// The variable-time product used by verification (generic NAF for
/// arkworks, GLV NAF for blst) agrees between the backends and with each
/// backend's own scalar multiplication, on edge and random scalars.
fn mul_vartime_agrees<A: Backend>() {
    let mut rng = common::rng(6);
    let (pa, pb) = random_points::<A>(&mut rng, 4);
    for k in scalar_samples(&mut rng, 8) {
        for (a, b) in pa.iter().zip(&pb) {
            let (a, b) = (A::g1_from_affine(a), B::g1_from_affine(b));
            let ra = fastkzg::msm::g1_mul_vartime::<A>(&a, &fr::<A>(&k));
            let rb = fastkzg::msm::g1_mul_vartime::<B>(&b, &fr::<B>(&k));
            assert_eq!(A::g1_compress(&ra), B::g1_compress(&rb), "{k:02x?}");
            assert_eq!(ra, a * &fr::<A>(&k), "{k:02x?}");
            assert_eq!(rb, b * &fr::<B>(&k), "{k:02x?}");
        }
    }
}

fn msm_agrees<A: Backend>() {
    let mut rng = common::rng(5);
    for n in [0usize, 1, 2, 3, 4, 7, 16, 33, 100, 300] {
        let (pa, pb) = random_points::<A>(&mut rng, n);
        let k: Vec<[u8; 32]> = (0..n).map(|_| random_scalar_bytes(&mut rng)).collect();
        let sa: Vec<_> = k.iter().map(fr::<A>).collect();
        let sb: Vec<_> = k.iter().map(fr::<B>).collect();
        let ra = fastkzg::msm::g1_msm::<A>(&pa, &sa);
        let rb = fastkzg::msm::g1_msm::<B>(&pb, &sb);
        assert_eq!(A::g1_compress(&ra), B::g1_compress(&rb), "msm of size {n}");
        let naive = fastkzg::msm::g1_lincomb_naive::<A>(&pa, &sa);
        assert_eq!(ra, naive, "msm of size {n} against the naive sum");
        // Mismatched lengths: the extra entries are ignored.
        if n > 1 {
            let short = fastkzg::msm::g1_msm::<A>(&pa, &sa[..n - 1]);
            let expected = fastkzg::msm::g1_lincomb_naive::<A>(&pa[..n - 1], &sa[..n - 1]);
            assert_eq!(short, expected);
            assert_eq!(fastkzg::msm::g1_msm::<A>(&pa[..n - 1], &sa), expected);
        }
    }
    // A non-trivial check that the naive reference is not vacuous.
    let (pa, _) = random_points::<A>(&mut rng, 2);
    let one = [<A as Backend>::Fr::one(), <A as Backend>::Fr::one()];
    assert_eq!(
        fastkzg::msm::g1_msm::<A>(&pa, &one),
        A::g1_from_affine(&pa[0]) + A::g1_from_affine(&pa[1])
    );
    assert!(!fastkzg::msm::g1_msm::<A>(&pa, &one).is_zero());
}

/// The value of a signed `window`-bit two's complement digit as a scalar.
fn digit_scalar<Bk: Backend>(d: u16, window: usize) -> Bk::Fr {
    let v = u64::from(d) & ((1u64 << window) - 1);
    if v >= 1 << (window - 1) {
        -Bk::Fr::from_u64((1u64 << window) - v)
    } else {
        Bk::Fr::from_u64(v)
    }
}

fn signed_digit_msm_agrees_for_every_window<A: Backend>() {
    let mut rng = common::rng(6);
    for window in 2..=16usize {
        let n = 40;
        let (pa, pb) = random_points::<A>(&mut rng, n);
        let mask = ((1u32 << window) - 1) as u16;
        let half = 1u16 << (window - 1);
        let mut digits: Vec<u16> = (0..n).map(|_| rng.gen::<u16>() & mask).collect();
        // Extremes: the most negative digit, -1, the most positive, zero, one.
        digits[0] = half;
        digits[1] = mask;
        digits[2] = half - 1;
        digits[4] = 0;
        digits[7] = 1;
        digits[8] = half; // the same bucket twice
        let ra = fastkzg::msm::g1_msm_signed_digits::<A>(&pa, &digits, window);
        let rb = fastkzg::msm::g1_msm_signed_digits::<B>(&pb, &digits, window);
        assert_eq!(A::g1_compress(&ra), B::g1_compress(&rb), "window {window}");
        let scalars: Vec<_> = digits
            .iter()
            .map(|&d| digit_scalar::<A>(d, window))
            .collect();
        assert_eq!(
            ra,
            fastkzg::msm::g1_lincomb_naive::<A>(&pa, &scalars),
            "window {window}"
        );
        assert!(!ra.is_zero());
        // Only the low `window` bits of a digit count.
        if window < 16 {
            let high: Vec<u16> = digits.iter().map(|d| d | !mask).collect();
            let rh = fastkzg::msm::g1_msm_signed_digits::<A>(&pa, &high, window);
            let expect: Vec<_> = high.iter().map(|&d| digit_scalar::<A>(d, window)).collect();
            assert_eq!(rh, fastkzg::msm::g1_lincomb_naive::<A>(&pa, &expect));
        }
    }
    // Empty input and out-of-range windows give the identity.
    let (pa, _) = random_points::<A>(&mut rng, 4);
    assert!(fastkzg::msm::g1_msm_signed_digits::<A>(&[], &[], 8).is_zero());
    assert!(fastkzg::msm::g1_msm_signed_digits::<A>(&pa, &[1, 2, 3, 4], 1).is_zero());
    assert!(fastkzg::msm::g1_msm_signed_digits::<A>(&pa, &[1, 2, 3, 4], 17).is_zero());
}

fn fixed_base_msm_agrees<A: Backend>() {
    let mut rng = common::rng(7);
    let (pa, pb) = random_points::<A>(&mut rng, 12);
    let k: Vec<[u8; 32]> = (0..12).map(|_| random_scalar_bytes(&mut rng)).collect();
    let sa: Vec<_> = k.iter().map(fr::<A>).collect();
    let sb: Vec<_> = k.iter().map(fr::<B>).collect();
    let expected = A::g1_compress(&fastkzg::msm::g1_msm::<A>(&pa, &sa));
    for window in [2usize, 3, 5, 8, 13, 16] {
        let ta = FixedBaseMsm::<A>::new(&pa, window);
        let tb = FixedBaseMsm::<B>::new(&pb, window);
        assert_eq!(
            A::g1_compress(&ta.msm(&sa)),
            expected,
            "arkworks, window {window}"
        );
        assert_eq!(
            B::g1_compress(&tb.msm(&sb)),
            expected,
            "blst, window {window}"
        );
    }
}

// ------------------------------------------------------------------ pairings

fn pairing_checks_agree<A: Backend>() {
    let mut rng = common::rng(8);
    let g1a = <A as Backend>::G1::generator();
    let g1b = <B as Backend>::G1::generator();
    let g2a = <A as Backend>::G2::generator();
    let g2b = <B as Backend>::G2::generator();
    for _ in 0..3 {
        let (x, y) = (random_bytes32(&mut rng), random_bytes32(&mut rng));
        let (xa, ya, xb, yb) = (fr::<A>(&x), fr::<A>(&y), fr::<B>(&x), fr::<B>(&y));
        // e(x·G1, y·G2) · e(-(x·y)·G1, G2) = 1.
        let qa = A::g2_prepare(&(g2a * &ya));
        let qb = B::g2_prepare(&(g2b * &yb));
        let ga = A::g2_prepare(&g2a);
        let gb = B::g2_prepare(&g2b);
        let (lhs_a, lhs_b) = (g1a * &xa, g1b * &xb);
        let (rhs_a, rhs_b) = (-(g1a * &(xa * ya)), -(g1b * &(xb * yb)));
        assert!(A::pairings_verify(&[(lhs_a, &qa), (rhs_a, &ga)]));
        assert!(B::pairings_verify(&[(lhs_b, &qb), (rhs_b, &gb)]));
        // Off by one generator: both reject.
        assert!(!A::pairings_verify(&[(lhs_a + g1a, &qa), (rhs_a, &ga)]));
        assert!(!B::pairings_verify(&[(lhs_b + g1b, &qb), (rhs_b, &gb)]));
        // A single non-trivial pairing is not one.
        assert!(!A::pairings_verify(&[(lhs_a, &qa)]));
        assert!(!B::pairings_verify(&[(lhs_b, &qb)]));
        // Identity G1 entries are skipped.
        let za = <A as Backend>::G1::zero();
        let zb = <B as Backend>::G1::zero();
        assert!(A::pairings_verify(&[
            (za, &qa),
            (lhs_a, &qa),
            (za, &ga),
            (rhs_a, &ga)
        ]));
        assert!(B::pairings_verify(&[
            (zb, &qb),
            (lhs_b, &qb),
            (zb, &gb),
            (rhs_b, &gb)
        ]));
        // An identity G2 contributes one on both backends.
        let inf_a = A::g2_prepare(&<A as Backend>::G2::zero());
        let inf_b = B::g2_prepare(&<B as Backend>::G2::zero());
        assert!(B::pairings_verify(&[
            (lhs_b, &qb),
            (rhs_b, &gb),
            (g1b, &inf_b)
        ]));
        assert!(!B::pairings_verify(&[(lhs_b, &qb), (g1b, &inf_b)]));
        assert!(A::pairings_verify(&[
            (lhs_a, &qa),
            (rhs_a, &ga),
            (g1a, &inf_a)
        ]));
        assert!(!A::pairings_verify(&[(lhs_a, &qa), (g1a, &inf_a)]));
        assert!(!A::pairings_verify(&[(za, &ga), (g1a, &ga)]));
        assert!(!B::pairings_verify(&[(zb, &gb), (g1b, &gb)]));
    }
    assert!(A::pairings_verify(&[]));
    assert!(B::pairings_verify(&[]));
    let ga = A::g2_prepare(&g2a);
    assert!(A::pairings_verify(&[(<A as Backend>::G1::zero(), &ga)]));
    // Three pairs: e(G1, 2·G2) · e(G1, G2) · e(-3·G1, G2) = 1.
    let two = <A as Backend>::Fr::from_u64(2);
    let three = <A as Backend>::Fr::from_u64(3);
    let g2_2 = A::g2_prepare(&(g2a * &two));
    assert!(A::pairings_verify(&[
        (g1a, &g2_2),
        (g1a, &ga),
        (-(g1a * &three), &ga)
    ]));
    assert!(!A::pairings_verify(&[
        (g1a, &g2_2),
        (g1a, &ga),
        (-(g1a * &two), &ga)
    ]));
}

backend_tests!(
    scalar_encodings_agree,
    scalar_range_boundaries,
    scalar_arithmetic_agrees,
    g1_encodings_agree,
    g2_encodings_agree,
    independent_field_arithmetic_matches_the_generators,
    g1_malformed_flags_are_rejected,
    g1_coordinates_not_below_p_are_rejected,
    g1_off_curve_and_outside_subgroup_are_rejected,
    g1_decompress_many_matches_one_by_one,
    g2_malformed_flags_are_rejected,
    g2_coordinates_not_below_p_are_rejected,
    g2_off_curve_and_outside_subgroup_are_rejected,
    mul_vartime_agrees,
    msm_agrees,
    signed_digit_msm_agrees_for_every_window,
    fixed_base_msm_agrees,
    pairing_checks_agree,
);
