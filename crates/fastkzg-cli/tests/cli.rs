//! End-to-end tests of the `fastkzg` binary on temporary files.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_fastkzg");
const BLOB_BYTES: usize = 131072;

/// A fresh, empty directory for one test.
fn tmp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fastkzg-cli")
        .join(test);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn run<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("failed to run the fastkzg binary")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// Runs a command that must succeed; returns its trimmed stdout.
fn ok<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    stdout(&out)
}

/// Runs a command that must exit with `code`; returns (stdout, stderr).
fn fails<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(code: i32, args: I) -> (String, String) {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    (stdout(&out), stderr(&out))
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn random_blob(dir: &Path, name: &str, seed: u64, hex: bool) -> PathBuf {
    let path = dir.join(name);
    let seed = seed.to_string();
    let mut args = vec!["random-blob", p(&path), "--seed", &seed];
    if hex {
        args.push("--hex");
    }
    ok(args);
    path
}

fn assert_hex(s: &str, bytes: usize) {
    assert!(s.starts_with("0x"), "{s}");
    assert_eq!(s.len(), 2 + 2 * bytes, "{s}");
    assert!(s[2..].bytes().all(|b| b.is_ascii_hexdigit()), "{s}");
}

#[test]
fn commit_prove_verify_round_trip_raw_and_hex() {
    let dir = tmp_dir("round_trip");
    let raw = random_blob(&dir, "a.bin", 7, false);
    let hex = random_blob(&dir, "a.hex", 7, true);
    let raw_bytes = fs::read(&raw).unwrap();
    assert_eq!(raw_bytes.len(), BLOB_BYTES);
    let text = fs::read_to_string(&hex).unwrap();
    assert_eq!(
        text.trim_end(),
        format!("0x{}", hex::encode(&raw_bytes)),
        "same seed, same blob"
    );

    let c_raw = ok(["commit", p(&raw)]);
    assert_hex(&c_raw, 48);
    assert_eq!(
        ok(["commit", p(&hex)]),
        c_raw,
        "raw and hex files commit alike"
    );

    let proof = ok(["prove", p(&raw)]);
    assert_hex(&proof, 48);
    assert_ne!(proof, c_raw);
    assert_eq!(ok(["prove", p(&hex), "--commitment", &c_raw]), proof);
    // Hex without 0x, and commitment/proof read from files.
    assert_eq!(ok(["prove", p(&raw), "-c", &c_raw[2..]]), proof);
    let c_file = dir.join("c.txt");
    let proof_file = dir.join("proof.bin");
    fs::write(&c_file, format!("{c_raw}\n")).unwrap();
    fs::write(&proof_file, hex::decode(&proof[2..]).unwrap()).unwrap();
    assert_eq!(ok(["prove", p(&raw), "--commitment", p(&c_file)]), proof);

    assert_eq!(
        ok(["verify", p(&raw), "--commitment", &c_raw, "--proof", &proof]),
        "valid"
    );
    assert_eq!(
        ok(["verify", p(&hex), "-c", p(&c_file), "-p", p(&proof_file)]),
        "valid"
    );
}

#[test]
fn zero_blob_commits_and_proves_to_the_point_at_infinity() {
    let dir = tmp_dir("zero_blob");
    let zero = dir.join("zero.bin");
    fs::write(&zero, vec![0u8; BLOB_BYTES]).unwrap();
    let infinity = format!("0xc0{}", "00".repeat(47));
    assert_eq!(ok(["commit", p(&zero)]), infinity);
    assert_eq!(ok(["prove", p(&zero)]), infinity);
}

#[test]
fn invalid_proofs_exit_1() {
    let dir = tmp_dir("invalid_proof");
    let a = random_blob(&dir, "a.bin", 1, false);
    let b = random_blob(&dir, "b.hex", 2, true);
    let (ca, cb) = (ok(["commit", p(&a)]), ok(["commit", p(&b)]));
    let (pa, pb) = (
        ok(["prove", p(&a), "-c", &ca]),
        ok(["prove", p(&b), "-c", &cb]),
    );

    let (out, _) = fails(1, ["verify", p(&a), "-c", &ca, "-p", &pb]);
    assert_eq!(out, "invalid");
    let (out, _) = fails(1, ["verify", p(&b), "-c", &ca, "-p", &pa]);
    assert_eq!(out, "invalid");

    let commitments = format!("{ca},{cb}");
    assert_eq!(
        ok([
            "verify-batch",
            p(&a),
            p(&b),
            "-c",
            &commitments,
            "-p",
            &format!("{pa},{pb}")
        ]),
        "valid"
    );
    assert_eq!(
        ok([
            "verify-batch",
            p(&a),
            p(&b),
            "-c",
            &ca,
            "-c",
            &cb,
            "-p",
            &pa,
            "-p",
            &pb
        ]),
        "valid"
    );
    let (out, _) = fails(
        1,
        [
            "verify-batch",
            p(&a),
            p(&b),
            "-c",
            &commitments,
            "-p",
            &format!("{pb},{pa}"),
        ],
    );
    assert_eq!(out, "invalid");
    let (_, err) = fails(
        2,
        ["verify-batch", p(&a), p(&b), "-c", &commitments, "-p", &pa],
    );
    assert!(
        err.contains("2 blob file(s) but 2 commitment(s) and 1 proof(s)"),
        "{err}"
    );
}

#[test]
fn prove_at_a_point_and_verify_point() {
    let dir = tmp_dir("point");
    let a = random_blob(&dir, "a.bin", 3, false);
    let c = ok(["commit", p(&a)]);
    let field = |out: &str, label: &str| -> String {
        let line = out
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label} in {out}"));
        line[label.len()..].trim().to_string()
    };

    // z = 1 is the first bit-reversed root of unity: y is the blob's first element.
    let one = format!("{}01", "00".repeat(31));
    let out = ok(["prove", p(&a), "--at", &one]);
    let (proof, y) = (field(&out, "proof:"), field(&out, "y:"));
    assert_hex(&proof, 48);
    assert_eq!(
        y,
        format!("0x{}", hex::encode(&fs::read(&a).unwrap()[..32]))
    );

    let z = format!("0x{}", "11".repeat(32));
    let out = ok(["prove", p(&a), "--at", &z]);
    let (proof, y) = (field(&out, "proof:"), field(&out, "y:"));
    assert_eq!(
        ok(["verify-point", "-c", &c, "-z", &z, "-y", &y, "-p", &proof]),
        "valid"
    );
    let wrong_y = format!("0x{}", "22".repeat(32));
    let (out, _) = fails(
        1,
        [
            "verify-point",
            "--commitment",
            &c,
            "--z",
            &z,
            "--y",
            &wrong_y,
            "--proof",
            &proof,
        ],
    );
    assert_eq!(out, "invalid");
    let (_, err) = fails(
        2,
        ["prove", p(&a), "--at", &format!("0x{}", "ff".repeat(32))],
    );
    assert!(err.contains("z: field element 0 is not canonical"), "{err}");
}

