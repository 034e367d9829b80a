#!/usr/bin/env bash
# Runs every check and test of the project, installing what it needs first.
# Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

# Disk is the scarce resource of a fresh machine, not time: no incremental caches for a
# build that runs once, and no pip cache beside what pip installs (PyTorch alone is ~5 GB).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
export PIP_NO_CACHE_DIR="${PIP_NO_CACHE_DIR:-1}"

step "rustfmt"
cargo fmt --all -- --check

step "clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "rustdoc (warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps

step "kingup-table feature combinations"
RUSTFLAGS="-D warnings" cargo check -p kingup-table --no-default-features
RUSTFLAGS="-D warnings" cargo check -p kingup-table --no-default-features --features serde
RUSTFLAGS="-D warnings" cargo check -p kingup-table --no-default-features --features alloc,serde
RUSTFLAGS="-D warnings" cargo check -p kingup-table --no-default-features --features json

step "kingup-core feature combinations"
RUSTFLAGS="-D warnings" cargo check -p kingup-core --no-default-features
RUSTFLAGS="-D warnings" cargo check -p kingup-core --no-default-features --features serde
RUSTFLAGS="-D warnings" cargo check -p kingup-core --no-default-features --features alloc,serde
RUSTFLAGS="-D warnings" cargo check -p kingup-core --no-default-features --features json

step "kingup-court feature combinations"
RUSTFLAGS="-D warnings" cargo check -p kingup-court --no-default-features
RUSTFLAGS="-D warnings" cargo check -p kingup-court --no-default-features --features serde
RUSTFLAGS="-D warnings" cargo check -p kingup-court --no-default-features --features alloc,serde
RUSTFLAGS="-D warnings" cargo check -p kingup-court --no-default-features --features json

step "Rust tests (unit, integration, doc; the no_std checker build; the Rust driver of the cross-language test)"
cargo test --workspace

step "release-only tests: bot strength (thousands of games, both games), bots on edited views, histories of hand-built states, docs/bots.md's and docs/protocol.md's commands, built-in bots over the protocol, the positions fuzz corpus"
cargo test --release -p kingup-bots --test strength --test views --test court_strength
cargo test --release -p kingup-cli --test docs
# The README's first command, as a newcomer types it (stdin is no terminal: bots play a game).
play=$(sed -n '/^```sh$/,/^```$/p' README.md | grep -m1 '^cargo run')
$play </dev/null | grep '^Winner' >/dev/null || { echo "README's play command did not finish a game: $play"; exit 1; }
cargo test --release -p kingup-core --test reach
# Built-in bots over the bot protocol play the arena they play in process (release only;
# the engine is the crate's example).
cargo build --release -p kingup-protocol --example engine
cargo test --release -p kingup-protocol --test referee
cargo test --release -p kingup-fuzz-bodies --test corpus positions_corpus

step "the bot protocol's reference engines (examples/python/engine.py, examples/c/engine.c) answer scripted sessions"
python3 kingup-protocol/tests/engines/check_clients.py

bash scripts/test-packages.sh
bash scripts/test-ffi.sh
bash scripts/test-python.sh
bash scripts/test-wasm.sh

step "the web page in headless Chromium (installs Chromium and the tests' Node packages if missing)"
bash scripts/test-web.sh
