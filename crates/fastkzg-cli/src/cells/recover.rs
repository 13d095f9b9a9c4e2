//! `fastkzg recover`: all cells and proofs from at least half of the
//! cells, of one blob or (`--batch`) of several in one call.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fastkzg::ethereum::eip7594::CellProofs;
use fastkzg::{Blob, Cell, Error, CELLS_PER_BLOB, CELLS_PER_EXT_BLOB};

use super::{cell_error, out_dirs};
use crate::blob_io::{to_hex, write_blob, zero_blob};
use crate::cell_io::{
    check_indices, check_out_dir, parse_index_list, parse_layout_name, read_cell, read_point,
    scan_dir, write_dir, CellDir, Indexed, LayoutName, COMMITMENT_FILE,
};
use crate::commands::Settings;
use crate::error::{CliError, CliResult};

/// Options of `recover`.
pub struct RecoverOpts<'a> {
    /// Cell directories and cell files.
    pub inputs: &'a [PathBuf],
    /// Explicit indices of the cell files in `inputs` (empty: from names).
    pub indices: &'a [String],
    /// The output directory (with `batch`: one, or one per input).
    pub out: &'a [PathBuf],
    /// Each input directory is another blob (`recover_cells_batch`).
    pub batch: bool,
    /// Skip the proofs.
    pub no_proofs: bool,
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

/// `fastkzg recover`: recovers all cells and proofs from at least half of
/// them, writes them in the layout; prints the commitment.
pub fn recover(
    settings: impl FnOnce() -> CliResult<Settings>,
    o: &RecoverOpts,
) -> CliResult<ExitCode> {
    if o.batch {
        return recover_batch(settings, o);
    }
    let out: &Path = match o.out {
        [out] => out,
        _ => {
            return Err(CliError::new(format!(
                "{} --out directories for one blob: give one (several only with --batch, one \
                 per input directory)",
                o.out.len()
            )))
        }
    };
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
    check_out_dir(out, o.force)?;
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
    let (all_cells, proofs) = if o.no_proofs {
        let cells = s
            .recover_cells(&indices, &cells)
            .map_err(|e| cell_error(&files, e))?;
        (cells, None)
    } else {
        let (cells, proofs) = s
            .recover_cells_and_kzg_proofs(&indices, &cells)
            .map_err(|e| cell_error(&files, e))?;
        (cells, Some(proofs))
    };
    check_consistent(&files, &cells, &all_cells[..])?;
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
        proofs: proofs.as_ref().map(|p| &p[..]),
    };
    write_dir(out, &contents, o.hex)?;
    if let Some(path) = o.blob {
        write_blob(path, &blob, o.hex)?;
    }
    println!("{}", to_hex(&commitment));
    report_recovered(all_cells.len(), files.len(), o.no_proofs, out);
    Ok(ExitCode::SUCCESS)
}

/// The stderr line of a recovered blob.
fn report_recovered(all: usize, given: usize, no_proofs: bool, out: &Path) {
    eprintln!(
        "recovered {all} cells{} from {given} cells; wrote them and {COMMITMENT_FILE} to {}",
        if no_proofs { "" } else { " and proofs" },
        out.display()
    );
}

/// With more than half of the cells, the input can be inconsistent (no blob
/// has all of them); the library then returns another blob's cells. Fails
/// naming the first given cell that differs from the recovered one.
fn check_consistent(files: &[Indexed], cells: &[Cell], recovered: &[Cell]) -> CliResult<()> {
    for (f, cell) in files.iter().zip(cells) {
        let got = usize::try_from(f.index).ok().and_then(|i| recovered.get(i));
        if got != Some(cell) {
            return Err(CliError::new(format!(
                "{}: the input cells are inconsistent: this cell differs from cell {} as \
                 recovered from the others, so no single blob has all of them (check them with \
                 verify-cells)",
                f.path.display(),
                f.index
            )));
        }
    }
    Ok(())
}

/// One input directory of `recover --batch`.
struct BatchDir<'a> {
    dir: &'a Path,
    files: Vec<Indexed>,
    commitment: Option<PathBuf>,
}

