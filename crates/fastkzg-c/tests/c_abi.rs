//! Builds the C program `test_abi` (`tests/c/abi/*.c`) against the freshly built
//! `libfastkzg.a` and `libfastkzg.so` with the system C compiler (`$CC`, or
//! `cc`) and runs it. The program exits non-zero if any of its checks fail.
//! The results it computes through the C ABI (commitments, proofs, cells
//! and cell proofs) are then compared with the `c-kzg` crate's. The headers
//! (`ckzg.h`, and `fastkzg.h`, which adds the challenges) are also compiled
//! as C99 and C++11.
//!
//! The libraries are looked up in the profile directory of this test binary
//! (`target/<profile>/`), so `cargo test --release` tests the release build.
//! `cargo test` does not build them (an integration test cannot depend on a
//! cdylib or staticlib), so run `cargo build [--release]` first. A missing
//! library, or one older than the sources it is built from, is a failure,
//! not a skip.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Blob, z, commitment, proof at z, y, blob proof.
const DUMP_RECORD: usize = c_kzg::BYTES_PER_BLOB + 32 + 48 + 48 + 32 + 48;
/// `NUM_DUMP_CASES` in tests/c/abi/abi.h.
const DUMP_CASES: usize = 3;
/// The cells of a blob's extension and their proofs.
const CELL_DUMP_RECORD: usize = c_kzg::CELLS_PER_EXT_BLOB * (c_kzg::BYTES_PER_CELL + 48);
/// `NUM_CELL_DUMP_CASES` in tests/c/abi/abi.h: the extensions of the first blobs.
const CELL_DUMP_CASES: usize = 2;

/// `target/<profile>/`: the test binary is `target/<profile>/deps/c_abi-<hash>`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test binary");
    let deps = exe.parent().expect("test binary has a parent directory");
    deps.parent()
        .expect("deps directory has a parent")
        .to_path_buf()
}

const BUILD_HINT: &str =
    "build it first: `cargo build -p fastkzg-c` (add `--release` for `cargo test --release`)";

/// The newest modification time among `path` and, for a directory, every
/// file below it.
fn newest_mtime(path: &Path, newest: &mut Option<(SystemTime, PathBuf)>) {
    let Ok(meta) = std::fs::metadata(path) else {
        return;
    };
    if meta.is_dir() {
        for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
            newest_mtime(&entry.path(), newest);
        }
    } else if let Ok(t) = meta.modified() {
        if !matches!(newest, Some((n, _)) if t <= *n) {
            *newest = Some((t, path.to_path_buf()));
        }
    }
}

/// `target/<profile>/<file>`, which must exist and be newer than the sources
/// of this crate, of the core library and of its IFMA kernels.
fn library(file: &str) -> PathBuf {
    let path = profile_dir().join(file);
    assert!(
        path.is_file(),
        "{} not found: the C ABI test needs the fastkzg-c library of this profile; {BUILD_HINT}",
        path.display()
    );
    let built = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .expect("library modification time");
    let mut newest = None;
    let root = Path::new(MANIFEST_DIR);
    for source in [
        "src",
        "Cargo.toml",
        "../fastkzg/src",
        "../fastkzg/data",
        "../fastkzg/Cargo.toml",
        "../fastkzg-ifma/src",
        "../fastkzg-ifma/Cargo.toml",
    ] {
        newest_mtime(&root.join(source), &mut newest);
    }
    if let Some((t, source)) = newest {
        assert!(
            built >= t,
            "{} is older than {}: it is stale; {BUILD_HINT}",
            path.display(),
            source.display()
        );
    }
    path
}

fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fastkzg-c-abi");
    std::fs::create_dir_all(&dir).expect("create the test's scratch directory");
    dir
}

fn trusted_setup() -> PathBuf {
    Path::new(MANIFEST_DIR).join("../fastkzg/data/trusted_setup.txt")
}

/// Compiles the program test_abi (the files of `tests/c/abi/`) into
/// `output`, linking with `link_args`.
fn compile(output: &Path, link_args: &[String]) {
    compile_source("abi", output, link_args)
}

