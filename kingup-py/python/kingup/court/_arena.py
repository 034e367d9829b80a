"""``kingup.court.arena``: ``kingup.arena`` for To Court the King's bots."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex

from .. import _kingup
from .._arena import Entrant, run_arena
from .._kingup import ArenaResults
from .._parallel import Backend

__all__ = ["arena"]


def arena(
    entrants: Iterable[Entrant],
    *,
    players: SupportsIndex = 2,
    deals: SupportsIndex = 100,
    seed: SupportsIndex = 0,
    threads: SupportsIndex | None = None,
    max_rounds: SupportsIndex | None = 100,
    unlimited_jesters: bool = False,
    preroll_abilities: bool = True,
    backend: Backend = None,
    parts: int | None = None,
) -> ArenaResults:
    """Plays an arena of To Court the King between ``entrants``, as ``kingup.arena`` does
    (bots: ``"greedy"``, ``"random"``, ``"mcts"``; policies get a ``court.PlayerView``),
    each game ending at its last round or after ``max_rounds`` rounds (truncated: nobody
    wins). ``backend`` and ``parts`` run it elsewhere in parts, as for ``kingup.arena``."""
    options: dict[str, Any] = {
        "players": players,
        "deals": deals,
        "seed": seed,
        "threads": threads,
        "max_rounds": max_rounds,
        "unlimited_jesters": unlimited_jesters,
        "preroll_abilities": preroll_abilities,
    }
    return run_arena(_kingup.court_arena_part, entrants, options, backend, parts)
