//! Dense polynomials in coefficient (monomial) form, and evaluation-form
//! helpers.

use super::batch_inverse::batch_inverse;
use super::domain::Domain;
use super::fft;
use crate::backend::Scalar;
use crate::error::{Error, Input, Result};
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

/// A polynomial `Σ coeffs[i]·X^i`. Trailing zero coefficients are allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polynomial<F> {
    /// Coefficients, lowest degree first.
    pub coeffs: Vec<F>,
}

impl<F: Scalar> Polynomial<F> {
    /// Wraps a coefficient vector.
    pub fn new(coeffs: Vec<F>) -> Self {
        Polynomial { coeffs }
    }

    /// The zero polynomial.
    pub fn zero() -> Self {
        Polynomial { coeffs: Vec::new() }
    }

    /// The degree, or `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.iter().rposition(|c| !c.is_zero())
    }

    /// Evaluates at `x` by Horner's rule.
    pub fn evaluate(&self, x: &F) -> F {
        self.coeffs
            .iter()
            .rev()
            .fold(F::zero(), |acc, c| acc * *x + *c)
    }

    /// The sum of two polynomials.
    pub fn add(&self, other: &Self) -> Self {
        let n = self.coeffs.len().max(other.coeffs.len());
        let get = |p: &Self, i: usize| p.coeffs.get(i).copied().unwrap_or_else(F::zero);
        Polynomial::new((0..n).map(|i| get(self, i) + get(other, i)).collect())
    }

    /// The difference `self - other`.
    pub fn sub(&self, other: &Self) -> Self {
        let n = self.coeffs.len().max(other.coeffs.len());
        let get = |p: &Self, i: usize| p.coeffs.get(i).copied().unwrap_or_else(F::zero);
        Polynomial::new((0..n).map(|i| get(self, i) - get(other, i)).collect())
    }

    /// The product, by schoolbook multiplication (small operands).
    pub fn mul(&self, other: &Self) -> Self {
        if self.coeffs.is_empty() || other.coeffs.is_empty() {
            return Self::zero();
        }
        let mut out = vec![F::zero(); self.coeffs.len() + other.coeffs.len() - 1];
        for (i, a) in self.coeffs.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.coeffs.iter().enumerate() {
                out[i + j] += *a * *b;
            }
        }
        Polynomial::new(out)
    }

    /// The product, through FFTs of the next power-of-two size.
    pub fn mul_fft(&self, other: &Self) -> Result<Self> {
        if self.coeffs.is_empty() || other.coeffs.is_empty() {
            return Ok(Self::zero());
        }
        let len = self.coeffs.len() + other.coeffs.len() - 1;
        let n = len.next_power_of_two();
        let domain = Domain::<F>::new(n)?;
        let mut a = self.coeffs.clone();
        a.resize(n, F::zero());
        let mut b = other.coeffs.clone();
        b.resize(n, F::zero());
        fft::fft_in_place(&mut a, &domain)?;
        fft::fft_in_place(&mut b, &domain)?;
        for (x, y) in a.iter_mut().zip(&b) {
            *x *= *y;
        }
        fft::ifft_in_place(&mut a, &domain)?;
        a.truncate(len);
        Ok(Polynomial::new(a))
    }

    /// Divides by `X - z` (Ruffini's rule); returns the quotient and the
    /// remainder, which equals `self(z)`.
    pub fn divide_by_linear(&self, z: &F) -> (Self, F) {
        let n = self.coeffs.len();
        if n == 0 {
            return (Self::zero(), F::zero());
        }
        let mut q = vec![F::zero(); n - 1];
        let mut acc = F::zero();
        for i in (0..n).rev() {
            acc = acc * *z + self.coeffs[i];
            if i > 0 {
                q[i - 1] = acc;
            }
        }
        (Polynomial::new(q), acc)
    }

    /// Long division: returns `(q, r)` with `self = q·divisor + r` and
    /// `deg r < deg divisor` (spec `divide_polynomialcoeff`, plus the
    /// remainder). Fails on a zero divisor.
    pub fn div_rem(&self, divisor: &Self) -> Result<(Self, Self)> {
        let dd = divisor.degree().ok_or(Error::DivisionByZero)?;
        let lead_inv = divisor.coeffs[dd].inverse().ok_or(Error::DivisionByZero)?;
        let mut rem = self.coeffs.clone();
        let Some(nd) = self.degree() else {
            return Ok((Self::zero(), Self::zero()));
        };
        if nd < dd {
            return Ok((Self::zero(), self.clone()));
        }
        let mut q = vec![F::zero(); nd - dd + 1];
        for i in (0..=nd - dd).rev() {
            let c = rem[i + dd] * lead_inv;
            q[i] = c;
            if c.is_zero() {
                continue;
            }
            for (j, d) in divisor.coeffs[..=dd].iter().enumerate() {
                rem[i + j] -= c * *d;
            }
        }
        rem.truncate(dd);
        Ok((Polynomial::new(q), Polynomial::new(rem)))
    }

    /// The unique polynomial of degree `< xs.len()` through the points
    /// `(xs[i], ys[i])` (spec `interpolate_polynomialcoeff`), by Lagrange's
    /// formula in `O(n²)`. Fails on repeated `xs` or mismatched lengths.
    pub fn interpolate(xs: &[F], ys: &[F]) -> Result<Self> {
        if xs.len() != ys.len() {
            return Err(Error::LengthMismatch {
                inputs: &[Input::Point, Input::Value],
                lengths: vec![xs.len(), ys.len()],
            });
        }
        let mut result = vec![F::zero(); xs.len()];
        let full = super::zero_poly::zero_polynomial(xs);
        // Denominators Π_{j≠i}(x_i − x_j), inverted in one batch.
        let mut denoms: Vec<F> = xs
            .iter()
            .enumerate()
            .map(|(i, xi)| {
                xs.iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .fold(F::one(), |acc, (_, xj)| acc * (*xi - *xj))
            })
            .collect();
        batch_inverse(&mut denoms)?;
        for ((xi, yi), di) in xs.iter().zip(ys).zip(&denoms) {
            let (basis, _) = full.divide_by_linear(xi);
            let scale = *yi * *di;
            for (r, b) in result.iter_mut().zip(&basis.coeffs) {
                *r += scale * *b;
            }
        }
        Ok(Polynomial::new(result))
    }

    /// The coefficients of the polynomial whose values on `domain` (natural
    /// order) are `evals`.
    pub fn from_evaluations(evals: &[F], domain: &Domain<F>) -> Result<Self> {
        Ok(Polynomial::new(fft::ifft(evals, domain)?))
    }

    /// The values on the domain of size `n >= len` (zero-padded FFT).
    pub fn evaluate_on_domain(&self, domain: &Domain<F>) -> Result<Vec<F>> {
        let mut a = self.coeffs.clone();
        if a.len() > domain.size() {
            return Err(Error::InvalidSize(format!(
                "{} coefficients do not fit a domain of {}",
                a.len(),
                domain.size()
            )));
        }
        a.resize(domain.size(), F::zero());
        fft::fft_in_place(&mut a, domain)?;
        Ok(a)
    }
}

