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
from the other agents' observations until all votes are revealed. Rewards are the
project's one vocabulary (``kingup.Game.returns``): ``reward="win"`` (default) pays the
win share at the end (1 split among tied winners), ``"points"`` each round's points
when it is scored, ``"margin"`` the total minus the mean of the others' at the end. An
illegal action
raises ``kingup.IllegalActionError`` and changes nothing; ``None`` for an agent that is
not done, ``TypeError``. A name that is no agent of the environment
(``observe("player_9")``, ``action_space("bob")``) raises ``kingup.SeatError`` (a
``ValueError``, as PettingZoo's own classic environments raise for unknown agents, with
``seat`` the number named, or ``None``).

``parallel_env()`` is the same game as a ``ParallelEnv``: at each step the seats that
may act (the seat to move, or at a vote every seat still to vote, all at once) act
together; the actions of the others are ignored (pass anything, ``0`` say). The joint
action is checked whole before any of it is played. PettingZoo's ``parallel_to_aec``
turns it into an AEC env that passes ``api_test``; the AEC env itself moves seats in
the game's order, not in a cycle, so PettingZoo's ``aec_to_parallel`` refuses it.

The classes here serve both games: ``kingup.court.pettingzoo`` is the same environments
over ``kingup.court.Game`` (``GameEnv`` and ``GameParallelEnv`` take the game's class and
its config).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ._kingup import Game
from .errors import InvalidConfigError, SeatError, shown

__all__ = [
    "GameEnv",
    "GameParallelEnv",
    "KingUpEnv",
    "KingUpParallelEnv",
    "env",
    "parallel_env",
    "raw_env",
]

Observation = dict[str, npt.NDArray[Any]]


class _Seats:
    """What the AEC and the parallel environment share: the game, config, agents, spaces.
    Subclasses name the game: its ``Game`` class, the observation's upper bound and the
    environment's name."""

    RENDER_MODES = ("human", "ansi")
    GAME: Any = Game
    OBSERVATION_HIGH = 1.0

    def _setup(self, config: dict[str, Any], reward: str, render_mode: str | None) -> None:
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            message = f"render_mode must be one of {self.RENDER_MODES}, not {shown(render_mode)}"
            raise InvalidConfigError(message)
        self._config = config
        self.game = self.GAME(seed=0, **config)  # validates the config now
        self.game.returns(reward)  # validates the reward
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._no_mask = np.zeros_like(self.game.action_mask(0))
        size = self.game.observation(0).shape
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.OBSERVATION_HIGH, size, np.float32),
                "action_mask": spaces.Box(0, 1, self._no_mask.shape, np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        actions: spaces.Discrete[np.int64] = spaces.Discrete(len(self._no_mask))
        self.action_spaces = {a: actions for a in self.possible_agents}
        self._seeds = random.Random()

    def _new_game(self, seed: int | None) -> None:
        """Starts a new game; the same ``seed`` gives the same game (deal and chance)."""
        if isinstance(seed, bool):
            raise TypeError("seed must be an int, not bool")
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = self.GAME(seed=self._seeds.getrandbits(64), **self._config)
        self.agents = self.possible_agents[:]

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

    def _observation(self, seat: int, acts: bool) -> Observation:
        mask = self.game.action_mask(seat) if acts else self._no_mask.copy()
        return {"observation": self.game.observation(seat), "action_mask": mask}

    def _rewards(self, before: list[float]) -> dict[str, float]:
        """Each agent's reward: the change of its return since ``before``."""
        after = self.game.returns(self.reward_kind)
        return {a: after[self._seat[a]] - before[self._seat[a]] for a in self.agents}

    def render(self) -> str | None:
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class GameEnv(_Seats, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The raw AEC environment of a game (``env()`` wraps it in PettingZoo's order
    enforcer). A game that ends truncated (court's ``max_rounds``) ends with every agent
    *truncated*, one won with every agent *terminated*."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game; the same ``seed`` gives the same game (deal and chance)."""
        self._new_game(seed)
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
        return self._observation(seat, agent == self.agent_selection and not self.game.is_over)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is not done: step() needs an action index, not None")
        before = self.game.returns(self.reward_kind)
        self.game.apply(action, self._seat[agent])
        self._cumulative_rewards[agent] = 0
        self.rewards = self._rewards(before)
        if self.game.is_over:
            ended = self.truncations if self.game.is_truncated else self.terminations
            for a in self.agents:
                ended[a] = True
        self.agent_selection = self._selected()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class GameParallelEnv(_Seats, ParallelEnv):  # type: ignore[misc]
    """The parallel environment of a game: the seats that may act act together (see the
    module)."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Starts a new game; the same ``seed`` gives the same game (deal and chance)."""
        self._new_game(seed)
        return self._observations(), {a: {} for a in self.agents}

    def _acting(self) -> list[int]:
        """The seats that act at this step: those with a legal action (at a King Up! vote
        every seat still to vote, else the seat to move)."""
        return [s for s in range(self.game.players) if self.game.legal_actions(s)]

    def _observations(self) -> dict[str, Observation]:
        acting = self._acting()
        return {a: self._observation(self._seat[a], self._seat[a] in acting) for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Plays the acting seats' actions, all or none: they are played on a copy of the
        game, which replaces the game once every one has been accepted."""
        trial = self.game.clone()
        for seat in self._acting():
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise TypeError(f"{agent} is to act: step() needs its action, not None")
            trial.apply(actions[agent], seat)  # raises the engine's error for an illegal one
        before = self.game.returns(self.reward_kind)
        self.game = trial
        agents = self.agents
        rewards = self._rewards(before)
        over, truncated = self.game.is_over, self.game.is_truncated
        observations = self._observations()
        terminations = {a: over and not truncated for a in agents}
        truncations = {a: truncated for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


class KingUpEnv(GameEnv):
    """King Up!'s raw AEC environment (``env()`` wraps it in PettingZoo's order enforcer)."""

    metadata = {"render_modes": list(_Seats.RENDER_MODES), "name": "kingup_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 4,
        rounds: int = 3,
        setup: str = "placement",
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._setup({"players": players, "rounds": rounds, "setup": setup}, reward, render_mode)


class KingUpParallelEnv(GameParallelEnv):
    """King Up!'s parallel environment."""

    metadata = {"render_modes": list(_Seats.RENDER_MODES), "name": "kingup_v0"}

    def __init__(
        self,
        players: int = 4,
        rounds: int = 3,
        setup: str = "placement",
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        self._setup({"players": players, "rounds": rounds, "setup": setup}, reward, render_mode)


def raw_env(**kwargs: Any) -> KingUpEnv:
    """The environment without wrappers."""
    return KingUpEnv(**kwargs)


def parallel_env(**kwargs: Any) -> KingUpParallelEnv:
    """The parallel environment."""
    return KingUpParallelEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
