"""The examples run (small sizes) and print what they promise."""

from __future__ import annotations

import contextlib
import io
import re
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pytest

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
    assert "bots ['ismcts', 'reader', 'heuristic', 'random'] scored" in out
    assert "games finished in 16 envs" in out


#: The before/after line the training examples print.
WIN_RATE = re.compile(
    r"^(before|after): win rate (\d\.\d{3}) \(95% CI (-?\d\.\d{3}) to (\d\.\d{3})\) over (\d+) games$"
)


def assert_reports_win_rates(out: str, games: int) -> None:
    """The win rates before and after parse, each inside its interval, over ``games``."""
    found = {m[1]: m for m in map(WIN_RATE.match, out.splitlines()) if m}
    assert sorted(found) == ["after", "before"], out
    for m in found.values():
        rate, low, high = float(m[2]), float(m[3]), float(m[4])
        assert 0 <= rate <= 1 and low <= rate <= high and high - low > 0, out
        assert int(m[5]) == games


def test_policy_gradient_example_trains_and_reports() -> None:
    """A short run (a few seconds): the win rates before and after, and the learning
    curve printed update by update. That it learns is measured by the full run
    (docs/python.md), not here."""
    out = run(
        str(EXAMPLES / "train_policy_gradient.py"),
        "--updates", "4", "--envs", "16", "--eval-games", "40", "--hidden", "8",
    )
    assert_reports_win_rates(out, 40)
    assert len(re.findall(r"^update \d+: training win rate \d\.\d{3}$", out, re.M)) == 4, out


def test_maskable_ppo_example_trains_and_reports() -> None:
    """A short run of sb3-contrib's MaskablePPO on ``kingup.sb3.KingUpVecEnv``: the win
    rates before and after, and the training's size and CPU time."""
    out = run(
        str(EXAMPLES / "train_maskable_ppo.py"),
        "--steps", "512", "--envs", "8", "--n-steps", "32", "--eval-games", "40", "--rounds", "1",
    )
    assert_reports_win_rates(out, 40)
    assert re.search(r"^trained on \d+ decisions in \d+ s of CPU$", out, re.M), out


def test_the_documented_training_command_runs(tmp_path: Path) -> None:
    """The command of docs/python.md, shortened (2 updates of 8 games); its ``--plot``
    writes a PNG to a temporary directory when matplotlib is installed (it is not among
    the test tools), and is left out otherwise."""
    import importlib.util

    doc = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
    found = re.findall(r"^target/venv-test/bin/python (examples/python/train_policy_gradient\.py) (.*)$", doc, re.M)
    assert len(found) == 1, found
    script, options = found[0]
    args = options.replace("--updates 300", "--updates 2").split()
    assert "--plot" in args
    at = args.index("--plot")
    png = tmp_path / "curve.png"
    if importlib.util.find_spec("matplotlib") is None:
        del args[at : at + 2]
    else:
        args[at + 1] = str(png)
    out = run(str(REPO / script), *args, "--envs", "8", "--eval-games", "16", "--hidden", "4")
    assert "after: win rate" in out
    if "--plot" in args:
        assert png.read_bytes().startswith(b"\x89PNG")


def test_behaviour_cloning_example_imitates_and_beats_random() -> None:
    """A small run (about 15 s): 400 recorded heuristic-vs-search games are enough for
    the cloned policy to choose the recorded move twice as often as a uniform legal
    choice would, and to beat two random players clearly (its win rate's 95% interval
    above the fair share). The full run (100,000 games) is measured in
    docs/datasets.md."""
    pytest.importorskip("torch")
    pytest.importorskip("pyarrow")
    out = run(
        str(EXAMPLES / "behaviour_cloning.py"),
        "--games", "400", "--epochs", "4", "--eval-deals", "200",
    )
    recorded = re.search(r"^recorded 400 games \((\d+) decisions", out, re.M)
    assert recorded and int(recorded[1]) > 400 * 30, out
    held = re.search(r"^held-out accuracy (\d\.\d+) \(uniform legal choice (\d\.\d+)\)", out, re.M)
    assert held and float(held[1]) > 1.5 * float(held[2]), out
    line = re.search(
        r"^cloned vs random: win rate (\d\.\d+) \(95% CI (\d\.\d+) to (\d\.\d+)\) over 600 games, "
        r"fair share (\d\.\d+)",
        out,
        re.M,
    )
    assert line and float(line[2]) > float(line[4]) + 0.05, out


@pytest.mark.filterwarnings("ignore:.*Overriding environment rllib-multi-agent-env-v0")
@pytest.mark.parametrize("game", ["kingup", "court"])
def test_the_documented_rllib_commands_run(game: str, ray_local: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The RLlib training commands of docs/python.md, shortened to one iteration of 256
    steps and a few arena deals, run in this process on the session's local Ray (the
    example uses a Ray already up, and leaves it up): the win rates before and after
    parse, and the training's size and time. That it learns is measured by the full runs
    (docs/python.md) and asserted, on court, by tests/test_rllib.py."""
    pytest.importorskip("ray.rllib")
    doc = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
    found = re.findall(r"^target/venv-test/bin/python (examples/python/rllib_train\.py) (.*)$", doc, re.M)
    assert len(found) == 2, found
    script, options = found[0] if game == "kingup" else found[1]
    args = re.sub(r"--deals \d+", "--deals 2", options).split()
    args += ["--iterations", "1", "--batch", "256", "--envs", "4"]
    monkeypatch.setattr(sys, "argv", [script, *args])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(REPO / script), run_name="__main__")
    text = out.getvalue()
    found = {m[1]: m for m in map(WIN_RATE.match, text.splitlines()) if m}
    assert sorted(found) == ["after", "before"], text
    for m in found.values():  # a few games: the interval may be a point (no win)
        assert 0 <= float(m[2]) <= 1 and float(m[3]) <= float(m[2]) <= float(m[4]), text
        assert int(m[5]) == 2 * (3 if game == "kingup" else 2)
    assert re.search(r"^trained: 1 iterations, \d+ steps, \d+ s \(\d+ s CPU in this process\)$", text, re.M), text