/// Compiles `tests/c/<source>`, a C file or a directory of them, into
/// `output`, linking with `link_args` (and `-ldl`, for the programs that
/// open the library themselves).
fn compile_source(source: &str, output: &Path, link_args: &[String]) {
    let path = Path::new(MANIFEST_DIR).join("tests/c").join(source);
    let sources = if path.is_dir() {
        let mut sources: Vec<PathBuf> = std::fs::read_dir(&path)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", path.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "c"))
            .collect();
        sources.sort();
        assert!(sources.len() > 1, "no C sources in {}", path.display());
        sources
    } else {
        vec![path]
    };
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let include = Path::new(MANIFEST_DIR).join("include");
    let mut cmd = Command::new(&cc);
    cmd.args([
        "-std=c11",
        "-Wall",
        "-Wextra",
        "-pedantic",
        "-Werror",
        "-O1",
        "-g",
    ])
    .arg("-I")
    .arg(&include)
    .args(&sources)
    .arg("-o")
    .arg(output)
    .args(link_args)
    .arg("-ldl");
    let result = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run the C compiler `{cc}`: {e}"));
    assert!(
        result.status.success(),
        "compiling {} failed ({}):\n{}{}",
        output.display(),
        result.status,
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Runs the compiled program (with `FASTKZG_NUM_THREADS` set to `threads`
/// if given); returns its stdout.
fn run(program: &Path, dump: &Path, quick: bool, threads: Option<&str>) -> String {
    let mut cmd = Command::new(program);
    cmd.arg(trusted_setup()).arg(dump);
    if quick {
        cmd.env("TEST_ABI_QUICK", "1");
    }
    match threads {
        Some(t) => cmd.env("FASTKZG_NUM_THREADS", t),
        None => cmd.env_remove("FASTKZG_NUM_THREADS"),
    };
    let result = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let stdout = String::from_utf8_lossy(&result.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        result.status.success(),
        "{} failed ({}):\n{stdout}{stderr}",
        program.display(),
        result.status
    );
    assert!(
        stdout.contains(", 0 failed"),
        "unexpected output:\n{stdout}{stderr}"
    );
    println!("{}: {}", program.display(), stdout.trim());
    stdout
}

/// Recomputes the dumped cases with c-kzg and compares.
fn compare_with_c_kzg(dump: &Path) {
    let bytes = std::fs::read(dump).expect("read the dump written by test_abi");
    assert_eq!(
        bytes.len(),
        DUMP_CASES * DUMP_RECORD + CELL_DUMP_CASES * CELL_DUMP_RECORD,
        "dump size"
    );
    let (blob_records, cell_records) = bytes.split_at(DUMP_CASES * DUMP_RECORD);
    let settings = c_kzg::ethereum_kzg_settings(0);
    for (i, record) in blob_records.chunks_exact(DUMP_RECORD).enumerate() {
        let (blob, rest) = record.split_at(c_kzg::BYTES_PER_BLOB);
        let (z, rest) = rest.split_at(32);
        let (commitment, rest) = rest.split_at(48);
        let (proof, rest) = rest.split_at(48);
        let (y, blob_proof) = rest.split_at(32);

        let blob = c_kzg::Blob::from_bytes(blob).expect("blob");
        let z = c_kzg::Bytes32::from_bytes(z).expect("z");
        let expected_commitment = settings
            .blob_to_kzg_commitment(&blob)
            .expect("c-kzg commitment");
        assert_eq!(
            expected_commitment.to_bytes().as_slice(),
            commitment,
            "commitment {i}"
        );
        let (expected_proof, expected_y) =
            settings.compute_kzg_proof(&blob, &z).expect("c-kzg proof");
        assert_eq!(
            expected_proof.to_bytes().as_slice(),
            proof,
            "proof at z {i}"
        );
        assert_eq!(expected_y.as_slice(), y, "y {i}");
        let expected_blob_proof = settings
            .compute_blob_kzg_proof(&blob, &expected_commitment.to_bytes())
            .expect("c-kzg blob proof");
        assert_eq!(
            expected_blob_proof.to_bytes().as_slice(),
            blob_proof,
            "blob proof {i}"
        );
    }

    // The cells and cell proofs of the first blobs (the blobs are in the
    // records above).
    for (i, record) in cell_records.chunks_exact(CELL_DUMP_RECORD).enumerate() {
        let blob =
            c_kzg::Blob::from_bytes(&blob_records[i * DUMP_RECORD..][..c_kzg::BYTES_PER_BLOB])
                .expect("blob");
        let (cells, proofs) = record.split_at(c_kzg::CELLS_PER_EXT_BLOB * c_kzg::BYTES_PER_CELL);
        let (expected_cells, expected_proofs) = settings
            .compute_cells_and_kzg_proofs(&blob)
            .expect("c-kzg cells and proofs");
        for (k, (cell, expected)) in cells
            .chunks_exact(c_kzg::BYTES_PER_CELL)
            .zip(expected_cells.iter())
            .enumerate()
        {
            assert_eq!(cell, expected.to_bytes().as_slice(), "blob {i} cell {k}");
        }
        for (k, (proof, expected)) in proofs
            .chunks_exact(48)
            .zip(expected_proofs.iter())
            .enumerate()
        {
            assert_eq!(
                proof,
                expected.to_bytes().as_slice(),
                "blob {i} cell proof {k}"
            );
        }
    }
}

/// Compiles a file that includes only `header` (`ckzg.h` or `fastkzg.h`)
/// and names its functions, with `compiler`, as `standard`, pedantic and
/// with warnings as errors.
fn compile_header(compiler: &str, standard: &str, extension: &str, header: &str) {
    let dir = work_dir();
    let stem = header.trim_end_matches(".h");
    let source = dir.join(format!("{stem}_only.{extension}"));
    let extensions = if header == "fastkzg.h" {
        "(void)&fastkzg_warm_up;\n\
         (void)&fastkzg_forget_decoded_commitments;\n\
         (void)&fastkzg_load_verifier_mainnet;\n\
         (void)&fastkzg_load_verifier;\n\
         (void)&fastkzg_load_verifier_file;\n\
         (void)&fastkzg_compute_challenge;\n\
         (void)&fastkzg_compute_verify_cell_kzg_proof_batch_challenge;\n"
    } else {
        ""
    };
    std::fs::write(
        &source,
        format!(
            "#include \"{header}\"\n\
             int main(void) {{\n\
                 KZGSettings s;\n\
                 Cell cells[CELLS_PER_EXT_BLOB];\n\
                 (void)s;\n\
                 (void)cells;\n\
                 (void)&compute_cells_and_kzg_proofs;\n\
                 (void)&recover_cells_and_kzg_proofs;\n\
                 (void)&verify_cell_kzg_proof_batch;\n\
                 {extensions}\
                 return sizeof(Cell) == BYTES_PER_CELL ? 0 : 1;\n\
             }}\n"
        ),
    )
    .expect("write the header-only source");
    let include = Path::new(MANIFEST_DIR).join("include");
    let result = Command::new(compiler)
        .arg(format!("-std={standard}"))
        .args(["-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only"])
        .arg("-I")
        .arg(&include)
        .arg(&source)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the compiler `{compiler}`: {e}"));
    assert!(
        result.status.success(),
        "{header} does not compile cleanly with {compiler} -std={standard} ({}):\n{}{}",
        result.status,
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
}

#[test]
fn header_compiles_as_c99_and_cxx11() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_string());
    for header in ["ckzg.h", "fastkzg.h"] {
        compile_header(&cc, "c99", "c", header);
        compile_header(&cxx, "c++11", "cpp", header);
    }
}

/// Whether the static archive refers to the C++ runtime (its objects name
/// the C++ personality routine).
fn archive_needs_cxx_runtime(lib: &Path) -> bool {
    let bytes = std::fs::read(lib).expect("read the static library");
    let name = b"__gxx_personality_v0";
    bytes.windows(name.len()).any(|w| w == name)
}

#[test]
fn c_program_against_static_library() {
    let lib = library("libfastkzg.a");
    let dir = work_dir();
    let program = dir.join("test_abi_static");
    // The system libraries Rust's std needs in a static link
    // (`rustc --print native-static-libs`).
    let mut link = vec![lib.display().to_string()];
    link.extend(["-lpthread", "-ldl", "-lm", "-lrt", "-lutil", "-lgcc_s"].map(String::from));
    // A workspace build with every feature unifies the mcl backend into
    // the library, and with it mcl's C++ objects, which need the C++
    // runtime (`rustc --print native-static-libs` lists it then).
    if archive_needs_cxx_runtime(&lib) {
        link.push("-lstdc++".to_string());
    }
    compile(&program, &link);
    let dump = dir.join("dump_static.bin");
    let _ = std::fs::remove_file(&dump);
    run(&program, &dump, false, None);
    compare_with_c_kzg(&dump);
    // Serial calls on the caller's threads give the same results.
    let serial_dump = dir.join("dump_static_serial.bin");
    let _ = std::fs::remove_file(&serial_dump);
    run(&program, &serial_dump, true, Some("1"));
    assert!(
        std::fs::read(&serial_dump).expect("serial dump") == std::fs::read(&dump).expect("dump"),
        "FASTKZG_NUM_THREADS=1 changed the results"
    );
}

/// Link arguments for the shared library in `lib_dir`: `-l:` names the
/// file exactly, so the static archive next to it is not picked instead;
/// the rpath makes the program load this very file.
fn shared_link(lib_dir: &str) -> [String; 4] {
    [
        format!("-L{lib_dir}"),
        "-l:libfastkzg.so".to_string(),
        format!("-Wl,-rpath,{lib_dir}"),
        "-lpthread".to_string(),
    ]
}

/// `tests/c/test_fork.c`: every function in forked children (after calls,
/// while another thread of the parent is inside calls, and in a grandchild)
/// returns the parent's results; a hang kills the child (alarm) and fails.
/// Run with the default pool and with two threads.
#[test]
fn c_program_in_forked_children() {
    let lib = library("libfastkzg.so");
    let lib_dir = lib
        .parent()
        .expect("library directory")
        .display()
        .to_string();
    let program = work_dir().join("test_fork");
    compile_source("test_fork.c", &program, &shared_link(&lib_dir));
    for threads in [None, Some("2")] {
        let mut cmd = Command::new(&program);
        cmd.arg(trusted_setup());
        match threads {
            Some(t) => cmd.env("FASTKZG_NUM_THREADS", t),
            None => cmd.env_remove("FASTKZG_NUM_THREADS"),
        };
        let result = cmd
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
        let stdout = String::from_utf8_lossy(&result.stdout);
        assert!(
            result.status.success() && stdout.contains(", 0 failed"),
            "{} ({threads:?} threads) failed ({}):\n{stdout}{}",
            program.display(),
            result.status,
            String::from_utf8_lossy(&result.stderr)
        );
        println!(
            "{} ({threads:?} threads): {}",
            program.display(),
            stdout.trim()
        );
    }
}

/// Compiles `tests/c/<source>` against the shared library, runs it with
/// `args` and checks that it reports no failure.
fn run_shared_program(source: &str, args: &[&std::ffi::OsStr]) -> String {
    let lib = library("libfastkzg.so");
    let lib_dir = lib
        .parent()
        .expect("library directory")
        .display()
        .to_string();
    let program = work_dir().join(source.trim_end_matches(".c"));
    compile_source(source, &program, &shared_link(&lib_dir));
    let result = Command::new(&program)
        .args(args)
        .env_remove("FASTKZG_NUM_THREADS")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let stdout = String::from_utf8_lossy(&result.stdout).into_owned();
    assert!(
        result.status.success() && stdout.contains(", 0 failed"),
        "{} failed ({}):\n{stdout}{}",
        program.display(),
        result.status,
        String::from_utf8_lossy(&result.stderr)
    );
    println!("{}: {}", program.display(), stdout.trim());
    stdout
}

/// `tests/c/test_batch.c`: the batch calls of `fastkzg.h` equal the
/// per-blob functions; bad inputs give `C_KZG_BADARGS` with outputs
/// untouched and verdicts false.
#[test]
fn c_program_batch_calls() {
    run_shared_program("test_batch.c", &[trusted_setup().as_os_str()]);
}

/// `tests/c/test_csharp.c`: the library placed as NuGet `Ckzg.Bindings`
/// finds it (`scripts/build-csharp-native.sh`: `runtimes/linux-x64/native/ckzg.so`),
/// opened by path and called through the entry points and argument types
/// of the binding's DllImports.
#[test]
fn csharp_binding_layout_and_entry_points() {
    let lib = library("libfastkzg.so");
    let out = work_dir().join("csharp");
    let script = Path::new(MANIFEST_DIR).join("../../scripts/build-csharp-native.sh");
    let result = Command::new(&script)
        .arg(&out)
        .env("FASTKZG_LIB", &lib)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    assert!(
        result.status.success(),
        "{}: {:?}",
        script.display(),
        result
    );
    let placed = String::from_utf8_lossy(&result.stdout).trim().to_string();
    assert!(placed.ends_with("/native/ckzg.so"), "{placed}");
    let placed = std::path::PathBuf::from(placed);
    run_shared_program(
        "test_csharp.c",
        &[placed.as_os_str(), trusted_setup().as_os_str()],
    );
}

#[test]
fn c_program_against_shared_library() {
    let lib = library("libfastkzg.so");
    let lib_dir = lib
        .parent()
        .expect("library directory")
        .display()
        .to_string();
    let dir = work_dir();
    let program = dir.join("test_abi_shared");
    compile(&program, &shared_link(&lib_dir));
    let dump = dir.join("dump_shared.bin");
    let _ = std::fs::remove_file(&dump);
    // The full run (with its extra setup loads) is done against the static
    // library; here every function and error path still runs once. A
    // thread count that is not a number is ignored (the default applies):
    // the library never aborts its host over it.
    run(&program, &dump, true, Some("lots"));
    compare_with_c_kzg(&dump);

    // The program really is dynamically linked to this library.
    if let Ok(out) = Command::new("ldd").arg(&program).output() {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&lib_dir) && text.contains("libfastkzg.so"),
            "{} does not load {}:\n{text}",
            program.display(),
            lib.display()
        );
    }
}

