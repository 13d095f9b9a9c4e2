//! The batch calls (`KzgSettings::compute_cells_batch` and the rest, and
//! their C ABI `fastkzg_*` functions) against their definition: the spec
//! function applied blob by blob (for verification, the verdict of
//! `verify_cell_kzg_proof_batch` over the flattened lists), composed once
//! over c-kzg 2.1.8 and once over fastkzg's own per-blob calls.
//!
//! Every target takes one to three blobs (two for the prover), most of them
//! valid fixture inputs with, in about half the inputs, one or two
//! corruptions: a field element at or past the modulus, a malformed or wrong
//! point, swapped proofs, the input of another blob, an index `>= 128`, a
//! duplicate index, too few indices. The Rust batch call and the C ABI call
//! must give the compositions' answer: the same outputs or verdict, or an
//! error where the composition has one. A Rust error must name the blob
//! ([`Error::InBlob`]) and the position inside it that the composition's
//! first error names (see [`ERRORS_IN_ORDER`]);
//! a C ABI error must be `C_KZG_BADARGS` with the output buffers untouched
//! (they are filled with a sentinel first) and `*ok` false.
//!
//! The per-blob results of the two unchanged fixture blobs are computed once
//! per process (the calls are deterministic), so a batch of fixture blobs
//! costs the two batch calls; c-kzg's recovery is called through its C
//! function with no proofs (its Rust wrapper always computes them).

use std::sync::OnceLock;

use arbitrary::Unstructured;
use c_kzg::{Blob as CBlob, Bytes48 as CB48};
use fastkzg::{Blob, Cell, Error, Input, CELLS_PER_EXT_BLOB};

use crate::cabi::{self, BADARGS, OK};
use crate::fixture::{self, Fixture, MODULUS};
use crate::input::{self, Reader, Shape};
use crate::targets::{ccells, ck, ours};

mod verify;
pub use verify::{batch_verify_blob_cell_proofs, batch_verify_cells_shared_indices};

/// A compressed G1 point (commitment or proof).
type Point = [u8; 48];

/// The byte the C ABI's output buffers are filled with before a call.
const SENTINEL: u8 = 0xab;

/// Cells (and cell proofs) per blob.
const CELLS: usize = CELLS_PER_EXT_BLOB;

/// The spec function applied blob by blob: every blob's result, or the
/// first error with its blob (later blobs are not run).
fn per_blob<T, E>(
    n: usize,
    mut f: impl FnMut(usize) -> Result<T, E>,
) -> Result<Vec<T>, (usize, E)> {
    (0..n).map(|b| f(b).map_err(|e| (b, e))).collect()
}

/// The position of `blob` among the fixture blobs.
fn fixture_blob(fx: &Fixture, blob: &Blob) -> Option<usize> {
    fx.blobs.iter().position(|b| **b == *blob)
}

