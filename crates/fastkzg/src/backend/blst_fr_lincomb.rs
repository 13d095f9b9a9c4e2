//! Linear combinations of blst's Fr elements with integer coefficients
//! below `2^127`, with one reduction per output: the products of a
//! coefficient (two limbs) and an element's Montgomery limbs are summed as
//! integers (seven limbs), then one Montgomery reduction and one conversion
//! give the element. Eight products and their carries per term instead of
//! a full Montgomery product.

use super::blst::Fr;
use super::limbs::sub_with_borrow;
use crate::constants::BLS_MODULUS_LIMBS;

/// `−r⁻¹ mod 2^64`.
const R_INV_NEG: u64 = 0xffff_fffe_ffff_ffff;

/// `acc += t·v` (`t < 2^128`, `v < 2^256`; the sum stays below `2^448`).
#[inline(always)]
fn mul_add(acc: &mut [u64; 7], t: [u64; 2], v: &[u64; 4]) {
    let mut carry = 0u64;
    for (k, tk) in t.iter().enumerate() {
        let mut c = 0u128;
        for (j, vj) in v.iter().enumerate() {
            let s = (*tk as u128) * (*vj as u128) + acc[k + j] as u128 + c;
            acc[k + j] = s as u64;
            c = s >> 64;
        }
        // Limb k + 4 takes the row's carry and the previous row's carry out.
        let s = acc[k + 4] as u128 + c + carry as u128;
        acc[k + 4] = s as u64;
        carry = (s >> 64) as u64;
    }
    let (s, c) = acc[6].overflowing_add(carry);
    acc[6] = s;
    debug_assert!(!c);
}

/// `acc·2^-256 mod r` as a canonical integer, for `acc < 2^448`
/// (Montgomery's reduction: the result is below `2^192 + r < 2r`).
fn reduce(acc: &[u64; 7]) -> [u64; 4] {
    let mut a = [0u64; 8];
    a[..7].copy_from_slice(acc);
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

/// `out[j] = Σ_k ints[k]·rows[k][j]` ([`crate::backend::Scalar::small_lincomb`]).
/// The limbs are `E·2^256 mod r` for a value `E`, so the integer sum is
/// `Σ t_k·E_k·2^256` and its reduction `Σ t_k·E_k mod r`, converted back to
/// Montgomery form. Coefficients must be below `2^127` (then the sum of up
/// to `2^63` terms stays below `2^448`).
pub(super) fn small_lincomb(out: &mut [Fr], ints: &[u128], rows: &[&[Fr]]) {
    let mut acc = vec![[0u64; 7]; out.len()];
    for (t, row) in ints.iter().zip(rows) {
        let t = [*t as u64, (*t >> 64) as u64];
        for (a, v) in acc.iter_mut().zip(row.iter()) {
            mul_add(a, t, &v.0.l);
        }
    }
    for (o, a) in out.iter_mut().zip(&acc) {
        let limbs = reduce(a);
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
    /// elements and on `r − 1`, 0 and 1, with coefficients at both ends of
    /// the range, for up to 300 rows and rows shorter than the output.
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
            let ints: Vec<u128> = (0..rows_n)
                .map(|k| match k % 3 {
                    0 => (1 << 127) - 1 - k as u128,
                    1 => rng.gen::<u128>() >> 1,
                    _ => k as u128,
                })
                .collect();
            let refs: Vec<&[Fr]> = rows.iter().map(|r| &r[..]).collect();
            let mut got = vec![Fr::one(); 9];
            small_lincomb(&mut got, &ints, &refs);
            let mut want = vec![Fr::one(); 9];
            let products = |out: &mut [Fr]| {
                for o in out.iter_mut() {
                    *o = Fr::zero();
                }
                for (t, row) in ints.iter().zip(&refs) {
                    let t = Fr::from_u128(*t);
                    for (o, v) in out.iter_mut().zip(row.iter()) {
                        *o += *v * t;
                    }
                }
            };
            products(&mut want);
            assert_eq!(got, want, "{rows_n} rows");
        }
    }
}
