//! `fastkzg demo`: runs every API function on random blobs, cross-checks the
//! results against each other, and prints a timing table.
//!
//! The demo is a registry of [`Step`]s ([`STEPS`]), run in order over a shared
//! [`State`]. Each step calls one API function (timed, through
//! [`Report::time`]), stores its results for later steps, and records checks
//! ([`Report::check`]). Adding a function means adding fields to [`State`],
//! one step function, and its entry in [`STEPS`]. The EIP-4844 steps come
//! first, then the EIP-7594 cell steps.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fastkzg::backend::{Backend, Scalar};
use fastkzg::eip4844::compute_challenge;
use fastkzg::{
    Blob, Blst, Bytes32, Bytes48, Cell, Error, KzgSettings, Result, BYTES_PER_FIELD_ELEMENT,
    CELLS_PER_BLOB, CELLS_PER_EXT_BLOB, G1_POINT_AT_INFINITY,
};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

use crate::args::GlobalOpts;
use crate::blob_io::{random_blob, random_field_element, zero_blob};
use crate::commands::{load_settings, rng_from, EXIT_INVALID};
use crate::error::CliResult;

type Fr = <Blst as Backend>::Fr;

/// An opening of a blob's polynomial: `p(z) = y`, shown by `proof`.
#[derive(Clone, Copy)]
pub struct Opening {
    /// The evaluation point.
    pub z: Bytes32,
    /// The value there.
    pub y: Bytes32,
    /// The KZG proof.
    pub proof: Bytes48,
}

/// What the steps share: the settings, the inputs, and each step's results.
pub struct State<'a> {
    /// The settings under test.
    pub settings: &'a KzgSettings,
    /// The demo's RNG (seeded).
    pub rng: StdRng,
    /// The random blobs.
    pub blobs: Vec<Box<Blob>>,
    /// `blob_to_kzg_commitment` of each blob.
    pub commitments: Vec<Bytes48>,
    /// `compute_kzg_proof` of each blob at a random point.
    pub openings: Vec<Opening>,
    /// `compute_blob_kzg_proof` of each blob.
    pub blob_proofs: Vec<Bytes48>,
    /// `compute_cells` of each blob (128 cells).
    pub cells: Vec<Vec<Cell>>,
    /// The cell proofs from `compute_cells_and_kzg_proofs`, per blob.
    pub cell_proofs: Vec<Vec<Bytes48>>,
}

/// Timings of one function.
struct Row {
    function: String,
    samples: Vec<Duration>,
}

/// One cross-check and whether it passed.
struct Check {
    step: &'static str,
    description: String,
    passed: bool,
}

/// Timings and checks, collected as the steps run.
#[derive(Default)]
pub struct Report {
    rows: Vec<Row>,
    checks: Vec<Check>,
    step: &'static str,
}

impl Report {
    /// Records the duration of `f` under `function` (rows keep the order in
    /// which functions were first timed).
    pub fn time<T>(&mut self, function: &str, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        let elapsed = start.elapsed();
        self.record(function, elapsed);
        out
    }

    fn record(&mut self, function: &str, elapsed: Duration) {
        match self.rows.iter_mut().find(|r| r.function == function) {
            Some(row) => row.samples.push(elapsed),
            None => self.rows.push(Row {
                function: function.to_string(),
                samples: vec![elapsed],
            }),
        }
    }

    /// Records a check of the current step.
    pub fn check(&mut self, description: impl Into<String>, passed: bool) {
        self.checks.push(Check {
            step: self.step,
            description: description.into(),
            passed,
        });
    }

    fn failures(&self) -> usize {
        self.checks.iter().filter(|c| !c.passed).count()
    }
}

/// A demo step: one API function, its calls and its checks. A library error
/// on inputs that should be accepted aborts the demo (it is a failure).
pub struct Step {
    /// The API function the step exercises (the section name in the report).
    pub name: &'static str,
    /// Runs the step.
    pub run: fn(&mut State, &mut Report) -> Result<()>,
}