/// A value of the reference tests' `data.yaml` files, which use a small
/// subset of YAML: quoted hex strings, integers, `true`/`false`/`null`,
/// and lists (one item per `- ` line, or a flow list `[a, b]`, which may
/// span lines).
#[derive(Clone, Debug)]
enum Yaml {
    Str(String),
    Int(u64),
    Bool(bool),
    Null,
    List(Vec<Yaml>),
}

/// One scalar of a `data.yaml` file.
fn yaml_scalar(text: &str) -> Yaml {
    let text = text.trim();
    match text {
        "null" | "~" => Yaml::Null,
        "true" => Yaml::Bool(true),
        "false" => Yaml::Bool(false),
        _ => {
            if let Some(s) = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
                return Yaml::Str(s.to_string());
            }
            if let Some(s) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                return Yaml::Str(s.to_string());
            }
            match text.parse() {
                Ok(n) => Yaml::Int(n),
                Err(_) => Yaml::Str(text.to_string()),
            }
        }
    }
}

/// The `input` map and the `output` of a reference case. Anything outside
/// the subset these files use fails the test.
fn parse_case(path: &Path) -> (std::collections::BTreeMap<String, Yaml>, Yaml) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut input = std::collections::BTreeMap::new();
    let mut output = None;
    let mut list_key: Option<String> = None;
    // A flow list (`[0, 1, ...]`) may continue over several lines: join
    // them into one.
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match lines.last_mut() {
            Some(open) if open.matches('[').count() > open.matches(']').count() => {
                open.push(' ');
                open.push_str(line.trim());
            }
            _ => lines.push(line.to_string()),
        }
    }
    for line in lines.iter().map(String::as_str) {
        if line == "input:" {
            continue;
        }
        if let Some(rest) = line.strip_prefix("output:") {
            output = Some(yaml_scalar(rest));
            list_key = None;
        } else if let Some(item) = line
            .strip_prefix("  - ")
            .or_else(|| line.strip_prefix("- "))
        {
            let key = list_key
                .as_ref()
                .unwrap_or_else(|| panic!("{}: list item outside a list", path.display()));
            match input.get_mut(key) {
                Some(Yaml::List(items)) => items.push(yaml_scalar(item)),
                _ => panic!("{}: list item outside a list", path.display()),
            }
        } else if let Some((key, rest)) = line.strip_prefix("  ").and_then(|l| l.split_once(':')) {
            let rest = rest.trim();
            let value = if rest.is_empty() {
                list_key = Some(key.to_string());
                Yaml::List(Vec::new())
            } else if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
                list_key = None;
                Yaml::List(
                    inner
                        .split(',')
                        .filter(|t| !t.trim().is_empty())
                        .map(yaml_scalar)
                        .collect(),
                )
            } else {
                list_key = None;
                yaml_scalar(rest)
            };
            input.insert(key.to_string(), value);
        } else {
            panic!("{}: unexpected line {line:.60}", path.display());
        }
    }
    let output = output.unwrap_or_else(|| panic!("{}: no output", path.display()));
    (input, output)
}

