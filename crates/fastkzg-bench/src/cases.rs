//! The case table: every measured call of the Ethereum API and of
//! trusted-setup loading, written once with its inputs ([`Data`]) and one
//! closure per library, and the libraries ([`Lib`]) that turn a case into a
//! [`Job`]: one call on prebuilt inputs returning a fingerprint of the
//! result (equal across libraries for equal results). The report,
//! criterion benches, the memory probe and the Go peer all take their cases
//! from here.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use c_kzg::{Blob as CBlob, Bytes32 as CBytes32, Bytes48 as CBytes48, Cell as CCell};
use c_kzg::{KzgCommitment, KzgProof};
use fastkzg::ethereum::{CellProofs, Cells};
use fastkzg::{Backend, Blob, Bytes32, Bytes48, Cell, KzgSettings, KzgVerifier};
use rand::seq::index::sample;
use rand::SeedableRng;
use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};

use crate::cabi::CAbi;
use crate::measure::Contender;
use crate::threads::Threads;
use crate::Fixture;
use Data::{AllCells, Blobs, Column, Recover, Shared};

mod batch;

/// One call on prebuilt inputs; returns a fingerprint of the result.
pub type Job<'a> = Box<dyn FnMut() -> u64 + Send + 'a>;

macro_rules! fastkzg_api {
    ($($owner:ident $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        /// fastkzg's Ethereum API on any backend, as one object type, so
        /// that the case table is written once for every backend.
        pub trait FastkzgApi: Send + Sync {
            $(
                #[doc = concat!("`KzgSettings::", stringify!($name), "`.")]
                fn $name(&self, $($arg: $ty),*) -> fastkzg::Result<$ret>;
            )*
            /// `KzgSettings::forget_decoded_commitments`.
            fn forget_decoded_commitments(&self);
            /// `load_trusted_setup_file(path, p)` when `file`, else
            /// `load_mainnet(p)`, on the same backend, then `warm_up()` when
            /// `warm`; returns the precompute level.
            fn load(&self, p: usize, file: bool, warm: bool) -> usize;
        }
        impl<B: Backend> FastkzgApi for KzgSettings<B> {
            // The verifications are methods of the settings' `KzgVerifier`
            // (reached through `Deref`), the rest of the settings'.
            $(fn $name(&self, $($arg: $ty),*) -> fastkzg::Result<$ret> {
                $owner::<B>::$name(self, $($arg),*)
            })*
            fn forget_decoded_commitments(&self) {
                KzgVerifier::<B>::forget_decoded_commitments(self)
            }
            fn load(&self, p: usize, file: bool, warm: bool) -> usize {
                let ks = match file {
                    true => Self::load_trusted_setup_file(crate::TRUSTED_SETUP_FILE, p),
                    false => Self::load_mainnet(p),
                };
                let ks = ks.expect("setup");
                if warm {
                    ks.warm_up();
                }
                ks.precompute()
            }
        }
    };
}

fastkzg_api! {
    KzgSettings blob_to_kzg_commitment(blob: &Blob) -> Bytes48;
    KzgSettings compute_kzg_proof(blob: &Blob, z: &Bytes32) -> (Bytes48, Bytes32);
    KzgSettings compute_blob_kzg_proof(blob: &Blob, c: &Bytes48) -> Bytes48;
    KzgVerifier verify_kzg_proof(c: &Bytes48, z: &Bytes32, y: &Bytes32, p: &Bytes48) -> bool;
    KzgVerifier verify_blob_kzg_proof(blob: &Blob, c: &Bytes48, p: &Bytes48) -> bool;
    KzgVerifier verify_blob_kzg_proof_batch(blobs: &[&Blob], cs: &[Bytes48], ps: &[Bytes48]) -> bool;
    KzgSettings compute_cells(blob: &Blob) -> Cells;
    KzgSettings compute_cells_and_kzg_proofs(blob: &Blob) -> (Cells, CellProofs);
    KzgSettings recover_cells_and_kzg_proofs(ids: &[u64], cells: &[Cell]) -> (Cells, CellProofs);
    KzgVerifier verify_cell_kzg_proof_batch(cs: &[Bytes48], ids: &[u64], cells: &[Cell], ps: &[Bytes48]) -> bool;
    KzgVerifier verify_blob_cell_proofs(blobs: &[&Blob], cs: &[Bytes48], ps: &[Bytes48]) -> bool;
    KzgVerifier verify_cells_shared_indices(cs: &[Bytes48], ids: &[u64], cells: &[Cell], ps: &[Bytes48]) -> bool;
    KzgSettings compute_cells_batch(blobs: &[&Blob]) -> Vec<Cells>;
    KzgSettings compute_cells_and_kzg_proofs_batch(blobs: &[&Blob]) -> Vec<(Cells, CellProofs)>;
    KzgSettings recover_cells_batch(ids: &[u64], cells: &[Cell]) -> Vec<Cells>;
}

macro_rules! ckzg_api {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        /// c-kzg's calls on c-kzg's types: the `c-kzg` crate and fastkzg's
        /// C ABI ([`crate::cabi`], its drop-in), so that both run the same
        /// closures of the case table.
        pub trait CkzgApi: Send + Sync {
            $(
                #[doc = concat!("`", stringify!($name), "` of `ckzg.h`.")]
                fn $name(&self, $($arg: $ty),*) -> Result<$ret, c_kzg::Error>;
            )*
            /// fastkzg's `fastkzg_forget_decoded_commitments` (c-kzg keeps
            /// no decoded points: nothing to do).
            fn forget_decoded_commitments(&self) {}
            /// `recover_cells_and_kzg_proofs` of `ckzg.h` with NULL proofs:
            /// the cells only (the `c-kzg` crate always computes the proofs).
            fn recover_cells(&self, ids: &[u64], cells: &[CCell]) -> Result<CCells, c_kzg::Error>;
        }
        impl CkzgApi for c_kzg::KzgSettings {
            $(fn $name(&self, $($arg: $ty),*) -> Result<$ret, c_kzg::Error> {
                c_kzg::KzgSettings::$name(self, $($arg),*)
            })*
            fn recover_cells(&self, ids: &[u64], cells: &[CCell]) -> Result<CCells, c_kzg::Error> {
                ckzg_recover_cells(self, ids, cells)
            }
        }
    };
}

