//! The EIP-7594 subcommands `cells`, `recover` and `verify-cells`: thin
//! wrappers that read a cell directory (see [`crate::cell_io`]), call one
//! library function and write or print the result.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::slice::from_ref;

use fastkzg::{Blob, Bytes48, Cell, Error, Input, KzgSettings, CELLS_PER_BLOB, CELLS_PER_EXT_BLOB};

use crate::blob_io::{hex_or_file, read_blob, to_hex, write_blob, zero_blob};
use crate::cell_io::{
    check_indices, check_out_dir, parse_index_list, parse_layout_name, read_cell, read_point,
    scan_dir, write_dir, CellDir, Indexed, LayoutName, COMMITMENT_FILE,
};
use crate::commands::{lib_error, verdict, Settings};
use crate::error::{CliError, CliResult};

/// Options of `cells`.
pub struct CellsOpts<'a> {
    /// The blob file.
    pub blob: &'a Path,
    /// The output directory.
    pub out: &'a Path,
    /// Skip the proofs (`compute_cells` only).
    pub no_proofs: bool,
    /// Write cells as hex text.
    pub hex: bool,
    /// Replace layout files already in `out`.
    pub force: bool,
}

/// `fastkzg cells`: writes the blob's commitment, 128 cells and (unless
/// `no_proofs`) their proofs; prints the commitment.
pub fn cells(settings: impl FnOnce() -> CliResult<Settings>, o: &CellsOpts) -> CliResult<ExitCode> {
    let blob = read_blob(o.blob)?;
    check_out_dir(o.out, o.force)?;
    let s = settings()?;
    let blob_err = |e| lib_error(o.blob, e);
    let commitment = s.blob_to_kzg_commitment(&blob).map_err(blob_err)?;
    let (cells, proofs) = if o.no_proofs {
        (s.compute_cells(&blob).map_err(blob_err)?, None)
    } else {
        let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob).map_err(blob_err)?;
        (cells, Some(proofs))
    };
    let contents = CellDir {
        commitment: &commitment,
        cells: &cells[..],
        proofs: proofs.as_ref().map(|p| &p[..]),
    };
    write_dir(o.out, &contents, o.hex)?;
    println!("{}", to_hex(&commitment));
    eprintln!(
        "wrote {} cells{} and {COMMITMENT_FILE} to {}",
        cells.len(),
        if o.no_proofs { "" } else { ", their proofs" },
        o.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Options of `recover`.
pub struct RecoverOpts<'a> {
    /// Cell directories and cell files.
    pub inputs: &'a [PathBuf],
    /// Explicit indices of the cell files in `inputs` (empty: from names).
    pub indices: &'a [String],
    /// The output directory.
    pub out: &'a Path,
    /// Write cells as hex text.
    pub hex: bool,
    /// Replace layout files already in `out`.
    pub force: bool,
    /// Also write the recovered blob here.
    pub blob: Option<&'a Path>,
}

/// The cell files named by `recover`'s inputs, and the commitment files of
/// its input directories.
fn collect_cell_files(o: &RecoverOpts) -> CliResult<(Vec<Indexed>, Vec<PathBuf>)> {
    if !o.indices.is_empty() {
        let indices = parse_index_list(o.indices)?;
        if let Some(dir) = o.inputs.iter().find(|p| p.is_dir()) {
            return Err(CliError::new(format!(
                "--indices names the indices of cell files, but {} is a directory",
                dir.display()
            )));
        }
        if indices.len() != o.inputs.len() {
            return Err(CliError::new(format!(
                "--indices lists {} index(es) for {} cell file(s); give one index per file, in \
                 the same order",
                indices.len(),
                o.inputs.len()
            )));
        }
        let files = indices
            .into_iter()
            .zip(o.inputs)
            .map(|(index, path)| Indexed {
                index,
                path: path.clone(),
            })
            .collect();
        return Ok((files, Vec::new()));
    }
    let mut files = Vec::new();
    let mut commitments = Vec::new();
    for input in o.inputs {
        if input.is_dir() {
            let listing = scan_dir(input)?;
            files.extend(listing.cells);
            commitments.extend(listing.commitment);
            continue;
        }
        if !input.exists() {
            return Err(CliError::new(format!(
                "{}: no such file or directory",
                input.display()
            )));
        }
        let name = input.file_name().and_then(|n| n.to_str());
        match name.and_then(parse_layout_name) {
            Some(LayoutName::Cell(index)) => files.push(Indexed {
                index,
                path: input.clone(),
            }),
            _ => {
                return Err(CliError::new(format!(
                    "{}: cannot tell the cell index from the file name (expected cell_NNN.bin \
                     or cell_NNN.hex); give the indices with --indices",
                    input.display()
                )))
            }
        }
    }
    Ok((files, commitments))
}

