"""The PettingZoo adapter passes PettingZoo's conformance tests."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import kingup  # noqa: E402
from kingup.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("players", [3, 4, 6])
def test_api_test(players: int) -> None:
    api_test(env(players=players), num_cycles=300)


def test_api_test_quick_random_layout_win_reward() -> None:
    api_test(env(players=5, rounds=1, setup="random", reward="win"), num_cycles=100)


def test_seed_test() -> None:
    seed_test(lambda: env(players=4), num_cycles=100)


def play(e: object, seed: int) -> dict[str, float]:
    e.reset(seed=seed)  # type: ignore[attr-defined]
    totals: dict[str, float] = {}
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0) + reward
        if terminated or truncated:
            e.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))  # type: ignore[attr-defined]
    return totals


def test_rewards_add_up_to_the_final_totals() -> None:
    e = raw_env(players=4, reward="points")
    rewards = play(e, 3)
    assert [rewards[f"player_{s}"] for s in range(4)] == e.game.totals
    w = raw_env(players=4, reward="win")
    wins = play(w, 3)
    assert [s for s in range(4) if wins[f"player_{s}"] == 1] == w.game.winners


def test_votes_are_taken_one_seat_at_a_time_and_hidden() -> None:
    e = raw_env(players=4)
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    while e.game.phase is not kingup.Phase.VOTE:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    first = e.agent_selection
    assert first == "player_0"
    e.step(kingup.Action.VOTE_NO)
    assert e.agent_selection == "player_1"
    vote = kingup.observation_field("vote")
    assert list(e.observe("player_0")["observation"][vote]) == [0, 1]
    assert list(e.observe("player_1")["observation"][vote]) == [0, 0]
    assert not e.observe("player_2")["action_mask"].any()


def test_illegal_actions_raise_and_change_nothing() -> None:
    e = raw_env(players=4)
    e.reset(seed=1)
    before = e.game.clone()
    with pytest.raises(kingup.IllegalActionError):
        e.step(66)
    with pytest.raises(TypeError):
        e.step(None)
    assert e.game == before
    with pytest.raises(ValueError):
        raw_env(reward="money")


@pytest.mark.parametrize("reward", ["win", "points", "margin"])
def test_parallel_api_test(reward: str) -> None:
    from pettingzoo.test import parallel_api_test

    from kingup.pettingzoo import parallel_env

    parallel_api_test(parallel_env(players=3, rounds=1, reward=reward), num_cycles=300)


def test_parallel_to_aec_passes_api_test() -> None:
    from pettingzoo.utils.conversions import parallel_to_aec

    from kingup.pettingzoo import parallel_env

    api_test(parallel_to_aec(parallel_env(players=4, rounds=1)), num_cycles=200)


def test_parallel_vote_is_simultaneous_and_whole() -> None:
    from kingup.pettingzoo import parallel_env

    e = parallel_env(players=3)
    obs, _ = e.reset(seed=2)
    rng = np.random.default_rng(1)
    while e.game.phase is not kingup.Phase.VOTE:
        acting = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items() if o["action_mask"].any()}
        assert len(acting) == 1
        obs, *_ = e.step(acting)
    assert all(o["action_mask"].any() for o in obs.values())
    before = e.game.clone()
    with pytest.raises(kingup.IllegalActionError):
        e.step({"player_0": 65, "player_1": 65, "player_2": 3})
    assert e.game == before
    e.step({a: 65 for a in obs})
    assert not e.game.voters or e.game.phase is not kingup.Phase.VOTE
