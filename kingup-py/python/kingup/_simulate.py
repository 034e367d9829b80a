"""``kingup.simulate``: many uniformly random games, played in Rust."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, SupportsIndex

import numpy as np
import numpy.typing as npt

from . import _kingup
from ._parallel import Backend, parts_for, run_parts, split

if TYPE_CHECKING:
    from ._kingup import Cards

__all__ = ["Simulation", "run_simulation", "simulate"]

Columns = dict[str, npt.NDArray[Any]]


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
    backend: Backend = None,
    parts: int | None = None,
) -> Simulation:
    """Plays ``games`` games (0 to ``kingup.MAX_GAMES``) where every seat picks uniformly
    among its legal actions.

    Game ``i`` uses seed ``seed + i``: it is the game ``Game(players, seed=seed + i,
    ...).play_random()`` plays, whatever ``threads`` is. The games run in Rust with the
    GIL released, split over ``threads`` OS threads (1 to ``kingup.MAX_THREADS``;
    default: every core available). Ctrl-C stops it within milliseconds
    (``KeyboardInterrupt``).

    ``backend`` plays the games in ``parts`` parts elsewhere: ``"ray"`` (Ray tasks, one
    part per CPU of the cluster by default, each on one thread unless ``threads`` says),
    a ``concurrent.futures.Executor``, or ``None`` (here). The rows are the same as here,
    bit for bit: part ``k`` plays its games with their own seeds.
    """
    if backend not in (None, "local") or parts is not None:
        deck = _cards(deck)
    options = {
        "players": players,
        "rounds": rounds,
        "setup": setup,
        "first_player": first_player,
        "deck": deck,
        "threads": threads,
    }
    out = run_simulation(_kingup.simulate, games, seed, options, backend, parts)
    return Simulation(
        scores=out["scores"],
        winners=out["winners"],
        lengths=out["lengths"],
        round_scores=out["round_scores"],
        first_player=out["first_player"],
    )



def run_simulation(
    simulate: Callable[..., Columns],
    games: SupportsIndex,
    seed: SupportsIndex | None,
    options: dict[str, Any],
    backend: Backend,
    parts: int | None,
) -> Columns:
    """The columns ``simulate(games, seed=seed, **options)`` gives, played on ``backend`` in
    ``parts`` parts (game ``i`` has seed ``seed + i`` in whichever part it falls) and
    joined in order."""
    if backend in (None, "local") and parts is None:
        return simulate(games, seed=seed, **options)
    if backend not in (None, "local") and options.get("threads") is None:
        options = {**options, "threads": 1}
    # Checks every argument here, before anything is sent away; plays nothing.
    empty = simulate(0, seed=seed, **options)
    start = 0 if seed is None else operator.index(seed)
    pieces = split(operator.index(games), parts_for(backend, parts))
    if not pieces:
        return empty
    jobs = [(simulate, len(p), (start + p.start) % 2**64, options) for p in pieces]
    cpus = int(options.get("threads") or 1)
    done = run_parts(backend, _part, jobs, cpus=cpus)
    return {name: np.concatenate([part[name] for part in done]) for name in empty}


def _part(
    simulate: Callable[..., Columns], games: int, seed: int, options: dict[str, Any]
) -> Columns:
    """One part of a simulation (a module-level function: it is pickled by reference)."""
    return simulate(games, seed=seed, **options)


def _cards(deck: Any) -> Any:
    """``deck`` as lists that pickle and can be read more than once (a generator cannot),
    read no further than a deck may hold (one more card, or letter, is enough for the
    native check to refuse it); anything else as it is, for the native check to refuse."""
    if deck is None or isinstance(deck, str) or not isinstance(deck, Iterable):
        return deck
    cards = itertools.islice(deck, _kingup.MAX_DECK_CARDS + 1)
    return [
        card if isinstance(card, str) or not isinstance(card, Iterable) else list(itertools.islice(card, 7))
        for card in cards
    ]
