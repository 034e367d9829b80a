"""PettingZoo AEC environment for King Up! (``pip install kingup[pettingzoo]``).

>>> from kingup.pettingzoo import env
>>> e = env(players=4)
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

Agents are ``"player_0"`` .. ``"player_{n-1}"`` (the seats). Each observation is a dict:
``"observation"``, the seat's ``float32`` tensor (``kingup.OBSERVATION_LEN`` long, see
``docs/observation.md``), and ``"action_mask"``, ``int8`` of length 67 (all zero for an
agent that is not selected). Actions are the dense indices ``0..67``.

The vote is taken one seat at a time, lowest seat first; a committed vote is hidden
from the other agents' observations until all votes are revealed. Rewards: with
``reward="points"`` (default) each seat receives the points it scores when a round is
scored; with ``reward="win"``, 1 for each winner when the game ends. An illegal action
raises ``kingup.IllegalActionError`` and changes nothing; ``None`` for an agent that is
not done, ``TypeError``. A name that is no agent of the environment
(``observe("player_9")``, ``action_space("bob")``) raises ``kingup.SeatError`` (a
``ValueError``, as PettingZoo's own classic environments raise for unknown agents, with
``seat`` the number named, or ``None``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _kingup
from ._kingup import Game
from .errors import InvalidConfigError, SeatError, shown

__all__ = ["KingUpEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class KingUpEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The raw AEC environment (``env()`` wraps it in PettingZoo's order enforcer)."""

    RENDER_MODES = ("human", "ansi")
    metadata = {"render_modes": list(RENDER_MODES), "name": "kingup_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 4,
        rounds: int = 3,
        setup: str = "placement",
        reward: str = "points",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in ("points", "win"):
            raise InvalidConfigError(f'reward must be "points" or "win", not {shown(reward)}')
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            message = f"render_mode must be one of {self.RENDER_MODES}, not {shown(render_mode)}"
            raise InvalidConfigError(message)
        self._config: dict[str, Any] = {"players": players, "rounds": rounds, "setup": setup}
        self.game = Game(seed=0, **self._config)  # validates the config now
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (_kingup.OBSERVATION_LEN,), np.float32),
                "action_mask": spaces.Box(0, 1, (_kingup.NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(_kingup.NUM_ACTIONS) for a in self.possible_agents}
        self._seeds = random.Random()
        self._no_mask = np.zeros(_kingup.NUM_ACTIONS, dtype=np.int8)

    def seat_of(self, agent: str) -> int:
        """The seat of ``agent``; ``kingup.SeatError`` if it is no agent of this env."""
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is not None:
            return seat
        named = agent.removeprefix("player_") if isinstance(agent, str) else None
        number = int(named) if named is not None and named.isdecimal() and len(named) < 8 else None
        last = self.possible_agents[-1]
        message = f"{shown(agent)} is not an agent of this environment (player_0 to {last})"
        raise SeatError(message, number)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self.seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self.seat_of(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game; the same ``seed`` gives the same game (deal and chance)."""
        if isinstance(seed, bool):
            raise TypeError("seed must be an int, not bool")
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game(seed=self._seeds.getrandbits(64), **self._config)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self.game.to_move
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> Observation:
        seat = self.seat_of(agent)
        selected = agent == self.agent_selection and not self.game.is_over
        mask = self.game.action_mask(seat) if selected else self._no_mask.copy()
        return {"observation": self.game.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is not done: step() needs an action index, not None")
        before = self.game.totals
        self.game.apply(action, self._seat[agent])
        self._cumulative_rewards[agent] = 0
        self._set_rewards(before)
        if self.game.is_over:
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _set_rewards(self, before: list[int]) -> None:
        after = self.game.totals
        for agent in self.agents:
            seat = self._seat[agent]
            if self.reward_kind == "points":
                self.rewards[agent] = after[seat] - before[seat]
            else:
                self.rewards[agent] = int(seat in (self.game.winners or []))

    def render(self) -> str | None:
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> KingUpEnv:
    """The environment without wrappers."""
    return KingUpEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
