//! The benchmark instrument of fastkzg.
//!
//! One definition of every measured case, used by the criterion benches
//! (`benches/api.rs`, `benches/setup.rs`, `benches/toolkit.rs`) and by the
//! report command (`cargo run --release -p fastkzg-bench --bin report --
//! --quick`), which measures fastkzg and its peers interleaved in one process
//! on identical inputs and writes `BENCHMARKS.md` and the charts in `docs/`.
//!
//! - [`cases`]: the Ethereum API and trusted-setup cases, and the libraries
//!   that run them (fastkzg on each backend, `c-kzg` 2.1.8, `rust_eth_kzg`
//!   0.10.0).
//! - [`toolkit`]: FFTs, DAS extension, MSMs, FK20, zero polynomials, erasure
//!   recovery (fastkzg only, generic over the backend).
//! - [`measure`]: the round-robin sampler and its statistics.
//! - [`memory`]: settings size and peak resident memory of a fresh process.
//! - [`report`], [`charts`]: `BENCHMARKS.md` and the plots.
//! - [`peers`]: adapters and thread control for the peer libraries.
//! - [`gopeer`]: the Go peer (go-eth-kzg), built from `go/` and run as a
//!   child process by the report on the same inputs.
//! - [`threads`]: running a job on 1 or 2 rayon threads (feature `parallel`).
//! - [`crit`]: glue for the criterion bench files.

use fastkzg::{Blob, Cell, KzgSettings, BYTES_PER_BLOB};
use rand::{RngCore, SeedableRng};

pub mod cases;
pub mod charts;
pub mod crit;
pub mod gopeer;
pub mod measure;
pub mod memory;
pub mod peers;
pub mod report;
pub mod threads;
pub mod toolkit;

/// The seed of the blobs every benchmark uses.
pub const BLOB_SEED: u64 = 2026;

/// The c-kzg-4844 text trusted setup shipped with fastkzg.
pub const TRUSTED_SETUP_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fastkzg/data/trusted_setup.txt"
);

/// The workspace root (where `BENCHMARKS.md` and `docs/` go).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")))
}

/// `n` random blobs of canonical field elements, from a fixed seed.
pub fn random_blobs(n: usize, seed: u64) -> Vec<Box<Blob>> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let mut b: Box<Blob> = vec![0u8; BYTES_PER_BLOB]
                .into_boxed_slice()
                .try_into()
                .expect("blob length");
            rng.fill_bytes(&mut b[..]);
            for chunk in b.chunks_mut(32) {
                chunk[0] &= 0x3f;
            }
            b
        })
        .collect()
}

/// A random canonical field element.
pub fn random_scalar(seed: u64) -> [u8; 32] {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut z = [0u8; 32];
    rng.fill_bytes(&mut z);
    z[0] &= 0x3f;
    z
}

/// Commitments, blob proofs, cells and cell proofs of `blobs` (computed with
/// fastkzg; every peer's warm-up run is checked against the same values by
/// the report).
pub struct Fixture {
    /// The blobs.
    pub blobs: Vec<Box<Blob>>,
    /// Their commitments.
    pub commitments: Vec<[u8; 48]>,
    /// Their blob proofs.
    pub proofs: Vec<[u8; 48]>,
    /// Their 128 cells each (empty without cells).
    pub cells: Vec<Vec<Cell>>,
    /// Their 128 cell proofs each (empty without cells).
    pub cell_proofs: Vec<Vec<[u8; 48]>>,
}

impl Fixture {
    /// Builds the fixture for `n` blobs (`with_cells` also computes cells)
    /// with the shared mainnet settings.
    pub fn new(n: usize, with_cells: bool) -> Self {
        Self::with_settings(fastkzg::mainnet(), n, with_cells)
    }

