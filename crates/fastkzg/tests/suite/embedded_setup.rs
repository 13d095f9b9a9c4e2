//! The embedded mainnet setup is exactly the validated c-kzg text setup, its
//! embedded FK20 rows are exactly the ones computed from it, and only the
//! exact mainnet setup is loaded from the embedded form.

use fastkzg::ethereum::embedded::{
    fk20_rows_to_uncompressed, MAINNET_COMPRESSED_SHA256, MAINNET_FK20_BIN, MAINNET_FK20_SHA256,
    MAINNET_SETUP_BIN, MAINNET_TRUSTED_SETUP_TXT, MAINNET_TRUSTED_SETUP_TXT_SHA256,
};
use fastkzg::kzg::Fk20;
use fastkzg::{Backend, Error, KzgSettings, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL};
use sha2::{Digest, Sha256};

backend_tests!(
    embedded_binary_equals_validated_text_setup,
    embedded_fk20_rows_equal_recomputed_rows,
    the_mainnet_text_and_bytes_load_the_embedded_form,
    almost_mainnet_setups_are_validated,
);

/// Set to regenerate the embedded data files from the validated text setup.
const REGENERATE: &str = "FASTKZG_REGENERATE_EMBEDDED";

/// Whether to write the data files: asked for, and on blst (the other
/// backends must compute the same bytes, which the tests then check).
fn regenerate<B: Backend>() -> bool {
    std::env::var_os(REGENERATE).is_some() && B::NAME == "blst"
}

fn data_path(file: &str) -> String {
    format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// The three point lists of the text setup as raw compressed bytes (as
/// c-kzg's `load_trusted_setup` takes them), parsed here independently.
fn compressed_lists() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let tokens: Vec<&str> = MAINNET_TRUSTED_SETUP_TXT.split_ascii_whitespace().collect();
    let decode = |toks: &[&str]| -> Vec<u8> {
        toks.iter()
            .flat_map(|t| hex::decode(t.trim_start_matches("0x")).expect("hex point"))
            .collect()
    };
    let g1_lagrange = decode(&tokens[2..2 + 4096]);
    let g2_monomial = decode(&tokens[2 + 4096..2 + 4096 + 65]);
    let g1_monomial = decode(&tokens[2 + 4096 + 65..]);
    (g1_monomial, g1_lagrange, g2_monomial)
}

#[test]
fn text_setup_has_the_pinned_hash() {
    let digest = Sha256::digest(MAINNET_TRUSTED_SETUP_TXT.as_bytes());
    assert_eq!(hex::encode(digest), MAINNET_TRUSTED_SETUP_TXT_SHA256);
    let (g1m, g1l, g2m) = compressed_lists();
    let digest = Sha256::new()
        .chain_update(&g1m)
        .chain_update(&g1l)
        .chain_update(&g2m)
        .finalize();
    assert_eq!(hex::encode(digest), MAINNET_COMPRESSED_SHA256);
}

fn embedded_binary_equals_validated_text_setup<B: Backend>() {
    // Full validation: encodings, subgroups, counts, consistency checks.
    let from_text: KzgSettings<B> =
        KzgSettings::parse_trusted_setup_full(MAINNET_TRUSTED_SETUP_TXT, 0).unwrap();
    let bytes = from_text.to_uncompressed();
    if regenerate::<B>() {
        std::fs::write(data_path("mainnet_setup.bin"), &bytes).unwrap();
    }
    assert_eq!(bytes.len(), MAINNET_SETUP_BIN.len());
    assert!(
        bytes == MAINNET_SETUP_BIN,
        "embedded setup differs from trusted_setup.txt"
    );
    let embedded: KzgSettings<B> = KzgSettings::load_mainnet(0).unwrap();
    assert_eq!(embedded.to_uncompressed(), bytes);
}

fn embedded_fk20_rows_equal_recomputed_rows<B: Backend>() {
    let from_text: KzgSettings<B> =
        KzgSettings::parse_trusted_setup_full(MAINNET_TRUSTED_SETUP_TXT, 0).unwrap();
    let fk20 = Fk20::<B>::new(
        from_text.srs(),
        FIELD_ELEMENTS_PER_BLOB,
        FIELD_ELEMENTS_PER_CELL,
        0,
    )
    .unwrap();
    let bytes = fk20_rows_to_uncompressed::<B>(fk20.rows());
    if regenerate::<B>() {
        std::fs::write(data_path("mainnet_fk20.bin"), &bytes).unwrap();
        println!(
            "wrote mainnet_fk20.bin, sha256 {}",
            hex::encode(Sha256::digest(&bytes))
        );
    }
    assert!(
        bytes == MAINNET_FK20_BIN,
        "embedded FK20 rows differ from the rows computed from trusted_setup.txt"
    );
    assert_eq!(
        hex::encode(Sha256::digest(MAINNET_FK20_BIN)),
        MAINNET_FK20_SHA256
    );
}

fn the_mainnet_text_and_bytes_load_the_embedded_form<B: Backend>() {
    let embedded = KzgSettings::<B>::load_mainnet(0).unwrap().to_uncompressed();
    let from_text = KzgSettings::<B>::parse_trusted_setup(MAINNET_TRUSTED_SETUP_TXT, 2).unwrap();
    assert_eq!(from_text.to_uncompressed(), embedded);
    assert_eq!(from_text.precompute(), 2);
    let (g1m, g1l, g2m) = compressed_lists();
    let from_bytes = KzgSettings::<B>::load_trusted_setup(&g1m, &g1l, &g2m, 0).unwrap();
    assert_eq!(from_bytes.to_uncompressed(), embedded);
    // The precompute level is still checked.
    assert!(matches!(
        KzgSettings::<B>::parse_trusted_setup(MAINNET_TRUSTED_SETUP_TXT, 16),
        Err(Error::InvalidTrustedSetup(_))
    ));
}

/// A text that differs from the mainnet file in one byte is validated in
/// full: a corrupted point is rejected, a harmless change is accepted.
fn almost_mainnet_setups_are_validated<B: Backend>() {
    let good = MAINNET_TRUSTED_SETUP_TXT;
    // One hex digit changed in the last G1 monomial point (not its flag
    // bits): the point is off the curve, or not in the subgroup, or breaks
    // the consistency check.
    let last = good.trim_end().rfind(char::is_whitespace).unwrap() + 1;
    let pos = last + 40;
    let mut bad = good.as_bytes().to_vec();
    bad[pos] = if bad[pos] == b'0' { b'1' } else { b'0' };
    let bad = String::from_utf8(bad).unwrap();
    assert_ne!(bad, good);
    assert!(matches!(
        KzgSettings::<B>::parse_trusted_setup(&bad, 0),
        Err(Error::InvalidTrustedSetup(_))
    ));
    // The same change in the raw bytes.
    let (g1m, g1l, mut g2m) = compressed_lists();
    g2m[95] ^= 1;
    assert!(matches!(
        KzgSettings::<B>::load_trusted_setup(&g1m, &g1l, &g2m, 0),
        Err(Error::InvalidTrustedSetup(_))
    ));
    // One byte more (a trailing newline) is not the mainnet file but is a
    // valid setup: fully validated, and equal to the embedded one.
    let longer = format!("{good}\n");
    let settings = KzgSettings::<B>::parse_trusted_setup(&longer, 0).unwrap();
    assert_eq!(
        settings.to_uncompressed(),
        KzgSettings::<B>::load_mainnet(0).unwrap().to_uncompressed()
    );
}