#[test]
fn wrong_size_files_exit_2_naming_the_file() {
    let dir = tmp_dir("wrong_size");
    let short = dir.join("short.bin");
    fs::write(&short, vec![1u8; 1000]).unwrap();
    let (out, err) = fails(2, ["commit", p(&short)]);
    assert!(out.is_empty());
    assert!(
        err.contains("short.bin") && err.contains("wrong size: 1000 bytes"),
        "{err}"
    );

    let long = dir.join("long.bin");
    let mut bytes = vec![0u8; BLOB_BYTES];
    bytes.push(b'\n');
    fs::write(&long, bytes).unwrap();
    let (_, err) = fails(2, ["commit", p(&long)]);
    assert!(
        err.contains("long.bin") && err.contains("wrong size: 131073 bytes"),
        "{err}"
    );

    let missing = dir.join("missing.bin");
    let (_, err) = fails(2, ["verify", p(&missing), "-c", "00", "-p", "00"]);
    assert!(err.contains("--commitment"), "{err}");
    let (_, err) = fails(2, ["commit", p(&missing)]);
    assert!(err.contains("missing.bin"), "{err}");
}

#[test]
fn bad_hex_exits_2() {
    let dir = tmp_dir("bad_hex");
    let blob = random_blob(&dir, "a.hex", 4, true);
    let good = fs::read_to_string(&blob).unwrap().into_bytes();
    let mut text = good.clone();
    text[1000] = b'g';
    let bad = dir.join("bad.hex");
    fs::write(&bad, &text).unwrap();
    let (_, err) = fails(2, ["commit", p(&bad)]);
    assert!(
        err.contains("bad.hex") && err.contains("invalid hex: 'g' at position 1000"),
        "{err}"
    );

    let truncated = dir.join("truncated.hex");
    fs::write(&truncated, &good[..5000]).unwrap();
    let (_, err) = fails(2, ["commit", p(&truncated)]);
    assert!(
        err.contains("truncated.hex") && err.contains("expected 262144 hex digits"),
        "{err}"
    );

    let (_, err) = fails(2, ["verify", p(&blob), "-c", "0xzz", "-p", "00"]);
    assert!(
        err.contains("--commitment") && err.contains("invalid hex"),
        "{err}"
    );
    let (_, err) = fails(2, ["prove", p(&blob), "--at", "0x1234"]);
    assert!(err.contains("--at: expected 64 hex digits"), "{err}");
}

#[test]
fn non_canonical_blob_exits_2() {
    let dir = tmp_dir("non_canonical");
    let mut bytes = vec![0u8; BLOB_BYTES];
    bytes[3 * 32..4 * 32].fill(0xff);
    let bad = dir.join("bad.bin");
    fs::write(&bad, &bytes).unwrap();
    let (out, err) = fails(2, ["commit", p(&bad)]);
    assert!(out.is_empty());
    assert!(
        err.contains("bad.bin") && err.contains("field element 3 is not canonical"),
        "{err}"
    );

    // In a batch, the error names the offending file.
    let good = random_blob(&dir, "good.bin", 5, false);
    let c = ok(["commit", p(&good)]);
    let pr = ok(["prove", p(&good), "-c", &c]);
    let (_, err) = fails(
        2,
        [
            "verify-batch",
            p(&good),
            p(&bad),
            "-c",
            &format!("{c},{c}"),
            "-p",
            &format!("{pr},{pr}"),
        ],
    );
    assert!(
        err.contains("bad.bin") && err.contains("field element 3 is not canonical"),
        "{err}"
    );
}

#[test]
fn trusted_setup_file_matches_the_embedded_setup() {
    let dir = tmp_dir("trusted_setup");
    let setup = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fastkzg/data/trusted_setup.txt");
    let a = random_blob(&dir, "a.bin", 6, false);
    let embedded = ok(["commit", p(&a)]);
    assert_eq!(
        ok(["--trusted-setup", p(&setup), "commit", p(&a)]),
        embedded
    );
    let (_, err) = fails(2, ["--trusted-setup", p(&a), "commit", p(&a)]);
    assert!(
        err.contains("--trusted-setup") && err.contains("a.bin"),
        "{err}"
    );
}

