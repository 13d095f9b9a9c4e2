//! The measured cases of the Ethereum API and of trusted-setup loading, and
//! the libraries that run them.
//!
//! A case is an [`Op`]; a library ([`Lib`]) turns an op into a [`Job`]: a
//! closure that performs the call once on prebuilt inputs and returns a
//! small fingerprint of the result (so the report can check that every
//! library computed the same thing). Criterion benches and the report both
//! take their jobs from here, so they measure exactly the same calls.

use std::path::PathBuf;
use std::sync::Arc;

use c_kzg::{Blob as CBlob, Bytes32 as CBytes32, Bytes48 as CBytes48, Cell as CCell};
use fastkzg::{Backend, Blob, Bytes48, Cell, KzgSettings};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};

use crate::peers::SetupBytes;
use crate::threads::Threads;
use crate::Fixture;

/// One call of a library on prebuilt inputs; returns a fingerprint of the
/// result (equal across libraries for equal results).
pub type Job<'a> = Box<dyn FnMut() -> u64 + Send + 'a>;

/// The part of the report a case belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// EIP-4844 blob functions.
    Eip4844,
    /// EIP-7594 cell functions.
    Eip7594,
    /// Trusted-setup loading.
    Setup,
}

impl Section {
    /// A short key (used in result files).
    pub fn key(self) -> &'static str {
        match self {
            Section::Eip4844 => "eip4844",
            Section::Eip7594 => "eip7594",
            Section::Setup => "setup",
        }
    }
}

/// Which cells `recover_cells_and_kzg_proofs` gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecoverFrom {
    /// A random half (64 of 128, fixed seed).
    RandomHalf,
    /// Exactly the first 64 cells (the blob itself, no missing data cell).
    First64,
}

/// Which cells `verify_cell_kzg_proof_batch` gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellSet {
    /// All 128 cells of one blob.
    OneBlob,
    /// One column (cell index 5) of `n` blobs.
    Column(usize),
    /// All 128 cells of `n` blobs.
    AllCells(usize),
}

/// A measured operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `blob_to_kzg_commitment`.
    BlobToKzgCommitment,
    /// `compute_kzg_proof` at a random point.
    ComputeKzgProof,
    /// `compute_blob_kzg_proof`.
    ComputeBlobKzgProof,
    /// `verify_kzg_proof`.
    VerifyKzgProof,
    /// `verify_blob_kzg_proof`.
    VerifyBlobKzgProof,
    /// `verify_blob_kzg_proof_batch` of `n` blobs.
    VerifyBlobKzgProofBatch(usize),
    /// `compute_cells`.
    ComputeCells,
    /// `compute_cells_and_kzg_proofs` at a precompute level.
    ComputeCellsAndKzgProofs(usize),
    /// `recover_cells_and_kzg_proofs` at a precompute level.
    RecoverCellsAndKzgProofs(RecoverFrom, usize),
    /// `verify_cell_kzg_proof_batch`.
    VerifyCellKzgProofBatch(CellSet),
    /// The text trusted setup file to settings ready for every call, at a
    /// precompute level.
    LoadFile(usize),
    /// The library's embedded setup to settings ready for every call.
    LoadEmbedded(usize),
    /// fastkzg only: `load_mainnet(p)` alone, with the lazily built tables
    /// left for first use.
    LoadEmbeddedLazy(usize),
}

/// The precompute levels of the cell-proof cases.
pub const PRECOMPUTES: [usize; 2] = [0, 8];

impl Op {
    /// Every Ethereum API case, in report order.
    pub fn api() -> Vec<Op> {
        let mut ops = vec![
            Op::BlobToKzgCommitment,
            Op::ComputeKzgProof,
            Op::ComputeBlobKzgProof,
            Op::VerifyKzgProof,
            Op::VerifyBlobKzgProof,
        ];
        ops.extend([1, 4, 16, 64].map(Op::VerifyBlobKzgProofBatch));
        ops.push(Op::ComputeCells);
        for p in PRECOMPUTES {
            ops.push(Op::ComputeCellsAndKzgProofs(p));
        }
        for p in PRECOMPUTES {
            ops.push(Op::RecoverCellsAndKzgProofs(RecoverFrom::RandomHalf, p));
            ops.push(Op::RecoverCellsAndKzgProofs(RecoverFrom::First64, p));
        }
        ops.extend([
            Op::VerifyCellKzgProofBatch(CellSet::OneBlob),
            Op::VerifyCellKzgProofBatch(CellSet::Column(16)),
            Op::VerifyCellKzgProofBatch(CellSet::Column(64)),
            Op::VerifyCellKzgProofBatch(CellSet::AllCells(64)),
        ]);
        ops
    }

