//! Bucket MSMs with affine accumulators and one shared inversion per round
//! ("batch-affine" Pippenger), generic over the backend's base field.
//!
//! Adding an affine point to an affine accumulator costs one division; a
//! round of independent additions shares a single field inversion
//! (Montgomery's trick: three multiplications per element), so each
//! addition costs about 5M + 1S, against 7M + 4S (Jacobian) or 8M + 2S
//! (XYZZ) for a mixed projective addition. Additions are independent when
//! their targets differ; an addition into a target that is already queued in
//! the current round completes the round early when at least two thirds of
//! the targets are queued (small bucket sets, such as a 64-base fixed-base
//! MSM, never fill a round of 256; for its 128 buckets two thirds share each
//! inversion among about 50 additions, one third among 35: 6 % fewer
//! instructions), else waits for the next round, and one that
//! conflicts again is summed in projective form (so equal digits, all in one
//! bucket, cost no more than a projective bucket method).
//!
//! Many MSMs run in lock step (the 128 row MSMs of FK20, the windows of a
//! variable-base MSM): their bucket additions share rounds, and so do the
//! running sums that reduce the buckets, which are affine as well.
//!
//! Edge cases are handled in the addition itself: an accumulator that meets
//! its own negation becomes empty (the point at infinity), one that meets
//! itself is doubled, and points at infinity among the bases are skipped.
//!
//! The parts, one concept each: the accumulators and their rounds
//! (`accumulators.rs`), the reduction of buckets by running sums
//! (`reduce.rs`), signed digit sums (`digit_sums.rs`), tree sums of small
//! sets (`tree_sums.rs`), the recoding of scalars into windows
//! (`windows.rs`), the drivers of many MSMs split by GLV (`many.rs`) and
//! the MSMs over shifted layers of fixed bases (`shifted.rs`).

mod accumulators;
mod digit_sums;
mod many;
mod reduce;
mod shifted;
#[cfg(test)]
mod tests;
mod tree_sums;
mod windows;

pub(crate) use self::accumulators::{chord, chord_sum, prefix_products, Xy};
pub(crate) use self::digit_sums::{
    merged_bucket_sum, signed_digit_buckets, signed_digit_sum_in_range,
};
pub use self::digit_sums::{signed_digit_sum, signed_digit_sums, DigitInput};
pub(crate) use self::many::g1_msm_many_on;
pub use self::many::{g1_msm_many, MsmInput};
pub use self::shifted::{
    g1_msm_many_shifted, shifted_layers, ShiftedInput, SHIFT_BITS, SHIFT_LAYERS,
};
pub(crate) use self::tree_sums::{group_sums, sums_by_target, TargetTerm};
pub(crate) use self::windows::recode;
