//! The Go peer: go-eth-kzg, measured in a child process on the report's
//! inputs.
//!
//! # What is measured
//!
//! `github.com/crate-crypto/go-eth-kzg` v1.5.0 (gnark-crypto v0.16.0), the
//! Go library of the go-kzg-4844 authors (go-kzg-4844 itself, v1.1.0, has
//! the EIP-4844 functions only; go-eth-kzg has those and the EIP-7594 cell
//! functions, so one module serves every row). Its context is
//! `NewContext4096Secure()` (the embedded mainnet setup). It has no
//! precompute setting: its cell proofs use variable-base MSMs (FK20 with the
//! FFT of the setup kept, like precompute 0), so its figures go in the
//! precompute-0 rows of `compute_cells_and_kzg_proofs` and
//! `recover_cells_and_kzg_proofs`. Setup loading is measured as
//! `load_embedded_setup/precompute_0` (`NewContext4096Secure()`).
//!
//! One thread is `GOMAXPROCS=1` with `numGoRoutines = 1` (label
//! [`LABEL`]); two threads is `GOMAXPROCS=2` with `numGoRoutines = 2`
//! (label `go-eth-kzg 2T`, run when the two-thread comparison runs).
//! Functions without a `numGoRoutines` argument (the verifications, the
//! cell functions) still split their MSMs over goroutines, which
//! `GOMAXPROCS` bounds. `verify_blob_kzg_proof_batch` is the library's batch
//! function (`VerifyBlobKZGProofBatch`), not `VerifyBlobKZGProofBatchPar`,
//! which verifies each blob on its own goroutine.
//!
//! # How it runs
//!
//! The program is `crates/fastkzg-bench/go` (`main.go`, `cases.go`,
//! `input.go`; its own `go.mod`/`go.sum`). [`GoPeer::build`] runs `go build`
//! there (with `GOTOOLCHAIN=local`, `-mod=readonly`; the first build
//! downloads the modules from the Go module proxy) into
//! `<target dir>/fastkzg-bench-go/`. Nothing builds it at `cargo build`
//! time. [`write_input`] writes the report's inputs and the selected cases,
//! each with the report's budget, to a binary file (format in
//! `go/input.go`): the same blobs, commitments, proofs, point, cells and
//! cell batches the Rust libraries get. The program loads the setup, checks
//! that a wrong proof is rejected, and for each case checks its warm-up
//! result against the file (equal commitments, proofs and cells, successful
//! verifications), exiting non-zero otherwise; then it samples the case as
//! [`crate::measure`] does and prints `key, median, calls per sample,
//! samples, min, q1, q3, max` as TSV after a `# peer` line naming the
//! versions.
//!
//! For the API cases the report starts the program with `-serve`
//! ([`GoPeer::serve`], [`GoServer`]), at one thread beside its own
//! measurements and at two threads beside the two-thread process's (which
//! gets the program's path with `--go-exe`): it loads its setup, then
//! answers `case KEY` (prepare, warm up and check) and `run N` (N calls,
//! timed in Go) on its stdin, and the report adds it to each case's round
//! robin as a batched contender, so its samples alternate with the Rust
//! libraries' and its ratios come from the same moments of the machine.
//! Only its setup loads run as above, in its own process after the Rust
//! measurements (and everything else does when a server cannot start), so
//! those ratios carry the drift of the machine between the two. When `go` is missing or the build or a
//! run fails, the report notes it and goes on without the column (or the
//! rest of it); `--no-go` skips it. By hand:
//!
//! ```text
//! cd crates/fastkzg-bench/go && go build -o /tmp/gopeer . && /tmp/gopeer -threads 1 INPUT
//! ```

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use crate::cases::{Inputs, Op};
use crate::measure::{Budget, Stats};
use crate::report::TimeRow;

/// The column label at one thread.
pub const LABEL: &str = "go-eth-kzg";

/// The Go module measured.
pub const MODULE: &str = "github.com/crate-crypto/go-eth-kzg";

const MAGIC: &[u8; 8] = b"FKZGGO01";

/// The Go program's directory.
pub fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("go")
}

/// The label at `threads` threads.
pub fn label(threads: usize) -> String {
    if threads == 1 {
        LABEL.into()
    } else {
        format!("{LABEL} {threads}T")
    }
}

/// The built Go program.
#[derive(Clone, Debug)]
pub struct GoPeer {
    exe: PathBuf,
}

/// The output of one run of the Go program.
#[derive(Clone, Debug)]
pub struct GoRun {
    /// The library, gnark-crypto and Go versions (its `# peer` line).
    pub versions: String,
    /// Case key and statistics, in the input file's order.
    pub rows: Vec<(String, Stats)>,
}