    /// Every trusted-setup case, in report order.
    pub fn setup() -> Vec<Op> {
        let mut ops = Vec::new();
        for p in PRECOMPUTES {
            ops.push(Op::LoadFile(p));
            ops.push(Op::LoadEmbedded(p));
            ops.push(Op::LoadEmbeddedLazy(p));
        }
        ops
    }

    /// The section of the report.
    pub fn section(&self) -> Section {
        match self {
            Op::BlobToKzgCommitment
            | Op::ComputeKzgProof
            | Op::ComputeBlobKzgProof
            | Op::VerifyKzgProof
            | Op::VerifyBlobKzgProof
            | Op::VerifyBlobKzgProofBatch(_) => Section::Eip4844,
            Op::ComputeCells
            | Op::ComputeCellsAndKzgProofs(_)
            | Op::RecoverCellsAndKzgProofs(..)
            | Op::VerifyCellKzgProofBatch(_) => Section::Eip7594,
            Op::LoadFile(_) | Op::LoadEmbedded(_) | Op::LoadEmbeddedLazy(_) => Section::Setup,
        }
    }

    /// A stable identifier, usable as a criterion group name.
    pub fn key(&self) -> String {
        match self {
            Op::BlobToKzgCommitment => "blob_to_kzg_commitment".into(),
            Op::ComputeKzgProof => "compute_kzg_proof".into(),
            Op::ComputeBlobKzgProof => "compute_blob_kzg_proof".into(),
            Op::VerifyKzgProof => "verify_kzg_proof".into(),
            Op::VerifyBlobKzgProof => "verify_blob_kzg_proof".into(),
            Op::VerifyBlobKzgProofBatch(n) => format!("verify_blob_kzg_proof_batch/{n}_blobs"),
            Op::ComputeCells => "compute_cells".into(),
            Op::ComputeCellsAndKzgProofs(p) => {
                format!("compute_cells_and_kzg_proofs/precompute_{p}")
            }
            Op::RecoverCellsAndKzgProofs(from, p) => format!(
                "recover_cells_and_kzg_proofs/{}/precompute_{p}",
                match from {
                    RecoverFrom::RandomHalf => "random_half",
                    RecoverFrom::First64 => "first_64",
                }
            ),
            Op::VerifyCellKzgProofBatch(set) => format!(
                "verify_cell_kzg_proof_batch/{}",
                match set {
                    CellSet::OneBlob => "1_blob_128_cells".to_string(),
                    CellSet::Column(n) => format!("1_column_{n}_blobs"),
                    CellSet::AllCells(n) => format!("{n}_blobs_128_cells"),
                }
            ),
            Op::LoadFile(p) => format!("load_trusted_setup_file/precompute_{p}"),
            Op::LoadEmbedded(p) => format!("load_embedded_setup/precompute_{p}"),
            Op::LoadEmbeddedLazy(p) => format!("load_mainnet_lazy/precompute_{p}"),
        }
    }

    /// A human-readable title (the report's row names).
    pub fn title(&self) -> String {
        match self {
            Op::VerifyBlobKzgProofBatch(n) => {
                format!("verify_blob_kzg_proof_batch, {n} blob{}", plural(*n))
            }
            Op::ComputeCellsAndKzgProofs(p) => format!("compute_cells_and_kzg_proofs, p={p}"),
            Op::RecoverCellsAndKzgProofs(from, p) => format!(
                "recover_cells_and_kzg_proofs, {}, p={p}",
                match from {
                    RecoverFrom::RandomHalf => "random 64 of 128",
                    RecoverFrom::First64 => "cells 0..64",
                }
            ),
            Op::VerifyCellKzgProofBatch(set) => format!(
                "verify_cell_kzg_proof_batch, {}",
                match set {
                    CellSet::OneBlob => "1 blob × 128 cells".to_string(),
                    CellSet::Column(n) => format!("1 column × {n} blobs"),
                    CellSet::AllCells(n) => format!("{n} blobs × 128 cells"),
                }
            ),
            Op::LoadFile(p) => format!("setup from text file → ready, p={p}"),
            Op::LoadEmbedded(p) => format!("embedded setup → ready, p={p}"),
            Op::LoadEmbeddedLazy(p) => format!("embedded setup, lazy tables, p={p}"),
            other => other.key(),
        }
    }

