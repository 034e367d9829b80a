"""kingup.court.VectorEnv (the one native vector env over the court game) and its
Gymnasium face, kingup.court.gym.CourtVectorEnv: every env is the seeded court game,
truncation is reported, bots play the other seats, bad input changes nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import kingup
from kingup import court


def random_actions(env: Any, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    masks = env.action_masks
    return np.where(masks == 1, rng.random(masks.shape), -1.0).argmax(axis=1)


def test_shapes_and_settings() -> None:
    env = court.VectorEnv(5, players=3, seed=1)
    assert env.observations.shape == (5, court.OBSERVATION_LEN)
    assert env.action_masks.shape == (5, court.NUM_ACTIONS) and env.rewards.shape == (5, 3)
    assert not env.observations.flags.writeable
    assert (len(env), env.players, env.max_rounds, env.reward, env.seat) == (5, 3, 100, "win", None)
    assert "court.VectorEnv" in repr(env)


@pytest.mark.parametrize("reward", ["win", "points"])
def test_every_env_is_the_seeded_game(reward: str) -> None:
    n = 4
    env = court.VectorEnv(n, players=2, seed=50, max_rounds=3, reward=reward)
    games = [court.Game(players=2, seed=int(s), max_rounds=3) for s in env.game_seeds]
    rng = np.random.default_rng(1)
    ends = truncated = 0
    for _ in range(400):
        for i, g in enumerate(games):
            assert env.seats[i] == g.to_move
            assert env.action_masks[i].tolist() == g.action_mask().tolist()
            np.testing.assert_array_equal(env.observations[i], g.observation(g.to_move))
        actions = random_actions(env, rng)
        env.step(actions)
        for i, g in enumerate(games):
            before = np.array(g.returns(reward))
            g.apply(int(actions[i]))
            assert env.dones[i] == g.is_over
            np.testing.assert_allclose(env.rewards[i], np.array(g.returns(reward)) - before, atol=1e-5)
            if g.is_over:
                ends += 1
                observation, was_truncated = env.final_observation(i)
                assert was_truncated == g.is_truncated
                truncated += was_truncated
                seat = g.history()[-1][0]
                np.testing.assert_array_equal(observation, g.observation(seat))
                assert env.final_totals[i].tolist() == [len(g.cards(s)) for s in range(2)]
                games[i] = court.Game(players=2, seed=int(env.game_seeds[i]), max_rounds=3)
    assert ends >= n and truncated > 0


def test_bots_play_the_other_seats() -> None:
    env = court.VectorEnv(3, players=3, seed=7, opponents=["greedy", "random"], seat=2)
    assert env.seat == 2 and env.opponents == ["greedy", "random", None]
    rng = np.random.default_rng(3)
    for _ in range(100):
        assert (env.seats == 2).all()
        env.step(random_actions(env, rng))
    with pytest.raises(kingup.InvalidConfigError):
        court.VectorEnv(2, players=3, opponents="heuristic")
    with pytest.raises(kingup.InvalidConfigError):
        court.VectorEnv(2, players=3, opponents=["greedy"])
    with pytest.raises(kingup.SeatError):
        court.VectorEnv(2, players=3, opponents="greedy", seat=3)


def test_an_illegal_action_names_its_env_and_changes_nothing() -> None:
    env = court.VectorEnv(3, players=2, seed=4)
    before = [a.copy() for a in (env.observations, env.action_masks, env.seats, env.game_seeds)]
    actions = random_actions(env, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(env.action_masks[1] == 0)[0])
    with pytest.raises(court.IllegalActionError) as caught:
        env.step(actions)
    assert caught.value.env == 1 and str(caught.value).startswith("env 1: ")
    actions[1] = court.NUM_ACTIONS
    with pytest.raises(court.IllegalActionError) as caught:
        env.step(actions)
    assert caught.value.reason == "no_such_action"
    after = (env.observations, env.action_masks, env.seats, env.game_seeds)
    assert all(np.array_equal(a, b) for a, b in zip(before, after))
    with pytest.raises(ValueError):
        env.final_observation(0)  # no game ended at the last step


def test_the_gymnasium_vector_env_splits_terminated_and_truncated() -> None:
    pytest.importorskip("gymnasium")
    from kingup.court.gym import CourtVectorEnv

    envs = CourtVectorEnv(4, players=2, max_rounds=2)
    obs, info = envs.reset(seed=3)
    assert obs.shape == (4, court.OBSERVATION_LEN) and info["action_mask"].shape == (4, court.NUM_ACTIONS)
    assert envs.single_action_space.n == court.NUM_ACTIONS
    rng = np.random.default_rng(5)
    seen_truncated = 0
    for _ in range(300):
        masks = envs.action_masks()
        actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)
        obs, reward, terminated, truncated, info = envs.step(actions)
        assert not (terminated & truncated).any()
        for i in np.flatnonzero(terminated | truncated):
            assert info["_final_obs"][i] and info["final_obs"][i].shape == (court.OBSERVATION_LEN,)
        seen_truncated += int(truncated.sum())
    assert seen_truncated > 0
    envs.close()


def test_sb3_vec_env_reports_truncation_and_trains() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks

    from kingup.court.sb3 import CourtVecEnv

    env = CourtVecEnv(4, players=2, max_rounds=2, opponents="random", seat=1)
    assert env.get_attr("max_rounds") == [2] * 4 and env.get_attr("seat") == [1] * 4
    obs = env.reset()
    assert obs.shape == (4, court.OBSERVATION_LEN)
    truncations = 0
    for _ in range(200):
        masks = get_action_masks(env)
        obs, rewards, dones, infos = env.step(masks.argmax(axis=1))
        for i in np.flatnonzero(dones):
            assert infos[i]["terminal_observation"].shape == (court.OBSERVATION_LEN,)
            truncations += infos[i].get("TimeLimit.truncated", False)
    assert truncations > 0
    with pytest.raises(AttributeError):
        env.set_attr("seat", 0)
    model = MaskablePPO("MlpPolicy", CourtVecEnv(4, players=2, max_rounds=3), n_steps=32, batch_size=64, seed=0)
    model.learn(128)
