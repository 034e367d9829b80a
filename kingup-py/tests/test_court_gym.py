"""kingup.court.gym: To Court the King's single-agent Gymnasium env (``kingup.gym``'s
``GameEnv`` over the court game) passes Gymnasium's and SB3's checkers and trains with
sb3-contrib's MaskablePPO."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import kingup  # noqa: E402
from kingup import court  # noqa: E402
from kingup.court.gym import CourtEnv  # noqa: E402


@pytest.mark.parametrize("reward", ["win", "points", "margin"])
def test_check_env(reward: str) -> None:
    env = CourtEnv(players=3, max_rounds=5, reward=reward, opponents="random")
    check_env(env, skip_render_check=False)


def test_make_masks_rewards_and_a_won_game() -> None:
    env = gymnasium.make("kingup/Court-v0", players=3, seat=1, reward="points", render_mode="ansi")
    obs, info = env.reset(seed=3)
    assert obs.shape == (court.OBSERVATION_LEN,) and info["action_mask"].shape == (court.NUM_ACTIONS,)
    greedy = court.GreedyBot()
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        game = env.unwrapped.game
        np.testing.assert_array_equal(info["action_mask"].astype(bool), env.unwrapped.action_masks())
        obs, reward, terminated, truncated, info = env.step(greedy.choose(game, 1))
        total += reward
    game = env.unwrapped.game
    assert total == len(game.cards(1))  # "points" pays each card as it is bought
    assert terminated != truncated and truncated == game.is_truncated
    assert "court.Game" in env.render()


def test_a_bounded_game_ends_truncated() -> None:
    env = CourtEnv(players=2, max_rounds=1, opponents="random")
    _, info = env.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    if env.game.is_truncated:
        assert truncated and not terminated and reward == 0.0
    else:
        assert terminated and not truncated


def test_illegal_actions_opponents_and_seeds() -> None:
    env = CourtEnv(players=3)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game.clone()
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"] and env.game == before
    strict = CourtEnv(players=3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(court.IllegalActionError):
        strict.step(illegal)
    for bad in ({"opponents": "heuristic"}, {"opponents": ["greedy"]}, {"seat": 3}, {"reward": "cards"}):
        with pytest.raises(kingup.InvalidConfigError):
            CourtEnv(players=3, **bad)  # type: ignore[arg-type]

    def episode(seed: int) -> list[Any]:
        env = CourtEnv(players=3, opponents=["mcts", "random"], max_rounds=3)
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = terminated or truncated
        return env.game.history()

    assert episode(5) == episode(5) and episode(5) != episode(6)


def test_maskable_ppo_trains_on_court() -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.env_checker import check_env as sb3_check_env
    from stable_baselines3.common.env_util import make_vec_env

    sb3_check_env(CourtEnv(players=2, max_rounds=5), warn=True)
    env = make_vec_env(CourtEnv, n_envs=2, seed=0, env_kwargs={"players": 2, "max_rounds": 5})
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0)
    model.learn(128)
    obs = env.reset()
    for _ in range(20):
        masks = get_action_masks(env)
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert masks[np.arange(2), actions].all()
        obs, _, _, _ = env.step(actions)