    /// A short title for chart axes.
    pub fn short_title(&self) -> String {
        match self {
            Op::BlobToKzgCommitment => "blob_to_commitment".into(),
            Op::ComputeKzgProof => "compute_kzg_proof".into(),
            Op::ComputeBlobKzgProof => "compute_blob_proof".into(),
            Op::VerifyKzgProof => "verify_kzg_proof".into(),
            Op::VerifyBlobKzgProof => "verify_blob_proof".into(),
            Op::VerifyBlobKzgProofBatch(n) => format!("verify_blob_batch ×{n}"),
            Op::ComputeCells => "compute_cells".into(),
            Op::ComputeCellsAndKzgProofs(p) => format!("cells_and_proofs p{p}"),
            Op::RecoverCellsAndKzgProofs(from, p) => format!(
                "recover {} p{p}",
                match from {
                    RecoverFrom::RandomHalf => "random half",
                    RecoverFrom::First64 => "first 64",
                }
            ),
            Op::VerifyCellKzgProofBatch(set) => match set {
                CellSet::OneBlob => "verify_cells 1×128".into(),
                CellSet::Column(n) => format!("verify_cells {n}×1 col"),
                CellSet::AllCells(n) => format!("verify_cells {n}×128"),
            },
            Op::LoadFile(p) => format!("load text file p{p}"),
            Op::LoadEmbedded(p) => format!("load embedded p{p}"),
            Op::LoadEmbeddedLazy(p) => format!("load lazy p{p}"),
        }
    }

    /// Parses a [`Op::key`].
    pub fn from_key(key: &str) -> Option<Op> {
        Op::api()
            .into_iter()
            .chain(Op::setup())
            .find(|op| op.key() == key)
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The byte-level inputs of one cell-batch verification.
#[derive(Clone, Default)]
pub struct CellBatch {
    /// One commitment per cell.
    pub commitments: Vec<Bytes48>,
    /// Cell indices.
    pub indices: Vec<u64>,
    /// The cells.
    pub cells: Vec<Cell>,
    /// One proof per cell.
    pub proofs: Vec<Bytes48>,
}

/// Everything the cases need, computed once (with fastkzg) and shared by all
/// libraries.
pub struct Inputs {
    /// Blobs with their commitments, proofs, cells and cell proofs.
    pub fx: Fixture,
    /// The evaluation point of `compute_kzg_proof` / `verify_kzg_proof`.
    pub z: [u8; 32],
    /// The value at `z` of blob 0.
    pub y: [u8; 32],
    /// The proof of blob 0 at `z`.
    pub kzg_proof: Bytes48,
    /// A random half of the cells of blob 0 (ascending indices).
    pub half: (Vec<u64>, Vec<Cell>),
    /// Cells 0..64 of blob 0.
    pub first64: (Vec<u64>, Vec<Cell>),
    /// Batches for `verify_cell_kzg_proof_batch`.
    pub cell_batches: Vec<(CellSet, CellBatch)>,
    /// The trusted setup as a JSON file (rust_eth_kzg's file format).
    pub setup_json: PathBuf,
}

impl Inputs {
    /// Builds the inputs from `n_blobs` random blobs (at least 64 for every
    /// case) with `ks` (a precompute level > 0 makes this faster).
    pub fn new(ks: &KzgSettings, n_blobs: usize) -> Self {
        Self::from_fixture(ks, Fixture::with_settings(ks, n_blobs, true))
    }

    /// Builds the inputs around a fixture with cells (from
    /// [`Fixture::with_settings`] or [`Fixture::load`]).
    pub fn from_fixture(ks: &KzgSettings, fx: Fixture) -> Self {
        let z = crate::random_scalar(1);
        let (kzg_proof, y) = ks.compute_kzg_proof(&fx.blobs[0], &z).expect("valid blob");
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut ids: Vec<u64> = (0..128).collect();
        ids.shuffle(&mut rng);
        let mut half_ids = ids[..64].to_vec();
        half_ids.sort_unstable();
        let pick = |ids: &[u64]| ids.iter().map(|i| fx.cells[0][*i as usize]).collect();
        let half = (half_ids.clone(), pick(&half_ids));
        let first_ids: Vec<u64> = (0..64).collect();
        let first64 = (first_ids.clone(), pick(&first_ids));
        let mut cell_batches = Vec::new();
        for set in [
            CellSet::OneBlob,
            CellSet::Column(16),
            CellSet::Column(64),
            CellSet::AllCells(64),
        ] {
            let blobs = match set {
                CellSet::OneBlob => 1,
                CellSet::Column(n) | CellSet::AllCells(n) => n,
            };
            if blobs > fx.blobs.len() {
                continue;
            }
            let mut b = CellBatch::default();
            for blob in 0..blobs {
                let cols: Vec<usize> = match set {
                    CellSet::Column(_) => vec![5],
                    _ => (0..128).collect(),
                };
                for col in cols {
                    b.commitments.push(fx.commitments[blob]);
                    b.indices.push(col as u64);
                    b.cells.push(fx.cells[blob][col]);
                    b.proofs.push(fx.cell_proofs[blob][col]);
                }
            }
            cell_batches.push((set, b));
        }
        let setup_json = std::env::temp_dir().join(format!(
            "fastkzg-bench-trusted_setup_4096-{}.json",
            std::process::id()
        ));
        write_setup_json(&setup_json).expect("temporary JSON setup is writable");
        Inputs {
            fx,
            z,
            y,
            kzg_proof,
            half,
            first64,
            cell_batches,
            setup_json,
        }
    }

    /// The cells and indices of a recovery case.
    pub fn recover_input(&self, from: RecoverFrom) -> &(Vec<u64>, Vec<Cell>) {
        match from {
            RecoverFrom::RandomHalf => &self.half,
            RecoverFrom::First64 => &self.first64,
        }
    }

    /// A cell batch, if built.
    pub fn cell_batch(&self, set: CellSet) -> Option<&CellBatch> {
        self.cell_batches
            .iter()
            .find(|(s, _)| *s == set)
            .map(|(_, b)| b)
    }
}

impl Drop for Inputs {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.setup_json);
    }
}