/// `f` of the two fixture blobs, computed once per process.
fn of_fixture<T>(cache: &'static OnceLock<Vec<T>>, f: impl Fn(&Blob) -> T) -> &'static [T] {
    cache.get_or_init(|| fixture::get().blobs.iter().map(|b| f(b)).collect())
}

/// fastkzg's `compute_cells` of a blob.
fn fast_cells(fx: &Fixture, blob: &Blob) -> Result<Vec<Cell>, Error> {
    fn run(blob: &Blob) -> Result<Vec<Cell>, Error> {
        ours().compute_cells(blob).map(|c| c.to_vec())
    }
    static KNOWN: OnceLock<Vec<Vec<Cell>>> = OnceLock::new();
    match fixture_blob(fx, blob) {
        Some(i) => Ok(of_fixture(&KNOWN, |b| run(b).expect("fixture blob"))[i].clone()),
        None => run(blob),
    }
}

/// c-kzg's `compute_cells` of a blob (`None`: rejected).
fn ckzg_cells(fx: &Fixture, blob: &Blob) -> Option<Vec<Cell>> {
    fn run(blob: &Blob) -> Option<Vec<Cell>> {
        let cells = ck().compute_cells(&CBlob::new(*blob)).ok()?;
        Some(cells.iter().map(|c| c.to_bytes()).collect())
    }
    static KNOWN: OnceLock<Vec<Vec<Cell>>> = OnceLock::new();
    match fixture_blob(fx, blob) {
        Some(i) => Some(of_fixture(&KNOWN, |b| run(b).expect("fixture blob"))[i].clone()),
        None => run(blob),
    }
}

/// Cells and proofs of one blob.
type CellsAndProofs = (Vec<Cell>, Vec<Point>);

/// fastkzg's `compute_cells_and_kzg_proofs` of a blob.
fn fast_cells_and_proofs(fx: &Fixture, blob: &Blob) -> Result<CellsAndProofs, Error> {
    fn run(blob: &Blob) -> Result<CellsAndProofs, Error> {
        ours()
            .compute_cells_and_kzg_proofs(blob)
            .map(|(c, p)| (c.to_vec(), p.to_vec()))
    }
    static KNOWN: OnceLock<Vec<CellsAndProofs>> = OnceLock::new();
    match fixture_blob(fx, blob) {
        Some(i) => Ok(of_fixture(&KNOWN, |b| run(b).expect("fixture blob"))[i].clone()),
        None => run(blob),
    }
}

/// c-kzg's `compute_cells_and_kzg_proofs` of a blob (the fixture holds
/// c-kzg's answer for its blobs).
fn ckzg_cells_and_proofs(fx: &Fixture, blob: &Blob) -> Option<CellsAndProofs> {
    if let Some(i) = fixture_blob(fx, blob) {
        return Some((fx.cells[i].clone(), fx.cell_proofs[i].clone()));
    }
    let (cells, proofs) = ck().compute_cells_and_kzg_proofs(&CBlob::new(*blob)).ok()?;
    Some((
        cells.iter().map(|c| c.to_bytes()).collect(),
        proofs.iter().map(|p| p.to_bytes().into_inner()).collect(),
    ))
}

mod ckzg_c {
    use fastkzg::Cell;

    extern "C" {
        /// c-kzg 2.1.8's C `recover_cells_and_kzg_proofs`, linked from the
        /// `c-kzg` crate's C library (NULL `recovered_proofs`: no proofs).
        pub fn recover_cells_and_kzg_proofs(
            recovered_cells: *mut Cell,
            recovered_proofs: *mut [u8; 48],
            cell_indices: *const u64,
            cells: *const Cell,
            num_cells: u64,
            s: *const c_kzg::KzgSettings,
        ) -> i32;
    }
}

/// The cells of c-kzg's `recover_cells_and_kzg_proofs` (`None`: rejected).
fn ckzg_recovered_cells(idx: &[u64], cells: &[Cell]) -> Option<Vec<Cell>> {
    let mut out = vec![[0u8; 2048]; CELLS];
    // SAFETY: room for 128 cells, no proofs (c-kzg then computes none);
    // `idx` and `cells` hold `idx.len()` elements each; c-kzg's `Cell` is
    // a `repr(C)` struct of 2048 bytes, its settings the loaded mainnet ones.
    let ret = unsafe {
        ckzg_c::recover_cells_and_kzg_proofs(
            out.as_mut_ptr(),
            std::ptr::null_mut(),
            idx.as_ptr(),
            cells.as_ptr(),
            idx.len() as u64,
            ck(),
        )
    };
    (ret == OK).then_some(out)
}

/// Whether every byte of `buf` is still the sentinel.
fn untouched<const N: usize>(buf: &[[u8; N]]) -> bool {
    buf.iter().all(|x| x.iter().all(|b| *b == SENTINEL))
}

/// A buffer of `n` elements filled with the sentinel.
fn sentinel<const N: usize>(n: usize) -> Vec<[u8; N]> {
    vec![[SENTINEL; N]; n]
}

/// Checks a C ABI computation's return code against the composition's
/// decision: `C_KZG_OK` where it succeeded, else `C_KZG_BADARGS` with every
/// output buffer untouched.
fn check_c_status(what: &str, ret: i32, expect_ok: bool, untouched: bool) {
    if expect_ok {
        assert_eq!(
            ret, OK,
            "{what}: C ABI rejected what the composition accepts"
        );
    } else {
        assert_eq!(ret, BADARGS, "{what}: C ABI accepted or failed differently");
        assert!(untouched, "{what}: C ABI wrote its output on error");
    }
}

/// A C ABI verdict byte (the `bool` was preset to the sentinel): the
/// verdict on `C_KZG_OK`, `None` on `C_KZG_BADARGS` (with `*ok` false).
fn c_verdict(what: &str, ret: i32, byte: u8) -> Option<bool> {
    if ret == OK {
        assert!(byte <= 1, "{what}: C ABI wrote {byte:#x} as a bool");
        Some(byte == 1)
    } else {
        assert_eq!(ret, BADARGS, "{what}: C ABI return code");
        assert_eq!(byte, 0, "{what}: C ABI left *ok not false on error");
        None
    }
}

/// Whether a batch error must name the first bad blob (and, in a cell
/// list, the first bad cell) in order, as the batch calls document. `true`:
/// strict. `false` accepts an error naming another really non-canonical
/// element (the first of the blob or cell it names), for bisecting an
/// ordering bug apart from a wrong verdict (`par::try_map_collect` once
/// kept rayon's first error in time, not in order).
const ERRORS_IN_ORDER: bool = true;

/// The index of the first non-canonical 32-byte field element of `bytes`.
fn first_noncanonical(bytes: &[u8]) -> Option<usize> {
    bytes.chunks_exact(32).position(|e| e >= &MODULUS[..])
}

/// Asserts that the batch's error `err` is [`Error::InBlob`] naming `blob`
/// around an error that reads as `inner` (the composition's first error),
/// or (see [`ERRORS_IN_ORDER`]) names another blob, or cell, whose field
/// element it names is really the first non-canonical one there. `unit`
/// gives the bytes of a blob's input at a position (the blob, or its cell).
fn check_in_blob<'a>(
    what: &str,
    err: &Error,
    blob: usize,
    inner: &Error,
    unit: impl Fn(usize, usize) -> Option<&'a [u8]>,
) {
    if let Error::InBlob { blob: b, source } = err {
        if *b == blob && source.to_string() == inner.to_string() {
            return;
        }
        if let (
            Error::NonCanonicalFieldElement {
                input,
                position,
                element,
            },
            Error::NonCanonicalFieldElement {
                input: first_input, ..
            },
        ) = (&**source, inner)
        {
            if !ERRORS_IN_ORDER && input == first_input {
                let bytes = unit(*b, *position)
                    .unwrap_or_else(|| panic!("{what}: error {err} names no input"));
                assert_eq!(
                    first_noncanonical(bytes),
                    Some(*element),
                    "{what}: error {err} (first in order: blob {blob}: {inner})"
                );
                return;
            }
        }
    }
    panic!("{what}: error {err}, but the composition's first is blob {blob}: {inner}");
}

