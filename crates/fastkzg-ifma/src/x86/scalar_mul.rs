//! Eight independent scalar multiplications `k_i·P_i` at once, for the
//! twiddle products of a G1 FFT stage.
//!
//! Each scalar is split by GLV as `k = k₁ + k₂·λ` (halves below `2^128`)
//! and `k·P = k₁·P + k₂·φ(P)`, `φ(x, y) = (β·x, y)`. Every lane builds the
//! sixteen points `a·P + b·φ(P)` (`0 ≤ a, b < 4`) and runs 64 steps of two
//! doublings and one addition of the entry picked by the next two bits of
//! `k₁` and `k₂`: 128 doublings and 64 additions per product, against
//! a one-at-a-time multiplication.

use core::arch::x86_64::*;

use crate::{G1Affine, G1Jacobian};

use super::fp::Fp8;
use super::xyzz::Xyzz8;

/// `φ` on eight XYZZ points: `(β·X, Y, ZZ, ZZZ)`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn endomorphism(p: &Xyzz8, beta: &Fp8) -> Xyzz8 {
    Xyzz8 {
        x: p.x.mul(beta),
        ..*p
    }
}

/// The table of one lane set: entry `a + 4b` of every lane, its four
/// coordinates limb-major (`[coordinate][8·limb + lane]`), and which lanes
/// hold the identity.
struct Table {
    coords: [[[u64; 64]; 4]; 16],
    inf: [u8; 16],
}

impl Table {
    #[target_feature(enable = "avx512f")]
    fn set(&mut self, entry: usize, p: &Xyzz8) {
        for (dst, c) in self.coords[entry]
            .iter_mut()
            .zip([&p.x, &p.y, &p.zz, &p.zzz])
        {
            c.store(dst);
        }
        self.inf[entry] = p.inf;
    }

    /// Lane `l` gets entry `entries[l]`.
    #[target_feature(enable = "avx512f")]
    fn pick(&self, entries: &[usize; 8]) -> Xyzz8 {
        // Index of limb 0 of coordinate 0 of each lane's entry, in u64s.
        let at: [i64; 8] = core::array::from_fn(|l| (entries[l] * 256 + l) as i64);
        // SAFETY: loads eight i64 from a live array.
        let at = unsafe { _mm512_loadu_si512(at.as_ptr().cast()) };
        let base = self.coords.as_ptr().cast::<u8>();
        let coordinate = |c: usize| {
            Fp8(core::array::from_fn(|k| {
                let idx = _mm512_add_epi64(at, _mm512_set1_epi64((c * 64 + k * 8) as i64));
                // SAFETY: entry·256 + c·64 + 8k + l < 16·256 indexes a u64
                // inside `coords`.
                unsafe { _mm512_i64gather_epi64::<8>(idx, base.cast()) }
            }))
        };
        let mut inf = 0u8;
        for (l, e) in entries.iter().enumerate() {
            inf |= (self.inf[*e] >> l & 1) << l;
        }
        Xyzz8 {
            x: coordinate(0),
            y: coordinate(1),
            zz: coordinate(2),
            zzz: coordinate(3),
            inf,
        }
    }
}

/// `k₁[i]·P_i + k₂[i]·φ(P_i)` for eight affine points (the identity
/// being all zeros).
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) unsafe fn mul_glv(
    points: &[G1Affine; 8],
    k1: &[u128; 8],
    k2: &[u128; 8],
    beta: &Fp8,
) -> [G1Jacobian; 8] {
    let (x, y) = Fp8::gather_affine(points);
    let mut p = Xyzz8::from_affine(&x, &y);
    p.inf = x.is_zero_mask() & y.is_zero_mask();
    let mut table = Table {
        coords: [[[0; 64]; 4]; 16],
        inf: [0xff; 16],
    };
    let p2 = p.double();
    let p3 = p2.add(&p);
    let multiples = [p, p2, p3];
    for (a, m) in multiples.iter().enumerate() {
        table.set(a + 1, m);
        table.set(4 * (a + 1), &endomorphism(m, beta));
    }
    for (a, m) in multiples.iter().enumerate() {
        for b in 1..4 {
            let phi = endomorphism(&multiples[b - 1], beta);
            table.set(a + 1 + 4 * b, &m.add(&phi));
        }
    }
    let mut acc = Xyzz8::identity();
    for step in (0..64).rev() {
        acc = acc.double().double();
        let entries: [usize; 8] = core::array::from_fn(|l| {
            let a = (k1[l] >> (2 * step)) & 3;
            let b = (k2[l] >> (2 * step)) & 3;
            (a + 4 * b) as usize
        });
        acc = acc.add(&table.pick(&entries));
    }
    acc.to_jacobian()
}