#[test]
fn demo_runs_every_function_and_prints_the_table() {
    let out = ok(["demo", "--blobs", "2", "--seed", "42"]);
    assert!(out.contains("2 random blobs, seed 42"), "{out}");
    assert!(out.contains("calls  ms per call"), "{out}");
    // Timing lines: a name, then the number of calls and the ms per call.
    // Check lines are indented.
    let rows: Vec<(String, u32, f64)> = out
        .lines()
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let [.., calls, ms] = tokens[..] else {
                return None;
            };
            let name = tokens[..tokens.len() - 2].join(" ");
            Some((name, calls.parse().ok()?, ms.parse().ok()?))
        })
        .collect();
    let calls = |function: &str| rows.iter().find(|r| r.0 == function).map(|r| r.1);
    for (function, n) in [
        ("load trusted setup", 1),
        ("build tables (warm_up)", 1),
        ("blob_to_kzg_commitment", 2),
        ("compute_kzg_proof", 2),
        ("verify_kzg_proof", 2),
        ("compute_blob_kzg_proof", 2),
        ("verify_blob_kzg_proof", 2),
        ("verify_blob_kzg_proof_batch", 1),
        ("compute_cells", 2),
        ("compute_cells_and_kzg_proofs", 2),
        ("verify_cell_kzg_proof_batch", 1),
        ("recover_cells_and_kzg_proofs", 2),
    ] {
        assert_eq!(calls(function), Some(n), "row {function:?} in\n{out}");
    }
    assert_eq!(rows.len(), 12, "{out}");
    for (name, _, ms) in &rows {
        assert!(*ms > 0.0, "{name}: {out}");
    }
    assert!(!out.contains("FAIL"), "{out}");
    let summary = out.lines().last().unwrap();
    let n: usize = summary
        .strip_prefix("all ")
        .and_then(|s| s.strip_suffix(" checks passed"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("summary: {summary}"));
    assert_eq!(out.matches("\n  ok    ").count(), n, "{out}");
    assert!(n >= 12, "{out}");
    // One blob: the checks hold without a second blob to compare with.
    let out = ok(["demo", "--blobs", "1", "--seed", "7"]);
    assert!(out.contains("1 random blob, seed 7"), "{out}");
    assert!(out.ends_with(" checks passed"), "{out}");
}

// ---- EIP-7594: cells, recover, verify-cells ----

const CELLS: usize = 128;
const CELL_BYTES: usize = 2048;

fn cell_name(i: usize) -> String {
    format!("cell_{i:03}.bin")
}

fn proof_name(i: usize) -> String {
    format!("proof_{i:03}.hex")
}

/// Copies the files of `src` for which `keep(name)` holds into a fresh `dst`.
fn copy_dir(src: &Path, dst: &Path, keep: impl Fn(&str) -> bool) {
    let _ = fs::remove_dir_all(dst);
    fs::create_dir_all(dst).unwrap();
    for entry in fs::read_dir(src).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        if keep(&name) {
            fs::copy(entry.path(), dst.join(&name)).unwrap();
        }
    }
}

/// The sorted file names in `dir`.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// Sets the first field element of the cell file to 1 (a canonical change).
fn tamper_cell_file(path: &Path) {
    let mut bytes = fs::read(path).unwrap();
    let mut one = [0u8; 32];
    one[31] = 1;
    assert_ne!(bytes[..32], one);
    bytes[..32].copy_from_slice(&one);
    fs::write(path, bytes).unwrap();
}

#[test]
fn cells_recover_verify_cells_round_trip() {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    let dir = tmp_dir("cells_round_trip");
    let blob = random_blob(&dir, "blob.bin", 11, false);
    let blob_bytes = fs::read(&blob).unwrap();
    let commitment = ok(["commit", p(&blob)]);

    // cells: 128 raw cells, 128 proofs, the commitment.
    let full = dir.join("full");
    assert_eq!(ok(["cells", p(&blob), "--out", p(&full)]), commitment);
    let mut expected: Vec<String> = (0..CELLS).map(cell_name).collect();
    expected.extend((0..CELLS).map(proof_name));
    expected.push("commitment.hex".into());
    expected.sort();
    assert_eq!(names(&full), expected);
    assert_eq!(
        fs::read_to_string(full.join("commitment.hex")).unwrap(),
        format!("{commitment}\n")
    );
    let cells: Vec<Vec<u8>> = (0..CELLS)
        .map(|i| fs::read(full.join(cell_name(i))).unwrap())
        .collect();
    assert!(cells.iter().all(|c| c.len() == CELL_BYTES));
    assert_eq!(cells[..64].concat(), blob_bytes, "cells 0..63 are the blob");
    for i in [0, 64, 127] {
        let proof = fs::read_to_string(full.join(proof_name(i))).unwrap();
        assert_hex(proof.trim_end(), 48);
    }
    assert_eq!(ok(["verify-cells", p(&full)]), "valid");

    // Delete 64 random cells; recover the rest from the other 64.
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut deleted: Vec<usize> = (0..CELLS).collect();
    deleted.shuffle(&mut rng);
    deleted.truncate(CELLS / 2);
    let partial = dir.join("partial");
    copy_dir(&full, &partial, |name| {
        !deleted.iter().any(|&i| name == cell_name(i))
    });
    assert_eq!(names(&partial).len(), 2 * CELLS + 1 - 64);
    // The 64 cells left still verify; the orphan proofs are skipped.
    let out = run(["verify-cells", p(&partial)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "valid");
    assert!(
        stderr(&out).contains("skipped 64 proof file(s) without a cell file"),
        "{}",
        stderr(&out)
    );

    let recovered = dir.join("recovered");
    let recovered_blob = dir.join("recovered_blob.bin");
    let out = ok([
        "recover",
        p(&partial),
        "--out",
        p(&recovered),
        "--blob",
        p(&recovered_blob),
    ]);
    assert_eq!(out, commitment);
    assert_eq!(names(&recovered), names(&full));
    for name in names(&full) {
        assert_eq!(
            fs::read(recovered.join(&name)).unwrap(),
            fs::read(full.join(&name)).unwrap(),
            "{name} differs"
        );
    }
    assert_eq!(fs::read(&recovered_blob).unwrap(), blob_bytes);
    assert_eq!(ok(["verify-cells", p(&recovered)]), "valid");

    // A tampered cell or two swapped proofs: invalid, exit 1, named.
    let tampered = dir.join("tampered");
    copy_dir(&full, &tampered, |_| true);
    tamper_cell_file(&tampered.join(cell_name(9)));
    let (out, err) = fails(1, ["verify-cells", p(&tampered)]);
    assert_eq!(out, "invalid");
    assert!(
        err.contains("1 cell(s) do not match their proofs") && err.contains(&cell_name(9)),
        "{err}"
    );
    copy_dir(&full, &tampered, |_| true);
    fs::copy(full.join(proof_name(3)), tampered.join(proof_name(4))).unwrap();
    fs::copy(full.join(proof_name(4)), tampered.join(proof_name(3))).unwrap();
    let (out, _) = fails(1, ["verify-cells", p(&tampered)]);
    assert_eq!(out, "invalid");
    // Against another commitment (a valid point, given explicitly): invalid.
    let other = fs::read_to_string(full.join(proof_name(0))).unwrap();
    let (out, _) = fails(
        1,
        ["verify-cells", p(&partial), "--commitment", other.trim()],
    );
    assert_eq!(out, "invalid");

    // Explicit files with --indices (the extension, in a shuffled order,
    // under names that say nothing), hex output.
    let loose = dir.join("loose");
    fs::create_dir_all(&loose).unwrap();
    let mut order: Vec<usize> = (64..CELLS).collect();
    order.shuffle(&mut rng);
    let files: Vec<PathBuf> = order
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let path = loose.join(format!("x{k}.dat"));
            fs::copy(full.join(cell_name(i)), &path).unwrap();
            path
        })
        .collect();
    let list: Vec<String> = order.iter().map(usize::to_string).collect();
    let list = list.join(",");
    let hex_out = dir.join("hex_out");
    let mut args = vec!["recover", "--indices", &list, "--hex"];
    args.extend(files.iter().map(|f| p(f)));
    args.extend(["--out", p(&hex_out)]);
    assert_eq!(ok(&args), commitment);
    for (i, cell) in cells.iter().enumerate() {
        let text = fs::read_to_string(hex_out.join(format!("cell_{i:03}.hex"))).unwrap();
        assert_eq!(text, format!("0x{}\n", hex::encode(cell)), "cell {i}");
        assert_eq!(
            fs::read(hex_out.join(proof_name(i))).unwrap(),
            fs::read(full.join(proof_name(i))).unwrap()
        );
    }
    assert!(!hex_out.join(cell_name(0)).exists());
    assert_eq!(
        ok(["verify-cells", p(&hex_out), "-c", &commitment]),
        "valid"
    );
}

