//! kingup-core builds with neither `std` nor `alloc`.
//!
//! Builds `nostd-check/`, a `#![no_std]` staticlib with its own `#[panic_handler]` and
//! `panic = "abort"` that plays whole games through kingup-core with
//! `default-features = false`. A leaked `std` fails that build (duplicate `panic_impl` lang
//! item), a leaked `alloc` too (no global allocator). `nostd-check` is its own workspace, so
//! the features this workspace turns on cannot unify into it.

use std::path::Path;
use std::process::Command;

#[test]
fn builds_without_std_or_alloc() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in the repository root");
    let output = Command::new(env!("CARGO"))
        .arg("build")
        .arg("--manifest-path")
        .arg(repo.join("nostd-check").join("Cargo.toml"))
        .arg("--target-dir")
        .arg(repo.join("target").join("nostd-check"))
        // Flags meant for this workspace's build (coverage instrumentation, sanitizers)
        // would need std; the check builds with its own profile only.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "the no_std build of kingup-core failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
