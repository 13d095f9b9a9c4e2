//! `fastkzg verify-cells`: the cell/proof pairs of each directory against
//! its commitment, or (`--blobs`) each directory's 128 proofs against its
//! blob.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::slice::from_ref;

use fastkzg::{Blob, Bytes48, Cell, Error, Input, KzgSettings, CELLS_PER_EXT_BLOB};

use super::{blob_error, cell_error};
use crate::blob_io::{hex_or_file, read_blob, to_hex};
use crate::cell_io::{check_indices, read_cell, read_point, scan_dir, Indexed, COMMITMENT_FILE};
use crate::commands::{verdict, Settings};
use crate::error::{CliError, CliResult};

/// `fastkzg verify-cells`: verifies the cell/proof pairs of every directory
/// (one blob each) against its commitment, or with `blobs` each
/// directory's 128 proofs against its blob; prints `valid` or `invalid`.
pub fn verify_cells(
    settings: impl FnOnce() -> CliResult<Settings>,
    dirs: &[PathBuf],
    commitments: &[String],
    blobs: &[PathBuf],
) -> CliResult<ExitCode> {
    let n = dirs.len();
    if !commitments.is_empty() && commitments.len() != n {
        return Err(CliError::new(format!(
            "{} commitment(s) for {n} director(ies): give one --commitment per directory, in \
             order (or none: each DIR/{COMMITMENT_FILE} is read)",
            commitments.len()
        )));
    }
    if !blobs.is_empty() && blobs.len() != n {
        return Err(CliError::new(format!(
            "{} --blobs file(s) for {n} director(ies): give one blob per directory, in order",
            blobs.len()
        )));
    }
    if let Some(dir) = dirs.iter().find(|d| !d.is_dir()) {
        return Err(CliError::new(format!("{}: not a directory", dir.display())));
    }
    let commitment_arg = |b: usize| commitments.get(b).map(String::as_str);
    if !blobs.is_empty() {
        return verify_blob_proofs(settings, dirs, commitments, blobs);
    }
    let loaded = dirs
        .iter()
        .enumerate()
        .map(|(b, dir)| DirPairs::load(dir, commitment_arg(b)))
        .collect::<CliResult<Vec<DirPairs>>>()?;
    let s = settings()?;
    let valid = if let [d] = &loaded[..] {
        let commitments = vec![d.commitment; d.pairs.len()];
        s.verify_cell_kzg_proof_batch(&commitments, &d.indices, &d.cells, &d.proofs)
            .map_err(|e| d.error(e))?
    } else {
        verify_many_dirs(&s, &loaded)?
    };
    let total: usize = loaded.iter().map(|d| d.pairs.len()).sum();
    match &loaded[..] {
        [d] => eprintln!(
            "checked {} cell/proof pair(s) in {} against {}",
            d.pairs.len(),
            d.dir.display(),
            to_hex(&d.commitment)
        ),
        _ => eprintln!(
            "checked {total} cell/proof pair(s) in {n} directories, each against its commitment"
        ),
    }
    if !valid {
        let bad_dirs: Vec<String> = loaded
            .iter()
            .filter(|d| !report_bad_cells(&s, d))
            .map(|d| d.dir.display().to_string())
            .collect();
        if n > 1 && !bad_dirs.is_empty() {
            eprintln!(
                "{} of {n} blob(s) do not verify: {}",
                bad_dirs.len(),
                bad_dirs.join(", ")
            );
        }
    }
    verdict(valid)
}

