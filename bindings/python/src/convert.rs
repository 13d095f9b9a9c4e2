//! Python inputs to the library's fixed-size byte arrays.
//!
//! Any bytes-like object is accepted: `bytes` is referenced without a copy
//! (it is immutable, so it stays valid while the GIL is released); anything
//! else with the buffer protocol (`bytearray`, `memoryview`, ...) is copied,
//! since another thread could change it during the computation.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyInt, PyList, PyMemoryView};

use crate::errors::{KzgErr, KzgResult};

/// The bytes of one input, kept alive for the duration of a call.
pub enum Data {
    /// A `bytes` object, referenced.
    Shared(Py<PyBytes>),
    /// A copy of any other bytes-like object.
    Copied(Vec<u8>),
}

impl Data {
    /// Reads a bytes-like object; `TypeError` for anything else.
    pub fn extract(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Data::Shared(b.clone().unbind()));
        }
        if let Ok(b) = obj.cast::<PyByteArray>() {
            return Ok(Data::Copied(b.to_vec()));
        }
        match PyMemoryView::from(obj) {
            Ok(view) => {
                let copy = view.call_method0("tobytes")?;
                Ok(Data::Shared(copy.cast_into::<PyBytes>()?.unbind()))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "{what}: expected a bytes-like object, got {}",
                type_name(obj)
            ))),
        }
    }

    /// The bytes (valid while `self` lives, with or without the GIL).
    pub fn bytes<'a>(&'a self, py: Python<'_>) -> &'a [u8] {
        match self {
            Data::Shared(b) => b.as_bytes(py),
            Data::Copied(v) => v,
        }
    }
}

/// The name of an object's type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// Views `data` as an array of `N` bytes (`index`: position in a list).
pub fn fixed<'a, const N: usize>(
    data: &'a [u8],
    kind: &'static str,
    index: Option<usize>,
) -> KzgResult<&'a [u8; N]> {
    data.try_into()
        .map_err(|_| KzgErr::length(kind, index, N, data.len()))
}

/// The items of a sequence of bytes-like objects.
pub fn data_items(obj: &Bound<'_, PyAny>, kind: &'static str) -> PyResult<Vec<Data>> {
    if let Ok(list) = obj.cast::<PyList>() {
        return list.iter().map(|item| Data::extract(&item, kind)).collect();
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{kind}: expected a sequence of bytes-like objects, got {}",
            type_name(obj)
        ))
    })?;
    iter.map(|item| Data::extract(&item?, kind)).collect()
}

/// Views items as arrays of `N` bytes.
pub fn fixed_items<'a, const N: usize>(
    items: &'a [Data],
    py: Python<'_>,
    kind: &'static str,
) -> KzgResult<Vec<&'a [u8; N]>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| fixed::<N>(item.bytes(py), kind, Some(i)))
        .collect()
}

/// A batch input given either as a sequence of byte strings or as their
/// concatenation in one bytes-like object.
pub enum Batch {
    /// Items of a sequence.
    Items(Vec<Data>),
    /// One concatenation.
    Joined(Data),
}

impl Batch {
    /// Reads a batch argument: a bytes-like object is a concatenation.
    pub fn extract(obj: &Bound<'_, PyAny>, kind: &'static str) -> PyResult<Self> {
        if obj.cast::<PyBytes>().is_ok()
            || obj.cast::<PyByteArray>().is_ok()
            || obj.cast::<PyMemoryView>().is_ok()
        {
            return Ok(Batch::Joined(Data::extract(obj, kind)?));
        }
        Ok(Batch::Items(data_items(obj, kind)?))
    }

    /// The items as arrays of `N` bytes.
    pub fn arrays<'a, const N: usize>(
        &'a self,
        py: Python<'_>,
        kind: &'static str,
    ) -> KzgResult<Vec<&'a [u8; N]>> {
        match self {
            Batch::Items(items) => fixed_items::<N>(items, py, kind),
            Batch::Joined(data) => {
                let bytes = data.bytes(py);
                if bytes.len() % N != 0 {
                    return Err(KzgErr::not_a_multiple(kind, N, bytes.len()));
                }
                Ok(bytes
                    .chunks_exact(N)
                    .filter_map(|c| <&[u8; N]>::try_from(c).ok())
                    .collect())
            }
        }
    }
}

/// A list of cell indices (or commitment indices): integers in `0..2^64`.
/// Anything that is not an integer is a `TypeError`; an integer out of
/// that range is an `InvalidCellIndex`.
pub fn indices(obj: &Bound<'_, PyAny>, kind: &'static str) -> PyResult<Result<Vec<u64>, KzgErr>> {
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{kind}: expected a sequence of integers, got {}",
            type_name(obj)
        ))
    })?;
    let mut out = Vec::new();
    for (position, item) in iter.enumerate() {
        let item = item?;
        match item.extract::<u64>() {
            Ok(v) => out.push(v),
            Err(_) if item.is_instance_of::<PyInt>() => {
                return Ok(Err(KzgErr::bad_cell_index(
                    kind,
                    position,
                    format!("{item} is not in 0..2^64"),
                )));
            }
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "{kind} {position}: expected an integer, got {}",
                    type_name(&item)
                )));
            }
        }
    }
    Ok(Ok(out))
}

/// Items of `N` bytes of many blobs, blob-major, and each blob's count.
pub type PerBlob<const N: usize> = (Vec<[u8; N]>, Vec<usize>);

/// A sequence (one entry per blob) of sequences of `N`-byte items, copied
/// into one blob-major list, with the number of items of each blob. A
/// wrong item length names the blob and the item.
pub fn per_blob_arrays<const N: usize>(
    obj: &Bound<'_, PyAny>,
    py: Python<'_>,
    outer: &'static str,
    kind: &'static str,
) -> PyResult<KzgResult<PerBlob<N>>> {
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{outer}: expected a sequence (one entry per blob) of sequences, got {}",
            type_name(obj)
        ))
    })?;
    let mut flat = Vec::new();
    let mut counts = Vec::new();
    for (blob, entry) in iter.enumerate() {
        let items = data_items(&entry?, kind)?;
        match fixed_items::<N>(&items, py, kind) {
            Ok(arrays) => {
                counts.push(arrays.len());
                flat.extend(arrays.into_iter().copied());
            }
            Err(e) => return Ok(Err(e.in_blob(blob))),
        }
    }
    Ok(Ok((flat, counts)))
}
