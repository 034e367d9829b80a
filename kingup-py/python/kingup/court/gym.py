"""Gymnasium environment for To Court the King (``pip install kingup[gymnasium]``): one
seat played by the agent, every other seat by a court bot.

>>> import gymnasium, kingup.court.gym
>>> env = gymnasium.make("kingup/Court-v0", players=3, opponents="greedy")
>>> obs, info = env.reset(seed=1)

It is ``kingup.gym``'s environment over ``kingup.court.Game`` (``kingup.gym.GameEnv``):

- Observation: the seat's ``float32`` tensor (``kingup.court.OBSERVATION_LEN``, 257);
  action: ``Discrete(238)``, the dense indices.
- The legal actions: ``info["action_mask"]`` (``int8``, 238) after every ``reset`` and
  ``step``, and ``env.action_masks()`` (``bool``), the method sb3-contrib's
  ``MaskablePPO`` calls (so ``make_vec_env(CourtEnv)`` trains with it).
- Opponents: ``"greedy"`` (default), ``"random"``, ``"mcts"``, or a factory ``seed ->
  bot`` (a ``kingup.court`` bot class is one), one for all or a list, one per other seat.
- Rewards: ``Game.returns``' vocabulary: ``"win"`` (default) 1 for the winner at the end,
  ``"points"`` each card as it is bought, ``"margin"`` the cards minus the mean of the
  others' at the end. A step pays what changed while the agent's action, the dice and the
  bots' replies were played.
- A game reaching ``max_rounds`` (default ``kingup.court.SIMULATION_ROUNDS``, 100) without
  a King ends the episode *truncated*; a won game, *terminated*.
- Illegal actions: as ``kingup.gym.KingUpEnv`` (``illegal="terminate"``, the default, or
  ``"raise"``).
- ``reset(seed=s)``: the same seed gives the same dice and bots' play.

``CourtVectorEnv(num_envs, ...)`` is the Gymnasium vector env over the native
``kingup.court.VectorEnv``, as ``kingup.gym.KingUpVectorEnv`` is over King Up!'s.
"""

from __future__ import annotations

from collections.abc import Sequence

import gymnasium
import numpy as np

from .. import _kingup
from .._kingup import CourtGame, CourtGreedyBot, CourtMctsBot, CourtRandomBot
from ..gym import BotFactory, GameEnv, GameVectorEnv

__all__ = ["CourtEnv", "CourtVectorEnv"]


def _greedy(seed: int) -> CourtGreedyBot:
    """A greedy bot (it draws nothing: the seed is not needed). A function of the module,
    so that an env with greedy opponents pickles."""
    return CourtGreedyBot()


class CourtEnv(GameEnv):
    """One seat of To Court the King against ``kingup.court`` bots."""

    GAME = CourtGame
    BOTS = {
        "greedy": _greedy,
        "random": CourtRandomBot,
        "mcts": CourtMctsBot,
    }
    OBSERVATION_HIGH = np.inf

    def __init__(
        self,
        players: int = 4,
        seat: int = 0,
        opponents: str | BotFactory | Sequence[str | BotFactory] = "greedy",
        max_rounds: int | None = _kingup.COURT_SIMULATION_ROUNDS,
        unlimited_jesters: bool = False,
        preroll_abilities: bool = True,
        reward: str = "win",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        config = {
            "players": players,
            "max_rounds": max_rounds,
            "unlimited_jesters": unlimited_jesters,
            "preroll_abilities": preroll_abilities,
        }
        self._setup(config, seat, opponents, reward, illegal, illegal_reward, render_mode)


class CourtVectorEnv(GameVectorEnv):
    """``kingup.court.VectorEnv`` as a ``gymnasium.vector.VectorEnv`` (``kingup.gym``'s
    ``GameVectorEnv``): ``num_envs`` court games stepped together in Rust, self-play or
    one seat against court bots (``opponents=``, ``seat=``); a game reaching
    ``max_rounds`` sets ``truncated``, a won one ``terminated``."""

    NATIVE = _kingup.CourtVectorEnv
    OBSERVATION_HIGH = np.inf


gymnasium.register(id="kingup/Court-v0", entry_point="kingup.court.gym:CourtEnv")