#[test]
fn cell_input_errors_exit_2() {
    let dir = tmp_dir("cell_errors");
    let blob = random_blob(&dir, "blob.bin", 13, false);
    // --no-proofs: no FK20 precomputation, so this test stays quick.
    let cells_dir = dir.join("cells");
    let commitment = ok(["cells", p(&blob), "--out", p(&cells_dir), "--no-proofs"]);
    assert_eq!(names(&cells_dir).len(), CELLS + 1);
    let out_dir = dir.join("out");
    let recover_err = |input: &Path| -> String {
        let (_, err) = fails(2, ["recover", p(input), "--out", p(&out_dir)]);
        assert!(!out_dir.exists(), "nothing is written on error");
        err
    };

    // Fewer than 64 cells.
    let few = dir.join("few");
    copy_dir(&cells_dir, &few, |name| name < cell_name(63).as_str());
    let err = recover_err(&few);
    assert!(
        err.contains("too few cells: 63 found") && err.contains("at least 64"),
        "{err}"
    );

    // From here on, 64 cells (the even ones) plus one bad file.
    let half = dir.join("half");
    let even = |name: &str| (0..CELLS).step_by(2).any(|i| name == cell_name(i));
    copy_dir(&cells_dir, &half, even);
    fs::copy(half.join(cell_name(4)), half.join("cell_4.hex")).unwrap();
    let err = recover_err(&half);
    assert!(err.contains("duplicate cell index 4"), "{err}");

    copy_dir(&cells_dir, &half, even);
    fs::copy(half.join(cell_name(0)), half.join(cell_name(128))).unwrap();
    let err = recover_err(&half);
    assert!(
        err.contains("cell_128.bin: cell index 128 out of range (must be < 128)"),
        "{err}"
    );

    copy_dir(&cells_dir, &half, even);
    fs::write(half.join(cell_name(10)), [0u8; 100]).unwrap();
    let err = recover_err(&half);
    assert!(
        err.contains("cell_010.bin: wrong size: 100 bytes") && err.contains("2048 raw bytes"),
        "{err}"
    );

    copy_dir(&cells_dir, &half, even);
    let bad_cell = half.join(cell_name(12));
    let mut bytes = fs::read(&bad_cell).unwrap();
    bytes[3 * 32..4 * 32].fill(0xff);
    fs::write(&bad_cell, &bytes).unwrap();
    let err = recover_err(&half);
    assert!(
        err.contains("cell_012.bin: cell: field element 3 is not canonical"),
        "{err}"
    );

    // Explicit files: names must give the index, or --indices must.
    let file = cells_dir.join(cell_name(1));
    let (_, err) = fails(2, ["recover", p(&blob), "--out", p(&out_dir)]);
    assert!(err.contains("cannot tell the cell index"), "{err}");
    let (_, err) = fails(
        2,
        [
            "recover",
            p(&file),
            p(&file),
            "--indices",
            "1",
            "--out",
            p(&out_dir),
        ],
    );
    assert!(
        err.contains("--indices lists 1 index(es) for 2 cell file(s)"),
        "{err}"
    );
    let (_, err) = fails(
        2,
        ["recover", p(&file), "--index", "128", "--out", p(&out_dir)],
    );
    assert!(err.contains("cell index 128 out of range"), "{err}");
    let (_, err) = fails(
        2,
        [
            "recover",
            p(&cells_dir),
            "--indices",
            "0",
            "--out",
            p(&out_dir),
        ],
    );
    assert!(err.contains("is a directory"), "{err}");

    // An output directory that already holds cells needs --force.
    let (_, err) = fails(2, ["recover", p(&cells_dir), "--out", p(&cells_dir)]);
    assert!(err.contains("use --force"), "{err}");
    let (_, err) = fails(
        2,
        ["cells", p(&blob), "--out", p(&cells_dir), "--no-proofs"],
    );
    assert!(err.contains("use --force"), "{err}");
    assert_eq!(
        ok([
            "cells",
            p(&blob),
            "--out",
            p(&cells_dir),
            "--no-proofs",
            "--hex",
            "--force"
        ]),
        commitment
    );
    assert!(cells_dir.join("cell_000.hex").exists());
    assert!(!cells_dir.join(cell_name(0)).exists(), "old files removed");

    // verify-cells: no proofs, no commitment, bad proofs.
    let (_, err) = fails(2, ["verify-cells", p(&cells_dir)]);
    assert!(
        err.contains("no cell_NNN/proof_NNN pairs to verify (128 cell file(s), 0 proof file(s))"),
        "{err}"
    );
    let some = dir.join("some");
    copy_dir(&cells_dir, &some, |name| {
        name < "cell_003" || name == "commitment.hex"
    });
    // A valid point that is the wrong proof: invalid, exit 1.
    for i in 0..3 {
        fs::write(some.join(proof_name(i)), format!("{commitment}\n")).unwrap();
    }
    let (out, err) = fails(1, ["verify-cells", p(&some)]);
    assert_eq!(out, "invalid");
    assert!(err.contains("3 cell(s) do not match their proofs"), "{err}");
    fs::write(some.join(proof_name(2)), format!("0x{}\n", "00".repeat(48))).unwrap();
    let (_, err) = fails(2, ["verify-cells", p(&some)]);
    assert!(
        err.contains("proof_002.hex: invalid proof: invalid point encoding"),
        "{err}"
    );
    fs::write(some.join(proof_name(2)), format!("{commitment}\n")).unwrap();
    let mut bytes = hex::decode(
        fs::read_to_string(some.join("cell_001.hex"))
            .unwrap()
            .trim()
            .trim_start_matches("0x"),
    )
    .unwrap();
    bytes[..32].fill(0xff);
    fs::write(some.join("cell_001.hex"), &bytes).unwrap();
    let (_, err) = fails(2, ["verify-cells", p(&some)]);
    assert!(
        err.contains("cell_001.hex: cell: field element 0 is not canonical"),
        "{err}"
    );
    fs::remove_file(some.join("commitment.hex")).unwrap();
    let (_, err) = fails(2, ["verify-cells", p(&some)]);
    assert!(
        err.contains("commitment.hex: not found; give the commitment with --commitment"),
        "{err}"
    );
    let (_, err) = fails(2, ["verify-cells", p(&some), "-c", "0x12"]);
    assert!(
        err.contains("--commitment: expected 96 hex digits"),
        "{err}"
    );

    // A non-canonical blob is named.
    let mut bytes = vec![0u8; BLOB_BYTES];
    bytes[..32].fill(0xff);
    let bad_blob = dir.join("bad_blob.bin");
    fs::write(&bad_blob, &bytes).unwrap();
    let (_, err) = fails(2, ["cells", p(&bad_blob), "--out", p(&out_dir)]);
    assert!(
        err.contains("bad_blob.bin") && err.contains("field element 0 is not canonical"),
        "{err}"
    );
}

