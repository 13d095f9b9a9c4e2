//! The Go peer: go-eth-kzg v1.5.0 (gnark-crypto v0.16.0) with
//! `NewContext4096Secure()`, sampled in the same round robin as the Rust
//! libraries. It has no precompute setting, so it runs the precompute-0
//! cases and the embedded setup load, at `GOMAXPROCS` = `numGoRoutines` =
//! the table's threads (`verify_blob_kzg_proof_batch` is its batch
//! function, not `...BatchPar`).
//!
//! The program is `crates/fastkzg-bench/go` (line protocol in
//! `go/main.go`), built by [`build`]; a [`GoServer`] runs it on the
//! report's fixture, each sample one `run N` timed in Go. Without `go`, or
//! when a step fails, the report notes it and leaves the column out.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use crate::cases::{Case, Inputs};
use crate::measure::Contender;

/// The column label at one thread.
pub const LABEL: &str = "go-eth-kzg";

/// Builds the Go program into `<target_dir>/fastkzg-bench-go/` with `go`
/// (`$FASTKZG_BENCH_GO`, else `go` on the `PATH`, else
/// `/usr/local/go/bin/go`).
pub fn build(target_dir: &Path) -> Result<PathBuf, String> {
    let env = std::env::var("FASTKZG_BENCH_GO").ok();
    let defaults = ["go", "/usr/local/go/bin/go"].map(String::from);
    let mut candidates = env.into_iter().chain(defaults);
    let go = candidates.find(|g| crate::command_output(g, &["version"]).is_some());
    let go = go.ok_or("no Go toolchain (`go` not on the PATH nor in /usr/local/go/bin)")?;
    let exe = target_dir.join("fastkzg-bench-go/fastkzg-gopeer");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("go");
    let mut cmd = Command::new(&go);
    cmd.args("build -mod=readonly -trimpath -buildvcs=false -o".split(' '));
    cmd.arg(&exe).arg(".").current_dir(&src);
    cmd.env("GOTOOLCHAIN", "local");
    crate::run_build(&mut cmd, &format!("{go} build in {}", src.display()))?;
    Ok(exe)
}

/// The running Go program (see the module docs).
pub struct GoServer {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// The library, gnark-crypto and Go versions.
    pub versions: String,
    /// The first error of a sample; no more cases are sent after it.
    pub failed: Option<String>,
    /// Its `GOMAXPROCS` and `numGoRoutines`.
    pub threads: usize,
}

impl GoServer {
    /// Starts `exe` on the fixture file at `threads` threads and waits
    /// until it has loaded its setup.
    pub fn start(exe: &Path, fixture: &Path, threads: usize) -> Result<Self, String> {
        let mut cmd = Command::new(exe);
        cmd.arg("-threads").arg(threads.to_string()).arg(fixture);
        let spawned = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
        let mut child = spawned.map_err(|e| format!("{}: {e}", exe.display()))?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout pipe")?);
        let mut s = GoServer {
            child,
            stdin,
            stdout,
            versions: String::new(),
            failed: None,
            threads,
        };
        let line = s.read_line()?;
        let versions = line.strip_prefix("# peer ").map(String::from);
        s.versions = versions.ok_or_else(|| format!("go peer said {line:?}"))?;
        Ok(s)
    }

    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err("go peer: the program ended".into()),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("go peer: {e}")),
        }
    }

    /// Sends one command; returns the seconds of its `ok` answer.
    fn request(&mut self, command: &str) -> Result<Duration, String> {
        let stdin = self.stdin.as_mut().ok_or("go peer: stdin closed")?;
        let sent = writeln!(stdin, "{command}").and_then(|_| stdin.flush());
        sent.map_err(|e| format!("go peer: {e}"))?;
        let line = self.read_line()?;
        let head = command.split(' ').take(2).collect::<Vec<_>>().join(" ");
        if let Some(msg) = line.strip_prefix("err ") {
            return Err(format!("go peer, {head}: {msg}"));
        }
        let secs = line.strip_prefix("ok ").map(|t| t.trim().parse::<f64>());
        let t = secs.and_then(|t| Duration::try_from_secs_f64(t.ok()?).ok());
        t.ok_or_else(|| format!("go peer, {head}: cannot parse {line:?}"))
    }

    /// Prepares `case` (one call, checked by the program); `false` when
    /// go-eth-kzg has no such case or the server failed before.
    pub fn select(&mut self, case: &Case, inp: &Inputs) -> bool {
        if !case.go || self.failed.is_some() || !inp.has(case.data) {
            return false;
        }
        let kind = case.key.split('/').next().unwrap_or_default();
        let entries = crate::cases::entries(case.data).into_iter();
        let entries: String = entries.map(|(b, c)| format!(" {b}:{c}")).collect();
        let answer = self.request(&format!("case {kind}{entries}"));
        answer.map_err(|e| self.failed = Some(e)).is_ok()
    }

    /// A contender for the selected case: each sample is `run N` in the
    /// program. An error is kept in [`GoServer::failed`].
    pub fn contender(&mut self) -> Contender<'_> {
        let (label, threads) = (crate::threads::label(LABEL, self.threads), self.threads);
        let mut run = move |n: u64| match self.failed {
            Some(_) => Duration::ZERO,
            None => self.request(&format!("run {n}")).unwrap_or_else(|e| {
                self.failed = Some(e);
                Duration::ZERO
            }),
        };
        Contender::new(label, threads, Box::new(move |n| (run(n), 0)))
    }
}

impl Drop for GoServer {
    fn drop(&mut self) {
        // The program exits at the end of its stdin.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}