/// The steps, in order; each may use the results of those before it.
pub const STEPS: &[Step] = &[
    Step {
        name: "blob_to_kzg_commitment",
        run: step_blob_to_kzg_commitment,
    },
    Step {
        name: "compute_kzg_proof",
        run: step_compute_kzg_proof,
    },
    Step {
        name: "verify_kzg_proof",
        run: step_verify_kzg_proof,
    },
    Step {
        name: "compute_blob_kzg_proof",
        run: step_compute_blob_kzg_proof,
    },
    Step {
        name: "verify_blob_kzg_proof",
        run: step_verify_blob_kzg_proof,
    },
    Step {
        name: "verify_blob_kzg_proof_batch",
        run: step_verify_blob_kzg_proof_batch,
    },
    Step {
        name: "compute_cells",
        run: step_compute_cells,
    },
    Step {
        name: "compute_cells_and_kzg_proofs",
        run: step_compute_cells_and_kzg_proofs,
    },
    Step {
        name: "verify_cell_kzg_proof_batch",
        run: step_verify_cell_kzg_proof_batch,
    },
    Step {
        name: "recover_cells_and_kzg_proofs",
        run: step_recover_cells_and_kzg_proofs,
    },
];

/// A copy of `proof` with one bit of its x coordinate flipped.
fn tamper(proof: &Bytes48) -> Bytes48 {
    let mut t = *proof;
    t[47] ^= 1;
    t
}

/// `bytes + 1` as a field element (a wrong but canonical value).
fn plus_one(bytes: &Bytes32) -> Bytes32 {
    match Fr::from_bytes_be(bytes) {
        Some(x) => (x + Fr::one()).to_bytes_be(),
        None => *bytes,
    }
}

/// A blob whose first field element is `2^256 - 1` (not canonical).
fn non_canonical_blob() -> Box<Blob> {
    let mut blob = zero_blob();
    blob[..32].fill(0xff);
    blob
}

/// The row of the first commitment, which includes the one-off set-up of
/// small tables (the generator's comb table).
const FIRST_COMMITMENT: &str = "blob_to_kzg_commitment (first call)";

fn step_blob_to_kzg_commitment(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    for (i, blob) in st.blobs.iter().enumerate() {
        // The first call also builds small tables the settings make on
        // first use, so it gets its own row. (The 7.5 MiB commitment table
        // comes after `TABLE_AFTER_COMMITMENTS` commitments or `warm_up`.)
        let row = if i == 0 {
            FIRST_COMMITMENT
        } else {
            "blob_to_kzg_commitment"
        };
        let c = rep.time(row, || s.blob_to_kzg_commitment(blob))?;
        st.commitments.push(c);
    }
    let n = st.commitments.len();
    let mut distinct = st.commitments.clone();
    distinct.sort_unstable();
    distinct.dedup();
    rep.check(
        format!("the {n} random blobs have {n} distinct commitments"),
        distinct.len() == n,
    );
    let again = rep.time("blob_to_kzg_commitment", || {
        s.blob_to_kzg_commitment(&st.blobs[0])
    })?;
    rep.check(
        "committing to a blob twice gives the same commitment",
        again == st.commitments[0],
    );
    let zero = zero_blob();
    let c0 = rep.time("blob_to_kzg_commitment", || s.blob_to_kzg_commitment(&zero))?;
    rep.check(
        "the zero blob commits to the point at infinity",
        c0 == G1_POINT_AT_INFINITY,
    );
    let bad = s.blob_to_kzg_commitment(&non_canonical_blob());
    rep.check(
        "a blob with a non-canonical field element is rejected",
        matches!(bad, Err(Error::NonCanonicalFieldElement { index: 0, .. })),
    );
    Ok(())
}

