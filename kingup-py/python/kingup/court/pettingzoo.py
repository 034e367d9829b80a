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

Rewards are the project's one vocabulary (``Game.returns``): ``reward="win"`` (default)
pays 1 to the winner at the end, 0 otherwise; ``"points"`` the cards a seat owns as it
buys them; ``"margin"`` at the end, the seat's cards minus the mean of the others'. A game
that reaches ``max_rounds`` (default ``kingup.court.SIMULATION_ROUNDS``, 100; ``None`` is
the rules' unbounded game) without a King ends with every agent *truncated* and no win; a
won game ends with every agent *terminated*. An illegal action raises
``kingup.court.IllegalActionError`` and changes nothing; ``None`` for an agent that is not
done, ``TypeError``; a name that is no agent, ``kingup.SeatError``.

``parallel_env()`` is the same game as a ``ParallelEnv`` (the seat to move acts; the others'
actions are ignored), as ``kingup.pettingzoo.parallel_env`` is for King Up!. Both are
``kingup.pettingzoo``'s environments over ``kingup.court.Game``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import _kingup
from .._kingup import CourtGame
from ..pettingzoo import GameEnv, GameParallelEnv

__all__ = ["CourtEnv", "CourtParallelEnv", "env", "parallel_env", "raw_env"]


def _config(
    players: int, max_rounds: int | None, unlimited_jesters: bool, preroll_abilities: bool
) -> dict[str, Any]:
    return {
        "players": players,
        "max_rounds": max_rounds,
        "unlimited_jesters": unlimited_jesters,
        "preroll_abilities": preroll_abilities,
    }


class CourtEnv(GameEnv):
    """The raw AEC environment (``env()`` wraps it in PettingZoo's order enforcer)."""

    GAME = CourtGame
    OBSERVATION_HIGH = np.inf
    metadata = {"render_modes": list(GameEnv.RENDER_MODES), "name": "kingup_court_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 4,
        max_rounds: int | None = _kingup.COURT_SIMULATION_ROUNDS,
        unlimited_jesters: bool = False,
        preroll_abilities: bool = True,
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        AECEnv.__init__(self)
        config = _config(players, max_rounds, unlimited_jesters, preroll_abilities)
        self._setup(config, reward, render_mode)


class CourtParallelEnv(GameParallelEnv):
    """The parallel environment: the seat to move acts."""

    GAME = CourtGame
    OBSERVATION_HIGH = np.inf
    metadata = {"render_modes": list(GameEnv.RENDER_MODES), "name": "kingup_court_v0"}

    def __init__(
        self,
        players: int = 4,
        max_rounds: int | None = _kingup.COURT_SIMULATION_ROUNDS,
        unlimited_jesters: bool = False,
        preroll_abilities: bool = True,
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        config = _config(players, max_rounds, unlimited_jesters, preroll_abilities)
        self._setup(config, reward, render_mode)


def raw_env(**kwargs: Any) -> CourtEnv:
    """The environment without wrappers."""
    return CourtEnv(**kwargs)


def parallel_env(**kwargs: Any) -> CourtParallelEnv:
    """The parallel environment."""
    return CourtParallelEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped in PettingZoo's ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