/// The cells of an extended blob in c-kzg's types.
pub type CCells = Box<[CCell; c_kzg::CELLS_PER_EXT_BLOB]>;
/// The cell proofs of an extended blob in c-kzg's types.
pub type CProofs = Box<[KzgProof; c_kzg::CELLS_PER_EXT_BLOB]>;

ckzg_api! {
    blob_to_kzg_commitment(blob: &CBlob) -> KzgCommitment;
    compute_kzg_proof(blob: &CBlob, z: &CBytes32) -> (KzgProof, CBytes32);
    compute_blob_kzg_proof(blob: &CBlob, c: &CBytes48) -> KzgProof;
    verify_kzg_proof(c: &CBytes48, z: &CBytes32, y: &CBytes32, p: &CBytes48) -> bool;
    verify_blob_kzg_proof(blob: &CBlob, c: &CBytes48, p: &CBytes48) -> bool;
    verify_blob_kzg_proof_batch(blobs: &[CBlob], cs: &[CBytes48], ps: &[CBytes48]) -> bool;
    compute_cells(blob: &CBlob) -> CCells;
    compute_cells_and_kzg_proofs(blob: &CBlob) -> (CCells, CProofs);
    recover_cells_and_kzg_proofs(ids: &[u64], cells: &[CCell]) -> (CCells, CProofs);
    verify_cell_kzg_proof_batch(cs: &[CBytes48], ids: &[u64], cells: &[CCell], ps: &[CBytes48]) -> bool;
}

// c-kzg's C function, linked from the `c-kzg` crate's static library.
extern "C" {
    fn recover_cells_and_kzg_proofs(
        recovered_cells: *mut CCell,
        recovered_proofs: *mut KzgProof,
        cell_indices: *const u64,
        cells: *const CCell,
        num_cells: u64,
        s: *const c_kzg::KzgSettings,
    ) -> c_kzg::CkzgError;
}

/// c-kzg's recovery of the cells only ([`CkzgApi::recover_cells`]).
fn ckzg_recover_cells(
    s: &c_kzg::KzgSettings,
    ids: &[u64],
    cells: &[CCell],
) -> Result<CCells, c_kzg::Error> {
    assert_eq!(ids.len(), cells.len(), "one index per cell");
    let out = vec![CCell::default(); c_kzg::CELLS_PER_EXT_BLOB].into_boxed_slice();
    let mut out: CCells = out.try_into().expect("CELLS_PER_EXT_BLOB cells");
    let (o, null, n) = (out.as_mut_ptr(), std::ptr::null_mut(), ids.len() as u64);
    // SAFETY: `out` has room for CELLS_PER_EXT_BLOB cells, `ids` and `cells`
    // hold `n` elements each, and `s` is c-kzg's loaded settings; the
    // proofs output is NULL, which c-kzg accepts.
    let ret = unsafe { recover_cells_and_kzg_proofs(o, null, ids.as_ptr(), cells.as_ptr(), n, s) };
    match ret {
        c_kzg::CkzgError::C_KZG_OK => Ok(out),
        e => Err(c_kzg::Error::CError(e)),
    }
}

