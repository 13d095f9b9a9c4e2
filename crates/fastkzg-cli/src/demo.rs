//! `fastkzg demo`: a tour of the library. It calls every API function on
//! random blobs with the chosen setup (by default the embedded mainnet
//! setup), cross-checks the results against each other (commitment, proof,
//! verification, cells, recovery), and prints one timing line per function
//! with its checks under it. A failed check, or an error on these valid
//! inputs, makes the exit code 1.
//!
//! Edge cases and the validation rules are not repeated here: the library's
//! tests (`crates/fastkzg/tests/`) cover them.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use fastkzg::backend::{Backend, Scalar};
use fastkzg::compute_challenge;
use fastkzg::{Blob, Blst, Bytes32, Bytes48, Cell, KzgSettings, Result};
use fastkzg::{CELLS_PER_BLOB, CELLS_PER_EXT_BLOB};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::args::GlobalOpts;
use crate::blob_io::{random_blob, random_field_element};
use crate::commands::{load_settings, rng_from, EXIT_INVALID};
use crate::error::CliResult;

/// Prints timing lines and checks, and counts the checks.
#[derive(Default)]
struct Report {
    checks: usize,
    failed: usize,
}

impl Report {
    /// Prints a timing line: `function`, its number of calls, and the mean
    /// time per call in milliseconds.
    fn row(&self, function: &str, calls: usize, elapsed: Duration) {
        let ms = elapsed.as_secs_f64() * 1e3 / calls as f64;
        println!("{function:<30} {calls:>5} {ms:>12.3}");
    }

    /// Runs `f`, which makes `calls` calls of `function`, and prints its
    /// timing line.
    fn time<T>(&self, function: &str, calls: usize, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.row(function, calls, start.elapsed());
        out
    }

    /// Prints and counts one check.
    fn check(&mut self, description: &str, passed: bool) {
        self.checks += 1;
        self.failed += usize::from(!passed);
        println!("  {}  {description}", if passed { "ok  " } else { "FAIL" });
    }
}

/// `Ok(true)` if every result is `Ok(true)`; the first error otherwise.
fn all(results: impl IntoIterator<Item = Result<bool>>) -> Result<bool> {
    results
        .into_iter()
        .try_fold(true, |acc, valid| Ok(acc & valid?))
}

/// A copy of `proof` with one bit of its x coordinate flipped.
fn tamper(proof: &Bytes48) -> Bytes48 {
    let mut t = *proof;
    t[47] ^= 1;
    t
}

/// `y + 1` as a field element: a wrong but canonical value.
fn plus_one(y: &Bytes32) -> Bytes32 {
    type Fr = <Blst as Backend>::Fr;
    Fr::from_bytes_be(y).map_or(*y, |x| (x + Fr::one()).to_bytes_be())
}

