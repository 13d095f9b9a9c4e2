//! JavaScript inputs (byte arrays, numbers) to the library's fixed-size
//! types. The JavaScript layer checks types and lengths first and names
//! the input in its own errors; these checks are the native side's own
//! guard, so that no input can reach the library in a wrong shape.

use fastkzg::{CellIndex, Error, Input};

/// `bytes` as a fixed-size array, or [`Error::InvalidLength`].
pub fn fixed<const N: usize>(bytes: &[u8], input: Input) -> Result<&[u8; N], Error> {
    bytes.try_into().map_err(|_| Error::InvalidLength {
        input,
        position: 0,
        expected: N,
        got: bytes.len(),
    })
}

/// A concatenation of `N`-byte items, split into them; a length that is
/// not a multiple of `N` is an [`Error::InvalidLength`] of the last item.
pub fn items<const N: usize>(bytes: &[u8], input: Input) -> Result<Vec<&[u8; N]>, Error> {
    let chunks = bytes.chunks_exact(N);
    if !chunks.remainder().is_empty() {
        return Err(Error::InvalidLength {
            input,
            position: bytes.len() / N,
            expected: N,
            got: chunks.remainder().len(),
        });
    }
    Ok(chunks
        .filter_map(|c| <&[u8; N]>::try_from(c).ok())
        .collect())
}

/// [`items`] copied into owned arrays (for the library's `&[[u8; N]]`
/// parameters).
pub fn owned_items<const N: usize>(bytes: &[u8], input: Input) -> Result<Vec<[u8; N]>, Error> {
    Ok(items::<N>(bytes, input)?.into_iter().copied().collect())
}

/// Cell (or commitment) indices given as JavaScript numbers: each must be
/// a non-negative integer below 2^64, else [`Error::CellIndexOutOfRange`]
/// (the JavaScript layer maps c-kzg's truncating conversion before this).
pub fn indices(values: &[f64], input: Input) -> Result<Vec<CellIndex>, Error> {
    const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;
    values
        .iter()
        .enumerate()
        .map(|(position, &v)| {
            if v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v < TWO_POW_64 {
                // Exact: an integral f64 in 0..2^64 converts without loss.
                Ok(v as u64)
            } else {
                Err(match input {
                    Input::CommitmentIndex => Error::InvalidSize(format!(
                        "commitment index {v} at position {position} is not an integer in 0..2^64"
                    )),
                    _ => Error::CellIndexOutOfRange {
                        position,
                        cell_index: u64::MAX,
                        max: fastkzg::CELLS_PER_EXT_BLOB,
                    },
                })
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_and_items_check_lengths() {
        assert!(fixed::<4>(&[1, 2, 3, 4], Input::Z).is_ok());
        assert!(matches!(
            fixed::<4>(&[1, 2, 3], Input::Z),
            Err(Error::InvalidLength { got: 3, .. })
        ));
        assert_eq!(items::<2>(&[1, 2, 3, 4], Input::Proof).unwrap().len(), 2);
        assert!(matches!(
            items::<2>(&[1, 2, 3], Input::Proof),
            Err(Error::InvalidLength {
                position: 1,
                got: 1,
                ..
            })
        ));
    }

    #[test]
    fn indices_accept_only_integers() {
        assert_eq!(
            indices(&[0.0, 127.0], Input::CellIndex).unwrap(),
            vec![0, 127]
        );
        for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY, 1e30] {
            assert!(indices(&[bad], Input::CellIndex).is_err(), "{bad}");
        }
    }
}