/// The inputs a case works on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Data {
    /// Blob 0 (with its commitment, proof, point).
    Blob0,
    /// The first `n` blobs.
    Blobs(usize),
    /// 64 cells of each of the first `n` blobs: a random half (`true`,
    /// ascending) or cells 0..64.
    Recover(usize, bool),
    /// The cells of the first `n` blobs at `k` random shared indices.
    Shared(usize, usize),
    /// One column (cell index 5) of `n` blobs.
    Column(usize),
    /// All 128 cells of `n` blobs.
    AllCells(usize),
    /// Nothing (setup loading).
    #[default]
    Setup,
}

/// The (blob, cell) entries of a case's inputs (cell 0 for blob inputs; for
/// the Go peer and the cell batches).
pub fn entries(data: Data) -> Vec<(usize, usize)> {
    match data {
        Data::Blob0 => vec![(0, 0)],
        Blobs(n) => cells_of(n, &[0]),
        Recover(n, false) => cells_of(n, &Vec::from_iter(0..64)),
        Recover(n, true) => cells_of(n, &random_indices(7, 64)),
        Shared(n, k) => cells_of(n, &random_indices(8, k)),
        Column(n) => cells_of(n, &[5]),
        AllCells(n) => cells_of(n, &Vec::from_iter(0..128)),
        Data::Setup => vec![],
    }
}

/// `(blob, cell)` for each of the first `n` blobs and each of `ids`.
fn cells_of(n: usize, ids: &[u64]) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|b| ids.iter().map(move |i| (b, *i as usize)))
        .collect()
}

/// `k` of the 128 cell indices, at random from `seed`, ascending.
pub fn random_indices(seed: u64, k: usize) -> Vec<u64> {
    let ids = sample(&mut rand::rngs::StdRng::seed_from_u64(seed), 128, k);
    let mut ids: Vec<u64> = ids.into_iter().map(|c| c as u64).collect();
    ids.sort_unstable();
    ids
}

type Call<S, I = Inputs> = Box<dyn Fn(&S, &I) -> u64 + Send + Sync>;

/// One measured case.
#[derive(Default)]
pub struct Case {
    /// A stable key (criterion group names, the TSV, `--only`).
    pub key: String,
    /// The report's row name.
    pub title: String,
    /// Its inputs.
    pub data: Data,
    /// The precompute level of the settings it runs with.
    pub precompute: usize,
    /// Left out of the report's quick mode.
    pub full_only: bool,
    /// go-eth-kzg has it (its function name is the key up to `/`).
    pub go: bool,
    fk: Option<Call<FkSettings>>,
    ck: Option<Call<CkSettings, CInputs>>,
    rek: Option<Call<DASContext>>,
}

/// `$case.fk($f).ck($f)`: one closure for fastkzg and for c-kzg's calls
/// (the `c-kzg` crate and fastkzg's C ABI), whose methods and inputs have
/// the same names.
macro_rules! fk_ck {
    ($case:expr, $f:expr) => {
        $case.fk($f).ck($f)
    };
}

type FkSettings = dyn FastkzgApi + 'static;
type CkSettings = dyn CkzgApi + 'static;

/// The builder method of each library's closure, `name: settings type,
/// inputs type`.
macro_rules! calls {
    ($($name:ident: $s:ty, $i:ty;)*) => {$(
        fn $name<R: Fp>(mut self, f: impl Fn(&$s, &$i) -> R + Send + Sync + 'static) -> Self {
            self.$name = Some(Box::new(move |s, i| f(s, i).fp()));
            self
        }
    )*};
}

impl Case {
    fn new(key: impl Into<String>, data: Data) -> Self {
        let key = key.into();
        let (title, go) = (key.clone(), data != Data::Setup);
        Case {
            key,
            title,
            data,
            go,
            ..Case::default()
        }
    }
    fn title(mut self, title: String) -> Self {
        self.title = title;
        self
    }
    fn p(mut self, p: usize) -> Self {
        self.precompute = p;
        self.go &= p == 0;
        self
    }
    calls!(fk: FkSettings, Inputs; ck: CkSettings, CInputs; rek: DASContext, Inputs;);
    /// Whether this is a trusted-setup case.
    pub fn is_setup(&self) -> bool {
        self.data == Data::Setup
    }
}

