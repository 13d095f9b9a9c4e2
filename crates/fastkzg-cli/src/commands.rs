//! The EIP-4844 subcommands and the dispatch (the EIP-7594 ones are in
//! [`crate::cells`], `demo` in [`crate::demo`]): thin wrappers that read inputs, call
//! one library function and print the result.

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fastkzg::{Blob, Bytes48, Error, Input, KzgSettings};
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::args::{Cli, Command, GlobalOpts};
use crate::blob_io::{hex_or_file, parse_hex, random_blob, read_blob, to_hex, write_blob};
use crate::cells::{CellsOpts, RecoverOpts};
use crate::error::{CliError, CliResult};

/// Exit code of a verify command that found the proof invalid.
pub const EXIT_INVALID: u8 = 1;

/// Settings in use: the shared embedded mainnet setup or one loaded here.
pub enum Settings {
    /// [`KzgSettings::mainnet`].
    Shared(&'static KzgSettings),
    /// Loaded from a file or at a non-default precompute level.
    Owned(Box<KzgSettings>),
}

impl Deref for Settings {
    type Target = KzgSettings;
    fn deref(&self) -> &KzgSettings {
        match self {
            Settings::Shared(s) => s,
            Settings::Owned(s) => s,
        }
    }
}

/// Settings together with where they came from and how long loading took.
pub struct LoadedSettings {
    /// The settings.
    pub settings: Settings,
    /// A description for reports, such as `embedded mainnet, precompute 0`.
    pub source: String,
    /// The time taken to load (and precompute) them.
    pub load_time: Duration,
}

/// Loads the settings chosen by the global options.
pub fn load_settings(opts: &GlobalOpts) -> CliResult<LoadedSettings> {
    let start = Instant::now();
    let (settings, source) = match &opts.trusted_setup {
        Some(path) => {
            let s = KzgSettings::load_trusted_setup_file(path, opts.precompute)
                .map_err(|e| CliError::lib(format!("--trusted-setup {}", path.display()), e))?;
            (Settings::Owned(Box::new(s)), format!("{}", path.display()))
        }
        None if opts.precompute == 0 => (
            Settings::Shared(KzgSettings::mainnet()),
            "embedded mainnet".to_string(),
        ),
        None => {
            let s = KzgSettings::load_mainnet(opts.precompute)
                .map_err(|e| CliError::lib("--precompute", e))?;
            (Settings::Owned(Box::new(s)), "embedded mainnet".to_string())
        }
    };
    Ok(LoadedSettings {
        settings,
        source: format!("{source}, precompute {}", opts.precompute),
        load_time: start.elapsed(),
    })
}

/// The thread count: `--threads`, else `FASTKZG_NUM_THREADS`, else one per
/// core. A value that is not a number is an error (exit code 2).
pub fn thread_count(opts: &GlobalOpts) -> CliResult<usize> {
    if let Some(text) = &opts.threads {
        return fastkzg::parse_thread_count(text).map_err(|e| CliError::lib("--threads", e));
    }
    match std::env::var(fastkzg::NUM_THREADS_ENV) {
        Ok(text) => fastkzg::parse_thread_count(&text)
            .map_err(|e| CliError::lib(fastkzg::NUM_THREADS_ENV, e)),
        Err(std::env::VarError::NotPresent) => Ok(fastkzg::default_thread_count()),
        Err(std::env::VarError::NotUnicode(_)) => Err(CliError::new(format!(
            "{}: not valid UTF-8",
            fastkzg::NUM_THREADS_ENV
        ))),
    }
}

/// Runs the parsed command line on the chosen number of threads: serially
/// on this thread for 1, else in a rayon pool of that size.
pub fn run_with_threads(cli: Cli) -> CliResult<ExitCode> {
    let threads = thread_count(&cli.global)?;
    if threads <= 1 {
        return fastkzg::run_serial(|| run(cli));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .map_err(|e| CliError::new(format!("cannot start {threads} threads: {e}")))?;
    run(cli)
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> CliResult<ExitCode> {
    let Cli { global, command } = cli;
    let settings = || load_settings(&global).map(|loaded| loaded.settings);
    match command {
        Command::Commit { blob } => commit(&*settings()?, &blob),
        Command::Prove {
            blob,
            commitment,
            at,
        } => prove(&*settings()?, &blob, commitment.as_deref(), at.as_deref()),
        Command::Verify {
            blob,
            commitment,
            proof,
        } => verify(&*settings()?, &blob, &commitment, &proof),
        Command::VerifyBatch {
            blobs,
            commitments,
            proofs,
        } => verify_batch(&*settings()?, &blobs, &commitments, &proofs),
        Command::VerifyPoint {
            commitment,
            z,
            y,
            proof,
        } => verify_point(&*settings()?, &commitment, &z, &y, &proof),
        Command::Cells {
            blobs,
            out,
            no_proofs,
            hex,
            force,
        } => crate::cells::cells(
            settings,
            &CellsOpts {
                blobs: &blobs,
                out: &out,
                no_proofs,
                hex,
                force,
            },
        ),
        Command::Recover {
            inputs,
            out,
            batch,
            indices,
            no_proofs,
            hex,
            force,
            blob,
        } => crate::cells::recover(
            settings,
            &RecoverOpts {
                inputs: &inputs,
                indices: &indices,
                out: &out,
                batch,
                no_proofs,
                hex,
                force,
                blob: blob.as_deref(),
            },
        ),
        Command::VerifyCells {
            dirs,
            commitments,
            blobs,
        } => crate::cells::verify_cells(settings, &dirs, &commitments, &blobs),
        Command::Demo { blobs, seed } => crate::demo::run(&global, blobs as usize, seed),
        Command::RandomBlob { out, seed, hex } => random_blob_file(&out, seed, hex),
    }
}

/// A library error; a bad blob field element is attributed to its file.
pub fn lib_error(blob_path: &Path, err: Error) -> CliError {
    match err {
        Error::NonCanonicalFieldElement {
            input: Input::Blob, ..
        } => CliError::lib(blob_path.display(), err),
        other => CliError::new(other.to_string()),
    }
}

/// `valid` (exit 0) or `invalid` (exit 1).
pub fn verdict(valid: bool) -> CliResult<ExitCode> {
    if valid {
        println!("valid");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("invalid");
        Ok(ExitCode::from(EXIT_INVALID))
    }
}

fn commit(s: &KzgSettings, path: &Path) -> CliResult<ExitCode> {
    let blob = read_blob(path)?;
    let commitment = s
        .blob_to_kzg_commitment(&blob)
        .map_err(|e| lib_error(path, e))?;
    println!("{}", to_hex(&commitment));
    Ok(ExitCode::SUCCESS)
}

fn prove(
    s: &KzgSettings,
    path: &Path,
    commitment: Option<&str>,
    at: Option<&str>,
) -> CliResult<ExitCode> {
    let blob = read_blob(path)?;
    if let Some(z) = at {
        let z = parse_hex::<32>("--at", z)?;
        let (proof, y) = s
            .compute_kzg_proof(&blob, &z)
            .map_err(|e| lib_error(path, e))?;
        println!("proof: {}", to_hex(&proof));
        println!("y: {}", to_hex(&y));
        return Ok(ExitCode::SUCCESS);
    }
    let commitment = match commitment {
        Some(c) => hex_or_file::<48>("--commitment", c)?,
        None => s
            .blob_to_kzg_commitment(&blob)
            .map_err(|e| lib_error(path, e))?,
    };
    let proof = s
        .compute_blob_kzg_proof(&blob, &commitment)
        .map_err(|e| lib_error(path, e))?;
    println!("{}", to_hex(&proof));
    Ok(ExitCode::SUCCESS)
}

fn verify(s: &KzgSettings, path: &Path, commitment: &str, proof: &str) -> CliResult<ExitCode> {
    let commitment = hex_or_file::<48>("--commitment", commitment)?;
    let proof = hex_or_file::<48>("--proof", proof)?;
    let blob = read_blob(path)?;
    let valid = s
        .verify_blob_kzg_proof(&blob, &commitment, &proof)
        .map_err(|e| lib_error(path, e))?;
    verdict(valid)
}

fn verify_batch(
    s: &KzgSettings,
    paths: &[PathBuf],
    commitments: &[String],
    proofs: &[String],
) -> CliResult<ExitCode> {
    if commitments.len() != paths.len() || proofs.len() != paths.len() {
        return Err(CliError::new(format!(
            "verify-batch: {} blob file(s) but {} commitment(s) and {} proof(s); give one commitment \
             and one proof per blob, in the same order",
            paths.len(),
            commitments.len(),
            proofs.len()
        )));
    }
    let parse_all = |what: &str, args: &[String]| -> CliResult<Vec<Bytes48>> {
        args.iter()
            .enumerate()
            .map(|(i, a)| hex_or_file::<48>(&format!("{what} #{}", i + 1), a))
            .collect()
    };
    let commitments = parse_all("--commitments", commitments)?;
    let proofs = parse_all("--proofs", proofs)?;
    let blobs = paths
        .iter()
        .map(|p| read_blob(p))
        .collect::<CliResult<Vec<Box<Blob>>>>()?;
    match s.verify_blob_kzg_proof_batch(&blobs, &commitments, &proofs) {
        Ok(valid) => verdict(valid),
        Err(Error::NonCanonicalFieldElement {
            input: Input::Blob,
            position,
            element,
        }) if position < paths.len() => {
            // Named by its file, as the blob of a single-blob call.
            let err = Error::NonCanonicalFieldElement {
                input: Input::Blob,
                position: 0,
                element,
            };
            Err(CliError::lib(paths[position].display(), err))
        }
        Err(err) => Err(CliError::new(err.to_string())),
    }
}

fn verify_point(
    s: &KzgSettings,
    commitment: &str,
    z: &str,
    y: &str,
    proof: &str,
) -> CliResult<ExitCode> {
    let commitment = hex_or_file::<48>("--commitment", commitment)?;
    let z = parse_hex::<32>("--z", z)?;
    let y = parse_hex::<32>("--y", y)?;
    let proof = hex_or_file::<48>("--proof", proof)?;
    let valid = s
        .verify_kzg_proof(&commitment, &z, &y, &proof)
        .map_err(|e| CliError::new(e.to_string()))?;
    verdict(valid)
}

/// A seeded RNG; without a seed, a random one.
pub fn rng_from(seed: Option<u64>) -> (StdRng, u64) {
    let seed = seed.unwrap_or_else(rand::random);
    (StdRng::seed_from_u64(seed), seed)
}

fn random_blob_file(out: &Path, seed: Option<u64>, as_hex: bool) -> CliResult<ExitCode> {
    let (mut rng, seed) = rng_from(seed);
    write_blob(out, &random_blob(&mut rng), as_hex)?;
    eprintln!(
        "wrote {} ({} blob, seed {seed})",
        out.display(),
        if as_hex { "hex" } else { "raw" }
    );
    Ok(ExitCode::SUCCESS)
}
