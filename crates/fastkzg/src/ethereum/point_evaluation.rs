//! The point-evaluation precompile of EIP-4844 (address `0x0a` of the
//! execution layer), and `kzg_to_versioned_hash`.
//!
//! The precompile takes 192 bytes, `versioned_hash ‖ z ‖ y ‖ commitment ‖
//! proof`, checks that the versioned hash is the commitment's and that the
//! proof opens the commitment to `y` at `z` (`verify_kzg_proof`), and
//! returns `FIELD_ELEMENTS_PER_BLOB` and `BLS_MODULUS` as two big-endian
//! 32-byte words. Where the EIP's precompile fails (its `assert`s), this
//! returns an error.
//!
//! EIP: <https://eips.ethereum.org/EIPS/eip-4844#point-evaluation-precompile>

use sha2::{Digest, Sha256};

use crate::backend::Backend;
use crate::constants::BLS_MODULUS_LIMBS;
use crate::error::{Error, Input, Result};
use crate::ethereum::bytes::{Bytes32, Bytes48};
use crate::ethereum::constants::FIELD_ELEMENTS_PER_BLOB;
use crate::ethereum::KzgVerifier;

/// The version byte of a versioned hash of a KZG commitment (EIP-4844
/// `VERSIONED_HASH_VERSION_KZG`).
pub const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;

/// The address of the point-evaluation precompile (EIP-4844
/// `POINT_EVALUATION_PRECOMPILE_ADDRESS`, `0x0a`).
pub const POINT_EVALUATION_PRECOMPILE_ADDRESS: [u8; 20] = {
    let mut address = [0u8; 20];
    address[19] = 0x0a;
    address
};

/// The gas the point-evaluation precompile costs (EIP-4844
/// `POINT_EVALUATION_PRECOMPILE_GAS`).
pub const POINT_EVALUATION_PRECOMPILE_GAS: u64 = 50_000;

/// The length of the precompile's input: versioned hash (32), `z` (32),
/// `y` (32), commitment (48), proof (48).
pub const POINT_EVALUATION_INPUT_LENGTH: usize = 192;

/// The precompile's output on success:
/// `U256(FIELD_ELEMENTS_PER_BLOB).to_be_bytes32() ‖ U256(BLS_MODULUS).to_be_bytes32()`.
pub const POINT_EVALUATION_OUTPUT: [u8; 64] = {
    let mut out = [0u8; 64];
    let n = (FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes();
    let mut i = 0;
    while i < 8 {
        out[24 + i] = n[i];
        i += 1;
    }
    // The modulus's limbs are little-endian: the last is the most
    // significant and goes first.
    let mut limb = 0;
    while limb < 4 {
        let bytes = BLS_MODULUS_LIMBS[3 - limb].to_be_bytes();
        let mut i = 0;
        while i < 8 {
            out[32 + 8 * limb + i] = bytes[i];
            i += 1;
        }
        limb += 1;
    }
    out
};

/// EIP-4844 `kzg_to_versioned_hash`: `VERSIONED_HASH_VERSION_KZG` followed
/// by the last 31 bytes of `sha256(commitment)`. The commitment is hashed
/// as given (it is not decoded).
///
/// EIP: <https://eips.ethereum.org/EIPS/eip-4844#helpers>
pub fn kzg_to_versioned_hash(commitment: &Bytes48) -> Bytes32 {
    let mut hash: Bytes32 = Sha256::digest(commitment).into();
    hash[0] = VERSIONED_HASH_VERSION_KZG;
    hash
}

/// The five fields of the precompile's input.
struct PrecompileInput<'a> {
    versioned_hash: &'a Bytes32,
    z: &'a Bytes32,
    y: &'a Bytes32,
    commitment: &'a Bytes48,
    proof: &'a Bytes48,
}

/// Splits the precompile's input into its fields; `None` unless it is
/// exactly [`POINT_EVALUATION_INPUT_LENGTH`] bytes.
fn split_input(input: &[u8]) -> Option<PrecompileInput<'_>> {
    let (versioned_hash, rest) = input.split_first_chunk::<32>()?;
    let (z, rest) = rest.split_first_chunk::<32>()?;
    let (y, rest) = rest.split_first_chunk::<32>()?;
    let (commitment, rest) = rest.split_first_chunk::<48>()?;
    let proof = <&Bytes48>::try_from(rest).ok()?;
    Some(PrecompileInput {
        versioned_hash,
        z,
        y,
        commitment,
        proof,
    })
}

impl<B: Backend> KzgVerifier<B> {
    /// EIP-4844 `point_evaluation_precompile`: verifies that the blob whose
    /// versioned hash is given evaluates to `y` at `z`. `input` is
    /// `versioned_hash (32) ‖ z (32) ‖ y (32) ‖ commitment (48) ‖ proof (48)`;
    /// on success the result is [`POINT_EVALUATION_OUTPUT`]
    /// (`FIELD_ELEMENTS_PER_BLOB` and `BLS_MODULUS`, each as a big-endian
    /// 32-byte word).
    ///
    /// Every case in which the EIP's precompile fails is an error, checked
    /// in the EIP's order:
    /// - `input` is not 192 bytes: [`Error::InvalidLength`] for
    ///   [`Input::PointEvaluationInput`];
    /// - the versioned hash is not [`kzg_to_versioned_hash`] of the
    ///   commitment (including a wrong version byte):
    ///   [`Error::VersionedHashMismatch`];
    /// - the errors of [`KzgVerifier::verify_kzg_proof`]: `z` or `y` not
    ///   canonical, commitment or proof not a valid G1 point;
    /// - the proof does not verify: [`Error::ProofRejected`].
    ///
    /// EIP: <https://eips.ethereum.org/EIPS/eip-4844#point-evaluation-precompile>
    pub fn point_evaluation_precompile(&self, input: &[u8]) -> Result<[u8; 64]> {
        let Some(fields) = split_input(input) else {
            return Err(Error::InvalidLength {
                input: Input::PointEvaluationInput,
                position: 0,
                expected: POINT_EVALUATION_INPUT_LENGTH,
                got: input.len(),
            });
        };
        let expected = kzg_to_versioned_hash(fields.commitment);
        if expected != *fields.versioned_hash {
            return Err(Error::VersionedHashMismatch {
                expected,
                got: *fields.versioned_hash,
            });
        }
        if self.verify_kzg_proof(fields.commitment, fields.z, fields.y, fields.proof)? {
            Ok(POINT_EVALUATION_OUTPUT)
        } else {
            Err(Error::ProofRejected)
        }
    }
}