/// Evaluates a polynomial given by its values `evals[i]` at the points
/// `points[i]` (a multiplicative subgroup of size `n`, any order) at `z` with
/// the barycentric formula (spec `evaluate_polynomial_in_evaluation_form`):
/// `p(z) = (z^n − 1)/n · Σ evals[i]·ω_i/(z − ω_i)`, or `evals[i]` when
/// `z = ω_i`.
pub fn evaluate_in_evaluation_form<F: Scalar>(evals: &[F], points: &[F], z: &F) -> Result<F> {
    let n = evals.len();
    if n != points.len() || !n.is_power_of_two() {
        return Err(Error::InvalidSize(format!(
            "{n} evaluations over {} points",
            points.len()
        )));
    }
    let mut denoms: Vec<F> = points.iter().map(|w| *z - *w).collect();
    if let Some(i) = denoms.iter().position(|d| d.is_zero()) {
        return Ok(evals[i]);
    }
    batch_inverse(&mut denoms)?;
    let sum = evals
        .iter()
        .zip(points)
        .zip(&denoms)
        .fold(F::zero(), |acc, ((e, w), d)| acc + *e * *w * *d);
    let zn_minus_one = z.pow(&[n as u64]) - F::one();
    let n_inv = F::from_u64(n as u64)
        .inverse()
        .ok_or(Error::DivisionByZero)?;
    Ok(sum * zn_minus_one * n_inv)
}
