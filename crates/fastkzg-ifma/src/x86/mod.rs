//! The x86-64 kernels and their safe entry points. Every entry point takes
//! the [`Engine`] as proof that the CPU has AVX-512F and AVX-512 IFMA
//! (only [`crate::engine`] makes one, after checking).

mod buckets;
mod fp;
mod fr;
mod fr_batch;
mod lanes;
mod scalar_mul;
mod subgroup;
mod xyzz;

use fp::Fp8;

use crate::{Engine, Fr, G1Affine, G1Jacobian, G1Ops, BETA};

/// See [`Engine::msm_signed_digits`].
pub(crate) fn msm_signed_digits(
    _cpu: &Engine,
    points: &[G1Affine],
    digits: &[u16],
    window: usize,
    ops: &impl G1Ops,
) -> Option<G1Jacobian> {
    if !(2..=16).contains(&window) {
        return None;
    }
    // SAFETY: an `Engine` exists only where the CPU has AVX-512F and
    // AVX-512 IFMA.
    Some(unsafe { buckets::msm_signed_digits(points, digits, window, ops) })
}

/// See [`Engine::msm_u128`].
///
/// Pippenger's method over `c`-bit signed windows: all windows share one
/// eight-lane bucket phase, each lane runs the running sums of every
/// eighth window, and the window sums are joined by `c` doublings each
/// (Horner). `c` minimises the modelled cost `W·n + 3·⌈W/8⌉·8·2^(c−1)`
/// for `W = ⌈130/c⌉` windows: the running sum spends two general
/// additions (14 multiplications each) per bucket and lane round where the
/// bucket phase spends one mixed addition (10) per point.
pub(crate) fn msm_u128(
    _cpu: &Engine,
    points: &[G1Affine],
    scalars: &[u128],
    ops: &impl G1Ops,
) -> G1Jacobian {
    let n = points.len().min(scalars.len());
    let window = (4..=16)
        .min_by_key(|c: &usize| {
            let w = 130usize.div_ceil(*c);
            w * n + 3 * w.div_ceil(8) * 8 * (1 << (c - 1))
        })
        .unwrap_or(8);
    let windows = 130usize.div_ceil(window);
    let mask = (1u128 << window) - 1;
    let half = 1u128 << (window - 1);
    let mut digits = vec![vec![0u16; n]; windows];
    for (i, k) in scalars[..n].iter().enumerate() {
        let mut carry = 0u128;
        for (j, row) in digits.iter_mut().enumerate() {
            let d = (k.checked_shr((window * j) as u32).unwrap_or(0) & mask) + carry;
            carry = u128::from(d >= half);
            row[i] = (d as u16) & (mask as u16);
        }
    }
    let rows: Vec<&[u16]> = digits.iter().map(Vec::as_slice).collect();
    // SAFETY: an `Engine` exists only where the CPU has AVX-512F and
    // AVX-512 IFMA; every row has `n` digits and `n` points are passed.
    let sums = unsafe { buckets::msm_windows(&points[..n], &rows, window) };
    let mut acc = G1Jacobian::default();
    for w in sums.iter().rev() {
        for _ in 0..window {
            acc = ops.double(&acc);
        }
        acc = ops.add(&acc, w);
    }
    acc
}

/// See [`Engine::glv_mul_many`].
pub(crate) fn glv_mul_many(
    _cpu: &Engine,
    points: &[G1Affine],
    halves: &[(u128, u128)],
) -> Vec<G1Jacobian> {
    let n = points.len().min(halves.len());
    // SAFETY: an `Engine` exists only where the CPU has AVX-512F.
    let beta = unsafe { Fp8::splat_limbs(&BETA) };
    let mut out = Vec::with_capacity(n.next_multiple_of(8));
    for start in (0..n).step_by(8) {
        let lanes = (n - start).min(8);
        let mut p = [G1Affine::default(); 8];
        let (mut k1, mut k2) = ([0u128; 8], [0u128; 8]);
        for l in 0..lanes {
            p[l] = points[start + l];
            (k1[l], k2[l]) = halves[start + l];
        }
        // SAFETY: an `Engine` exists only where the CPU has AVX-512F and
        // AVX-512 IFMA.
        out.extend(unsafe { scalar_mul::mul_glv(&p, &k1, &k2, &beta) });
    }
    out.truncate(n);
    out
}

/// See [`Engine::in_g1`].
pub(crate) fn in_g1(_cpu: &Engine, points: &[G1Affine]) -> Vec<bool> {
    // SAFETY: an `Engine` exists only where the CPU has AVX-512F.
    let beta = unsafe { Fp8::splat_limbs(&BETA) };
    let mut out = Vec::with_capacity(points.len());
    for group in points.chunks(8) {
        // Unused lanes hold the identity.
        let mut lanes = [G1Affine::default(); 8];
        lanes[..group.len()].copy_from_slice(group);
        // SAFETY: an `Engine` exists only where the CPU has AVX-512F and
        // AVX-512 IFMA.
        let mask = unsafe { subgroup::in_g1(&lanes, &beta) };
        out.extend((0..group.len()).map(|l| mask >> l & 1 == 1));
    }
    out
}

/// See [`Engine::fr_to_montgomery`].
pub(crate) fn fr_to_montgomery(_cpu: &Engine, plain: &[[u64; 4]; 8]) -> [Fr; 8] {
    // SAFETY: an `Engine` exists only where the CPU has AVX-512F and
    // AVX-512 IFMA.
    unsafe { fr_batch::to_montgomery(plain) }
}

/// See [`Engine::pair_fractions`].
pub(crate) fn pair_fractions(
    _cpu: &Engine,
    evals: &[Fr],
    roots: &[Fr],
    roots_sq: &[Fr],
    z: &Fr,
) -> Option<([Fr; 8], [Fr; 8])> {
    let pairs = roots_sq.len();
    if pairs == 0
        || !pairs.is_multiple_of(8)
        || evals.len() != 2 * pairs
        || roots.len() != 2 * pairs
    {
        return None;
    }
    // SAFETY: an `Engine` exists only where the CPU has AVX-512F and
    // AVX-512 IFMA, and the lengths are as the kernel requires (checked
    // above).
    Some(unsafe { fr_batch::pair_fractions(evals, roots, roots_sq, z) })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_fr;
#[cfg(test)]
mod tests_subgroup;
