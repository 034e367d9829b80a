"""The stubs type-check a real program under ``mypy --strict``, and catch misuse."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

pytest.importorskip("mypy")

CONFIG = REPO / "kingup-py" / "pyproject.toml"


def mypy(*paths: Path) -> subprocess.CompletedProcess[str]:
    args = ["--strict", "--config-file", str(CONFIG), "--no-incremental", "--cache-dir", "/dev/null"]
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args, *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_example_passes_mypy_strict() -> None:
    result = mypy(REPO / "examples" / "python" / "typed_usage.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_misuse_is_caught(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import kingup\n"
        "g = kingup.Game(players=4, seed=1)\n"
        'g.apply("place")\n'
        "x: str = g.totals\n"
        "g.view(0).objective.append(3)\n"
    )
    result = mypy(bad)
    assert result.returncode == 1
    assert 'Argument 1 to "apply" of "Game" has incompatible type "str"' in result.stdout
    assert "Incompatible types in assignment" in result.stdout
    assert 'Item "None" of "list[Character] | None" has no attribute "append"' in result.stdout
