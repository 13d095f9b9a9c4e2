//! `verify_cell_kzg_proof_batch`.

use alloc::vec;
use alloc::vec::Vec;
use core::borrow::Borrow;

use super::unique::UniqueCommitments;
use super::{cell_to_coset_evals_scaled_at, check_cell_indices, coset_shift_exponent, CellIndex};
use crate::backend::{Backend, Group, Module, Scalar};
use crate::error::{Error, Input, Result};
use crate::ethereum::bytes::{bytes_to_g1_many_at, Bytes48, Cell};
use crate::ethereum::challenge::{
    compute_cell_batch_randomizers, compute_verify_cell_kzg_proof_batch_challenge,
};
use crate::ethereum::constants::{
    CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL, FIELD_ELEMENTS_PER_EXT_BLOB,
};
use crate::ethereum::verifier::CellCommitment;
use crate::ethereum::KzgVerifier;
use crate::math::fft;
use crate::msm::dispatch::{grouped_sums, GroupedSums};
use crate::par::Ranges;
use crate::trace::{phase, span};

/// A cell batch ready for its last steps ([`KzgVerifier::check_cell_batch`]):
/// decoded proofs and their columns, the randomizers (as field elements
/// and as GLV halves), the unique commitments and each cell's, and `RLI`.
pub(super) struct CellBatch<'a, B: Backend> {
    pub(super) proofs: &'a [B::G1Affine],
    pub(super) columns: &'a [usize],
    pub(super) by_column: &'a ByColumn,
    pub(super) randomizers: &'a [B::Fr],
    pub(super) halves: &'a [(u64, u64)],
    pub(super) unique_points: &'a [B::G1Affine],
    pub(super) commitment_indices: &'a [u64],
    pub(super) rli: CellCommitment<B>,
}

/// Decoded G1 points.
type Points<B> = Vec<<B as Backend>::G1Affine>;

/// The proof sums of a cell batch.
pub(super) enum ProofSums<B: Backend> {
    /// All cells in column `col`: `LL` only (`RLP = h_col^64·LL` goes into
    /// the pairing's G2 point).
    OneColumn { col: usize, ll: B::G1 },
    /// `LL` and `RLP`.
    General { ll: B::G1, rlp: B::G1 },
}

/// A batch's randomizers `t_k = a_k + b_k·λ`: as field elements, and as
/// their halves `(a_k, b_k)`.
struct Randomizers<F> {
    field: Vec<F>,
    halves: Vec<(u64, u64)>,
}

/// The cells of a batch grouped by cell index (column).
pub(super) struct ByColumn {
    /// For each cell index, the positions `k` of the cells with that index.
    members: Vec<Vec<usize>>,
    /// The cell indices that occur, in increasing order.
    distinct: Vec<usize>,
}

impl ByColumn {
    pub(super) fn new(columns: &[usize]) -> Self {
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); CELLS_PER_EXT_BLOB];
        for (k, col) in columns.iter().enumerate() {
            members[*col].push(k);
        }
        let distinct = (0..CELLS_PER_EXT_BLOB)
            .filter(|c| !members[*c].is_empty())
            .collect();
        Self { members, distinct }
    }
}

impl<B: Backend> KzgVerifier<B> {
    /// `h_col^64 = ω_128^rev7(col)` for a cell index.
    fn coset_shift_pow(&self, col: usize) -> B::Fr {
        self.ext_domain
            .root(FIELD_ELEMENTS_PER_CELL * coset_shift_exponent(col))
    }

    /// `[τ^64]₂ − h_c^64·[1]₂` for cell index `c`, prepared (built on first
    /// use, then kept in the settings).
    pub(super) fn column_g2(&self, col: usize) -> &B::G2Prepared {
        crate::par::get_or_build(&self.column_g2[col], || {
            let shifted = B::G2::generator() * &self.coset_shift_pow(col);
            B::g2_prepare(&(self.g2_tau_cell_point - shifted))
        })
    }

