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
    moves = 3 * (13 + 78 + 13)
    assert game.information_state_tensor_size() == kingup.OBSERVATION_LEN + moves * 73
    assert game.max_utility() == 1 and game.min_utility() == 0
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    points = kingup_openspiel.load(players=4, reward="points")
    assert points.max_utility() == 99
    assert points.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
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
    game = kingup_openspiel.load(players=3, rounds=1, reward="points")
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
    with pytest.raises(Exception, match="reward"):
        kingup_openspiel.load(reward="money")
    with pytest.raises(Exception, match="vote"):
        kingup_openspiel.load(vote="secret")
    other = kingup.Game(players=3, chance="explicit", seed=1).to_json()
    with pytest.raises(Exception, match="start must be a save of this game"):
        kingup_openspiel.load(players=4, start=other)


# Every parameterisation the algorithm tests run on: each reward, each vote.
PARAMS = [
    {"players": 3, "rounds": 1, "reward": "win", "vote": "simultaneous"},
    {"players": 3, "rounds": 1, "reward": "points", "vote": "sequential"},
    {"players": 4, "rounds": 1, "reward": "margin", "vote": "sequential", "setup": "random"},
    {"players": 3, "rounds": 1, "reward": "margin", "vote": "simultaneous"},
    {"players": 3, "rounds": 1, "reward": "win", "vote": "sequential"},
]


def sequential(params: dict[str, object]) -> object:
    """The game, turned sequential by OpenSpiel when its vote is simultaneous (the
    search algorithms need sequential turns)."""
    game = pyspiel.load_game("python_kingup", params)
    if params["vote"] == "simultaneous":
        game = pyspiel.convert_to_turn_based(game)
    return game


def endgame(params: dict[str, object], moves: int) -> str:
    """A save of a random game of ``params``'s rules ``moves`` player steps before its
    end (explicit chance)."""
    rules = {k: params[k] for k in ("players", "rounds") if k in params}
    rules["setup"] = params.get("setup", "placement")
    full = kingup.Game(chance="explicit", seed=4, **rules)  # type: ignore[arg-type]
    full.play_random()
    steps = full.history()
    # Cut before a placement or a climb, never inside a vote.
    cut = [i for i, (seat, a) in enumerate(steps) if seat is not None and a < 65][-moves]
    game = kingup.Game(chance="explicit", seed=4, **rules)  # type: ignore[arg-type]
    for seat, action in steps[:cut]:
        if seat is None:
            game.apply_chance(action)
        else:
            game.apply(action, seat)
    return game.to_json()


