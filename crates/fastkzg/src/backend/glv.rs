//! The GLV scalar split on BLS12-381's G1, for every backend: scalar
//! arithmetic that the generic MSMs and the backends' kernels share.
//!
//! G1 has the endomorphism `φ(x, y) = (β·x, y)` (β a cube root of unity in
//! Fp), which acts on the subgroup as multiplication by `λ = x² − 1` (x the
//! curve parameter), a root of `λ² + λ + 1 ≡ 0 mod r`. Since
//! `r = λ² + λ + 1`, every scalar `k < r` splits as `k = k₁ + k₂·λ` with
//! `k₁ = k mod λ < 2^128` and `k₂ = ⌊k/λ⌋ < 2^128`, so
//! `Σ kᵢ·Pᵢ = Σ k₁ᵢ·Pᵢ + k₂ᵢ·φ(Pᵢ)`: twice the points at half the scalar
//! length, hence half the windows of a bucket MSM. The backend supplies β
//! ([`crate::backend::Backend::g1_glv_beta`]).

use alloc::vec;
use alloc::vec::Vec;

use super::limbs::sub_with_borrow;

/// `λ = x² − 1 = 0xac45a4010001a40200000000ffffffff`, little-endian limbs.
pub(crate) const LAMBDA: [u64; 2] = [0x0000_0000_ffff_ffff, 0xac45_a401_0001_a402];

/// `⌊2^384 / λ⌋` (257 bits), for Barrett division by λ.
pub(crate) const LAMBDA_RECIPROCAL: [u64; 5] = [
    0xda5e_4f8d_896c_72dd,
    0x389f_49a7_268b_f7a3,
    0x63f6_e522_f6cf_ee30,
    0x7c6b_ecf1_e01f_aadd,
    0x0000_0000_0000_0001,
];

/// `a·b` over little-endian u64 limbs.
fn mul_wide<const A: usize, const B: usize>(a: &[u64; A], b: &[u64; B]) -> Vec<u64> {
    let mut out = vec![0u64; A + B];
    for (i, ai) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, bj) in b.iter().enumerate() {
            let t = (*ai as u128) * (*bj as u128) + out[i + j] as u128 + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        out[i + B] = carry as u64;
    }
    out
}

/// `k = k₁ + k₂·λ` with `k₁ < λ`, for `k < r` given as little-endian
/// limbs; returns `(k₁, k₂)` as 128-bit integers.
pub(crate) fn split_scalar(k: &[u64; 4]) -> (u128, u128) {
    let lambda = (LAMBDA[1] as u128) << 64 | LAMBDA[0] as u128;
    // q ≈ k·⌊2^384/λ⌋ / 2^384 is at most ⌊k/λ⌋ and short of it by at most
    // a few units, which the loop below adds back.
    let prod = mul_wide(k, &LAMBDA_RECIPROCAL);
    let mut q = (prod[7] as u128) << 64 | prod[6] as u128;
    // rem = k − q·λ (fits in 256 bits and is small and non-negative).
    let ql = mul_wide(&[q as u64, (q >> 64) as u64], &LAMBDA);
    let (rem, _) = sub_with_borrow(k, &[ql[0], ql[1], ql[2], ql[3]]);
    let mut lo = (rem[1] as u128) << 64 | rem[0] as u128;
    let mut hi = (rem[3] as u128) << 64 | rem[2] as u128;
    while hi != 0 || lo >= lambda {
        let (l, borrow) = lo.overflowing_sub(lambda);
        lo = l;
        hi -= borrow as u128;
        q += 1;
    }
    (lo, q)
}

/// λ as a scalar field element.
pub(crate) fn lambda<F: crate::backend::Scalar>() -> F {
    F::from_u128((LAMBDA[1] as u128) << 64 | LAMBDA[0] as u128)
}

/// The scalar field elements `a + b·λ` of pairs `(a, b)` (the inverse of
/// [`split`] for halves below `2^64`).
pub(crate) fn from_halves<F: crate::backend::Scalar>(halves: &[(u64, u64)]) -> Vec<F> {
    let lambda = lambda::<F>();
    halves
        .iter()
        .map(|(a, b)| F::from_u64(*a) + lambda * F::from_u64(*b))
        .collect()
}

/// [`split_scalar`] of a scalar field element.
pub(crate) fn split<F: crate::backend::Scalar>(k: &F) -> (u128, u128) {
    split_scalar(&scalar_limbs(k))
}

/// The canonical integer of a scalar field element, as little-endian
/// 64-bit limbs.
pub(crate) fn scalar_limbs<F: crate::backend::Scalar>(k: &F) -> [u64; 4] {
    let bytes = k.to_bytes_le();
    let mut limbs = [0u64; 4];
    for (l, chunk) in limbs.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *l = u64::from_le_bytes(b);
    }
    limbs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_u256(limbs: &[u64; 4]) -> (u128, u128) {
        (
            (limbs[1] as u128) << 64 | limbs[0] as u128,
            (limbs[3] as u128) << 64 | limbs[2] as u128,
        )
    }

    /// k₁ + k₂·λ == k with k₁ < λ, checked in 256-bit arithmetic, on
    /// edge values and pseudo-random scalars below r.
    #[test]
    fn split_recombines() {
        let lambda = (LAMBDA[1] as u128) << 64 | LAMBDA[0] as u128;
        let r: [u64; 4] = [
            0xffff_ffff_0000_0001,
            0x53bd_a402_fffe_5bfe,
            0x3339_d808_09a1_d805,
            0x73ed_a753_299d_7d48,
        ];
        let mut cases = vec![[0u64; 4], [1, 0, 0, 0], [LAMBDA[0], LAMBDA[1], 0, 0]];
        let mut rm1 = r;
        rm1[0] -= 1;
        cases.push(rm1);
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            let mut k = [0u64; 4];
            for l in k.iter_mut() {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                *l = s;
            }
            k[3] %= r[3];
            cases.push(k);
        }
        for k in cases {
            let (k1, k2) = split_scalar(&k);
            assert!(k1 < lambda, "{k:x?}");
            let back = mul_wide(&[k2 as u64, (k2 >> 64) as u64], &LAMBDA);
            let mut sum = [0u64; 4];
            let mut carry = 0u128;
            let k1l = [k1 as u64, (k1 >> 64) as u64, 0, 0];
            for i in 0..4 {
                let t = back[i] as u128 + k1l[i] as u128 + carry;
                sum[i] = t as u64;
                carry = t >> 64;
            }
            assert_eq!(to_u256(&sum), to_u256(&k), "{k:x?}");
        }
    }
}