/// Asserts that the batch's error `err` is `want` (the composition's, as
/// the batch names it), allowing for [`ERRORS_IN_ORDER`] as
/// [`check_in_blob`] does.
fn check_error<'a>(
    what: &str,
    err: &Error,
    want: &Error,
    unit: impl Fn(usize, usize) -> Option<&'a [u8]>,
) {
    match want {
        Error::InBlob { blob, source } => check_in_blob(what, err, *blob, source, unit),
        _ => assert_eq!(err.to_string(), want.to_string(), "{what}: batch error"),
    }
}

/// The error of a flattened `verify_cell_kzg_proof_batch` (with `per`
/// cells per blob) as the batch call names it: a commitment by its blob, a
/// cell or proof by its blob and its position in that blob's list.
fn located(e: Error, per: usize) -> Error {
    match e {
        Error::InvalidG1Point {
            input: Input::Commitment,
            position,
            reason,
        } => Error::InvalidG1Point {
            input: Input::Commitment,
            position: position / per,
            reason,
        },
        Error::InvalidG1Point {
            input,
            position,
            reason,
        } => Error::InvalidG1Point {
            input,
            position: position % per,
            reason,
        }
        .in_blob(position / per),
        Error::NonCanonicalFieldElement {
            input,
            position,
            element,
        } => Error::NonCanonicalFieldElement {
            input,
            position: position % per,
            element,
        }
        .in_blob(position / per),
        other => other,
    }
}

