//! Command-line syntax (clap derive). Parsing only: no I/O happens here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::cell_io::LAYOUT_HELP;

const EXIT_CODES: &str = "\
Exit codes:
  0  success (for verify commands: the proof is valid)
  1  a verify command found the proof invalid, or a demo check failed
  2  bad input: unreadable or malformed file, bad hex, non-canonical blob or
     cell, invalid point encoding, too few, duplicate or out-of-range cells,
     or a usage error

Blob files are either exactly 131072 raw bytes, or text: 0x followed by
262144 hex digits (trailing whitespace allowed). Hex arguments accept an
optional 0x prefix.";

/// `cells --help`: examples and the layout.
fn cells_help() -> String {
    format!(
        "Examples:\n  \
         fastkzg cells a.blob --out a_cells/\n  \
         fastkzg cells a.blob b.blob c.blob --out cells/        (cells/blob_000 ... blob_002)\n  \
         fastkzg cells a.blob b.blob --out a_cells/ --out b_cells/\n\n\
         Prints each blob's commitment, one line per blob in order. Several blobs are computed \
         in one batch call (compute_cells_batch, compute_cells_and_kzg_proofs_batch), with the \
         same results as one invocation per blob; an error names the blob's file. Nothing is \
         written when a check fails.\n\n{LAYOUT_HELP}"
    )
}

/// `recover --help`: usage notes and the layout.
fn recover_help() -> String {
    format!(
        "Examples:\n  \
         fastkzg recover some_cells/ --out all_cells/\n  \
         fastkzg recover x.bin y.bin z.bin ... --indices 0-31,64-95 --out all_cells/\n  \
         fastkzg recover --batch a_cells/ b_cells/ c_cells/ --out recovered/   (recovered/blob_000 ...)\n\n\
         The cell indices must be distinct and < 128; at least 64 cells are needed. With more \
         than 64, they must all be cells of one blob (checked). If an input directory holds \
         commitment.hex, the recovered blob must have that commitment (checked). Nothing is \
         written when a check fails.\n\n\
         With --batch, every input directory holds one blob's cells, at the same indices in \
         every directory (checked); the blobs are recovered in one batch call \
         (recover_cells_batch; the proofs, unless --no-proofs, with \
         compute_cells_and_kzg_proofs_batch), with the same results as one invocation per \
         directory. Errors name the directory or file.\n\n{LAYOUT_HELP}"
    )
}

/// `verify-cells --help`: usage notes and the layout.
fn verify_cells_help() -> String {
    format!(
        "Examples:\n  \
         fastkzg verify-cells a_cells/\n  \
         fastkzg verify-cells a_cells/ b_cells/ c_cells/         (one blob per directory)\n  \
         fastkzg verify-cells a_cells/ b_cells/ --blobs a.blob,b.blob -c CA,CB\n\n\
         Each directory is one blob: its cell_NNN/proof_NNN pairs are checked against its \
         commitment (--commitment, one per directory, or the directory's commitment.hex). \
         When every directory holds the same cell indices, the check is one \
         verify_cells_shared_indices call; otherwise one verify_cell_kzg_proof_batch over all \
         pairs. With --blobs, each directory must hold all 128 proofs; they are checked \
         against the blob's cells without computing them (verify_blob_cell_proofs). The \
         verdict is the same as one invocation per directory all printing valid. After an \
         invalid verdict, the blobs (and cells) that fail are named on stderr; bad input \
         (exit 2) names its file.\n\n{LAYOUT_HELP}"
    )
}

/// KZG commitments and proofs for Ethereum blobs (EIP-4844) and their cells
/// (EIP-7594, PeerDAS).
#[derive(Debug, Parser)]
#[command(name = "fastkzg", version, after_help = EXIT_CODES)]
pub struct Cli {
    /// Global options.
    #[command(flatten)]
    pub global: GlobalOpts,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// Options shared by every subcommand.
#[derive(Debug, Args)]
pub struct GlobalOpts {
    /// Trusted setup file in the c-kzg-4844 text format [default: the
    /// embedded mainnet setup]
    #[arg(long, global = true, value_name = "FILE")]
    pub trusted_setup: Option<PathBuf>,

