"""King Up! (Viva il Re!) for Python: the reference rules engine, fast.

>>> import kingup
>>> g = kingup.Game(players=4, seed=7)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> len(g.winners) >= 1
True

See ``docs/python.md`` for the whole API, ``kingup.bots`` for the bots, ``kingup.arena``
for matches between bots, Python policies and other programs (``kingup.Engine``), and
``kingup.pettingzoo`` and ``kingup.openspiel`` for the adapters.
"""

from __future__ import annotations

from ._kingup import (
    MAX_DEALS,
    MAX_DECK_CARDS,
    MAX_ENGINE_TIME,
    MAX_ENTRANTS,
    MAX_ENVS,
    MAX_GAMES,
    MAX_NAME_CHARS,
    MAX_PLAYERS,
    MAX_SAVE_LEN,
    MAX_THREADS,
    MIN_PLAYERS,
    NUM_ACTIONS,
    NUM_CHANCE_OUTCOMES,
    OBSERVATION_FIELDS,
    OBSERVATION_LEN,
    ArenaResults,
    ArenaStanding,
    Engine,
    Event,
    Forfeits,
    Game,
    PlayerView,
    PublicView,
    SeatStanding,
    VectorEnv,
    __version__,
    chance_outcome_name,
)
from ._kingup import ArenaPart
from . import bots
from ._arena import arena
from ._simulate import Simulation, simulate
from ._types import Action, ChanceStep, Character, Floor, Phase, Vote
from .errors import shown as _shown
from .errors import (
    ChanceReason,
    EngineError,
    EntrantError,
    IllegalActionError,
    IllegalChanceError,
    IllegalReason,
    InvalidConfigError,
    InvalidStateError,
    KingupError,
    SeatError,
    UndoError,
    UndoReason,
)

__all__ = [
    "MAX_DEALS",
    "MAX_DECK_CARDS",
    "MAX_ENGINE_TIME",
    "MAX_ENTRANTS",
    "MAX_ENVS",
    "MAX_GAMES",
    "MAX_NAME_CHARS",
    "MAX_PLAYERS",
    "MAX_SAVE_LEN",
    "MAX_THREADS",
    "MIN_PLAYERS",
    "NUM_ACTIONS",
    "NUM_CHANCE_OUTCOMES",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LEN",
    "Action",
    "ArenaPart",
    "ArenaResults",
    "ArenaStanding",
    "ChanceReason",
    "ChanceStep",
    "Character",
    "Engine",
    "EngineError",
    "EntrantError",
    "Event",
    "Floor",
    "Forfeits",
    "Game",
    "IllegalActionError",
    "IllegalChanceError",
    "IllegalReason",
    "InvalidConfigError",
    "InvalidStateError",
    "KingupError",
    "Phase",
    "PlayerView",
    "PublicView",
    "SeatError",
    "SeatStanding",
    "Simulation",
    "UndoError",
    "UndoReason",
    "VectorEnv",
    "Vote",
    "__version__",
    "arena",
    "bots",
    "chance_outcome_name",
    "observation_field",
    "simulate",
]


def observation_field(name: str) -> slice:
    """The slice of the observation tensor holding field ``name`` (see
    ``OBSERVATION_FIELDS`` and ``docs/observation.md``)."""
    start = 0
    for field, length in OBSERVATION_FIELDS:
        if field == name:
            return slice(start, start + length)
        start += length
    raise KeyError(f"no observation field {_shown(name)}")
