//! The cell directory layout that `cells` and `recover` write and `recover`
//! and `verify-cells` read (see [`LAYOUT_HELP`]). Every error names the file
//! it is about.

use std::path::{Path, PathBuf};

use fastkzg::{Bytes48, Cell, BYTES_PER_CELL, CELLS_PER_EXT_BLOB};

use crate::blob_io::{read_fixed, to_hex, write_bytes};
use crate::error::{CliError, CliResult};

/// The layout, for `--help`.
pub const LAYOUT_HELP: &str = "\
Cell directory layout (written by `cells` and `recover`, read by `recover`
and `verify-cells`):
  commitment.hex   the blob's KZG commitment: 0x + 96 hex digits
  cell_NNN.bin     cell NNN (000..127): 2048 raw bytes, 64 field elements
                   (32 bytes each, big-endian)
  cell_NNN.hex     the same cell as text: 0x + 4096 hex digits (--hex)
  proof_NNN.hex    the KZG proof of cell NNN: 0x + 96 hex digits
Cells 000..063 concatenated are the blob itself; 064..127 are its extension.
When reading, the index comes from the file name (cell_7.bin is cell 7), and
a cell file of either extension may hold raw bytes or hex text. Other files
in the directory are ignored.";

/// The commitment's file name in a cell directory.
pub const COMMITMENT_FILE: &str = "commitment.hex";

/// The name of cell `index`'s file.
pub fn cell_file_name(index: usize, as_hex: bool) -> String {
    format!("cell_{index:03}.{}", if as_hex { "hex" } else { "bin" })
}

/// The name of cell `index`'s proof file.
pub fn proof_file_name(index: usize) -> String {
    format!("proof_{index:03}.hex")
}

/// A file of the layout, recognised by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayoutName {
    /// `cell_<index>.bin` or `cell_<index>.hex`.
    Cell(u64),
    /// `proof_<index>.hex`.
    Proof(u64),
    /// `commitment.hex`.
    Commitment,
}

/// Decimal digits as an index; `u64::MAX` (out of range) if they overflow.
fn parse_index(digits: &str) -> Option<u64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(u64::MAX))
}

/// Which layout file `name` is, if any.
pub fn parse_layout_name(name: &str) -> Option<LayoutName> {
    if name == COMMITMENT_FILE {
        return Some(LayoutName::Commitment);
    }
    if let Some(rest) = name.strip_prefix("cell_") {
        let digits = rest
            .strip_suffix(".bin")
            .or_else(|| rest.strip_suffix(".hex"))?;
        return parse_index(digits).map(LayoutName::Cell);
    }
    let digits = name.strip_prefix("proof_")?.strip_suffix(".hex")?;
    parse_index(digits).map(LayoutName::Proof)
}

/// A file holding one cell (or one proof), and the cell's index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed {
    /// The cell index (not yet range-checked).
    pub index: u64,
    /// The file.
    pub path: PathBuf,
}

/// The layout files found in a directory.
#[derive(Debug, Default)]
pub struct Listing {
    /// Cell files, sorted by index, then by name.
    pub cells: Vec<Indexed>,
    /// Proof files, sorted by index, then by name.
    pub proofs: Vec<Indexed>,
    /// `commitment.hex`, if present.
    pub commitment: Option<PathBuf>,
}

impl Listing {
    /// Every layout file found.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.cells
            .iter()
            .chain(&self.proofs)
            .map(|f| f.path.as_path())
            .chain(self.commitment.as_deref())
    }
}