fn step_compute_kzg_proof(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    for blob in &st.blobs {
        let z = random_field_element(&mut st.rng);
        let (proof, y) = rep.time("compute_kzg_proof", || s.compute_kzg_proof(blob, &z))?;
        st.openings.push(Opening { z, y, proof });
    }
    // The first bit-reversed root of unity is 1, so p(1) is the blob's first
    // field element (the path where z lies in the evaluation domain).
    let one = Fr::one().to_bytes_be();
    let (proof1, y1) = rep.time("compute_kzg_proof", || {
        s.compute_kzg_proof(&st.blobs[0], &one)
    })?;
    rep.check(
        "at z = 1 (a root of unity), y is the blob's first field element",
        y1[..] == st.blobs[0][..32],
    );
    let ok = rep.time("verify_kzg_proof", || {
        s.verify_kzg_proof(&st.commitments[0], &one, &y1, &proof1)
    })?;
    rep.check("that in-domain opening verifies with verify_kzg_proof", ok);
    let bad = s.compute_kzg_proof(&st.blobs[0], &[0xff; 32]);
    rep.check(
        "a non-canonical z is rejected",
        matches!(bad, Err(Error::NonCanonicalFieldElement { what: "z", .. })),
    );
    Ok(())
}

fn step_verify_kzg_proof(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    let mut all = true;
    for (c, o) in st.commitments.iter().zip(&st.openings) {
        all &= rep.time("verify_kzg_proof", || {
            s.verify_kzg_proof(c, &o.z, &o.y, &o.proof)
        })?;
    }
    let n = st.openings.len();
    rep.check(
        format!("the {n} (z, y, proof) from compute_kzg_proof verify"),
        all,
    );
    let (c, o) = (&st.commitments[0], st.openings[0]);
    let wrong_y = rep.time("verify_kzg_proof", || {
        s.verify_kzg_proof(c, &o.z, &plus_one(&o.y), &o.proof)
    })?;
    rep.check("a wrong y (y + 1) is rejected", !wrong_y);
    let wrong_z = rep.time("verify_kzg_proof", || {
        s.verify_kzg_proof(c, &plus_one(&o.z), &o.y, &o.proof)
    })?;
    rep.check(
        "the proof does not verify at another point (z + 1)",
        !wrong_z,
    );
    let tampered = s.verify_kzg_proof(c, &o.z, &o.y, &tamper(&o.proof));
    rep.check(
        "a tampered proof (one bit flipped) is rejected",
        !matches!(tampered, Ok(true)),
    );
    Ok(())
}

fn step_compute_blob_kzg_proof(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    for (blob, c) in st.blobs.iter().zip(&st.commitments) {
        let proof = rep.time("compute_blob_kzg_proof", || {
            s.compute_blob_kzg_proof(blob, c)
        })?;
        st.blob_proofs.push(proof);
    }
    let (blob, c) = (&st.blobs[0], &st.commitments[0]);
    let z = rep
        .time("compute_challenge", || compute_challenge::<Blst>(blob, c))
        .to_bytes_be();
    let (proof, y) = rep.time("compute_kzg_proof", || s.compute_kzg_proof(blob, &z))?;
    rep.check(
        "the blob proof is compute_kzg_proof at compute_challenge(blob, commitment)",
        proof == st.blob_proofs[0],
    );
    let ok = rep.time("verify_kzg_proof", || {
        s.verify_kzg_proof(c, &z, &y, &st.blob_proofs[0])
    })?;
    rep.check(
        "the blob proof verifies with verify_kzg_proof at the challenge",
        ok,
    );
    let bad = s.compute_blob_kzg_proof(blob, &[0u8; 48]);
    rep.check(
        "an invalid commitment encoding is rejected",
        matches!(bad, Err(Error::InvalidG1Point { .. })),
    );
    Ok(())
}

fn step_verify_blob_kzg_proof(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    let mut all = true;
    for ((blob, c), p) in st.blobs.iter().zip(&st.commitments).zip(&st.blob_proofs) {
        all &= rep.time("verify_blob_kzg_proof", || {
            s.verify_blob_kzg_proof(blob, c, p)
        })?;
    }
    let n = st.blobs.len();
    rep.check(format!("the {n} blob proofs verify"), all);
    let (blob, c, p) = (&st.blobs[0], &st.commitments[0], &st.blob_proofs[0]);
    let wrong = rep.time("verify_blob_kzg_proof", || {
        s.verify_blob_kzg_proof(blob, c, &st.openings[0].proof)
    })?;
    rep.check(
        "a wrong proof (a valid point: an opening at another z) is rejected",
        !wrong,
    );
    let zero_c = rep.time("verify_blob_kzg_proof", || {
        s.verify_blob_kzg_proof(blob, &G1_POINT_AT_INFINITY, p)
    })?;
    rep.check("the proof is rejected with another commitment", !zero_c);
    if n >= 2 {
        let other = rep.time("verify_blob_kzg_proof", || {
            s.verify_blob_kzg_proof(blob, c, &st.blob_proofs[1])
        })?;
        rep.check("another blob's proof is rejected", !other);
    }
    let tampered = s.verify_blob_kzg_proof(blob, c, &tamper(p));
    rep.check(
        "a tampered proof (one bit flipped) is rejected",
        !matches!(tampered, Ok(true)),
    );
    Ok(())
}

