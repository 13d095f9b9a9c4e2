//! FK20 amortised proofs (Feist–Khovratovich, "Fast amortized KZG proofs").
//!
//! For a polynomial `f` of `n` coefficients split into `r = n/l` blocks of
//! `l`, the quotient of `f` by `X^l − c` commits to `Σ_s c^s·H_s`, where the
//! `H_s` (`s < r−1`) depend only on `f` and the setup:
//! `H_s = Σ_{j<l} Σ_{d} f_{(s+1+d)l+j}·[τ^{dl+j}]`. For each offset `j` this
//! is a Toeplitz matrix–vector product, computed as a circulant product of
//! size `2r` with FFTs: the G1 side (`FFT_{2r}` of `[τ^{dl+j}]₁`) is
//! precomputed, the scalar side is `l` small Fr FFTs, the pointwise products
//! are `2r` multi-scalar multiplications of `l` points, and one G1 inverse
//! FFT gives the `H_s`. Evaluating `H(Y) = Σ H_s Y^s` at all `2r`-th roots of
//! unity with one more G1 FFT yields the proofs for all `2r` cosets
//! `{x : x^l = ω_{2r}^k}` at once. With `l = 1` these are single-point proofs
//! for all points of the domain of size `2n`.

use super::srs::Srs;
use crate::backend::{Backend, Module, Scalar};
use crate::error::{Error, Result};
use crate::math::{fft, Domain};
use crate::msm::dispatch::{many_msms, ManyMsms};
use crate::msm::{batch_affine, FixedBaseMsm, SubsetSumMsm};
use crate::par::Ranges;
use crate::trace::phase;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

/// Precomputed FK20 data for polynomials of `n` coefficients and cosets of
/// size `l`.
pub struct Fk20<B: Backend> {
    n: usize,
    l: usize,
    domain: Domain<B::Fr>,
    /// Row `k < 2r` holds `FFT_{2r}([τ^{dl+j}]₁)[k]` for every `j < l`.
    rows: Vec<Vec<B::G1Affine>>,
    /// Optional fixed-base tables, one per row.
    tables: Option<Vec<FixedBaseMsm<B>>>,
    /// Optional tables of signed subset sums, one per row (used instead of
    /// `tables` when both are built).
    subset_tables: Option<Vec<SubsetSumMsm<B>>>,
    /// Without tables: per row, the shifted layers `2^(32j)·P` (`j = 1, 2, 3`)
    /// of its points for [`batch_affine::g1_msm_many_shifted`], built on
    /// first use.
    shifted: crate::par::Lazy<Vec<Vec<Vec<B::G1Affine>>>>,
}

impl<B: Backend> core::fmt::Debug for Fk20<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Fk20")
            .field("n", &self.n)
            .field("l", &self.l)
            .field("tables", &self.tables.is_some())
            .field("subset_tables", &self.subset_tables.is_some())
            .finish()
    }
}

impl<B: Backend> Fk20<B> {
    /// Precomputes FK20 for `n` coefficients and cosets of size `l` (both
    /// powers of two, `l < n`, and the SRS must have `n` G1 powers).
    /// `table_window` > 0 also builds fixed-base tables with that window
    /// (memory: `2n/l · l · L(w)` affine points, `L(w)` the signed digits of
    /// a scalar: `⌈256/w⌉` for `w` = 8 or 16, else `⌈257/w⌉`).
    ///
    /// ```
    /// use fastkzg::backend::{Backend, Scalar};
    /// use fastkzg::kzg::{Fk20, Srs};
    /// use fastkzg::math::{Domain, Polynomial};
    /// use fastkzg::Blst;
    /// type Fr = <Blst as Backend>::Fr;
    ///
    /// // 16 coefficients, cosets of 4 points: 8 proofs at once.
    /// let (n, l) = (16, 4);
    /// let srs = Srs::<Blst>::insecure_from_secret(&Fr::from_u64(5), n, l + 1);
    /// let coeffs: Vec<Fr> = (1..=n as u64).map(Fr::from_u64).collect();
    /// let proofs = Fk20::new(&srs, n, l, 0).unwrap().multi_proofs(&coeffs).unwrap();
    /// assert_eq!(proofs.len(), 2 * n / l);
    /// // Proof k is the multi-point opening on {x : x^l = ω_8^k}.
    /// let poly = Polynomial::new(coeffs);
    /// let commitment = srs.commit(&poly).unwrap();
    /// let (w8, w32) = (Domain::<Fr>::new(8).unwrap(), Domain::<Fr>::new(32).unwrap());
    /// for k in [0, 3] {
    ///     // The 4 points of coset k: ω_32^k · (4th roots of unity).
    ///     let points: Vec<Fr> = (0..l).map(|j| w32.root(k) * w32.root(8 * j)).collect();
    ///     assert!(points.iter().all(|x| x.pow(&[l as u64]) == w8.root(k)));
    ///     let values: Vec<Fr> = points.iter().map(|x| poly.evaluate(x)).collect();
    ///     assert!(srs.verify_multi(&commitment, &points, &values, &proofs[k]).unwrap());
    /// }
    /// ```
    pub fn new(srs: &Srs<B>, n: usize, l: usize, table_window: usize) -> Result<Self> {
        if !n.is_power_of_two() || !l.is_power_of_two() || l >= n || srs.g1.len() < n {
            return Err(Error::InvalidSize(format!(
                "FK20 needs powers of two l < n <= SRS size; got n = {n}, l = {l}, SRS {}",
                srs.g1.len()
            )));
        }
        let r = n / l;
        let domain = Domain::<B::Fr>::new(2 * r)?;
        let columns: Vec<Vec<B::G1>> = crate::par::try_map_collect(l, |j| {
            let mut x = vec![B::G1::zero(); 2 * r];
            for (d, slot) in x.iter_mut().enumerate().take(r - 1) {
                *slot = B::g1_from_affine(&srs.g1[d * l + j]);
            }
            fft::fft_in_place(&mut x, &domain)?;
            Ok::<_, Error>(x)
        })?;
        let rows = crate::par::map_collect(2 * r, |k| {
            let row: Vec<B::G1> = columns.iter().map(|c| c[k]).collect();
            B::g1_batch_to_affine(&row)
        });
        Self::from_rows(n, l, rows, table_window)
    }