/// Writes fastkzg's text setup as the consensus-specs JSON that
/// rust_eth_kzg's `TrustedSetup::from_json` reads.
fn write_setup_json(path: &std::path::Path) -> std::io::Result<()> {
    let b = SetupBytes::mainnet();
    let list = |bytes: &[u8], size: usize| {
        bytes
            .chunks(size)
            .map(|c| format!("\"0x{}\"", hex::encode(c)))
            .collect::<Vec<_>>()
            .join(",\n    ")
    };
    let json = format!(
        "{{\n  \"g1_monomial\": [\n    {}\n  ],\n  \"g1_lagrange\": [\n    {}\n  ],\n  \"g2_monomial\": [\n    {}\n  ]\n}}\n",
        list(&b.g1_monomial, 48),
        list(&b.g1_lagrange, 48),
        list(&b.g2_monomial, 96)
    );
    std::fs::write(path, json)
}

/// A library under test.
pub trait Lib: Sync {
    /// The name in reports (`fastkzg`, `c-kzg`, `rust-eth-kzg`, with a thread
    /// suffix where it matters).
    fn label(&self) -> String;
    /// The threads its jobs run on.
    fn threads(&self) -> &Threads;
    /// The job for `op`, or `None` where the library has no such call (or
    /// the settings for it were not loaded).
    fn job<'a>(&'a self, op: Op, inp: &'a Inputs) -> Option<Job<'a>>;
}

/// The first 8 bytes of `b`, as a fingerprint.
pub fn fingerprint(b: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[..8]);
    u64::from_le_bytes(a)
}

fn cells_fp(last_cell: &[u8], last_proof: &[u8]) -> u64 {
    fingerprint(last_cell) ^ fingerprint(last_proof).rotate_left(1)
}

/// fastkzg on backend `B`.
pub struct Fastkzg<B: Backend> {
    label: String,
    threads: Threads,
    settings: Vec<(usize, Arc<KzgSettings<B>>)>,
}

impl<B: Backend> Fastkzg<B> {
    /// Loads the embedded setup at each of `precomputes` (and builds the lazy
    /// tables) on `threads`. The label is `fastkzg` on blst, `fastkzg
    /// (arkworks)` otherwise, plus the thread suffix.
    pub fn load(threads: Threads, precomputes: &[usize]) -> Self {
        let settings = precomputes
            .iter()
            .map(|p| {
                let ks = threads.run(|| {
                    let ks = KzgSettings::<B>::load_mainnet(*p).expect("embedded setup");
                    ks.warm_up();
                    ks
                });
                (*p, Arc::new(ks))
            })
            .collect();
        Self::with_settings(threads, settings)
    }

    /// The same settings on other threads (relabelled accordingly).
    pub fn on_threads(&self, threads: Threads) -> Self {
        Self::with_settings(threads, self.settings.clone())
    }