    /// `LL = Σ t_k π_k` and `RLP = Σ t_k h_k^64 π_k`. The proofs are first
    /// summed per column, `S_c = Σ_{k∈c} t_k π_k`, so that `LL = Σ S_c` and
    /// `RLP = Σ h_c^64 S_c`: for one column (a data-column sidecar) `RLP =
    /// h_c^64·LL` is left to the pairing ([`ProofSums::OneColumn`]); for
    /// many columns the column sums run in lock step
    /// ([`crate::msm::small_groups`], the randomizers' 64-bit GLV halves
    /// over tables of the proofs) and `RLP` is one MSM over half as many
    /// points as columns (`h_{c'}^64 = −h_c^64` for cell indices `c` and
    /// `c' = c ⊕ 1`). With few cells per column, two `n`-point MSMs cost
    /// less than the column sums' chains ([`grouped_sums`] chooses).
    pub(super) fn proof_sums(
        &self,
        proofs: &[B::G1Affine],
        columns: &[usize],
        by_column: &ByColumn,
        randomizers: &[B::Fr],
        halves: &[(u64, u64)],
    ) -> ProofSums<B> {
        let ByColumn { members, distinct } = by_column;
        if let [col] = distinct[..] {
            return ProofSums::OneColumn {
                col,
                ll: crate::msm::g1_msm::<B>(proofs, randomizers),
            };
        }
        if grouped_sums::<B>(proofs.len(), distinct.len()) == GroupedSums::TwoMsms {
            let weighted: Vec<B::Fr> = randomizers
                .iter()
                .zip(columns)
                .map(|(rk, col)| *rk * self.coset_shift_pow(*col))
                .collect();
            let sums = crate::msm::g1_msm_shared_points::<B>(proofs, &[randomizers, &weighted]);
            return ProofSums::General {
                ll: sums[0],
                rlp: sums[1],
            };
        }
        let groups: Vec<Vec<usize>> = distinct.iter().map(|c| members[*c].clone()).collect();
        // Two parts per thread, at most one per column: the commitment MSM
        // beside these sums holds one thread at first.
        let threads = crate::par::threads();
        let parts = if threads > 1 { 2 * threads } else { 1 };
        let sums: Vec<Option<(B::Fp, B::Fp)>> = Ranges::per_thread(groups.len(), parts, 1)
            .map(|range| {
                crate::msm::small_groups::glv_group_sums::<B>(proofs, halves, &groups[range])
            })
            .into_iter()
            .flatten()
            .collect();
        // S_c for each h_c^64 = ω_128^e up to sign: e < 64 adds S_c, e ≥ 64
        // subtracts it (ω_128^64 = −1).
        let half = CELLS_PER_EXT_BLOB / 2;
        let mut ll = B::G1::zero();
        let mut folded = vec![B::G1::zero(); half];
        for (col, sum) in distinct.iter().zip(sums) {
            let Some((x, y)) = sum else {
                continue;
            };
            let p = B::g1_from_affine(&B::g1_affine_from_xy(x, y));
            ll += p;
            let e = coset_shift_exponent(*col);
            if e < half {
                folded[e] += p;
            } else {
                folded[e - half] -= p;
            }
        }
        let used: Vec<usize> = (0..half).filter(|e| !folded[*e].is_zero()).collect();
        let points = B::g1_batch_to_affine(&used.iter().map(|e| folded[*e]).collect::<Vec<_>>());
        let shifts: Vec<B::Fr> = used
            .iter()
            .map(|e| self.ext_domain.root(FIELD_ELEMENTS_PER_CELL * e))
            .collect();
        let rlp = crate::msm::g1_msm::<B>(&points, &shifts);
        ProofSums::General { ll, rlp }
    }

    /// The unique commitments decoded (spec `bytes_to_kzg_commitment`),
    /// those decoded by an earlier call taken from the settings' cache
    /// ([`crate::ethereum::commitment_cache`]); the others are decoded and
    /// remembered. The error names the first invalid commitment, at its
    /// position `unique_at[i]` in the caller's list (cached ones are valid).
    pub(super) fn decode_commitments(
        &self,
        unique: &[Bytes48],
        unique_at: &[usize],
    ) -> Result<Vec<B::G1Affine>> {
        Ok(self
            .decode_commitments_and_proofs(unique, unique_at, &[])?
            .0)
    }

