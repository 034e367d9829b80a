"""Typed exceptions. Every one is a ``KingupError`` and a ``ValueError``; after any of
them the game is exactly as it was before the call that raised it."""

from __future__ import annotations

import reprlib
from enum import Enum
from typing import Any

__all__ = [
    "ChanceReason",
    "EngineError",
    "CourtIllegalActionError",
    "CourtIllegalReason",
    "EntrantError",
    "IllegalActionError",
    "IllegalChanceError",
    "IllegalReason",
    "InvalidConfigError",
    "InvalidStateError",
    "KingupError",
    "SeatError",
    "UndoError",
    "UndoReason",
]


class IllegalReason(str, Enum):
    """Why an action was refused: the core's codes (``IllegalReason::code``), and two of
    the binding's: ``no_such_action`` for an index outside ``0..67``, and
    ``not_a_joint_action`` for an OpenSpiel joint action that does not hold one entry per
    player."""

    NO_SUCH_ACTION = "no_such_action"
    NOT_A_JOINT_ACTION = "not_a_joint_action"
    GAME_OVER = "game_over"
    CHANCE_PENDING = "chance_pending"
    NO_SUCH_SEAT = "no_such_seat"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_VOTED = "already_voted"
    ALREADY_PLACED = "already_placed"
    FLOOR_NOT_ALLOWED = "floor_not_allowed"
    FLOOR_FULL = "floor_full"
    NOT_IN_CASTLE = "not_in_castle"
    NO_NO_CARD_LEFT = "no_no_card_left"


class ChanceReason(str, Enum):
    """Why a chance outcome was refused: the core's codes (``ChanceReason::code``, and
    ``no_such_outcome`` for an index outside ``0..42``)."""

    NO_SUCH_OUTCOME = "no_such_outcome"
    NOT_CHANCE = "not_chance"
    WRONG_STEP = "wrong_step"
    NO_SUCH_SEAT = "no_such_seat"
    CARD_UNAVAILABLE = "card_unavailable"
    FLOOR_UNAVAILABLE = "floor_unavailable"


class UndoReason(str, Enum):
    """Why ``Game.undo`` took nothing back (the core's ``UndoError`` codes)."""

    NOTHING_TO_UNDO = "nothing_to_undo"
    NOT_YOUR_STEP = "not_your_step"
    REVEALED = "revealed"


class KingupError(Exception):
    """Base class of every kingup error."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message,))


class EntrantError(KingupError, ValueError):
    """A Python entrant of ``kingup.arena`` failed, which stops the arena: its policy
    raised (that exception is the ``__cause__``), returned something other than an int, or
    chose an action its seat may not play. ``entrant`` is the entrant's name."""

    def __init__(self, message: str, entrant: str) -> None:
        super().__init__(message)
        self.entrant = entrant

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.entrant))


class EngineError(EntrantError):
    """An engine entrant (``kingup.Engine``) of ``kingup.arena`` could not start before
    play: its program did not run, or did not answer the protocol's ``hello`` with a
    ``ready`` in its handshake time. The message says which and why; ``entrant`` is the
    engine's name. (Once play has begun, an engine that fails forfeits its moves instead:
    see ``ArenaStanding.forfeits``.)"""


class IllegalActionError(KingupError, ValueError):
    """An action was refused: ``seat`` may not play ``action`` now, for ``reason``.

    ``action`` is ``None`` when a bot was asked to act for a seat that may not act at all
    (``reason`` says why: ``not_your_turn``, ``already_voted``, ``game_over``,
    ``chance_pending``). ``env`` is the index of the environment in a ``VectorEnv`` whose
    action was refused, else ``None``."""

    def __init__(
        self,
        message: str,
        seat: int | None,
        action: int | None,
        reason: str,
        env: int | None = None,
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action
        self.reason = IllegalReason(reason)
        self.env = env

    def __reduce__(self) -> tuple[Any, ...]:
        args = (self.message, self.seat, self.action, self.reason.value, self.env)
        return (type(self), args)


class IllegalChanceError(KingupError, ValueError):
    """A chance outcome was refused (explicit chance mode)."""

    def __init__(self, message: str, outcome: int, reason: str) -> None:
        super().__init__(message)
        self.outcome = outcome
        self.reason = ChanceReason(reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.outcome, self.reason.value))