/// `--threads` and `FASTKZG_NUM_THREADS`: any count gives the same output,
/// a count that is not a number exits 2 naming the option or variable.
#[test]
fn thread_count_option_and_environment() {
    let dir = tmp_dir("threads");
    let blob = random_blob(&dir, "b.blob", 31, false);
    let reference = ok(["commit", p(&blob)]);
    for threads in ["0", "1", "2", "5"] {
        assert_eq!(ok(["--threads", threads, "commit", p(&blob)]), reference);
        let out = Command::new(BIN)
            .env("FASTKZG_NUM_THREADS", threads)
            .args(["commit", p(&blob)])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), reference);
    }
    let (_, err) = fails(2, ["--threads", "many", "commit", p(&blob)]);
    assert!(
        err.contains("--threads") && err.contains("not a number"),
        "{err}"
    );
    let out = Command::new(BIN)
        .env("FASTKZG_NUM_THREADS", "two")
        .args(["commit", p(&blob)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("FASTKZG_NUM_THREADS"),
        "{}",
        stderr(&out)
    );
    // The option wins over the variable.
    let out = Command::new(BIN)
        .env("FASTKZG_NUM_THREADS", "two")
        .args(["--threads", "2", "commit", p(&blob)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), reference);
}

// ---- Many blobs in one invocation (the batch calls) ----

/// The files of `dir`, by name, with their contents.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names(dir)
        .into_iter()
        .map(|n| {
            let bytes = fs::read(dir.join(&n)).unwrap();
            (n, bytes)
        })
        .collect()
}

/// The layout file names of the cells and proofs at `indices`, and the
/// commitment.
fn keep_indices(indices: &[usize], proofs: bool) -> impl Fn(&str) -> bool + '_ {
    move |name: &str| {
        name == "commitment.hex"
            || indices
                .iter()
                .any(|&i| name == cell_name(i) || (proofs && name == proof_name(i)))
    }
}

