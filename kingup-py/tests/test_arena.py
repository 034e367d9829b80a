"""kingup.arena: the Rust arena of kingup-bots between core bots and Python policies."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import kingup
from kingup import EntrantError, InvalidConfigError, PlayerView


def random_policy(seed: int) -> Callable[[PlayerView], int]:
    """A policy playing uniformly random legal actions, from its own generator."""
    rng = random.Random(seed)

    def policy(view: PlayerView) -> int:
        return rng.choice(view.legal_actions())

    return policy


def summary(results: kingup.ArenaResults) -> list[tuple[Any, ...]]:
    """Everything an arena reports, to compare two arenas."""
    return [
        (s.name, s.games, s.win_rate, s.win_rate_ci95, s.mean_score, s.rating, s.uncertainty)
        + tuple((b.games, b.win_rate, b.mean_score) for b in s.by_seat)
        for s in results.standings
    ]


def test_heuristic_beats_random_by_a_clear_margin() -> None:
    results = kingup.arena(["heuristic", "random", "random"], players=3, deals=90, seed=3)
    assert (results.players, results.deals, results.games) == (3, 90, 270)
    heuristic, first, second = results.standings
    assert [s.name for s in results.standings] == ["heuristic", "random#1", "random#2"]
    assert all(s.games == 270 and s.deals == 90 for s in results.standings)
    assert all(sum(b.games for b in s.by_seat) == 270 for s in results.standings)
    # Clear of the random bots beyond both confidence intervals.
    for rand in (first, second):
        margin = heuristic.win_rate_ci95 + rand.win_rate_ci95
        assert heuristic.win_rate - rand.win_rate > margin
        assert heuristic.rating > rand.rating
    assert results.ladder[0] == 0
    # Shared wins count 1/winners: the rates of a table add up to one.
    assert sum(s.win_rate for s in results.standings) == pytest.approx(1.0)


def test_str_is_the_cli_table() -> None:
    results = kingup.arena(["heuristic", "random", "random"], players=3, deals=6, seed=1)
    lines = str(results).splitlines()
    assert lines[0].split() == ["#", "bot", "rating", "games", "win", "rate", "mean", "score"]
    assert lines[1].startswith(" 1  heuristic") or lines[1].startswith(" 1  random")
    assert lines[4] == "Win rate by seat (95% CI):"
    assert lines[5].split() == ["bot", "seat", "0", "seat", "1", "seat", "2"]
    assert len(lines) == 9
    assert repr(results) == "<kingup.ArenaResults: 3 entrants, 6 deals, 18 games>"


def test_a_python_policy_plays_and_ranks_below_heuristic() -> None:
    entrants: list[Any] = ["heuristic", ("mine", random_policy(1)), "random"]
    results = kingup.arena(entrants, players=3, deals=60, seed=5)
    heuristic, mine, _ = results.standings
    assert mine.name == "mine" and mine.games == 180
    assert heuristic.win_rate - mine.win_rate > heuristic.win_rate_ci95 + mine.win_rate_ci95
    assert results.ladder.index(0) < results.ladder.index(1)


def test_results_do_not_depend_on_threads_and_repeat_for_a_seed() -> None:
    bots = ["heuristic", "random", "ismcts:20", "random"]
    one = kingup.arena(bots, players=3, deals=8, seed=9, threads=1)
    two = kingup.arena(bots, players=3, deals=8, seed=9, threads=2)
    assert summary(one) == summary(two) and str(one) == str(two)
    other = kingup.arena(bots, players=3, deals=8, seed=10, threads=2)
    assert summary(other) != summary(one)
    # With a Python entrant too (its policy is played on one thread, in schedule order).
    def mixed() -> list[Any]:
        return ["heuristic", ("mine", random_policy(4)), "random"]

    assert summary(kingup.arena(mixed(), players=3, deals=8, seed=2, threads=1)) == summary(
        kingup.arena(mixed(), players=3, deals=8, seed=2, threads=2)
    )


def test_a_policy_sees_only_its_own_seat() -> None:
    seen: set[int] = set()

    def policy(view: PlayerView) -> int:
        seen.add(view.seat)
        return view.legal_actions()[0]

    kingup.arena([("first", policy), "random", "random"], players=3, deals=3, seed=0)
    # Seat-rotated: the entrant sat at every seat.
    assert seen == {0, 1, 2}


def test_an_exception_in_a_policy_stops_the_arena() -> None:
    calls = itertools.count()

    def broken(view: PlayerView) -> int:
        if next(calls) == 5:
            raise ZeroDivisionError("boom")
        return view.legal_actions()[0]

    with pytest.raises(EntrantError, match="entrant \"broken\" raised.*boom") as info:
        kingup.arena(["random", ("broken", broken), "heuristic"], players=3, deals=50)
    assert info.value.entrant == "broken"
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    # The arena stopped at the error: the policy was not called again.
    assert next(calls) == 6


@pytest.mark.parametrize("exit", [KeyboardInterrupt, SystemExit])
def test_ctrl_c_and_exit_inside_a_policy_come_out_as_themselves(exit: type[BaseException]) -> None:
    calls = itertools.count()

    def leaving(view: PlayerView) -> int:
        if next(calls) == 3:
            raise exit()
        return view.legal_actions()[0]

    with pytest.raises(exit):
        kingup.arena(["random", ("leaving", leaving), "heuristic"], players=3, deals=20)
    assert next(calls) == 4  # the arena stopped at once


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (lambda view: 66, "chose action 66, which seat . may not play now"),
        (lambda view: -1, "chose action -1"),
        (lambda view: 10**30, "chose action 9223372036854775807"),
        (lambda view: "B3", "returned no action: an action must be an int, not str"),
        (lambda view: True, "returned no action: an action must be an int, not bool"),
        (lambda view: None, "returned no action"),
    ],
)
def test_a_bad_action_stops_the_arena(answer: Any, message: str) -> None:
    with pytest.raises(EntrantError, match=message) as info:
        kingup.arena(["random", ("bad", answer), "random"], players=3, deals=5)
    assert info.value.entrant == "bad"


def endless() -> Iterator[str]:
    while True:
        yield "random"


@pytest.mark.parametrize(
    ("entrants", "kwargs", "error", "message"),
    [
        ([], {}, InvalidConfigError, "0 entrants for a 4-player game"),
        (["random"] * 3, {}, InvalidConfigError, "3 entrants for a 4-player game"),
        (["random"] * 17, {"players": 3}, InvalidConfigError, "at most 16 entrants"),
        (endless(), {}, InvalidConfigError, "at most 16 entrants"),
        (["random", "alphazero", "random"], {"players": 3}, InvalidConfigError, "unknown bot"),
        (["random", "random:3", "random"], {"players": 3}, InvalidConfigError, "only ismcts"),
        (["ismcts:0", "random", "random"], {"players": 3}, InvalidConfigError, "ismcts:N"),
        (["ismcts:x", "random", "random"], {"players": 3}, InvalidConfigError, "ismcts:N"),
        (["x" * 100, "random", "random"], {"players": 3}, InvalidConfigError, "too long"),
        (["random"] * 3, {"players": 2}, InvalidConfigError, "players must be 3 to 6"),
        (["random"] * 7, {"players": 7}, InvalidConfigError, "players must be 3 to 6"),
        (["random"] * 3, {"players": 3, "deals": 0}, InvalidConfigError, "deals must be 1"),
        (["random"] * 3, {"players": 3, "deals": 10**7 + 1}, InvalidConfigError, "deals"),
        (["random"] * 3, {"players": 3, "threads": 0}, InvalidConfigError, "threads"),
        (["random"] * 3, {"players": 3, "seed": -1}, InvalidConfigError, "seed"),
        (["random"] * 3, {"players": 3.0}, TypeError, "players must be an int"),
        (["random"] * 3, {"players": 3, "deals": "9"}, TypeError, "deals must be an int"),
        (5, {}, TypeError, "entrants must be an iterable, not int"),
        (["random", 3, "random"], {"players": 3}, TypeError, "not int"),
        (["random", ("a", 3), "random"], {"players": 3}, TypeError, "is not callable"),
        (["random", (3, print), "random"], {"players": 3}, TypeError, "name must be a str"),
        (["random", ("a", print, 1), "random"], {"players": 3}, TypeError, "tuple"),
    ],
)
def test_bad_input_is_a_typed_error(
    entrants: Any, kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        kingup.arena(entrants, **kwargs)


def test_an_entrant_iterable_that_raises_passes_its_error_on() -> None:
    def failing() -> Iterator[str]:
        yield "random"
        raise KeyError("gone")

    with pytest.raises(KeyError, match="gone"):
        kingup.arena(failing())


def test_entrant_error_pickles() -> None:
    import pickle

    err = EntrantError("entrant \"x\" chose action 66", "x")
    again = pickle.loads(pickle.dumps(err))
    assert (again.message, again.entrant) == (err.message, "x")
    assert isinstance(again, kingup.KingupError) and isinstance(again, ValueError)


def test_reader_entrants_by_spec() -> None:
    results = kingup.arena(["reader:20", "heuristic", "random"], players=3, deals=2, seed=4)
    assert [s.name for s in results.standings] == ["reader-20", "heuristic", "random"]
    assert all(s.games == 6 for s in results.standings)
    with pytest.raises(InvalidConfigError, match="reader:N"):
        kingup.arena(["reader:0", "random", "random"], players=3)
    with pytest.raises(InvalidConfigError, match="only ismcts and reader"):
        kingup.arena(["heuristic:5", "random", "random"], players=3)
