#!/usr/bin/env bash
# Builds the WebAssembly package and tests it under Node: the package's tests
# (kingup-wasm/tests), the cross-language test's JavaScript driver (interop/js), the
# README's code blocks, the TypeScript declarations (tsc --strict on an example), the packed
# package installed by name, and the size budget of the compressed .wasm.
# Usage: bash scripts/test-wasm.sh   (KINGUP_WASM_PKG=dir to build and test elsewhere)
# Needs node (20 or later) and npm; scripts/build-wasm.sh installs wasm-bindgen-cli.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

pkg="${KINGUP_WASM_PKG:-target/wasm-pkg}"
step "build the package ($pkg)"
bash scripts/build-wasm.sh "$pkg"
export KINGUP_WASM_PKG="$(realpath "$pkg")"

step "node tests: the package's, and the cross-language driver"
node --test --test-reporter=spec kingup-wasm/tests/ interop/js/

step "kingup-wasm/README.md: every block runs and prints what it says"
python3 scripts/doc-blocks.py target/doc-blocks-wasm kingup-wasm/README.md

step "TypeScript declarations (tsc --strict)"
(
    cd kingup-wasm/types-check
    npm ci --no-audit --no-fund --loglevel=error
    ln -sfn "$KINGUP_WASM_PKG" node_modules/kingup
    npx tsc -p .
)

step "the packed package (npm pack) installs into a project and loads by name, required and imported"
scratch=target/wasm-pack-test
rm -rf "$scratch" && mkdir -p "$scratch"
(cd "$KINGUP_WASM_PKG" && npm pack --silent --pack-destination "$OLDPWD/$scratch" >/dev/null)
(
    cd "$scratch"
    echo '{ "private": true }' > package.json
    npm install --no-audit --no-fund --loglevel=error ./kingup-*.tgz
    node -e 'const { KingUpGame } = require("kingup"); const g = new KingUpGame({ players: 3 }, { seed: 1 }); if (g.legalActions().length === 0) process.exit(1);'
    node --input-type=module -e 'import { CourtGame, CourtBot } from "kingup"; const g = new CourtGame({ players: 2 }, { seed: 1 }); g.apply(g.toMove(), new CourtBot("greedy", 1).choose(g, g.toMove())); if (g.eventCount() === 0) process.exit(1);'
)

step "size budget: the compressed .wasm of both games with bots under 500 KB"
raw=$(wc -c < "$KINGUP_WASM_PKG/web/kingup_bg.wasm")
gz=$(gzip -9 -c "$KINGUP_WASM_PKG/web/kingup_bg.wasm" | wc -c)
echo "kingup_bg.wasm: $raw bytes, $gz gzipped"
if [ "$gz" -ge 500000 ]; then
    echo "the gzipped .wasm is over the 500 KB budget" >&2
    exit 1
fi
