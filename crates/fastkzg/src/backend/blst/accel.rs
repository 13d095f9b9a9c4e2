//! The fast paths of the blst backend ([`Accel`]): the AVX-512 IFMA
//! kernels where the CPU has them, blst's own Pippenger for small MSMs,
//! parsing of many scalars, and subgroup checks of many points.

use alloc::vec;
use alloc::vec::Vec;
use blst::{blst_fr, blst_p1, blst_p1_affine, blst_scalar, limb_t};

use super::fr::{less_than_modulus, limbs_from_be};
use super::glv::{endomorphism, GLV_MIN_POINTS};
use super::ifma::{affine_limbs, fr_from_words, fr_words, p1_from_jacobian, BlstG1};
use super::limbs::sub_with_borrow;
use super::pairing::Lines;
use super::{contiguous, g1_uncompress, p2_to_affine, Blst, Fp, Fr, G2Lines, G1, G2};
use crate::backend::accel::fr_from_bytes_be_each;
use crate::backend::glv::split_scalar;
use crate::backend::{Accel, Backend, Module, PointError, Scalar};
use crate::constants::BLS_MODULUS_LIMBS;

/// Below this many digits the eight-lane bucket method is not worth its
/// set-up, and the generic bucket method runs.
const IFMA_MIN_DIGITS: usize = 64;

/// From this many points on, the subgroup checks of
/// [`Accel::g1_decompress_many`] run on eight lanes (one lane set costs
/// about as much as two or three of blst's one-point checks).
const IFMA_MIN_SUBGROUP: usize = 3;

/// Eight, the IFMA kernels' lanes, where the CPU runs them; else one.
fn ifma_lanes() -> usize {
    if Blst::msm_kernels() {
        8
    } else {
        1
    }
}

/// Decodes compressed points, checking the curve equation, then the
/// subgroup of those on the curve with `in_g1` (one answer per point).
fn g1_decompress_checked(
    bytes: &[[u8; 48]],
    in_g1: impl FnOnce(&[blst_p1_affine]) -> Vec<bool>,
) -> Vec<Result<blst_p1_affine, PointError>> {
    let mut out: Vec<_> = bytes.iter().map(g1_uncompress).collect();
    let on_curve: Vec<usize> = (0..out.len()).filter(|i| out[*i].is_ok()).collect();
    let points: Vec<blst_p1_affine> = out.iter().filter_map(|p| p.ok()).collect();
    for (i, member) in on_curve.iter().zip(in_g1(&points)) {
        if !member {
            out[*i] = Err(PointError::NotInSubgroup);
        }
    }
    out
}

/// `ys[i] ← ws[i]·ys[i]`: eight GLV products at a time on the IFMA lanes
/// where the CPU has them (the dispatcher has made the products by `±z³`
/// on the short chain already); `false` elsewhere.
fn g1_scale_ifma(ys: &mut [G1], ws: &[Fr]) -> bool {
    let Some(e) = fastkzg_ifma::engine() else {
        return false;
    };
    // One batch inversion for all points (identities map to blst's
    // all-zero affine encoding).
    let affine = Blst::g1_batch_to_affine(ys);
    let halves: Vec<(u128, u128)> = ws
        .iter()
        .map(|w| split_scalar(&w.canonical_limbs()))
        .collect();
    let products = e.glv_mul_many(affine_limbs(&affine), &halves);
    for (y, r) in ys.iter_mut().zip(&products) {
        *y = G1(p1_from_jacobian(r));
    }
    true
}

