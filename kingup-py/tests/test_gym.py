"""kingup.gym passes Gymnasium's env checker (the vector env: test_gym_vector.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import kingup  # noqa: E402
from kingup.gym import KingUpEnv  # noqa: E402


@pytest.mark.parametrize("reward", ["win", "points", "margin"])
def test_check_env(reward: str) -> None:
    check_env(KingUpEnv(players=3, rounds=1, reward=reward, opponents="random"), skip_render_check=False)


def test_make_mask_and_reward_add_up() -> None:
    env = gymnasium.make("kingup/KingUp-v0", players=4, seat=2, reward="points", render_mode="ansi")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        mask = info["action_mask"]
        np.testing.assert_array_equal(mask.astype(bool), env.unwrapped.action_masks())
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
    assert total == env.unwrapped.game.totals[2]
    assert "Throne" in env.render()


def test_illegal_action_terminates_or_raises() -> None:
    env = KingUpEnv(players=3)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game.clone()
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"] and env.game == before
    strict = KingUpEnv(players=3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(kingup.IllegalActionError):
        strict.step(illegal)


def test_same_seed_same_episode() -> None:
    def episode(seed: int) -> list[int]:
        env = KingUpEnv(players=3, opponents=["heuristic", "random"])
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        return env.game.totals

    assert episode(5) == episode(5)


@pytest.mark.parametrize("action", [1.5, True, np.True_, "3", None])
def test_step_takes_int_actions_only(action: Any) -> None:
    env = KingUpEnv(players=3)
    env.reset(seed=1)
    before = env.game.clone()
    with pytest.raises(TypeError, match="an action must be an int"):
        env.step(action)
    assert env.game == before
    env.step(np.int64(env.action_masks().argmax()))  # NumPy ints are ints


def test_an_opponent_factory_must_make_a_bot() -> None:
    env = KingUpEnv(players=3, opponents=lambda seed: "not a bot")
    with pytest.raises(TypeError, match="has no choose"):
        env.reset(seed=1)
