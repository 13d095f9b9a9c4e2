//! The EIP-7594 subcommands `cells`, `recover` and `verify-cells`: thin
//! wrappers that read cell directories (see [`crate::cell_io`]), call one
//! library function (a batch call for several blobs) and write or print the
//! result.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::slice::from_ref;

use fastkzg::ethereum::eip7594::{CellProofs, Cells};
use fastkzg::{Blob, Bytes48, Cell, Error, Input, KzgSettings, CELLS_PER_BLOB, CELLS_PER_EXT_BLOB};

use crate::blob_io::{hex_or_file, read_blob, to_hex, write_blob, zero_blob};
use crate::cell_io::{
    check_indices, check_out_dir, parse_index_list, parse_layout_name, read_cell, read_point,
    scan_dir, write_dir, CellDir, Indexed, LayoutName, COMMITMENT_FILE,
};
use crate::commands::{verdict, Settings};
use crate::error::{CliError, CliResult};

/// Options of `cells`.
pub struct CellsOpts<'a> {
    /// The blob files.
    pub blobs: &'a [PathBuf],
    /// The output directory (one, or one per blob).
    pub out: &'a [PathBuf],
    /// Skip the proofs (`compute_cells` only).
    pub no_proofs: bool,
    /// Write cells as hex text.
    pub hex: bool,
    /// Replace layout files already in `out`.
    pub force: bool,
}

/// The name of blob `b`'s directory under a shared `--out`.
pub fn blob_dir_name(b: usize) -> String {
    format!("blob_{b:03}")
}

/// The output directory of each of `n` blobs: the `--out` directories, one
/// per blob, or `DIR/blob_NNN` under a single `--out DIR` (just `DIR` for
/// one blob).
fn out_dirs(out: &[PathBuf], n: usize) -> CliResult<Vec<PathBuf>> {
    let dirs: Vec<PathBuf> = if out.len() == n {
        out.to_vec()
    } else if out.len() == 1 {
        (0..n).map(|b| out[0].join(blob_dir_name(b))).collect()
    } else {
        return Err(CliError::new(format!(
            "{} --out directories for {n} blobs: give one --out (blob i then goes to \
             DIR/blob_NNN) or one --out per blob, in order",
            out.len()
        )));
    };
    for (i, dir) in dirs.iter().enumerate() {
        if dirs[..i].contains(dir) {
            return Err(CliError::new(format!(
                "--out {}: given for two blobs",
                dir.display()
            )));
        }
    }
    Ok(dirs)
}

/// How errors name blob `b` of `n`: its file or directory, and with several
/// blobs its position.
fn blob_label(name: impl Display, n: usize, b: usize) -> String {
    if n == 1 {
        name.to_string()
    } else {
        format!("{name} (blob {b})")
    }
}

/// A library error of a batch call over the blobs in `paths`: an error in
/// one blob's inputs is attributed to its file.
fn blob_error(paths: &[PathBuf], err: Error) -> CliError {
    match err {
        Error::InBlob { blob, source } => match paths.get(blob) {
            Some(path) => CliError::lib(blob_label(path.display(), paths.len(), blob), *source),
            None => CliError::new(format!("blob {blob}: {source}")),
        },
        other => CliError::new(other.to_string()),
    }
}

/// `fastkzg cells`: writes each blob's commitment, 128 cells and (unless
/// `no_proofs`) their proofs (one batch call for all blobs); prints the
/// commitments, one line per blob.
pub fn cells(settings: impl FnOnce() -> CliResult<Settings>, o: &CellsOpts) -> CliResult<ExitCode> {
    let n = o.blobs.len();
    let blobs = o
        .blobs
        .iter()
        .map(|p| read_blob(p))
        .collect::<CliResult<Vec<Box<Blob>>>>()?;
    let outs = out_dirs(o.out, n)?;
    for dir in &outs {
        check_out_dir(dir, o.force)?;
    }
    let s = settings()?;
    let blob_err = |e| blob_error(o.blobs, e);
    let results: Vec<(Cells, Option<CellProofs>)> = if o.no_proofs {
        s.compute_cells_batch(&blobs)
            .map_err(blob_err)?
            .into_iter()
            .map(|cells| (cells, None))
            .collect()
    } else {
        s.compute_cells_and_kzg_proofs_batch(&blobs)
            .map_err(blob_err)?
            .into_iter()
            .map(|(cells, proofs)| (cells, Some(proofs)))
            .collect()
    };
    let commitments = blobs
        .iter()
        .enumerate()
        .map(|(b, blob)| {
            s.blob_to_kzg_commitment(blob)
                .map_err(|e| blob_err(e.in_blob(b)))
        })
        .collect::<CliResult<Vec<Bytes48>>>()?;
    for ((dir, (cells, proofs)), commitment) in outs.iter().zip(&results).zip(&commitments) {
        let contents = CellDir {
            commitment,
            cells: &cells[..],
            proofs: proofs.as_ref().map(|p| &p[..]),
        };
        write_dir(dir, &contents, o.hex)?;
    }
    for ((dir, (cells, _)), commitment) in outs.iter().zip(&results).zip(&commitments) {
        println!("{}", to_hex(commitment));
        eprintln!(
            "wrote {} cells{} and {COMMITMENT_FILE} to {}",
            cells.len(),
            if o.no_proofs { "" } else { ", their proofs" },
            dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

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
