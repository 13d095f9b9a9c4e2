//! Property tests of the math and the KZG10 toolkit, generic over the backend.

use crate::common;

use fastkzg::backend::{Backend, Group, Module, Scalar};
use fastkzg::kzg::Srs;
use fastkzg::math::{fft, zero_poly::zero_polynomial, Domain, Polynomial};
use fastkzg::msm::batch_affine::g1_msm_many;
use fastkzg::msm::{g1_lincomb, g1_lincomb_naive, FixedBaseMsm};
use proptest::prelude::*;
use rand::RngCore;

fn fr<B: Backend>(rng: &mut impl RngCore) -> B::Fr {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    B::Fr::from_bytes_be_reduced(&b)
}

fn frs<B: Backend>(rng: &mut impl RngCore, n: usize) -> Vec<B::Fr> {
    (0..n).map(|_| fr::<B>(rng)).collect()
}

fn poly<B: Backend>(rng: &mut impl RngCore, n: usize) -> Polynomial<B::Fr> {
    Polynomial::new(frs::<B>(rng, n))
}

fn fft_round_trip<B: Backend>(seed: u64, log: usize) {
    let mut rng = common::rng(seed);
    let n = 1 << log;
    let domain = Domain::<B::Fr>::new(n).unwrap();
    let a = frs::<B>(&mut rng, n);
    let f = fft::fft(&a, &domain).unwrap();
    assert_eq!(fft::ifft(&f, &domain).unwrap(), a);
    if n <= 64 {
        assert_eq!(f, fft::dft_reference(&a, &domain).unwrap());
    }
    // The orderings without permutation passes: natural → bit-reversed
    // forward, bit-reversed → natural inverse; also on a larger domain
    // (stride > 1); `f` itself is pinned by the DFT oracle above.
    let mut f_brp = f.clone();
    fastkzg::math::bit_reversal_permutation_in_place(&mut f_brp);
    let big = Domain::<B::Fr>::new(4 * n).unwrap();
    for d in [&domain, &big] {
        let mut nr = a.clone();
        fft::fft_in_place_nr(&mut nr, d).unwrap();
        let expect = f_brp.clone();
        assert_eq!(nr, expect);
        let mut rn = nr.clone();
        fft::ifft_in_place_rn_unscaled(&mut rn, d).unwrap();
        let n_fr = B::Fr::from_u64(n as u64);
        assert_eq!(rn, a.iter().map(|x| *x * n_fr).collect::<Vec<_>>());
    }
    assert_eq!(
        fastkzg::math::das::brp_evals_to_coeffs(&f_brp, &domain).unwrap(),
        a,
        "bit-reversed evaluations back to coefficients"
    );
    // FFT = evaluation at the roots.
    let p = Polynomial::new(a);
    let k = (seed as usize) % n;
    assert_eq!(f[k], p.evaluate(&domain.root(k)));
}

fn g1_fft_matches_scalar_fft<B: Backend>(seed: u64, log: usize) {
    let mut rng = common::rng(seed);
    let n = 1 << log;
    let domain = Domain::<B::Fr>::new(n).unwrap();
    let a = frs::<B>(&mut rng, n);
    let g = B::G1::generator();
    let pts: Vec<B::G1> = a.iter().map(|s| g * s).collect();
    let f = fft::fft(&a, &domain).unwrap();
    let fp = fft::fft(&pts, &domain).unwrap();
    for (x, p) in f.iter().zip(&fp) {
        assert_eq!(g * x, *p);
    }
    assert_eq!(fft::ifft(&fp, &domain).unwrap(), pts);
    // The G1 transforms with the backend's batched twiddle products.
    let mut batched = pts.clone();
    fft::g1_fft_in_place_parallel::<B>(&mut batched, &domain).unwrap();
    assert_eq!(batched, fp);
    assert_eq!(fft::g1_ifft::<B>(&fp, &domain).unwrap(), pts);
    fft::g1_ifft_in_place_unscaled_parallel::<B>(&mut batched, &domain).unwrap();
    let n_fr = B::Fr::from_u64(n as u64);
    let expected: Vec<B::G1> = pts.iter().map(|p| *p * &n_fr).collect();
    assert_eq!(batched, expected);
}

