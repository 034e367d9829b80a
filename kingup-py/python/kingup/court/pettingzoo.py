"""PettingZoo AEC environment for To Court the King (``pip install kingup[pettingzoo]``).

>>> from kingup.court.pettingzoo import env
>>> e = env(players=3, max_rounds=5)
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

Agents are ``"player_0"`` .. ``"player_{n-1}"`` (the seats). The dice are rolled inside the
environment, from the generator of the ``reset`` seed, so an agent is always to move; the
same agent often acts many times in a row (a turn is many decisions). Each observation is
a dict: ``"observation"``, the ``float32`` tensor from the agent's seat
(``kingup.court.OBSERVATION_LEN`` long, see ``docs/python.md``), and ``"action_mask"``,
``int8`` of length 238 (all zero for an agent that is not selected). Actions are the dense
indices ``0..238``.

The reward is the win: 1 to the winner at the end, 0 otherwise. A game that reaches
``max_rounds`` (default ``kingup.court.SIMULATION_ROUNDS``, 100; ``None`` is the rules'
unbounded game) without a King ends with every agent *truncated* and no reward; a won
game ends with every agent *terminated*. An illegal action raises
``kingup.court.IllegalActionError`` and changes nothing; ``None`` for an agent that is not
done, ``TypeError``; a name that is no agent, ``kingup.SeatError``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import _kingup
from .._kingup import CourtGame as Game
from ..errors import InvalidConfigError, SeatError, shown

__all__ = ["CourtEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class CourtEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The raw AEC environment (``env()`` wraps it in PettingZoo's order enforcer)."""

    RENDER_MODES = ("human", "ansi")
    metadata = {"render_modes": list(RENDER_MODES), "name": "kingup_court_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 4,
        max_rounds: int | None = _kingup.COURT_SIMULATION_ROUNDS,
        unlimited_jesters: bool = False,
        preroll_abilities: bool = True,
        render_mode: str | None = None,
    ) -> None:
        AECEnv.__init__(self)
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            message = f"render_mode must be one of {self.RENDER_MODES}, not {shown(render_mode)}"
            raise InvalidConfigError(message)
        self._config: dict[str, Any] = {
            "players": players,
            "max_rounds": max_rounds,
            "unlimited_jesters": unlimited_jesters,
            "preroll_abilities": preroll_abilities,
        }
        self.game = Game(seed=0, **self._config)  # validates the config now
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, np.inf, (_kingup.COURT_OBSERVATION_LEN,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (_kingup.COURT_NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(_kingup.COURT_NUM_ACTIONS) for a in self.possible_agents
        }
        self._seeds = random.Random()
        self._no_mask = np.zeros(_kingup.COURT_NUM_ACTIONS, dtype=np.int8)

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
        """Starts a new game; the same ``seed`` gives the same game (first player, dice)."""
        if isinstance(seed, bool):
            raise TypeError("seed must be an int, not bool")
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game(seed=self._seeds.getrandbits(64), **self._config)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self.game.to_move
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> Observation:
        seat = self.seat_of(agent)
        acts = agent == self.agent_selection and not self.game.is_over
        mask = self.game.legal_mask(seat) if acts else self._no_mask.copy()
        return {"observation": self.game.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is not done: step() needs an action index, not None")
        before = self.game.returns()
        self.game.apply(action, self._seat[agent])
        self._cumulative_rewards[agent] = 0
        after = self.game.returns()
        for a in self.agents:
            self.rewards[a] = after[self._seat[a]] - before[self._seat[a]]
        if self.game.is_over:
            ended = self.truncations if self.game.is_truncated else self.terminations
            for a in self.agents:
                ended[a] = True
        self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = repr(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> CourtEnv:
    """The environment without wrappers."""
    return CourtEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
