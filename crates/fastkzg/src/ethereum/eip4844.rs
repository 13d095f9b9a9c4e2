//! The EIP-4844 (Deneb) blob API, per `specs/deneb/polynomial-commitments.md`
//! of ethereum/consensus-specs at `8a3df1d`.
//!
//! All functions are methods of [`KzgSettings`]. Inputs are untrusted bytes;
//! every rule the spec enforces (`bytes_to_bls_field`, `validate_kzg_g1`,
//! equal batch lengths) is checked before any work, and a violation is an
//! [`Error`], never a panic and never `false`.

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use core::borrow::Borrow;

use sha2::{Digest, Sha256};

use crate::backend::{Backend, Module, Scalar};
use crate::error::{Error, Input, Result};
use crate::ethereum::bytes::{
    blob_to_polynomial, blob_to_polynomial_scaled, bytes_to_bls_field, bytes_to_g1,
    bytes_to_g1_many, bytes_to_g1_with_z_multiple, Blob, Bytes32, Bytes48,
};
use crate::ethereum::challenge::{compute_challenge, compute_powers};
use crate::ethereum::constants::{FIELD_ELEMENTS_PER_BLOB, RANDOM_CHALLENGE_KZG_BATCH_DOMAIN};
use crate::ethereum::{KzgSettings, KzgVerifier};
use crate::math::batch_inverse;
use crate::msm::z_adic::g1_mul_decoded;
use crate::trace::{phase, span};

/// A blob opening ready for batch verification: commitment, proof, `z`, `y`.
type Opening<B> = (
    <B as Backend>::G1Affine,
    <B as Backend>::G1Affine,
    <B as Backend>::Fr,
    <B as Backend>::Fr,
);

/// The fewest roots per part when [`inverse_differences`] splits its batch
/// inversion among threads (each part pays one field inversion).
const INVERSE_PART_MIN: usize = 1024;

/// `1/(z − ω_i)` for every bit-reversed root, with one batch inversion per
/// thread of the caller's pool (one 4096-root inversion is otherwise the
/// longest serial step of a proof beside its MSM on two threads; "Threads"
/// in docs/performance-notes.md). If `z = ω_m` the entry `m` holds
/// `1/z` instead and `m` is returned.
fn inverse_differences<B: Backend>(
    roots: &[B::Fr],
    z: &B::Fr,
) -> Result<(Vec<B::Fr>, Option<usize>)> {
    let chunks = crate::par::ranges(roots.len(), INVERSE_PART_MIN).try_map(|range| {
        let start = range.start;
        let mut d: Vec<B::Fr> = roots[range].iter().map(|w| *z - *w).collect();
        let m = d.iter().position(|x| x.is_zero());
        if let Some(m) = m {
            d[m] = *z;
        }
        batch_inverse(&mut d)?;
        Ok((d, m.map(|m| start + m)))
    })?;
    let m = chunks.iter().find_map(|(_, m)| *m);
    Ok((chunks.into_iter().flat_map(|(d, _)| d).collect(), m))
}

impl<B: Backend> KzgVerifier<B> {
    /// Spec `evaluate_polynomial_in_evaluation_form`, given the inverse
    /// differences of [`inverse_differences`].
    fn evaluate_with_inverses(
        &self,
        poly: &[B::Fr],
        z: &B::Fr,
        inv: &[B::Fr],
        m: Option<usize>,
    ) -> B::Fr {
        if let Some(m) = m {
            return poly[m];
        }
        let sum = poly
            .iter()
            .zip(&self.brp_roots_of_unity)
            .zip(inv)
            .fold(B::Fr::zero(), |acc, ((p, w), i)| acc + *p * *w * *i);
        sum * self.barycentric_factor(z)
    }

    /// `(z^n − 1)/n` for `n = FIELD_ELEMENTS_PER_BLOB`, the factor in front of
    /// the barycentric sum.
    fn barycentric_factor(&self, z: &B::Fr) -> B::Fr {
        let mut zn = *z;
        for _ in 0..FIELD_ELEMENTS_PER_BLOB.trailing_zeros() {
            zn = zn.square();
        }
        (zn - B::Fr::one()) * self.domain.size_inv()
    }

