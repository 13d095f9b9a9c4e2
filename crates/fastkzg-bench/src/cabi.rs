//! fastkzg through its C ABI: the shared library of `crates/fastkzg-c`
//! (the drop-in for c-kzg-4844's `ckzg.h`), built by [`build`] (release,
//! default features: what a C user links), loaded at run time by
//! [`CAbi::load`] and called from the sampler's thread with c-kzg's input
//! types, so that it runs the `c-kzg` crate's cases ([`CkzgApi`]). Its own
//! pool has `FASTKZG_NUM_THREADS` threads (set by the report to the
//! table's); it reads `FASTKZG_NO_IFMA` itself. No setup cases.

use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::path::{Path, PathBuf};
use std::ptr::addr_of_mut;
use std::sync::Arc;

use c_kzg::{Blob, Bytes32, Bytes48, Cell, CkzgError, Error, KzgCommitment, KzgProof};
use libloading::Library;

use crate::cases::{CCells as Cells, CProofs as Proofs, CkzgApi};

/// The column label at one thread.
pub const LABEL: &str = "fastkzg C ABI";

/// Builds the C ABI's shared library in `target_dir` (release profile)
/// with the `cargo` that runs the report; returns its path.
pub fn build(target_dir: &Path) -> Result<PathBuf, String> {
    let mut cmd = crate::cargo("build --release --quiet -p fastkzg-c", target_dir);
    crate::run_build(&mut cmd, "cargo build -p fastkzg-c")?;
    let lib = target_dir
        .join("release")
        .join(libloading::library_filename("fastkzg"));
    lib.exists()
        .then_some(lib)
        .ok_or_else(|| "no shared library after the build".into())
}

/// `KZGSettings` of `ckzg.h`: c-kzg's size, fastkzg's key inside.
#[repr(C)]
struct RawSettings {
    handle: *mut c_void,
    reserved: [*mut c_void; 7],
    sizes: [usize; 2],
}

/// `C_KZG_RET`, read as the `int` it is (never as the Rust enum, so an
/// unexpected value cannot be undefined behaviour).
type Ret = u32;
type S = *const RawSettings;