    /// Builds the fixture for `n` blobs with the given settings (a
    /// precompute level > 0 makes the cells faster to compute).
    pub fn with_settings(ks: &KzgSettings, n: usize, with_cells: bool) -> Self {
        let blobs = random_blobs(n, BLOB_SEED);
        let commitments: Vec<[u8; 48]> = blobs
            .iter()
            .map(|b| ks.blob_to_kzg_commitment(b).expect("valid blob"))
            .collect();
        let proofs = blobs
            .iter()
            .zip(&commitments)
            .map(|(b, c)| ks.compute_blob_kzg_proof(b, c).expect("valid blob"))
            .collect();
        let (cells, cell_proofs) = if with_cells {
            blobs
                .iter()
                .map(|b| {
                    let (c, p) = ks.compute_cells_and_kzg_proofs(b).expect("valid blob");
                    (c.to_vec(), p.to_vec())
                })
                .unzip()
        } else {
            (vec![], vec![])
        };
        Fixture {
            blobs,
            commitments,
            proofs,
            cells,
            cell_proofs,
        }
    }
}

impl Fixture {
    const MAGIC: &'static [u8; 8] = b"FKZGFIX1";

    /// Writes the fixture to a file (a private binary format, for handing it
    /// to another benchmark process).
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
        w.write_all(Self::MAGIC)?;
        w.write_all(&(self.blobs.len() as u32).to_le_bytes())?;
        w.write_all(&[u8::from(!self.cells.is_empty())])?;
        for i in 0..self.blobs.len() {
            w.write_all(&self.blobs[i][..])?;
            w.write_all(&self.commitments[i])?;
            w.write_all(&self.proofs[i])?;
            if let (Some(cells), Some(proofs)) = (self.cells.get(i), self.cell_proofs.get(i)) {
                for (c, p) in cells.iter().zip(proofs) {
                    w.write_all(c)?;
                    w.write_all(p)?;
                }
            }
        }
        w.flush()
    }

    /// Reads a fixture written by [`Fixture::save`].
    pub fn load(path: &std::path::Path) -> std::io::Result<Self> {
        use std::io::Read;
        let bad = |m: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, m.to_string());
        let mut r = std::io::BufReader::new(std::fs::File::open(path)?);
        let mut magic = [0u8; 8];
        r.read_exact(&mut magic)?;
        if &magic != Self::MAGIC {
            return Err(bad("not a fixture file"));
        }
        let mut n = [0u8; 4];
        r.read_exact(&mut n)?;
        let n = u32::from_le_bytes(n) as usize;
        let mut flag = [0u8; 1];
        r.read_exact(&mut flag)?;
        let mut fx = Fixture {
            blobs: Vec::with_capacity(n),
            commitments: Vec::with_capacity(n),
            proofs: Vec::with_capacity(n),
            cells: Vec::new(),
            cell_proofs: Vec::new(),
        };
        for _ in 0..n {
            let mut b: Box<Blob> = vec![0u8; BYTES_PER_BLOB]
                .into_boxed_slice()
                .try_into()
                .map_err(|_| bad("blob"))?;
            r.read_exact(&mut b[..])?;
            fx.blobs.push(b);
            let mut c = [0u8; 48];
            r.read_exact(&mut c)?;
            fx.commitments.push(c);
            r.read_exact(&mut c)?;
            fx.proofs.push(c);
            if flag[0] == 1 {
                let mut cells = Vec::with_capacity(128);
                let mut proofs = Vec::with_capacity(128);
                for _ in 0..128 {
                    let mut cell = [0u8; fastkzg::BYTES_PER_CELL];
                    r.read_exact(&mut cell)?;
                    r.read_exact(&mut c)?;
                    cells.push(cell);
                    proofs.push(c);
                }
                fx.cells.push(cells);
                fx.cell_proofs.push(proofs);
            }
        }
        Ok(fx)
    }
}

/// The settings at a precompute level (fastkzg, blst backend).
pub fn settings(precompute: usize) -> KzgSettings {
    KzgSettings::load_mainnet(precompute).expect("embedded setup")
}

/// Whether the benchmarks should take their quick path: `--quick` among the
/// arguments (as criterion's own flag) or `FASTKZG_BENCH_QUICK` set.
pub fn quick_mode() -> bool {
    std::env::args().any(|a| a == "--quick") || std::env::var_os("FASTKZG_BENCH_QUICK").is_some()
}