#[test]
fn many_blob_cells_recover_verify_cells_equal_one_invocation_per_blob() {
    let dir = tmp_dir("many_blobs");
    let blobs: Vec<PathBuf> = (0..3)
        .map(|i| random_blob(&dir, &format!("b{i}.blob"), 40 + i as u64, i == 1))
        .collect();
    let blob_args: Vec<&str> = blobs.iter().map(|b| p(b)).collect();

    // cells: one invocation, --out DIR (DIR/blob_NNN) and one --out per blob.
    let many = dir.join("many");
    let out = ok(["cells"]
        .into_iter()
        .chain(blob_args.iter().copied())
        .chain(["--out", p(&many)]));
    let commitments: Vec<String> = out.lines().map(String::from).collect();
    assert_eq!(commitments.len(), 3, "{out}");
    assert_eq!(names(&many), ["blob_000", "blob_001", "blob_002"]);
    let singles: Vec<PathBuf> = (0..3).map(|i| dir.join(format!("single{i}"))).collect();
    for i in 0..3 {
        let c = ok(["cells", blob_args[i], "--out", p(&singles[i])]);
        assert_eq!(c, commitments[i]);
        assert_eq!(ok(["commit", blob_args[i]]), commitments[i]);
        let batch_dir = many.join(format!("blob_{i:03}"));
        assert_eq!(names(&batch_dir).len(), 2 * CELLS + 1);
        assert_eq!(contents(&batch_dir), contents(&singles[i]), "blob {i}");
    }
    let (o0, o1) = (dir.join("o0"), dir.join("o1"));
    let out = ok([
        "cells",
        blob_args[2],
        blob_args[0],
        "--out",
        p(&o0),
        "--out",
        p(&o1),
        "--hex",
        "--no-proofs",
    ]);
    assert_eq!(out, format!("{}\n{}", commitments[2], commitments[0]));
    let single_hex = dir.join("single_hex");
    ok([
        "cells",
        blob_args[2],
        "--out",
        p(&single_hex),
        "--hex",
        "--no-proofs",
    ]);
    assert_eq!(contents(&o0), contents(&single_hex));
    assert_eq!(names(&o1).len(), CELLS + 1);

    // recover --batch: the even cells of each blob.
    let even: Vec<usize> = (0..CELLS).step_by(2).collect();
    let halves: Vec<PathBuf> = (0..3)
        .map(|i| {
            let h = dir.join(format!("half{i}"));
            copy_dir(
                &many.join(format!("blob_{i:03}")),
                &h,
                keep_indices(&even, false),
            );
            h
        })
        .collect();
    let half_args: Vec<&str> = halves.iter().map(|h| p(h)).collect();
    let rec = dir.join("rec");
    let out = ok(["recover", "--batch"]
        .into_iter()
        .chain(half_args.iter().copied())
        .chain(["--out", p(&rec)]));
    assert_eq!(out, commitments.join("\n"));
    for i in 0..3 {
        assert_eq!(
            contents(&rec.join(format!("blob_{i:03}"))),
            contents(&singles[i])
        );
        let one = dir.join(format!("rec_single{i}"));
        assert_eq!(
            ok(["recover", half_args[i], "--out", p(&one)]),
            commitments[i]
        );
        assert_eq!(contents(&one), contents(&singles[i]));
    }
    // Without proofs; 70 cells of mixed indices; two --out.
    let mixed: Vec<usize> = (0..70).map(|i| if i < 35 { i } else { i + 50 }).collect();
    let (m0, m1) = (dir.join("m0"), dir.join("m1"));
    copy_dir(&singles[0], &m0, keep_indices(&mixed, false));
    copy_dir(&singles[1], &m1, keep_indices(&mixed, false));
    let (r0, r1) = (dir.join("r0"), dir.join("r1"));
    let out = ok([
        "recover",
        "--batch",
        p(&m0),
        p(&m1),
        "--out",
        p(&r0),
        "--out",
        p(&r1),
        "--no-proofs",
    ]);
    assert_eq!(out, format!("{}\n{}", commitments[0], commitments[1]));
    for (r, i) in [(&r0, 0), (&r1, 1)] {
        let expected: Vec<_> = contents(&singles[i])
            .into_iter()
            .filter(|(n, _)| !n.starts_with("proof_"))
            .collect();
        assert_eq!(contents(r), expected);
    }
    let r_single = dir.join("r_single");
    ok(["recover", p(&m1), "--out", p(&r_single), "--no-proofs"]);
    assert_eq!(contents(&r_single), contents(&r1));

    // verify-cells: all cells of three blobs (shared indices).
    let batch_dirs: Vec<PathBuf> = (0..3).map(|i| many.join(format!("blob_{i:03}"))).collect();
    let dir_args: Vec<&str> = batch_dirs.iter().map(|d| p(d)).collect();
    let verify = |extra: &[&str]| -> Vec<String> {
        ["verify-cells"]
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect()
    };
    assert_eq!(ok(verify(&dir_args)), "valid");
    // A few shared indices, and different indices per blob.
    let few = [3usize, 64, 127];
    let shared: Vec<PathBuf> = (0..3)
        .map(|i| {
            let d = dir.join(format!("shared{i}"));
            copy_dir(&batch_dirs[i], &d, keep_indices(&few, true));
            d
        })
        .collect();
    let shared_args: Vec<&str> = shared.iter().map(|d| p(d)).collect();
    assert_eq!(ok(verify(&shared_args)), "valid");
    let odd: Vec<usize> = (1..CELLS).step_by(2).collect();
    let other = dir.join("other");
    copy_dir(&batch_dirs[1], &other, keep_indices(&odd, true));
    assert_eq!(
        ok(verify(&[shared_args[0], p(&other), shared_args[2]])),
        "valid"
    );
    // Commitments given: one per directory.
    let cs = commitments.join(",");
    assert_eq!(
        ok(verify(&[
            shared_args[0],
            shared_args[1],
            shared_args[2],
            "-c",
            &cs
        ])),
        "valid"
    );
    // --blobs: the 128 proofs of each blob against the blob.
    let bs = blob_args.join(",");
    assert_eq!(
        ok(verify(&[
            dir_args[0],
            dir_args[1],
            dir_args[2],
            "--blobs",
            &bs
        ])),
        "valid"
    );
    assert_eq!(ok(verify(&[dir_args[1], "--blobs", blob_args[1]])), "valid");
    assert_eq!(
        ok(verify(&[
            dir_args[0],
            dir_args[1],
            "--blobs",
            blob_args[0],
            "--blobs",
            blob_args[1],
            "-c",
            &commitments[0],
            "-c",
            &commitments[1]
        ])),
        "valid"
    );

    // A swapped proof in blob 1: invalid (exit 1) in every mode, as alone.
    let bad = dir.join("bad1");
    copy_dir(&batch_dirs[1], &bad, |_| true);
    fs::copy(batch_dirs[1].join(proof_name(6)), bad.join(proof_name(5))).unwrap();
    let (out, err) = fails(1, verify(&[dir_args[0], p(&bad), dir_args[2]]));
    assert_eq!(out, "invalid");
    assert!(err.contains("bad1") && err.contains(&cell_name(5)), "{err}");
    assert!(!err.contains("blob_000"), "{err}");
    let (out, _) = fails(1, verify(&[p(&bad)]));
    assert_eq!(out, "invalid");
    let (out, err) = fails(
        1,
        verify(&[dir_args[0], p(&bad), dir_args[2], "--blobs", &bs]),
    );
    assert_eq!(out, "invalid");
    assert!(
        err.contains("1 of 3 blob(s)") && err.contains("bad1"),
        "{err}"
    );
    // Blobs in the wrong order.
    let swapped = format!("{},{},{}", blob_args[1], blob_args[0], blob_args[2]);
    let (out, _) = fails(
        1,
        verify(&[dir_args[0], dir_args[1], dir_args[2], "--blobs", &swapped]),
    );
    assert_eq!(out, "invalid");
}