fn step_verify_blob_kzg_proof_batch(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    let n = st.blobs.len();
    let row = format!(
        "verify_blob_kzg_proof_batch [{n} blob{}]",
        if n == 1 { "" } else { "s" }
    );
    let (blobs, cs, ps) = (&st.blobs, &st.commitments, &st.blob_proofs);
    let ok = rep.time(&row, || s.verify_blob_kzg_proof_batch(blobs, cs, ps))?;
    rep.check(format!("the batch of {n} blob proofs verifies"), ok);
    let mut wrong = ps.clone();
    wrong[n - 1] = st.openings[n - 1].proof;
    let bad = rep.time(&row, || s.verify_blob_kzg_proof_batch(blobs, cs, &wrong))?;
    rep.check("the batch with one wrong proof is rejected", !bad);
    if n >= 2 {
        let mut swapped = ps.clone();
        swapped.swap(0, 1);
        let bad = rep.time(&row, || s.verify_blob_kzg_proof_batch(blobs, cs, &swapped))?;
        rep.check("the batch with two proofs swapped is rejected", !bad);
    }
    let mut tampered = ps.clone();
    tampered[0] = tamper(&tampered[0]);
    let bad = s.verify_blob_kzg_proof_batch(blobs, cs, &tampered);
    rep.check(
        "the batch with a tampered proof is rejected",
        !matches!(bad, Ok(true)),
    );
    let mismatch = s.verify_blob_kzg_proof_batch(blobs, cs, &ps[..n - 1]);
    rep.check(
        "lists of different lengths are rejected",
        matches!(mismatch, Err(Error::LengthMismatch { .. })),
    );
    let empty: &[Box<Blob>] = &[];
    rep.check(
        "the empty batch verifies",
        s.verify_blob_kzg_proof_batch(empty, &[], &[]) == Ok(true),
    );
    Ok(())
}

/// Whether `cells` are 128 cells whose first 64 are the blob's bytes.
fn cells_extend(cells: &[Cell], blob: &Blob) -> bool {
    cells.len() == CELLS_PER_EXT_BLOB && cells[..CELLS_PER_BLOB].concat() == blob[..]
}

/// `n` cells, or `n` blobs.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn step_compute_cells(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    for blob in &st.blobs {
        let cells = rep.time("compute_cells", || s.compute_cells(blob))?;
        st.cells.push(cells);
    }
    let n = st.blobs.len();
    let all = st
        .cells
        .iter()
        .zip(&st.blobs)
        .all(|(c, b)| cells_extend(c, b));
    rep.check(
        format!("the {n} blobs have 128 cells each, the first 64 being the blob itself"),
        all,
    );
    let zero = rep.time("compute_cells", || s.compute_cells(&zero_blob()))?;
    rep.check(
        "the zero blob's cells are all zero",
        zero.len() == CELLS_PER_EXT_BLOB && zero.iter().all(|c| c.iter().all(|&b| b == 0)),
    );
    let bad = s.compute_cells(&non_canonical_blob());
    rep.check(
        "a blob with a non-canonical field element is rejected",
        matches!(bad, Err(Error::NonCanonicalFieldElement { index: 0, .. })),
    );
    Ok(())
}

