//! Java arrays in and out: null checks, lengths, copies, and arrays of
//! arrays. Every read copies (a blob is 128 KiB: microseconds against the
//! milliseconds of the computation) so no Java memory is pinned while the
//! library computes.

use jni::objects::{JByteArray, JLongArray, JObject, JObjectArray};
use jni::sys::jsize;
use jni::JNIEnv;

use crate::failure::Failure;

/// The length of a `byte[]` or `long[]` reference that is not null.
pub fn len<'a>(
    env: &JNIEnv<'_>,
    arr: &impl jni::objects::AsJArrayRaw<'a>,
) -> Result<usize, Failure> {
    let n = env.get_array_length(arr)?;
    Ok(usize::try_from(n).unwrap_or(0))
}

/// Copies a `byte[]` that is not null.
pub fn bytes(env: &JNIEnv<'_>, arr: &JByteArray<'_>) -> Result<Vec<u8>, Failure> {
    Ok(env.convert_byte_array(arr)?)
}

/// Copies a `long[]` that is not null, as the `uint64_t` values c-kzg reads
/// from it (a negative `long` is a huge index).
pub fn longs(env: &JNIEnv<'_>, arr: &JLongArray<'_>) -> Result<Vec<u64>, Failure> {
    let n = len(env, arr)?;
    let mut out = vec![0i64; n];
    env.get_long_array_region(arr, 0, &mut out)?;
    Ok(out.into_iter().map(|v| v as u64).collect())
}

/// A new `byte[]` holding `data`.
pub fn new_bytes<'local>(env: &JNIEnv<'local>, data: &[u8]) -> Result<JByteArray<'local>, Failure> {
    Ok(env.byte_array_from_slice(data)?)
}

/// A new `byte[]` holding the concatenation of `parts`.
pub fn new_concat<'local, T: AsRef<[u8]>>(
    env: &JNIEnv<'local>,
    parts: &[T],
) -> Result<JByteArray<'local>, Failure> {
    let flat: Vec<u8> = parts
        .iter()
        .flat_map(|p| p.as_ref().iter().copied())
        .collect();
    new_bytes(env, &flat)
}

/// Copies a `byte[][]` (the idiomatic API's lists; `name`: the list's
/// element name in messages). A null list or element is a
/// `NullPointerException`.
pub fn items(
    env: &mut JNIEnv<'_>,
    arr: &JObjectArray<'_>,
    name: &str,
) -> Result<Vec<Vec<u8>>, Failure> {
    if arr.is_null() {
        return Err(Failure::Null(format!("{name}s must not be null")));
    }
    let n = len(env, arr)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let item = env.get_object_array_element(arr, jsize_of(i)?)?;
        if item.is_null() {
            return Err(Failure::Null(format!("{name} {i} must not be null")));
        }
        let item = JByteArray::from(item);
        out.push(env.convert_byte_array(&item)?);
        // Lists can be long: free each local reference as it is done.
        env.delete_local_ref(item)?;
    }
    Ok(out)
}

/// Copies a `byte[][][]` (a batch call's per-blob lists; `name`: the
/// element name in messages) as one list per blob. A null list, blob list
/// or element is a `NullPointerException`.
pub fn nested_items(
    env: &mut JNIEnv<'_>,
    arr: &JObjectArray<'_>,
    name: &str,
) -> Result<Vec<Vec<Vec<u8>>>, Failure> {
    if arr.is_null() {
        return Err(Failure::Null(format!("{name}s must not be null")));
    }
    let n = len(env, arr)?;
    let mut out = Vec::with_capacity(n);
    for b in 0..n {
        let inner = JObjectArray::from(env.get_object_array_element(arr, jsize_of(b)?)?);
        if inner.is_null() {
            return Err(Failure::Null(format!(
                "{name}s of blob {b} must not be null"
            )));
        }
        let items = items(env, &inner, name).map_err(|f| match f {
            Failure::Null(m) => Failure::Null(format!("blob {b}: {m}")),
            other => other,
        })?;
        env.delete_local_ref(inner)?;
        out.push(items);
    }
    Ok(out)
}

/// A new `byte[][]` holding one `byte[]` per item.
pub fn new_items<'local, T: AsRef<[u8]>>(
    env: &mut JNIEnv<'local>,
    items: &[T],
) -> Result<JObjectArray<'local>, Failure> {
    let arr = env.new_object_array(jsize_of(items.len())?, "[B", JObject::null())?;
    for (i, item) in items.iter().enumerate() {
        let b = env.byte_array_from_slice(item.as_ref())?;
        env.set_object_array_element(&arr, jsize_of(i)?, &b)?;
        env.delete_local_ref(b)?;
    }
    Ok(arr)
}

/// A length as a Java array size.
fn jsize_of(n: usize) -> Result<jsize, Failure> {
    jsize::try_from(n).map_err(|_| Failure::Argument(format!("array of {n} elements is too large")))
}
