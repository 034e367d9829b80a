"""RLlib multi-agent environment for To Court the King (``pip install kingup[rllib]``).

>>> from kingup.court.rllib import CourtMultiAgentEnv
>>> env = CourtMultiAgentEnv({"players": 2, "learners": [0], "opponents": "greedy"})
>>> observations, infos = env.reset(seed=1)
>>> sorted(observations["player_0"])
['action_mask', 'observations']

It is ``kingup.rllib``'s environment over ``kingup.court.Game``
(``kingup.rllib.GameMultiAgentEnv``), with the same keys, layout and illegal-action
option. The game's keys: ``players`` (2), ``max_rounds``
(``kingup.court.SIMULATION_ROUNDS``, 100; ``None`` is the rules' unbounded game),
``unlimited_jesters`` (False), ``preroll_abilities`` (True). Opponents: ``"greedy"``
(default), ``"random"``, ``"mcts"``, or a factory ``seed -> bot``. The dice are rolled
inside the environment from the episode's generator, so an agent is always to act; the
same agent often acts many times in a row (a turn is many decisions). Observations are
``kingup.court.OBSERVATION_LEN`` (257) long, masks and actions 238. A game reaching
``max_rounds`` without a King ends the episode *truncated* (every agent gets its final
observation, as RLlib needs for bootstrapping); a won game, *terminated*.
``kingup.rllib.ppo_config(CourtMultiAgentEnv, {...})`` trains on it and
``kingup.rllib.arena_policy`` makes a ``kingup.court.arena`` entrant.
"""

from __future__ import annotations

import numpy as np

from .. import _kingup
from .._kingup import CourtGame
from ..rllib import GameMultiAgentEnv
from .gym import CourtEnv

__all__ = ["CourtMultiAgentEnv"]


class CourtMultiAgentEnv(GameMultiAgentEnv):
    """To Court the King as an RLlib ``MultiAgentEnv`` (see the module)."""

    GAME = CourtGame
    RULES = {
        "players": 2,
        "max_rounds": _kingup.COURT_SIMULATION_ROUNDS,
        "unlimited_jesters": False,
        "preroll_abilities": True,
    }
    BOTS = CourtEnv.BOTS
    DEFAULT_OPPONENT = "greedy"
    OBSERVATION_HIGH = np.inf

    def _text(self, seat: int) -> str:
        return str(self.game)
