"""The Python driver of the cross-language golden test (see interop/src/lib.rs).

Plays every scenario of interop/scenarios through kingup.Game and checks the save document
and every viewer's redacted event stream against interop/expected byte for byte; loads every
expected save and writes it back unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import kingup

INTEROP = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((INTEROP / "scenarios").glob("*.txt"))


def play(text: str) -> kingup.Game:
    """Plays a scenario file's lines through the Python binding."""
    settings: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" in line:
            who, what = line.split(":", 1)
            moves.append((int(who), what.strip()))
        else:
            key, value = line.split(" ", 1)
            settings[key] = value.strip()
    game = kingup.Game(
        players=int(settings["players"]),
        rounds=int(settings["rounds"]),
        setup=settings["setup"],
        seed=int(settings["seed"]),
    )
    for seat, what in moves:
        if what == "undo":
            game.undo(seat)
        else:
            game.apply(kingup.Action.parse(what), seat=seat)
    return game


def events_text(game: kingup.Game) -> str:
    """One line per viewer: the whole event log as that viewer may see it, as JSON."""
    lines = []
    viewers: list[int | None] = [None, *range(game.players)]
    for viewer in viewers:
        events = ",".join(e.to_json() for e in game.events(viewer))
        who = "spectator" if viewer is None else f"seat {viewer}"
        lines.append(f"{who} [{events}]\n")
    return "".join(lines)


def expected(name: str) -> str:
    return (INTEROP / "expected" / name).read_text(encoding="utf-8")


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_matches_the_expected_outputs(scenario: Path) -> None:
    game = play(scenario.read_text(encoding="utf-8"))
    assert game.to_json() + "\n" == expected(f"{scenario.stem}.save.json")
    assert events_text(game) == expected(f"{scenario.stem}.events.txt")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_expected_saves_load_and_save_back_unchanged(scenario: Path) -> None:
    text = expected(f"{scenario.stem}.save.json")
    game = kingup.Game.from_json(text.rstrip("\n"))
    assert game.to_json() + "\n" == text
    assert events_text(game) == expected(f"{scenario.stem}.events.txt")
