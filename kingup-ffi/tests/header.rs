//! The committed header, `include/kingup.h`, is exactly what cbindgen generates now.
//!
//! Regenerate it after changing the API with
//! `KINGUP_BLESS_HEADER=1 cargo test -p kingup-ffi --test header`.

use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is valid");
    // Parses this crate's sources only (no `cargo metadata`), so the test needs no network
    // and no lock on the workspace.
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses the crate");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

#[test]
fn committed_header_matches_a_fresh_generation() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/kingup.h");
    let fresh = generate();
    if std::env::var_os("KINGUP_BLESS_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("include/kingup.h is writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/kingup.h is stale: regenerate it with \
         `KINGUP_BLESS_HEADER=1 cargo test -p kingup-ffi --test header`"
    );
}