fn coset_fft_round_trip<B: Backend>(seed: u64) {
    let mut rng = common::rng(seed);
    let domain = Domain::<B::Fr>::new(32).unwrap();
    let a = frs::<B>(&mut rng, 32);
    let shift = B::Fr::from_u64(7);
    let e = fft::coset_fft(&a, &shift, &domain).unwrap();
    let p = Polynomial::new(a.clone());
    assert_eq!(e[3], p.evaluate(&(shift * domain.root(3))));
    assert_eq!(fft::coset_ifft(&e, &shift, &domain).unwrap(), a);
}

fn division_identities<B: Backend>(seed: u64, n: usize, d: usize) {
    let mut rng = common::rng(seed);
    let p = poly::<B>(&mut rng, n);
    let mut div = poly::<B>(&mut rng, d);
    if div.coeffs.last().is_some_and(|c| c.is_zero()) {
        div.coeffs.push(B::Fr::one());
    }
    let (q, r) = p.div_rem(&div).unwrap();
    assert_eq!(q.mul(&div).add(&r).coeffs[..n], p.coeffs[..]);
    assert!(r.degree().is_none_or(|dr| dr < div.degree().unwrap()));
    let z = fr::<B>(&mut rng);
    let (q1, y) = p.divide_by_linear(&z);
    assert_eq!(y, p.evaluate(&z));
    let lin = Polynomial::new(vec![-z, B::Fr::one()]);
    let back = q1.mul(&lin).add(&Polynomial::new(vec![y]));
    assert_eq!(back.coeffs[..n], p.coeffs[..]);
    assert_eq!(p.mul(&div), p.mul_fft(&div).unwrap());
    assert_eq!(
        Polynomial::<B::Fr>::zero().div_rem(&div).unwrap().0,
        Polynomial::zero()
    );
    assert!(p.div_rem(&Polynomial::zero()).is_err());
}

fn interpolation_and_zero_poly<B: Backend>(seed: u64, n: usize) {
    let mut rng = common::rng(seed);
    let xs = frs::<B>(&mut rng, n);
    let ys = frs::<B>(&mut rng, n);
    let p = Polynomial::interpolate(&xs, &ys).unwrap();
    let z = zero_polynomial(&xs);
    assert_eq!(z.degree(), Some(n));
    for (x, y) in xs.iter().zip(&ys) {
        assert_eq!(p.evaluate(x), *y);
        assert!(z.evaluate(x).is_zero());
    }
    assert!(!z.evaluate(&fr::<B>(&mut rng)).is_zero());
    let mut dup = xs.clone();
    dup.push(xs[0]);
    let mut ys2 = ys.clone();
    ys2.push(ys[0]);
    assert!(Polynomial::interpolate(&dup, &ys2).is_err());
}

fn msm_matches_naive<B: Backend>(seed: u64, n: usize) {
    let mut rng = common::rng(seed);
    let g = B::G1::generator();
    let pts: Vec<B::G1> = frs::<B>(&mut rng, n).iter().map(|s| g * s).collect();
    let pts = B::g1_batch_to_affine(&pts);
    let mut scalars = frs::<B>(&mut rng, n);
    if n > 2 {
        scalars[0] = B::Fr::zero();
        scalars[1] = -B::Fr::one();
    }
    let naive = g1_lincomb_naive::<B>(&pts, &scalars);
    assert_eq!(g1_lincomb::<B>(&pts, &scalars), naive);
    for w in [2, 3, 5, 8, 9, 13, 16] {
        let table = FixedBaseMsm::<B>::new(&pts, w);
        assert_eq!(table.msm(&scalars), naive, "window {w}");
    }
}

