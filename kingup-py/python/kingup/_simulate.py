"""``kingup.simulate``: many uniformly random games, played in Rust."""

from __future__ import annotations

import operator
from typing import NamedTuple, SupportsIndex

import numpy as np
import numpy.typing as npt

from . import _kingup

__all__ = ["Simulation", "simulate"]


class Simulation(NamedTuple):
    """The results of ``simulate``, one row per game (``games`` rows)."""

    scores: npt.NDArray[np.uint16]
    """Total points, shape ``(games, players)``."""
    winners: npt.NDArray[np.bool_]
    """Whether each seat won (ties share the win), shape ``(games, players)``."""
    lengths: npt.NDArray[np.uint32]
    """Player actions in each game (votes included, chance steps not), shape ``(games,)``."""
    round_scores: npt.NDArray[np.uint8]
    """Points of each round, shape ``(games, rounds, players)``."""
    first_player: npt.NDArray[np.int8]
    """The seat that started round 1, shape ``(games,)``."""


def simulate(
    games: SupportsIndex,
    players: int = 4,
    seed: int = 0,
    *,
    rounds: int = 3,
    setup: str = "placement",
    first_player: int | None = None,
    threads: SupportsIndex | None = None,
) -> Simulation:
    """Plays ``games`` games where every seat picks uniformly among its legal actions.

    Game ``i`` uses seed ``seed + i``: it is the game ``Game(players, seed=seed + i,
    ...).play_random()`` plays, whatever ``threads`` is. The games run in Rust with the
    GIL released, split over ``threads`` OS threads (default: every core available).
    """
    count = _count(games, "games")
    out = _kingup.simulate(
        count,
        players=players,
        seed=seed,
        rounds=rounds,
        setup=setup,
        first_player=first_player,
        threads=None if threads is None else _count(threads, "threads"),
    )
    return Simulation(
        scores=out["scores"],
        winners=out["winners"],
        lengths=out["lengths"],
        round_scores=out["round_scores"],
        first_player=out["first_player"],
    )


def _count(value: SupportsIndex, what: str) -> int:
    """A non-negative int argument (NumPy integers accepted, bools refused)."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an int, not bool")
    try:
        count = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None
    if count < 0:
        raise ValueError(f"{what} must be >= 0, not {count}")
    return count