    /// Wraps settings that are already loaded.
    pub fn with_settings(threads: Threads, settings: Vec<(usize, Arc<KzgSettings<B>>)>) -> Self {
        let mut label = if B::NAME == "blst" {
            "fastkzg".to_string()
        } else {
            format!("fastkzg-{}", B::NAME)
        };
        let sfx = threads.suffix();
        if !sfx.is_empty() {
            label = format!("{label} {sfx}");
        }
        Fastkzg {
            label,
            threads,
            settings,
        }
    }

    /// Renames the library in reports.
    pub fn relabel(mut self, label: &str) -> Self {
        self.label = label.to_string();
        self
    }

    /// The settings at precompute `p`, if loaded.
    pub fn get(&self, p: usize) -> Option<&KzgSettings<B>> {
        self.settings
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, s)| s.as_ref())
    }
}

impl<B: Backend> Lib for Fastkzg<B> {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn threads(&self) -> &Threads {
        &self.threads
    }

    fn job<'a>(&'a self, op: Op, inp: &'a Inputs) -> Option<Job<'a>> {
        let fx = &inp.fx;
        let blob: &'a Blob = &fx.blobs[0];
        let job: Job<'a> = match op {
            Op::LoadFile(p) => Box::new(move || {
                let ks = KzgSettings::<B>::load_trusted_setup_file(crate::TRUSTED_SETUP_FILE, p)
                    .expect("setup file");
                ks.warm_up();
                ks.precompute() as u64 + 1
            }),
            Op::LoadEmbedded(p) => Box::new(move || {
                let ks = KzgSettings::<B>::load_mainnet(p).expect("embedded setup");
                ks.warm_up();
                ks.precompute() as u64 + 1
            }),
            Op::LoadEmbeddedLazy(p) => Box::new(move || {
                let ks = KzgSettings::<B>::load_mainnet(p).expect("embedded setup");
                ks.precompute() as u64 + 1
            }),
            _ => {
                let p = match op {
                    Op::ComputeCellsAndKzgProofs(p) | Op::RecoverCellsAndKzgProofs(_, p) => p,
                    _ => 0,
                };
                let ks = self.get(p)?;
                match op {
                    Op::BlobToKzgCommitment => {
                        Box::new(move || fingerprint(&ks.blob_to_kzg_commitment(blob).unwrap()))
                    }
                    Op::ComputeKzgProof => Box::new(move || {
                        let (pr, y) = ks.compute_kzg_proof(blob, &inp.z).unwrap();
                        fingerprint(&pr) ^ fingerprint(&y)
                    }),
                    Op::ComputeBlobKzgProof => Box::new(move || {
                        fingerprint(&ks.compute_blob_kzg_proof(blob, &fx.commitments[0]).unwrap())
                    }),
                    Op::VerifyKzgProof => Box::new(move || {
                        let ok = ks
                            .verify_kzg_proof(&fx.commitments[0], &inp.z, &inp.y, &inp.kzg_proof)
                            .unwrap();
                        assert!(ok);
                        1
                    }),
                    Op::VerifyBlobKzgProof => Box::new(move || {
                        let ok = ks
                            .verify_blob_kzg_proof(blob, &fx.commitments[0], &fx.proofs[0])
                            .unwrap();
                        assert!(ok);
                        1
                    }),
                    Op::VerifyBlobKzgProofBatch(n) => {
                        if n > fx.blobs.len() {
                            return None;
                        }
                        let blobs: Vec<&'a Blob> = fx.blobs[..n].iter().map(|b| &**b).collect();
                        Box::new(move || {
                            let ok = ks
                                .verify_blob_kzg_proof_batch(
                                    &blobs,
                                    &fx.commitments[..n],
                                    &fx.proofs[..n],
                                )
                                .unwrap();
                            assert!(ok);
                            1
                        })
                    }
                    Op::ComputeCells => {
                        Box::new(move || fingerprint(&ks.compute_cells(blob).unwrap()[127]))
                    }
                    Op::ComputeCellsAndKzgProofs(_) => Box::new(move || {
                        let (c, pr) = ks.compute_cells_and_kzg_proofs(blob).unwrap();
                        cells_fp(&c[127], &pr[127])
                    }),
                    Op::RecoverCellsAndKzgProofs(from, _) => {
                        let (ids, cells) = inp.recover_input(from);
                        Box::new(move || {
                            let (c, pr) = ks.recover_cells_and_kzg_proofs(ids, cells).unwrap();
                            cells_fp(&c[127], &pr[127])
                        })
                    }
                    Op::VerifyCellKzgProofBatch(set) => {
                        let b = inp.cell_batch(set)?;
                        Box::new(move || {
                            let ok = ks
                                .verify_cell_kzg_proof_batch(
                                    &b.commitments,
                                    &b.indices,
                                    &b.cells,
                                    &b.proofs,
                                )
                                .unwrap();
                            assert!(ok);
                            1
                        })
                    }
                    Op::LoadFile(_) | Op::LoadEmbedded(_) | Op::LoadEmbeddedLazy(_) => {
                        unreachable!()
                    }
                }
            }
        };
        Some(job)
    }
}

