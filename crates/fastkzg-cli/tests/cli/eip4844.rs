//! The EIP-4844 commands: commit, prove, verify, the demo.

use crate::common::*;

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