/// blst's variable-base Pippenger over `n` affine points and `n` scalars of
/// `nbits` bits (`⌈nbits/8⌉` little-endian bytes each).
///
/// # Safety
/// `points` must point to `n` initialised affine points and `scalars` to
/// `n·⌈nbits/8⌉` readable bytes.
unsafe fn pippenger(
    points: *const blst_p1_affine,
    scalars: *const u8,
    n: usize,
    nbits: usize,
) -> G1 {
    // SAFETY: pure size computation.
    let scratch_bytes = unsafe { blst::blst_p1s_mult_pippenger_scratch_sizeof(n) };
    let mut scratch = vec![0 as limb_t; scratch_bytes.div_ceil(core::mem::size_of::<limb_t>())];
    let p = contiguous(points);
    let s = contiguous(scalars);
    let mut out = blst_p1::default();
    // SAFETY: the caller guarantees the point and scalar arrays; the
    // scratch buffer has the size blst asked for.
    unsafe {
        blst::blst_p1s_mult_pippenger(
            &mut out,
            p.as_ptr(),
            n,
            s.as_ptr(),
            nbits,
            scratch.as_mut_ptr(),
        )
    };
    G1(out)
}

/// blst's fast paths: the AVX-512 IFMA kernels where the CPU has them
/// (`fastkzg_ifma::engine()`, read at the start of each call), and, with
/// them, blst's own Pippenger for MSMs of under 16 points.
impl Accel<Blst> for Blst {
    /// blst's points are Jacobian over the same Montgomery-form Fp, with
    /// `Z = 0` for the identity: the coordinates are taken as they are.
    fn g1_from_jacobian(x: &Fp, y: &Fp, z: &Fp) -> Option<G1> {
        Some(G1(blst_p1 {
            x: x.0,
            y: y.0,
            z: z.0,
        }))
    }

    /// Eight elements at a time on AVX-512 IFMA: the canonicity check on
    /// the integers, then one eight-lane Montgomery conversion.
    fn fr_from_bytes_be_many(bytes: &[u8]) -> Result<Vec<Fr>, usize> {
        if let Some(e) = fastkzg_ifma::engine() {
            let mut out = Vec::with_capacity(bytes.len() / 32);
            for (c, chunk) in bytes.chunks(8 * 32).enumerate() {
                let mut plain = [[0u64; 4]; 8];
                let mut lanes = 0;
                for (p, element) in plain.iter_mut().zip(chunk.chunks_exact(32)) {
                    let mut b = [0u8; 32];
                    b.copy_from_slice(element);
                    *p = limbs_from_be(&b);
                    if !less_than_modulus(p) {
                        return Err(8 * c + lanes);
                    }
                    lanes += 1;
                }
                let fr = e.fr_to_montgomery(&plain);
                out.extend(fr[..lanes].iter().map(fr_from_words));
            }
            return Ok(out);
        }
        fr_from_bytes_be_each::<Blst>(bytes)
    }

    /// The canonical integers as Montgomery representations (value
    /// `x/R`), with `c = R mod r` (with or without the IFMA kernels, so the
    /// constant is the same on every call, also when they are switched).
    fn fr_from_bytes_be_many_scaled(bytes: &[u8]) -> Result<(Vec<Fr>, Fr), usize> {
        let out = Blst::fr_from_bytes_be_many_raw(bytes)?;
        // `one` is stored as R mod r; read as an integer, that is `c`.
        let mut c = blst_fr::default();
        // SAFETY: blst reads four u64 limbs (a value below r) from a live array.
        unsafe { blst::blst_fr_from_uint64(&mut c, Fr::one().0.l.as_ptr()) };
        Ok((out, Fr(c)))
    }

    /// The canonical integers taken as Montgomery representations (value
    /// `v/R`): a range check and a byte swap each, `c = R mod r`.
    fn fr_from_bytes_be_many_raw(bytes: &[u8]) -> Result<Vec<Fr>, usize> {
        let mut out = Vec::with_capacity(bytes.len() / 32);
        for (i, element) in bytes.chunks_exact(32).enumerate() {
            let mut b = [0u8; 32];
            b.copy_from_slice(element);
            let l = limbs_from_be(&b);
            if !less_than_modulus(&l) {
                return Err(i);
            }
            out.push(Fr(blst_fr { l }));
        }
        Ok(out)
    }