/// The hex digits (without `0x`) of a string of exactly `n` bytes.
fn hex_of(v: &Yaml, n: usize) -> Option<String> {
    let Yaml::Str(s) = v else { return None };
    let digits = s.strip_prefix("0x")?;
    (digits.len() == 2 * n && digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| digits.to_string())
}

/// Each item of a list as `n` bytes of hex.
fn hex_list(v: &Yaml, n: usize) -> Option<Vec<String>> {
    let Yaml::List(items) = v else { return None };
    items.iter().map(|item| hex_of(item, n)).collect()
}

/// The expected verdict: `1`, `0`, or `-1` for an error (`null`).
fn verdict(output: &Yaml, path: &Path) -> i32 {
    match output {
        Yaml::Bool(true) => 1,
        Yaml::Bool(false) => 0,
        Yaml::Null => -1,
        other => panic!("{}: output {other:?} is not a verdict", path.display()),
    }
}

/// The reference tests: `$FASTKZG_SPEC_TESTS` or the in-repository copy.
fn spec_tests_dir() -> PathBuf {
    std::env::var_os("FASTKZG_SPEC_TESTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(MANIFEST_DIR).join("../../spec-tests"))
}

/// Writes the reference cases of the four verification functions of
/// `ckzg.h` to `out`, one per line, for `test_verifier.c`:
///
/// ```text
/// K <verdict> <commitment> <z> <y> <proof>
/// B <verdict> <blob> <commitment> <proof>
/// BB <verdict> <n> <n blobs> <n commitments> <n proofs>
/// C <verdict> <n> <n commitments> <n indices> <n cells> <n proofs>
/// ```
///
/// with byte strings in hex (no `0x`), indices in decimal and the verdict
/// `1`, `0` or `-1` (rejected). Cases whose inputs the C types cannot hold
/// (a wrong byte length, lists of different lengths) are left out; their
/// expected output must be `null`. Returns the cases written and left out
/// per function.
fn write_verify_cases(out: &Path) -> Vec<(&'static str, usize, usize)> {
    use std::fmt::Write as _;
    let dir = spec_tests_dir();
    let mut text = String::new();
    let mut counts = Vec::new();
    for function in [
        "verify_kzg_proof",
        "verify_blob_kzg_proof",
        "verify_blob_kzg_proof_batch",
        "verify_cell_kzg_proof_batch",
    ] {
        let cases_dir = dir.join(function).join("kzg-mainnet");
        let mut cases: Vec<PathBuf> = std::fs::read_dir(&cases_dir)
            .unwrap_or_else(|e| panic!("reference tests at {}: {e}", cases_dir.display()))
            .map(|entry| entry.expect("directory entry").path().join("data.yaml"))
            .collect();
        cases.sort();
        let (mut written, mut left_out) = (0, 0);
        for path in &cases {
            let (input, output) = parse_case(path);
            let expected = verdict(&output, path);
            let field = |key: &str| {
                input
                    .get(key)
                    .unwrap_or_else(|| panic!("{}: no input {key}", path.display()))
            };
            let line = match function {
                "verify_kzg_proof" => (|| {
                    Some(format!(
                        "K {expected} {} {} {} {}",
                        hex_of(field("commitment"), 48)?,
                        hex_of(field("z"), 32)?,
                        hex_of(field("y"), 32)?,
                        hex_of(field("proof"), 48)?
                    ))
                })(),
                "verify_blob_kzg_proof" => (|| {
                    Some(format!(
                        "B {expected} {} {} {}",
                        hex_of(field("blob"), c_kzg::BYTES_PER_BLOB)?,
                        hex_of(field("commitment"), 48)?,
                        hex_of(field("proof"), 48)?
                    ))
                })(),
                "verify_blob_kzg_proof_batch" => (|| {
                    let blobs = hex_list(field("blobs"), c_kzg::BYTES_PER_BLOB)?;
                    let commitments = hex_list(field("commitments"), 48)?;
                    let proofs = hex_list(field("proofs"), 48)?;
                    let n = blobs.len();
                    (commitments.len() == n && proofs.len() == n).then(|| {
                        format!(
                            "BB {expected} {n} {} {} {}",
                            blobs.join(" "),
                            commitments.join(" "),
                            proofs.join(" ")
                        )
                    })
                })(),
                _ => (|| {
                    let commitments = hex_list(field("commitments"), 48)?;
                    let Yaml::List(indices) = field("cell_indices") else {
                        return None;
                    };
                    let indices: Vec<String> = indices
                        .iter()
                        .map(|i| match i {
                            Yaml::Int(i) => Some(i.to_string()),
                            _ => None,
                        })
                        .collect::<Option<_>>()?;
                    let cells = hex_list(field("cells"), c_kzg::BYTES_PER_CELL)?;
                    let proofs = hex_list(field("proofs"), 48)?;
                    let n = cells.len();
                    (commitments.len() == n && indices.len() == n && proofs.len() == n).then(|| {
                        format!(
                            "C {expected} {n} {} {} {} {}",
                            commitments.join(" "),
                            indices.join(" "),
                            cells.join(" "),
                            proofs.join(" ")
                        )
                    })
                })(),
            };
            match line {
                Some(line) => {
                    writeln!(text, "{line}").expect("write to a string");
                    written += 1;
                }
                None => {
                    assert_eq!(
                        expected,
                        -1,
                        "{}: inputs the C types cannot hold must be rejected",
                        path.display()
                    );
                    left_out += 1;
                }
            }
        }
        assert!(
            written > 0,
            "no reference case of {function} in {}",
            cases_dir.display()
        );
        counts.push((function, written, left_out));
    }
    std::fs::write(out, text).expect("write the verification cases");
    counts
}

/// `tests/c/test_verifier.c`: the verify-only settings (loaded from the
/// embedded setup, from points, from the mainnet text and from a text that
/// goes through full validation) give the full settings' verdicts, and the
/// expected ones, on every reference case of the four verification
/// functions of `ckzg.h` and on the two batch verifications of `fastkzg.h`;
/// every function that computes refuses them with `C_KZG_BADARGS`, its
/// outputs untouched; loading errors and freeing behave as for full
/// settings.
#[test]
fn c_program_verify_only_settings() {
    let cases = work_dir().join("verify_cases.txt");
    let counts = write_verify_cases(&cases);
    for (function, written, left_out) in &counts {
        println!(
            "{function}: {written} reference cases, {left_out} left out (lengths C cannot hold)"
        );
    }
    let stdout = run_shared_program(
        "test_verifier.c",
        &[trusted_setup().as_os_str(), cases.as_os_str()],
    );
    let total: usize = counts.iter().map(|(_, n, _)| n).sum();
    assert!(
        stdout.contains(&format!("{total} reference cases")),
        "test_verifier.c did not run all {total} reference cases:\n{stdout}"
    );
}
