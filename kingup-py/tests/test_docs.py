"""Every Python block of docs/python.md runs as written, and prints what its comments say.

A ``print(...)`` line whose comment gives the output (``# 6 B3 place ...``) must print
exactly that; a comment starting ``e.g.`` shows one possible output and is not checked."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from conftest import REPO

DOC = REPO / "docs" / "python.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
PRINTED = re.compile(r"^\s*print\(.*\)\s*#\s*(?P<says>.+)$")


def blocks() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_doc_has_python_blocks() -> None:
    assert len(blocks()) >= 10


@pytest.mark.parametrize("code", blocks(), ids=lambda code: code.splitlines()[0][:40])
def test_block_runs_and_prints_what_it_says(code: str) -> None:
    if "pyspiel" in code:
        pytest.importorskip("pyspiel")
    if "pettingzoo" in code:
        pytest.importorskip("pettingzoo")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), {"__name__": "__doc_block__"})
    printed = out.getvalue().splitlines()
    expected = [m["says"].strip() for line in code.splitlines() if (m := PRINTED.match(line))]
    checked = [e for e in expected if not e.startswith("e.g.")]
    for says in checked:
        assert says in printed, f"expected a line {says!r}, got {printed}"
