//! The EIP-7594 subcommands `cells`, `recover` and `verify-cells`: thin
//! wrappers that read cell directories (see [`crate::cell_io`]), call one
//! library function (a batch call for several blobs) and write or print the
//! result. `cells` is here with the error attributions all three share;
//! `recover` is in `recover.rs`, `verify-cells` in `verify.rs`.

mod recover;
mod verify;

use std::fmt::Display;
use std::path::PathBuf;
use std::process::ExitCode;

use fastkzg::ethereum::eip7594::{CellProofs, Cells};
use fastkzg::{Blob, Bytes48, Error, Input};

use crate::blob_io::{read_blob, to_hex};
use crate::cell_io::{check_out_dir, write_dir, CellDir, Indexed, COMMITMENT_FILE};
use crate::commands::Settings;
use crate::error::{CliError, CliResult};

pub use self::recover::{recover, RecoverOpts};
pub use self::verify::verify_cells;

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
