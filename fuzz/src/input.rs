//! From fuzzer bytes to arguments: positional reads (the seed shape) and
//! fixture mutations chosen by the bytes (the crafted shape).

use arbitrary::Unstructured;
use fastkzg::{Blob, Cell, BYTES_PER_BLOB, BYTES_PER_CELL};

use crate::fixture::{Fixture, MODULUS};

/// The two input shapes; see the crate documentation.
pub enum Shape<'a> {
    /// Arguments read one after the other.
    Raw(Reader<'a>),
    /// Mutations of the fixture chosen by the bytes.
    Crafted(Unstructured<'a>),
}

/// Splits off the shape byte.
pub fn shape(data: &[u8]) -> Shape<'_> {
    match data.split_first() {
        Some((b, rest)) if *b >= 0x80 => Shape::Crafted(Unstructured::new(rest)),
        Some((_, rest)) => Shape::Raw(Reader(rest)),
        None => Shape::Raw(Reader(&[])),
    }
}

/// Positional reads, zero-filled past the end of the input.
pub struct Reader<'a>(pub &'a [u8]);

impl Reader<'_> {
    /// The next `N` bytes.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let n = self.0.len().min(N);
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }

    /// The next blob.
    pub fn blob(&mut self) -> Box<Blob> {
        let mut out = vec![0u8; BYTES_PER_BLOB];
        let n = self.0.len().min(BYTES_PER_BLOB);
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out.into_boxed_slice().try_into().expect("blob length")
    }

    /// A count: one byte.
    pub fn count(&mut self) -> usize {
        self.array::<1>()[0] as usize
    }

    /// A little-endian u64.
    pub fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.array())
    }
}

/// A field element: the valid one given, or one of the edge values.
pub fn field(u: &mut Unstructured, valid: [u8; 32]) -> [u8; 32] {
    let mut r_plus = MODULUS;
    r_plus[31] += 1;
    let mut r_minus = MODULUS;
    r_minus[31] -= 1;
    match u.int_in_range(0..=9u8).unwrap_or(0) {
        0 | 1 => valid,
        2 => MODULUS,
        3 => r_minus,
        4 => r_plus,
        5 => [0xff; 32],
        6 => [0; 32],
        7 => {
            let mut v = valid;
            v[0] |= 0x80;
            v
        }
        _ => u.arbitrary().unwrap_or(valid),
    }
}

/// A compressed G1 encoding: the valid one given, another valid point, or
/// one of the malformed shapes.
pub fn point(u: &mut Unstructured, valid: [u8; 48], fx: &Fixture) -> [u8; 48] {
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    match u.int_in_range(0..=12u8).unwrap_or(0) {
        0..=2 => valid,
        3 => fx.commitments[1],
        4 => fx.cell_proofs[0][5],
        5 => {
            // The negated point (sign flag flipped).
            let mut v = valid;
            v[0] ^= 0x20;
            v
        }
        6 => infinity,
        7 => {
            // Infinity with a stray bit.
            let mut v = infinity;
            let i = u.int_in_range(0..=47usize).unwrap_or(47);
            v[i] |= if i == 0 { 0x20 } else { 1 };
            v
        }
        8 => {
            // Compression flag cleared, or the infinity flag on a point.
            let mut v = valid;
            v[0] ^= if u.arbitrary().unwrap_or(false) {
                0x80
            } else {
                0x40
            };
            v
        }
        9 => fx.off_curve,
        10 => fx.not_in_subgroup,
        11 => {
            // x ≥ p.
            let mut v = [0xff; 48];
            v[0] = 0x9f;
            v
        }
        _ => {
            let mut v = valid;
            let i = u.int_in_range(0..=47usize).unwrap_or(47);
            v[i] ^= 1 << u.int_in_range(0..=7u8).unwrap_or(0);
            v
        }
    }
}

/// A fixture blob with up to three elements replaced by edge values.
pub fn blob(u: &mut Unstructured, fx: &Fixture) -> Box<Blob> {
    let mut b = fx.blobs[u.int_in_range(0..=1usize).unwrap_or(0)].clone();
    for _ in 0..u.int_in_range(0..=3u8).unwrap_or(0) {
        let i = u.int_in_range(0..=4095usize).unwrap_or(0) * 32;
        let mut old = [0u8; 32];
        old.copy_from_slice(&b[i..i + 32]);
        b[i..i + 32].copy_from_slice(&field(u, old));
    }
    b
}

/// A cell with up to two elements replaced by edge values.
pub fn cell(u: &mut Unstructured, valid: &Cell) -> Cell {
    let mut c = *valid;
    for _ in 0..u.int_in_range(0..=2u8).unwrap_or(0) {
        let i = u.int_in_range(0..=63usize).unwrap_or(0) * 32;
        let mut old = [0u8; 32];
        old.copy_from_slice(&c[i..i + 32]);
        c[i..i + 32].copy_from_slice(&field(u, old));
    }
    c
}

/// A list of cell indices for recovery or verification: a valid-looking
/// set of `n` distinct indices in some order, then possibly duplicated, out
/// of range, or shortened.
pub fn cell_indices(u: &mut Unstructured, n: usize) -> Vec<u64> {
    let mut all: Vec<u64> = (0..128).collect();
    // A partial Fisher–Yates shuffle driven by the input.
    for i in 0..n.min(128) {
        let j = u.int_in_range(i..=127usize).unwrap_or(i);
        all.swap(i, j);
    }
    let mut idx: Vec<u64> = all[..n.min(128)].to_vec();
    if u.arbitrary().unwrap_or(false) {
        idx.sort_unstable();
    }
    match u.int_in_range(0..=7u8).unwrap_or(0) {
        0 if idx.len() > 1 => idx[1] = idx[0],
        1 if !idx.is_empty() => {
            let last = idx.len() - 1;
            idx[last] = [128, 1000, u64::MAX][u.int_in_range(0..=2usize).unwrap_or(0)];
        }
        2 if !idx.is_empty() => {
            idx.pop();
        }
        _ => {}
    }
    idx
}

/// Pads or cuts a byte vector to a cell.
pub fn to_cell(bytes: &[u8]) -> Cell {
    let mut c = [0u8; BYTES_PER_CELL];
    let n = bytes.len().min(BYTES_PER_CELL);
    c[..n].copy_from_slice(&bytes[..n]);
    c
}
