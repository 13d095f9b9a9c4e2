//! The benchmark instrument of fastkzg.
//!
//! The report (`cargo run --release -p fastkzg-bench --bin report --
//! --quick`) measures fastkzg and its peers interleaved in one process on
//! identical inputs and writes `BENCHMARKS.md` and
//! `docs/bench-results.tsv`; the criterion bench `benches/toolkit.rs`
//! covers the toolkit. Modules: [`cases`] (the case table and the
//! libraries), [`measure`] (the sampler), [`report`] and [`markdown`] (the
//! report and its outputs), [`cabi`] (fastkzg's C ABI),
//! [`gopeer`] (go-eth-kzg), [`memory`], [`toolkit`] (FFTs, MSMs, FK20,
//! recovery; fastkzg only), [`peers`] and [`threads`] (plumbing).

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use fastkzg::{Blob, Bytes32, Bytes48, Cell, KzgSettings, BYTES_PER_BLOB, BYTES_PER_CELL};
use rand::{RngCore, SeedableRng};

pub mod cabi;
pub mod cases;
pub mod gopeer;
pub mod markdown;
pub mod measure;
pub mod memory;
pub mod peers;
pub mod report;
pub mod threads;
pub mod toolkit;

/// Runs `$body` once per fastkzg backend compiled in, with `$B` naming it:
/// blst always, each other backend behind the bench crate's feature of the
/// same name (the one list of backends of the report and the benches).
#[macro_export]
macro_rules! each_backend {
    (|$B:ident| $body:expr) => {{
        { type $B = fastkzg::Blst; $body; }
        $crate::each_backend!(@ $B, $body, "arkworks" Arkworks, "zkcrypto" Zkcrypto, "mcl" Mcl);
    }};
    (@ $B:ident, $body:expr, $($f:literal $t:ident),*) => {$(
        #[cfg(feature = $f)]
        { type $B = fastkzg::$t; $body; }
    )*};
}

/// The seed of the blobs every benchmark uses.
pub const BLOB_SEED: u64 = 2026;

/// The c-kzg-4844 text trusted setup shipped with fastkzg.
pub const TRUSTED_SETUP_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fastkzg/data/trusted_setup.txt"
);

/// The workspace root (where `BENCHMARKS.md` and `docs/` go).
pub fn workspace_root() -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// `n` random blobs of canonical field elements, from a fixed seed.
pub fn random_blobs(n: usize, seed: u64) -> Vec<Box<Blob>> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let blob = |_| {
        let mut b = Box::new([0u8; BYTES_PER_BLOB]);
        rng.fill_bytes(&mut b[..]);
        b.chunks_mut(32).for_each(|c| c[0] &= 0x3f);
        b
    };
    (0..n).map(blob).collect()
}

/// Blobs with everything computed from them (by fastkzg; every library's
/// warm-up result is checked against these).
pub struct Fixture {
    /// The blobs.
    pub blobs: Vec<Box<Blob>>,
    /// Their commitments.
    pub commitments: Vec<Bytes48>,
    /// Their blob proofs.
    pub proofs: Vec<Bytes48>,
    /// Their 128 cells each.
    pub cells: Vec<Vec<Cell>>,
    /// Their 128 cell proofs each.
    pub cell_proofs: Vec<Vec<Bytes48>>,
    /// The point of `compute_kzg_proof` / `verify_kzg_proof`.
    pub z: Bytes32,
    /// Blob 0's value at `z`.
    pub y: Bytes32,
    /// Blob 0's proof at `z`.
    pub kzg_proof: Bytes48,
}

const MAGIC: &[u8; 8] = b"FKZGFIX2";

