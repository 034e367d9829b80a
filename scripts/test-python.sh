#!/usr/bin/env bash
# Builds the kingup Python package (kingup-py/) as a wheel, installs it into a virtualenv
# with its test tools, and runs the Python tests (pytest) and the typing check (mypy
# --strict). Needs only Rust and Python >= 3.10; installs the rest from PyPI.
# Usage: bash scripts/test-python.sh   (KINGUP_VENV=dir to put the virtualenv elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

root="$(pwd)"
venv="$(realpath -m "${KINGUP_VENV:-target/venv-test}")"
python="${PYTHON:-python3}"

step "Python virtualenv ($venv) and test tools"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
py="$venv/bin/python"
"$py" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.7,<2" "numpy>=1.23" "pytest>=7" "mypy>=1.8" \
    "pettingzoo>=1.24,<2" "open-spiel>=1.5,<3"
# kingup.gym (research integrations, issue 13)
"$py" -m pip install --quiet --disable-pip-version-check "gymnasium>=1.1,<2"

step "build the kingup wheel (release) and install it"
wheels="$root/target/wheels-python"
rm -rf "$wheels"
# A target directory of its own: maturin builds with other features and interpreter
# settings than cargo's workspace builds, which would otherwise rebuild each other's pyo3.
(cd kingup-py && CARGO_TARGET_DIR="$root/target/maturin" "$venv/bin/maturin" build --release \
    --interpreter "$py" --out "$wheels" --quiet)
"$py" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/*.whl

step "pytest (kingup-py/tests and the Python driver of the cross-language test, interop/python)"
(cd kingup-py && "$py" -m pytest -q -p no:cacheprovider tests ../interop/python)

step "mypy --strict (the package and the examples)"
"$py" -m mypy --strict --config-file kingup-py/pyproject.toml --no-incremental --cache-dir=/dev/null \
    examples/python kingup-py/python/kingup interop/python