/// A fingerprint of a call's result, equal across libraries for equal
/// results: the first 8 bytes of a point or scalar, the last of a list of
/// cells or proofs, 1 for a successful verification; a failed call or a
/// rejected valid proof panics.
pub trait Fp {
    /// The fingerprint.
    fn fp(&self) -> u64;
}

/// Implements [`Fp`] for each type (with the generic parameters in brackets)
/// as the function after `=>`.
macro_rules! fp {
    ($([$($g:tt)*] $t:ty => $f:expr;)*) => {$(
        impl<$($g)*> Fp for $t {
            fn fp(&self) -> u64 {
                let f: fn(&Self) -> u64 = $f;
                f(self)
            }
        }
    )*};
}

fp! {
    [const N: usize] [u8; N] => |a| u64::from_le_bytes(a[..8].try_into().expect("8 bytes"));
    [T: Fp, const N: usize] [T; N] => |a| a[N - 1].fp();
    [T: Fp] Vec<T> => |v| v.last().map_or(0, Fp::fp);
    [T: Fp + ?Sized] Box<T> => |b| (**b).fp();
    [A: Fp, B: Fp] (A, B) => |(a, b)| a.fp() ^ b.fp().rotate_left(1);
    [T: Fp, E: std::fmt::Debug] Result<T, E> => |r| {
        r.as_ref().expect("a call on valid inputs failed").fp()
    };
    [] bool => |ok| {
        assert!(*ok, "a valid proof was rejected");
        1
    };
    [] u64 => |v| *v;
    [] () => |_| 1;
    [] CBytes32 => |b| (**b).fp();
    [] c_kzg::KzgCommitment => |b| (**b).fp();
    [] c_kzg::KzgProof => |b| (**b).fp();
    [] CCell => |c| c.to_bytes().fp();
}

/// `1 blob`, `n blobs`.
pub fn blobs(n: usize) -> String {
    format!("{n} blob{}", if n == 1 { "" } else { "s" })
}

/// The precompute levels of the cell-proof cases.
pub const PRECOMPUTES: [usize; 2] = [0, 8];

