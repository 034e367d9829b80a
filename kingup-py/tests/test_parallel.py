"""Arenas and simulations of both games in parts: here, on an executor's processes and as
Ray tasks on a local Ray instance, joined into the same results as one local run, bit for
bit; parts that are not one arena's are refused."""

from __future__ import annotations

import itertools
import json
import pickle
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import kingup
from kingup import court
from kingup._parallel import split

KINGUP = ["heuristic", "random", "ismcts:30", "reader:30"]
# Court's search bot plays slowly in long games: the arenas here keep to the fast bots.
COURT = ["greedy", "random", "greedy"]


def first_legal(view: Any) -> int:
    """A policy whose choice depends on the view only (it pickles by reference)."""
    return int(view.legal_actions()[0])


def same_rows(a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...]) -> bool:
    return len(a) == len(b) and all(
        x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a, b)
    )


def test_split_cuts_a_range_into_even_contiguous_pieces() -> None:
    assert split(10, 3) == [range(0, 4), range(4, 7), range(7, 10)]
    assert split(2, 5) == [range(0, 1), range(1, 2)]
    assert split(0, 3) == []
    for total, parts in itertools.product(range(0, 30), range(1, 9)):
        pieces = split(total, parts)
        assert [i for p in pieces for i in p] == list(range(total))
        assert len({len(p) for p in pieces}) <= 2


@pytest.mark.parametrize("parts", [1, 2, 5, 12, 40])
def test_an_arena_in_parts_here_is_the_whole_arena(parts: int) -> None:
    whole = kingup.arena(KINGUP, players=3, deals=12, seed=5)
    assert kingup.arena(KINGUP, players=3, deals=12, seed=5, parts=parts) == whole
    courts = court.arena(COURT, deals=6, seed=3)
    assert court.arena(COURT, deals=6, seed=3, parts=parts, backend="local") == courts


def test_parts_joined_by_hand_in_any_order_are_the_whole_arena() -> None:
    whole = kingup.arena(KINGUP, players=3, deals=9, seed=8)
    cuts = [(0, 2), (2, 2), (2, 7), (7, 9)]
    parts = [
        kingup.ArenaPart.from_json(
            kingup._kingup.arena_part(KINGUP, start=a, stop=b, players=3, deals=9, seed=8).to_json()
        )
        for a, b in cuts
    ]
    assert [(p.start, p.stop, p.deals) for p in parts] == [(a, b, 9) for a, b in cuts]
    assert kingup.ArenaResults.join(reversed(parts)) == whole
    assert kingup.ArenaResults.join(iter(parts)) == whole
    assert pickle.loads(pickle.dumps(parts[2])) == parts[2]
    assert repr(parts[2]) == "<kingup.ArenaPart: deals 2..7 of 9>"


def part(start: int, stop: int, **changes: Any) -> kingup.ArenaPart:
    options: dict[str, Any] = {"players": 3, "deals": 6, "seed": 1, **changes}
    return kingup._kingup.arena_part(["heuristic", "random", "random"], start=start, stop=stop, **options)


def test_parts_of_other_arenas_missing_or_twice_are_refused() -> None:
    a, b = part(0, 3), part(3, 6)
    cases: list[tuple[list[Any], str]] = [
        ([], "no parts to join"),
        ([a], "deal 3 is in no part or in more than one"),
        ([a, a, b], "more parts or games than an arena of 6 deals has"),
        ([a, part(2, 5)], "deal 2 is in no part or in more than one"),
        ([a, part(2, 6)], "more parts or games than an arena of 6 deals has"),
        ([a, part(3, 6, seed=2)], "different arenas"),
        ([a, part(3, 6, deals=7)], "different arenas"),
        ([kingup._kingup.court_arena_part(COURT, start=3, stop=6, deals=6, players=3), a], "different games"),
    ]
    for parts, message in cases:
        with pytest.raises(kingup.InvalidStateError, match=message):
            kingup.ArenaResults.join(parts)
    with pytest.raises(TypeError, match="parts must be ArenaPart objects, not str"):
        kingup.ArenaResults.join([a, "b"])
    with pytest.raises(TypeError, match="iterable of ArenaPart, not int"):
        kingup.ArenaResults.join(3)  # type: ignore[arg-type]
    endless = itertools.repeat(part(0, 0))
    with pytest.raises(kingup.InvalidStateError, match="more parts"):
        kingup.ArenaResults.join(endless)


def test_edited_parts_are_refused_when_read_or_joined() -> None:
    a, b = part(0, 3), part(3, 6)
    doc = json.loads(b.to_json())
    reseated = json.loads(b.to_json())
    reseated["games"][0]["entrants"] = reseated["games"][0]["entrants"][::-1]
    rewon = json.loads(b.to_json())
    rewon["games"][1]["wins"] = [1.0, 1.0, 0.0]
    for edited, message in [(reseated, "deal 3's games are not the arena's"), (rewon, "deal 3's games")]:
        with pytest.raises(kingup.InvalidStateError, match=message):
            kingup.ArenaResults.join([a, kingup.ArenaPart.from_json(json.dumps(edited))])
    for broken in [
        {**doc, "game": "chess"},
        {**doc, "games": [{"entrants": [0, 1], "scores": [1, 2], "wins": [1.0, 0.0]}]},
        {**doc, "extra": 1},
    ]:
        with pytest.raises(kingup.InvalidStateError):
            kingup.ArenaPart.from_json(json.dumps(broken))
    with pytest.raises(kingup.InvalidStateError):
        kingup.ArenaPart.from_json("{")


