//! fastkzg's C ABI, from the release `libfastkzg.so` loaded at run time
//! (`FASTKZG_FUZZ_CABI` names another file). The library is built by
//! `scripts/fuzz.sh` before the targets; a missing library is a failure.

use std::sync::OnceLock;

use fastkzg::{Blob, Cell};

/// `C_KZG_OK`.
pub const OK: i32 = 0;

/// `C_KZG_BADARGS`.
pub const BADARGS: i32 = 1;

/// c-kzg's `KZGSettings`: 80 bytes on 64-bit targets, pointer-aligned.
#[repr(C, align(8))]
pub struct Settings([u8; 80]);

impl Settings {
    /// A cleared struct, as a caller hands to the loaders.
    pub fn zeroed() -> Self {
        Settings([0; 80])
    }
}

type Commit = unsafe extern "C" fn(*mut [u8; 48], *const Blob, *const Settings) -> i32;
type Prove = unsafe extern "C" fn(
    *mut [u8; 48],
    *mut [u8; 32],
    *const Blob,
    *const [u8; 32],
    *const Settings,
) -> i32;
type BlobProof =
    unsafe extern "C" fn(*mut [u8; 48], *const Blob, *const [u8; 48], *const Settings) -> i32;
type VerifyProof = unsafe extern "C" fn(
    *mut bool,
    *const [u8; 48],
    *const [u8; 32],
    *const [u8; 32],
    *const [u8; 48],
    *const Settings,
) -> i32;
type VerifyBlob = unsafe extern "C" fn(
    *mut bool,
    *const Blob,
    *const [u8; 48],
    *const [u8; 48],
    *const Settings,
) -> i32;
type VerifyBatch = unsafe extern "C" fn(
    *mut bool,
    *const Blob,
    *const [u8; 48],
    *const [u8; 48],
    u64,
    *const Settings,
) -> i32;
type Cells = unsafe extern "C" fn(*mut Cell, *mut [u8; 48], *const Blob, *const Settings) -> i32;
type Recover = unsafe extern "C" fn(
    *mut Cell,
    *mut [u8; 48],
    *const u64,
    *const Cell,
    u64,
    *const Settings,
) -> i32;
type VerifyCells = unsafe extern "C" fn(
    *mut bool,
    *const [u8; 48],
    *const u64,
    *const Cell,
    *const [u8; 48],
    u64,
    *const Settings,
) -> i32;
type VerifyShared = unsafe extern "C" fn(
    *mut bool,
    *const [u8; 48],
    *const u64,
    u64,
    *const Cell,
    *const [u8; 48],
    u64,
    *const Settings,
) -> i32;
type CellsBatch = unsafe extern "C" fn(*mut Cell, *const Blob, u64, *const Settings) -> i32;
type CellsProofsBatch =
    unsafe extern "C" fn(*mut Cell, *mut [u8; 48], *const Blob, u64, *const Settings) -> i32;
type RecoverBatch =
    unsafe extern "C" fn(*mut Cell, *const u64, u64, *const Cell, u64, *const Settings) -> i32;
pub type Load =
    unsafe extern "C" fn(*mut Settings, *const u8, u64, *const u8, u64, *const u8, u64, u64) -> i32;
type LoadFile = unsafe extern "C" fn(*mut Settings, *mut libc::FILE, u64) -> i32;
type Free = unsafe extern "C" fn(*mut Settings);
type Challenge = unsafe extern "C" fn(*mut [u8; 32], *const Blob, *const [u8; 48]) -> i32;
type CellChallenge = unsafe extern "C" fn(
    *mut [u8; 32],
    *const [u8; 48],
    u64,
    *const u64,
    *const u64,
    *const Cell,
    *const [u8; 48],
    u64,
) -> i32;

/// The loaded library, its functions and mainnet settings.
pub struct CAbi {
    _lib: libloading::Library,
    pub settings: Box<Settings>,
    pub blob_to_kzg_commitment: Commit,
    pub compute_kzg_proof: Prove,
    pub compute_blob_kzg_proof: BlobProof,
    pub verify_kzg_proof: VerifyProof,
    pub verify_blob_kzg_proof: VerifyBlob,
    pub verify_blob_kzg_proof_batch: VerifyBatch,
    pub compute_cells_and_kzg_proofs: Cells,
    pub recover_cells_and_kzg_proofs: Recover,
    pub verify_cell_kzg_proof_batch: VerifyCells,
    pub load_trusted_setup: Load,
    pub load_trusted_setup_file: LoadFile,
    pub free_trusted_setup: Free,
    pub compute_challenge: Challenge,
    pub compute_verify_cell_kzg_proof_batch_challenge: CellChallenge,
    pub verify_blob_cell_proofs: VerifyBatch,
    pub verify_cells_shared_indices: VerifyShared,
    pub compute_cells_batch: CellsBatch,
    pub compute_cells_and_kzg_proofs_batch: CellsProofsBatch,
    pub recover_cells_batch: RecoverBatch,
}

/// The raw setup points of the embedded mainnet text, as `load_trusted_setup`
/// takes them: G1 monomial, G1 Lagrange, G2 monomial (parsed once).
pub fn setup_bytes() -> &'static (Vec<u8>, Vec<u8>, Vec<u8>) {
    static RAW: OnceLock<(Vec<u8>, Vec<u8>, Vec<u8>)> = OnceLock::new();
    RAW.get_or_init(parse_setup_bytes)
}

