//! The committed bindings are exactly what the generators make from the sources now: the C
//! header `include/kingup.h` (cbindgen) and the C# P/Invoke declarations of the Unity
//! package, `unity/com.kingup.kingup/Runtime/NativeMethods.g.cs` (csbindgen). Neither can
//! drift from the ABI.
//!
//! Regenerate both after changing the API with
//! `KINGUP_BLESS_BINDINGS=1 cargo test -p kingup-ffi --test bindings`.

use std::path::{Path, PathBuf};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The sources holding the ABI: every module of the crate.
fn sources() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(crate_dir().join("src"))
        .expect("src/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    // The generators keep the order they read items in: make it the same everywhere.
    files.sort();
    files
}

fn header() -> String {
    let config = cbindgen::Config::from_file(crate_dir().join("cbindgen.toml"))
        .expect("cbindgen.toml is valid");
    // Parses this crate's sources only (no `cargo metadata`), so the test needs no network
    // and no lock on the workspace.
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir().join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses the crate");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

fn csharp() -> String {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("NativeMethods.g.cs");
    let builder = sources()
        .into_iter()
        .fold(csbindgen::Builder::default(), |b, file| {
            b.input_extern_file(file)
        });
    builder
        .csharp_namespace("KingUp")
        .csharp_class_name("NativeMethods")
        .csharp_class_accessibility("internal")
        // libkingup.so, libkingup.dylib, kingup.dll: the name scripts/install-c.sh installs
        // and scripts/unity-plugins.sh copies into the package.
        .csharp_dll_name("kingup")
        // iOS and WebGL link the static library into the player.
        .csharp_dll_name_if("(UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR", "__Internal")
        // UIntPtr for size_t: C# 9's nuint is not in every Unity or Mono compiler.
        .csharp_use_nint_types(false)
        .csharp_generate_const_filter(|name| name.starts_with("KINGUP_"))
        .csharp_file_header(
            "// NativeMethods.g.cs: the raw P/Invoke declarations of the kingup C ABI, generated\n\
             // by csbindgen from kingup-ffi's sources (kingup-ffi/tests/bindings.rs). Do not edit.",
        )
        .generate_csharp_file(&out)
        .expect("csbindgen parses the crate");
    std::fs::read_to_string(out).expect("the generated file")
}

/// Compares a committed file with a fresh generation, writing it first when blessing.
fn check(relative: &str, fresh: &str) {
    let path = crate_dir().join(relative);
    if std::env::var_os("KINGUP_BLESS_BINDINGS").is_some() {
        std::fs::write(&path, fresh).expect("the bindings are writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{relative} is stale: regenerate it with \
         `KINGUP_BLESS_BINDINGS=1 cargo test -p kingup-ffi --test bindings`"
    );
}

#[test]
fn committed_header_matches_a_fresh_generation() {
    check("include/kingup.h", &header());
}

#[test]
fn committed_csharp_bindings_match_a_fresh_generation() {
    check(
        "../unity/com.kingup.kingup/Runtime/NativeMethods.g.cs",
        &csharp(),
    );
}