    /// The unique commitments and the proofs as points: the commitments
    /// the cache holds from there, the others decoded in one batch with the
    /// proofs (their subgroup checks share the lock-step chains). The error
    /// names the first invalid commitment, else the first invalid proof.
    fn decode_commitments_and_proofs(
        &self,
        unique: &[Bytes48],
        unique_at: &[usize],
        proofs: &[Bytes48],
    ) -> Result<(Points<B>, Points<B>)> {
        let cached = self.commitment_cache.get_many(unique);
        let missing: Vec<usize> = (0..unique.len()).filter(|i| cached[*i].is_none()).collect();
        let m = missing.len();
        let mut bytes: Vec<Bytes48> = missing.iter().map(|i| unique[*i]).collect();
        bytes.extend_from_slice(proofs);
        let mut points = bytes_to_g1_many_at::<B>(&bytes, |i| match i.checked_sub(m) {
            None => (Input::Commitment, unique_at[missing[i]]),
            Some(k) => (Input::Proof, k),
        })?;
        let proofs = points.split_off(m);
        self.commitment_cache
            .insert_many(bytes[..m].iter().copied().zip(points.iter().copied()));
        let mut commitments = cached;
        for (i, p) in missing.iter().zip(points) {
            commitments[*i] = Some(p);
        }
        Ok((commitments.into_iter().flatten().collect(), proofs))
    }

    /// `RLC − RLI` with `RLC = Σ_i w_i C_i`, `w_i` the sum of `t_k` over the
    /// cells of unique commitment `i`. When `RLI` is left as position sums,
    /// these join `RLC`'s MSM, negated ([`crate::msm::g1_msm_plus_positions`]).
    pub(super) fn weighted_commitments_minus(
        &self,
        unique_points: &[B::G1Affine],
        commitment_indices: &[u64],
        randomizers: &[B::Fr],
        rli: CellCommitment<B>,
    ) -> B::G1 {
        let mut weights = vec![B::Fr::zero(); unique_points.len()];
        for (ci, rk) in commitment_indices.iter().zip(randomizers) {
            weights[*ci as usize] += *rk;
        }
        match rli {
            CellCommitment::Positions(sums) => {
                let negated: Vec<_> = sums.iter().map(|s| s.map(|(x, y)| (x, -y))).collect();
                crate::msm::g1_msm_plus_positions::<B>(unique_points, &weights, &negated)
            }
            CellCommitment::Point(rli) => crate::msm::g1_msm::<B>(unique_points, &weights) - rli,
        }
    }

