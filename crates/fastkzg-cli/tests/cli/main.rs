//! End-to-end tests of the `fastkzg` binary on temporary files: the
//! EIP-4844 commands (`eip4844`), the cell commands (`eip7594`) and many
//! blobs in one invocation (`many_blobs`), with the helpers of `common`.

mod common;
mod eip4844;
mod eip7594;
mod many_blobs;