/// Declares the entry points: one field per `ckzg.h` function, resolved by
/// name when the library is loaded.
macro_rules! entry_points {
    ($($name:ident: fn($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        struct Fns {
            $($name: unsafe extern "C" fn($($arg),*) $(-> $ret)?,)*
        }
        impl Fns {
            fn resolve(lib: &Library) -> Result<Self, String> {
                Ok(Fns {$(
                    // SAFETY: the library is fastkzg's C ABI, whose
                    // `ckzg.h` declares this function with exactly this
                    // signature; the pointer is used only while `lib` is
                    // loaded (`Api` keeps both together).
                    $name: unsafe {
                        *lib.get(concat!(stringify!($name), "\0").as_bytes())
                            .map_err(|e| format!("{}: {e}", stringify!($name)))?
                    },
                )*})
            }
        }
    };
}

entry_points! {
    load_trusted_setup: fn(*mut RawSettings, *const u8, u64, *const u8, u64, *const u8, u64, u64) -> Ret;
    free_trusted_setup: fn(*mut RawSettings);
    fastkzg_warm_up: fn(S) -> Ret;
    fastkzg_forget_decoded_commitments: fn(S) -> Ret;
    blob_to_kzg_commitment: fn(*mut KzgCommitment, *const Blob, S) -> Ret;
    compute_kzg_proof: fn(*mut KzgProof, *mut Bytes32, *const Blob, *const Bytes32, S) -> Ret;
    compute_blob_kzg_proof: fn(*mut KzgProof, *const Blob, *const Bytes48, S) -> Ret;
    verify_kzg_proof: fn(*mut bool, *const Bytes48, *const Bytes32, *const Bytes32, *const Bytes48, S) -> Ret;
    verify_blob_kzg_proof: fn(*mut bool, *const Blob, *const Bytes48, *const Bytes48, S) -> Ret;
    verify_blob_kzg_proof_batch: fn(*mut bool, *const Blob, *const Bytes48, *const Bytes48, u64, S) -> Ret;
    compute_cells_and_kzg_proofs: fn(*mut Cell, *mut KzgProof, *const Blob, S) -> Ret;
    recover_cells_and_kzg_proofs: fn(*mut Cell, *mut KzgProof, *const u64, *const Cell, u64, S) -> Ret;
    verify_cell_kzg_proof_batch: fn(*mut bool, *const Bytes48, *const u64, *const Cell, *const Bytes48, u64, S) -> Ret;
}

/// The loaded library and its entry points (kept together so that no
/// pointer outlives the library).
struct Api {
    fns: Fns,
    _lib: Library,
}

/// fastkzg's C ABI with settings loaded at one precompute level.
pub struct CAbi {
    api: Arc<Api>,
    settings: Box<RawSettings>,
}

// SAFETY: `ckzg.h` (fastkzg's) allows calls from any number of threads at
// once on the same settings; the struct itself is written only by
// `load_trusted_setup` (in `load_level`, before it is shared) and by
// `free_trusted_setup` (in `drop`, with exclusive access).
unsafe impl Send for CAbi {}
// SAFETY: as for `Send`: every shared use is a call that only reads the
// settings struct.
unsafe impl Sync for CAbi {}

impl CAbi {
    /// Loads the library at `path` and its settings (the embedded mainnet
    /// setup's bytes, `load_trusted_setup`, then `fastkzg_warm_up`, as the
    /// Rust settings get `warm_up()`) at each of `precomputes`.
    pub fn load(path: &Path, precomputes: &[usize]) -> Result<Vec<(usize, CAbi)>, String> {
        // SAFETY: loading runs the library's initialisers; fastkzg's C ABI
        // has none besides Rust's, which are sound to run in any process.
        let lib = unsafe { Library::new(path) }.map_err(|e| format!("{}: {e}", path.display()))?;
        let api = Arc::new(Api {
            fns: Fns::resolve(&lib)?,
            _lib: lib,
        });
        let level = |p: &usize| Ok((*p, CAbi::load_level(&api, *p)?));
        precomputes.iter().map(level).collect()
    }

    fn load_level(api: &Arc<Api>, p: usize) -> Result<CAbi, String> {
        let b = crate::peers::SetupBytes::mainnet();
        let mut settings = Box::new(RawSettings {
            handle: std::ptr::null_mut(),
            reserved: [std::ptr::null_mut(); 7],
            sizes: [0; 2],
        });
        let [(m, ml), (l, ll), (g2, g2l)] =
            [&b.g1_monomial, &b.g1_lagrange, &b.g2_monomial].map(|v| (v.as_ptr(), v.len() as u64));
        let f = api.fns.load_trusted_setup;
        // SAFETY: `settings` is a writable `KZGSettings`; each pointer is
        // readable for the length passed with it.
        let ret = unsafe { f(&mut *settings, m, ml, l, ll, g2, g2l, p as u64) };
        check(ret).map_err(|e| format!("load_trusted_setup at precompute {p}: {e}"))?;
        let loaded = CAbi {
            api: Arc::clone(api),
            settings,
        };
        // SAFETY: the settings are loaded.
        let ret = unsafe { (api.fns.fastkzg_warm_up)(loaded.s()) };
        check(ret).map_err(|e| format!("fastkzg_warm_up at precompute {p}: {e}"))?;
        Ok(loaded)
    }

    fn s(&self) -> S {
        &*self.settings
    }
}

impl Drop for CAbi {
    fn drop(&mut self) {
        // SAFETY: the settings were loaded by this library and are freed
        // once, with no call in progress (`&mut self`).
        unsafe { (self.api.fns.free_trusted_setup)(&mut *self.settings) }
    }
}

/// `C_KZG_OK`, or c-kzg's error for the code.
fn check(ret: Ret) -> Result<(), Error> {
    let code = match ret {
        0 => return Ok(()),
        1 => CkzgError::C_KZG_BADARGS,
        3 => CkzgError::C_KZG_MALLOC,
        _ => CkzgError::C_KZG_ERROR,
    };
    Err(Error::CError(code))
}

/// An error unless every length equals the first.
fn same_lengths(lengths: &[usize]) -> Result<u64, Error> {
    let n = lengths.first().copied().unwrap_or(0);
    match lengths.iter().all(|l| *l == n) {
        true => Ok(n as u64),
        false => Err(Error::MismatchLength(format!("list lengths {lengths:?}"))),
    }
}

/// Calls an entry point with an output `T` that `ckzg.h` writes on
/// `C_KZG_OK`; returns it then.
fn output<T>(call: impl FnOnce(*mut T) -> Ret) -> Result<T, Error> {
    let mut out = MaybeUninit::<T>::uninit();
    check(call(out.as_mut_ptr()))?;
    // SAFETY: on C_KZG_OK every output of the call has been written
    // (`ckzg.h`: outputs are written exactly when the call succeeds).
    Ok(unsafe { out.assume_init() })
}

/// Room for one value per cell of an extended blob (the cells or the
/// cell proofs).
fn room<T: Clone>(zero: T) -> Box<[T; c_kzg::CELLS_PER_EXT_BLOB]> {
    let room = vec![zero; c_kzg::CELLS_PER_EXT_BLOB].into_boxed_slice();
    room.try_into()
        .unwrap_or_else(|_| unreachable!("one value per cell"))
}

/// Room for the cells and the cell proofs of one extended blob.
fn rooms() -> (Cells, Proofs) {
    let zero = KzgProof::from_bytes(&[0; 48]).expect("48 bytes");
    (room(Cell::default()), room(zero))
}

/// The methods that call one entry point with an output that it writes
/// on `C_KZG_OK`: single inputs by reference, or (`[..]`) slices of equal
/// length, passed with that length.
macro_rules! calls {
    ($($name:ident($($a:ident: &$t:ty),*) $([$($s:ident: $st:ty),*])? -> $ret:ty;)*) => {$(
        fn $name(&self, $($a: &$t,)* $($($s: &[$st]),*)?) -> Result<$ret, Error> {
            let f = self.api.fns.$name;
            $(let n = same_lengths(&[$($s.len()),*])?;)?
            // SAFETY: see the comment on this impl.
            output(|out| unsafe { f(out, $($a,)* $($($s.as_ptr(),)* n,)? self.s()) })
        }
    )*};
}

// Every call below passes pointers from references or slices that live
// for the call, outputs with room for what the function writes (one value,
// or CELLS_PER_EXT_BLOB cells and proofs), counts equal to the slices'
// common length (checked first), and loaded settings (`self.s()`): the
// contract of each function in `ckzg.h`.
impl CkzgApi for CAbi {
    calls! {
        blob_to_kzg_commitment(blob: &Blob) -> KzgCommitment;
        compute_blob_kzg_proof(blob: &Blob, c: &Bytes48) -> KzgProof;
        verify_kzg_proof(c: &Bytes48, z: &Bytes32, y: &Bytes32, p: &Bytes48) -> bool;
        verify_blob_kzg_proof(blob: &Blob, c: &Bytes48, p: &Bytes48) -> bool;
        verify_blob_kzg_proof_batch() [blobs: Blob, cs: Bytes48, ps: Bytes48] -> bool;
        verify_cell_kzg_proof_batch() [cs: Bytes48, ids: u64, cells: Cell, ps: Bytes48] -> bool;
    }

    fn forget_decoded_commitments(&self) {
        let f = self.api.fns.fastkzg_forget_decoded_commitments;
        // SAFETY: see the comment on this impl. The settings are loaded, so
        // the call cannot fail.
        let _ = unsafe { f(self.s()) };
    }

    fn compute_kzg_proof(&self, blob: &Blob, z: &Bytes32) -> Result<(KzgProof, Bytes32), Error> {
        let f = self.api.fns.compute_kzg_proof;
        // SAFETY: see the comment on this impl; both fields of `*out` are
        // written on success.
        output(|out: *mut (KzgProof, Bytes32)| unsafe {
            let (proof, y) = (addr_of_mut!((*out).0), addr_of_mut!((*out).1));
            f(proof, y, blob, z, self.s())
        })
    }

    fn compute_cells(&self, blob: &Blob) -> Result<Cells, Error> {
        let mut cells = room(Cell::default());
        let f = self.api.fns.compute_cells_and_kzg_proofs;
        let null = std::ptr::null_mut();
        // SAFETY: see the comment on this impl.
        check(unsafe { f(cells.as_mut_ptr(), null, blob, self.s()) })?;
        Ok(cells)
    }

    fn compute_cells_and_kzg_proofs(&self, blob: &Blob) -> Result<(Cells, Proofs), Error> {
        let (mut cells, mut proofs) = rooms();
        let f = self.api.fns.compute_cells_and_kzg_proofs;
        // SAFETY: see the comment on this impl.
        check(unsafe { f(cells.as_mut_ptr(), proofs.as_mut_ptr(), blob, self.s()) })?;
        Ok((cells, proofs))
    }

    fn recover_cells_and_kzg_proofs(
        &self,
        ids: &[u64],
        cells: &[Cell],
    ) -> Result<(Cells, Proofs), Error> {
        let n = same_lengths(&[ids.len(), cells.len()])?;
        let (mut out, mut proofs) = rooms();
        let f = self.api.fns.recover_cells_and_kzg_proofs;
        let (o, p) = (out.as_mut_ptr(), proofs.as_mut_ptr());
        // SAFETY: see the comment on this impl.
        check(unsafe { f(o, p, ids.as_ptr(), cells.as_ptr(), n, self.s()) })?;
        Ok((out, proofs))
    }

    fn recover_cells(&self, ids: &[u64], cells: &[Cell]) -> Result<Cells, Error> {
        let n = same_lengths(&[ids.len(), cells.len()])?;
        let mut out = room(Cell::default());
        let f = self.api.fns.recover_cells_and_kzg_proofs;
        let (o, null) = (out.as_mut_ptr(), std::ptr::null_mut());
        // SAFETY: see the comment on this impl; NULL proofs: the cells only.
        check(unsafe { f(o, null, ids.as_ptr(), cells.as_ptr(), n, self.s()) })?;
        Ok(out)
    }
}
