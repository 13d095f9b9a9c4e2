//! The embedded mainnet setup is exactly the validated c-kzg text setup.

use fastkzg::kzg::embedded::{
    MAINNET_SETUP_BIN, MAINNET_TRUSTED_SETUP_TXT, MAINNET_TRUSTED_SETUP_TXT_SHA256,
};
use fastkzg::KzgSettings;
use sha2::{Digest, Sha256};

#[test]
fn text_setup_has_the_pinned_hash() {
    let digest = Sha256::digest(MAINNET_TRUSTED_SETUP_TXT.as_bytes());
    assert_eq!(hex::encode(digest), MAINNET_TRUSTED_SETUP_TXT_SHA256);
}

#[test]
fn embedded_binary_equals_validated_text_setup() {
    // Full validation: encodings, subgroups, counts, consistency checks.
    let from_text: KzgSettings =
        KzgSettings::parse_trusted_setup(MAINNET_TRUSTED_SETUP_TXT, 0).unwrap();
    let bytes = from_text.to_uncompressed();
    if std::env::var_os("FASTKZG_REGENERATE_EMBEDDED").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/mainnet_setup.bin");
        std::fs::write(path, &bytes).unwrap();
    }
    assert_eq!(bytes.len(), MAINNET_SETUP_BIN.len());
    assert!(
        bytes == MAINNET_SETUP_BIN,
        "embedded setup differs from trusted_setup.txt"
    );
    let embedded: KzgSettings = KzgSettings::load_mainnet(0).unwrap();
    assert_eq!(embedded.to_uncompressed(), bytes);
}