    /// FK20 data from precomputed rows (as returned by [`Fk20::rows`] for
    /// the same `n` and `l`), e.g. an embedded copy for a known setup.
    /// `table_window` as in [`Fk20::new`].
    pub fn from_rows(
        n: usize,
        l: usize,
        rows: Vec<Vec<B::G1Affine>>,
        table_window: usize,
    ) -> Result<Self> {
        if !n.is_power_of_two() || !l.is_power_of_two() || l >= n {
            return Err(Error::InvalidSize(format!(
                "FK20 needs powers of two l < n; got n = {n}, l = {l}"
            )));
        }
        let r = n / l;
        if rows.len() != 2 * r || rows.iter().any(|row| row.len() != l) {
            return Err(Error::InvalidSize(format!(
                "FK20 for n = {n}, l = {l} needs {} rows of {l} points",
                2 * r
            )));
        }
        let mut fk = Fk20 {
            n,
            l,
            domain: Domain::<B::Fr>::new(2 * r)?,
            rows,
            tables: None,
            subset_tables: None,
            shifted: crate::par::Lazy::new(),
        };
        if table_window > 0 {
            fk.build_tables(table_window);
        }
        Ok(fk)
    }

    /// The precomputed rows: row `k < 2r` holds `FFT_{2r}([τ^{dl+j}]₁)[k]`
    /// for every `j < l`.
    pub fn rows(&self) -> &[Vec<B::G1Affine>] {
        &self.rows
    }

    /// Builds the fixed-base tables (if not built yet).
    pub fn build_tables(&mut self, window: usize) {
        if self.tables.is_none() {
            self.tables = Some(
                self.rows
                    .iter()
                    .map(|row| FixedBaseMsm::new(row, window))
                    .collect(),
            );
        }
    }

    /// Builds tables of signed subset sums for the row MSMs (if not built
    /// yet): one layer of 256 digits, `⌈l/group⌉` windows of at most
    /// `group` points, as even as possible ([`SubsetSumMsm`]; `1 ≤ group ≤
    /// 16`, other values are clamped), a window of `s` points holding
    /// `2^(s−1)` affine points. The row MSMs then run over these tables in
    /// lock step ([`SubsetSumMsm::msm_many`]): for rows of 64 points and
    /// `group = 10` (7 windows of 9 or 10 points, 2048 entries per row,
    /// 24 MiB with blst for 128 rows), 1536 batch-affine additions and 256
    /// double-and-add steps per row, about 12.0 k field multiplications,
    /// against 13.8 k for the 2048 + 256 additions over a window-8 table of
    /// [`FixedBaseMsm`] of the same size.
    pub fn build_subset_sum_tables(&mut self, group: usize) {
        if self.subset_tables.is_none() {
            let rows = &self.rows;
            self.subset_tables = Some(crate::par::map_collect(rows.len(), |k| {
                crate::par::run_serial(|| SubsetSumMsm::new(&rows[k], 1, group))
            }));
        }
    }

    /// The shifted layers of every row (built on first use).
    fn shifted(&self) -> &Vec<Vec<Vec<B::G1Affine>>> {
        crate::par::get_or_build(&self.shifted, || {
            crate::par::map_collect(self.rows.len(), |k| {
                batch_affine::shifted_layers::<B>(&self.rows[k])
            })
        })
    }

