"""``kingup.arena`` and ``kingup.court.arena``: the native arena, here or in parts on a
backend (Ray, an executor) joined into the same results."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any, SupportsIndex

from . import _kingup
from ._kingup import ArenaPart, ArenaResults
from ._parallel import Backend, parts_for, run_parts, split

__all__ = ["arena", "run_arena"]

Entrant = Any
"""A bot spec (``str``), a ``kingup.Engine`` or a ``(name, policy)`` tuple (see
``kingup.arena``)."""


def run_arena(
    play_part: Callable[..., ArenaPart],
    entrants: Iterable[Entrant],
    options: dict[str, Any],
    backend: Backend,
    parts: int | None,
) -> ArenaResults:
    """The arena of ``entrants`` and ``options``, played by ``play_part`` (the game's
    native arena: every deal, or ``start`` to ``stop``) here or on ``backend`` in
    ``parts`` parts, and joined: the same results, bit for bit."""
    if backend in (None, "local") and parts is None:
        return ArenaResults.join([play_part(entrants, **options)])
    if not isinstance(entrants, Iterable):
        raise TypeError(f"entrants must be an iterable, not {type(entrants).__name__}")
    # One more than an arena takes, so that the native check refuses too many.
    listed = list(itertools.islice(entrants, _kingup.MAX_ENTRANTS + 1))
    if backend not in (None, "local") and options.get("threads") is None:
        options = {**options, "threads": 1}
    # Checks every argument here, before anything is sent away; plays nothing.
    whole = play_part(listed, start=0, stop=0, **options).deals
    pieces = split(whole, parts_for(backend, parts))
    jobs = [(play_part, listed, options, p.start, p.stop) for p in pieces]
    cpus = int(options.get("threads") or 1)
    return ArenaResults.join(run_parts(backend, _play, jobs, cpus=cpus))


def _play(
    play_part: Callable[..., ArenaPart],
    entrants: list[Entrant],
    options: dict[str, Any],
    start: int,
    stop: int,
) -> ArenaPart:
    """One part of an arena (a module-level function: it is pickled by reference)."""
    return play_part(entrants, start=start, stop=stop, **options)


def arena(
    entrants: Iterable[Entrant],
    *,
    players: SupportsIndex = 4,
    deals: SupportsIndex = 100,
    seed: SupportsIndex = 0,
    threads: SupportsIndex | None = None,
    backend: Backend = None,
    parts: int | None = None,
) -> ArenaResults:
    """Plays an arena of King Up! between ``entrants``: duplicate, seat-rotated deals with
    win rates, confidence intervals and Weng-Lin ratings (see ``docs/python.md``).

    Each entrant is a bot spec (``"ismcts:300"``), a ``(name, policy)`` tuple, where
    ``policy(view)`` returns an action index for the seat's ``PlayerView``, or a
    ``kingup.Engine``: another program that plays over the bot protocol
    (``docs/protocol.md``), started once before play (``EngineError`` if it cannot
    start); its forfeited moves are in ``ArenaStanding.forfeits``. ``deals``
    deals (1 to ``kingup.MAX_DEALS``) are played from ``seed`` on ``threads`` threads
    (default: every core; Python policies play on one).

    ``backend`` runs the deals in ``parts`` parts elsewhere and joins them: ``"ray"``
    (Ray tasks, one part per CPU of the cluster by default, each on one thread unless
    ``threads`` says), a ``concurrent.futures.Executor``, or ``None`` (here). The results
    are the same as here, bit for bit, whatever the backend and the parts, as long as
    every policy's choice depends only on the view it is given (a part plays with a copy
    of each policy, pickled: policies must pickle for a remote backend; each part starts
    its own engine processes, so an engine's command must run where the part runs).
    """
    options: dict[str, Any] = {"players": players, "deals": deals, "seed": seed, "threads": threads}
    return run_arena(_kingup.arena_part, entrants, options, backend, parts)
