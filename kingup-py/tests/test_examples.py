"""The examples run (small sizes) and print what they promise."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO

EXAMPLES = REPO / "examples" / "python"


def run(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=True, timeout=120
    )
    return result.stdout


def test_seat_order_experiment_prints_its_table() -> None:
    out = run(str(EXAMPLES / "seat_order.py"), "--games", "2000", "--seed", "3")
    assert "players position  win share" in out
    rows = [line.split() for line in out.splitlines() if line[:7].strip() in {"3", "4", "5", "6"}]
    assert len(rows) == 3 + 4 + 5 + 6
    for players in (3, 4, 5, 6):
        shares = [float(r[2].rstrip("%")) for r in rows if r[0] == str(players)]
        assert abs(sum(shares) - 100) < 0.1


def test_typed_usage_example_runs() -> None:
    assert "won" in run(str(EXAMPLES / "typed_usage.py"))


def test_bots_and_vector_env_example_runs() -> None:
    out = run(str(EXAMPLES / "bots_and_vector_env.py"), "--envs", "16", "--steps", "400")
    assert "bots ['ismcts', 'heuristic', 'random'] scored" in out
    assert "games finished in 16 envs" in out