/// Asserts that the Rust batch verification, the C ABI's, the fastkzg
/// composition (its error as the batch names it, with `per` cells per blob;
/// `cell` gives a blob's cell at a position) and the c-kzg composition
/// agree.
fn check_verdicts<'a>(
    what: &str,
    rust: fastkzg::Result<bool>,
    fast: Result<bool, Error>,
    ckzg: Option<bool>,
    c_abi: Option<bool>,
    per: usize,
    cell: impl Fn(usize, usize) -> Option<&'a [u8]>,
) {
    assert_eq!(
        fast.as_ref().ok(),
        ckzg.as_ref(),
        "{what}: the fastkzg composition against the c-kzg composition"
    );
    match (&rust, fast) {
        (Ok(v), Ok(w)) => assert_eq!(*v, w, "{what}: Rust batch verdict"),
        (Err(e), Err(f)) => check_error(what, e, &located(f, per), cell),
        (r, f) => panic!("{what}: Rust batch {r:?}, composition {f:?}"),
    }
    assert_eq!(
        c_abi,
        rust.ok(),
        "{what}: C ABI against the Rust batch call"
    );
}

/// A count of blobs: one to `max`, or (from the crafted shape, rarely)
/// none if `empty`.
fn blob_count(s: &mut Shape, max: usize, empty: bool) -> usize {
    match s {
        Shape::Raw(r) if empty => r.count() % (max + 1),
        Shape::Raw(r) => r.count() % max + 1,
        Shape::Crafted(u) => {
            if empty && u.ratio(1u8, 16).unwrap_or(false) {
                0
            } else {
                u.int_in_range(1..=max).unwrap_or(1)
            }
        }
    }
}

/// A fixture blob, or (one time in four) one with edge-value elements.
fn crafted_blob(u: &mut Unstructured, fx: &Fixture) -> Box<Blob> {
    if u.ratio(1u8, 4).unwrap_or(false) {
        input::blob(u, fx)
    } else {
        fx.blobs[u.int_in_range(0..=1usize).unwrap_or(0)].clone()
    }
}

/// The blobs of a computation: a count, then the blobs.
fn compute_blobs(data: &[u8], max: usize) -> (Vec<Blob>, Shape<'_>) {
    let fx = fixture::get();
    let mut s = input::shape(data);
    let n = blob_count(&mut s, max, true);
    let mut blobs = Vec::with_capacity(n);
    for _ in 0..n {
        blobs.push(*match &mut s {
            Shape::Raw(r) => r.blob(),
            Shape::Crafted(u) => crafted_blob(u, fx),
        });
    }
    (blobs, s)
}

/// Corruptions to apply to a crafted batch: none in half the inputs, else
/// one or two.
fn corruptions(u: &mut Unstructured) -> usize {
    if u.arbitrary().unwrap_or(false) {
        u.int_in_range(1..=2usize).unwrap_or(1)
    } else {
        0
    }
}

/// A position below `n` (which is not 0).
fn pos(u: &mut Unstructured, n: usize) -> usize {
    u.int_in_range(0..=n - 1).unwrap_or(0)
}