    /// The Montgomery representation `x·R mod r` as the integer, big-endian.
    fn fr_to_bytes_be_raw(x: &Fr) -> [u8; 32] {
        let mut l = x.0.l;
        // blst keeps elements below r; reduce anyway, so that the encoding
        // is canonical whatever produced `x` (2^256 < 3r: at most twice).
        while !less_than_modulus(&l) {
            l = sub_with_borrow(&l, &BLS_MODULUS_LIMBS).0;
        }
        let mut out = [0u8; 32];
        for (dst, limb) in out.chunks_exact_mut(8).zip(l.iter().rev()) {
            dst.copy_from_slice(&limb.to_be_bytes());
        }
        out
    }

    /// The pair sum on eight lanes where the CPU has AVX-512 IFMA (the
    /// lane fractions joined here); `None` elsewhere (the generic fold).
    fn blob_pair_fraction_sum(
        evals: &[Fr],
        roots: &[Fr],
        roots_sq: &[Fr],
        z: &Fr,
    ) -> Option<(Fr, Fr)> {
        let (nums, dens) = fastkzg_ifma::engine()?.pair_fractions(
            fr_words(evals),
            fr_words(roots),
            fr_words(roots_sq),
            &z.0.l,
        )?;
        let (mut num, mut den) = (Fr::zero(), Fr::one());
        for (n, d) in nums.iter().zip(&dens) {
            let (n, d) = (fr_from_words(n), fr_from_words(d));
            num = num * d + n * den;
            den *= d;
        }
        Some((num, den))
    }

    /// With AVX-512 IFMA and at least `IFMA_MIN_SUBGROUP` (3) points, the
    /// subgroup checks run eight at a time; without, from four points on,
    /// they share one normalisation (`backend/blst/subgroup.rs`).
    /// The subgroup check of `backend/blst/subgroup.rs`, which yields
    /// `[|z|]·σ(P)` (σ is φ: the same β).
    fn g1_decompress_with_z_multiple(
        bytes: &[u8; 48],
    ) -> Result<(blst_p1_affine, Option<blst_p1_affine>), PointError> {
        let a = g1_uncompress(bytes)?;
        // SAFETY: reads an initialised affine point.
        if unsafe { blst::blst_p1_affine_is_inf(&a) } {
            return Ok((a, None));
        }
        match super::subgroup::z_multiple_if_in_g1(&a) {
            Some(q) => Ok((a, Some(q))),
            None => Err(PointError::NotInSubgroup),
        }
    }

    fn g1_decompress_many(bytes: &[[u8; 48]]) -> Vec<Result<blst_p1_affine, PointError>> {
        if let Some(e) = fastkzg_ifma::engine().filter(|_| bytes.len() >= IFMA_MIN_SUBGROUP) {
            return g1_decompress_checked(bytes, |points| e.in_g1(affine_limbs(points)));
        }
        if bytes.len() >= super::subgroup::SHARED_MIN_POINTS {
            return g1_decompress_checked(bytes, super::subgroup::in_g1_many);
        }
        bytes.iter().map(Blst::g1_decompress).collect()
    }