    /// Builds what the row MSMs of this CPU use on first use: the shifted
    /// layers when there are no tables of either kind and the row MSMs run
    /// in lock step ([`many_msms`]).
    pub fn warm_up(&self) {
        if self.tables.is_none()
            && self.subset_tables.is_none()
            && many_msms::<B>() == ManyMsms::LockStep
        {
            let _ = self.shifted();
        }
    }

    /// Bytes held by the precomputed rows, tables and shifted layers.
    pub fn memory_bytes(&self) -> usize {
        let point = core::mem::size_of::<B::G1Affine>();
        let rows: usize = self.rows.iter().map(|r| r.len()).sum::<usize>() * point;
        let shifted: usize = self.shifted.get().map_or(0, |s| {
            s.iter()
                .flat_map(|layers| layers.iter())
                .map(|l| l.len() * point)
                .sum()
        });
        rows + shifted
            + self
                .tables
                .as_ref()
                .map_or(0, |t| t.iter().map(FixedBaseMsm::memory_bytes).sum())
            + self
                .subset_tables
                .as_ref()
                .map_or(0, |t| t.iter().map(SubsetSumMsm::memory_bytes).sum())
    }

    /// The commitments `H_0..H_{r−2}` followed by zeros (length `2r`).
    pub fn h_commitments(&self, coeffs: &[B::Fr]) -> Result<Vec<B::G1>> {
        if coeffs.len() != self.n {
            return Err(Error::InvalidSize(format!(
                "FK20 expects {} coefficients, got {}",
                self.n,
                coeffs.len()
            )));
        }
        let (l, r) = (self.l, self.n / self.l);
        // Scalar side: per offset j, b_j[u] = f[(r−1−u)l + j], FFT, with the
        // 1/(2r) of the later G1 inverse FFT folded in.
        let scale = B::Fr::from_u64(2 * r as u64)
            .inverse()
            .ok_or(Error::DivisionByZero)?;
        let b_hat: Vec<Vec<B::Fr>> = phase!(
            "fk20 scalar FFTs",
            crate::par::try_map_collect(l, |j| {
                let mut b = vec![B::Fr::zero(); 2 * r];
                for (u, slot) in b.iter_mut().enumerate().take(r) {
                    *slot = coeffs[(r - 1 - u) * l + j] * scale;
                }
                fft::fft_in_place(&mut b, &self.domain)?;
                Ok::<_, Error>(b)
            })
        )?;
        // Pointwise: one l-point MSM per row; with subset-sum tables or
        // without a backend kernel, the rows of each thread's share run in
        // lock step (batch-affine).
        let row_scalars: Vec<Vec<B::Fr>> = (0..2 * r)
            .map(|k| b_hat.iter().map(|b| b[k]).collect())
            .collect();
        let mut h_hat: Vec<B::G1> = phase!(
            "fk20 row MSMs",
            if many_msms::<B>() == ManyMsms::EachOnKernel && self.subset_tables.is_none() {
                crate::par::map_collect(2 * r, |k| match &self.tables {
                    Some(t) => t[k].msm(&row_scalars[k]),
                    None => crate::msm::g1_msm::<B>(&self.rows[k], &row_scalars[k]),
                })
            } else {
                // One share of the rows per thread.
                Ranges::into_parts(2 * r, crate::par::threads())
                    .map(|rows| match (&self.subset_tables, &self.tables) {
                        (Some(t), _) => {
                            SubsetSumMsm::msm_many(&t[rows.clone()], &row_scalars[rows])
                        }
                        (None, Some(t)) => {
                            FixedBaseMsm::msm_many(&t[rows.clone()], &row_scalars[rows])
                        }
                        (None, None) => {
                            let shifted = self.shifted();
                            let msms: Vec<batch_affine::ShiftedInput<'_, B>> = rows
                                .map(|k| (&self.rows[k][..], &shifted[k][..], &row_scalars[k][..]))
                                .collect();
                            batch_affine::g1_msm_many_shifted::<B>(&msms)
                        }
                    })
                    .concat()
            }
        );
        phase!(
            "fk20 G1 inverse FFT",
            fft::g1_ifft_in_place_unscaled_parallel::<B>(&mut h_hat, &self.domain)
        )?;
        // H_s = conv[r−2−s]; the rest is zero.
        let mut h = vec![B::G1::zero(); 2 * r];
        for s in 0..r - 1 {
            h[s] = h_hat[r - 2 - s];
        }
        Ok(h)
    }

    /// Multi-point proofs for the `2r` cosets `{x : x^l = ω_{2r}^k}`, in natural
    /// order of `k`: proof `k` opens `f` on that coset (the quotient by
    /// `X^l − ω_{2r}^k`).
    pub fn multi_proofs(&self, coeffs: &[B::Fr]) -> Result<Vec<B::G1>> {
        let mut h = self.h_commitments(coeffs)?;
        phase!(
            "fk20 G1 FFT",
            fft::g1_fft_in_place_parallel::<B>(&mut h, &self.domain)
        )?;
        Ok(h)
    }
}