/// Several directories: one `verify_cells_shared_indices` call when they
/// all hold the same cell indices, else one `verify_cell_kzg_proof_batch`
/// over all pairs.
fn verify_many_dirs(s: &KzgSettings, dirs: &[DirPairs]) -> CliResult<bool> {
    let cells: Vec<&Cell> = dirs.iter().flat_map(|d| &d.cells).collect();
    let proofs: Vec<Bytes48> = dirs.iter().flat_map(|d| d.proofs.iter().copied()).collect();
    if dirs.iter().all(|d| d.indices == dirs[0].indices) {
        let commitments: Vec<Bytes48> = dirs.iter().map(|d| d.commitment).collect();
        return s
            .verify_cells_shared_indices(&commitments, &dirs[0].indices, &cells, &proofs)
            .map_err(|e| match e {
                Error::InBlob { blob, source } if blob < dirs.len() => dirs[blob].error(*source),
                Error::InvalidG1Point {
                    input: Input::Commitment,
                    position,
                    reason,
                } if position < dirs.len() => dirs[position].error(Error::InvalidG1Point {
                    input: Input::Commitment,
                    position: 0,
                    reason,
                }),
                other => CliError::new(other.to_string()),
            });
    }
    let commitments: Vec<Bytes48> = dirs
        .iter()
        .flat_map(|d| vec![d.commitment; d.pairs.len()])
        .collect();
    let indices: Vec<u64> = dirs
        .iter()
        .flat_map(|d| d.indices.iter().copied())
        .collect();
    // A position in the flat lists as (directory, position in it).
    let locate = |position: usize| {
        let mut offset = 0;
        for (b, d) in dirs.iter().enumerate() {
            if position < offset + d.pairs.len() {
                return Some((b, position - offset));
            }
            offset += d.pairs.len();
        }
        None
    };
    s.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs)
        .map_err(|e| {
            let (input, position) = match &e {
                Error::InvalidG1Point {
                    input, position, ..
                } => (*input, *position),
                Error::NonCanonicalFieldElement {
                    input, position, ..
                } => (*input, *position),
                _ => return CliError::new(e.to_string()),
            };
            let Some((b, inner)) = locate(position) else {
                return CliError::new(e.to_string());
            };
            let moved = match e {
                Error::InvalidG1Point { reason, .. } => Error::InvalidG1Point {
                    input,
                    position: inner,
                    reason,
                },
                Error::NonCanonicalFieldElement { element, .. } => {
                    Error::NonCanonicalFieldElement {
                        input,
                        position: inner,
                        element,
                    }
                }
                other => other,
            };
            dirs[b].error(moved)
        })
}

/// One cell directory of `verify-cells`: its commitment and its
/// cell/proof pairs, read.
struct DirPairs {
    dir: PathBuf,
    commitment: Bytes48,
    /// Where the commitment came from (`--commitment` or the file).
    commitment_source: String,
    pairs: Vec<(Indexed, Indexed)>,
    indices: Vec<u64>,
    cells: Vec<Cell>,
    proofs: Vec<Bytes48>,
}

/// A directory's commitment: `arg` (hex or a file), else
/// `DIR/commitment.hex`; and where it came from.
fn dir_commitment(dir: &Path, arg: Option<&str>) -> CliResult<(Bytes48, String)> {
    match arg {
        Some(arg) => Ok((
            hex_or_file::<48>("--commitment", arg)?,
            "--commitment".to_string(),
        )),
        None => {
            let path = dir.join(COMMITMENT_FILE);
            if !path.is_file() {
                return Err(CliError::new(format!(
                    "{}: not found; give the commitment with --commitment",
                    path.display()
                )));
            }
            Ok((read_point(&path, "commitment")?, path.display().to_string()))
        }
    }
}