/// The Ethereum API cases, in report order.
pub fn api_cases() -> Vec<Case> {
    let mut v = vec![
        Case::new("blob_to_kzg_commitment", Data::Blob0)
            .fk(|s, i| s.blob_to_kzg_commitment(&i.blobs[0]))
            .ck(|s, i| s.blob_to_kzg_commitment(&i.blobs[0]))
            .rek(|s, i| s.blob_to_kzg_commitment(&i.blobs[0])),
        Case::new("compute_kzg_proof", Data::Blob0)
            .fk(|s, i| s.compute_kzg_proof(&i.blobs[0], &i.z))
            .ck(|s, i| s.compute_kzg_proof(&i.blobs[0], &i.z))
            .rek(|s, i| s.compute_kzg_proof(&i.blobs[0], i.z)),
        Case::new("compute_blob_kzg_proof", Data::Blob0)
            .fk(|s, i| s.compute_blob_kzg_proof(&i.blobs[0], &i.commitments[0]))
            .ck(|s, i| s.compute_blob_kzg_proof(&i.blobs[0], &i.commitments[0]))
            .rek(|s, i| s.compute_blob_kzg_proof(&i.blobs[0], &i.commitments[0])),
        Case::new("verify_kzg_proof", Data::Blob0)
            .fk(|s, i| s.verify_kzg_proof(&i.commitments[0], &i.z, &i.y, &i.kzg_proof))
            .ck(|s, i| s.verify_kzg_proof(&i.commitments[0], &i.z, &i.y, &i.kzg_proof))
            .rek(|s, i| s.verify_kzg_proof(&i.commitments[0], i.z, i.y, &i.kzg_proof)),
        Case::new("verify_blob_kzg_proof", Data::Blob0)
            .fk(|s, i| s.verify_blob_kzg_proof(&i.blobs[0], &i.commitments[0], &i.proofs[0]))
            .ck(|s, i| s.verify_blob_kzg_proof(&i.blobs[0], &i.commitments[0], &i.proofs[0]))
            .rek(|s, i| s.verify_blob_kzg_proof(&i.blobs[0], &i.commitments[0], &i.proofs[0])),
    ];
    v.extend([1, 4, 16, 64].map(|n| {
        let key = format!("verify_blob_kzg_proof_batch/{n}_blobs");
        Case::new(key, Blobs(n))
            .title(format!("verify_blob_kzg_proof_batch, {}", blobs(n)))
            .fk(move |s, i| {
                s.verify_blob_kzg_proof_batch(&i.blobs(n), &i.commitments[..n], &i.proofs[..n])
            })
            .ck(move |s, i| {
                s.verify_blob_kzg_proof_batch(&i.blobs[..n], &i.commitments[..n], &i.proofs[..n])
            })
            .rek(move |s, i| {
                let (cs, ps) = (i.commitments[..n].iter(), i.proofs[..n].iter());
                s.verify_blob_kzg_proof_batch(i.blobs(n), cs.collect(), ps.collect())
            })
    }));
    v.push(
        Case::new("compute_cells", Data::Blob0)
            .fk(|s, i| s.compute_cells(&i.blobs[0]))
            .ck(|s, i| s.compute_cells(&i.blobs[0]))
            .rek(|s, i| s.compute_cells(&i.blobs[0])),
    );
    v.extend(PRECOMPUTES.map(|p| {
        let key = format!("compute_cells_and_kzg_proofs/precompute_{p}");
        Case::new(key, Data::Blob0)
            .title(format!("compute_cells_and_kzg_proofs, p={p}"))
            .p(p)
            .fk(|s, i| s.compute_cells_and_kzg_proofs(&i.blobs[0]))
            .ck(|s, i| s.compute_cells_and_kzg_proofs(&i.blobs[0]))
            .rek(|s, i| s.compute_cells_and_kzg_proofs(&i.blobs[0]))
    }));
    let recover = [(0, true), (0, false), (8, true), (8, false)];
    v.extend(recover.map(|(p, random)| {
        let (name, from) = recovered(random);
        let key = format!("recover_cells_and_kzg_proofs/{name}/precompute_{p}");
        let case = Case::new(key, Recover(1, random))
            .title(format!("recover_cells_and_kzg_proofs, {from}, p={p}"))
            .p(p);
        fk_ck!(case, move |s, i| {
            let b = CellBatch::find(&i.batches, Recover(1, random));
            s.recover_cells_and_kzg_proofs(&b.indices, &b.cells)
        })
        .rek(move |s, i| {
            let b = CellBatch::find(&i.batches, Recover(1, random));
            s.recover_cells_and_kzg_proofs(b.indices.clone(), b.cells.iter().collect())
        })
    }));
    // fastkzg keeps the commitments that cell verification decoded (every
    // data-column sidecar of a block carries the same ones): the rows with
    // `forget` make it forget them before each call, so every call decodes
    // everything, as c-kzg's does; the "commitments seen before" rows let
    // it keep them, as for the second and later sidecars of a block.
    // (blobs, one column or all 128 cells, forget)
    let cell_sets = [
        (1, false, true),
        (16, true, true),
        (64, true, true),
        (8, false, true),
        (64, false, true),
        (16, true, false),
        (64, true, false),
    ];
    v.extend(cell_sets.map(|(n, column, forget)| {
        // The key is the title's `{what}{seen}` with `_` for spaces.
        let (set, what) = match column {
            true => (Column(n), format!("1 column × {n} blobs")),
            false => (AllCells(n), format!("{} × 128 cells", blobs(n))),
        };
        let (seen, before) = match forget {
            true => ("", ""),
            false => ("_seen", ", commitments seen before"),
        };
        let key = format!("{}{seen}", what.replace(" × ", "_").replace(' ', "_"));
        let mut case = Case::new(format!("verify_cell_kzg_proof_batch/{key}"), set);
        // go-eth-kzg keeps nothing between calls: its row once is enough.
        case.go &= forget;
        let case = case.title(format!("verify_cell_kzg_proof_batch, {what}{before}"));
        fk_ck!(case, move |s, i| {
            let b = CellBatch::find(&i.batches, set);
            if forget {
                s.forget_decoded_commitments();
            }
            s.verify_cell_kzg_proof_batch(&b.commitments, &b.indices, &b.cells, &b.proofs)
        })
        .rek(move |s, i| {
            let b = CellBatch::find(&i.batches, set);
            let (cs, ps) = (b.commitments.iter().collect(), b.proofs.iter().collect());
            s.verify_cell_kzg_proof_batch(cs, &b.indices, b.cells.iter().collect(), ps)
        })
    }));
    v.extend(batch::batch_cases());
    v
}

/// `f` of each of `items`, collected; the first error if any.
fn each<T, R, E>(
    items: impl IntoIterator<Item = T>,
    f: impl Fn(T) -> Result<R, E>,
) -> Result<Vec<R>, E> {
    items.into_iter().map(f).collect()
}

/// The key part and the title part of the recovery cases: a random half
/// (`true`) or cells 0..64 recovered from.
fn recovered(random: bool) -> (&'static str, &'static str) {
    match random {
        true => ("random_half", "random 64 of 128"),
        false => ("first_64", "cells 0..64"),
    }
}