/// Bases and scalars that stress the bucket additions: repeated and opposite
/// bases (doublings and cancellations inside buckets), the point at infinity
/// (also through the GLV endomorphism of the variable-base MSM), scalars
/// `±1` and `r − 1`, and equal scalars (every addition of a layer into one
/// bucket).
fn msm_edge_cases<B: Backend>(seed: u64) {
    let mut rng = common::rng(seed);
    let g = B::G1::generator();
    let p = g * &fr::<B>(&mut rng);
    let q = g * &fr::<B>(&mut rng);
    let mut bases = vec![p, p, -p, q, B::G1::zero(), p + p, q, -q];
    for _ in 0..200 {
        bases.push(p);
    }
    let bases = B::g1_batch_to_affine(&bases);
    let s = fr::<B>(&mut rng);
    let scalar_sets: Vec<Vec<B::Fr>> = vec![
        vec![s; bases.len()],
        vec![B::Fr::one(); bases.len()],
        vec![-B::Fr::one(); bases.len()],
        frs::<B>(&mut rng, bases.len()),
        (0..bases.len())
            .map(|i| B::Fr::from_u64(i as u64 % 3))
            .collect(),
    ];
    for scalars in &scalar_sets {
        let naive = g1_lincomb_naive::<B>(&bases, scalars);
        assert_eq!(g1_lincomb::<B>(&bases, scalars), naive, "variable base");
        assert_eq!(
            g1_lincomb::<B>(&bases[..16], &scalars[..16]),
            g1_lincomb_naive::<B>(&bases[..16], &scalars[..16]),
            "variable base, 16 points"
        );
        for w in [2, 4, 8, 13] {
            let table = FixedBaseMsm::<B>::new(&bases, w);
            assert_eq!(table.msm(scalars), naive, "window {w}");
        }
    }
    // The same MSMs in lock step (shared inversion rounds and bucket
    // reductions), variable base and fixed base, also with one MSM only
    // (its bucket reduction then runs in segments).
    let naive: Vec<B::G1> = scalar_sets
        .iter()
        .map(|s| g1_lincomb_naive::<B>(&bases, s))
        .collect();
    let msms: Vec<fastkzg::msm::batch_affine::MsmInput<'_, B>> =
        scalar_sets.iter().map(|s| (&bases[..], &s[..])).collect();
    assert_eq!(g1_msm_many::<B>(&msms), naive, "lock-step variable base");
    assert_eq!(
        g1_msm_many::<B>(&msms[..1]),
        naive[..1],
        "one variable-base MSM"
    );
    for w in [2, 5, 8, 13] {
        let tables: Vec<FixedBaseMsm<B>> = scalar_sets
            .iter()
            .map(|_| FixedBaseMsm::<B>::new(&bases, w))
            .collect();
        assert_eq!(
            FixedBaseMsm::msm_many(&tables, &scalar_sets),
            naive,
            "lock-step fixed base, window {w}"
        );
    }
}

/// The settings' paired-fraction blob evaluation against the toolkit's
/// batch-inversion barycentric formula and against Horner on the
/// coefficients, at random points, at roots and at negated roots.
fn blob_evaluation_matches<B: Backend>(seed: u64) {
    let mut rng = common::rng(seed);
    let ks = fastkzg::KzgSettings::<B>::mainnet();
    let n = 4096;
    let domain = Domain::<B::Fr>::new(n).unwrap();
    let roots = fastkzg::math::bit_reversal_permutation(domain.roots());
    let evals = frs::<B>(&mut rng, n);
    let coeffs = fastkzg::math::das::brp_evals_to_coeffs(&evals, &domain).unwrap();
    let p = Polynomial::new(coeffs);
    let mut points = frs::<B>(&mut rng, 3);
    points.extend([
        roots[0],
        roots[1],
        roots[4095],
        -roots[77],
        roots[77] * roots[77],
    ]);
    for z in &points {
        let fast = ks
            .evaluate_polynomial_in_evaluation_form(&evals, z)
            .unwrap();
        let oracle = fastkzg::math::poly::evaluate_in_evaluation_form(&evals, &roots, z).unwrap();
        assert_eq!(fast, oracle);
        assert_eq!(fast, p.evaluate(z));
    }
}