impl DirPairs {
    /// Reads `dir`: pairs cells and proofs by index (warning about the
    /// unpaired ones), reads them and the commitment.
    fn load(dir: &Path, commitment_arg: Option<&str>) -> CliResult<DirPairs> {
        let listing = scan_dir(dir)?;
        let cell_files = check_indices(listing.cells, "cell")?;
        let proof_files = check_indices(listing.proofs, "proof")?;
        let (commitment, commitment_source) = dir_commitment(dir, commitment_arg)?;
        // Pair cells and proofs by index (both lists are sorted and unique).
        let mut pairs: Vec<(Indexed, Indexed)> = Vec::new();
        let mut no_proof: Vec<&Path> = Vec::new();
        let mut no_cell: Vec<&Path> = Vec::new();
        let (mut c, mut p) = (cell_files.iter().peekable(), proof_files.iter().peekable());
        loop {
            match (c.peek(), p.peek()) {
                (Some(cf), Some(pf)) if cf.index == pf.index => {
                    pairs.push(((*cf).clone(), (*pf).clone()));
                    c.next();
                    p.next();
                }
                (Some(cf), Some(pf)) if cf.index < pf.index => {
                    no_proof.push(&cf.path);
                    c.next();
                }
                (Some(cf), None) => {
                    no_proof.push(&cf.path);
                    c.next();
                }
                (_, Some(pf)) => {
                    no_cell.push(&pf.path);
                    p.next();
                }
                (None, None) => break,
            }
        }
        if pairs.is_empty() {
            return Err(CliError::new(format!(
                "{}: no cell_NNN/proof_NNN pairs to verify ({} cell file(s), {} proof file(s))",
                dir.display(),
                cell_files.len(),
                proof_files.len()
            )));
        }
        warn_skipped(&no_proof, "cell", "proof");
        warn_skipped(&no_cell, "proof", "cell");
        let cells = pairs
            .iter()
            .map(|(cf, _)| read_cell(&cf.path))
            .collect::<CliResult<Vec<Cell>>>()?;
        let proofs = pairs
            .iter()
            .map(|(_, pf)| read_point(&pf.path, "proof"))
            .collect::<CliResult<Vec<Bytes48>>>()?;
        let indices = pairs.iter().map(|(cf, _)| cf.index).collect();
        Ok(DirPairs {
            dir: dir.to_path_buf(),
            commitment,
            commitment_source,
            pairs,
            indices,
            cells,
            proofs,
        })
    }

    /// A library error about this directory's inputs (positions in its
    /// pairs), naming the file.
    fn error(&self, e: Error) -> CliError {
        match e {
            Error::InvalidG1Point {
                input: Input::Commitment,
                reason,
                ..
            } => CliError::new(format!(
                "{}: invalid commitment: {reason}",
                self.commitment_source
            )),
            Error::InvalidG1Point {
                input: Input::Proof,
                position,
                reason,
            } => match self.pairs.get(position) {
                Some((_, pf)) => {
                    CliError::new(format!("{}: invalid proof: {reason}", pf.path.display()))
                }
                None => CliError::new(format!("proof {position}: {reason}")),
            },
            other => {
                let files: Vec<Indexed> = self.pairs.iter().map(|(cf, _)| cf.clone()).collect();
                cell_error(&files, other)
            }
        }
    }
}

