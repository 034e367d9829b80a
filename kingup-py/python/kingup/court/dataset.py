"""To Court the King games as data: ``record`` writes court games between built-in bots
(``"greedy"``, ``"random"``, ``"mcts"``) to the schema of ``kingup.dataset``, whose
``load`` reads them (see ``docs/datasets.md``).

>>> import tempfile
>>> from kingup.court import dataset
>>> data = dataset.record(f"{tempfile.mkdtemp()}/d", games=4, bots=["greedy", "random"], seed=3)
>>> data.game, data.replay(2).is_over
('kingup-court', True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import SupportsIndex

from .._parallel import Backend
from ..dataset import SHARD_GAMES, Dataset, Reward, _record, load

__all__ = ["Dataset", "load", "record"]


def record(
    path: str | os.PathLike[str],
    games: SupportsIndex,
    bots: Sequence[str],
    *,
    players: SupportsIndex = 2,
    seed: SupportsIndex | None = None,
    rotate: bool = False,
    reward: Reward = "win",
    shard_games: SupportsIndex = SHARD_GAMES,
    backend: Backend = None,
    parts: int | None = None,
    threads: SupportsIndex | None = None,
    first_player: SupportsIndex | None = None,
    unlimited_jesters: bool = False,
    preroll_abilities: bool = True,
    max_rounds: SupportsIndex | None = None,
) -> Dataset:
    """Records ``games`` To Court the King games between built-in bots into the folder
    ``path``: ``kingup.dataset.record`` for this game (the same seeds, seats, shards and
    backends). Without ``max_rounds``, a game ends, truncated, after
    ``kingup.court.SIMULATION_ROUNDS`` rounds, as the arena's do."""
    settings = {
        "players": players,
        "first_player": first_player,
        "unlimited_jesters": unlimited_jesters,
        "preroll_abilities": preroll_abilities,
        "max_rounds": max_rounds,
    }
    return _record(
        path,
        "kingup-court",
        "court_record",
        settings,
        games,
        bots,
        seed=seed,
        rotate=rotate,
        reward=reward,
        shard_games=shard_games,
        backend=backend,
        parts=parts,
        threads=threads,
    )
