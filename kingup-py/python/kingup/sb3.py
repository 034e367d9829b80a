"""Stable-Baselines3 vector env for King Up! (``pip install kingup[sb3]``): ``num_envs``
games stepped together in Rust, one seat of each played by the learning agent and every
other seat by a ``kingup.bots`` bot, inside the step.

>>> from sb3_contrib import MaskablePPO
>>> from kingup.sb3 import KingUpVecEnv
>>> env = KingUpVecEnv(16, players=4, opponents="heuristic")
>>> model = MaskablePPO("MlpPolicy", env, n_steps=64).learn(2_048)

It is ``kingup.VectorEnv(opponents=..., seat=...)`` behind SB3's ``VecEnv`` interface:

- ``reset()`` returns the observations (``float32 (num_envs, OBSERVATION_LEN)``) of the
  agent's seat; ``env.seed(s)`` before it seeds env ``i``'s games ``s + i``,
  ``s + num_envs + i``, ... (SB3's ``seed + i`` convention, and ``kingup.VectorEnv``'s).
- ``step(actions)`` plays each env's action for the agent's seat, then the bots' replies
  and chance, and returns ``(observations, rewards, dones, infos)``: ``rewards`` is what
  the agent's seat was paid (``reward=``: ``"win"``, ``"points"`` or ``"margin"``, as
  ``kingup.Game.returns``), and an env whose game ended restarts within the step, its
  ``infos[i]["terminal_observation"]`` the agent's observation of the finished game and
  ``infos[i]["final_totals"]`` its totals. An illegal action raises
  ``kingup.IllegalActionError`` naming its env, and no env changes.
- The legal actions: ``env_method("action_masks")`` (what sb3-contrib's ``MaskablePPO``
  calls) or ``action_masks()``, as ``bool``.
- ``get_attr`` answers ``render_mode`` (``None``), ``seat``, ``players``, ``rounds``,
  ``reward`` and ``opponents``; ``env_method("render")`` gives each env's castle as the
  agent's seat sees it, as text. The settings are fixed: ``set_attr`` raises.
"""

from __future__ import annotations

import itertools
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices

from . import _kingup
from .errors import InvalidConfigError, shown

__all__ = ["GameVecEnv", "KingUpVecEnv", "StepReturn"]

Observations = npt.NDArray[np.float32]
StepReturn = tuple[Observations, npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]]
"""What ``step`` returns: observations, rewards, dones and infos (SB3's four)."""