    /// Precompute level (0..=15) for proof generation tables
    #[arg(long, global = true, value_name = "N", default_value_t = 0)]
    pub precompute: usize,

    /// Worker threads: 0 or 1 = serial [default: $FASTKZG_NUM_THREADS, or
    /// one per core]
    #[arg(long, global = true, value_name = "N")]
    pub threads: Option<String>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the KZG commitment of a blob (blob_to_kzg_commitment)
    Commit {
        /// Blob file (raw 131072 bytes or 0x-hex text)
        blob: PathBuf,
    },

    /// Compute the blob proof (compute_blob_kzg_proof), or with --at the
    /// proof and value at a point (compute_kzg_proof)
    #[command(
        after_help = "Without --at, prints the blob proof as 0x-hex. With --at, prints \
                            two lines, `proof: 0x…` and `y: 0x…`."
    )]
    Prove {
        /// Blob file (raw 131072 bytes or 0x-hex text)
        blob: PathBuf,

        /// The blob's commitment, as hex or a file holding hex or 48 raw
        /// bytes [default: computed from the blob]
        #[arg(short, long, value_name = "HEX_OR_FILE", conflicts_with = "at")]
        commitment: Option<String>,

        /// Open the blob's polynomial at this field element (32 bytes, hex,
        /// big-endian) instead of computing the blob proof
        #[arg(long, value_name = "Z_HEX")]
        at: Option<String>,
    },

    /// Verify a blob proof (verify_blob_kzg_proof); prints valid or invalid
    Verify {
        /// Blob file (raw 131072 bytes or 0x-hex text)
        blob: PathBuf,

        /// The commitment, as hex or a file holding hex or 48 raw bytes
        #[arg(short, long, value_name = "HEX_OR_FILE")]
        commitment: String,

        /// The proof, as hex or a file holding hex or 48 raw bytes
        #[arg(short, long, value_name = "HEX_OR_FILE")]
        proof: String,
    },

    /// Verify several blob proofs at once (verify_blob_kzg_proof_batch)
    #[command(
        after_help = "The i-th commitment and the i-th proof belong to the i-th blob \
                            file. Lists are comma-separated or given by repeating the option:\n  \
                            fastkzg verify-batch a.blob b.blob -c CA,CB -p PA,PB\n  \
                            fastkzg verify-batch a.blob b.blob -c CA -c CB -p PA -p PB"
    )]
    VerifyBatch {
        /// Blob files (raw 131072 bytes or 0x-hex text)
        #[arg(required = true)]
        blobs: Vec<PathBuf>,

        /// Commitments, one per blob (hex, or files holding hex or raw bytes)
        #[arg(
            short,
            long = "commitments",
            value_name = "HEX_OR_FILE",
            value_delimiter = ','
        )]
        commitments: Vec<String>,

        /// Proofs, one per blob (hex, or files holding hex or raw bytes)
        #[arg(
            short,
            long = "proofs",
            value_name = "HEX_OR_FILE",
            value_delimiter = ','
        )]
        proofs: Vec<String>,
    },

    /// Verify that a commitment opens to y at z (verify_kzg_proof)
    VerifyPoint {
        /// The commitment, as hex or a file holding hex or 48 raw bytes
        #[arg(short, long, value_name = "HEX_OR_FILE")]
        commitment: String,

        /// The evaluation point (32 bytes, hex, big-endian)
        #[arg(short, long, value_name = "HEX")]
        z: String,

        /// The claimed value at z (32 bytes, hex, big-endian)
        #[arg(short, long, value_name = "HEX")]
        y: String,

        /// The proof, as hex or a file holding hex or 48 raw bytes
        #[arg(short, long, value_name = "HEX_OR_FILE")]
        proof: String,
    },

    /// Compute the 128 cells of each blob's extension and their KZG proofs
    /// (compute_cells_and_kzg_proofs; several blobs in one batch call) and
    /// write them to a directory per blob
    #[command(after_help = cells_help())]
    Cells {
        /// Blob files (raw 131072 bytes or 0x-hex text)
        #[arg(required = true, value_name = "BLOB")]
        blobs: Vec<PathBuf>,

        /// Output directory (created if missing). With several blobs: one
        /// DIR (blob i goes to DIR/blob_NNN, NNN = i from 000), or one --out
        /// per blob, in order
        #[arg(short, long, value_name = "DIR", required = true)]
        out: Vec<PathBuf>,

        /// Write only the cells and the commitment (compute_cells), no proofs
        #[arg(long)]
        no_proofs: bool,

        /// Write cells as 0x-hex text (cell_NNN.hex) instead of raw bytes
        /// (cell_NNN.bin)
        #[arg(long)]
        hex: bool,

        /// Replace the cell, proof and commitment files already in DIR
        #[arg(long)]
        force: bool,
    },

    /// Recover all 128 cells and their proofs from at least 64 of the cells
    /// (recover_cells_and_kzg_proofs), or with --batch those of several
    /// blobs that kept the same cells (recover_cells_batch), and write them
    /// to a directory per blob
    #[command(after_help = recover_help())]
    Recover {
        /// Cell directories (their cell_NNN.bin/.hex files are read) or cell
        /// files; with --batch, one directory per blob
        #[arg(required = true, value_name = "DIR_OR_CELL_FILE")]
        inputs: Vec<PathBuf>,

        /// Output directory (created if missing; may be an input directory
        /// with --force). With --batch and several blobs: one DIR (blob i
        /// goes to DIR/blob_NNN) or one --out per input directory, in order
        #[arg(short, long, value_name = "DIR", required = true)]
        out: Vec<PathBuf>,

        /// Each input directory holds the cells of a different blob, all at
        /// the same cell indices: recover every blob in one batch call
        #[arg(long, conflicts_with_all = ["indices", "blob"])]
        batch: bool,

        /// The cell indices of the given cell files, in order: a
        /// comma-separated list of indices and ranges such as 0-31,100
        /// [default: from the file names]
        #[arg(long, alias = "index", value_name = "LIST", value_delimiter = ',')]
        indices: Vec<String>,

        /// Write only the cells and the commitment, no proofs (faster)
        #[arg(long)]
        no_proofs: bool,

        /// Write cells as 0x-hex text (cell_NNN.hex) instead of raw bytes
        /// (and the --blob file as hex)
        #[arg(long)]
        hex: bool,

        /// Replace the cell, proof and commitment files already in DIR
        #[arg(long)]
        force: bool,

        /// Also write the recovered blob (cells 0..63) to this file
        #[arg(long, value_name = "FILE")]
        blob: Option<PathBuf>,
    },

    /// Verify every cell_NNN/proof_NNN pair in one or more directories
    /// (one per blob) against each blob's commitment
    /// (verify_cell_kzg_proof_batch, verify_cells_shared_indices), or with
    /// --blobs each directory's 128 proofs against its blob
    /// (verify_blob_cell_proofs); prints valid or invalid
    #[command(after_help = verify_cells_help())]
    VerifyCells {
        /// Cell directories, one per blob
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,

        /// The commitments, one per DIR: hex, or files holding hex or 48 raw
        /// bytes (comma-separated or repeated) [default: DIR/commitment.hex]
        #[arg(
            short,
            long = "commitment",
            alias = "commitments",
            value_name = "HEX_OR_FILE",
            value_delimiter = ','
        )]
        commitments: Vec<String>,

        /// Blob files, one per DIR (comma-separated or repeated): check that
        /// DIR's proof_000..proof_127 are the cell proofs of that blob (the
        /// cell files are not read)
        #[arg(long, value_name = "BLOB", value_delimiter = ',')]
        blobs: Vec<PathBuf>,
    },

    /// Run every API function on random blobs, cross-check the results and
    /// print a timing table
    Demo {
        /// Number of random blobs
        #[arg(long, value_name = "N", default_value_t = 4,
              value_parser = clap::value_parser!(u32).range(1..=4096))]
        blobs: u32,

        /// RNG seed [default: random, printed so the run can be repeated]
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
    },

    /// Write a random valid blob (every field element canonical)
    RandomBlob {
        /// Output file (overwritten)
        out: PathBuf,

        /// RNG seed [default: random]
        #[arg(long, value_name = "S")]
        seed: Option<u64>,

        /// Write 0x-hex text instead of raw bytes
        #[arg(long)]
        hex: bool,
    },
}