/// The `c-kzg` 2.1.8 crate (c-kzg-4844 in C over blst), single-threaded.
pub struct CKzg {
    settings: Vec<(usize, &'static c_kzg::KzgSettings)>,
    threads: Threads,
    blobs: Vec<CBlob>,
    commitments: Vec<CBytes48>,
    proofs: Vec<CBytes48>,
    z: CBytes32,
    y: CBytes32,
    kzg_proof: CBytes48,
    half: (Vec<u64>, Vec<CCell>),
    first64: (Vec<u64>, Vec<CCell>),
    cell_batches: Vec<(CellSet, CCellBatch)>,
}

struct CCellBatch {
    commitments: Vec<CBytes48>,
    indices: Vec<u64>,
    cells: Vec<CCell>,
    proofs: Vec<CBytes48>,
}

fn c48(b: &[Bytes48]) -> Vec<CBytes48> {
    b.iter().map(|x| CBytes48::new(*x)).collect()
}

fn ccells(c: &[Cell]) -> Vec<CCell> {
    c.iter().map(|x| CCell::new(*x)).collect()
}

impl CKzg {
    /// c-kzg's embedded mainnet settings (`ethereum_kzg_settings(p)`) at each
    /// of `precomputes`, and the inputs converted to c-kzg's types.
    pub fn load(inp: &Inputs, precomputes: &[usize]) -> Self {
        let settings = precomputes
            .iter()
            .map(|p| (*p, c_kzg::ethereum_kzg_settings(*p as u64)))
            .collect();
        let fx = &inp.fx;
        CKzg {
            settings,
            threads: Threads::caller(),
            blobs: fx.blobs.iter().map(|b| CBlob::new(**b)).collect(),
            commitments: c48(&fx.commitments),
            proofs: c48(&fx.proofs),
            z: CBytes32::new(inp.z),
            y: CBytes32::new(inp.y),
            kzg_proof: CBytes48::new(inp.kzg_proof),
            half: (inp.half.0.clone(), ccells(&inp.half.1)),
            first64: (inp.first64.0.clone(), ccells(&inp.first64.1)),
            cell_batches: inp
                .cell_batches
                .iter()
                .map(|(s, b)| {
                    (
                        *s,
                        CCellBatch {
                            commitments: c48(&b.commitments),
                            indices: b.indices.clone(),
                            cells: ccells(&b.cells),
                            proofs: c48(&b.proofs),
                        },
                    )
                })
                .collect(),
        }
    }

    fn get(&self, p: usize) -> Option<&'static c_kzg::KzgSettings> {
        self.settings.iter().find(|(q, _)| *q == p).map(|(_, s)| *s)
    }
}

impl Lib for CKzg {
    fn label(&self) -> String {
        "c-kzg".into()
    }

    fn threads(&self) -> &Threads {
        &self.threads
    }