    /// Spec `evaluate_polynomial_in_evaluation_form`: the value at `z` of the
    /// polynomial whose evaluations over the bit-reversed 4096-th roots of
    /// unity are `poly`.
    ///
    /// Opposite roots are folded two terms at a time, about 2 multiplications
    /// per point and no inversion ([`crate::math::fold_eval`]). A backend with
    /// a vector kernel (blst where the CPU has AVX-512 IFMA) sums the paired
    /// fractions instead ([`Accel::blob_pair_fraction_sum`](crate::backend::Accel::blob_pair_fraction_sum)).
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#evaluate_polynomial_in_evaluation_form>
    pub fn evaluate_polynomial_in_evaluation_form(
        &self,
        poly: &[B::Fr],
        z: &B::Fr,
    ) -> Result<B::Fr> {
        if poly.len() != FIELD_ELEMENTS_PER_BLOB {
            return Err(Error::InvalidSize(format!(
                "polynomial has {} evaluations, expected {FIELD_ELEMENTS_PER_BLOB}",
                poly.len()
            )));
        }
        if let Some(m) = self.brp_roots_of_unity.iter().position(|w| w == z) {
            return Ok(poly[m]);
        }
        let Some((num, den)) = B::blob_pair_fraction_sum(
            poly,
            &self.brp_roots_of_unity,
            &self.brp_root_pairs_squared,
            z,
        ) else {
            return crate::math::fold_eval::evaluate_bit_reversed(
                poly,
                &self.fold_inverse_roots,
                &self.domain.size_inv(),
                z,
            );
        };
        let den_inv = den.inverse().ok_or(Error::DivisionByZero)?;
        Ok(num * den_inv * self.barycentric_factor(z))
    }

    /// `evaluate_polynomial_in_evaluation_form(blob_to_polynomial(blob), z)`
    /// for the verifiers, which need the blob only for this value: the
    /// evaluation is linear in the blob, so it runs on the backend's
    /// cheapest form of the elements ([`blob_to_polynomial_scaled`]) and
    /// is scaled once. Errors: a blob field element is not canonical.
    /// `position` names the blob in errors.
    fn evaluate_blob(&self, blob: &Blob, position: usize, z: &B::Fr) -> Result<B::Fr> {
        let (poly, c) = blob_to_polynomial_scaled::<B>(blob, position)?;
        Ok(self.evaluate_polynomial_in_evaluation_form(&poly, z)? * c)
    }

    /// Spec `verify_kzg_proof_impl`, rearranged so that both G2 points are
    /// fixed (their Miller-loop lines are precomputed):
    /// `e(π, [τ]₂) · e(−(C − [y]₁ + z·π), [1]₂) = 1`, which is the spec's
    /// `e(C − [y]₁, [1]₂) = e(π, [τ − z]₂)`.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#verify_kzg_proof_impl>
    #[must_use = "the verdict of the pairing check"]
    ///
    /// `proof` comes with `[|z|]·φ(π)` where its decoding yielded it
    /// ([`bytes_to_g1_with_z_multiple`]), which shortens `z·π`.
    pub(crate) fn verify_kzg_proof_impl(
        &self,
        commitment: &B::G1Affine,
        z: &B::Fr,
        y: &B::Fr,
        (proof, proof_z_multiple): &(B::G1Affine, Option<B::G1Affine>),
    ) -> bool {
        let rhs = phase!(
            "pairing inputs",
            B::g1_from_affine(commitment) - self.mul_generator(y)
                + g1_mul_decoded::<B>(proof, proof_z_multiple.as_ref(), z)
        );
        phase!(
            "pairing check",
            B::pairings_verify(&[
                (B::g1_from_affine(proof), &self.g2_tau),
                (-rhs, &self.g2_generator)
            ])
        )
    }