/// The scaled parse (the verifiers' cheap form) against the plain one: the
/// same values once multiplied by the returned constant, the same first
/// non-canonical index, at r − 1, r and 2^256 − 1; and the raw form
/// (`fr_from_bytes_be_many_raw` / `fr_to_bytes_be_raw`) round-trips and
/// commutes with linear maps.
fn scaled_parse_matches<B: Backend>(seed: u64) {
    let mut rng = common::rng(seed);
    let values = frs::<B>(&mut rng, 40);
    let mut bytes: Vec<u8> = values.iter().flat_map(|v| v.to_bytes_be()).collect();
    bytes.extend((-B::Fr::one()).to_bytes_be());
    let (scaled, c) = B::fr_from_bytes_be_many_scaled(&bytes).unwrap();
    let plain = B::fr_from_bytes_be_many(&bytes).unwrap();
    assert_eq!(scaled.len(), plain.len());
    for (s, p) in scaled.iter().zip(&plain) {
        assert_eq!(*s * c, *p);
    }
    let r_bytes = {
        // r = (r − 1) + 1 as a big-endian integer.
        let mut b = (-B::Fr::one()).to_bytes_be();
        b[31] += 1;
        b
    };
    for bad in [r_bytes, [0xff; 32]] {
        let mut with_bad = bytes.clone();
        with_bad[7 * 32..8 * 32].copy_from_slice(&bad);
        assert_eq!(B::fr_from_bytes_be_many_scaled(&with_bad).err(), Some(7));
        assert_eq!(B::fr_from_bytes_be_many(&with_bad).err(), Some(7));
        assert_eq!(B::fr_from_bytes_be_many_raw(&with_bad).err(), Some(7));
    }
    // The raw form: encoding what was read gives the bytes back (0, 1 and
    // r − 1 included), and a linear map over the raw form, encoded raw, is
    // the map of the values.
    bytes.extend(B::Fr::zero().to_bytes_be());
    bytes.extend(B::Fr::one().to_bytes_be());
    let raw = B::fr_from_bytes_be_many_raw(&bytes).unwrap();
    let plain = B::fr_from_bytes_be_many(&bytes).unwrap();
    assert_eq!(raw.len(), plain.len());
    for (x, chunk) in raw.iter().zip(bytes.chunks_exact(32)) {
        assert_eq!(B::fr_to_bytes_be_raw(x), chunk);
    }
    let a = fr::<B>(&mut rng);
    for i in 0..raw.len() {
        let j = (i + 1) % raw.len();
        let mapped = raw[i] * a - raw[j];
        let expected = plain[i] * a - plain[j];
        assert_eq!(B::fr_to_bytes_be_raw(&mapped), expected.to_bytes_be());
    }
}

fn commit_open_verify<B: Backend>(seed: u64) {
    let mut rng = common::rng(seed);
    let secret = fr::<B>(&mut rng);
    let srs = Srs::<B>::insecure_from_secret(&secret, 64, 17);
    let p = poly::<B>(&mut rng, 64);
    let c = srs.commit(&p).unwrap();
    assert_eq!(c, B::G1::generator() * &p.evaluate(&secret));
    let z = fr::<B>(&mut rng);
    let (proof, y) = srs.open(&p, &z).unwrap();
    assert_eq!(y, p.evaluate(&z));
    assert!(srs.verify(&c, &z, &y, &proof).unwrap());
    assert!(!srs.verify(&c, &z, &(y + B::Fr::one()), &proof).unwrap());
    assert!(!srs.verify(&c, &(z + B::Fr::one()), &y, &proof).unwrap());
    assert!(!srs
        .verify(&(c + B::G1::generator()), &z, &y, &proof)
        .unwrap());
    // Multi-point proof at 16 points.
    let points = frs::<B>(&mut rng, 16);
    let (mproof, values) = srs.open_multi(&p, &points).unwrap();
    for (x, v) in points.iter().zip(&values) {
        assert_eq!(*v, p.evaluate(x));
    }
    assert!(srs.verify_multi(&c, &points, &values, &mproof).unwrap());
    let mut bad = values.clone();
    bad[3] += B::Fr::one();
    assert!(!srs.verify_multi(&c, &points, &bad, &mproof).unwrap());
    // Too many points for the G2 powers, or too long a polynomial.
    assert!(srs
        .verify_multi(
            &c,
            &frs::<B>(&mut rng, 17),
            &frs::<B>(&mut rng, 17),
            &mproof
        )
        .is_err());
    assert!(srs.commit(&poly::<B>(&mut rng, 65)).is_err());
    // Lagrange form: committing evaluations equals committing coefficients.
    let lag = srs.lagrange(16).unwrap();
    let domain = Domain::<B::Fr>::new(16).unwrap();
    let small = poly::<B>(&mut rng, 16);
    let evals = small.evaluate_on_domain(&domain).unwrap();
    assert_eq!(
        fastkzg::msm::g1_msm::<B>(&lag, &evals),
        srs.commit(&small).unwrap()
    );
}

