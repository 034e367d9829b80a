"""The Python driver of the cross-language golden test (see interop/src/lib.rs).

Plays every scenario of interop/scenarios through kingup.Game (kingup.court.Game for a
scenario with the line "game court") and checks the save document and every viewer's
redacted event stream against interop/expected byte for byte; loads every expected save and
writes it back unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import kingup
from kingup import court

INTEROP = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((INTEROP / "scenarios").glob("*.txt"))


def read(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """A scenario's settings and its script's lines (who, what)."""
    settings: dict[str, str] = {}
    moves: list[tuple[str, str]] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" in line:
            who, what = line.split(":", 1)
            moves.append((who.strip(), what.strip()))
        else:
            key, value = line.split(" ", 1)
            settings[key] = value.strip()
    return settings, moves


def play(text: str) -> kingup.Game | court.Game:
    """Plays a scenario file's lines through the Python binding."""
    settings, moves = read(text)
    if settings.get("game") == "court":
        return play_court(settings, moves)
    game = kingup.Game(
        players=int(settings["players"]),
        rounds=int(settings["rounds"]),
        setup=settings["setup"],
        seed=int(settings["seed"]),
    )
    for seat, what in moves:
        if what == "undo":
            game.undo(int(seat))
        else:
            game.apply(kingup.Action.parse(what), seat=int(seat))
    return game


# Chance outcomes by notation ("die 5", "first 2"), from the binding's own notation.
COURT_OUTCOMES = {
    court.chance_notation(i): i for i in range(court.NUM_CHANCE_OUTCOMES)
}


def play_court(settings: dict[str, str], moves: list[tuple[str, str]]) -> court.Game:
    """Plays a To Court the King scenario's lines through the Python binding."""
    first = settings.get("first_player")
    rounds = settings.get("max_rounds")
    game = court.Game(
        players=int(settings["players"]),
        seed=int(settings["seed"]),
        first_player=None if first is None else int(first),
        max_rounds=None if rounds is None else int(rounds),
        chance=settings.get("chance", "auto"),
    )
    for who, what in moves:
        if who == "chance":
            game.apply_chance(COURT_OUTCOMES[what])
        elif what == "undo":
            game.undo(int(who))
        else:
            game.apply(court.parse_action(what), seat=int(who))
    return game


def events_text(game: kingup.Game | court.Game) -> str:
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
    assert any(p.stem.startswith("court-") for p in SCENARIOS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_matches_the_expected_outputs(scenario: Path) -> None:
    game = play(scenario.read_text(encoding="utf-8"))
    assert game.to_json() + "\n" == expected(f"{scenario.stem}.save.json")
    assert events_text(game) == expected(f"{scenario.stem}.events.txt")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_expected_saves_load_and_save_back_unchanged(scenario: Path) -> None:
    text = expected(f"{scenario.stem}.save.json")
    kind = court.Game if '"format":"kingup-court-save"' in text else kingup.Game
    game = kind.from_json(text.rstrip("\n"))
    assert game.to_json() + "\n" == text
    assert events_text(game) == expected(f"{scenario.stem}.events.txt")