    /// Spec `verify_kzg_proof`: whether `proof` shows that the committed
    /// polynomial takes value `y` at `z`.
    ///
    /// Errors: `z` or `y` not canonical; commitment or proof not a valid G1
    /// point. A wrong proof is `Ok(false)`.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#verify_kzg_proof>
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_kzg_proof(
        &self,
        commitment_bytes: &Bytes48,
        z_bytes: &Bytes32,
        y_bytes: &Bytes32,
        proof_bytes: &Bytes48,
    ) -> Result<bool> {
        // One thread: the call is too short for a hand-over to another
        // thread to pay (it costs more than it saves when that thread has
        // to wake up or is busy).
        let commitment = bytes_to_g1::<B>(commitment_bytes, Input::Commitment, 0)?;
        let z = bytes_to_bls_field::<B>(z_bytes, Input::Z, 0)?;
        let y = bytes_to_bls_field::<B>(y_bytes, Input::Y, 0)?;
        let proof = bytes_to_g1_with_z_multiple::<B>(proof_bytes, Input::Proof, 0)?;
        Ok(self.verify_kzg_proof_impl(&commitment, &z, &y, &proof))
    }

    /// Spec `verify_blob_kzg_proof`: whether `proof` is the blob proof for
    /// `blob` and `commitment`.
    ///
    /// Errors: a blob field element not canonical; commitment or proof not a
    /// valid G1 point. A wrong proof is `Ok(false)`.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#verify_blob_kzg_proof>
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_blob_kzg_proof(
        &self,
        blob: &Blob,
        commitment_bytes: &Bytes48,
        proof_bytes: &Bytes48,
    ) -> Result<bool> {
        // The blob side (parsing, challenge, evaluation: about a third of
        // the call) beside the two point decodings, when the pool has a
        // second thread. Errors in the spec's order: blob, commitment, proof.
        let (blob_side, points) = crate::par::join(
            || -> Result<(B::Fr, B::Fr)> {
                let z = compute_challenge::<B>(blob, commitment_bytes);
                Ok((z, self.evaluate_blob(blob, 0, &z)?))
            },
            || {
                (
                    bytes_to_g1::<B>(commitment_bytes, Input::Commitment, 0),
                    bytes_to_g1_with_z_multiple::<B>(proof_bytes, Input::Proof, 0),
                )
            },
        );
        let (z, y) = blob_side?;
        let (commitment, proof) = (points.0?, points.1?);
        Ok(self.verify_kzg_proof_impl(&commitment, &z, &y, &proof))
    }