/// The trusted-setup cases, in report order. Each call loads its own
/// settings and returns the precompute level plus one.
pub fn setup_cases() -> Vec<Case> {
    let mut v = Vec::new();
    for p in PRECOMPUTES {
        let (one, b) = (p as u64 + 1, crate::peers::SetupBytes::mainnet);
        let key = format!("load_trusted_setup_file/precompute_{p}");
        let file = Case::new(key, Data::Setup)
            .title(format!("setup from text file → ready, p={p}"))
            .fk(move |s, _| s.load(p, true, true) as u64 + 1)
            .ck(move |_, _| {
                let path = Path::new(crate::TRUSTED_SETUP_FILE);
                c_kzg::KzgSettings::load_trusted_setup_file(path, p as u64).map(|_| one)
            })
            .rek(move |_, i| {
                let json = std::fs::read_to_string(&i.setup_json).expect("JSON setup");
                drop(rek_context(&TrustedSetup::from_json(&json), p));
                one
            });
        let mut embedded = Case::new(format!("load_embedded_setup/precompute_{p}"), Data::Setup)
            .title(format!("embedded setup → ready, p={p}"))
            .fk(move |s, _| s.load(p, false, true) as u64 + 1)
            .ck(move |_, _| {
                let (m, l, g2) = (&b().g1_monomial, &b().g1_lagrange, &b().g2_monomial);
                c_kzg::KzgSettings::load_trusted_setup(m, l, g2, p as u64).map(|_| one)
            })
            .rek(move |_, _| {
                drop(rek_context(&TrustedSetup::default(), p));
                one
            });
        embedded.go = p == 0; // go-eth-kzg's NewContext4096Secure
        let mut lazy = Case::new(format!("load_mainnet_lazy/precompute_{p}"), Data::Setup)
            .title(format!("embedded setup, lazy tables, p={p}"))
            .fk(move |s, _| s.load(p, false, false) as u64 + 1);
        lazy.full_only = p > 0;
        v.extend([file, embedded, lazy]);
    }
    v
}

/// Every case.
pub fn all_cases() -> Vec<Case> {
    api_cases().into_iter().chain(setup_cases()).collect()
}

/// rust_eth_kzg's context on `setup` at precompute level `p`.
pub fn rek_context(setup: &TrustedSetup, p: usize) -> DASContext {
    let precomp = match p {
        0 => UsePrecomp::No,
        width => UsePrecomp::Yes { width },
    };
    DASContext::new(setup, precomp)
}

/// Cells of the fixture, their indices, and one commitment and one proof
/// per cell, in fastkzg's types or c-kzg's (`P`, `C`).
pub struct CellBatch<P = Bytes48, C = Cell> {
    /// One commitment per cell.
    pub commitments: Vec<P>,
    /// Cell indices.
    pub indices: Vec<u64>,
    /// The cells.
    pub cells: Vec<C>,
    /// One proof per cell.
    pub proofs: Vec<P>,
}

impl<P, C> CellBatch<P, C> {
    /// The cells at the (blob, cell index) entries `e` (as [`entries`]
    /// gives them), their byte arrays converted by `p` and `c`.
    pub fn new(fx: &Fixture, e: &[(usize, usize)], p: fn(Bytes48) -> P, c: fn(Cell) -> C) -> Self {
        CellBatch {
            commitments: e.iter().map(|(b, _)| p(fx.commitments[*b])).collect(),
            indices: e.iter().map(|(_, i)| *i as u64).collect(),
            cells: e.iter().map(|(b, i)| c(fx.cells[*b][*i])).collect(),
            proofs: e.iter().map(|(b, i)| p(fx.cell_proofs[*b][*i])).collect(),
        }
    }

    /// The batch of `data` among `batches` (`Inputs::batches` or c-kzg's;
    /// there when [`Inputs::has`] says so).
    fn find(batches: &[(Data, Self)], data: Data) -> &Self {
        let batch = batches.iter().find(|b| b.0 == data);
        &batch.expect("cell batch").1
    }
}

/// The inputs in c-kzg's types (what its closures get).
pub struct CInputs {
    blobs: Vec<CBlob>,
    commitments: Vec<CBytes48>,
    proofs: Vec<CBytes48>,
    z: CBytes32,
    y: CBytes32,
    kzg_proof: CBytes48,
    batches: Vec<(Data, CellBatch<CBytes48, CCell>)>,
}

/// Everything the cases need, computed once and shared by all libraries.
pub struct Inputs {
    /// Blobs with their commitments, proofs, cells and cell proofs.
    pub fx: Fixture,
    /// The cell batches of the cases the fixture has blobs for.
    pub batches: Vec<(Data, CellBatch)>,
    /// The same in c-kzg's types.
    pub c: CInputs,
    /// The trusted setup as JSON (rust_eth_kzg's file format).
    pub setup_json: PathBuf,
}