/// The text's lists are G1 Lagrange, G2 monomial, G1 monomial, each a hex
/// line after the two counts.
fn parse_setup_bytes() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let text = fastkzg::ethereum::embedded::MAINNET_TRUSTED_SETUP_TXT;
    let mut lines = text.split_whitespace();
    let n1: usize = lines.next().and_then(|l| l.parse().ok()).expect("G1 count");
    let n2: usize = lines.next().and_then(|l| l.parse().ok()).expect("G2 count");
    let mut read = |n: usize| -> Vec<u8> {
        (0..n)
            .flat_map(|_| {
                let l = lines.next().expect("setup line");
                (0..l.len() / 2)
                    .map(|i| u8::from_str_radix(&l[2 * i..2 * i + 2], 16).expect("hex"))
                    .collect::<Vec<u8>>()
            })
            .collect()
    };
    let lagrange = read(n1);
    let g2 = read(n2);
    let monomial = read(n1);
    (monomial, lagrange, g2)
}

/// The process-wide C ABI.
pub fn get() -> &'static CAbi {
    static C: OnceLock<CAbi> = OnceLock::new();
    C.get_or_init(|| {
        let path = std::env::var("FASTKZG_FUZZ_CABI").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../target/release/libfastkzg.so"
            )
            .into()
        });
        // SAFETY: loading fastkzg's own C ABI library, whose initialisers
        // are Rust's and blst's (no process-wide side effects).
        let lib = unsafe { libloading::Library::new(&path) }
            .unwrap_or_else(|e| panic!("cannot load {path}: {e} (run scripts/fuzz.sh)"));
        // SAFETY: each symbol is the ckzg.h function of that name, whose C
        // signature the type alias spells out.
        unsafe {
            let load: Load = sym(&lib, b"load_trusted_setup\0");
            let (monomial, lagrange, g2) = setup_bytes();
            let (ret, settings) = load_raw(load, monomial, lagrange, g2, 0);
            assert_eq!(ret, OK, "load_trusted_setup through the C ABI");
            CAbi {
                settings,
                blob_to_kzg_commitment: sym(&lib, b"blob_to_kzg_commitment\0"),
                compute_kzg_proof: sym(&lib, b"compute_kzg_proof\0"),
                compute_blob_kzg_proof: sym(&lib, b"compute_blob_kzg_proof\0"),
                verify_kzg_proof: sym(&lib, b"verify_kzg_proof\0"),
                verify_blob_kzg_proof: sym(&lib, b"verify_blob_kzg_proof\0"),
                verify_blob_kzg_proof_batch: sym(&lib, b"verify_blob_kzg_proof_batch\0"),
                compute_cells_and_kzg_proofs: sym(&lib, b"compute_cells_and_kzg_proofs\0"),
                recover_cells_and_kzg_proofs: sym(&lib, b"recover_cells_and_kzg_proofs\0"),
                verify_cell_kzg_proof_batch: sym(&lib, b"verify_cell_kzg_proof_batch\0"),
                load_trusted_setup: load,
                load_trusted_setup_file: sym(&lib, b"load_trusted_setup_file\0"),
                free_trusted_setup: sym(&lib, b"free_trusted_setup\0"),
                compute_challenge: sym(&lib, b"fastkzg_compute_challenge\0"),
                compute_verify_cell_kzg_proof_batch_challenge: sym(
                    &lib,
                    b"fastkzg_compute_verify_cell_kzg_proof_batch_challenge\0",
                ),
                verify_blob_cell_proofs: sym(&lib, b"fastkzg_verify_blob_cell_proofs\0"),
                verify_cells_shared_indices: sym(&lib, b"fastkzg_verify_cells_shared_indices\0"),
                compute_cells_batch: sym(&lib, b"fastkzg_compute_cells_batch\0"),
                compute_cells_and_kzg_proofs_batch: sym(
                    &lib,
                    b"fastkzg_compute_cells_and_kzg_proofs_batch\0",
                ),
                recover_cells_batch: sym(&lib, b"fastkzg_recover_cells_batch\0"),
                _lib: lib,
            }
        }
    })
}

/// Calls the C ABI's `load_trusted_setup` on raw setup bytes (G1 monomial,
/// G1 Lagrange, G2 monomial): its return code and the settings struct.
pub fn load_raw(
    load: Load,
    g1m: &[u8],
    g1l: &[u8],
    g2m: &[u8],
    precompute: u64,
) -> (i32, Box<Settings>) {
    let mut settings = Box::new(Settings::zeroed());
    // SAFETY: three live byte slices with their lengths and a writable
    // settings struct, as ckzg.h's load_trusted_setup takes them.
    let ret = unsafe {
        load(
            &mut *settings,
            g1m.as_ptr(),
            g1m.len() as u64,
            g1l.as_ptr(),
            g1l.len() as u64,
            g2m.as_ptr(),
            g2m.len() as u64,
            precompute,
        )
    };
    (ret, settings)
}

/// The function `name` (NUL-terminated) of `lib` as a `T`.
///
/// # Safety
/// `T` must be the function pointer type of that symbol.
unsafe fn sym<T: Copy>(lib: &libloading::Library, name: &[u8]) -> T {
    // SAFETY: the caller vouches for the type.
    *unsafe { lib.get::<T>(name) }.unwrap_or_else(|e| panic!("fastkzg C ABI: {e}"))
}

/// `Some(value)` when the call returned `C_KZG_OK`.
pub fn ok<T>(ret: i32, value: T) -> Option<T> {
    (ret == OK).then_some(value)
}