@pytest.mark.parametrize("params", PARAMS)
def test_random_sim_test_every_parameterisation(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_kingup", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    # A game that starts from a save serializes and reloads too (its start is kept
    # without the save's commas).
    game = pyspiel.load_game("python_kingup", {**params, "start": endgame(params, 6)})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_game_from_a_start_serializes_and_reloads_from_its_own_string() -> None:
    params: dict[str, object] = {"players": 3, "vote": "sequential"}
    save = endgame(params, 4)
    game = pyspiel.load_game("python_kingup", {**params, "start": save})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    again, restored = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(game) and "," not in str(game.get_parameters()["start"])
    assert restored.history() == state.history() and str(restored) == str(state)
    assert again.start.to_json() == save  # type: ignore[attr-defined]
    with pytest.raises(kingup.InvalidConfigError, match="not a b64: save document"):
        pyspiel.load_game("python_kingup", {**params, "start": "b64:%%%"})
    with pytest.raises(TypeError):
        kingup_openspiel.KingUpGame({**params, "start": 3})


def sum_of_returns(params: dict[str, object], returns: list[float]) -> None:
    if params["reward"] == "win":
        assert sum(returns) == pytest.approx(1.0)
    elif params["reward"] == "margin":
        assert sum(returns) == pytest.approx(0.0)
    else:
        assert min(returns) >= 0 and max(returns) > 0


@pytest.mark.parametrize("params", PARAMS)
def test_mcts_bot_plays(params: dict[str, object]) -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    game = sequential(params)
    rng = np.random.RandomState(1)
    if params["reward"] == "points":
        # OpenSpiel's MCTS refuses games that pay along the way.
        with pytest.raises(ValueError, match="terminal rewards"):
            mcts.MCTSBot(game, 2, 4, mcts.RandomRolloutEvaluator(1, rng))
        return
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    n = game.num_players()
    bots = [mcts.MCTSBot(game, 2, 4, evaluator, random_state=rng, solve=False)]
    bots += [uniform_random.UniformRandomBot(p, rng) for p in range(1, n)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    sum_of_returns(params, list(returns))


@pytest.mark.parametrize("params", [p for p in PARAMS if p["vote"] == "sequential"])
def test_ismcts_bot_plays(params: dict[str, object]) -> None:
    """OpenSpiel's ISMCTS (its Python one: the C++ ``pyspiel.ISMCTSBot`` cannot call a
    Python game's ``resample_from_infostate``) searches worlds this game resamples."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_kingup", params)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    sum_of_returns(params, list(state.returns()))


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    game = kingup_openspiel.load(players=4, vote="sequential")
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    while state.game.phase is not kingup.Phase.VOTE or state.current_player() != 1:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    draws = iter(np.random.default_rng(0).random(100))
    cards = set()
    for _ in range(10):
        other = state.resample_from_infostate(1, lambda: float(next(draws)))
        assert other.information_state_string(1) == state.information_state_string(1)
        np.testing.assert_array_equal(
            other.information_state_tensor(1), state.information_state_tensor(1)
        )
        cards.add(other.game.view(2).objective_card)
    assert len(cards) > 1  # another seat's secret is drawn, not copied


def test_information_state_is_perfect_recall_and_hides_votes() -> None:
    game = kingup_openspiel.load(players=3, vote="sequential")
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    while state.game.phase is not kingup.Phase.VOTE:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.current_player() == 0
    before = state.information_state_tensor(1)
    state.apply_action(66)  # seat 0 votes No
    mine = np.array(state.information_state_tensor(0))
    theirs = np.array(state.information_state_tensor(1))
    history = theirs[kingup.OBSERVATION_LEN :].reshape(-1, 73)
    moved = int(history[:, :6].sum())
    row = history[moved - 1]
    assert row[(0 - 1) % 3] == 1 and not row[6:].any()  # seat 0 voted; what is hidden
    own = mine[kingup.OBSERVATION_LEN :].reshape(-1, 73)[moved - 1]
    assert own[0] == 1 and own[6 + 66] == 1  # seat 0 knows its own vote
    assert "votes No" not in state.information_state_string(1)
    assert not np.array_equal(before, theirs)


def test_public_and_private_observers() -> None:
    from open_spiel.python.observation import make_observation

    game = kingup_openspiel.load(players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    texts = {public.string_from(state, p) for p in range(3)}
    assert len(texts) == 1 and " own " not in texts.pop()  # the same for every seat
    public.set_from(state, 0)
    assert not public.dict["observation"][kingup.observation_field("objective")].any()
    private.set_from(state, 0)
    own = state.game.observation(0)[kingup.observation_field("objective")]
    np.testing.assert_array_equal(private.dict["objective"], own)
    assert private.string_from(state, 0).startswith("seat 0 own ")


@pytest.mark.parametrize("params", PARAMS)
def test_external_sampling_mccfr_from_an_endgame(params: dict[str, object]) -> None:
    from open_spiel.python.algorithms import external_sampling_mccfr

    game = sequential({**params, "start": endgame(params, 1)})
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if not state.is_terminal():
        probs = policy.action_probabilities(state)
        assert set(probs) == set(state.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("params", PARAMS)
def test_rl_environment_episodes(params: dict[str, object]) -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(pyspiel.load_game("python_kingup", params))
    rng = np.random.default_rng(3)
    for _ in range(2):
        step = env.reset()
        total = np.zeros(env.num_players)
        while not step.last():
            if env.is_turn_based:
                player = step.observations["current_player"]
                actions = [int(rng.choice(step.observations["legal_actions"][player]))]
            else:
                legal = step.observations["legal_actions"]
                # At a sequential node the others have no legal action.
                actions = [int(rng.choice(legal[p])) if legal[p] else -1 for p in range(env.num_players)]
            step = env.step(actions)
            total += step.rewards
        sum_of_returns(params, list(total))


@pytest.mark.parametrize("params", PARAMS)
def test_evaluate_bots_with_kingup_bots(params: dict[str, object]) -> None:
    from kingup.bots import HeuristicBot, openspiel_bot

    game = pyspiel.load_game("python_kingup", params)
    bots = [openspiel_bot(HeuristicBot(seed=p), p) for p in range(game.num_players())]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    sum_of_returns(params, list(returns))