/// A library error about the `pos`-th of `files`' cells: a non-canonical
/// field element is attributed to its file.
fn cell_error(files: &[Indexed], err: Error) -> CliError {
    match err {
        Error::NonCanonicalFieldElement {
            input: Input::Cell,
            position,
            element,
        } => match files.get(position) {
            Some(f) => CliError::lib(
                f.path.display(),
                Error::NonCanonicalFieldElement {
                    input: Input::Cell,
                    position: 0,
                    element,
                },
            ),
            None => CliError::new(err.to_string()),
        },
        other => CliError::new(other.to_string()),
    }
}

/// `fastkzg recover`: recovers all cells and proofs from at least half of
/// them, writes them in the layout; prints the commitment.
pub fn recover(
    settings: impl FnOnce() -> CliResult<Settings>,
    o: &RecoverOpts,
) -> CliResult<ExitCode> {
    let (files, commitment_files) = collect_cell_files(o)?;
    let files = check_indices(files, "cell")?;
    let needed = CELLS_PER_EXT_BLOB / 2;
    if files.len() < needed {
        let inputs: Vec<String> = o.inputs.iter().map(|p| p.display().to_string()).collect();
        return Err(CliError::new(format!(
            "too few cells: {} found in {}, at least {needed} of {CELLS_PER_EXT_BLOB} are needed \
             to recover",
            files.len(),
            inputs.join(", ")
        )));
    }
    check_out_dir(o.out, o.force)?;
    let cells = files
        .iter()
        .map(|f| read_cell(&f.path))
        .collect::<CliResult<Vec<Cell>>>()?;
    let expected_commitments = commitment_files
        .iter()
        .map(|p| Ok((p, read_point(p, "commitment")?)))
        .collect::<CliResult<Vec<_>>>()?;
    let indices: Vec<u64> = files.iter().map(|f| f.index).collect();

    let s = settings()?;
    let (all_cells, proofs) = s
        .recover_cells_and_kzg_proofs(&indices, &cells)
        .map_err(|e| cell_error(&files, e))?;
    // With more than half of the cells, the input can be inconsistent (no
    // blob has all of them); the library then returns another blob's cells.
    for (f, cell) in files.iter().zip(&cells) {
        let recovered = usize::try_from(f.index).ok().and_then(|i| all_cells.get(i));
        if recovered != Some(cell) {
            return Err(CliError::new(format!(
                "{}: the input cells are inconsistent: this cell differs from cell {} as \
                 recovered from the others, so no single blob has all of them (check them with \
                 verify-cells)",
                f.path.display(),
                f.index
            )));
        }
    }
    let blob = blob_from_cells(&all_cells[..])?;
    let commitment = s
        .blob_to_kzg_commitment(&blob)
        .map_err(|e| CliError::new(format!("the recovered blob: {e}")))?;
    for (path, expected) in &expected_commitments {
        if *expected != commitment {
            return Err(CliError::new(format!(
                "{}: the recovered blob's commitment {} differs from this one, {}: the cells do \
                 not belong to that commitment",
                path.display(),
                to_hex(&commitment),
                to_hex(expected)
            )));
        }
    }
    let contents = CellDir {
        commitment: &commitment,
        cells: &all_cells[..],
        proofs: Some(&proofs[..]),
    };
    write_dir(o.out, &contents, o.hex)?;
    if let Some(path) = o.blob {
        write_blob(path, &blob, o.hex)?;
    }
    println!("{}", to_hex(&commitment));
    eprintln!(
        "recovered {} cells and proofs from {} cells; wrote them and {COMMITMENT_FILE} to {}",
        all_cells.len(),
        files.len(),
        o.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The blob: the first 64 cells, concatenated.
fn blob_from_cells(cells: &[Cell]) -> CliResult<Box<Blob>> {
    let mut blob = zero_blob();
    let firsts = cells.get(..CELLS_PER_BLOB).unwrap_or_default();
    if firsts.len() != CELLS_PER_BLOB {
        return Err(CliError::new(format!(
            "expected {CELLS_PER_EXT_BLOB} recovered cells, got {}",
            cells.len()
        )));
    }
    for (dst, cell) in blob.chunks_exact_mut(fastkzg::BYTES_PER_CELL).zip(firsts) {
        dst.copy_from_slice(cell);
    }
    Ok(blob)
}

/// `fastkzg verify-cells`: verifies every cell/proof pair in `dir` against
/// the commitment with one batch call; prints `valid` or `invalid`.
pub fn verify_cells(
    settings: impl FnOnce() -> CliResult<Settings>,
    dir: &Path,
    commitment: Option<&str>,
) -> CliResult<ExitCode> {
    if !dir.is_dir() {
        return Err(CliError::new(format!("{}: not a directory", dir.display())));
    }
    let listing = scan_dir(dir)?;
    let cell_files = check_indices(listing.cells, "cell")?;
    let proof_files = check_indices(listing.proofs, "proof")?;
    let (commitment, commitment_source) = match commitment {
        Some(arg) => (
            hex_or_file::<48>("--commitment", arg)?,
            "--commitment".to_string(),
        ),
        None => {
            let path = dir.join(COMMITMENT_FILE);
            if !path.is_file() {
                return Err(CliError::new(format!(
                    "{}: not found; give the commitment with --commitment",
                    path.display()
                )));
            }
            (read_point(&path, "commitment")?, path.display().to_string())
        }
    };
    // Pair cells and proofs by index (both lists are sorted and unique).
    let mut pairs: Vec<(&Indexed, &Indexed)> = Vec::new();
    let mut no_proof: Vec<&Path> = Vec::new();
    let mut no_cell: Vec<&Path> = Vec::new();
    let (mut c, mut p) = (cell_files.iter().peekable(), proof_files.iter().peekable());
    loop {
        match (c.peek(), p.peek()) {
            (Some(cf), Some(pf)) if cf.index == pf.index => {
                pairs.push((cf, pf));
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
    let indices: Vec<u64> = pairs.iter().map(|(cf, _)| cf.index).collect();
    let commitments = vec![commitment; pairs.len()];

    let s = settings()?;
    let point_error = |e: Error| match e {
        Error::InvalidG1Point {
            input: Input::Commitment,
            reason,
            ..
        } => CliError::new(format!("{commitment_source}: invalid commitment: {reason}")),
        Error::InvalidG1Point {
            input: Input::Proof,
            position,
            reason,
        } => match pairs.get(position) {
            Some((_, pf)) => {
                CliError::new(format!("{}: invalid proof: {reason}", pf.path.display()))
            }
            None => CliError::new(format!("proof {position}: {reason}")),
        },
        other => {
            let files: Vec<Indexed> = pairs.iter().map(|(cf, _)| (*cf).clone()).collect();
            cell_error(&files, other)
        }
    };
    let valid = s
        .verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs)
        .map_err(point_error)?;
    eprintln!(
        "checked {} cell/proof pair(s) in {} against {}",
        pairs.len(),
        dir.display(),
        to_hex(&commitment)
    );
    if !valid {
        report_bad_cells(&s, &pairs, &commitment, &indices, &cells, &proofs);
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

/// After a failed batch: verifies each pair alone and names the bad ones on
/// stderr (only on this path, so the valid case stays one batch call).
fn report_bad_cells(
    s: &KzgSettings,
    pairs: &[(&Indexed, &Indexed)],
    commitment: &Bytes48,
    indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) {
    let bad: Vec<String> = pairs
        .iter()
        .zip(indices)
        .zip(cells)
        .zip(proofs)
        .filter(|(((_, index), cell), proof)| {
            let valid = s.verify_cell_kzg_proof_batch(
                from_ref(commitment),
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
}
