#!/usr/bin/env bash
# The published crates as a user gets them: `cargo publish --dry-run` for each (it packages
# and builds them against each other, as crates.io would), then each package's own tests run
# from the unpacked .crate file, away from the workspace, and the minimum supported Rust
# version builds the libraries and the binary.
# Usage: bash scripts/test-packages.sh (from anywhere; scripts/test.sh runs it)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

crates=(kingup-table kingup-core kingup-court kingup-bots kingup-protocol kingup-cli)
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)

step "cargo publish --dry-run: ${crates[*]}"
# The dry run verifies each package against the others through a local overlay registry.
# Cargo unpacks its sources once under $CARGO_HOME/registry/src/-<hash>/ and takes a
# registry crate's build for immutable, so while the version stays 0.1.0 a second run
# would build against the first run's code: both go first.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/kingup-*
cargo clean --quiet "${crates[@]/#/-p=}"
# --allow-dirty: a work tree with uncommitted changes is checked as it stands.
cargo publish --dry-run --allow-dirty "${crates[@]/#/-p=}"

step "each package's own tests, unpacked outside the workspace"
# Outside the repository, so no workspace manifest above claims them.
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
target=$PWD/target/packages
cargo package --quiet --no-verify --allow-dirty "${crates[@]/#/-p=}"
for crate in "${crates[@]}"; do
    tar -xzf "target/package/$crate-0.1.0.crate" -C "$unpacked"
done
for crate in kingup-table kingup-core kingup-bots; do
    # The packaged manifests ask crates.io for the kingup crates, not published
    # yet: the patch points them at the unpacked packages instead.
    (
        cd "$unpacked/$crate-0.1.0"
        printf '[patch.crates-io]\nkingup-table = { path = "../kingup-table-0.1.0" }\nkingup-core = { path = "../kingup-core-0.1.0" }\nkingup-court = { path = "../kingup-court-0.1.0" }\n' >>Cargo.toml
        # The tests find their files by the path they were built in, a fresh temporary
        # directory each run: a build kept from an earlier run would look in a deleted one.
        CARGO_TARGET_DIR=$target cargo clean --quiet -p "$crate"
        CARGO_TARGET_DIR=$target cargo test --quiet --all-features
    )
done

step "minimum supported Rust version ($msrv): the libraries and the binary build"
if ! rustup run "$msrv" rustc --version >/dev/null 2>&1; then
    rustup toolchain install "$msrv" --profile minimal
fi
cargo "+$msrv" check --quiet --target-dir target/msrv -p kingup-core -p kingup-court -p kingup-bots -p kingup-cli
cargo "+$msrv" check --quiet --target-dir target/msrv -p kingup-table -p kingup-core --no-default-features
