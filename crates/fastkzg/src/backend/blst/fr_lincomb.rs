//! Linear combinations of blst's Fr elements with coefficients in GLV form
//! `a + b·λ` (`a, b < 2^64`; the randomizers of a cell batch), with one
//! reduction per output: the products of `a_k` and of `b_k` with an
//! element's Montgomery limbs are summed as integers (seven limbs each,
//! four products per term each), the `b` sum is multiplied by the integer
//! λ (two limbs), and one Montgomery reduction and one conversion give the
//! element. Eight products and their carries per term, and twelve per
//! output, instead of a full Montgomery product per term.

use super::limbs::sub_with_borrow;
use super::Fr;
use crate::backend::glv::LAMBDA;
use crate::constants::BLS_MODULUS_LIMBS;
use alloc::vec;

/// `−r⁻¹ mod 2^64`.
const R_INV_NEG: u64 = 0xffff_fffe_ffff_ffff;

/// `acc += t·v` (`t < 2^64`, `v < 2^256`; the sum stays below `2^384`).
#[inline(always)]
fn mul_add(acc: &mut [u64; 7], t: u64, v: &[u64; 4]) {
    let mut c = 0u128;
    for (j, vj) in v.iter().enumerate() {
        let s = (t as u128) * (*vj as u128) + acc[j] as u128 + c;
        acc[j] = s as u64;
        c = s >> 64;
    }
    for limb in acc.iter_mut().skip(4) {
        let s = *limb as u128 + c;
        *limb = s as u64;
        c = s >> 64;
    }
    debug_assert!(c == 0);
}

/// `a + λ·b` for integers below `2^384` whose sum is below `2^512`.
fn plus_lambda_times(a: &[u64; 7], b: &[u64; 7]) -> [u64; 8] {
    let mut wide = [0u64; 9];
    wide[..7].copy_from_slice(a);
    for (k, lk) in LAMBDA.iter().enumerate() {
        let mut c = 0u128;
        for (j, bj) in b.iter().enumerate() {
            let s = (*lk as u128) * (*bj as u128) + wide[k + j] as u128 + c;
            wide[k + j] = s as u64;
            c = s >> 64;
        }
        for limb in wide.iter_mut().skip(k + 7) {
            let s = *limb as u128 + c;
            *limb = s as u64;
            c = s >> 64;
        }
    }
    debug_assert!(wide[8] == 0);
    let mut out = [0u64; 8];
    out.copy_from_slice(&wide[..8]);
    out
}

/// `acc·2^-256 mod r` as a canonical integer, for `acc < 2^500`
/// (Montgomery's reduction: `acc + m·r < 2^500 + 2^256·r < 2^512`, and the
/// result is below `2^244 + r < 2r`).
fn reduce(acc: &[u64; 8]) -> [u64; 4] {
    let mut a = *acc;
    for i in 0..4 {
        let m = a[i].wrapping_mul(R_INV_NEG);
        let mut c = 0u128;
        for (j, rj) in BLS_MODULUS_LIMBS.iter().enumerate() {
            let s = (m as u128) * (*rj as u128) + a[i + j] as u128 + c;
            a[i + j] = s as u64;
            c = s >> 64;
        }
        for limb in a.iter_mut().skip(i + 4) {
            let s = *limb as u128 + c;
            *limb = s as u64;
            c = s >> 64;
        }
    }
    let t = [a[4], a[5], a[6], a[7]];
    let (d, borrow) = sub_with_borrow(&t, &BLS_MODULUS_LIMBS);
    if borrow {
        t
    } else {
        d
    }
}

/// `out[j] = Σ_k (a_k + b_k·λ)·rows[k][j]` for `halves[k] = (a_k, b_k)`
/// ([`crate::backend::Scalar::glv_lincomb`]). The limbs are `E·2^256 mod r`
/// for a value `E`, so the integer sum is `Σ t_k·E_k·2^256` and its
/// reduction `Σ t_k·E_k mod r`, converted back to Montgomery form. Each
/// partial sum is below `2^320` times the number of rows, and the combined
/// one below `2^449` times it: within [`reduce`]'s `2^500` for up to
/// `2^50` rows.
pub(super) fn glv_lincomb(out: &mut [Fr], halves: &[(u64, u64)], rows: &[&[Fr]]) {
    let mut acc_a = vec![[0u64; 7]; out.len()];
    let mut acc_b = vec![[0u64; 7]; out.len()];
    for ((a, b), row) in halves.iter().zip(rows) {
        for ((sa, sb), v) in acc_a.iter_mut().zip(acc_b.iter_mut()).zip(row.iter()) {
            mul_add(sa, *a, &v.0.l);
            mul_add(sb, *b, &v.0.l);
        }
    }
    for ((o, sa), sb) in out.iter_mut().zip(&acc_a).zip(&acc_b) {
        let limbs = reduce(&plus_lambda_times(sa, sb));
        // SAFETY: blst reads four limbs (a value below r) from a live array
        // and writes `o`.
        unsafe { blst::blst_fr_from_uint64(&mut o.0, limbs.as_ptr()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Module, Scalar};
    use rand::{Rng, SeedableRng};

    /// Against one product per term (the trait's default), on random
    /// elements and on `r − 1`, 0 and 1, with halves at both ends of the
    /// range, for up to 300 rows and rows shorter than the output.
    #[test]
    fn matches_products() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let minus_one = Fr::zero() - Fr::one();
        for rows_n in [0usize, 1, 2, 8, 300] {
            let rows: Vec<Vec<Fr>> = (0..rows_n)
                .map(|k| {
                    (0..if k % 3 == 2 { 5 } else { 9 })
                        .map(|j| match (j + k) % 4 {
                            0 => minus_one,
                            1 => Fr::from_u64(rng.gen()),
                            2 => Fr::from_bytes_be_reduced(&rng.gen()),
                            _ => Fr::zero(),
                        })
                        .collect()
                })
                .collect();
            let halves: Vec<(u64, u64)> = (0..rows_n)
                .map(|k| match k % 4 {
                    0 => (u64::MAX, u64::MAX - k as u64),
                    1 => (rng.gen(), rng.gen()),
                    2 => (0, rng.gen()),
                    _ => (k as u64, 0),
                })
                .collect();
            let refs: Vec<&[Fr]> = rows.iter().map(|r| &r[..]).collect();
            let mut got = vec![Fr::one(); 9];
            glv_lincomb(&mut got, &halves, &refs);
            let t: Vec<Fr> = crate::backend::glv::from_halves(&halves);
            let mut want = vec![Fr::zero(); 9];
            for (t, row) in t.iter().zip(&refs) {
                for (o, v) in want.iter_mut().zip(row.iter()) {
                    *o += *v * *t;
                }
            }
            assert_eq!(got, want, "{rows_n} rows");
        }
    }
}