/// Calls every API function on `blobs` and cross-checks the results. An
/// error is returned as it is: on these inputs it is a failure too.
fn tour(s: &KzgSettings, blobs: &[Box<Blob>], rng: &mut StdRng, rep: &mut Report) -> Result<()> {
    let n = blobs.len();
    // Every row below is then a steady-state call.
    rep.time("build tables (warm_up)", 1, || s.warm_up());

    // EIP-4844: commitments, openings at a point, blob proofs.
    let commitments = rep.time("blob_to_kzg_commitment", n, || {
        let commit = blobs.iter().map(|b| s.blob_to_kzg_commitment(b));
        commit.collect::<Result<Vec<_>>>()
    })?;
    let mut distinct = commitments.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let what = format!("the {n} blobs have {n} distinct commitments");
    rep.check(&what, distinct.len() == n);

    let zs: Vec<Bytes32> = (0..n).map(|_| random_field_element(rng)).collect();
    let openings = rep.time("compute_kzg_proof", n, || {
        let open = blobs
            .iter()
            .zip(&zs)
            .map(|(b, z)| s.compute_kzg_proof(b, z));
        open.collect::<Result<Vec<_>>>()
    })?;
    let valid = rep.time("verify_kzg_proof", n, || {
        let pairs = commitments.iter().zip(&zs).zip(&openings);
        all(pairs.map(|((c, z), (proof, y))| s.verify_kzg_proof(c, z, y, proof)))
    })?;
    rep.check("each (y, proof) verifies at its point z", valid);
    let (proof, y) = &openings[0];
    let wrong = s.verify_kzg_proof(&commitments[0], &zs[0], &plus_one(y), proof)?;
    rep.check("a wrong value (y + 1) is rejected", !wrong);

    let blob_proofs = rep.time("compute_blob_kzg_proof", n, || {
        let pairs = blobs.iter().zip(&commitments);
        pairs
            .map(|(b, c)| s.compute_blob_kzg_proof(b, c))
            .collect::<Result<Vec<_>>>()
    })?;
    let z = compute_challenge::<Blst>(&blobs[0], &commitments[0]).to_bytes_be();
    let (at_challenge, _) = s.compute_kzg_proof(&blobs[0], &z)?;
    rep.check(
        "a blob proof is compute_kzg_proof at compute_challenge",
        at_challenge == blob_proofs[0],
    );
    let valid = rep.time("verify_blob_kzg_proof", n, || {
        let triples = blobs.iter().zip(&commitments).zip(&blob_proofs);
        all(triples.map(|((b, c), p)| s.verify_blob_kzg_proof(b, c, p)))
    })?;
    rep.check("each blob proof verifies", valid);
    let tampered = s.verify_blob_kzg_proof(&blobs[0], &commitments[0], &tamper(&blob_proofs[0]));
    rep.check(
        "a tampered proof (one bit flipped) is rejected",
        !matches!(tampered, Ok(true)),
    );
    let valid = rep.time("verify_blob_kzg_proof_batch", 1, || {
        s.verify_blob_kzg_proof_batch(blobs, &commitments, &blob_proofs)
    })?;
    rep.check(&format!("the {n} blob proofs verify as one batch"), valid);
    let point_proofs: Vec<Bytes48> = openings.iter().map(|(p, _)| *p).collect();
    let wrong = s.verify_blob_kzg_proof_batch(blobs, &commitments, &point_proofs)?;
    rep.check(
        "the batch with the proofs at z as blob proofs is rejected",
        !wrong,
    );

    // EIP-7594: cells, cell proofs, their verification and recovery.
    let cells = rep.time("compute_cells", n, || {
        let extend = blobs.iter().map(|b| s.compute_cells(b));
        extend.collect::<Result<Vec<_>>>()
    })?;
    let mut pairs = cells.iter().zip(blobs);
    rep.check(
        "each blob has 128 cells, the first 64 being the blob itself",
        pairs.all(|(c, b)| c.len() == CELLS_PER_EXT_BLOB && c[..CELLS_PER_BLOB].concat() == b[..]),
    );
    let with_proofs = rep.time("compute_cells_and_kzg_proofs", n, || {
        let extend = blobs.iter().map(|b| s.compute_cells_and_kzg_proofs(b));
        extend.collect::<Result<Vec<_>>>()
    })?;
    rep.check(
        "its cells equal those of compute_cells",
        with_proofs.iter().zip(&cells).all(|((c, _), d)| c == d),
    );

    let (mut cs, mut ids, mut proofs) = (vec![], vec![], vec![]);
    let mut all_cells: Vec<&Cell> = vec![];
    for (c, (blob_cells, blob_proofs)) in commitments.iter().zip(&with_proofs) {
        cs.extend(std::iter::repeat_n(*c, CELLS_PER_EXT_BLOB));
        ids.extend(0..CELLS_PER_EXT_BLOB as u64);
        all_cells.extend(blob_cells.iter());
        proofs.extend_from_slice(&blob_proofs[..]);
    }
    let valid = rep.time("verify_cell_kzg_proof_batch", 1, || {
        s.verify_cell_kzg_proof_batch(&cs, &ids, &all_cells, &proofs)
    })?;
    let what = format!(
        "all {} cells verify as one batch against the commitments",
        all_cells.len()
    );
    rep.check(&what, valid);
    let last = all_cells.len() - 1;
    let mut altered = *all_cells[last];
    altered[31] ^= 1;
    all_cells[last] = &altered;
    let bad = s.verify_cell_kzg_proof_batch(&cs, &ids, &all_cells, &proofs);
    rep.check(
        "the batch with one cell altered is rejected",
        !matches!(bad, Ok(true)),
    );

    let mut halves = Vec::with_capacity(n);
    for (blob_cells, _) in &with_proofs {
        let mut ids: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
        ids.shuffle(rng);
        ids.truncate(CELLS_PER_EXT_BLOB / 2);
        ids.sort_unstable();
        let given: Vec<Cell> = ids.iter().map(|&i| blob_cells[i as usize]).collect();
        halves.push((ids, given));
    }
    let recovered = rep.time("recover_cells_and_kzg_proofs", n, || {
        let recover = halves
            .iter()
            .map(|(ids, given)| s.recover_cells_and_kzg_proofs(ids, given));
        recover.collect::<Result<Vec<_>>>()
    })?;
    rep.check(
        "from a random half of its cells, each blob's cells and proofs come back",
        recovered == with_proofs,
    );
    Ok(())
}

/// Runs the demo: `n` random blobs from `seed` (random if absent).
pub fn run(opts: &GlobalOpts, n: usize, seed: Option<u64>) -> CliResult<ExitCode> {
    let (mut rng, seed) = rng_from(seed);
    let loaded = load_settings(opts)?;
    let plural = if n == 1 { "" } else { "s" };
    println!(
        "fastkzg demo: backend {}, {n} random blob{plural}, seed {seed}, setup: {}",
        Blst::NAME,
        loaded.source
    );
    println!();
    println!("{:<30} {:>5} {:>12}", "function", "calls", "ms per call");
    let mut rep = Report::default();
    rep.row("load trusted setup", 1, loaded.load_time);
    let blobs: Vec<Box<Blob>> = (0..n).map(|_| random_blob(&mut rng)).collect();
    if let Err(e) = tour(&loaded.settings, &blobs, &mut rng, &mut rep) {
        rep.check(&format!("unexpected error: {e}"), false);
    }
    println!();
    if rep.failed == 0 {
        println!("all {} checks passed", rep.checks);
        Ok(ExitCode::SUCCESS)
    } else {
        println!("{} of {} checks FAILED", rep.failed, rep.checks);
        Ok(ExitCode::from(EXIT_INVALID))
    }
}
