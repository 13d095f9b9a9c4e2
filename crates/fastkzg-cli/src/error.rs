//! The CLI's error: a message for the user. Every error exits with code 2
//! (bad input); an invalid proof is not an error but an outcome.

use core::fmt;

/// A user-facing error message, printed as `error: {message}`.
#[derive(Debug)]
pub struct CliError(String);

impl CliError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> Self {
        CliError(message.into())
    }

    /// A library error, prefixed with what was being processed (a file name
    /// or an argument).
    pub fn lib(context: impl fmt::Display, err: fastkzg::Error) -> Self {
        CliError(format!("{context}: {err}"))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

/// Shorthand for results with [`CliError`].
pub type CliResult<T> = Result<T, CliError>;