/// `verify-cells --blobs`: each directory's 128 proofs against its blob's
/// cells, in one `verify_blob_cell_proofs` call.
fn verify_blob_proofs(
    settings: impl FnOnce() -> CliResult<Settings>,
    dirs: &[PathBuf],
    commitment_args: &[String],
    blob_paths: &[PathBuf],
) -> CliResult<ExitCode> {
    let n = dirs.len();
    let mut commitments = Vec::with_capacity(n);
    let mut sources = Vec::with_capacity(n);
    let mut proof_files = Vec::with_capacity(n);
    for (b, dir) in dirs.iter().enumerate() {
        let listing = scan_dir(dir)?;
        let files = check_indices(listing.proofs, "proof")?;
        let (commitment, source) = dir_commitment(dir, commitment_args.get(b).map(String::as_str))?;
        // Unique indices below 128: 128 of them are 0..=127.
        if files.len() != CELLS_PER_EXT_BLOB {
            return Err(CliError::new(format!(
                "{}: {} proof file(s); --blobs needs all {CELLS_PER_EXT_BLOB} \
                 (proof_000.hex .. proof_127.hex)",
                dir.display(),
                files.len()
            )));
        }
        commitments.push(commitment);
        sources.push(source);
        proof_files.push(files);
    }
    let proofs = proof_files
        .iter()
        .flatten()
        .map(|f| read_point(&f.path, "proof"))
        .collect::<CliResult<Vec<Bytes48>>>()?;
    let blobs = blob_paths
        .iter()
        .map(|p| read_blob(p))
        .collect::<CliResult<Vec<Box<Blob>>>>()?;

    let s = settings()?;
    let valid = s
        .verify_blob_cell_proofs(&blobs, &commitments, &proofs)
        .map_err(|e| match e {
            Error::InBlob { blob, source } if blob < n => match *source {
                Error::InvalidG1Point {
                    input: Input::Proof,
                    position,
                    reason,
                } if position < CELLS_PER_EXT_BLOB => CliError::new(format!(
                    "{}: invalid proof: {reason}",
                    proof_files[blob][position].path.display()
                )),
                other => blob_error(blob_paths, other.in_blob(blob)),
            },
            Error::InvalidG1Point {
                input: Input::Commitment,
                position,
                reason,
            } if position < n => CliError::new(format!(
                "{}: invalid commitment: {reason}",
                sources[position]
            )),
            other => CliError::new(other.to_string()),
        })?;
    eprintln!(
        "checked the {CELLS_PER_EXT_BLOB} cell proofs of each of {n} blob(s) against its \
         commitment"
    );
    if !valid {
        let per = CELLS_PER_EXT_BLOB;
        let bad: Vec<String> = (0..n)
            .filter(|&b| {
                let one = s.verify_blob_cell_proofs(
                    from_ref(&blobs[b]),
                    from_ref(&commitments[b]),
                    &proofs[b * per..(b + 1) * per],
                );
                !matches!(one, Ok(true))
            })
            .map(|b| format!("{} with {}", blob_paths[b].display(), dirs[b].display()))
            .collect();
        if !bad.is_empty() {
            eprintln!(
                "{} of {n} blob(s) do not match their proofs: {}",
                bad.len(),
                bad.join(", ")
            );
        }
    }
    verdict(valid)
}

/// Warns about skipped files (`kind` files without a matching `other` file),
/// naming the first few.
fn warn_skipped(paths: &[&Path], kind: &str, other: &str) {
    const SHOWN: usize = 4;
    if paths.is_empty() {
        return;
    }
    let mut names: Vec<String> = paths
        .iter()
        .take(SHOWN)
        .map(|p| p.display().to_string())
        .collect();
    if paths.len() > SHOWN {
        names.push(format!("... ({} more)", paths.len() - SHOWN));
    }
    eprintln!(
        "warning: skipped {} {kind} file(s) without a {other} file: {}",
        paths.len(),
        names.join(", ")
    );
}

/// After a failed batch: verifies the directory's pairs together, and if
/// they fail each pair alone, naming the bad ones on stderr (only on this
/// path, so the valid case stays one batch call). Whether the directory's
/// pairs verify.
fn report_bad_cells(s: &KzgSettings, d: &DirPairs) -> bool {
    let commitments = vec![d.commitment; d.pairs.len()];
    if matches!(
        s.verify_cell_kzg_proof_batch(&commitments, &d.indices, &d.cells, &d.proofs),
        Ok(true)
    ) {
        return true;
    }
    let bad: Vec<String> = d
        .pairs
        .iter()
        .zip(&d.indices)
        .zip(&d.cells)
        .zip(&d.proofs)
        .filter(|(((_, index), cell), proof)| {
            let valid = s.verify_cell_kzg_proof_batch(
                from_ref(&d.commitment),
                from_ref(*index),
                from_ref(*cell),
                from_ref(*proof),
            );
            !matches!(valid, Ok(true))
        })
        .map(|(((pair, _), _), _)| pair.0.path.display().to_string())
        .collect();
    if !bad.is_empty() {
        eprintln!(
            "{} cell(s) do not match their proofs: {}",
            bad.len(),
            bad.join(", ")
        );
    }
    false
}