/// The `go` command: `$FASTKZG_BENCH_GO` if set, else `go` on the `PATH`, else
/// `/usr/local/go/bin/go`.
fn go_command() -> Result<PathBuf, String> {
    if let Some(go) = std::env::var_os("FASTKZG_BENCH_GO") {
        return Ok(PathBuf::from(go));
    }
    let works = |cmd: &Path| {
        Command::new(cmd)
            .arg("version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    ["go", "/usr/local/go/bin/go"]
        .into_iter()
        .map(PathBuf::from)
        .find(|c| works(c))
        .ok_or_else(|| "no Go toolchain (`go` not on the PATH nor in /usr/local/go/bin)".into())
}

impl GoPeer {
    /// The program built earlier at `exe` (by [`GoPeer::build`], for
    /// example in the parent process).
    pub fn from_exe(exe: PathBuf) -> Self {
        GoPeer { exe }
    }

    /// The built program.
    pub fn exe(&self) -> &Path {
        &self.exe
    }

    /// Builds the Go program into `<target_dir>/fastkzg-bench-go/`.
    pub fn build(target_dir: &Path) -> Result<Self, String> {
        let go = go_command()?;
        let out_dir = target_dir.join("fastkzg-bench-go");
        std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
        let exe = out_dir.join("fastkzg-gopeer");
        let src = source_dir();
        let out = Command::new(&go)
            .args([
                "build",
                "-mod=readonly",
                "-trimpath",
                "-buildvcs=false",
                "-o",
            ])
            .arg(&exe)
            .arg(".")
            .current_dir(&src)
            .env("GOTOOLCHAIN", "local")
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run the Go toolchain {}: {e}", go.display()))?;
        if !out.status.success() {
            return Err(format!(
                "`go build` in {} failed ({}): {}",
                src.display(),
                out.status,
                tail(&String::from_utf8_lossy(&out.stderr), 5)
            ));
        }
        Ok(GoPeer { exe })
    }

    /// Runs the program on `input` with `threads` threads (`GOMAXPROCS`);
    /// `progress` gets each line it writes to stderr as it comes.
    pub fn run(
        &self,
        input: &Path,
        threads: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<GoRun, String> {
        let mut child = Command::new(&self.exe)
            .arg("-threads")
            .arg(threads.to_string())
            .arg(input)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", self.exe.display()))?;
        let mut stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let reader = std::thread::spawn(move || {
            let mut s = String::new();
            stdout.read_to_string(&mut s).map(|_| s)
        });
        let mut errors = Vec::new();
        if let Some(stderr) = child.stderr.take() {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                progress(&line);
                errors.push(line);
            }
        }
        let status = child.wait().map_err(|e| format!("go peer: {e}"))?;
        let text = reader
            .join()
            .map_err(|_| "go peer: stdout reader panicked")?
            .map_err(|e| format!("go peer stdout: {e}"))?;
        if !status.success() {
            return Err(format!(
                "go peer ({threads} thread(s)) failed ({status}): {}",
                tail(&errors.join("\n"), 3)
            ));
        }
        parse_output(&text)
    }
}

/// The Go program in `-serve` mode: it takes its samples in turn with the
/// Rust libraries (one thread in the report's process, two threads in the
/// two-thread process), so that its ratios are from the same moments of
/// the machine. See [`GoPeer::serve`].
pub struct GoServer {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// The library, gnark-crypto and Go versions.
    pub versions: String,
    /// The first error of a sample; the server takes no more cases after it.
    pub failed: Option<String>,
    /// The cases in its input file.
    pub ops: Vec<Op>,
    /// Its `GOMAXPROCS` and `numGoRoutines`.
    pub threads: usize,
}

impl GoPeer {
    /// Starts the program in `-serve` mode on `input` (written by
    /// [`write_input`], which returned `ops`) at `threads` threads and waits
    /// until it has loaded its setup.
    pub fn serve(&self, input: &Path, ops: Vec<Op>, threads: usize) -> Result<GoServer, String> {
        let mut child = Command::new(&self.exe)
            .arg("-threads")
            .arg(threads.to_string())
            .arg("-serve")
            .arg(input)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("{}: {e}", self.exe.display()))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let mut server = GoServer {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            versions: String::new(),
            failed: None,
            ops,
            threads,
        };
        loop {
            let line = server.read_line()?;
            if let Some(v) = line.strip_prefix("# peer ") {
                server.versions = v.trim().to_string();
            } else if line.starts_with("# gomaxprocs") {
                return Ok(server);
            }
        }
    }
}

impl GoServer {
    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err("go peer: the program ended".into()),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("go peer: {e}")),
        }
    }

    /// Sends one command and returns the seconds of its `ok` answer.
    fn request(&mut self, command: &str) -> Result<Duration, String> {
        let stdin = self.stdin.as_mut().ok_or("go peer: stdin closed")?;
        writeln!(stdin, "{command}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("go peer: {e}"))?;
        let line = self.read_line()?;
        if let Some(msg) = line.strip_prefix("err ") {
            return Err(format!("go peer, {command}: {msg}"));
        }
        line.strip_prefix("ok ")
            .and_then(|t| t.trim().parse::<f64>().ok())
            .filter(|t| t.is_finite() && *t >= 0.0)
            .map(Duration::from_secs_f64)
            .ok_or_else(|| format!("go peer, {command}: cannot parse {line:?}"))
    }

    /// Prepares the case `key` (a warm-up call, checked by the program).
    pub fn select(&mut self, key: &str) -> Result<(), String> {
        self.request(&format!("case {key}")).map(|_| ())
    }

    /// A [`Contender`](crate::measure::Contender) for the selected case:
    /// each sample is `run N` in the program, timed there. An error is kept
    /// in [`GoServer::failed`] (the sample then reads 0).
    pub fn contender(&mut self) -> crate::measure::Contender<'_> {
        crate::measure::Contender::batched(
            label(self.threads),
            Box::new(move |n| {
                if self.failed.is_some() {
                    return Duration::ZERO;
                }
                self.request(&format!("run {n}")).unwrap_or_else(|e| {
                    self.failed = Some(e);
                    Duration::ZERO
                })
            }),
        )
    }
}

