"""Bad input of every kind: a typed exception with a clear message, the game unchanged."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import kingup
from kingup import Action, IllegalActionError, IllegalReason, Phase

from conftest import play_until


def unchanged(game: kingup.Game, call: Callable[[], Any], error: type[BaseException]) -> BaseException:
    """Runs ``call``, expects ``error``, and checks ``game`` is exactly as before."""
    before, snapshot = game.clone(), game.to_json()
    with pytest.raises(error) as info:
        call()
    assert game == before and game.to_json() == snapshot
    return info.value


def test_every_error_is_a_kingup_error_and_a_value_error() -> None:
    for cls in (
        kingup.IllegalActionError,
        kingup.IllegalChanceError,
        kingup.InvalidConfigError,
        kingup.InvalidStateError,
        kingup.SeatError,
        kingup.UndoError,
    ):
        assert issubclass(cls, kingup.KingupError) and issubclass(cls, ValueError)


@pytest.mark.parametrize(
    ("index", "seat", "reason"),
    [
        (67, None, IllegalReason.NO_SUCH_ACTION),
        (-1, None, IllegalReason.NO_SUCH_ACTION),
        (10**30, None, IllegalReason.NO_SUCH_ACTION),
        (np.int64(1000), None, IllegalReason.NO_SUCH_ACTION),
        (52, None, IllegalReason.WRONG_PHASE),
        (65, None, IllegalReason.WRONG_PHASE),
        (0, 9, IllegalReason.NO_SUCH_SEAT),
        (0, -1, IllegalReason.NO_SUCH_SEAT),
        (0, 4, IllegalReason.NO_SUCH_SEAT),
    ],
)
def test_illegal_actions_in_placement(index: Any, seat: Any, reason: IllegalReason) -> None:
    g = kingup.Game(players=4, seed=1, first_player=0)
    err = unchanged(g, lambda: g.apply(index, seat), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is reason
    assert str(err) and err.message == str(err)
    assert not g.is_legal(index, seat)


def test_not_your_turn_names_the_seat_to_move() -> None:
    g = kingup.Game(players=4, seed=1, first_player=0)
    err = unchanged(g, lambda: g.apply(0, seat=2), IllegalActionError)
    assert isinstance(err, IllegalActionError)
    assert err.reason is IllegalReason.NOT_YOUR_TURN and err.seat == 2 and err.action == 0
    assert str(err) == "seat 2 cannot place Alighiero on Artisans (1): it is seat 0's turn"


def test_placement_reasons(rng: random.Random) -> None:
    g = kingup.Game(players=4, seed=1, first_player=0)
    g.apply(Action.place("A", 1))
    err = unchanged(g, lambda: g.apply(Action.place("A", 2)), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.ALREADY_PLACED
    for c in "BCD":
        g.apply(Action.place(c, 1))
    err = unchanged(g, lambda: g.apply(Action.place("E", 1)), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.FLOOR_FULL


def test_vote_reasons(vote_game: kingup.Game) -> None:
    g = vote_game
    g.apply(Action.VOTE_YES, 1)
    err = unchanged(g, lambda: g.apply(Action.VOTE_NO, 1), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.ALREADY_VOTED
    err = unchanged(g, lambda: g.apply(Action.climb("A"), 0), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.WRONG_PHASE


def test_no_no_card_left(rng: random.Random) -> None:
    g = kingup.Game(players=4, seed=5)
    no_played = 0
    while no_played < 3:  # seat 0 votes No until its three No cards are gone
        play_until(g, rng, Phase.VOTE)
        g.apply(Action.VOTE_NO, 0)
        no_played += 1
        for seat in g.voters:
            g.apply(Action.VOTE_YES, seat)
        if g.round > 0:
            pytest.skip("the round ended early")
    play_until(g, rng, Phase.VOTE)
    if g.round > 0:
        pytest.skip("the round ended early")
    assert g.legal_actions(0) == [Action.VOTE_YES]
    err = unchanged(g, lambda: g.apply(Action.VOTE_NO, 0), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.NO_NO_CARD_LEFT


def test_game_over_and_chance_pending() -> None:
    g = kingup.Game(seed=3)
    g.play_random()
    err = unchanged(g, lambda: g.apply(52), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.GAME_OVER
    assert err.seat is None and str(err) == "nobody can climb Alighiero: the game is over"
    err = unchanged(g, lambda: g.apply(52, seat=1), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.GAME_OVER
    e = kingup.Game(chance="explicit")
    err = unchanged(e, lambda: e.apply(0), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.CHANCE_PENDING


@pytest.mark.parametrize("bad", [1.0, "3", None, [1], True, np.float32(2), object()])
def test_wrong_types_raise_type_error(bad: Any) -> None:
    g = kingup.Game(seed=1)
    if bad is None:
        return  # None means "the seat to move" for seat=, and is not an action
    unchanged(g, lambda: g.apply(bad), TypeError)
    unchanged(g, lambda: g.apply(0, seat=bad), TypeError)
    unchanged(g, lambda: g.legal_actions(bad), TypeError)
    unchanged(g, lambda: g.observation(bad), TypeError)
    unchanged(g, lambda: g.view(bad), TypeError)
    with pytest.raises(TypeError):
        g.is_legal(bad)


def test_apply_none_is_a_type_error() -> None:
    g = kingup.Game(seed=1)
    unchanged(g, lambda: g.apply(None), TypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, 6, -1, 2**70, np.uint8(5)])
def test_queries_with_a_seat_that_does_not_play(seat: Any) -> None:
    g = kingup.Game(players=4, seed=1)
    for query in (g.legal_actions, g.action_mask, g.observation, g.view, g.events, g.undo):
        err = unchanged(g, lambda q=query: q(seat), kingup.SeatError)  # type: ignore[misc]
        assert isinstance(err, kingup.SeatError)
        assert err.reason == "no_such_seat" and err.seat == min(int(seat), 2**63 - 1)
        assert str(err) == f"there is no seat {err.seat} in a 4-player game"
    unchanged(g, lambda: g.sample(seat), kingup.SeatError)
    unchanged(g, lambda: g.public_view().no_cards(seat), kingup.SeatError)


def test_numpy_integers_are_accepted() -> None:
    g = kingup.Game(players=np.int8(4), seed=np.uint64(2**63 + 5), first_player=np.int32(1))
    g.apply(np.int64(g.legal_actions()[0]), seat=np.int16(1))
    g.apply(np.array(g.legal_actions())[0])
    assert g.observation(np.int64(0)).shape == (kingup.OBSERVATION_LEN,)
    assert g.legal_actions(np.uint8(3)) == g.legal_actions(3)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"players": 2}, kingup.InvalidConfigError, "3 to 6 players, not 2"),
        ({"players": 7}, kingup.InvalidConfigError, "not 7"),
        ({"players": 1000}, kingup.InvalidConfigError, "not 1000"),
        ({"players": -3}, kingup.InvalidConfigError, "not -3"),
        ({"players": "4"}, TypeError, "players must be an int"),
        ({"players": 4.0}, TypeError, "players must be an int"),
        ({"rounds": 2}, kingup.InvalidConfigError, "3 rounds"),
        ({"setup": "chaos"}, kingup.InvalidConfigError, "setup must be"),
        ({"setup": 1}, TypeError, "setup must be a str"),
        ({"chance": "maybe"}, kingup.InvalidConfigError, "chance must be"),
        ({"first_player": 4}, kingup.InvalidConfigError, "seat 4 does not play"),
        ({"first_player": 6}, kingup.InvalidConfigError, "not a seat"),
        ({"first_player": "0"}, TypeError, "first_player must be an int"),
        ({"seed": -1}, ValueError, "seed must be in 0..2**64"),
        ({"seed": 2**64}, ValueError, "seed must be in 0..2**64"),
        ({"seed": 1.5}, TypeError, "seed must be an int"),
        ({"deck": "ABCDEF"}, TypeError, "not a str"),
        ({"deck": ["ABCDEF"] * 11}, kingup.InvalidConfigError, "the deck has 11 cards"),
        ({"deck": []}, kingup.InvalidConfigError, "1 to 32 cards"),
        ({"deck": ["ABCDEF"] * 33}, kingup.InvalidConfigError, "1 to 32 cards"),
        ({"deck": ["ABCDE"] * 12}, kingup.InvalidConfigError, "deck card 0: an objective names exactly 6"),
        ({"deck": ["ABCDEH"] * 12}, kingup.InvalidConfigError, "'H' is not a character"),
        ({"deck": ["ABCDEE"] * 12}, kingup.InvalidConfigError, "named twice"),
        ({"deck": [[0, 1, 2, 3, 4, 13]] * 12}, kingup.InvalidConfigError, "out of range 0..13"),
        ({"deck": [[0, 1, 2, 3, 4, "Gavino"]] * 12}, kingup.InvalidConfigError, "Gavino"),
        ({"deck": [[0, 1, 2, 3, 4, 5.0]] * 12}, TypeError, "must be an int"),
        ({"deck": [7] * 12}, TypeError, "not iterable"),
        ({"deck": 5}, TypeError, "not iterable"),
    ],
)
def test_bad_configs(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=None) as info:
        kingup.Game(**kwargs)
    assert message in str(info.value), str(info.value)


def test_illegal_chance_outcomes() -> None:
    g = kingup.Game(players=3, chance="explicit", first_player=0)
    for outcome, reason in [
        (42, kingup.ChanceReason.NO_SUCH_OUTCOME),
        (-5, kingup.ChanceReason.NO_SUCH_OUTCOME),
        (0, kingup.ChanceReason.WRONG_STEP),
        (6, kingup.ChanceReason.WRONG_STEP),
        (36, kingup.ChanceReason.CARD_UNAVAILABLE),
    ]:
        err = unchanged(g, lambda o=outcome: g.apply_chance(o), kingup.IllegalChanceError)  # type: ignore[misc]
        assert isinstance(err, kingup.IllegalChanceError) and err.reason is reason, err
    g.apply_chance(10)
    err = unchanged(g, lambda: g.apply_chance(10), kingup.IllegalChanceError)
    assert isinstance(err, kingup.IllegalChanceError)
    assert err.reason is kingup.ChanceReason.CARD_UNAVAILABLE and "card #0 is not available" in str(err)
    unchanged(g, lambda: g.apply_chance("10"), TypeError)
    auto = kingup.Game(seed=1)
    err = unchanged(auto, lambda: auto.apply_chance(10), kingup.IllegalChanceError)
    assert isinstance(err, kingup.IllegalChanceError) and err.reason is kingup.ChanceReason.NOT_CHANCE


def test_play_random_with_explicit_chance_draws_from_the_games_seed() -> None:
    a, b = kingup.Game(chance="explicit", seed=8), kingup.Game(chance="explicit", seed=8)
    assert a.play_random() == b.play_random() and a.is_over
    assert a.to_json() == b.to_json()
    unchanged(a, lambda: a.play_random(seed=-1), ValueError)


def _corrupt(doc: dict[str, Any], path: list[Any], value: Any) -> str:
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(doc)


def _save() -> tuple[kingup.Game, dict[str, Any]]:
    """A 4-player game a few steps into round 1, and its save document."""
    g = kingup.Game(players=4, seed=6, first_player=0)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return g, json.loads(g.to_json())


@pytest.mark.parametrize(
    ("path", "value", "reason", "message"),
    [
        (["format"], "chess", "malformed", 'format is "chess"'),
        (["format"], 7, "malformed", "not a kingup save document"),
        (["version"], 2, "version", "version 2 is not supported"),
        (["generator"], "0" * 64, "generator", "all zero"),
        (["generator"], "xyz", "generator", "64 hexadecimal digits"),
        (["chance"], "sometimes", "malformed", "unknown variant"),
        (["config", "players"], 9, "invalid_config", "3 to 6 players"),
        (["steps", 1], "chance: deal 99", "malformed", "not a chance outcome"),
        (["steps", 1], "2: B4", "chance_pending", "a chance step is pending"),
        (["steps", 4], "3: B4", "not_your_turn", "step 4"),
        (["steps", 1], "chance: first 0", "wrong_step", "step 1 was refused"),
        (["steps", 1], "DEALT_AT_STEP_0", "card_unavailable", "step 1 was refused"),
        (["steps"], [], "chance_pending", "pending chance step"),
        (["state"], {}, "malformed", "unknown field"),
    ],
)
def test_edited_saves_are_refused_with_the_cores_reason(
    path: list[Any], value: Any, reason: str, message: str
) -> None:
    g, doc = _save()
    before = g.to_json()
    if value == "DEALT_AT_STEP_0":  # the same card dealt twice
        value = doc["steps"][0]
    with pytest.raises(kingup.InvalidStateError) as info:
        kingup.Game.from_json(_corrupt(doc, path, value))
    assert info.value.reason == reason, info.value
    assert message in str(info.value), str(info.value)
    assert g.to_json() == before


def test_a_save_too_long_is_refused_before_parsing() -> None:
    text = " " * (1 << 20) + "{}"
    with pytest.raises(kingup.InvalidStateError) as info:
        kingup.Game.from_json(text)
    assert info.value.reason == "too_long"


@pytest.mark.parametrize("text", ["", "{", "null", "[]", '{"format": 1}', "\x00", "1e999"])
def test_malformed_json_is_rejected(text: str) -> None:
    with pytest.raises(kingup.InvalidStateError) as info:
        kingup.Game.from_json(text)
    assert info.value.reason == "malformed"
    with pytest.raises(kingup.InvalidStateError) as view_info:
        kingup.PlayerView.from_json(text)
    assert view_info.value.reason is None
    with pytest.raises(kingup.InvalidStateError):
        kingup.PublicView.from_json(text)


def test_from_json_wrong_type() -> None:
    with pytest.raises(TypeError):
        kingup.Game.from_json(b"{}")  # type: ignore[arg-type]


def test_auto_game_paused_at_chance_is_rejected() -> None:
    g = kingup.Game(players=3, chance="explicit", first_player=0, seed=1)
    doc = json.loads(g.to_json())
    assert doc["chance"] == "explicit" and doc["steps"] == []
    doc["chance"] = "auto"
    with pytest.raises(kingup.InvalidStateError, match="pending chance step") as info:
        kingup.Game.from_json(json.dumps(doc))
    assert info.value.reason == "chance_pending"


def test_exceptions_pickle() -> None:
    import pickle

    g = kingup.Game(seed=1)
    with pytest.raises(IllegalActionError) as info:
        g.apply(99)
    copy = pickle.loads(pickle.dumps(info.value))
    assert isinstance(copy, IllegalActionError)
    assert (copy.reason, copy.action, str(copy)) == (info.value.reason, 99, str(info.value))
    errors: list[kingup.KingupError] = [
        kingup.UndoError("the last step is not seat 1's action", 1, "not_your_step"),
        kingup.InvalidStateError("step 3 was refused", "card_unavailable"),
        kingup.InvalidConfigError("iterations must be 1 to 1000000, not 0", "iterations"),
        kingup.SeatError("there is no seat 7 in a 4-player game", 7),
    ]
    for err in errors:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)
        assert back.reason == err.reason  # type: ignore[attr-defined]


def test_simulate_bad_arguments() -> None:
    with pytest.raises(TypeError):
        kingup.simulate(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        kingup.simulate(-1)
    with pytest.raises(kingup.InvalidConfigError):
        kingup.simulate(10, players=8)
    with pytest.raises(kingup.InvalidConfigError):
        kingup.simulate(10, threads=0)
    with pytest.raises(ValueError):
        kingup.simulate(10, seed=-2)


def test_other_query_arguments() -> None:
    g = kingup.Game(seed=1)
    with pytest.raises(ValueError, match="since must be >= 0"):
        g.events(0, since=-1)
    with pytest.raises(TypeError, match="since must be an int"):
        g.events(0, since="1")  # type: ignore[arg-type]
    view = g.public_view()
    assert view.revealed_objective(0, 0) is None and view.revealed_objective(10**6, 0) is None
    with pytest.raises(ValueError):
        view.revealed_objective(-1, 0)
    for bad in ("Z", 13, -1):
        with pytest.raises(kingup.InvalidConfigError):
            view.floor_of(bad)
        with pytest.raises(kingup.InvalidConfigError):
            view.movers(bad)
    with pytest.raises(TypeError):
        view.no_votes(1.0)  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError, match="games must be 0 to 100,000,000"):
        kingup.simulate(10**12)
    with pytest.raises(TypeError):
        kingup.Action("3")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        kingup.Action(67)
    with pytest.raises(ValueError):
        kingup.Action.place("A", 5)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["public", "config", "players"], 9, "impossible view"),
        (["public", "config", "players"], 0, "impossible view"),
        (["public", "config", "rounds"], 1, "round index 2 is out of range for a 1-round game"),
        (["public", "round"], 3, "round index 3 is out of range for a 3-round game"),
        (["seat"], 5, "seat 5 has cards, votes, points or an objective it cannot have"),
        (["seat"], 6, "invalid player view"),
        (["public", "castle", "floors", 0], "ABCDE", "invalid player view"),
    ],
)
def test_impossible_views_are_rejected(path: list[str], value: object, message: str) -> None:
    g = kingup.Game(players=4, seed=2)
    g.play_random()  # in the last round, so that round 3 is out of range
    doc = json.loads(g.view(1).to_json())
    with pytest.raises(kingup.InvalidStateError, match=message):
        kingup.PlayerView.from_json(_corrupt(doc, path, value))
    if path[0] == "public":
        public = json.loads(g.public_view().to_json())
        with pytest.raises(kingup.InvalidStateError, match=message.replace("player view", "public view")):
            kingup.PublicView.from_json(_corrupt(public, path[1:], value))