/// Lists the layout files in `dir` (not recursively).
pub fn scan_dir(dir: &Path) -> CliResult<Listing> {
    let io_err = |e: std::io::Error| CliError::new(format!("{}: {e}", dir.display()));
    let mut listing = Listing::default();
    for entry in std::fs::read_dir(dir).map_err(io_err)? {
        let entry = entry.map_err(io_err)?;
        let name = entry.file_name();
        let Some(kind) = name.to_str().and_then(parse_layout_name) else {
            continue;
        };
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        match kind {
            LayoutName::Cell(index) => listing.cells.push(Indexed { index, path }),
            LayoutName::Proof(index) => listing.proofs.push(Indexed { index, path }),
            LayoutName::Commitment => listing.commitment = Some(path),
        }
    }
    for files in [&mut listing.cells, &mut listing.proofs] {
        files.sort_by(|a, b| (a.index, &a.path).cmp(&(b.index, &b.path)));
    }
    Ok(listing)
}

/// Sorts `files` by index and checks that every index is `< 128` and
/// appears once. `what` (`cell` or `proof`) is named in errors.
pub fn check_indices(mut files: Vec<Indexed>, what: &str) -> CliResult<Vec<Indexed>> {
    files.sort_by_key(|f| f.index);
    if let Some(f) = files.iter().find(|f| f.index >= CELLS_PER_EXT_BLOB as u64) {
        return Err(CliError::new(format!(
            "{}: {what} index {} out of range (must be < {CELLS_PER_EXT_BLOB})",
            f.path.display(),
            f.index
        )));
    }
    if let Some(w) = files.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(CliError::new(format!(
            "duplicate {what} index {}: {} and {}",
            w[0].index,
            w[0].path.display(),
            w[1].path.display()
        )));
    }
    Ok(files)
}

/// Reads a cell file (2048 raw bytes or 0x-hex text).
pub fn read_cell(path: &Path) -> CliResult<Cell> {
    read_fixed::<BYTES_PER_CELL>(path, "cell")
}

/// Reads a proof or commitment file (48 raw bytes or 0x-hex text).
pub fn read_point(path: &Path, kind: &str) -> CliResult<Bytes48> {
    read_fixed::<48>(path, kind)
}

/// Fails if `dir` already holds layout files, unless `force` (then they are
/// removed by [`write_dir`]). Called before any work is done.
pub fn check_out_dir(dir: &Path, force: bool) -> CliResult<()> {
    if force || !dir.exists() {
        return Ok(());
    }
    if !dir.is_dir() {
        return Err(CliError::new(format!(
            "--out {}: exists and is not a directory",
            dir.display()
        )));
    }
    let listing = scan_dir(dir)?;
    let first = listing.paths().next().map(Path::to_path_buf);
    match first {
        None => Ok(()),
        Some(first) => Err(CliError::new(format!(
            "--out {}: already holds cell, proof or commitment files (such as {}); use --force \
             to replace them",
            dir.display(),
            first.display()
        ))),
    }
}

/// What to write into a cell directory.
pub struct CellDir<'a> {
    /// The blob's commitment.
    pub commitment: &'a Bytes48,
    /// All 128 cells.
    pub cells: &'a [Cell],
    /// Their proofs, if computed.
    pub proofs: Option<&'a [Bytes48]>,
}

/// Writes `contents` into `dir` (created if missing) in the layout, cells
/// raw or as hex. Layout files already there are removed first (the caller
/// has checked `--force` with [`check_out_dir`]).
pub fn write_dir(dir: &Path, contents: &CellDir, cells_as_hex: bool) -> CliResult<()> {
    let io_err = |path: &Path, e: std::io::Error| CliError::new(format!("{}: {e}", path.display()));
    std::fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
    let old = scan_dir(dir)?;
    for path in old.paths() {
        std::fs::remove_file(path).map_err(|e| io_err(path, e))?;
    }
    write_bytes(&dir.join(COMMITMENT_FILE), contents.commitment, true)?;
    for (i, cell) in contents.cells.iter().enumerate() {
        write_bytes(
            &dir.join(cell_file_name(i, cells_as_hex)),
            cell,
            cells_as_hex,
        )?;
    }
    for (i, proof) in contents.proofs.unwrap_or_default().iter().enumerate() {
        let path = dir.join(proof_file_name(i));
        std::fs::write(&path, format!("{}\n", to_hex(proof))).map_err(|e| io_err(&path, e))?;
    }
    Ok(())
}

