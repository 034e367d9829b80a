"""``kingup.simulate``: many uniformly random games, played in Rust."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, SupportsIndex

import numpy as np
import numpy.typing as npt

from . import _kingup

if TYPE_CHECKING:
    from ._kingup import Cards

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
    players: SupportsIndex = 4,
    seed: SupportsIndex = 0,
    *,
    rounds: SupportsIndex = 3,
    setup: str = "placement",
    first_player: SupportsIndex | None = None,
    deck: Cards | None = None,
    threads: SupportsIndex | None = None,
) -> Simulation:
    """Plays ``games`` games (0 to ``kingup.MAX_GAMES``) where every seat picks uniformly
    among its legal actions.

    Game ``i`` uses seed ``seed + i``: it is the game ``Game(players, seed=seed + i,
    ...).play_random()`` plays, whatever ``threads`` is. The games run in Rust with the
    GIL released, split over ``threads`` OS threads (1 to ``kingup.MAX_THREADS``;
    default: every core available). Ctrl-C stops it within milliseconds
    (``KeyboardInterrupt``).
    """
    out = _kingup.simulate(
        games,
        players=players,
        seed=seed,
        rounds=rounds,
        setup=setup,
        first_player=first_player,
        deck=deck,
        threads=threads,
    )
    return Simulation(
        scores=out["scores"],
        winners=out["winners"],
        lengths=out["lengths"],
        round_scores=out["round_scores"],
        first_player=out["first_player"],
    )