impl Drop for GoServer {
    fn drop(&mut self) {
        // The program exits at the end of its stdin.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// The last `n` lines of `s`, on one line.
fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(n)..].join(" / ")
}

/// Parses the program's TSV output.
pub fn parse_output(text: &str) -> Result<GoRun, String> {
    let mut run = GoRun {
        versions: String::new(),
        rows: Vec::new(),
    };
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("# peer ") {
            run.versions = v.trim().to_string();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let bad = || format!("go peer: cannot parse {line:?}");
        if f.len() < 3 {
            return Err(bad());
        }
        let num = |i: usize| -> Result<f64, String> {
            f.get(i)
                .map_or(Ok(f64::NAN), |s| s.parse().map_err(|_| bad()))
        };
        let median = num(1)?;
        let iters: u64 = f[2].parse().map_err(|_| bad())?;
        let samples = f.get(3).map_or(Ok(1), |s| s.parse().map_err(|_| bad()))?;
        let or_median = |v: f64| if v.is_nan() { median } else { v };
        run.rows.push((
            f[0].to_string(),
            Stats {
                median,
                min: or_median(num(4)?),
                q1: or_median(num(5)?),
                q3: or_median(num(6)?),
                max: or_median(num(7)?),
                samples,
                iters,
            },
        ));
    }
    Ok(run)
}