    fn job<'a>(&'a self, op: Op, _inp: &'a Inputs) -> Option<Job<'a>> {
        let blob = &self.blobs[0];
        let job: Job<'a> = match op {
            Op::LoadFile(p) => Box::new(move || {
                let ks = c_kzg::KzgSettings::load_trusted_setup_file(
                    std::path::Path::new(crate::TRUSTED_SETUP_FILE),
                    p as u64,
                )
                .expect("setup file");
                drop(ks);
                p as u64 + 1
            }),
            Op::LoadEmbedded(p) => {
                let b = SetupBytes::mainnet();
                Box::new(move || {
                    let ks = c_kzg::KzgSettings::load_trusted_setup(
                        &b.g1_monomial,
                        &b.g1_lagrange,
                        &b.g2_monomial,
                        p as u64,
                    )
                    .expect("setup bytes");
                    drop(ks);
                    p as u64 + 1
                })
            }
            Op::LoadEmbeddedLazy(_) => return None,
            _ => {
                let p = match op {
                    Op::ComputeCellsAndKzgProofs(p) | Op::RecoverCellsAndKzgProofs(_, p) => p,
                    _ => 0,
                };
                let ks = self.get(p)?;
                match op {
                    Op::BlobToKzgCommitment => {
                        Box::new(move || fingerprint(&*ks.blob_to_kzg_commitment(blob).unwrap()))
                    }
                    Op::ComputeKzgProof => Box::new(move || {
                        let (pr, y) = ks.compute_kzg_proof(blob, &self.z).unwrap();
                        fingerprint(&*pr) ^ fingerprint(&*y)
                    }),
                    Op::ComputeBlobKzgProof => Box::new(move || {
                        fingerprint(
                            &*ks.compute_blob_kzg_proof(blob, &self.commitments[0])
                                .unwrap(),
                        )
                    }),
                    Op::VerifyKzgProof => Box::new(move || {
                        let ok = ks
                            .verify_kzg_proof(
                                &self.commitments[0],
                                &self.z,
                                &self.y,
                                &self.kzg_proof,
                            )
                            .unwrap();
                        assert!(ok);
                        1
                    }),
                    Op::VerifyBlobKzgProof => Box::new(move || {
                        let ok = ks
                            .verify_blob_kzg_proof(blob, &self.commitments[0], &self.proofs[0])
                            .unwrap();
                        assert!(ok);
                        1
                    }),
                    Op::VerifyBlobKzgProofBatch(n) => {
                        if n > self.blobs.len() {
                            return None;
                        }
                        Box::new(move || {
                            let ok = ks
                                .verify_blob_kzg_proof_batch(
                                    &self.blobs[..n],
                                    &self.commitments[..n],
                                    &self.proofs[..n],
                                )
                                .unwrap();
                            assert!(ok);
                            1
                        })
                    }
                    Op::ComputeCells => Box::new(move || {
                        fingerprint(&ks.compute_cells(blob).unwrap()[127].to_bytes())
                    }),
                    Op::ComputeCellsAndKzgProofs(_) => Box::new(move || {
                        let (c, pr) = ks.compute_cells_and_kzg_proofs(blob).unwrap();
                        cells_fp(&c[127].to_bytes(), &*pr[127])
                    }),
                    Op::RecoverCellsAndKzgProofs(from, _) => {
                        let (ids, cells) = match from {
                            RecoverFrom::RandomHalf => &self.half,
                            RecoverFrom::First64 => &self.first64,
                        };
                        Box::new(move || {
                            let (c, pr) = ks.recover_cells_and_kzg_proofs(ids, cells).unwrap();
                            cells_fp(&c[127].to_bytes(), &*pr[127])
                        })
                    }
                    Op::VerifyCellKzgProofBatch(set) => {
                        let b = self
                            .cell_batches
                            .iter()
                            .find(|(s, _)| *s == set)
                            .map(|(_, b)| b)?;
                        Box::new(move || {
                            let ok = ks
                                .verify_cell_kzg_proof_batch(
                                    &b.commitments,
                                    &b.indices,
                                    &b.cells,
                                    &b.proofs,
                                )
                                .unwrap();
                            assert!(ok);
                            1
                        })
                    }
                    Op::LoadFile(_) | Op::LoadEmbedded(_) | Op::LoadEmbeddedLazy(_) => {
                        unreachable!()
                    }
                }
            }
        };
        Some(job)
    }
}

/// The `rust_eth_kzg` 0.10.0 crate: `DASContext` without precomputation
/// (precompute 0) and with `UsePrecomp::Yes { width: 8 }` (precompute 8).
pub struct RustEthKzg {
    label: String,
    threads: Threads,
    contexts: Vec<(usize, DASContext)>,
}

/// rust_eth_kzg's precomputation setting for a precompute level.
pub fn rek_precomp(p: usize) -> UsePrecomp {
    if p == 0 {
        UsePrecomp::No
    } else {
        UsePrecomp::Yes { width: p }
    }
}

impl RustEthKzg {
    /// `DASContext::new(&TrustedSetup::default(), ..)` for each of
    /// `precomputes`, built on `threads`. `label` names the build (e.g.
    /// `rust-eth-kzg` or `rust-eth-kzg MT`).
    pub fn load(label: &str, threads: Threads, precomputes: &[usize]) -> Self {
        let contexts = precomputes
            .iter()
            .map(|p| {
                let ctx =
                    threads.run(|| DASContext::new(&TrustedSetup::default(), rek_precomp(*p)));
                (*p, ctx)
            })
            .collect();
        RustEthKzg {
            label: label.to_string(),
            threads,
            contexts,
        }
    }

