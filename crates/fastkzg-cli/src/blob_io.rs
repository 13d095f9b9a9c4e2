//! Reading and writing blobs, parsing hex arguments, and making random
//! inputs. Every error names the file or argument it is about.

use std::fmt::Display;
use std::path::Path;

use fastkzg::backend::{Backend, Scalar};
use fastkzg::{Blob, Blst, Bytes32, BYTES_PER_BLOB};
use rand::RngCore;

use crate::error::{CliError, CliResult};

/// `0x` followed by lower-case hex.
pub fn to_hex(bytes: &[u8]) -> String {
    format!("0x{}", hex::encode(bytes))
}

/// `s` without a leading `0x` or `0X`.
fn strip_0x(s: &[u8]) -> &[u8] {
    match s {
        [b'0', b'x' | b'X', rest @ ..] => rest,
        _ => s,
    }
}

/// A byte for an error message: the character if printable, else `\xNN`.
fn describe_byte(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// Decodes exactly `out.len()` bytes of hex from `digits`. `what` names the
/// input in errors; `offset` is where `digits` starts in that input.
fn decode_hex_into(
    what: &dyn Display,
    digits: &[u8],
    offset: usize,
    out: &mut [u8],
) -> CliResult<()> {
    if let Some(pos) = digits.iter().position(|b| !b.is_ascii_hexdigit()) {
        return Err(CliError::new(format!(
            "{what}: invalid hex: {} at position {}",
            describe_byte(digits[pos]),
            offset + pos
        )));
    }
    if digits.len() != 2 * out.len() {
        return Err(CliError::new(format!(
            "{what}: expected {} hex digits ({} bytes), got {}",
            2 * out.len(),
            out.len(),
            digits.len()
        )));
    }
    hex::decode_to_slice(digits, out)
        .map_err(|e| CliError::new(format!("{what}: invalid hex: {e}")))
}

/// Parses a blob file's contents: exactly [`BYTES_PER_BLOB`] raw bytes, or
/// text `0x` + 262144 hex digits with optional trailing whitespace (the `0x`
/// may be left out). `name` (the file) is named in every error. Field
/// elements are not checked here: the library does that.
pub fn parse_blob(name: &dyn Display, bytes: &[u8]) -> CliResult<Box<Blob>> {
    boxed_blob(parse_fixed(name, "blob", bytes, BYTES_PER_BLOB)?)
}

/// Parses the contents of a file holding `len` bytes: either exactly `len`
/// raw bytes, or text `0x` + `2·len` hex digits with optional trailing
/// whitespace (the `0x` may be left out). `name` (the file) is named in
/// every error, `kind` (`blob`, `cell`, ...) in size errors.
pub fn parse_fixed(name: &dyn Display, kind: &str, bytes: &[u8], len: usize) -> CliResult<Vec<u8>> {
    if bytes.len() == len {
        return Ok(bytes.to_vec());
    }
    let text = bytes.trim_ascii_end();
    let digits = strip_0x(text);
    let looks_like_hex = digits.len() < text.len()
        || (!digits.is_empty() && digits.iter().all(u8::is_ascii_hexdigit));
    if !looks_like_hex {
        return Err(CliError::new(format!(
            "{name}: wrong size: {} bytes; a {kind} file is either {len} raw bytes or text 0x \
             followed by {} hex digits",
            bytes.len(),
            2 * len
        )));
    }
    let mut out = vec![0u8; len];
    let what = format!("{name} (hex {kind})");
    decode_hex_into(&what, digits, text.len() - digits.len(), &mut out)?;
    Ok(out)
}

/// Reads a file holding `N` bytes, raw or as hex text (see [`parse_fixed`]).
pub fn read_fixed<const N: usize>(path: &Path, kind: &str) -> CliResult<[u8; N]> {
    let bytes =
        std::fs::read(path).map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
    let parsed = parse_fixed(&path.display(), kind, &bytes, N)?;
    <[u8; N]>::try_from(parsed.as_slice()).map_err(|_| {
        CliError::new(format!(
            "{}: expected {N} bytes, got {}",
            path.display(),
            parsed.len()
        ))
    })
}

fn boxed_blob(bytes: Vec<u8>) -> CliResult<Box<Blob>> {
    let len = bytes.len();
    bytes
        .into_boxed_slice()
        .try_into()
        .map_err(|_| CliError::new(format!("blob: expected {BYTES_PER_BLOB} bytes, got {len}")))
}

/// Reads a blob file (see [`parse_blob`]).
pub fn read_blob(path: &Path) -> CliResult<Box<Blob>> {
    let bytes =
        std::fs::read(path).map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
    parse_blob(&path.display(), &bytes)
}

/// Writes a blob, raw or as `0x`-hex text with a trailing newline.
pub fn write_blob(path: &Path, blob: &Blob, as_hex: bool) -> CliResult<()> {
    write_bytes(path, blob, as_hex)
}

/// Writes bytes, raw or as `0x`-hex text with a trailing newline.
pub fn write_bytes(path: &Path, bytes: &[u8], as_hex: bool) -> CliResult<()> {
    let result = if as_hex {
        std::fs::write(path, format!("{}\n", to_hex(bytes)))
    } else {
        std::fs::write(path, bytes)
    };
    result.map_err(|e| CliError::new(format!("{}: {e}", path.display())))
}

/// Parses a hex argument (optional `0x`) of exactly `N` bytes.
pub fn parse_hex<const N: usize>(what: &str, arg: &str) -> CliResult<[u8; N]> {
    let digits = strip_0x(arg.as_bytes());
    let mut out = [0u8; N];
    decode_hex_into(&what, digits, arg.len() - digits.len(), &mut out)?;
    Ok(out)
}

/// Parses an argument that is either hex (optional `0x`) of `N` bytes or
/// the path of a file holding `N` raw bytes or that hex as text. Anything
/// starting with `0x` or made only of hex digits is taken as hex.
pub fn hex_or_file<const N: usize>(what: &str, arg: &str) -> CliResult<[u8; N]> {
    let digits = strip_0x(arg.as_bytes());
    if digits.len() < arg.len() || (!digits.is_empty() && digits.iter().all(u8::is_ascii_hexdigit))
    {
        return parse_hex(what, arg);
    }
    let path = Path::new(arg);
    if !path.is_file() {
        return Err(CliError::new(format!(
            "{what}: {arg:?} is neither hex nor an existing file"
        )));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::new(format!("{what}: {}: {e}", path.display())))?;
    if bytes.len() == N {
        let mut out = [0u8; N];
        out.copy_from_slice(&bytes);
        return Ok(out);
    }
    let text = bytes.trim_ascii();
    let digits = strip_0x(text);
    let mut out = [0u8; N];
    let name = format!("{what} (file {})", path.display());
    decode_hex_into(&name, digits, text.len() - digits.len(), &mut out)?;
    Ok(out)
}

/// A uniformly random canonical field element, big-endian.
pub fn random_field_element(rng: &mut impl RngCore) -> Bytes32 {
    loop {
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        // r < 2^255: clearing the top bit keeps ~90% of draws canonical.
        bytes[0] &= 0x7f;
        if <Blst as Backend>::Fr::from_bytes_be(&bytes).is_some() {
            return bytes;
        }
    }
}

/// The all-zero blob, on the heap.
pub fn zero_blob() -> Box<Blob> {
    Box::new([0u8; BYTES_PER_BLOB])
}

/// A random valid blob: 4096 canonical field elements.
pub fn random_blob(rng: &mut impl RngCore) -> Box<Blob> {
    let mut blob = zero_blob();
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&random_field_element(rng));
    }
    blob
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_and_hex_blobs_parse_to_the_same_bytes() {
        let mut raw = vec![0u8; BYTES_PER_BLOB];
        raw[5] = 0xab;
        raw[BYTES_PER_BLOB - 1] = 0x01;
        let from_raw = parse_blob(&"raw", &raw).unwrap();
        let text = format!("{}\n\n", to_hex(&raw));
        let from_hex = parse_blob(&"hex", text.as_bytes()).unwrap();
        let no_prefix = parse_blob(&"bare", hex::encode(&raw).as_bytes()).unwrap();
        assert_eq!(from_raw.as_slice(), raw.as_slice());
        assert_eq!(from_hex, from_raw);
        assert_eq!(no_prefix, from_raw);
    }

    #[test]
    fn blob_errors_name_the_file_and_the_problem() {
        let e = parse_blob(&"a.bin", &[0u8; 100]).unwrap_err().to_string();
        assert!(
            e.contains("a.bin") && e.contains("wrong size: 100 bytes"),
            "{e}"
        );
        let e = parse_blob(&"b.txt", b"0x12").unwrap_err().to_string();
        assert!(
            e.contains("b.txt") && e.contains("expected 262144 hex digits"),
            "{e}"
        );
        let e = parse_blob(&"c.txt", b"0x12zz").unwrap_err().to_string();
        assert!(
            e.contains("c.txt") && e.contains("'z' at position 4"),
            "{e}"
        );
    }

    #[test]
    fn hex_arguments() {
        assert_eq!(parse_hex::<2>("--z", "0xabCD").unwrap(), [0xab, 0xcd]);
        assert_eq!(parse_hex::<2>("--z", "abcd").unwrap(), [0xab, 0xcd]);
        let e = parse_hex::<2>("--z", "0xabc").unwrap_err().to_string();
        assert!(
            e.contains("--z") && e.contains("expected 4 hex digits"),
            "{e}"
        );
        let e = hex_or_file::<2>("--proof", "no/such/file")
            .unwrap_err()
            .to_string();
        assert!(e.contains("neither hex nor an existing file"), "{e}");
    }

    #[test]
    fn random_blobs_are_canonical_and_seeded() {
        use rand::SeedableRng;
        let a = random_blob(&mut rand::rngs::StdRng::seed_from_u64(7));
        let b = random_blob(&mut rand::rngs::StdRng::seed_from_u64(7));
        assert_eq!(a, b);
        assert!(fastkzg::ethereum::bytes::blob_to_polynomial::<Blst>(&a).is_ok());
        assert!(a.iter().any(|&x| x != 0));
    }
}
