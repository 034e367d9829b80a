"""Every Python block of docs/python.md and of the READMEs (the repository's and the
package's, which is its PyPI page) runs as written, and prints what its comments say.

A ``print(...)`` line whose comment gives the output (``# 6 B3 place ...``) must print
exactly that; a comment starting ``e.g.`` shows one possible output and is not checked."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from conftest import REPO

#: Each document with Python blocks, and how many it has at least (so that a change to
#: the block syntax cannot make the test pass on nothing).
DOCS = {
    REPO / "docs" / "python.md": 10,
    REPO / "docs" / "datasets.md": 6,
    REPO / "README.md": 1,
    REPO / "kingup-py" / "README.md": 1,
}
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
PRINTED = re.compile(r"^\s*print\(.*\)\s*#\s*(?P<says>.+)$")


def blocks(doc: Path) -> list[str]:
    return BLOCK.findall(doc.read_text(encoding="utf-8"))


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(REPO)))
def test_the_doc_has_python_blocks(doc: Path) -> None:
    assert len(blocks(doc)) >= DOCS[doc]


@pytest.mark.parametrize(
    ("doc", "code"),
    [(doc, code) for doc in DOCS for code in blocks(doc)],
    ids=lambda x: str(x.relative_to(REPO)) if isinstance(x, Path) else x.splitlines()[0][:40],
)
def test_block_runs_and_prints_what_it_says(doc: Path, code: str) -> None:
    if "pyspiel" in code:
        pytest.importorskip("pyspiel")
    if "pettingzoo" in code:
        pytest.importorskip("pettingzoo")
    if "dataset" in code:
        pytest.importorskip("pyarrow")
    if "import ray" in code:
        pytest.importorskip("ray")
    if "rllib" in code:
        pytest.importorskip("ray.rllib")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(doc), "exec"), {"__name__": "__doc_block__"})
    printed = out.getvalue().splitlines()
    expected = [m["says"].strip() for line in code.splitlines() if (m := PRINTED.match(line))]
    checked = [e for e in expected if not e.startswith("e.g.")]
    for says in checked:
        assert says in printed, f"expected a line {says!r}, got {printed}"


#: The benchmark commands of docs/python.md, as the doc gives them.
BENCH = re.compile(r"^target/venv-test/bin/python (kingup-py/bench/\S+\.py) (.*)$", re.M)


def test_the_documented_benchmarks_run() -> None:
    """Each benchmark command of docs/python.md runs with the doc's options, shortened to a
    fraction of a second a run (the full runs take minutes; their figures are measurements),
    and prints its table."""
    import subprocess
    import sys

    commands = BENCH.findall((REPO / "docs" / "python.md").read_text(encoding="utf-8"))
    assert [script for script, _ in commands] == [
        "kingup-py/bench/bench_steps.py",
        "kingup-py/bench/bench_vector.py",
    ]
    for script, options in commands:
        args = options.replace("--seconds 3", "--seconds 0.05").replace("--rounds 3", "--rounds 1")
        if "bench_vector" in script:
            args += " --sizes 64"
        if "bench_steps" in script:
            pytest.importorskip("pyspiel")  # its loop is compared with OpenSpiel's hearts
            args += " --games 100"
        run = subprocess.run(
            [sys.executable, str(REPO / script), *args.split()],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        if "bench_vector" in script:
            assert "per CPU-second" in run.stdout, run.stdout
            assert {row.split()[0] for row in run.stdout.splitlines()[1:] if row.strip()} >= {
                "kingup",
                "court",
            }, run.stdout
        else:
            assert "steps/s" in run.stdout, run.stdout
