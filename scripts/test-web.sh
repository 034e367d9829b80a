#!/usr/bin/env bash
# The web page's browser tests: a whole game of each game played through the page in
# headless Chromium (Debian's package, driven by playwright-core; nothing is downloaded at
# test time), checked against the engine, with screenshots in target/web-shots/.
#
# Installs what is missing: Chromium with apt-get (Debian), the tests' Node packages with
# `npm ci` (web/tests/package-lock.json). Builds the package and assembles the site with
# `scripts/web.sh --build-only`.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "missing Chromium: install it (as root: apt-get install chromium)" >&2
        exit 1
    fi
    echo "test-web.sh: installing Chromium (apt-get)"
    # Waits for a dpkg lock held by another install instead of failing at once.
    apt=(apt-get -o DPkg::Lock::Timeout=600 -y -qq)
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" update
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install --no-install-recommends chromium >/dev/null
fi
"$chromium" --version

(cd web/tests && npm ci --no-audit --no-fund)
bash scripts/web.sh --build-only
(cd web/tests && CHROMIUM="$chromium" npm test)
echo "test-web.sh: screenshots in target/web-shots/"