/// FK20 multi-proofs equal one-by-one multi-point openings on every coset, and
/// FK20 single proofs equal single openings (n = 16, l = 4; and l = 1).
fn fk20_matches_one_by_one<B: Backend>(seed: u64, n: usize, l: usize, window: usize) {
    use fastkzg::kzg::Fk20;
    let mut rng = common::rng(seed);
    let secret = fr::<B>(&mut rng);
    let srs = Srs::<B>::insecure_from_secret(&secret, n, l + 1);
    let p = poly::<B>(&mut rng, n);
    let fk = Fk20::<B>::new(&srs, n, l, window).unwrap();
    let proofs = fk.multi_proofs(&p.coeffs).unwrap();
    let m = 2 * n / l;
    assert_eq!(proofs.len(), m);
    let ext = Domain::<B::Fr>::new(2 * n).unwrap();
    let c = srs.commit(&p).unwrap();
    for (k, proof) in proofs.iter().enumerate() {
        // The coset {x : x^l = ω_m^k} = ω_{2n}^k · ⟨ω_l⟩.
        let points: Vec<B::Fr> = (0..l).map(|t| ext.root(k + t * m)).collect();
        let (expected, values) = srs.open_multi(&p, &points).unwrap();
        assert_eq!(*proof, expected, "coset {k}");
        assert!(srs.verify_multi(&c, &points, &values, proof).unwrap());
    }
    // The same proofs without fixed-base tables, and with tables of signed
    // subset sums (windows of one point, of a shorter last window, of a
    // whole row, and of more points than a row has).
    let plain = Fk20::<B>::new(&srs, n, l, 0).unwrap();
    assert_eq!(plain.multi_proofs(&p.coeffs).unwrap(), proofs);
    for group in [1, 3, l, 16] {
        let mut subset = Fk20::<B>::new(&srs, n, l, 0).unwrap();
        subset.build_subset_sum_tables(group);
        // warm_up adds nothing that the subset-sum tables make unused.
        let built = subset.memory_bytes();
        subset.warm_up();
        assert_eq!(subset.memory_bytes(), built);
        assert_eq!(
            subset.multi_proofs(&p.coeffs).unwrap(),
            proofs,
            "subset sums, windows of {group}"
        );
    }
}

fn das_extension_and_recovery<B: Backend>(seed: u64, log: usize) {
    use fastkzg::math::{bit_reversal_permutation, das, erasure};
    use rand::seq::SliceRandom;
    let mut rng = common::rng(seed);
    let n = 1 << log;
    let domain = Domain::<B::Fr>::new(n).unwrap();
    let ext = Domain::<B::Fr>::new(2 * n).unwrap();
    let data = frs::<B>(&mut rng, n);
    let extended = das::das_extension(&data, &domain, &ext).unwrap();
    assert_eq!(extended[..n], data[..]);
    let coeffs = das::brp_evals_to_coeffs(&data, &domain).unwrap();
    assert_eq!(das::extend_coeffs(&coeffs, &ext).unwrap(), extended);
    // Every extended value is the polynomial at the bit-reversed root.
    let roots = bit_reversal_permutation(ext.roots());
    let p = Polynomial::new(coeffs.clone());
    let k = (seed as usize) % (2 * n);
    assert_eq!(extended[k], p.evaluate(&roots[k]));
    // Recovery from a random half (natural order samples).
    let natural = bit_reversal_permutation(&extended);
    let mut idx: Vec<usize> = (0..2 * n).collect();
    idx.shuffle(&mut rng);
    let mut samples: Vec<Option<B::Fr>> = natural.iter().copied().map(Some).collect();
    for i in &idx[..n] {
        samples[*i] = None;
    }
    assert_eq!(
        erasure::recover_from_samples(&samples, &ext).unwrap(),
        coeffs
    );
    samples[idx[n]] = None;
    assert!(
        erasure::recover_from_samples(&samples, &ext).is_err(),
        "more than half missing"
    );
}
/// The transforms that are halved over two threads from 1024 elements on
/// (natural → natural, natural → bit-reversed, bit-reversed → natural, and
/// on a larger domain, i.e. with a stride) give with four threads exactly
/// what the serial network gives with one; the serial results are pinned
/// to the polynomial's values at sampled roots.
fn split_fft_matches_serial<B: Backend>(seed: u64, log: usize) {
    let mut rng = common::rng(seed);
    let n = 1 << log;
    let a = frs::<B>(&mut rng, n);
    let domain = Domain::<B::Fr>::new(n).unwrap();
    let big = Domain::<B::Fr>::new(2 * n).unwrap();
    let run = |threads: usize| {
        fastkzg::with_threads(threads, || {
            let mut out = vec![
                fft::fft(&a, &domain).unwrap(),
                fft::ifft(&a, &domain).unwrap(),
            ];
            for d in [&domain, &big] {
                let mut nr = a.clone();
                fft::fft_in_place_nr(&mut nr, d).unwrap();
                let mut rn = a.clone();
                fft::ifft_in_place_rn_unscaled(&mut rn, d).unwrap();
                out.extend([nr, rn]);
            }
            out
        })
        .unwrap()
    };
    let serial = run(1);
    let p = Polynomial::new(a.clone());
    for k in [0, 1, n / 2 - 1, n / 2, n / 2 + 1, n - 1] {
        assert_eq!(serial[0][k], p.evaluate(&domain.root(k)), "fft at root {k}");
    }
    assert_eq!(
        fft::fft(&serial[1], &domain).unwrap(),
        a,
        "ifft inverts fft"
    );
    assert_eq!(run(4), serial, "size {n}");
}