def test_bad_backends_and_parts_are_refused_before_anything_is_played() -> None:
    for backend in ["dask", 3, object()]:
        with pytest.raises(TypeError, match="backend must be None, 'local', 'ray' or a"):
            kingup.arena(KINGUP, players=3, deals=2, backend=backend)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="backend must be"):
            court.simulate(10, backend=backend)  # type: ignore[arg-type]
    for parts, error in [(0, ValueError), (-1, ValueError), (2.0, TypeError), (True, TypeError)]:
        with pytest.raises(error, match="parts must be"):
            kingup.arena(KINGUP, players=3, deals=2, parts=parts)  # type: ignore[arg-type]
        with pytest.raises(error, match="parts must be"):
            kingup.simulate(10, parts=parts)  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError, match='unknown bot "nope"'):
        kingup.arena(["nope", "random", "random"], players=3, parts=2)
    with pytest.raises(TypeError, match="entrants must be an iterable, not int"):
        kingup.arena(3, parts=2)  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError, match="at most 16 entrants"):
        kingup.arena(itertools.repeat("random"), parts=2)
    with pytest.raises(kingup.InvalidConfigError):
        kingup.simulate(10, players=9, parts=2)


def test_a_simulation_in_parts_has_the_same_rows() -> None:
    def deck() -> Iterator[str]:
        yield from ["BDEMNP", "ABCDEF", "GILMNO", "ACEGIL", "BDFLNP", "CDFGMP"]

    local = kingup.simulate(50, players=3, rounds=1, seed=2**64 - 20, deck=list(deck()))
    assert same_rows(kingup.simulate(50, players=3, rounds=1, seed=2**64 - 20, deck=deck(), parts=4), local)
    assert same_rows(court.simulate(40, players=3, seed=7, parts=3), court.simulate(40, players=3, seed=7))
    assert same_rows(kingup.simulate(0, parts=3), kingup.simulate(0))


def test_an_executor_runs_the_parts_in_other_processes() -> None:
    with ProcessPoolExecutor(2) as pool:
        players = ["heuristic", "random", ("first", first_legal)]
        assert kingup.arena(players, players=3, deals=6, seed=4, backend=pool) == kingup.arena(
            players, players=3, deals=6, seed=4
        )
        assert same_rows(kingup.simulate(30, seed=3, backend=pool), kingup.simulate(30, seed=3))


def test_ray_runs_arenas_and_simulations_of_both_games_bit_for_bit(ray_local: Any) -> None:
    # Ray's workers cannot import this test module: its policy goes by value.
    ray_local.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    whole = kingup.arena(KINGUP, players=3, deals=12, seed=5)
    assert kingup.arena(KINGUP, players=3, deals=12, seed=5, backend="ray") == whole
    assert kingup.arena(KINGUP, players=3, deals=12, seed=5, backend="ray", parts=5) == whole
    results = kingup.arena(KINGUP, players=3, deals=12, seed=5, backend="ray", parts=3, threads=2)
    assert results.to_json() == whole.to_json()
    courts = court.arena(COURT, deals=6, seed=3, max_rounds=30)
    assert court.arena(COURT, deals=6, seed=3, max_rounds=30, backend="ray", parts=4) == courts
    searchers = ["mcts", "greedy"]
    assert court.arena(searchers, deals=2, max_rounds=2, backend="ray") == court.arena(
        searchers, deals=2, max_rounds=2
    )
    policy = ["heuristic", "random", ("first", first_legal)]
    assert kingup.arena(policy, players=3, deals=4, backend="ray") == kingup.arena(policy, players=3, deals=4)
    sim = kingup.simulate(500, players=5, seed=11, backend="ray")
    assert same_rows(sim, kingup.simulate(500, players=5, seed=11))
    csim = court.simulate(200, players=2, seed=11, backend="ray", parts=3)
    assert same_rows(csim, court.simulate(200, players=2, seed=11))


def test_ray_errors_are_the_entrants_own(ray_local: Any) -> None:
    def fails(view: Any) -> int:
        raise ValueError("no idea")

    with pytest.raises(kingup.EntrantError, match='^entrant "fails" raised ValueError: no idea$') as caught:
        kingup.arena(["random", "random", ("fails", fails)], players=3, deals=2, backend="ray")
    assert caught.value.entrant == "fails"


def test_the_ray_benchmark_runs_and_checks_its_results() -> None:
    """bench_ray.py (docs/performance.md), shortened: it starts its own Ray instances, so
    it runs in a process of its own, and it asserts that Ray's results equal the local
    ones."""
    pytest.importorskip("ray")
    import subprocess

    script = Path(__file__).resolve().parents[1] / "bench" / "bench_ray.py"
    args = ["--deals", "2", "--games", "2000", "--rounds", "1"]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line.split()[:2] for line in done.stdout.splitlines()[1:]]
    assert rows == [["arena", "here,"], ["arena", "ray,"], ["arena", "ray,"], ["simulate", "here,"], ["simulate", "ray,"], ["simulate", "ray,"]]
