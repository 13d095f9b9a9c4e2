//! Field and polynomial math, generic over the backend's scalar field:
//! roots of unity and evaluation domains, bit-reversal permutations, batch
//! inversion, FFTs over Fr and G1, dense polynomials, and evaluation of a
//! polynomial from its values on bit-reversed roots of unity (at a point,
//! or as a weighted sum of its coefficient chunks).

pub mod batch_inverse;
pub mod bit_reversal;
pub mod coeff_chunks;
pub mod das;
pub mod domain;
pub mod erasure;
pub mod fft;
pub mod fold_eval;
pub mod poly;
pub mod zero_poly;

pub use batch_inverse::batch_inverse;
pub use bit_reversal::{bit_reversal_permutation, bit_reversal_permutation_in_place, reverse_bits};
pub use domain::Domain;
pub use poly::Polynomial;