/// Runs a property over `cases` random inputs from `strategy` (proptest
/// shrinks a failing input and reports it), after the failures recorded in
/// `toolkit.proptest-regressions` beside this file.
fn property<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value))
where
    S::Value: std::fmt::Debug,
{
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::with_cases(cases)
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    runner
        .run(&strategy, |v| {
            test(v);
            Ok(())
        })
        .unwrap();
}

fn fft_round_trips<B: Backend>() {
    property(16, (any::<u64>(), 0usize..=12), |(seed, log)| {
        fft_round_trip::<B>(seed, log)
    });
}
fn division<B: Backend>() {
    property(
        16,
        (any::<u64>(), 1usize..40, 1usize..12),
        |(seed, n, d)| division_identities::<B>(seed, n, d),
    );
}
fn interpolation<B: Backend>() {
    property(16, (any::<u64>(), 1usize..20), |(seed, n)| {
        interpolation_and_zero_poly::<B>(seed, n)
    });
}
fn msm<B: Backend>() {
    property(16, (any::<u64>(), 0usize..70), |(seed, n)| {
        msm_matches_naive::<B>(seed, n)
    });
}
fn das_recovery<B: Backend>() {
    property(6, (any::<u64>(), 1usize..=8), |(seed, log)| {
        das_extension_and_recovery::<B>(seed, log)
    });
}
fn blob_evaluation<B: Backend>() {
    blob_evaluation_matches::<B>(21);
}
fn scaled_parse<B: Backend>() {
    scaled_parse_matches::<B>(22);
}
fn msm_edges<B: Backend>() {
    msm_edge_cases::<B>(11);
    msm_edge_cases::<B>(12);
}
fn fft_2_16<B: Backend>() {
    fft_round_trip::<B>(1, 16);
}
fn split_fft<B: Backend>() {
    for log in [10, 11, 13] {
        split_fft_matches_serial::<B>(log as u64, log);
    }
}
fn g1_fft<B: Backend>() {
    // Every size of the split-radix network's base cases (1, 2, 4, 8), one
    // with nodes of every kind (16) and FK20's (128).
    for log in [0, 1, 2, 3, 4, 7] {
        g1_fft_matches_scalar_fft::<B>(2 + log as u64, log);
    }
}
fn coset_fft<B: Backend>() {
    coset_fft_round_trip::<B>(4);
}
fn fk20_multi<B: Backend>() {
    fk20_matches_one_by_one::<B>(5, 16, 4, 0);
    fk20_matches_one_by_one::<B>(6, 32, 8, 8);
}
fn fk20_single<B: Backend>() {
    fk20_matches_one_by_one::<B>(7, 16, 1, 0);
}
fn kzg_round_trips<B: Backend>() {
    for s in 0..3 {
        commit_open_verify::<B>(s);
    }
}

backend_tests!(
    fft_round_trips,
    division,
    interpolation,
    msm,
    das_recovery,
    blob_evaluation,
    scaled_parse,
    msm_edges,
    fft_2_16,
    split_fft,
    g1_fft,
    coset_fft,
    fk20_multi,
    fk20_single,
    kzg_round_trips,
);
