"""Bots: the engine's random, heuristic, ISMCTS and reader players, running in Rust.

>>> import kingup
>>> from kingup.bots import HeuristicBot, RandomBot
>>> g = kingup.Game(players=3, seed=1)
>>> bots = [HeuristicBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
>>> while not g.is_over:
...     seat = g.to_move
...     g.apply(bots[seat].choose(g, seat), seat)

A bot decides from one seat's view and nothing else: ``bot.choose(game, seat)`` hands
the engine's bot ``game.view(seat)`` only, so it can never read another seat's objective
or vote. ``bot.choose_view(view)`` decides from a ``PlayerView`` directly. A bot owns a
seeded random stream: the same seed and the same calls give the same actions, on every
platform. ``IsmctsBot`` and ``ReaderBot`` (the same search, reading each opponent over the
game: its card, and whether it plays by its card or at random) search with the GIL released.

Adapters: ``pettingzoo_action(bot, env)`` / ``policy(bot)`` for the PettingZoo AEC env of
``kingup.pettingzoo``, and ``openspiel_bot(bot, player_id)`` (a ``pyspiel.Bot`` for the
``kingup.openspiel`` game, so ``evaluate_bots`` plays it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._kingup import (
    MAX_ITERATIONS,
    MAX_TIME_LIMIT,
    Bot,
    Game,
    HeuristicBot,
    IsmctsBot,
    RandomBot,
    ReaderBot,
)
from .errors import IllegalActionError

if TYPE_CHECKING:
    from .openspiel import KingUpBot

__all__ = [
    "MAX_ITERATIONS",
    "MAX_TIME_LIMIT",
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "ReaderBot",
    "openspiel_bot",
    "pettingzoo_action",
    "policy",
]


def pettingzoo_action(bot: Bot, env: Any, agent: str | None = None) -> int | None:
    """The action ``bot`` plays for ``agent`` (default: the selected agent) of a
    ``kingup.pettingzoo`` environment, wrapped or not; ``None`` once the agent is
    terminated or truncated (what ``env.step`` then expects).

    The bot sees only ``agent``'s view of the game (``game.view(seat)``): the same
    information as the agent's observation, never another agent's secret.
    """
    raw: Any = getattr(env, "unwrapped", None)
    if not hasattr(raw, "seat_of"):
        raise TypeError("env is not a kingup.pettingzoo environment")
    selected = raw.agent_selection
    agent = selected if agent is None else agent
    seat = raw.seat_of(agent)  # kingup.SeatError for a name that is no agent
    if raw.terminations.get(agent, True) or raw.truncations.get(agent, True):
        return None
    if agent != selected:
        message = f"{agent} may not act now: it is {selected}'s turn"
        raise IllegalActionError(message, seat, None, "not_your_turn")
    game = raw.game
    if not isinstance(game, Game):
        raise TypeError("env is not a kingup.pettingzoo environment")
    return bot.choose(game, seat)


def policy(bot: Bot) -> Callable[[Any, str], int | None]:
    """``bot`` as a policy function ``(env, agent) -> action`` for the PettingZoo loop:

    >>> act = policy(RandomBot(seed=0))
    >>> for agent in env.agent_iter():         # doctest: +SKIP
    ...     env.step(act(env, agent))
    """

    def act(env: Any, agent: str) -> int | None:
        return pettingzoo_action(bot, env, agent)

    return act


def openspiel_bot(bot: Bot, player_id: int) -> KingUpBot:
    """``bot`` playing seat ``player_id`` as a ``pyspiel.Bot`` for the ``python_kingup``
    OpenSpiel game (needs ``open-spiel``)."""
    from .openspiel import KingUpBot

    return KingUpBot(bot, player_id)