fn step_compute_cells_and_kzg_proofs(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    // Build what the settings build on first use (the commitment table, the
    // FK20 data) up front, so that every row below is a steady-state call.
    rep.time("build tables (warm_up)", || s.warm_up());
    let mut same_cells = true;
    for (blob, cells) in st.blobs.iter().zip(&st.cells) {
        let (c, proofs) = rep.time("compute_cells_and_kzg_proofs", || {
            s.compute_cells_and_kzg_proofs(blob)
        })?;
        same_cells &= c == *cells && cells_extend(&c, blob);
        st.cell_proofs.push(proofs);
    }
    rep.check(
        "its cells equal compute_cells' (the first 64 being the blob)",
        same_cells,
    );
    let mut distinct = st.cell_proofs[0].clone();
    distinct.sort_unstable();
    distinct.dedup();
    rep.check(
        "a random blob has 128 distinct cell proofs",
        distinct.len() == CELLS_PER_EXT_BLOB && st.cell_proofs[0].len() == CELLS_PER_EXT_BLOB,
    );
    let (_, zero_proofs) = rep.time("compute_cells_and_kzg_proofs", || {
        s.compute_cells_and_kzg_proofs(&zero_blob())
    })?;
    rep.check(
        "the zero blob's cell proofs are the point at infinity",
        zero_proofs.iter().all(|p| *p == G1_POINT_AT_INFINITY),
    );
    let bad = s.compute_cells_and_kzg_proofs(&non_canonical_blob());
    rep.check(
        "a blob with a non-canonical field element is rejected",
        matches!(bad, Err(Error::NonCanonicalFieldElement { index: 0, .. })),
    );
    Ok(())
}

/// A copy of `cell` with its first field element plus one (still canonical).
fn tamper_cell(cell: &Cell) -> Cell {
    let mut t = *cell;
    let first: &mut [u8] = &mut t[..BYTES_PER_FIELD_ELEMENT];
    if let Ok(bytes) = Bytes32::try_from(&*first) {
        first.copy_from_slice(&plus_one(&bytes));
    }
    t
}

