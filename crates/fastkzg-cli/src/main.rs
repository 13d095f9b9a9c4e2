//! `fastkzg`: KZG commitments and proofs for Ethereum blobs (EIP-4844) and
//! their cells (EIP-7594) from the command line. Exit codes: 0 success or
//! valid, 1 invalid proof or failed demo check, 2 bad input (see
//! `fastkzg --help`).

mod args;
mod blob_io;
mod cell_io;
mod cells;
mod commands;
mod demo;
mod error;

use std::process::ExitCode;

use clap::Parser;

/// Exit code for bad input (clap uses the same for usage errors).
const EXIT_BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run_with_threads(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