    /// Spec `verify_blob_kzg_proof_batch`: verifies many blob proofs at once
    /// with the spec's random linear combination (`verify_kzg_proof_batch`,
    /// challenge from `RANDOM_CHALLENGE_KZG_BATCH_DOMAIN`). An empty batch is
    /// `Ok(true)`.
    ///
    /// Errors: the three lists differ in length; any blob field element not
    /// canonical (the error names the blob's position and the element);
    /// any commitment or proof not a valid G1 point (the error names its
    /// position; a blob error is reported before a commitment error, and that
    /// before a proof error).
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#verify_blob_kzg_proof_batch>
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_blob_kzg_proof_batch<T: Borrow<Blob> + Sync>(
        &self,
        blobs: &[T],
        commitments_bytes: &[Bytes48],
        proofs_bytes: &[Bytes48],
    ) -> Result<bool> {
        if blobs.len() != commitments_bytes.len() || blobs.len() != proofs_bytes.len() {
            return Err(Error::LengthMismatch {
                inputs: &[Input::Blob, Input::Commitment, Input::Proof],
                lengths: vec![blobs.len(), commitments_bytes.len(), proofs_bytes.len()],
            });
        }
        let n = blobs.len();
        if n == 0 {
            return Ok(true);
        }
        if n == 1 {
            // With one opening the spec's only power of the challenge is
            // r⁰ = 1, so its batch check is exactly the single check (and
            // the validation order is the same: blob, commitment, proof).
            return self.verify_blob_kzg_proof(
                blobs[0].borrow(),
                &commitments_bytes[0],
                &proofs_bytes[0],
            );
        }
        // Per blob: parse, validate, derive z and evaluate y; beside it, the
        // commitments and proofs are decoded (subgroup checks many at a
        // time). Errors: blobs first, then commitments, then proofs.
        span!("verify_blob_kzg_proof_batch");
        let per_blob = |i: usize| -> Result<(B::Fr, B::Fr)> {
            let blob = blobs[i].borrow();
            let z = compute_challenge::<B>(blob, &commitments_bytes[i]);
            let y = self.evaluate_blob(blob, i, &z)?;
            Ok((z, y))
        };
        let (evaluations, (commitments, proofs)) = phase!(
            "parse and evaluate blobs",
            crate::par::join(
                || crate::par::try_map_collect(n, per_blob),
                || {
                    crate::par::join(
                        || bytes_to_g1_many::<B>(commitments_bytes, Input::Commitment, |i| i),
                        || bytes_to_g1_many::<B>(proofs_bytes, Input::Proof, |i| i),
                    )
                },
            )
        );
        let (evaluations, commitments, proofs) = (evaluations?, commitments?, proofs?);
        let items: Vec<Opening<B>> = evaluations
            .into_iter()
            .zip(commitments.into_iter().zip(proofs))
            .map(|((z, y), (c, p))| (c, p, z, y))
            .collect();
        self.verify_kzg_proof_batch(&items, commitments_bytes, proofs_bytes)
    }