fn step_verify_cell_kzg_proof_batch(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    let n = st.blobs.len();
    let indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    let row_blob = "verify_cell_kzg_proof_batch [128 cells, 1 blob]";
    let mut all = true;
    for ((c, cells), proofs) in st.commitments.iter().zip(&st.cells).zip(&st.cell_proofs) {
        let commitments = vec![*c; CELLS_PER_EXT_BLOB];
        all &= rep.time(row_blob, || {
            s.verify_cell_kzg_proof_batch(&commitments, &indices, cells, proofs)
        })?;
    }
    rep.check(
        format!("all 128 cells of each of the {n} blobs verify (one batch per blob)"),
        all,
    );

    let column = st.rng.gen_range(0..CELLS_PER_EXT_BLOB);
    let col_cells: Vec<&Cell> = st.cells.iter().map(|c| &c[column]).collect();
    let col_proofs: Vec<Bytes48> = st.cell_proofs.iter().map(|p| p[column]).collect();
    let col_indices = vec![column as u64; n];
    let row_col = format!(
        "verify_cell_kzg_proof_batch [column, {}]",
        plural(n, "blob")
    );
    let ok = rep.time(&row_col, || {
        s.verify_cell_kzg_proof_batch(&st.commitments, &col_indices, &col_cells, &col_proofs)
    })?;
    rep.check(
        format!("column {column} (cell {column} of every blob) verifies as one batch"),
        ok,
    );

    let (mut cs, mut idx, mut proofs) = (Vec::new(), Vec::new(), Vec::new());
    let mut cells: Vec<&Cell> = Vec::new();
    for (b, c) in st.commitments.iter().enumerate() {
        cs.extend(std::iter::repeat_n(*c, CELLS_PER_EXT_BLOB));
        idx.extend_from_slice(&indices);
        cells.extend(st.cells[b].iter());
        proofs.extend_from_slice(&st.cell_proofs[b]);
    }
    let row_all = format!(
        "verify_cell_kzg_proof_batch [{}, {}]",
        plural(cells.len(), "cell"),
        plural(n, "blob")
    );
    let ok = rep.time(&row_all, || {
        s.verify_cell_kzg_proof_batch(&cs, &idx, &cells, &proofs)
    })?;
    rep.check(
        format!(
            "all {} cells of the {n} blobs verify as one batch",
            cells.len()
        ),
        ok,
    );

    let (c0, cells0, proofs0) = (&st.commitments[0], &st.cells[0], &st.cell_proofs[0]);
    let commitments = vec![*c0; CELLS_PER_EXT_BLOB];
    let k = st.rng.gen_range(0..CELLS_PER_EXT_BLOB);
    let mut tampered = cells0.clone();
    tampered[k] = tamper_cell(&tampered[k]);
    let bad = rep.time(row_blob, || {
        s.verify_cell_kzg_proof_batch(&commitments, &indices, &tampered, proofs0)
    })?;
    rep.check(
        format!("the batch with cell {k} tampered (a field element + 1) is rejected"),
        !bad,
    );
    let mut swapped = proofs0.clone();
    let j = (k + 1) % CELLS_PER_EXT_BLOB;
    swapped.swap(k, j);
    let bad = rep.time(row_blob, || {
        s.verify_cell_kzg_proof_batch(&commitments, &indices, cells0, &swapped)
    })?;
    rep.check(
        format!("the batch with the proofs of cells {k} and {j} swapped is rejected"),
        !bad,
    );
    let mut wrong_index = indices.clone();
    wrong_index[k] = j as u64;
    let bad = s.verify_cell_kzg_proof_batch(&commitments, &wrong_index, cells0, proofs0);
    rep.check(
        format!("cell {k} claimed as cell {j} is rejected"),
        bad == Ok(false),
    );
    if n >= 2 {
        let other = vec![st.commitments[1]; CELLS_PER_EXT_BLOB];
        let bad = s.verify_cell_kzg_proof_batch(&other, &indices, cells0, proofs0);
        rep.check(
            "the cells are rejected with another blob's commitment",
            bad == Ok(false),
        );
    }
    let mut out_of_range = indices.clone();
    out_of_range[0] = CELLS_PER_EXT_BLOB as u64;
    let bad = s.verify_cell_kzg_proof_batch(&commitments, &out_of_range, cells0, proofs0);
    rep.check(
        "a cell index >= 128 is rejected",
        matches!(bad, Err(Error::CellIndexOutOfRange { index: 128, .. })),
    );
    let empty: &[Cell] = &[];
    rep.check(
        "the empty batch verifies",
        s.verify_cell_kzg_proof_batch(&[], &[], empty, &[]) == Ok(true),
    );
    Ok(())
}