    /// With IFMA: blst's Pippenger below 16 points, the IFMA bucket method
    /// over the GLV halves from 16 on. Without: no kernel, since the
    /// generic MSM (Straus below 32 points, batch-affine buckets above)
    /// beats blst's Pippenger at every size from 4 points on.
    fn g1_msm_kernel(points: &[blst_p1_affine], scalars: &[Fr]) -> Option<G1> {
        let n = points.len().min(scalars.len());
        if !Blst::msm_kernels() || n <= 3 {
            return None;
        }
        if n < GLV_MIN_POINTS {
            let bytes: Vec<blst_scalar> = scalars[..n].iter().map(Fr::scalar).collect();
            // SAFETY: `points` and `bytes` hold at least `n` elements (a
            // blst_scalar is 32 bytes, matching nbits = 255).
            return Some(unsafe {
                pippenger(points.as_ptr(), bytes.as_ptr() as *const u8, n, 255)
            });
        }
        // GLV: k·P = k₁·P + k₂·φ(P) with 128-bit halves, so blst's
        // Pippenger runs over 2n points with 128-bit scalars.
        let mut all_points = Vec::with_capacity(2 * n);
        all_points.extend_from_slice(&points[..n]);
        all_points.extend(points[..n].iter().map(endomorphism));
        let mut halves = vec![0u128; 2 * n];
        for (i, s) in scalars[..n].iter().enumerate() {
            (halves[i], halves[n + i]) = split_scalar(&s.canonical_limbs());
        }
        if let Some(e) = fastkzg_ifma::engine() {
            return Some(G1(p1_from_jacobian(&e.msm_u128(
                affine_limbs(&all_points),
                &halves,
                &BlstG1,
            ))));
        }
        let halves: Vec<[u8; 16]> = halves.iter().map(|k| k.to_le_bytes()).collect();
        // SAFETY: `all_points` and `halves` hold `2n` elements each (16
        // little-endian bytes per scalar, matching nbits = 128).
        Some(unsafe {
            pippenger(
                all_points.as_ptr(),
                halves.as_ptr() as *const u8,
                2 * n,
                128,
            )
        })
    }

    /// The IFMA kernels where the CPU has them.
    fn msm_kernels() -> bool {
        fastkzg_ifma::engine().is_some()
    }

    /// `blst_fp_mul_by_3`: one call instead of two additions.
    #[inline]
    fn fp_triple(x: &Fp) -> Fp {
        x.triple()
    }

    /// `blst_fp_mul_by_8`: one call instead of three additions.
    #[inline]
    fn fp_times_8(x: &Fp) -> Fp {
        x.times_8()
    }

    /// The eight-lane bucket method where the CPU has AVX-512 IFMA (from
    /// `IFMA_MIN_DIGITS` points on).
    fn g1_msm_signed_digits_kernel(
        points: &[blst_p1_affine],
        digits: &[u16],
        window: usize,
    ) -> Option<G1> {
        let n = points.len().min(digits.len());
        let e = fastkzg_ifma::engine().filter(|_| n >= IFMA_MIN_DIGITS)?;
        let sum = e.msm_signed_digits(affine_limbs(&points[..n]), &digits[..n], window, &BlstG1)?;
        Some(G1(p1_from_jacobian(&sum)))
    }

    /// The eight-lane twiddle products where the CPU has AVX-512 IFMA.
    fn g1_scale_kernel(ys: &mut [G1], ws: &[Fr]) -> bool {
        g1_scale_ifma(ys, ws)
    }

    /// blst's unreduced products, reduced once per output
    /// (`backend/blst/fr_lincomb.rs`).
    fn fr_glv_lincomb_kernel(out: &mut [Fr], halves: &[(u64, u64)], rows: &[&[Fr]]) -> bool {
        super::fr_lincomb::glv_lincomb(out, halves, rows);
        true
    }

    /// The lines of `p` and their products with `partner`'s at each step
    /// (`backend/blst/pairing.rs`): a two-pair check then multiplies the
    /// accumulator once per step instead of twice.
    fn g2_prepare_partnered(p: &G2, partner: &G2Lines) -> G2Lines {
        match &partner.0 {
            Some(other) if !p.is_zero() => {
                G2Lines(Some(Lines::with_partner(&p2_to_affine(p), other)))
            }
            _ => Blst::g2_prepare(p),
        }
    }

    /// The IFMA kernel's lanes where it checks the subgroups (a share of
    /// fewer points costs as much as eight), else one.
    fn g1_decompress_lanes() -> usize {
        ifma_lanes()
    }

    /// The IFMA kernel's lanes where it makes the products (a share of
    /// fewer products costs as much as eight), else one.
    fn g1_scale_lanes() -> usize {
        ifma_lanes()
    }
}