/// Parses `--indices`: comma-separated items, each an index or an inclusive
/// range `A-B`; every index must be `< 128`.
pub fn parse_index_list(items: &[String]) -> CliResult<Vec<u64>> {
    let max = CELLS_PER_EXT_BLOB as u64;
    let parse = |s: &str| -> CliResult<u64> {
        let i = parse_index(s.trim()).ok_or_else(|| {
            CliError::new(format!(
                "--indices: {s:?} is not a cell index or a range A-B"
            ))
        })?;
        if i >= max {
            return Err(CliError::new(format!(
                "--indices: cell index {i} out of range (must be < {max})"
            )));
        }
        Ok(i)
    };
    let mut out = Vec::new();
    for item in items {
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (parse(a)?, parse(b)?);
                if a > b {
                    return Err(CliError::new(format!(
                        "--indices: empty range {item:?} (start > end)"
                    )));
                }
                out.extend(a..=b);
            }
            None => out.push(parse(item)?),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_names() {
        assert_eq!(parse_layout_name("cell_007.bin"), Some(LayoutName::Cell(7)));
        assert_eq!(parse_layout_name("cell_7.hex"), Some(LayoutName::Cell(7)));
        assert_eq!(
            parse_layout_name("cell_128.bin"),
            Some(LayoutName::Cell(128))
        );
        assert_eq!(
            parse_layout_name("cell_99999999999999999999999.bin"),
            Some(LayoutName::Cell(u64::MAX))
        );
        assert_eq!(
            parse_layout_name("proof_127.hex"),
            Some(LayoutName::Proof(127))
        );
        assert_eq!(
            parse_layout_name("commitment.hex"),
            Some(LayoutName::Commitment)
        );
        for other in [
            "cell_.bin",
            "cell_x1.bin",
            "cell_001.txt",
            "proof_001.bin",
            "cell_001.bin.bak",
            "blob.bin",
            "cell_+1.bin",
        ] {
            assert_eq!(parse_layout_name(other), None, "{other}");
        }
        assert_eq!(cell_file_name(7, false), "cell_007.bin");
        assert_eq!(cell_file_name(127, true), "cell_127.hex");
        assert_eq!(proof_file_name(0), "proof_000.hex");
    }

    #[test]
    fn index_lists() {
        let list = |s: &str| parse_index_list(&s.split(',').map(String::from).collect::<Vec<_>>());
        assert_eq!(list("3,1,64-66").unwrap(), vec![3, 1, 64, 65, 66]);
        assert_eq!(list("0-127").unwrap().len(), 128);
        let e = list("1,128").unwrap_err().to_string();
        assert!(e.contains("cell index 128 out of range"), "{e}");
        let e = list("0-1000000000").unwrap_err().to_string();
        assert!(e.contains("out of range"), "{e}");
        let e = list("5-2").unwrap_err().to_string();
        assert!(e.contains("empty range"), "{e}");
        let e = list("x").unwrap_err().to_string();
        assert!(e.contains("not a cell index"), "{e}");
    }

    #[test]
    fn index_checks() {
        let f = |index, name: &str| Indexed {
            index,
            path: PathBuf::from(name),
        };
        let sorted = check_indices(vec![f(5, "b"), f(1, "a")], "cell").unwrap();
        assert_eq!(sorted, vec![f(1, "a"), f(5, "b")]);
        let e = check_indices(vec![f(5, "x"), f(5, "y")], "cell")
            .unwrap_err()
            .to_string();
        assert!(e.contains("duplicate cell index 5: x and y"), "{e}");
        let e = check_indices(vec![f(128, "z")], "cell")
            .unwrap_err()
            .to_string();
        assert!(e.contains("z: cell index 128 out of range"), "{e}");
    }
}
