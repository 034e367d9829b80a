"""The OpenSpiel game of To Court the King (``python_kingup_court``)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import kingup  # noqa: E402
import kingup.court.openspiel  # noqa: E402,F401  (registers python_kingup_court)
from kingup import court  # noqa: E402

PARAMS = [
    {"players": 2, "max_rounds": 2},
    {"players": 3, "max_rounds": 2, "unlimited_jesters": True},
    {"players": 5, "max_rounds": 1, "preroll_abilities": False},
]


@pytest.mark.parametrize("params", PARAMS)
def test_random_sim_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_kingup_court", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_game_info_and_type() -> None:
    game = kingup.court.openspiel.load(players=3, max_rounds=4)
    kind = game.get_type()
    assert kind.short_name == "python_kingup_court"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 238 and game.max_chance_outcomes() == 12
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_game_length() == 5 * 3 * 119


def test_chance_nodes_carry_the_dice() -> None:
    game = pyspiel.load_game("python_kingup_court", {"players": 4, "max_rounds": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(6, 0.25), (7, 0.25), (8, 0.25), (9, 0.25)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 8) == "first 2"
    state.apply_action(8)
    assert state.current_player() == 2 and state.legal_actions() == [0]
    assert state.action_to_string(2, 0) == "roll"
    state.apply_action(0)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(6))
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    for face in (5, 5, 0):
        state.apply_action(face)
    assert state.game.active == [1, 0, 0, 0, 0, 2]
    # The observation tensor is the game's; the information state is the history.
    assert (np.array(state.observation_tensor(2)) == state.game.observation(2)).all()
    assert state.information_state_string(2) == (
        "seat 2: chance: first 2; 2: roll; chance: die 6; chance: die 6; chance: die 1"
    )
    assert "seat 2" in state.observation_string(2) and "active [1, 0, 0, 0, 0, 2]" in str(state)
    # An illegal action raises the engine's error and changes nothing.
    before = state.game.to_json()
    with pytest.raises(court.IllegalActionError):
        state.apply_action(court.parse_action("buy king"))
    assert state.game.to_json() == before
    clone = state.clone()
    clone.apply_action(court.parse_action("keep 6"))
    assert state.game.active == [1, 0, 0, 0, 0, 2]


def test_serialization_round_trip() -> None:
    game = pyspiel.load_game("python_kingup_court", {"players": 2, "max_rounds": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(40):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.game == state.game


@pytest.mark.parametrize("players", [2, 3])
def test_mcts_bot_plays(players: int) -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_kingup_court", {"players": players, "max_rounds": 2})
    rng = np.random.RandomState(players)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [mcts.MCTSBot(game, 2, 8, evaluator, random_state=rng, solve=False) for _ in range(players)]
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        returns = state.returns()
        assert len(returns) == players
        assert state.game.is_over and sum(returns) == (0.0 if state.game.is_truncated else 1.0)


def test_returns_are_the_win() -> None:
    game = pyspiel.load_game("python_kingup_court", {"players": 3, "max_rounds": 100})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            # The greedy court bot: it reaches the King in nearly every game.
            state.apply_action(court.GreedyBot().choose(state.game))
    winner = state.game.winner
    assert winner is not None
    assert list(state.returns()) == [float(s == winner) for s in range(3)]
    assert list(state.rewards()) == list(state.returns())


def test_bad_parameters() -> None:
    with pytest.raises(kingup.InvalidConfigError):
        pyspiel.load_game("python_kingup_court", {"players": 6})
    with pytest.raises(kingup.InvalidConfigError):
        pyspiel.load_game("python_kingup_court", {"max_rounds": 0})
    with pytest.raises(Exception):  # pyspiel refuses unknown parameters itself
        pyspiel.load_game("python_kingup_court", {"colour": "red"})
