#!/usr/bin/env bash
# Builds the WebAssembly package, assembles the web page in target/web-site/ and serves it
# on http://localhost:8000 (a static site: any file server does; this one is Python's).
#
# Usage: bash scripts/web.sh [--port N] [--build-only]
#   --port N       serve on port N instead of 8000
#   --build-only   assemble target/web-site/ and stop (the browser tests serve it themselves)
set -euo pipefail
cd "$(dirname "$0")/.."

port=8000
serve=1
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        --port=*) port="${1#--port=}"; shift ;;
        --build-only) serve=0; shift ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "web.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done
case "$port" in ''|*[!0-9]*) echo "web.sh: --port needs a number, not '$port'" >&2; exit 2 ;; esac

bash scripts/build-wasm.sh target/wasm-pkg

# The site: the page's files (not its tests) and the package's browser build as pkg/.
site=target/web-site
rm -rf "$site"
mkdir -p "$site/pkg"
find web -maxdepth 1 -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.svg' -o -name '*.png' \) \
    -exec cp {} "$site/" \;
cp target/wasm-pkg/web/* "$site/pkg/"
echo "web.sh: the page is in $site/"

if [ "$serve" = 1 ]; then
    echo "web.sh: serving on http://localhost:$port (Ctrl-C stops)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
fi
