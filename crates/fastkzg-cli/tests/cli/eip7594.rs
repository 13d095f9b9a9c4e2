//! The cell commands (EIP-7594): cells, recover, verify-cells, and the
//! thread count.

use crate::common::*;

pub(crate) const CELLS: usize = 128;
pub(crate) const CELL_BYTES: usize = 2048;

pub(crate) fn cell_name(i: usize) -> String {
    format!("cell_{i:03}.bin")
}

pub(crate) fn proof_name(i: usize) -> String {
    format!("proof_{i:03}.hex")
}

/// Copies the files of `src` for which `keep(name)` holds into a fresh `dst`.
pub(crate) fn copy_dir(src: &Path, dst: &Path, keep: impl Fn(&str) -> bool) {
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
pub(crate) fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// Sets the first field element of the cell file to 1 (a canonical change).
pub(crate) fn tamper_cell_file(path: &Path) {
    let mut bytes = fs::read(path).unwrap();
    let mut one = [0u8; 32];
    one[31] = 1;
    assert_ne!(bytes[..32], one);
    bytes[..32].copy_from_slice(&one);
    fs::write(path, bytes).unwrap();
}

#[test]
pub(crate) fn cells_recover_verify_cells_round_trip() {
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
pub(crate) fn cell_input_errors_exit_2() {
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
pub(crate) fn thread_count_option_and_environment() {
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
