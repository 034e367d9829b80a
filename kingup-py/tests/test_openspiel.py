"""The OpenSpiel adapter passes pyspiel's random simulation test and runs algorithms."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import kingup  # noqa: E402
from kingup import openspiel as kingup_openspiel  # noqa: E402


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3},
        {"players": 4},
        {"players": 6, "rounds": 1},
        {"players": 5, "setup": "random"},
    ],
)
def test_random_sim_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_kingup", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_info() -> None:
    game = kingup_openspiel.load(players=4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 67
    assert game.max_chance_outcomes() == 42
    assert game.observation_tensor_size() == kingup.OBSERVATION_LEN
    assert game.information_state_tensor_size() == kingup.OBSERVATION_LEN
    assert game.max_utility() == 99 and game.min_utility() == 0
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS


def test_chance_vote_and_strings() -> None:
    game = kingup_openspiel.load(players=4)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [0, 1, 2, 3]  # the first player
    rng = np.random.default_rng(3)
    while not state.is_simultaneous_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert all(state.legal_actions(p) == [65, 66] for p in range(4))
    info = state.information_state_string(1)
    assert info.startswith("seat 1: seat ") and "dealt objective #" in info
    assert state.observation_string(1) == state.game.view(1).info_state()
    np.testing.assert_array_equal(state.observation_tensor(2), state.game.observation(2))
    state.apply_actions([65, 66, 65, 65])
    assert not state.is_simultaneous_node()
    assert "seat 1 votes No" in state.information_state_string(1)
    assert "seat 1 votes No" not in state.information_state_string(0)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()


def test_returns_are_the_totals() -> None:
    game = kingup_openspiel.load(players=3, rounds=1)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    rewards = np.zeros(3)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(3)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        rewards += state.rewards()
    assert list(state.returns()) == state.game.totals == list(rewards)


def test_an_openspiel_algorithm_runs() -> None:
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    game = kingup_openspiel.load(players=3, rounds=1)
    bots = [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(9))
    assert len(returns) == 3 and max(returns) > 0


def test_bad_parameters() -> None:
    with pytest.raises(Exception, match="3 to 6 players"):
        kingup_openspiel.load(players=9)