    /// `RLI`: the `t_k`-weighted cells aggregated per column, interpolated
    /// once per column on its coset, shifted to monomial form and committed
    /// with the first 64 monomial setup points. On more than two threads
    /// the columns are shared among them (each sums its columns' terms,
    /// then the partial sums are added); on one or two threads this runs
    /// beside the point decoding on one thread.
    ///
    /// `evals` may be scaled by a common `1/c` (the interpolation is linear
    /// in them): the commitment is of the values times `c`.
    fn aggregated_interpolation_commitment(
        &self,
        by_column: &ByColumn,
        evals: &[Vec<B::Fr>],
        c: B::Fr,
        randomizers: &[(u64, u64)],
    ) -> Result<CellCommitment<B>> {
        let ByColumn { members, distinct } = by_column;
        // Split from three threads on: one part per thread, at most one per
        // column.
        let threads = crate::par::threads();
        let threads = if threads > 2 { threads } else { 1 };
        let parts = Ranges::per_thread(distinct.len(), threads, 1);
        let partials = parts.try_map(|range| {
            let mut interp = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_CELL];
            for col in &distinct[range] {
                self.add_column_interpolation(
                    *col,
                    &members[*col],
                    evals,
                    randomizers,
                    &mut interp,
                )?;
            }
            Ok::<_, Error>(interp)
        })?;
        let mut interp = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_CELL];
        for partial in partials {
            for (acc, v) in interp.iter_mut().zip(partial) {
                *acc += v;
            }
        }
        let scale = self.cell_domain.size_inv() * c;
        for coeff in interp.iter_mut() {
            *coeff *= scale;
        }
        Ok(self.commit_cell_monomial(&interp))
    }

    /// Adds to `interp` the monomial coefficients, times 64, of the
    /// polynomial interpolating `Σ_{k∈members} t_k·evals[k]` on the coset
    /// of cell index `col`, for `t_k = a_k + b_k·λ` given as
    /// `halves[k] = (a_k, b_k)`.
    fn add_column_interpolation(
        &self,
        col: usize,
        members: &[usize],
        evals: &[Vec<B::Fr>],
        halves: &[(u64, u64)],
        interp: &mut [B::Fr],
    ) -> Result<()> {
        let mut values = vec![B::Fr::zero(); FIELD_ELEMENTS_PER_CELL];
        let rows: Vec<&[B::Fr]> = members.iter().map(|k| &evals[*k][..]).collect();
        let halves: Vec<(u64, u64)> = members.iter().map(|k| halves[*k]).collect();
        crate::msm::fr_glv_lincomb::<B>(&mut values, &halves, &rows);
        // The cell's values are in bit-reversed order of its coset.
        fft::ifft_in_place_rn_unscaled(&mut values, &self.cell_domain)?;
        // I(X) = g(X / h) with h = ω^e (ω of order 8192): coefficient j is
        // g_j · h^{-j} = g_j · ω^{8192 − e·j} (e·j ≤ 127·63 < 8192; `root`
        // reduces 8192 to 0), a root read from the table (the 1/64 of the
        // inverse FFT is applied once, by the caller).
        let e = coset_shift_exponent(col);
        for (j, (acc, g)) in interp.iter_mut().zip(values.iter()).enumerate() {
            *acc += *g * self.ext_domain.root(FIELD_ELEMENTS_PER_EXT_BLOB - e * j);
        }
        Ok(())
    }

    /// Spec `verify_cell_kzg_proof_batch`: whether every `proofs[k]` proves
    /// that `cells[k]` is cell `cell_indices[k]` of the blob committed to by
    /// `commitments[k]`. Commitments may repeat (they are deduplicated by
    /// bytes), cells may repeat and come in any order. An empty batch is
    /// `Ok(true)`. The settings keep the commitments decoded here (by their
    /// bytes, at most 4096), so that the sidecars of one block, which carry
    /// the same commitments, decode them once
    /// ([`KzgVerifier::forget_decoded_commitments`] empties that cache).
    ///
    /// Errors: the four lists differ in length; a cell index `>= 128`; a
    /// commitment or proof is not a valid G1 point; a cell field element is
    /// not canonical. A wrong proof is `Ok(false)`.
    ///
    /// The cells' equations are combined as in the spec's
    /// `verify_cell_kzg_proof_batch_impl`, from the spec's challenge `r`,
    /// but with randomizers `t_k = a_k + b_k·λ` (`a_k`, `b_k` 64-bit words of
    /// `SHA-256` over a domain separator, `r` and a counter; λ the
    /// eigenvalue of G1's endomorphism φ) instead of the powers `r^k`: a
    /// true batch passes either way, and a false one passes with
    /// probability at most `2^-128` per try (the spec's powers:
    /// `n·2^-254`), while `t_k·π_k = a_k·π_k + b_k·φ(π_k)` costs half of
    /// `r^k·π_k`.
    ///
    /// Spec: <https://github.com/ethereum/consensus-specs/blob/8a3df1d/specs/fulu/polynomial-commitments-sampling.md#verify_cell_kzg_proof_batch>
    #[must_use = "a proof that does not verify is Ok(false), not an error"]
    pub fn verify_cell_kzg_proof_batch<T: Borrow<Cell> + Sync>(
        &self,
        commitments_bytes: &[Bytes48],
        cell_indices: &[CellIndex],
        cells: &[T],
        proofs_bytes: &[Bytes48],
    ) -> Result<bool> {
        let n = cells.len();
        if commitments_bytes.len() != n || cell_indices.len() != n || proofs_bytes.len() != n {
            return Err(Error::LengthMismatch {
                inputs: &[
                    Input::Commitment,
                    Input::CellIndex,
                    Input::Cell,
                    Input::Proof,
                ],
                lengths: vec![
                    commitments_bytes.len(),
                    cell_indices.len(),
                    n,
                    proofs_bytes.len(),
                ],
            });
        }
        let columns = check_cell_indices(cell_indices)?;
        // Deduplicate commitments by bytes, in first-occurrence order.
        let UniqueCommitments {
            unique,
            first_at: unique_at,
            index_of: commitment_indices,
        } = UniqueCommitments::new(commitments_bytes);
        if n == 0 {
            return Ok(true);
        }
        let by_column = ByColumn::new(&columns);
        // The points are decoded while, beside them, the cells are parsed,
        // the challenge is computed (it hashes bytes, not points) and the
        // interpolation commitment is built (it needs only the cells and the
        // challenge), so that two threads share the decoding and the rest
        // evenly. Errors are reported in the order commitments, cells,
        // proofs.
        span!("verify_cell_kzg_proof_batch");
        let (points, cell_side) = crate::par::join(
            || {
                phase!(
                    "decode points",
                    self.decode_commitments_and_proofs(&unique, &unique_at, proofs_bytes)
                )
            },
            || -> Result<(Randomizers<B::Fr>, CellCommitment<B>)> {
                // The cells enter only the interpolation, which is linear
                // in them: they are parsed in the backend's cheapest form
                // (values times a constant 1/c, the same for every cell).
                let parse = || {
                    phase!(
                        "parse cells",
                        crate::par::try_map_collect(n, |pos| {
                            cell_to_coset_evals_scaled_at::<B>(cells[pos].borrow(), pos)
                        })
                    )
                };
                let challenge = || {
                    phase!(
                        "challenge",
                        compute_verify_cell_kzg_proof_batch_challenge::<B, T>(
                            &unique,
                            &commitment_indices,
                            cell_indices,
                            cells,
                            proofs_bytes,
                        )
                    )
                };
                // The challenge hashes bytes: on more than two threads it
                // is computed first, on this thread, while the others parse
                // (it is the longest serial step there); on two, after the
                // parsing (the other thread is decoding).
                let (r, parsed) = if crate::par::threads() > 2 {
                    crate::par::join(challenge, parse)
                } else {
                    let parsed = parse();
                    (challenge(), parsed)
                };
                let parsed = parsed?;
                let c = parsed.first().map_or(B::Fr::one(), |p| p.1);
                let evals: Vec<Vec<B::Fr>> = parsed.into_iter().map(|p| p.0).collect();
                let r = r?;
                let halves = compute_cell_batch_randomizers(&r, n);
                let rli = phase!(
                    "interpolation commitment",
                    self.aggregated_interpolation_commitment(&by_column, &evals, c, &halves)
                )?;
                let field = crate::backend::glv::from_halves::<B::Fr>(&halves);
                Ok((Randomizers { field, halves }, rli))
            },
        );
        // Errors in the order commitments, cells, proofs.
        let points = match points {
            Err(
                e @ Error::InvalidG1Point {
                    input: Input::Commitment,
                    ..
                },
            ) => return Err(e),
            points => points,
        };
        let (
            Randomizers {
                field: randomizers,
                halves,
            },
            rli,
        ) = cell_side?;
        let (unique_points, proofs) = points?;

        Ok(self.check_cell_batch(CellBatch {
            proofs: &proofs,
            columns: &columns,
            by_column: &by_column,
            randomizers: &randomizers,
            halves: &halves,
            unique_points: &unique_points,
            commitment_indices: &commitment_indices,
            rli,
        }))
    }

    /// The last steps of a cell batch verification: the two proof sums
    /// (one MSM each on two threads) beside the commitment MSM, then the
    /// pairing check.
    pub(super) fn check_cell_batch(&self, batch: CellBatch<'_, B>) -> bool {
        let CellBatch {
            proofs,
            columns,
            by_column,
            randomizers,
            halves,
            unique_points,
            commitment_indices,
            rli,
        } = batch;
        let (sums, rlc_minus_rli) = crate::par::join(
            || {
                phase!(
                    "proof sums",
                    self.proof_sums(proofs, columns, by_column, randomizers, halves)
                )
            },
            || {
                phase!(
                    "commitment MSM",
                    self.weighted_commitments_minus(
                        unique_points,
                        commitment_indices,
                        randomizers,
                        rli
                    )
                )
            },
        );
        // Spec: e(LL, [τ^64]₂) = e(RLC − RLI + RLP, [1]₂). For one column c,
        // RLP = h_c^64·LL, and by bilinearity the check is
        // e(LL, [τ^64]₂ − h_c^64·[1]₂)·e(RLI − RLC, [1]₂) = 1: the same
        // product in GT without the product h_c^64·LL.
        phase!(
            "pairing check",
            match sums {
                ProofSums::OneColumn { col, ll } => B::pairings_verify(&[
                    (ll, self.column_g2(col)),
                    (-rlc_minus_rli, &self.g2_generator),
                ]),
                ProofSums::General { ll, rlp } => {
                    let rl = rlc_minus_rli + rlp;
                    B::pairings_verify(&[(ll, &self.g2_tau_cell), (-rl, &self.g2_generator)])
                }
            }
        )
    }
}