fn step_recover_cells_and_kzg_proofs(st: &mut State, rep: &mut Report) -> Result<()> {
    let s = st.settings;
    let half = CELLS_PER_EXT_BLOB / 2;
    let (cells0, proofs0) = (&st.cells[0], &st.cell_proofs[0]);
    let mut random: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    random.shuffle(&mut st.rng);
    random.truncate(half);
    random.sort_unstable();
    let pick = |cells: &[Cell], idx: &[u64]| -> Vec<Cell> {
        idx.iter().map(|&i| cells[i as usize]).collect()
    };
    let some = pick(cells0, &random);
    let (cells, proofs) = rep.time("recover_cells_and_kzg_proofs [64 random cells]", || {
        s.recover_cells_and_kzg_proofs(&random, &some)
    })?;
    rep.check(
        "from a random half of the cells: all cells and proofs equal the originals",
        cells == *cells0 && proofs == *proofs0,
    );

    let last = st.blobs.len() - 1;
    let (cells_l, proofs_l) = (&st.cells[last], &st.cell_proofs[last]);
    let second: Vec<u64> = (half as u64..CELLS_PER_EXT_BLOB as u64).collect();
    let ext = pick(cells_l, &second);
    let (cells, proofs) = rep.time("recover_cells_and_kzg_proofs [cells 64..127]", || {
        s.recover_cells_and_kzg_proofs(&second, &ext)
    })?;
    rep.check(
        "from the second half (the extension only): the blob and all proofs come back",
        cells == *cells_l && proofs == *proofs_l && cells_extend(&cells, &st.blobs[last]),
    );

    let too_few = s.recover_cells_and_kzg_proofs(&random[1..], &some[1..]);
    rep.check(
        "63 cells are rejected",
        matches!(too_few, Err(Error::NotEnoughCells { got: 63, .. })),
    );
    let mut dup = random.clone();
    dup[1] = dup[0];
    let bad = s.recover_cells_and_kzg_proofs(&dup, &some);
    rep.check(
        "duplicate cell indices are rejected",
        matches!(bad, Err(Error::CellIndicesNotAscending)),
    );
    let mut non_canonical = some.clone();
    non_canonical[0][..BYTES_PER_FIELD_ELEMENT].fill(0xff);
    let bad = s.recover_cells_and_kzg_proofs(&random, &non_canonical);
    rep.check(
        "a cell with a non-canonical field element is rejected",
        matches!(bad, Err(Error::NonCanonicalFieldElement { .. })),
    );
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn print_report(rep: &Report, aborted: Option<(&str, &Error)>) {
    println!("checks:");
    let mut step = "";
    for c in &rep.checks {
        if c.step != step {
            step = c.step;
            println!("  {step}");
        }
        println!(
            "    {}  {}",
            if c.passed { "ok  " } else { "FAIL" },
            c.description
        );
    }
    if let Some((name, err)) = aborted {
        println!("  {name}");
        println!("    FAIL  unexpected error: {err}");
    }
    let width = rep
        .rows
        .iter()
        .map(|r| r.function.len())
        .max()
        .unwrap_or(8)
        .max(8);
    println!();
    println!(
        "{:<width$}  {:>5}  {:>10}  {:>10}",
        "function", "calls", "median ms", "mean ms"
    );
    println!(
        "{}  {}  {}  {}",
        "-".repeat(width),
        "-".repeat(5),
        "-".repeat(10),
        "-".repeat(10)
    );
    for row in &rep.rows {
        let mut sorted = row.samples.clone();
        sorted.sort_unstable();
        let k = sorted.len();
        let median = if k % 2 == 1 {
            sorted[k / 2]
        } else {
            (sorted[k / 2 - 1] + sorted[k / 2]) / 2
        };
        let mean = sorted.iter().sum::<Duration>() / k as u32;
        println!(
            "{:<width$}  {:>5}  {:>10.3}  {:>10.3}",
            row.function,
            k,
            ms(median),
            ms(mean)
        );
    }
    println!();
}

/// Runs the demo: `n` random blobs from `seed` (random if absent).
pub fn run(opts: &GlobalOpts, n: usize, seed: Option<u64>) -> CliResult<ExitCode> {
    let (mut rng, seed) = rng_from(seed);
    let loaded = load_settings(opts)?;
    println!(
        "fastkzg demo: backend {}, {n} random blob{}, seed {seed}, setup: {}",
        Blst::NAME,
        if n == 1 { "" } else { "s" },
        loaded.source
    );
    println!();
    let mut rep = Report::default();
    rep.record("load trusted setup", loaded.load_time);
    let blobs = (0..n).map(|_| random_blob(&mut rng)).collect();
    let mut st = State {
        settings: &loaded.settings,
        rng,
        blobs,
        commitments: Vec::new(),
        openings: Vec::new(),
        blob_proofs: Vec::new(),
        cells: Vec::new(),
        cell_proofs: Vec::new(),
    };
    let progress = std::io::stderr().is_terminal();
    let mut aborted = None;
    for (i, step) in STEPS.iter().enumerate() {
        if progress {
            eprint!("\r\x1b[K[{}/{}] {}", i + 1, STEPS.len(), step.name);
        }
        rep.step = step.name;
        if let Err(e) = (step.run)(&mut st, &mut rep) {
            aborted = Some((step.name, e));
            break;
        }
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    print_report(&rep, aborted.as_ref().map(|(n, e)| (*n, e)));
    let failed = rep.failures() + usize::from(aborted.is_some());
    let total = rep.checks.len() + usize::from(aborted.is_some());
    if failed == 0 {
        println!("all {total} checks passed");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("{failed} of {total} checks FAILED");
        Ok(ExitCode::from(EXIT_INVALID))
    }
}
