"""Stable-Baselines3 and sb3-contrib on kingup: SB3's own ``check_env`` on the Gymnasium
env, ``kingup.sb3.KingUpVecEnv`` against the ``kingup.VectorEnv`` it wraps, and SB3's
standard algorithms (PPO, A2C, sb3-contrib's MaskablePPO) training and predicting on both
for a few hundred steps (a smoke run: docs/python.md says how far they learn)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.evaluation import evaluate_policy
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3 import A2C, PPO
from stable_baselines3.common.env_checker import check_env
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import VecMonitor

import kingup
from kingup import IllegalActionError, InvalidConfigError, SeatError
from kingup.gym import KingUpEnv
from kingup.sb3 import KingUpVecEnv


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"players": 3, "reward": "points", "opponents": "random"}, {"players": 5, "seat": 4}],
)
def test_sb3_check_env_passes_on_the_gymnasium_env(kwargs: dict[str, Any]) -> None:
    check_env(KingUpEnv(**kwargs), warn=True)


CONFIGS = [
    {"players": 4},
    {"players": 3, "rounds": 1, "seat": 2, "opponents": ["random", "heuristic"], "reward": "points"},
    {"players": 6, "rounds": 1, "seat": 5, "opponents": "random", "reward": "margin"},
]


@pytest.mark.parametrize("config", CONFIGS)
def test_the_vec_env_is_the_native_env_seen_by_sb3(config: dict[str, Any]) -> None:
    """Step for step, the adapter returns the native env's rows for the agent's seat, a
    finished game's final observation and totals in the infos, and copies (a later step
    does not change what an earlier one returned)."""
    n, seat = 5, config.get("seat", 0)
    env = KingUpVecEnv(n, seed=7, **config)
    native = kingup.VectorEnv(n, seed=7, opponents=config.get("opponents", "heuristic"), **{
        k: v for k, v in config.items() if k != "opponents"
    })
    obs = env.reset()
    native.reset()
    np.testing.assert_array_equal(obs, native.observations)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(150):
        masks = env.action_masks()
        assert masks.dtype == bool and (masks == native.action_masks.astype(bool)).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        kept = obs.copy()
        native.step(actions)
        np.testing.assert_array_equal(obs, native.observations)
        np.testing.assert_array_equal(rewards, native.rewards[:, seat])
        np.testing.assert_array_equal(dones, native.dones)
        assert rewards.dtype == np.float32 and len(infos) == n
        for i, info in enumerate(infos):
            if dones[i]:
                ends += 1
                final = native.final_view(i)
                np.testing.assert_array_equal(info["terminal_observation"], final.observation())
                assert final.seat == seat and final.legal_actions() == []
                assert info["final_totals"].tolist() == native.final_totals[i].tolist()
            else:
                assert info == {}
        env.step(env.action_masks().argmax(axis=1))
        native.step(native.action_masks.argmax(axis=1))
        assert (kept == obs).all()
    assert ends > 0


def test_seeding_follows_sb3s_convention() -> None:
    env = KingUpVecEnv(3, players=3)
    assert env.seed(11) == [11, 12, 13]
    first = env.reset()
    assert env.native.game_seeds.tolist() == [11, 12, 13]
    env.step(env.action_masks().argmax(axis=1))
    env.seed(11)
    np.testing.assert_array_equal(env.reset(), first)
    env.reset()  # unseeded: each env's next game
    assert env.native.game_seeds.tolist() == [14, 15, 16]


def test_masks_are_found_the_sb3_contrib_way() -> None:
    env = KingUpVecEnv(4, players=4, opponents="random")
    env.reset()
    assert is_masking_supported(env)
    masks = get_action_masks(env)
    assert masks.shape == (4, kingup.NUM_ACTIONS) and masks.dtype == bool
    np.testing.assert_array_equal(masks, env.native.action_masks.astype(bool))
    assert [f().tolist() for f in env.get_attr("action_masks", [1, 3])] == masks[[1, 3]].tolist()


def test_attributes_and_methods() -> None:
    env = KingUpVecEnv(3, players=4, seat=1, opponents="random", reward="points")
    assert env.render_mode is None
    assert env.get_attr("seat") == [1, 1, 1]
    assert env.get_attr("reward", 0) == ["points"]
    assert env.get_attr("opponents", [2]) == [["random", None, "random", "random"]]
    assert env.has_attr("players") and not env.has_attr("np_random")
    assert env.env_is_wrapped(VecMonitor) == [False] * 3
    texts = env.env_method("render", indices=[0, 2])
    assert len(texts) == 2 and texts[0] == str(env.native.view(0))
    with pytest.raises(AttributeError, match="no attribute 'np_random'"):
        env.get_attr("np_random")
    with pytest.raises(AttributeError, match="fixed"):
        env.set_attr("seat", 2)
    with pytest.raises(AttributeError, match="no method 'close'"):
        env.env_method("close")
    with pytest.raises(TypeError, match="takes no arguments"):
        env.env_method("action_masks", 1)
    with pytest.raises(IndexError, match="out of range"):
        env.get_attr("seat", [0, 3])
    with pytest.raises(IndexError, match="out of range"):
        env.get_attr("seat", [True])


def test_bad_input_is_refused_and_changes_nothing() -> None:
    env = KingUpVecEnv(3, players=3, opponents="random")
    env.reset()
    before = [a.copy() for a in (env.native.observations, env.native.action_masks, env.native.game_seeds)]
    illegal = np.flatnonzero(env.action_masks()[1] == 0)[0]
    actions = env.action_masks().argmax(axis=1)
    actions[1] = illegal
    with pytest.raises(IllegalActionError) as caught:
        env.step(actions)
    assert caught.value.env == 1
    after = (env.native.observations, env.native.action_masks, env.native.game_seeds)
    assert all((a == b).all() for a, b in zip(before, after))
    with pytest.raises(ValueError):
        env.step(actions[:2])
    with pytest.raises(RuntimeError, match="step_async"):
        env.step_wait()
    env.set_options({"mode": 1})
    with pytest.raises(InvalidConfigError, match="no options"):
        env.reset()
    with pytest.raises(InvalidConfigError, match="2 opponents are needed"):
        KingUpVecEnv(2, players=3, opponents=["random"])
    with pytest.raises(SeatError):
        KingUpVecEnv(2, players=3, seat=3)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()


def test_maskable_ppo_trains_and_plays_legal_moves() -> None:
    env = VecMonitor(KingUpVecEnv(8, players=3, rounds=1, opponents="random"))
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=2, seed=0)
    model.learn(512)
    obs = env.reset()
    for _ in range(40):
        masks = get_action_masks(env)
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert masks[np.arange(8), actions].all()
        obs, _, _, _ = env.step(actions)
    mean, _ = evaluate_policy(model, env, n_eval_episodes=8, use_masking=True)
    assert 0.0 <= mean <= 1.0  # a win share


@pytest.mark.parametrize("algorithm", [PPO, A2C])
def test_standard_algorithms_run_on_the_gymnasium_env(algorithm: Any) -> None:
    """Without masks: SB3's PPO and A2C over ``make_vec_env(KingUpEnv)``, whose
    ``illegal="terminate"`` ends an episode on an illegal action instead of raising."""
    env = make_vec_env(KingUpEnv, n_envs=2, seed=0, env_kwargs={"players": 3, "rounds": 1})
    model = algorithm("MlpPolicy", env, n_steps=16, seed=0, **({"batch_size": 32} if algorithm is PPO else {}))
    model.learn(128)
    action, _ = model.predict(env.reset(), deterministic=True)
    assert action.shape == (2,) and all(0 <= a < kingup.NUM_ACTIONS for a in action)