impl Fixture {
    /// The fixture of `n` random blobs (a precompute level > 0 makes the
    /// cells faster to compute).
    pub fn new(ks: &KzgSettings, n: usize) -> Self {
        let mut fx = Fixture::zeroed(0);
        for b in random_blobs(n, BLOB_SEED) {
            let c = ks.blob_to_kzg_commitment(&b).expect("valid blob");
            fx.proofs
                .push(ks.compute_blob_kzg_proof(&b, &c).expect("valid blob"));
            let (cells, proofs) = ks.compute_cells_and_kzg_proofs(&b).expect("valid blob");
            fx.cells.push(cells.to_vec());
            fx.cell_proofs.push(proofs.to_vec());
            fx.commitments.push(c);
            fx.blobs.push(b);
        }
        // z: the first field element of another random blob.
        fx.z.copy_from_slice(&random_blobs(1, 1)[0][..32]);
        let proof_y = ks.compute_kzg_proof(&fx.blobs[0], &fx.z);
        (fx.kzg_proof, fx.y) = proof_y.expect("valid blob");
        fx
    }

    /// `n` blobs with everything zero.
    fn zeroed(n: usize) -> Self {
        Fixture {
            blobs: vec![Box::new([0; BYTES_PER_BLOB]); n],
            commitments: vec![[0; 48]; n],
            proofs: vec![[0; 48]; n],
            cells: vec![vec![[0; BYTES_PER_CELL]; 128]; n],
            cell_proofs: vec![vec![[0; 48]; 128]; n],
            z: [0; 32],
            y: [0; 32],
            kzg_proof: [0; 48],
        }
    }

    /// Passes every byte array of the file format to `f`, in file order:
    /// per blob the blob, commitment, proof and 128 × (cell, cell proof),
    /// then z, y and the proof at z.
    fn fields(&mut self, mut f: impl FnMut(&mut [u8]) -> io::Result<()>) -> io::Result<()> {
        for i in 0..self.blobs.len() {
            f(&mut self.blobs[i][..])?;
            f(&mut self.commitments[i])?;
            f(&mut self.proofs[i])?;
            for (c, p) in self.cells[i].iter_mut().zip(&mut self.cell_proofs[i]) {
                f(c)?;
                f(p)?;
            }
        }
        f(&mut self.z)?;
        f(&mut self.y)?;
        f(&mut self.kzg_proof)
    }

    /// Writes the fixture (for the report's child processes and the Go
    /// peer, whose `go/input.go` reads the same format): magic, u32 blob
    /// count, then the byte arrays in `Fixture::fields` order.
    pub fn save(mut self, path: &Path) -> io::Result<()> {
        let mut w = io::BufWriter::new(std::fs::File::create(path)?);
        w.write_all(MAGIC)?;
        w.write_all(&(self.blobs.len() as u32).to_le_bytes())?;
        self.fields(|b| w.write_all(b))?;
        w.flush()
    }

    /// Reads a fixture written by [`Fixture::save`].
    pub fn load(path: &Path) -> io::Result<Self> {
        let mut r = io::BufReader::new(std::fs::File::open(path)?);
        let mut head = [0u8; 12];
        r.read_exact(&mut head)?;
        if &head[..8] != MAGIC {
            return Err(io::Error::other("not a fixture file"));
        }
        let n = u32::from_le_bytes([head[8], head[9], head[10], head[11]]) as usize;
        let mut fx = Fixture::zeroed(n);
        fx.fields(|b| r.read_exact(b))?;
        Ok(fx)
    }
}

/// `cargo ARGS --manifest-path <workspace root>/Cargo.toml`, with the cargo
/// that runs the report (`$CARGO`) and `target_dir` as its target directory.
pub fn cargo(args: &str, target_dir: &Path) -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.args(args.split(' ')).arg("--manifest-path");
    cmd.arg(workspace_root().join("Cargo.toml"));
    cmd.env("CARGO_TARGET_DIR", target_dir);
    cmd
}

/// Runs a build command (`what` in messages) without input; on failure the
/// error names it with its error output.
pub fn run_build(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd.stdin(Stdio::null()).output();
    let out = out.map_err(|e| format!("{what}: {e}"))?;
    let err = String::from_utf8_lossy(&out.stderr);
    let failed = || format!("`{what}` failed: {}", err.trim());
    out.status.success().then_some(()).ok_or_else(failed)
}

/// The trimmed standard output of `cmd args`, if it succeeds.
pub fn command_output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    out.status.success().then(|| stdout.trim().to_string())
}
