#!/usr/bin/env bash
# Builds the WebAssembly package `kingup` (crate kingup-wasm) for web front ends and Node:
#   OUT/web/      ES module for pages and module workers (`await init()` first)
#   OUT/node/     CommonJS module for Node (`require`)
#   OUT/package.json, OUT/README.md
# Usage: bash scripts/build-wasm.sh [OUT]   (default OUT: target/wasm-pkg)
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the exact version of the
# wasm-bindgen crate in Cargo.lock; installs either when missing.
set -euo pipefail
OUT="${1:+$(realpath -m "$1")}"
cd "$(dirname "$(readlink -f "$0")")/.."
OUT="${OUT:-target/wasm-pkg}"

# The CLI must equal the crate: the glue it writes speaks to that version's module only.
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WBG_VERSION" ]; then
    echo "installing wasm-bindgen-cli $WBG_VERSION (a few minutes, once)" >&2
    cargo install wasm-bindgen-cli --version "$WBG_VERSION" --locked \
        || cargo install wasm-bindgen-cli --version "$WBG_VERSION"
fi
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

cargo build -p kingup-wasm --target wasm32-unknown-unknown --profile wasm-release
WASM=target/wasm32-unknown-unknown/wasm-release/kingup_wasm.wasm

rm -rf "$OUT/web" "$OUT/node"
mkdir -p "$OUT"
wasm-bindgen --remove-name-section --target web --out-dir "$OUT/web" --out-name kingup "$WASM"
wasm-bindgen --remove-name-section --target nodejs --out-dir "$OUT/node" --out-name kingup "$WASM"

VERSION=$(awk '/^\[workspace.package\]/ { p = 1 } p && /^version = / { gsub(/version = |"/, ""); print; exit }' Cargo.toml)
cat > "$OUT/package.json" <<JSON
{
  "name": "kingup",
  "version": "$VERSION",
  "description": "King Up! and To Court the King rules engines, bots and notation in WebAssembly",
  "license": "MIT OR Apache-2.0",
  "main": "./node/kingup.js",
  "module": "./web/kingup.js",
  "types": "./web/kingup.d.ts",
  "exports": {
    ".": {
      "node": {
        "types": "./node/kingup.d.ts",
        "default": "./node/kingup.js"
      },
      "default": {
        "types": "./web/kingup.d.ts",
        "default": "./web/kingup.js"
      }
    },
    "./web/*": "./web/*",
    "./node/*": "./node/*"
  },
  "files": ["web", "node", "README.md", "LICENSE-MIT", "LICENSE-APACHE"],
  "sideEffects": false
}
JSON
# web/ is an ES module, node/ CommonJS: each says so for Node and bundlers.
echo '{ "type": "module" }' > "$OUT/web/package.json"
echo '{ "type": "commonjs" }' > "$OUT/node/package.json"
cp kingup-wasm/README.md LICENSE-MIT LICENSE-APACHE "$OUT/"
echo "built $OUT ($(wc -c < "$OUT/web/kingup_bg.wasm") bytes of wasm)"
