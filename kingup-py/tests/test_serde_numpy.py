"""Pickle and JSON round trips; NumPy shapes and dtypes; the simulator's arrays."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

import kingup
from kingup import Phase

from conftest import play_until


@pytest.mark.parametrize("stop", [Phase.PLACEMENT, Phase.CLIMB, Phase.VOTE, None])
def test_pickle_and_json_round_trip_at_every_phase(stop: Phase | None, rng: random.Random) -> None:
    g = play_until(kingup.Game(players=5, seed=31), rng, stop)
    for copy in (pickle.loads(pickle.dumps(g)), kingup.Game.from_json(g.to_json())):
        assert copy == g
        assert copy.history() == g.history()
        assert copy.events(2) == g.events(2)
        assert copy.view(1) == g.view(1)
        if not g.is_over:  # the random stream is saved: both play out the same
            a, b = copy.clone(), g.clone()
            a.play_random()
            b.play_random()
            assert a == b


def test_explicit_chance_round_trip() -> None:
    g = kingup.Game(players=3, chance="explicit")
    g.apply_chance(1)
    doc = json.loads(g.to_json())
    assert (doc["format"], doc["version"], doc["chance"]) == ("kingup-save", 1, "explicit")
    assert doc["steps"] == ["chance: first 1"] and len(doc["generator"]) == 64
    back = kingup.Game.from_json(g.to_json())
    assert back == g and back.chance == "explicit" and back.is_chance


def test_sampled_games_round_trip() -> None:
    g = kingup.Game(seed=2)
    world = g.sample(0, seed=3)
    assert kingup.Game.from_json(world.to_json()) == world


def test_views_and_events_round_trip(vote_game: kingup.Game) -> None:
    g = vote_game
    view, public = g.view(1), g.public_view()
    assert kingup.PlayerView.from_json(view.to_json()) == view
    assert kingup.PublicView.from_json(public.to_json()) == public
    assert json.loads(view.to_json()) == view.to_dict()
    assert hash(view) == hash(kingup.PlayerView.from_json(view.to_json()))
    for event in g.events(0):
        assert json.loads(event.to_json()) == event.to_dict()
        assert event.to_dict()["type"] == event.kind
    assert len({e for e in g.events(None)}) <= len(g.events(None))
    for value in (view, public, *g.events(1)):
        assert pickle.loads(pickle.dumps(value)) == value
    assert kingup.Event.from_json(g.events(1)[-1].to_json()) == g.events(1)[-1]
    with pytest.raises(kingup.InvalidStateError):
        kingup.Event.from_json('{"type": "crowned", "character": "H"}')


def test_observation_and_mask_shapes_and_dtypes(vote_game: kingup.Game) -> None:
    g = vote_game
    for seat in range(4):
        obs = g.observation(seat)
        assert obs.dtype == np.float32 and obs.shape == (kingup.OBSERVATION_LEN,) == (401,)
        assert obs.flags["C_CONTIGUOUS"] and obs.flags["WRITEABLE"]
        assert np.array_equal(obs, g.view(seat).observation())
        assert ((obs == 0) | (obs == 1) | (np.arange(401) >= 395)).all()
        mask = g.action_mask(seat)
        assert mask.dtype == np.int8 and mask.shape == (67,)
        assert np.array_equal(mask, g.view(seat).action_mask())
        assert list(np.flatnonzero(mask)) == g.legal_actions(seat)
    assert sum(length for _, length in kingup.OBSERVATION_FIELDS) == kingup.OBSERVATION_LEN
    players = g.observation(0)[kingup.observation_field("players")]
    assert list(players) == [0, 1, 0, 0]
    with pytest.raises(KeyError):
        kingup.observation_field("secrets")


def test_observations_are_copies() -> None:
    g = kingup.Game(seed=1)
    obs = g.observation(0)
    obs[:] = 7
    assert g.observation(0).max() == 1


def test_observation_hides_other_seats_objectives() -> None:
    g = kingup.Game(players=4, seed=13)
    objective = kingup.observation_field("objective")
    mine = g.observation(0)[objective]
    assert mine.sum() == 6
    view = g.view(0).objective
    assert view is not None and [int(c) for c in view] == list(np.flatnonzero(mine))


def test_simulate_arrays() -> None:
    sim = kingup.simulate(500, players=5, seed=9)
    assert sim.scores.shape == (500, 5) and sim.scores.dtype == np.uint16
    assert sim.winners.shape == (500, 5) and sim.winners.dtype == np.bool_
    assert sim.lengths.shape == (500,) and sim.lengths.dtype == np.uint32
    assert sim.round_scores.shape == (500, 3, 5) and sim.round_scores.dtype == np.uint8
    assert sim.first_player.shape == (500,) and set(sim.first_player) <= set(range(5))
    assert np.array_equal(sim.round_scores.sum(axis=1), sim.scores)
    assert sim.winners.any(axis=1).all()
    best = sim.scores.max(axis=1, keepdims=True)
    assert (sim.scores[sim.winners] == np.broadcast_to(best, sim.scores.shape)[sim.winners]).all()
    assert (sim.scores <= 99).all() and (sim.lengths > 0).all()


def test_simulate_is_reproducible_and_thread_independent() -> None:
    a = kingup.simulate(300, seed=4)
    b = kingup.simulate(300, seed=4, threads=3)
    for x, y in zip(a, b):
        assert np.array_equal(x, y)
    c = kingup.simulate(300, seed=5)
    assert not np.array_equal(a.scores, c.scores)
    assert kingup.simulate(0).scores.shape == (0, 4)


def test_simulate_variants() -> None:
    quick = kingup.simulate(200, players=6, rounds=1, setup="random", first_player=2)
    assert quick.round_scores.shape == (200, 1, 6)
    assert (quick.first_player == 2).all()
    assert (quick.scores <= 33).all()


def test_observation_and_mask_into_a_callers_array(vote_game: kingup.Game) -> None:
    g = vote_game
    obs = np.full(kingup.OBSERVATION_LEN, 7.0, dtype=np.float32)
    mask = np.full(kingup.NUM_ACTIONS, 7, dtype=np.int8)
    assert g.observation(2, out=obs) is obs and g.action_mask(2, out=mask) is mask
    np.testing.assert_array_equal(obs, g.observation(2))
    np.testing.assert_array_equal(mask, g.action_mask(2))
    view = g.view(1)
    assert view.observation(out=obs) is obs and view.action_mask(out=mask) is mask
    np.testing.assert_array_equal(obs, view.observation())
    np.testing.assert_array_equal(mask, view.action_mask())
    before = obs.copy()
    for bad, error in [
        (np.zeros(kingup.OBSERVATION_LEN, dtype=np.float64), TypeError),
        (np.zeros(kingup.OBSERVATION_LEN + 1, dtype=np.float32), ValueError),
        (np.zeros((1, kingup.OBSERVATION_LEN), dtype=np.float32), TypeError),
        (np.zeros(2 * kingup.OBSERVATION_LEN, dtype=np.float32)[::2], ValueError),
        ([0.0] * kingup.OBSERVATION_LEN, TypeError),
    ]:
        with pytest.raises(error):
            g.observation(0, out=bad)
    frozen = np.zeros(kingup.OBSERVATION_LEN, dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError):
        g.observation(0, out=frozen)
    assert not frozen.any() and np.array_equal(obs, before)