/// `fastkzg_compute_cells_batch` (and `..._and_kzg_proofs_batch` without
/// proofs): the cells of each blob, as `compute_cells` gives them.
pub fn batch_compute_cells(data: &[u8]) {
    let what = "compute_cells_batch";
    let fx = fixture::get();
    let (blobs, _) = compute_blobs(data, 3);
    let n = blobs.len();
    let fast = per_blob(n, |b| fast_cells(fx, &blobs[b]));
    let ckzg = per_blob(n, |b| ckzg_cells(fx, &blobs[b]).ok_or(()));
    match (&fast, &ckzg) {
        (Ok(a), Ok(b)) => assert!(a == b, "{what}: fastkzg's cells against c-kzg's"),
        (Err((a, _)), Err((b, ()))) => assert_eq!(a, b, "{what}: first rejected blob"),
        _ => panic!("{what}: fastkzg and c-kzg decide differently"),
    }
    match (ours().compute_cells_batch(&blobs), &fast) {
        (Ok(batch), Ok(expected)) => {
            assert_eq!(batch.len(), n, "{what}: number of blobs");
            for (b, (got, want)) in batch.iter().zip(expected).enumerate() {
                assert!(got[..] == want[..], "{what}: cells of blob {b}");
            }
        }
        (Err(e), Err((b, inner))) => {
            check_in_blob(what, &e, *b, inner, |b, _| blobs.get(b).map(|x| &x[..]))
        }
        (r, f) => panic!(
            "{what}: Rust batch {:?}, composition {:?}",
            r.map(|_| ()),
            f.as_ref().map(|_| ())
        ),
    }
    let flat: Option<Vec<Cell>> = fast.ok().map(|v| v.concat());
    let c = cabi::get();
    for with_proofs_call in [false, true] {
        let mut out = sentinel::<2048>(n * CELLS);
        // SAFETY: room for `n` blobs' cells, `n` blobs; NULL proofs ask for
        // cells only.
        let ret = unsafe {
            if with_proofs_call {
                (c.compute_cells_and_kzg_proofs_batch)(
                    out.as_mut_ptr(),
                    std::ptr::null_mut(),
                    blobs.as_ptr(),
                    n as u64,
                    &*c.settings,
                )
            } else {
                (c.compute_cells_batch)(out.as_mut_ptr(), blobs.as_ptr(), n as u64, &*c.settings)
            }
        };
        check_c_status(what, ret, flat.is_some(), untouched(&out));
        if let Some(flat) = &flat {
            assert!(out == *flat, "{what}: C ABI cells");
        }
    }
}

/// `compute_cells_and_kzg_proofs_batch`: the cells and proofs of each blob,
/// as `compute_cells_and_kzg_proofs` gives them (at most two blobs: each
/// costs an FK20 proof computation per implementation).
pub fn batch_compute_cells_and_kzg_proofs(data: &[u8]) {
    let what = "compute_cells_and_kzg_proofs_batch";
    let fx = fixture::get();
    let (blobs, mut s) = compute_blobs(data, 2);
    let n = blobs.len();
    // The C ABI's outputs: both, or (crafted, one time in four) proofs only.
    let proofs_only = match &mut s {
        Shape::Raw(_) => false,
        Shape::Crafted(u) => u.ratio(1u8, 4).unwrap_or(false),
    };
    let fast = per_blob(n, |b| fast_cells_and_proofs(fx, &blobs[b]));
    let ckzg = per_blob(n, |b| ckzg_cells_and_proofs(fx, &blobs[b]).ok_or(()));
    match (&fast, &ckzg) {
        (Ok(a), Ok(b)) => assert!(a == b, "{what}: fastkzg against c-kzg"),
        (Err((a, _)), Err((b, ()))) => assert_eq!(a, b, "{what}: first rejected blob"),
        _ => panic!("{what}: fastkzg and c-kzg decide differently"),
    }
    match (ours().compute_cells_and_kzg_proofs_batch(&blobs), &fast) {
        (Ok(batch), Ok(expected)) => {
            assert_eq!(batch.len(), n, "{what}: number of blobs");
            for (b, ((cells, proofs), want)) in batch.iter().zip(expected).enumerate() {
                assert!(cells[..] == want.0[..], "{what}: cells of blob {b}");
                assert!(proofs[..] == want.1[..], "{what}: proofs of blob {b}");
            }
        }
        (Err(e), Err((b, inner))) => {
            check_in_blob(what, &e, *b, inner, |b, _| blobs.get(b).map(|x| &x[..]))
        }
        (r, f) => panic!(
            "{what}: Rust batch {:?}, composition {:?}",
            r.map(|_| ()),
            f.as_ref().map(|_| ())
        ),
    }
    let c = cabi::get();
    let mut cells = sentinel::<2048>(n * CELLS);
    let mut proofs = sentinel::<48>(n * CELLS);
    let cells_ptr = if proofs_only {
        std::ptr::null_mut()
    } else {
        cells.as_mut_ptr()
    };
    // SAFETY: room for `n` blobs' cells (or NULL) and proofs, `n` blobs.
    let ret = unsafe {
        (c.compute_cells_and_kzg_proofs_batch)(
            cells_ptr,
            proofs.as_mut_ptr(),
            blobs.as_ptr(),
            n as u64,
            &*c.settings,
        )
    };
    check_c_status(
        what,
        ret,
        fast.is_ok(),
        untouched(&cells) && untouched(&proofs),
    );
    if let Ok(expected) = fast {
        let want_cells: Vec<Cell> = expected.iter().flat_map(|e| e.0.clone()).collect();
        let want_proofs: Vec<Point> = expected.iter().flat_map(|e| e.1.clone()).collect();
        if proofs_only {
            assert!(untouched(&cells), "{what}: C ABI wrote to no cells");
        } else {
            assert!(cells == want_cells, "{what}: C ABI cells");
        }
        assert!(proofs == want_proofs, "{what}: C ABI proofs");
    }
}

