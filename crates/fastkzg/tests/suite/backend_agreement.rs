//! Differential tests: every backend must agree with blst on scalar
//! encodings and arithmetic, point encodings (including the exact error for
//! every kind of malformed input), MSMs and pairing checks. Each test is a
//! function generic over the backend `A` under test, instantiated for every
//! backend by `backend_tests!` (blst against itself still checks the crafted
//! points' expected errors, which are computed independently).
//!
//! The malformed encodings are in `backend_malformed`, with the helpers
//! from here.
// The reference is blst.
#![cfg(feature = "blst")]
use crate::common;

use fastkzg::backend::{Accel, Backend, Group, Module, PointError, Scalar};
use fastkzg::msm::FixedBaseMsm;
use fastkzg::Blst;
use rand::{Rng, RngCore};
use std::ops::Mul;

/// The reference backend.
pub(crate) type B = Blst;

/// The scalar field modulus r, big-endian.
pub(crate) const R_BE: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// `r - k` for a small `k`, big-endian (no borrow beyond the last byte for
/// `k ≤ 1`; larger values borrow through the 0x00 bytes).
pub(crate) fn r_minus(k: u8) -> [u8; 32] {
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
pub(crate) fn r_plus(k: u8) -> [u8; 32] {
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

pub(crate) fn random_bytes32(rng: &mut impl RngCore) -> [u8; 32] {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    b
}

/// Interesting scalar byte strings: small values, boundaries around r, the
/// largest 256-bit value, and random ones (full 256-bit and below r).
pub(crate) fn scalar_samples(rng: &mut impl RngCore, random: usize) -> Vec<[u8; 32]> {
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

pub(crate) fn fr<Bk: Backend>(bytes: &[u8; 32]) -> Bk::Fr {
    Bk::Fr::from_bytes_be_reduced(bytes)
}

pub(crate) fn g1_mul<Bk: Backend>(k: &[u8; 32]) -> Bk::G1 {
    <Bk::G1 as Group<Bk::Fr>>::generator() * &fr::<Bk>(k)
}

pub(crate) fn g2_mul<Bk: Backend>(k: &[u8; 32]) -> Bk::G2 {
    <Bk::G2 as Group<Bk::Fr>>::generator() * &fr::<Bk>(k)
}

/// Decompresses with both backends, asserts they agree (error or the same
/// point) and returns the common outcome as the uncompressed encoding.
pub(crate) fn g1_decompress_both<A: Backend>(bytes: &[u8; 48]) -> Result<[u8; 96], PointError> {
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

pub(crate) fn g1_deserialize_both<A: Backend>(bytes: &[u8; 96]) -> Result<[u8; 96], PointError> {
    let a = A::g1_deserialize_unchecked_subgroup(bytes).map(|p| A::g1_serialize(&p));
    let b = B::g1_deserialize_unchecked_subgroup(bytes).map(|p| B::g1_serialize(&p));
    assert_eq!(a, b, "g1_deserialize disagrees on {}", hex::encode(bytes));
    a
}

pub(crate) fn g2_decompress_both<A: Backend>(bytes: &[u8; 96]) -> Result<[u8; 192], PointError> {
    let a = A::g2_decompress(bytes).map(|p| A::g2_serialize(&p));
    let b = B::g2_decompress(bytes).map(|p| B::g2_serialize(&p));
    assert_eq!(a, b, "g2_decompress disagrees on {}", hex::encode(bytes));
    a
}

pub(crate) fn g2_deserialize_both<A: Backend>(bytes: &[u8; 192]) -> Result<[u8; 192], PointError> {
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
    mul_vartime_agrees,
    msm_agrees,
    signed_digit_msm_agrees_for_every_window,
    fixed_base_msm_agrees,
    pairing_checks_agree,
);