class CourtIllegalReason(str, Enum):
    """Why To Court the King's rules refused an action (``kingup.court``): the court
    engine's codes (``IllegalReason::code`` in ``kingup-court``), and ``no_such_action``
    for an index outside ``0..238``."""

    NO_SUCH_ACTION = "no_such_action"
    NO_SUCH_SEAT = "no_such_seat"
    GAME_OVER = "game_over"
    CHANCE_PENDING = "chance_pending"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    SELECTING = "selecting"
    NOT_OWNED = "not_owned"
    ALREADY_USED = "already_used"
    PRE_ROLL_OFF = "pre_roll_off"
    NO_ACTIVE_DIE = "no_active_die"
    NOT_SET_ASIDE = "not_set_aside"
    MUST_SET_ASIDE = "must_set_aside"
    PICK_ORDER = "pick_order"
    ALREADY_OWNED = "already_owned"
    SOLD_OUT = "sold_out"
    COST_NOT_MET = "cost_not_met"
    NO_FACE_UP_JESTER = "no_face_up_jester"
    FACE_UP_JESTER = "face_up_jester"
    CHARLATAN_LIMIT = "charlatan_limit"


class CourtIllegalActionError(IllegalActionError):
    """An action of To Court the King (``kingup.court``) was refused: ``seat`` may not
    play ``action`` now, for ``reason`` (a ``CourtIllegalReason``). It is an
    ``IllegalActionError``, so code that catches those catches it; ``action`` is ``None``
    when a court bot was asked to act for a seat that may not act."""

    reason: CourtIllegalReason  # type: ignore[assignment]  # the court's own codes

    def __init__(
        self,
        message: str,
        seat: int | None,
        action: int | None,
        reason: str,
        env: int | None = None,
    ) -> None:
        KingupError.__init__(self, message)
        self.seat = seat
        self.action = action
        self.reason = CourtIllegalReason(reason)
        self.env = env


class InvalidConfigError(KingupError, ValueError):
    """The game's configuration is not playable (players, rounds, deck, first player...),
    or a setting is out of its range. ``reason`` is the core's code when it has one (bot
    settings: ``"iterations"``, ``"exploration"``, ``"time_limit"``), else ``None``."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.reason))


class InvalidStateError(KingupError, ValueError):
    """A save document (JSON, pickle) or a view is malformed or describes an impossible
    game.

    ``reason``, for a save document (``Game.from_json``, unpickling), is the core's
    ``LoadError`` code: ``"malformed"``, ``"too_long"``, ``"version"``, ``"generator"``,
    ``"chance_pending"``, ``"invalid_config"``, or the refused step's own reason
    (``"card_unavailable"``, ``"not_your_turn"``...). For views and events it is ``None``."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.reason))


class SeatError(KingupError, ValueError):
    """The seat does not play in this game. ``reason`` is ``"no_such_seat"``. ``seat`` is
    the seat number asked for; ``None`` when a name (a PettingZoo agent) names no seat."""

    def __init__(self, message: str, seat: int | None, reason: str = "no_such_seat") -> None:
        super().__init__(message)
        self.seat = seat
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.seat, self.reason))


class UndoError(KingupError, ValueError):
    """``Game.undo(seat)`` took nothing back: nothing was played (``nothing_to_undo``), the
    last step is another seat's (``not_your_step``), or information was revealed since
    (``revealed``: a chance step, a vote reveal, random play)."""

    def __init__(self, message: str, seat: int, reason: str) -> None:
        super().__init__(message)
        self.seat = seat
        self.reason = UndoReason(reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.seat, self.reason.value))


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6
_REPR.maxlevel = 2


def shown(value: object) -> str:
    """``value`` as an error message quotes an input: a ``repr`` cut to about 40
    characters (the same bound as the native module's), built without reading a huge
    input whole."""
    return _REPR.repr(value)