impl Inputs {
    /// Builds the inputs around a fixture.
    pub fn new(fx: Fixture) -> Self {
        let (mut batches, mut c_batches) = (vec![], vec![]);
        for d in api_cases().into_iter().map(|c| c.data) {
            let cells = matches!(d, Recover(..) | Shared(..) | Column(_) | AllCells(_));
            let e = entries(d);
            let fits = e.iter().all(|(b, _)| *b < fx.blobs.len());
            if cells && fits && !batches.iter().any(|b: &(Data, CellBatch)| b.0 == d) {
                batches.push((d, CellBatch::new(&fx, &e, |p| p, |c| c)));
                c_batches.push((d, CellBatch::new(&fx, &e, CBytes48::new, CCell::new)));
            }
        }
        let c48 = |b: &[Bytes48]| b.iter().map(|x| CBytes48::new(*x)).collect();
        let c = CInputs {
            blobs: fx.blobs.iter().map(|b| CBlob::new(**b)).collect(),
            commitments: c48(&fx.commitments),
            proofs: c48(&fx.proofs),
            z: CBytes32::new(fx.z),
            y: CBytes32::new(fx.y),
            kzg_proof: CBytes48::new(fx.kzg_proof),
            batches: c_batches,
        };
        let pid = std::process::id();
        let setup_json = std::env::temp_dir().join(format!("fastkzg-bench-setup-{pid}.json"));
        crate::peers::write_setup_json(&setup_json).expect("temporary JSON setup is writable");
        Inputs {
            fx,
            batches,
            c,
            setup_json,
        }
    }

    /// The first `n` blobs.
    pub fn blobs(&self, n: usize) -> Vec<&Blob> {
        self.fx.blobs[..n].iter().map(|b| &**b).collect()
    }

    /// Whether the fixture has the blobs of a case.
    pub fn has(&self, data: Data) -> bool {
        entries(data).iter().all(|(b, _)| *b < self.fx.blobs.len())
    }
}

impl std::ops::Deref for Inputs {
    type Target = Fixture;
    fn deref(&self) -> &Fixture {
        &self.fx
    }
}

impl Drop for Inputs {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.setup_json);
    }
}

/// A library's settings at one precompute level.
pub enum Settings {
    /// fastkzg on one backend.
    Fastkzg(Arc<dyn FastkzgApi>),
    /// `c-kzg` 2.1.8 (`ethereum_kzg_settings(p)`), single-threaded.
    CKzg(&'static c_kzg::KzgSettings),
    /// `rust_eth_kzg` 0.10.0: `DASContext::new(&TrustedSetup::default(), ..)`.
    RustEthKzg(Box<DASContext>),
    /// fastkzg's C ABI ([`crate::cabi`]): c-kzg's closures, no setup cases.
    CAbi(CAbi),
}

/// A library under test.
pub struct Lib {
    /// The report label.
    pub label: String,
    /// The threads its jobs run on.
    pub threads: Threads,
    /// The thread count it is reported at (its own pool's, for the C ABI).
    pub count: usize,
    /// Its settings per precompute level.
    pub levels: Vec<(usize, Settings)>,
}

impl Lib {
    /// `load(p)` for each of `precomputes`, run on `threads`.
    pub fn new(
        label: String,
        threads: &Threads,
        ps: &[usize],
        load: impl Fn(usize) -> Settings + Sync,
    ) -> Lib {
        Lib {
            label,
            levels: ps.iter().map(|p| (*p, threads.run(|| load(*p)))).collect(),
            threads: threads.clone(),
            count: threads.count(),
        }
    }

    /// fastkzg on backend `B` at each of `precomputes` (embedded setup,
    /// `warm_up()` done), loaded on `threads`. Label: [`fastkzg_label`],
    /// plus ` 2T` etc. on more threads.
    pub fn fastkzg<B: Backend>(threads: &Threads, precomputes: &[usize]) -> Lib {
        let label = crate::threads::label(&fastkzg_label(B::NAME), threads.count());
        Lib::new(label, threads, precomputes, |p| {
            let ks = KzgSettings::<B>::load_mainnet(p).expect("embedded setup");
            ks.warm_up();
            Settings::Fastkzg(Arc::new(ks))
        })
    }

    /// c-kzg at each of `precomputes`.
    pub fn ckzg(precomputes: &[usize]) -> Lib {
        let load = |p| Settings::CKzg(c_kzg::ethereum_kzg_settings(p as u64));
        Lib::new("c-kzg".into(), &Threads::default(), precomputes, load)
    }

