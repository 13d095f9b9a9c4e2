//! AVX-512 IFMA kernels for BLS12-381: eight independent field operations
//! per instruction stream, one per 64-bit lane of the AVX-512 registers,
//! with the 52-bit multiply-add instructions (IFMA) doing the limb
//! products.
//!
//! A scalar library multiplies one field element at a time; a bucket
//! addition is a chain of about ten dependent multiplications, so its
//! speed is bound by their latency. Here eight independent chains run in
//! lock step. The kernels:
//!
//! - [`Engine::msm_signed_digits`]: `Σ d_i·P_i` for signed window digits
//!   (the bucket phase of a fixed-base MSM), and [`Engine::msm_u128`]:
//!   `Σ k_i·P_i` for scalars below `2^128` (the halves of a GLV split),
//!   eight bucket additions at a time in XYZZ coordinates;
//! - [`Engine::glv_mul_many`]: independent products `k₁·P + k₂·φ(P)`,
//!   eight at a time;
//! - [`Engine::in_g1`]: G1 subgroup checks, eight points at a time;
//! - [`Engine::fr_to_montgomery`]: canonical integers to Montgomery form,
//!   eight at a time;
//! - [`Engine::pair_fractions`]: the barycentric sum of a polynomial in
//!   evaluation form over roots in opposite pairs.
//!
//! The API is safe and takes plain data: Montgomery limbs ([`Fp`], [`Fr`])
//! and points made of them ([`G1Affine`], [`G1Jacobian`], blst's layout).
//! Inputs that break a documented precondition (an unreduced limb vector,
//! a point off the curve) give unspecified results, never undefined
//! behaviour.
//!
//! Every kernel is a method of [`Engine`], and the only way to get an
//! engine is [`engine`], which answers `None` on a CPU without AVX-512F
//! and AVX-512 IFMA, on every target other than x86-64, and when the
//! kernels are turned off ([`set_enabled`], or the environment variable
//! `FASTKZG_NO_IFMA=1`). So no kernel can run on a CPU that lacks the
//! instructions.
//!
//! ```
//! use fastkzg_ifma::{engine, Fr};
//!
//! // 1, 2, ..., 8 as plain integers, to Montgomery form where the CPU can.
//! let plain: [[u64; 4]; 8] = core::array::from_fn(|i| [i as u64 + 1, 0, 0, 0]);
//! if let Some(e) = engine() {
//!     let mont: [Fr; 8] = e.fr_to_montgomery(&plain);
//!     assert_ne!(mont[0], plain[0]);
//! }
//! ```

mod dispatch;
mod engine;
mod types;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use dispatch::{cpu_supported, engine, is_enabled, set_enabled, DISABLE_ENV};
pub use types::{Fp, Fr, G1Affine, G1Jacobian, G1Ops};

/// The cube root of unity `β` of Fp for which `φ(x, y) = (β·x, y)` is
/// multiplication by `λ = x² − 1` on G1 (`x` the BLS parameter), in
/// Montgomery form; as an integer,
/// `β = 0x1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac`.
pub const BETA: Fp = [
    0xcd03_c9e4_8671_f071,
    0x5dab_2246_1fcd_a5d2,
    0x5870_42af_d385_1b95,
    0x8eb6_0ebe_01ba_cb9e,
    0x03f9_7d6e_83d0_50d2,
    0x18f0_2065_5463_8741,
];

/// The kernels, on a CPU that has AVX-512F and AVX-512 IFMA. Only
/// [`engine`] hands one out, so holding a `&Engine` proves the CPU check
/// passed.
pub struct Engine {
    /// Private: no value can be made outside this crate. Off x86-64 the
    /// type is uninhabited.
    #[cfg(target_arch = "x86_64")]
    _cpu_checked: (),
    #[cfg(not(target_arch = "x86_64"))]
    never: core::convert::Infallible,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Engine(AVX-512 IFMA)")
    }
}

#[cfg(target_arch = "x86_64")]
impl Engine {
    /// Handed out by [`engine`] after the CPU check.
    const INSTANCE: Engine = Engine { _cpu_checked: () };
}