/// A valid recovery index list (64 to 128 ascending indices, in one input
/// in four the 64 data cells and more), then, in one input in four, broken:
/// a duplicate, an index `>= 128`, too few, two swapped.
fn recovery_indices(u: &mut Unstructured) -> Vec<u64> {
    let k = u.int_in_range(64..=128usize).unwrap_or(64);
    let mut all: Vec<u64> = (0..128).collect();
    let from = if u.ratio(1u8, 4).unwrap_or(false) {
        64
    } else {
        0
    };
    // A partial Fisher–Yates shuffle of the indices not kept anyway.
    for i in from..k {
        let j = u.int_in_range(i..=127usize).unwrap_or(i);
        all.swap(i, j);
    }
    let mut idx = all[..k].to_vec();
    idx.sort_unstable();
    if u.ratio(1u8, 4).unwrap_or(false) {
        let j = pos(u, idx.len());
        match u.int_in_range(0..=3u8).unwrap_or(0) {
            0 => {
                let j = j.max(1);
                idx[j] = idx[j - 1];
            }
            1 => {
                let j = if u.arbitrary().unwrap_or(true) {
                    idx.len() - 1
                } else {
                    j
                };
                idx[j] = [128, 1000, u64::MAX][u.int_in_range(0..=2usize).unwrap_or(0)];
            }
            2 => idx.truncate(u.int_in_range(0..=63usize).unwrap_or(63)),
            _ => {
                let i = pos(u, idx.len());
                idx.swap(i, j);
            }
        }
    }
    idx
}

