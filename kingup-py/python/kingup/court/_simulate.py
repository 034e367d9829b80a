"""``kingup.court.simulate``: many uniformly random games of To Court the King, played in
Rust on the runner of ``kingup.simulate``."""

from __future__ import annotations

from typing import NamedTuple, SupportsIndex

import numpy as np
import numpy.typing as npt

from .. import _kingup
from .._parallel import Backend
from .._simulate import run_simulation
from ..errors import InvalidConfigError

__all__ = ["Simulation", "simulate"]


class Simulation(NamedTuple):
    """The results of ``court.simulate``, one row per game (``games`` rows)."""

    scores: npt.NDArray[np.uint8]
    """Cards each seat owns at the end (the score court tournaments rank by), shape
    ``(games, players)``."""
    winners: npt.NDArray[np.bool_]
    """Whether each seat won (none in a truncated game), shape ``(games, players)``."""
    lengths: npt.NDArray[np.uint32]
    """Player actions in each game (dice rolls not counted), shape ``(games,)``."""
    rounds: npt.NDArray[np.uint32]
    """Rounds played, the final round included, shape ``(games,)``."""
    truncated: npt.NDArray[np.bool_]
    """Whether the game reached ``max_rounds`` without a King, shape ``(games,)``."""


def simulate(
    games: SupportsIndex,
    players: SupportsIndex = 4,
    seed: SupportsIndex = 0,
    *,
    max_rounds: SupportsIndex = _kingup.COURT_SIMULATION_ROUNDS,
    first_player: SupportsIndex | None = None,
    unlimited_jesters: bool = False,
    preroll_abilities: bool = True,
    threads: SupportsIndex | None = None,
    backend: Backend = None,
    parts: int | None = None,
) -> Simulation:
    """Plays ``games`` games (0 to ``kingup.MAX_GAMES``) where every seat picks uniformly
    among its legal actions.

    Game ``i`` uses seed ``seed + i``: it is the game ``court.Game(players, seed=seed + i,
    max_rounds=max_rounds, ...).play_random()`` plays, whatever ``threads`` is. Random
    players rarely buy the King, so the games are bounded: ``max_rounds`` (default
    ``court.SIMULATION_ROUNDS``, 100) normal rounds, then the game ends truncated; ``None``
    is refused. The games run in Rust with the GIL released, split over ``threads`` OS
    threads (1 to ``kingup.MAX_THREADS``; default: every core available). Ctrl-C stops it
    within milliseconds (``KeyboardInterrupt``). ``backend`` and ``parts`` play it
    elsewhere in parts, as for ``kingup.simulate``: the same rows, bit for bit.
    """
    if max_rounds is None:
        message = "max_rounds must be a number for a simulation: random players rarely buy the King"
        raise InvalidConfigError(message, "max_rounds")
    options = {
        "players": players,
        "first_player": first_player,
        "unlimited_jesters": unlimited_jesters,
        "preroll_abilities": preroll_abilities,
        "max_rounds": max_rounds,
        "threads": threads,
    }
    out = run_simulation(_kingup.court_simulate, games, seed, options, backend, parts)
    return Simulation(
        scores=out["scores"],
        winners=out["winners"],
        lengths=out["lengths"],
        rounds=out["rounds"],
        truncated=out["truncated"],
    )