#[test]
fn many_blob_input_errors_exit_2() {
    let dir = tmp_dir("many_blob_errors");
    let good0 = random_blob(&dir, "good0.bin", 50, false);
    let good1 = random_blob(&dir, "good1.bin", 51, false);
    let mut bytes = fs::read(&good1).unwrap();
    bytes[3 * 32..4 * 32].fill(0xff);
    let bad = dir.join("bad.bin");
    fs::write(&bad, &bytes).unwrap();

    // cells: the non-canonical blob at position 2 is named; nothing written.
    let out = dir.join("out");
    let (stdout, err) = fails(
        2,
        [
            "cells",
            p(&good0),
            p(&good1),
            p(&bad),
            "--out",
            p(&out),
            "--no-proofs",
        ],
    );
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        err.contains("bad.bin (blob 2)") && err.contains("field element 3 is not canonical"),
        "{err}"
    );
    assert!(!out.exists(), "nothing is written on error");
    let (_, err) = fails(2, ["cells", p(&good0), p(&bad), "--out", p(&out)]);
    assert!(err.contains("bad.bin (blob 1)"), "{err}");
    // One blob: the message of a single-blob call.
    let (_, err) = fails(2, ["cells", p(&bad), "--out", p(&out), "--no-proofs"]);
    assert!(err.contains("bad.bin: blob: field element 3"), "{err}");
    // --out count.
    let (_, err) = fails(
        2,
        [
            "cells",
            p(&good0),
            p(&good1),
            p(&good0),
            "--out",
            "a",
            "--out",
            "b",
        ],
    );
    assert!(err.contains("2 --out directories for 3 blobs"), "{err}");
    let (_, err) = fails(
        2,
        ["cells", p(&good0), p(&good1), "--out", "a", "--out", "a"],
    );
    assert!(err.contains("given for two blobs"), "{err}");
    // A missing blob file.
    let (_, err) = fails(2, ["cells", p(&good0), "nope.bin", "--out", p(&out)]);
    assert!(err.contains("nope.bin"), "{err}");

    // recover --batch.
    let cells0 = dir.join("cells0");
    let cells1 = dir.join("cells1");
    ok([
        "cells",
        p(&good0),
        p(&good1),
        "--out",
        p(&cells0),
        "--out",
        p(&cells1),
        "--no-proofs",
    ]);
    let even: Vec<usize> = (0..CELLS).step_by(2).collect();
    let odd: Vec<usize> = (1..CELLS).step_by(2).collect();
    let (h0, h1) = (dir.join("h0"), dir.join("h1"));
    copy_dir(&cells0, &h0, keep_indices(&even, false));
    copy_dir(&cells1, &h1, keep_indices(&odd, false));
    let rec = dir.join("rec");
    let recover_err = |args: &[&str]| -> String {
        let mut all = vec!["recover", "--batch"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--out", p(&rec)]);
        let (_, err) = fails(2, all);
        assert!(!rec.exists(), "nothing is written on error");
        err
    };
    let err = recover_err(&[p(&h0), p(&h1)]);
    assert!(err.contains("h1") && err.contains("other indices"), "{err}");
    // 63 cells per blob.
    let (f0, f1) = (dir.join("f0"), dir.join("f1"));
    copy_dir(&cells0, &f0, keep_indices(&even[..63], false));
    copy_dir(&cells1, &f1, keep_indices(&even[..63], false));
    let err = recover_err(&[p(&f0), p(&f1)]);
    assert!(err.contains("too few cells: 63"), "{err}");
    // A cell file, not a directory.
    let err = recover_err(&[p(&h0), p(&h0.join(cell_name(0)))]);
    assert!(err.contains("not a directory"), "{err}");
    // Index 128.
    copy_dir(&cells1, &h1, keep_indices(&even, false));
    fs::copy(h1.join(cell_name(0)), h1.join("cell_128.bin")).unwrap();
    let err = recover_err(&[p(&h0), p(&h1)]);
    assert!(err.contains("cell index 128 out of range"), "{err}");
    // A non-canonical cell in blob 1: its file is named.
    copy_dir(&cells1, &h1, keep_indices(&even, false));
    let mut cell = fs::read(h1.join(cell_name(10))).unwrap();
    cell[64..96].fill(0xff);
    fs::write(h1.join(cell_name(10)), &cell).unwrap();
    let err = recover_err(&[p(&h0), p(&h1)]);
    assert!(
        err.contains(&cell_name(10)) && err.contains("h1") && err.contains("not canonical"),
        "{err}"
    );
    // A commitment that does not match.
    copy_dir(&cells1, &h1, keep_indices(&even, false));
    fs::copy(h0.join("commitment.hex"), h1.join("commitment.hex")).unwrap();
    let err = recover_err(&[p(&h0), p(&h1)]);
    assert!(err.contains("differs"), "{err}");
    // --batch with --indices; several --out without --batch.
    fails(
        2,
        [
            "recover",
            "--batch",
            p(&h0),
            "--indices",
            "0",
            "--out",
            p(&rec),
        ],
    );
    let (_, err) = fails(2, ["recover", p(&h0), "--out", "a", "--out", "b"]);
    assert!(err.contains("--batch"), "{err}");

    // verify-cells with several directories.
    let v0 = dir.join("v0");
    let v1 = dir.join("v1");
    let few = [0usize, 1, 70];
    // Proofs: compute them for these two blobs.
    let full0 = dir.join("full0");
    let full1 = dir.join("full1");
    ok([
        "cells",
        p(&good0),
        p(&good1),
        "--out",
        p(&full0),
        "--out",
        p(&full1),
    ]);
    copy_dir(&full0, &v0, keep_indices(&few, true));
    copy_dir(&full1, &v1, keep_indices(&few, true));
    assert_eq!(ok(["verify-cells", p(&v0), p(&v1)]), "valid");
    // Counts of --commitment and --blobs.
    let (_, err) = fails(2, ["verify-cells", p(&v0), p(&v1), "-c", "0x00"]);
    assert!(err.contains("1 commitment(s) for 2 director(ies)"), "{err}");
    let (_, err) = fails(
        2,
        ["verify-cells", p(&full0), p(&full1), "--blobs", p(&good0)],
    );
    assert!(
        err.contains("1 --blobs file(s) for 2 director(ies)"),
        "{err}"
    );
    // --blobs needs all 128 proofs.
    let (_, err) = fails(
        2,
        [
            "verify-cells",
            p(&full0),
            p(&v1),
            "--blobs",
            &format!("{},{}", p(&good0), p(&good1)),
        ],
    );
    assert!(
        err.contains("v1") && err.contains("3 proof file(s)"),
        "{err}"
    );
    // A non-canonical blob with --blobs: its file is named.
    let (_, err) = fails(
        2,
        [
            "verify-cells",
            p(&full0),
            p(&full1),
            "--blobs",
            &format!("{},{}", p(&good0), p(&bad)),
        ],
    );
    assert!(
        err.contains("bad.bin (blob 1)") && err.contains("field element 3"),
        "{err}"
    );
    // An invalid proof encoding in the second directory: its file is named.
    fs::write(v1.join(proof_name(70)), format!("0x{}\n", "ff".repeat(48))).unwrap();
    let (_, err) = fails(2, ["verify-cells", p(&v0), p(&v1)]);
    assert!(
        err.contains(&proof_name(70)) && err.contains("v1") && err.contains("invalid proof"),
        "{err}"
    );
    let (_, err) = fails(2, ["verify-cells", p(&full0), p(&v1)]);
    assert!(
        err.contains(&proof_name(70)) && err.contains("invalid proof"),
        "{err}"
    );
    let mut full1_bad = dir.join("full1_bad");
    copy_dir(&full1, &full1_bad, |_| true);
    fs::write(
        full1_bad.join(proof_name(9)),
        format!("0x{}\n", "ff".repeat(48)),
    )
    .unwrap();
    let (_, err) = fails(
        2,
        [
            "verify-cells",
            p(&full0),
            p(&full1_bad),
            "--blobs",
            &format!("{},{}", p(&good0), p(&good1)),
        ],
    );
    assert!(
        err.contains(&proof_name(9)) && err.contains("invalid proof"),
        "{err}"
    );
    // An invalid commitment of the second directory.
    full1_bad = dir.join("full1_badc");
    copy_dir(&full1, &full1_bad, |_| true);
    fs::write(
        full1_bad.join("commitment.hex"),
        format!("0x{}\n", "ff".repeat(48)),
    )
    .unwrap();
    let (_, err) = fails(2, ["verify-cells", p(&full0), p(&full1_bad)]);
    assert!(
        err.contains("full1_badc") && err.contains("invalid commitment"),
        "{err}"
    );
    // A non-canonical cell in the second directory.
    copy_dir(&full1, &v1, keep_indices(&few, true));
    let mut cell = fs::read(v1.join(cell_name(1))).unwrap();
    cell[..32].fill(0xff);
    fs::write(v1.join(cell_name(1)), &cell).unwrap();
    let (_, err) = fails(2, ["verify-cells", p(&v0), p(&v1)]);
    assert!(
        err.contains(&cell_name(1)) && err.contains("v1") && err.contains("not canonical"),
        "{err}"
    );
    // A directory that does not exist.
    let (_, err) = fails(2, ["verify-cells", p(&v0), "no-such-dir"]);
    assert!(err.contains("no-such-dir: not a directory"), "{err}");
}