/// The function the Go program calls for a case (its `kind`) and the
/// (blob, cell) entries it works on.
type GoCase = (&'static str, Vec<(u32, u32)>);

/// The Go program's case for `op`, or `None` where go-eth-kzg has no such
/// case (precompute levels above 0, text-file loads, lazy loads) or the
/// inputs lack it.
fn go_case(op: Op, inp: &Inputs) -> Result<Option<GoCase>, String> {
    let blob0 = vec![(0, 0)];
    Ok(Some(match op {
        Op::BlobToKzgCommitment => ("blob_to_kzg_commitment", blob0),
        Op::ComputeKzgProof => ("compute_kzg_proof", blob0),
        Op::ComputeBlobKzgProof => ("compute_blob_kzg_proof", blob0),
        Op::VerifyKzgProof => ("verify_kzg_proof", blob0),
        Op::VerifyBlobKzgProof => ("verify_blob_kzg_proof", blob0),
        Op::VerifyBlobKzgProofBatch(n) if n <= inp.fx.blobs.len() => (
            "verify_blob_kzg_proof_batch",
            (0..n as u32).map(|b| (b, 0)).collect(),
        ),
        Op::ComputeCells if !inp.fx.cells.is_empty() => ("compute_cells", blob0),
        Op::ComputeCellsAndKzgProofs(0) if !inp.fx.cells.is_empty() => {
            ("compute_cells_and_kzg_proofs", blob0)
        }
        Op::RecoverCellsAndKzgProofs(from, 0) if !inp.fx.cells.is_empty() => {
            let (ids, cells) = inp.recover_input(from);
            for (i, c) in ids.iter().zip(cells) {
                if inp.fx.cells[0].get(*i as usize) != Some(c) {
                    return Err(format!("{}: the cells are not blob 0's", op.key()));
                }
            }
            let entries = ids.iter().map(|i| (0, *i as u32)).collect();
            ("recover_cells_and_kzg_proofs", entries)
        }
        Op::VerifyCellKzgProofBatch(set) => {
            let Some(b) = inp.cell_batch(set) else {
                return Ok(None);
            };
            let mut entries = Vec::with_capacity(b.cells.len());
            for (c, i) in b.commitments.iter().zip(&b.indices) {
                let blob = inp
                    .fx
                    .commitments
                    .iter()
                    .position(|x| x == c)
                    .ok_or_else(|| format!("{}: a commitment not in the fixture", op.key()))?;
                entries.push((blob as u32, *i as u32));
            }
            ("verify_cell_kzg_proof_batch", entries)
        }
        Op::LoadEmbedded(0) => ("load_embedded_setup", vec![]),
        _ => return Ok(None),
    }))
}

/// Writes the Go program's input file: the report's inputs and those of
/// `cases` that go-eth-kzg has, each with its budget. Returns the ops
/// written, in order.
pub fn write_input(path: &Path, inp: &Inputs, cases: &[(Op, Budget)]) -> Result<Vec<Op>, String> {
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = std::io::BufWriter::new(file);
    let fx = &inp.fx;
    let with_cells = fx.cells.len() == fx.blobs.len() && fx.cell_proofs.len() == fx.blobs.len();
    let mut head = Vec::new();
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&(fx.blobs.len() as u32).to_le_bytes());
    head.push(u8::from(with_cells));
    w.write_all(&head).map_err(io)?;
    for i in 0..fx.blobs.len() {
        w.write_all(&fx.blobs[i][..]).map_err(io)?;
        w.write_all(&fx.commitments[i]).map_err(io)?;
        w.write_all(&fx.proofs[i]).map_err(io)?;
        if with_cells {
            for (c, p) in fx.cells[i].iter().zip(&fx.cell_proofs[i]) {
                w.write_all(c).map_err(io)?;
                w.write_all(p).map_err(io)?;
            }
        }
    }
    w.write_all(&inp.z).map_err(io)?;
    w.write_all(&inp.y).map_err(io)?;
    w.write_all(&inp.kzg_proof).map_err(io)?;
    let mut written = Vec::new();
    let mut body = Vec::new();
    for (op, budget) in cases {
        let Some((kind, entries)) = go_case(*op, inp)? else {
            continue;
        };
        put_str(&mut body, &op.key());
        put_str(&mut body, kind);
        for d in [
            budget.target_sample,
            budget.per_case,
            budget.slow_round,
            budget.warmup_is_sample_above,
        ] {
            let ns = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
            body.extend_from_slice(&ns.to_le_bytes());
        }
        for n in [
            budget.min_samples,
            budget.min_samples_slow,
            budget.max_samples,
            entries.len(),
        ] {
            body.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        }
        for (b, c) in entries {
            body.extend_from_slice(&b.to_le_bytes());
            body.extend_from_slice(&c.to_le_bytes());
        }
        written.push(*op);
    }
    w.write_all(&(written.len() as u32).to_le_bytes())
        .map_err(io)?;
    w.write_all(&body).map_err(io)?;
    w.flush().map_err(io)?;
    Ok(written)
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// The report rows of a run at `threads` threads (sections get `-2t` etc.
/// beyond one thread); keys that are not cases are skipped.
pub fn to_rows(run: &GoRun, threads: usize) -> Vec<TimeRow> {
    let suffix = if threads == 1 {
        String::new()
    } else {
        format!("-{threads}t")
    };
    run.rows
        .iter()
        .filter_map(|(key, stats)| {
            let op = Op::from_key(key)?;
            Some(TimeRow {
                section: format!("{}{suffix}", op.section().key()),
                case: key.clone(),
                param: 0,
                title: op.title(),
                label: label(threads),
                threads,
                stats: stats.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_output() {
        let run = parse_output(
            "# peer github.com/crate-crypto/go-eth-kzg v1.5.0 (gnark-crypto v0.16.0), go1.26.8\n# gomaxprocs 1\n\
             blob_to_kzg_commitment\t2.5e-02\t1\t5\t2.4e-02\t2.45e-02\t2.6e-02\t2.7e-02\n\
             verify_kzg_proof\t1.0e-03\t20\n",
        )
        .unwrap();
        assert!(run.versions.starts_with(MODULE));
        assert_eq!(run.rows.len(), 2);
        assert_eq!(run.rows[0].1.samples, 5);
        assert_eq!(run.rows[0].1.q3, 2.6e-2);
        assert_eq!(run.rows[1].1.max, 1.0e-3);
        let rows = to_rows(&run, 2);
        assert_eq!(rows[0].section, "eip4844-2t");
        assert_eq!(rows[0].label, "go-eth-kzg 2T");
        assert!(parse_output("verify_kzg_proof\tfast\t1\n").is_err());
    }
}