/// `recover_cells_batch`: for blobs that kept the same cells, the cells of
/// `recover_cells_and_kzg_proofs` of each.
pub fn batch_recover_cells(data: &[u8]) {
    let what = "recover_cells_batch";
    let fx = fixture::get();
    let mut s = input::shape(data);
    let n = blob_count(&mut s, 3, false);
    let (idx, cells): (Vec<u64>, Vec<Cell>) = match &mut s {
        Shape::Raw(r) => {
            let k = r.count();
            let idx = (0..k).map(|_| r.u64()).collect();
            let cells = (0..n * k)
                .map(|_| input::to_cell(&r.array::<2048>()))
                .collect();
            (idx, cells)
        }
        Shape::Crafted(u) => {
            let which: Vec<usize> = (0..n)
                .map(|_| u.int_in_range(0..=1usize).unwrap_or(0))
                .collect();
            let idx = recovery_indices(u);
            let mut cells: Vec<Cell> = which
                .iter()
                .flat_map(|b| idx.iter().map(|i| fx.cells[*b][(*i as usize) % CELLS]))
                .collect();
            for _ in 0..corruptions(u) {
                if cells.is_empty() {
                    break;
                }
                let p = pos(u, cells.len());
                let (b, i) = (which[p / idx.len()], idx[p % idx.len()] as usize % CELLS);
                cells[p] = match u.int_in_range(0..=2u8).unwrap_or(0) {
                    // Edge-value elements (non-canonical, or another value).
                    0 => input::cell(u, &cells[p]),
                    // The cell of the other blob.
                    1 => fx.cells[1 - b][i],
                    // Another cell of the same blob.
                    _ => fx.cells[b][(i + 1 + pos(u, CELLS - 1)) % CELLS],
                };
            }
            (idx, cells)
        }
    };
    let k = idx.len();
    let given = |b: usize| &cells[b * k..(b + 1) * k];
    let cell_at = |b: usize, j: usize| cells.get(b * k + j).filter(|_| j < k).map(|c| &c[..]);
    let fast = per_blob(n, |b| {
        ours().recover_cells(&idx, given(b)).map(|c| c.to_vec())
    });
    let ckzg = per_blob(n, |b| ckzg_recovered_cells(&idx, given(b)).ok_or(()));
    match (&fast, &ckzg) {
        (Ok(a), Ok(c)) => {
            for b in 0..n {
                if a[b] != c[b] {
                    inconsistent_cells(what, &idx, given(b), &a[b]);
                }
            }
        }
        (Err((a, _)), Err((b, ()))) => assert_eq!(a, b, "{what}: first rejected blob"),
        _ => panic!("{what}: fastkzg and c-kzg decide differently"),
    }
    match (ours().recover_cells_batch(&idx, &cells), &fast) {
        (Ok(batch), Ok(expected)) => {
            assert_eq!(batch.len(), n, "{what}: number of blobs");
            for (b, (got, want)) in batch.iter().zip(expected).enumerate() {
                assert!(got[..] == want[..], "{what}: cells of blob {b}");
            }
        }
        // The index list is shared: its errors name no blob.
        (Err(e), Err((0, inner)))
            if !matches!(
                inner,
                Error::NonCanonicalFieldElement { .. } | Error::InvalidLength { .. }
            ) =>
        {
            assert_eq!(e.to_string(), inner.to_string(), "{what}: index error");
        }
        (Err(e), Err((b, inner))) => check_in_blob(what, &e, *b, inner, cell_at),
        (r, f) => panic!(
            "{what}: Rust batch {:?}, composition {:?}",
            r.map(|_| ()),
            f.as_ref().map(|_| ())
        ),
    }
    let c = cabi::get();
    let mut out = sentinel::<2048>(n * CELLS);
    // SAFETY: room for `n` blobs' cells; `idx` holds `k` indices and
    // `cells` `n·k` cells.
    let ret = unsafe {
        (c.recover_cells_batch)(
            out.as_mut_ptr(),
            idx.as_ptr(),
            k as u64,
            cells.as_ptr(),
            n as u64,
            &*c.settings,
        )
    };
    check_c_status(what, ret, fast.is_ok(), untouched(&out));
    if let Ok(expected) = fast {
        assert!(out == expected.concat(), "{what}: C ABI cells");
    }
}

/// More than 64 cells that no blob produces, where c-kzg and fastkzg
/// differ (see `targets::inconsistent_recovery`): c-kzg keeps the given
/// cells, fastkzg returns the spec's (the truncated polynomial's). Checks
/// both, the latter through c-kzg's proofs of that polynomial.
fn inconsistent_cells(what: &str, idx: &[u64], given: &[Cell], ours: &[Cell]) {
    let (theirs, proofs) = ck()
        .recover_cells_and_kzg_proofs(idx, &ccells(given))
        .expect("c-kzg recovered these cells without proofs");
    for (i, cell) in idx.iter().zip(given) {
        assert!(
            theirs[*i as usize].to_bytes() == *cell,
            "{what}: c-kzg changed given cell {i} of inconsistent input"
        );
    }
    let blob = CBlob::from_bytes(&ours[..CELLS / 2].concat()).expect("64 cells are a blob");
    let (cells, extension_proofs) = ck()
        .compute_cells_and_kzg_proofs(&blob)
        .expect("fastkzg's recovered cells spell a canonical blob");
    for k in 0..CELLS {
        assert!(
            cells[k].to_bytes() == ours[k],
            "{what}: recovered cell {k} against c-kzg's extension"
        );
        assert_eq!(
            extension_proofs[k].to_bytes().into_inner(),
            proofs[k].to_bytes().into_inner(),
            "{what}: recovered polynomial against c-kzg's proofs ({k})"
        );
    }
}
