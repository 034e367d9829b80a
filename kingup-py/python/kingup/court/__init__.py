"""To Court the King (*Alla corte del Re*) for Python: the ``kingup-court`` rules engine.

>>> from kingup import court
>>> g = court.Game(players=3, seed=7, max_rounds=20)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> g.is_over
True

``Game`` is the court engine's ``Session``: the game, its record, its event log and its
random stream (seeded or explicit chance, every die an explicit chance outcome). Actions
are the dense indices ``0..238`` (``action_notation``, ``parse_action``), chance outcomes
``0..12`` (``die 1`` .. ``die 6``, ``first 0`` .. ``first 5``). Everything in the game is
public. ``RandomBot``, ``GreedyBot`` and ``MctsBot`` (tree search) are ``kingup-bots``' court
players; ``env()`` is
the PettingZoo environment (``kingup.court.pettingzoo``) and ``kingup.court.openspiel``
registers ``"python_kingup_court"`` with OpenSpiel. See ``docs/python.md``, "To Court the
King".
"""

from __future__ import annotations

from typing import Any

from .. import _kingup
from .._kingup import Engine
from .._kingup import CourtBot as Bot
from .._kingup import CourtEvent as Event
from .._kingup import CourtGame as Game
from .._kingup import CourtGreedyBot as GreedyBot
from .._kingup import CourtMctsBot as MctsBot
from .._kingup import CourtPlayerView as PlayerView
from .._kingup import CourtRandomBot as RandomBot
from .._kingup import CourtVectorEnv as VectorEnv
from .._kingup import court_action_name as action_name
from .._kingup import court_action_notation as action_notation
from .._kingup import court_chance_notation as chance_notation
from .._kingup import court_parse_action as parse_action
from ..errors import CourtIllegalActionError as IllegalActionError
from ..errors import CourtIllegalReason as IllegalReason
from ..errors import shown
from ._arena import arena
from ._simulate import Simulation, simulate

__all__ = [
    "CARDS",
    "MAX_PLAYERS",
    "MAX_SAVE_LEN",
    "MIN_PLAYERS",
    "NUM_ACTIONS",
    "NUM_CHANCE_OUTCOMES",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LEN",
    "SIMULATION_ROUNDS",
    "Bot",
    "Engine",
    "Event",
    "Game",
    "GreedyBot",
    "IllegalActionError",
    "PlayerView",
    "IllegalReason",
    "MctsBot",
    "RandomBot",
    "Simulation",
    "VectorEnv",
    "action_name",
    "action_notation",
    "arena",
    "chance_notation",
    "env",
    "observation_field",
    "parse_action",
    "simulate",
]

#: Length of the observation tensor (257).
OBSERVATION_LEN: int = _kingup.COURT_OBSERVATION_LEN
#: The observation's fields in order, ``(name, length)``: the core's
#: ``OBSERVATION_FIELDS``.
OBSERVATION_FIELDS: list[tuple[str, int]] = _kingup.COURT_OBSERVATION_FIELDS
#: Size of the action index space (238).
NUM_ACTIONS: int = _kingup.COURT_NUM_ACTIONS
#: Size of the chance outcome index space (12).
NUM_CHANCE_OUTCOMES: int = _kingup.COURT_NUM_CHANCE_OUTCOMES
#: Fewest and most players (2 and 5).
MIN_PLAYERS: int = _kingup.COURT_MIN_PLAYERS
MAX_PLAYERS: int = _kingup.COURT_MAX_PLAYERS
#: The round bound simulations use (100): ``Config::SIMULATION_ROUNDS``.
SIMULATION_ROUNDS: int = _kingup.COURT_SIMULATION_ROUNDS
#: Longest save document ``Game.from_json`` reads, in bytes (16 MiB).
MAX_SAVE_LEN: int = _kingup.COURT_MAX_SAVE_LEN
#: The card keys by id, 0 to 19 (``"jester"`` .. ``"king"``).
CARDS: list[str] = _kingup.COURT_CARDS


def observation_field(name: str) -> slice:
    """The slice of the observation tensor holding field ``name`` (see
    ``OBSERVATION_FIELDS``); ``KeyError`` for a name that is no field."""
    start = 0
    for field, length in OBSERVATION_FIELDS:
        if field == name:
            return slice(start, start + length)
        start += length
    raise KeyError(f"no observation field {shown(name)}")


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment (``kingup.court.pettingzoo.env``; needs
    ``pettingzoo``)."""
    from . import pettingzoo

    return pettingzoo.env(**kwargs)
