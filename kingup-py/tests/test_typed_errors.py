"""Inputs that used to escape as Python's own errors (OverflowError, KeyError, a bool
taken for a number, an impossible event read whole) now raise the documented ones."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import kingup
from kingup import court
from kingup.bots import IsmctsBot, ReaderBot


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 10**20}, "games must be 0 to 100,000,000, not 100000000000000000000"),
        ({"games": -1}, "games must be 0 to 100,000,000, not -1"),
        ({"games": 10, "threads": 10**30}, "threads must be 1 to 64, not 1000000000000000000000000000000"),
        ({"games": 10, "threads": 0}, "threads must be 1 to 64, not 0"),
        ({"games": 10, "threads": -(10**30)}, "threads must be 1 to 64, not -1000000000000000000000000000000"),
    ],
)
def test_simulate_counts_out_of_range(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(kingup.InvalidConfigError) as info:
        kingup.simulate(**kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "kwargs",
    [{"games": True}, {"games": 1.0}, {"games": "3"}, {"games": 3, "threads": True},
     {"games": 3, "threads": 2.0}],
)
def test_simulate_counts_of_the_wrong_type(kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        kingup.simulate(**kwargs)


def test_simulate_takes_numpy_ints() -> None:
    sim = kingup.simulate(np.int64(3), threads=np.uint8(1), seed=np.uint64(5))
    assert sim.lengths.shape == (3,)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"num_envs": 10**30}, kingup.InvalidConfigError),
        ({"num_envs": 2, "threads": 10**30}, kingup.InvalidConfigError),
        ({"num_envs": True}, TypeError),
        ({"num_envs": 2, "threads": True}, TypeError),
    ],
)
def test_vector_env_counts(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        kingup.VectorEnv(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "error", "reason"),
    [
        ({"exploration": True}, TypeError, None),
        ({"exploration": False}, TypeError, None),
        ({"time_limit": True}, TypeError, None),
        ({"exploration": "0.5"}, TypeError, None),
        ({"time_limit": [1]}, TypeError, None),
        ({"iterations": True}, TypeError, None),
        ({"exploration": 10**400}, kingup.InvalidConfigError, "exploration"),
        ({"exploration": float("nan")}, kingup.InvalidConfigError, "exploration"),
        ({"exploration": -1}, kingup.InvalidConfigError, "exploration"),
        ({"time_limit": 10**400}, kingup.InvalidConfigError, "time_limit"),
        ({"time_limit": -(10**400)}, kingup.InvalidConfigError, "time_limit"),
        ({"time_limit": 0}, kingup.InvalidConfigError, "time_limit"),
    ],
)
def test_bot_numbers_are_numbers(kwargs: dict[str, Any], error: type[Exception], reason: str | None) -> None:
    for make in (IsmctsBot, ReaderBot):
        with pytest.raises(error) as info:
            make(**kwargs)
        if reason is not None:
            assert getattr(info.value, "reason") == reason


def test_bot_numbers_accept_ints_and_numpy_floats() -> None:
    bot = IsmctsBot(exploration=1, time_limit=np.float32(0.5), iterations=np.int16(10))
    assert (bot.exploration, bot.time_limit, bot.iterations) == (1.0, 0.5, 10)


def test_pettingzoo_unknown_agents_raise_seat_error() -> None:
    pytest.importorskip("pettingzoo")
    from kingup.pettingzoo import raw_env

    env = raw_env(players=4)
    env.reset(seed=0)
    for agent, seat in [("player_9", 9), ("player_4", 4), ("bob", None), ("player_", None),
                        ("x" * 10**6, None), (3, None)]:
        for call in (env.observe, env.observation_space, env.action_space):
            with pytest.raises(kingup.SeatError) as info:
                call(agent)  # type: ignore[arg-type]
            assert info.value.seat == seat and info.value.reason == "no_such_seat"
            assert "is not an agent of this environment (player_0 to player_3)" in str(info.value)
            assert len(str(info.value)) < 200
    # SeatError is a ValueError, as PettingZoo's classic envs raise for unknown agents.
    assert issubclass(kingup.SeatError, ValueError)
    assert env.observe("player_3")["observation"].shape == (kingup.OBSERVATION_LEN,)


def test_pettingzoo_bool_seed_and_bot_helper_agents() -> None:
    pytest.importorskip("pettingzoo")
    from kingup.bots import RandomBot, pettingzoo_action
    from kingup.pettingzoo import env, raw_env

    e = raw_env(players=3)
    with pytest.raises(TypeError, match="not bool"):
        e.reset(seed=True)
    e.reset(seed=1)
    wrapped = env(players=3)
    wrapped.reset(seed=1)
    for target in (e, wrapped):
        with pytest.raises(kingup.SeatError) as info:
            pettingzoo_action(RandomBot(0), target, "y" * 10**6)
        assert len(str(info.value)) < 200
    with pytest.raises(TypeError, match="not a kingup.pettingzoo environment"):
        pettingzoo_action(RandomBot(0), object())


def test_pettingzoo_bad_settings_are_invalid_config() -> None:
    pytest.importorskip("pettingzoo")
    from kingup.pettingzoo import raw_env

    with pytest.raises(kingup.InvalidConfigError, match="reward must be"):
        raw_env(reward="money")
    with pytest.raises(kingup.InvalidConfigError, match="render_mode must be"):
        raw_env(render_mode="x" * 10**6)


def real_events() -> list[kingup.Event]:
    game = kingup.Game(players=5, seed=17)
    game.play_random()
    return game.events(None) + game.events(2)


def spoiled(kind: str, field: str, value: Any) -> str:
    for event in real_events():
        doc = event.to_dict()
        if doc["type"] == kind:
            doc[field] = value
            return json.dumps(doc)
    raise AssertionError(f"no {kind} event")


@pytest.mark.parametrize(
    ("kind", "field", "value", "message"),
    [
        ("round_started", "round", 255, "round index 255 is out of range 0..3"),
        ("round_started", "round", 3, "round index 3"),
        ("round_scored", "round", 7, "round index 7"),
        ("placed", "floor", 6, "a placed event cannot name floor 6"),
        ("placed", "floor", 0, "a placed event cannot name floor 0"),
        ("climbed", "to", 0, "a climbed event cannot name floor 0"),
        ("round_scored", "points", [34, 0, 0, 0, 0, 0], "scores 34 points in a round"),
        ("round_scored", "objectives", [1, 1, 2, 3, 4, None], "objectives and points"),
        ("round_scored", "objectives", [1, 2, None, None, None, None], "objectives and points"),
        ("game_over", "winners", [], "the winners are not the seats with the best total"),
        ("game_over", "totals", [100, 0, 0, 0, 0, 0], "100 points in total"),
        ("leftovers_placed", "characters", "", "0 characters cannot be left over"),
    ],
)
def test_impossible_events_are_refused(kind: str, field: str, value: Any, message: str) -> None:
    with pytest.raises(kingup.InvalidStateError, match=message) as info:
        kingup.Event.from_json(spoiled(kind, field, value))
    assert str(info.value).startswith("impossible event: ") and info.value.reason is None


def test_every_real_event_reads_back() -> None:
    for event in real_events():
        assert kingup.Event.from_json(event.to_json()) == event
        assert str(kingup.Event.from_json(event.to_json())) == str(event)


def test_seat_five_is_a_seat() -> None:
    # An event alone does not say how many play: seat 5 is in range for some game.
    first = json.dumps({"type": "first_player_chosen", "seat": 5})
    assert str(kingup.Event.from_json(first)) == "seat 5 goes first"
    with pytest.raises(kingup.InvalidStateError, match="a seat number 0-5"):
        kingup.Event.from_json(json.dumps({"type": "first_player_chosen", "seat": 6}))


# Every constructor of both games with flags and counts: a flag is exactly True or False
# (None would read as off and mean on), a count is an int (not a bool, float or str).
_COURT_MAKERS = {
    "Game": lambda **kw: court.Game(**kw),
    "VectorEnv": lambda **kw: court.VectorEnv(2, **kw),
    "simulate": lambda **kw: court.simulate(2, **kw),
    "arena": lambda **kw: court.arena(["greedy", "random"], deals=1, **kw),
}


@pytest.mark.parametrize("maker", sorted(_COURT_MAKERS))
@pytest.mark.parametrize("flag", ["unlimited_jesters", "preroll_abilities"])
@pytest.mark.parametrize("value", [None, 0, 1, 1.0, "True", np.bool_(True)])
def test_court_flags_are_real_bools(maker: str, flag: str, value: Any) -> None:
    with pytest.raises(TypeError, match=f"{flag} must be a bool, not "):
        _COURT_MAKERS[maker](**{flag: value})


@pytest.mark.parametrize("maker", sorted(_COURT_MAKERS))
def test_court_flags_take_true_and_false(maker: str) -> None:
    for value in (True, False):
        _COURT_MAKERS[maker](unlimited_jesters=value, preroll_abilities=not value)
    game = court.Game(unlimited_jesters=True, preroll_abilities=False)
    assert (game.unlimited_jesters, game.preroll_abilities) == (True, False)
    assert (court.Game().unlimited_jesters, court.Game().preroll_abilities) == (False, True)


@pytest.mark.parametrize(
    "make",
    [
        lambda **kw: kingup.Game(**kw),
        lambda **kw: kingup.VectorEnv(2, **kw),
        lambda **kw: court.Game(**kw),
        lambda **kw: court.VectorEnv(2, **kw),
    ],
)
@pytest.mark.parametrize("name", ["players", "seed", "first_player"])
@pytest.mark.parametrize("value", [True, 3.0, "3", np.float64(3.0)])
def test_constructor_counts_are_ints(make: Any, name: str, value: Any) -> None:
    with pytest.raises(TypeError):
        make(**{name: value})


@pytest.mark.parametrize("value", [True, 3.0, "3", np.float64(3.0)])
def test_round_counts_are_ints(value: Any) -> None:
    with pytest.raises(TypeError):
        kingup.Game(rounds=value)
    with pytest.raises(TypeError):
        court.Game(max_rounds=value)


@pytest.mark.parametrize("spec", ["ismcts:200x", "ismcts: 5", "ismcts:+5", "ismcts:05", "ISMCTS", "Random", " random"])
def test_bot_specs_are_read_in_their_one_spelling(spec: str) -> None:
    from kingup.errors import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="lower case, no spaces|decimal digits"):
        kingup.arena([spec, "random", "random"], deals=1)
    with pytest.raises(InvalidConfigError, match="lower case, no spaces|decimal digits"):
        kingup.VectorEnv(2, players=3, seat=0, opponents=spec)


@pytest.mark.parametrize("name", ["Greedy", "MCTS", "random "])
def test_court_bot_names_are_read_in_their_one_spelling(name: str) -> None:
    from kingup.errors import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="lower case, no spaces"):
        court.arena([name, "random"], deals=1)
    with pytest.raises(InvalidConfigError, match="lower case, no spaces"):
        court.VectorEnv(2, players=2, seat=0, opponents=name)