    /// rust_eth_kzg at each of `precomputes`, built and run on `threads`.
    pub fn rust_eth_kzg(label: &str, threads: &Threads, precomputes: &[usize]) -> Lib {
        let load = |p| Settings::RustEthKzg(Box::new(rek_context(&TrustedSetup::default(), p)));
        Lib::new(label.into(), threads, precomputes, load)
    }

    /// fastkzg's C ABI from the shared library at `path`, at each of
    /// `precomputes`, called from the sampler's thread; labelled at
    /// `threads`, the size of the library's own pool (`FASTKZG_NUM_THREADS`,
    /// set by the report).
    pub fn cabi(path: &Path, threads: usize, precomputes: &[usize]) -> Result<Lib, String> {
        let levels = CAbi::load(path, precomputes)?.into_iter();
        Ok(Lib {
            label: crate::threads::label(crate::cabi::LABEL, threads),
            threads: Threads::default(),
            count: threads,
            levels: levels.map(|(p, s)| (p, Settings::CAbi(s))).collect(),
        })
    }

    /// [`Lib::job`] as a contender of the sampler.
    pub fn contender<'a>(&'a self, case: &'a Case, inp: &'a Inputs) -> Option<Contender<'a>> {
        let (label, job) = (self.label.clone(), self.job(case, inp)?);
        Some(Contender::timed(label, self.count, &self.threads, job))
    }

    /// The job of `case`, or `None` where the library has no such call or
    /// the settings or inputs for it are missing. Setup cases run with the
    /// first settings loaded (they load their own).
    pub fn job<'a>(&'a self, case: &'a Case, inp: &'a Inputs) -> Option<Job<'a>> {
        let (p, setup) = (case.precompute, case.is_setup());
        let level = self.levels.iter().find(|l| setup || l.0 == p);
        let (_, s) = level.filter(|_| inp.has(case.data))?;
        Some(match s {
            Settings::Fastkzg(s) => case.fk.as_ref().map(|f| Box::new(move || f(&**s, inp)))?,
            Settings::CKzg(s) => case.ck.as_ref().map(|f| Box::new(move || f(*s, &inp.c)))?,
            Settings::CAbi(_) if setup => return None,
            Settings::CAbi(s) => case.ck.as_ref().map(|f| Box::new(move || f(s, &inp.c)))?,
            Settings::RustEthKzg(s) => case.rek.as_ref().map(|f| Box::new(move || f(s, inp)))?,
        })
    }
}

/// fastkzg's label on a backend: `fastkzg` on blst, `fastkzg-NAME`
/// otherwise.
pub fn fastkzg_label(backend: &str) -> String {
    match backend {
        "blst" => "fastkzg".into(),
        other => format!("fastkzg-{other}"),
    }
}

/// fastkzg on every backend compiled in ([`crate::each_backend`]).
pub fn fastkzg_backends(threads: &Threads, precomputes: &[usize]) -> Vec<Lib> {
    let mut v = vec![];
    crate::each_backend!(|B| v.push(Lib::fastkzg::<B>(threads, precomputes)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_table() {
        let cases = all_cases();
        let mut keys: Vec<&str> = cases.iter().map(|c| c.key.as_str()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), cases.len(), "case keys are unique");
        assert!(cases.iter().all(|c| c.fk.is_some()));
        let api = api_cases();
        assert_eq!(api.len(), 30);
        assert!(api.iter().all(|c| c.ck.is_some()));
        // All but the batch recoveries (rust_eth_kzg recovers the proofs too).
        let no_rek = api.iter().filter(|c| c.rek.is_none()).map(|c| &c.key);
        assert!(no_rek.eq([
            "batch_calls/recover_cells_batch/random_half/6_blobs",
            "batch_calls/recover_cells_batch/first_64/6_blobs",
        ]));
        // All but p=8 and the "commitments seen before" rows.
        assert_eq!(api.iter().filter(|c| c.go).count(), 18);
        let go_setup = cases.iter().filter(|c| c.go && c.is_setup());
        assert!(go_setup
            .map(|c| &c.key)
            .eq(["load_embedded_setup/precompute_0"]));
    }

    #[test]
    fn fingerprints() {
        let cell = [7u8; 2048];
        assert_eq!((vec![cell], vec![[1u8; 48]]).fp(), (cell, [1u8; 48]).fp());
        assert_eq!(Ok::<bool, ()>(true).fp(), 1);
        assert_ne!([1u8; 48].fp(), [2u8; 48].fp());
    }
}
