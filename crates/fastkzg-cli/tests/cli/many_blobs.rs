//! Many blobs in one invocation (the batch calls).

use crate::common::*;
use crate::eip7594::*;

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