    /// Spec `verify_kzg_proof_batch` over decoded `(C, π, z, y)` and the
    /// original encodings (hashed into the transcript).
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#verify_kzg_proof_batch>
    fn verify_kzg_proof_batch(
        &self,
        items: &[Opening<B>],
        commitments_bytes: &[Bytes48],
        proofs_bytes: &[Bytes48],
    ) -> Result<bool> {
        let n = items.len();
        let mut h = Sha256::new();
        h.update(RANDOM_CHALLENGE_KZG_BATCH_DOMAIN);
        h.update((FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        h.update((n as u64).to_be_bytes());
        for ((c, p), (_, _, z, y)) in commitments_bytes.iter().zip(proofs_bytes).zip(items) {
            h.update(c);
            h.update(z.to_bytes_be());
            h.update(y.to_bytes_be());
            h.update(p);
        }
        let r = B::Fr::from_bytes_be_reduced(&h.finalize().into());
        let r_powers = compute_powers(&r, n);

        // rhs = Σ rⁱ·Cᵢ + Σ rⁱzᵢ·πᵢ − (Σ rⁱyᵢ)·G₁ ; lhs = Σ rⁱ·πᵢ
        let mut points = Vec::with_capacity(2 * n);
        let mut scalars = Vec::with_capacity(2 * n);
        let mut y_sum = B::Fr::zero();
        for ((c, _, _, y), rp) in items.iter().zip(&r_powers) {
            points.push(*c);
            scalars.push(*rp);
            y_sum += *y * *rp;
        }
        for ((_, p, z, _), rp) in items.iter().zip(&r_powers) {
            points.push(*p);
            scalars.push(*z * *rp);
        }
        let proofs: Vec<B::G1Affine> = items.iter().map(|(_, p, _, _)| *p).collect();
        span!("batch MSMs and pairing check");
        let (rhs, lhs) = crate::par::join(
            || crate::msm::g1_msm::<B>(&points, &scalars) - self.mul_generator(&y_sum),
            || crate::msm::g1_msm::<B>(&proofs, &r_powers),
        );
        Ok(B::pairings_verify(&[
            (lhs, &self.g2_tau),
            (-rhs, &self.g2_generator),
        ]))
    }
}

impl<B: Backend> KzgSettings<B> {
    /// Spec `compute_kzg_proof_impl`: the proof and value of `poly` at `z`.
    /// One batch inversion serves both the evaluation and the quotient
    /// (including `compute_quotient_eval_within_domain` when `z` is a root).
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#compute_kzg_proof_impl>
    pub(crate) fn compute_kzg_proof_impl(
        &self,
        poly: &[B::Fr],
        z: &B::Fr,
    ) -> Result<(B::G1, B::Fr)> {
        if poly.len() != FIELD_ELEMENTS_PER_BLOB {
            return Err(Error::InvalidSize(format!(
                "polynomial has {} evaluations, expected {FIELD_ELEMENTS_PER_BLOB}",
                poly.len()
            )));
        }
        span!("compute_kzg_proof_impl");
        let (inv, m) = phase!(
            "inverse differences",
            inverse_differences::<B>(&self.brp_roots_of_unity, z)
        )?;
        let y = self.evaluate_with_inverses(poly, z, &inv, m);
        let mut quotient: Vec<B::Fr> = poly.iter().zip(&inv).map(|(p, i)| (y - *p) * *i).collect();
        if let Some(m) = m {
            // q_m = Σ_{i≠m} (p_i − y)·ω_i / (z·(z − ω_i)); inv[m] holds 1/z.
            let sum = poly
                .iter()
                .zip(&self.brp_roots_of_unity)
                .zip(&inv)
                .enumerate()
                .filter(|(i, _)| *i != m)
                .fold(B::Fr::zero(), |acc, (_, ((p, w), i))| {
                    acc + (*p - y) * *w * *i
                });
            quotient[m] = sum * inv[m];
        }
        Ok((self.commit_lagrange(&quotient), y))
    }

    /// Spec `blob_to_kzg_commitment`: the commitment to a blob's polynomial.
    ///
    /// Errors: a field element of the blob is not canonical.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#blob_to_kzg_commitment>
    pub fn blob_to_kzg_commitment(&self, blob: &Blob) -> Result<Bytes48> {
        span!("blob_to_kzg_commitment");
        let poly = phase!("blob_to_polynomial", blob_to_polynomial::<B>(blob))?;
        Ok(B::g1_compress(&self.commit_lagrange(&poly)))
    }

    /// Spec `compute_kzg_proof`: the proof of the blob's polynomial at
    /// `z_bytes`, and the value `y` there, as `(proof, y)`.
    ///
    /// Errors: a blob field element or `z` is not canonical.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#compute_kzg_proof>
    pub fn compute_kzg_proof(&self, blob: &Blob, z_bytes: &Bytes32) -> Result<(Bytes48, Bytes32)> {
        let poly = blob_to_polynomial::<B>(blob)?;
        let z = bytes_to_bls_field::<B>(z_bytes, Input::Z, 0)?;
        let (proof, y) = self.compute_kzg_proof_impl(&poly, &z)?;
        Ok((B::g1_compress(&proof), y.to_bytes_be()))
    }

    /// Spec `compute_blob_kzg_proof`: the proof at the Fiat–Shamir challenge
    /// of the blob and its commitment.
    ///
    /// Errors: the commitment is not a valid G1 point, or a blob field element
    /// is not canonical. The commitment is not checked to match the blob.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/deneb/polynomial-commitments.md#compute_blob_kzg_proof>
    pub fn compute_blob_kzg_proof(
        &self,
        blob: &Blob,
        commitment_bytes: &Bytes48,
    ) -> Result<Bytes48> {
        // The challenge hashes bytes only: it and the commitment's check run
        // beside the blob's parsing (errors in the spec's order).
        let ((commitment, z), poly) = crate::par::join(
            || {
                (
                    bytes_to_g1::<B>(commitment_bytes, Input::Commitment, 0),
                    compute_challenge::<B>(blob, commitment_bytes),
                )
            },
            || blob_to_polynomial::<B>(blob),
        );
        commitment?;
        let (proof, _) = self.compute_kzg_proof_impl(&poly?, &z)?;
        Ok(B::g1_compress(&proof))
    }
}
