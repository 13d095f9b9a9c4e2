//! Command-line syntax (clap derive). Parsing only: no I/O happens here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

const EXIT_CODES: &str = "\
Exit codes:
  0  success (for verify commands: the proof is valid)
  1  a verify command found the proof invalid, or a demo check failed
  2  bad input: unreadable or malformed file, bad hex, non-canonical blob,
     invalid point encoding, or a usage error

Blob files are either exactly 131072 raw bytes, or text: 0x followed by
262144 hex digits (trailing whitespace allowed). Hex arguments accept an
optional 0x prefix.";

/// KZG commitments and proofs for Ethereum blobs (EIP-4844).
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