class GameVecEnv(VecEnv):
    """One seat of a game in each of ``num_envs`` games, against bots, as a
    Stable-Baselines3 ``VecEnv``: the native ``VectorEnv`` of either game
    (``KingUpVecEnv``, ``kingup.court.sb3.CourtVecEnv``). A game that ends at a bound its
    config set (court's ``max_rounds``) is reported as SB3 reports a time limit:
    ``infos[i]["TimeLimit.truncated"] = True``, so that learners bootstrap from it."""

    ATTRIBUTES: tuple[str, ...] = ("render_mode", "seat", "players", "reward", "opponents")
    OBSERVATION_HIGH = 1.0

    def _start(self, native: Any, seat: int) -> None:
        """Serves `native`, a game's ``VectorEnv`` made with ``opponents=`` and ``seat=``."""
        self._native: Any = native
        self.seat = seat
        self._actions: npt.NDArray[np.int64] | None = None
        size = native.observations.shape[1:]
        observation_space = spaces.Box(0.0, self.OBSERVATION_HIGH, size, np.float32)
        actions: spaces.Discrete[np.int64] = spaces.Discrete(native.action_masks.shape[1])
        super().__init__(native.num_envs, observation_space, actions)

    @property
    def native(self) -> Any:
        """The native ``VectorEnv`` it steps (``RuntimeError`` once closed)."""
        if self._native is None:
            raise RuntimeError("the env is closed")
        return self._native

    def reset(self) -> Observations:
        """Starts a new game in every env, from ``seed(s)``'s seeds if it was called since
        the last reset, else each env's next game."""
        native = self.native
        if any(self._options):
            name = type(self).__name__
            raise InvalidConfigError(f"{name}.reset takes no options, not {shown(self._options[0])}")
        observations: Observations = native.reset(self._seeds[0])[0]
        self._reset_seeds()
        self._reset_options()
        return observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step(self, actions: np.ndarray) -> StepReturn:
        """Plays ``actions`` (one per env) for the agent's seat, then the bots' replies."""
        self.step_async(actions)
        return self.step_wait()

    def step_wait(self) -> StepReturn:
        if self._actions is None:
            raise RuntimeError("step_wait() needs a step_async(actions) first")
        actions, self._actions = self._actions, None
        native = self.native
        observations, _, rewards, dones, _ = native.step(actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            observation, truncated = native.final_observation(int(i))
            infos[i]["terminal_observation"] = observation
            infos[i]["final_totals"] = native.final_totals[i].copy()
            if truncated:
                infos[i]["TimeLimit.truncated"] = True
        return observations.copy(), rewards[:, self.seat].copy(), dones.copy(), infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent's seat in each env, ``bool (num_envs,
        NUM_ACTIONS)``."""
        masks: npt.NDArray[np.int8] = self.native.action_masks
        return masks.astype(bool)

    def close(self) -> None:
        """Drops the native env and its buffers; ``reset`` and ``step`` then raise."""
        self._native = None

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        rows = self._indices(indices)
        if attr_name == "action_masks":
            return [self._mask_of(i) for i in rows]
        if attr_name == "render_mode":
            return [None] * len(rows)
        if attr_name in self.ATTRIBUTES:
            return [getattr(self.native, attr_name)] * len(rows)
        raise AttributeError(f"{type(self).__name__}'s envs have no attribute {attr_name!r}")

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        name = type(self).__name__
        raise AttributeError(f"{name}'s settings are fixed when it is made, {attr_name!r} too")

    def env_method(
        self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any
    ) -> list[Any]:
        if method_args or method_kwargs:
            raise TypeError(f"{method_name}() takes no arguments")
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        if method_name == "render":
            return [self._render(i) for i in rows]
        raise AttributeError(f"{type(self).__name__}'s envs have no method {method_name!r}")

    def _render(self, i: int) -> str:
        """Env ``i``'s game as the agent's seat may see it, as text."""
        return f"env {i}: seat {int(self.native.seats[i])} to act"

    def env_is_wrapped(
        self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]], indices: VecEnvIndices = None
    ) -> list[bool]:
        return [False] * len(self._indices(indices))

    def _indices(self, indices: VecEnvIndices) -> list[int]:
        """The env indices SB3 passes (``None``, an int or an iterable of ints), checked;
        an iterable is read to at most ``kingup.MAX_ENVS`` indices."""
        rows = list(itertools.islice(self._get_indices(indices), _kingup.MAX_ENVS + 1))
        if len(rows) > _kingup.MAX_ENVS:
            raise ValueError(f"at most {_kingup.MAX_ENVS} env indices, not more")
        for i in rows:
            if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < self.num_envs:
                raise IndexError(f"env index {shown(i)} is out of range 0..{self.num_envs}")
        return [int(i) for i in rows]

    def _mask_of(self, i: int) -> Any:
        """Env ``i``'s ``action_masks`` method, as ``get_attr`` hands it out."""
        return lambda: self.native.action_masks[i].astype(bool)


class KingUpVecEnv(GameVecEnv):
    """One seat of King Up! in each of ``num_envs`` games, against ``kingup.bots`` bots,
    as a Stable-Baselines3 ``VecEnv``."""

    ATTRIBUTES = (*GameVecEnv.ATTRIBUTES, "rounds")

    def __init__(
        self,
        num_envs: int = 8,
        *,
        players: int = 4,
        seat: int = 0,
        opponents: str | list[str] | tuple[str, ...] = "heuristic",
        rounds: int = 3,
        setup: str = "placement",
        reward: str = "win",
        seed: int = 0,
        threads: int = 1,
    ) -> None:
        """``opponents`` is a bot spec for every other seat or one per other seat in seat
        order (``"random"``, ``"heuristic"``, ``"ismcts"``, ``"ismcts:N"``, ``"reader"``,
        ``"reader:N"``); the other arguments are ``kingup.VectorEnv``'s."""
        native = _kingup.VectorEnv(
            num_envs,
            players=players,
            seed=seed,
            rounds=rounds,
            setup=setup,
            reward=reward,
            threads=threads,
            opponents=opponents,
            seat=seat,
        )
        self._start(native, seat)

    def _render(self, i: int) -> str:
        """Env ``i``'s castle as the agent's seat sees it (no other seat's secret)."""
        return str(self.native.view(i))