/// `fastkzg recover --batch`: every input directory holds one blob's cells
/// at the same indices; recovers them all in one batch call
/// (`recover_cells_batch`, then `compute_cells_and_kzg_proofs_batch` for
/// the proofs), with the checks of a single recovery for each.
fn recover_batch(
    settings: impl FnOnce() -> CliResult<Settings>,
    o: &RecoverOpts,
) -> CliResult<ExitCode> {
    let n = o.inputs.len();
    let mut dirs = Vec::with_capacity(n);
    for input in o.inputs {
        if !input.is_dir() {
            return Err(CliError::new(format!(
                "{}: not a directory; --batch takes cell directories, one per blob",
                input.display()
            )));
        }
        let listing = scan_dir(input)?;
        dirs.push(BatchDir {
            dir: input,
            files: check_indices(listing.cells, "cell")?,
            commitment: listing.commitment,
        });
    }
    let indices: Vec<u64> = dirs[0].files.iter().map(|f| f.index).collect();
    for d in &dirs[1..] {
        let other: Vec<u64> = d.files.iter().map(|f| f.index).collect();
        if other != indices {
            let only = |a: &[u64], b: &[u64]| a.iter().find(|i| !b.contains(i)).copied();
            let detail = match (only(&other, &indices), only(&indices, &other)) {
                (Some(i), _) => format!("cell {i} is not in {}", dirs[0].dir.display()),
                (None, Some(i)) => format!("it lacks cell {i}"),
                (None, None) => "the lists differ".to_string(),
            };
            return Err(CliError::new(format!(
                "{}: holds cells at other indices than {} ({detail}); --batch needs the same \
                 cell indices in every directory (recover them one invocation each otherwise)",
                d.dir.display(),
                dirs[0].dir.display()
            )));
        }
    }
    let needed = CELLS_PER_EXT_BLOB / 2;
    if indices.len() < needed {
        return Err(CliError::new(format!(
            "too few cells: {} found in each of the {n} directories, at least {needed} of \
             {CELLS_PER_EXT_BLOB} are needed to recover",
            indices.len()
        )));
    }
    let outs = out_dirs(o.out, n)?;
    for dir in &outs {
        check_out_dir(dir, o.force)?;
    }
    let cells = dirs
        .iter()
        .flat_map(|d| d.files.iter().map(|f| read_cell(&f.path)))
        .collect::<CliResult<Vec<Cell>>>()?;
    let expected_commitments = dirs
        .iter()
        .map(|d| {
            d.commitment
                .as_ref()
                .map(|p| Ok((p, read_point(p, "commitment")?)))
                .transpose()
        })
        .collect::<CliResult<Vec<_>>>()?;

    let s = settings()?;
    let per = indices.len();
    let all = s
        .recover_cells_batch(&indices, &cells)
        .map_err(|e| match e {
            Error::InBlob { blob, source } if blob < n => cell_error(&dirs[blob].files, *source),
            other => CliError::new(other.to_string()),
        })?;
    for ((d, given), recovered) in dirs.iter().zip(cells.chunks_exact(per)).zip(&all) {
        check_consistent(&d.files, given, &recovered[..])?;
    }
    let blobs = all
        .iter()
        .map(|cells| blob_from_cells(&cells[..]))
        .collect::<CliResult<Vec<Box<Blob>>>>()?;
    let proofs: Vec<Option<CellProofs>> = if o.no_proofs {
        (0..n).map(|_| None).collect()
    } else {
        s.compute_cells_and_kzg_proofs_batch(&blobs)
            .map_err(|e| CliError::new(format!("the recovered blobs: {e}")))?
            .into_iter()
            .map(|(_, proofs)| Some(proofs))
            .collect()
    };
    let mut commitments = Vec::with_capacity(n);
    for ((d, blob), expected) in dirs.iter().zip(&blobs).zip(&expected_commitments) {
        let commitment = s.blob_to_kzg_commitment(blob).map_err(|e| {
            CliError::new(format!("the blob recovered from {}: {e}", d.dir.display()))
        })?;
        if let Some((path, expected)) = expected {
            if *expected != commitment {
                return Err(CliError::new(format!(
                    "{}: the recovered blob's commitment {} differs from this one, {}: the cells \
                     do not belong to that commitment",
                    path.display(),
                    to_hex(&commitment),
                    to_hex(expected)
                )));
            }
        }
        commitments.push(commitment);
    }
    for (((out, cells), proofs), commitment) in outs.iter().zip(&all).zip(&proofs).zip(&commitments)
    {
        let contents = CellDir {
            commitment,
            cells: &cells[..],
            proofs: proofs.as_ref().map(|p| &p[..]),
        };
        write_dir(out, &contents, o.hex)?;
    }
    for ((out, cells), commitment) in outs.iter().zip(&all).zip(&commitments) {
        println!("{}", to_hex(commitment));
        report_recovered(cells.len(), per, o.no_proofs, out);
    }
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
