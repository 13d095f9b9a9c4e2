//! The kernels as methods of [`Engine`]: safe, on plain data.

#[cfg(target_arch = "x86_64")]
use crate::x86;
use crate::{Engine, Fr, G1Affine, G1Jacobian, G1Ops};

/// Runs a kernel on x86-64; elsewhere no `Engine` can exist.
macro_rules! kernel {
    ($self:ident, $call:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            $call
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            match $self.never {}
        }
    }};
}

#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
impl Engine {
    /// `Σ d_i·points[i]`, where every `digits[i]` is a signed
    /// `window`-bit digit in two's complement
    /// (`−2^(window−1) ≤ d_i < 2^(window−1)`; bits above `window` are
    /// ignored): the bucket method with eight bucket additions at a time.
    /// Entries beyond the shorter slice are ignored; points may be the
    /// identity. `None` unless `2 ≤ window ≤ 16`.
    ///
    /// The points must be on the curve with fully reduced coordinates.
    /// `ops` joins the eight lanes' results (about 25 operations).
    pub fn msm_signed_digits(
        &self,
        points: &[G1Affine],
        digits: &[u16],
        window: usize,
        ops: &impl G1Ops,
    ) -> Option<G1Jacobian> {
        kernel!(
            self,
            x86::msm_signed_digits(self, points, digits, window, ops)
        )
    }

    /// `Σ k_i·points[i]` for scalars below `2^128` (the halves of a GLV
    /// split): Pippenger's method, all windows sharing one eight-lane
    /// bucket phase. Entries beyond the shorter slice are ignored; points
    /// may be the identity.
    ///
    /// The points must be on the curve with fully reduced coordinates.
    /// `ops` joins the window sums (Horner: one doubling per scalar bit,
    /// one addition per window).
    pub fn msm_u128(&self, points: &[G1Affine], scalars: &[u128], ops: &impl G1Ops) -> G1Jacobian {
        kernel!(self, x86::msm_u128(self, points, scalars, ops))
    }

    /// `k₁·points[i] + k₂·φ(points[i])` for `(k₁, k₂) = halves[i]`, where
    /// `φ(x, y) = (β·x, y)` ([`crate::BETA`]); for points of G1 this is
    /// `(k₁ + k₂·λ)·P`, `λ = x² − 1` for the BLS parameter `x`. Eight
    /// products at a time, each by 64 steps of two doublings and one
    /// addition from a 16-entry table. Entries beyond the shorter slice
    /// are ignored; points may be the identity.
    ///
    /// The points must be on the curve with fully reduced coordinates.
    pub fn glv_mul_many(&self, points: &[G1Affine], halves: &[(u128, u128)]) -> Vec<G1Jacobian> {
        kernel!(self, x86::glv_mul_many(self, points, halves))
    }

    /// Whether each point is in G1, eight points at a time (the check
    /// `P + [x²]·φ(P) = O`, Scott, ePrint 2021/1130). The identity is in
    /// G1.
    ///
    /// The points must be on the curve with fully reduced coordinates
    /// (the check assumes the curve equation holds).
    pub fn in_g1(&self, points: &[G1Affine]) -> Vec<bool> {
        kernel!(self, x86::in_g1(self, points))
    }

    /// The Montgomery form ([`Fr`]) of eight plain integers below `r`,
    /// given as little-endian 64-bit words.
    pub fn fr_to_montgomery(&self, plain: &[[u64; 4]; 8]) -> [Fr; 8] {
        kernel!(self, x86::fr_to_montgomery(self, plain))
    }

    /// The barycentric sum of a polynomial in evaluation form over roots
    /// that come in opposite pairs, as eight fractions `(nums[l],
    /// dens[l])` whose sum `Σ_l nums[l]/dens[l]` is
    /// `Σ_k w_k·(z·(a_k − b_k) + w_k·(a_k + b_k)) / (z² − w_k²)`, with
    /// `a_k = evals[2k]` (at `w_k = roots[2k]`), `b_k = evals[2k + 1]`
    /// (at `−w_k`) and `roots_sq[k] = w_k²`: this is
    /// `Σ_i evals[i]·roots[i]/(z − roots[i])`. Lane `l` sums the pairs
    /// `k ≡ l (mod 8)`. `roots[2k + 1]` is not read.
    ///
    /// `None` unless the number of pairs `roots_sq.len()` is a positive
    /// multiple of 8 and `evals` and `roots` hold two elements per pair.
    /// If `z` is one of the roots, a denominator is zero.
    pub fn pair_fractions(
        &self,
        evals: &[Fr],
        roots: &[Fr],
        roots_sq: &[Fr],
        z: &Fr,
    ) -> Option<([Fr; 8], [Fr; 8])> {
        kernel!(self, x86::pair_fractions(self, evals, roots, roots_sq, z))
    }
}