    fn get(&self, p: usize) -> Option<&DASContext> {
        self.contexts.iter().find(|(q, _)| *q == p).map(|(_, c)| c)
    }
}

impl Lib for RustEthKzg {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn threads(&self) -> &Threads {
        &self.threads
    }

    fn job<'a>(&'a self, op: Op, inp: &'a Inputs) -> Option<Job<'a>> {
        let fx = &inp.fx;
        let blob: &'a Blob = &fx.blobs[0];
        let job: Job<'a> = match op {
            Op::LoadFile(p) => {
                let path = &inp.setup_json;
                Box::new(move || {
                    let json = std::fs::read_to_string(path).expect("JSON setup");
                    let ts = TrustedSetup::from_json(&json);
                    let ctx = DASContext::new(&ts, rek_precomp(p));
                    drop(ctx);
                    p as u64 + 1
                })
            }
            Op::LoadEmbedded(p) => Box::new(move || {
                let ctx = DASContext::new(&TrustedSetup::default(), rek_precomp(p));
                drop(ctx);
                p as u64 + 1
            }),
            Op::LoadEmbeddedLazy(_) => return None,
            _ => {
                let p = match op {
                    Op::ComputeCellsAndKzgProofs(p) | Op::RecoverCellsAndKzgProofs(_, p) => p,
                    _ => 0,
                };
                let ctx = self.get(p)?;
                match op {
                    Op::BlobToKzgCommitment => {
                        Box::new(move || fingerprint(&ctx.blob_to_kzg_commitment(blob).unwrap()))
                    }
                    Op::ComputeKzgProof => Box::new(move || {
                        let (pr, y) = ctx.compute_kzg_proof(blob, inp.z).unwrap();
                        fingerprint(&pr) ^ fingerprint(&y)
                    }),
                    Op::ComputeBlobKzgProof => Box::new(move || {
                        fingerprint(
                            &ctx.compute_blob_kzg_proof(blob, &fx.commitments[0])
                                .unwrap(),
                        )
                    }),
                    Op::VerifyKzgProof => Box::new(move || {
                        ctx.verify_kzg_proof(&fx.commitments[0], inp.z, inp.y, &inp.kzg_proof)
                            .expect("valid proof");
                        1
                    }),
                    Op::VerifyBlobKzgProof => Box::new(move || {
                        ctx.verify_blob_kzg_proof(blob, &fx.commitments[0], &fx.proofs[0])
                            .expect("valid proof");
                        1
                    }),
                    Op::VerifyBlobKzgProofBatch(n) => {
                        if n > fx.blobs.len() {
                            return None;
                        }
                        Box::new(move || {
                            let blobs: Vec<&Blob> = fx.blobs[..n].iter().map(|b| &**b).collect();
                            let cs: Vec<&Bytes48> = fx.commitments[..n].iter().collect();
                            let ps: Vec<&Bytes48> = fx.proofs[..n].iter().collect();
                            ctx.verify_blob_kzg_proof_batch(blobs, cs, ps)
                                .expect("valid proofs");
                            1
                        })
                    }
                    Op::ComputeCells => {
                        Box::new(move || fingerprint(&ctx.compute_cells(blob).unwrap()[127][..]))
                    }
                    Op::ComputeCellsAndKzgProofs(_) => Box::new(move || {
                        let (c, pr) = ctx.compute_cells_and_kzg_proofs(blob).unwrap();
                        cells_fp(&c[127][..], &pr[127])
                    }),
                    Op::RecoverCellsAndKzgProofs(from, _) => {
                        let (ids, cells) = inp.recover_input(from);
                        Box::new(move || {
                            let refs: Vec<&Cell> = cells.iter().collect();
                            let (c, pr) =
                                ctx.recover_cells_and_kzg_proofs(ids.clone(), refs).unwrap();
                            cells_fp(&c[127][..], &pr[127])
                        })
                    }
                    Op::VerifyCellKzgProofBatch(set) => {
                        let b = inp.cell_batch(set)?;
                        Box::new(move || {
                            let cs: Vec<&Bytes48> = b.commitments.iter().collect();
                            let cells: Vec<&Cell> = b.cells.iter().collect();
                            let ps: Vec<&Bytes48> = b.proofs.iter().collect();
                            ctx.verify_cell_kzg_proof_batch(cs, &b.indices, cells, ps)
                                .expect("valid proofs");
                            1
                        })
                    }
                    Op::LoadFile(_) | Op::LoadEmbedded(_) | Op::LoadEmbeddedLazy(_) => {
                        unreachable!()
                    }
                }
            }
        };
        Some(job)
    }
}
