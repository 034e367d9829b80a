"""Value types: characters, floors, votes, phases, actions (the dense index contract) and
chance steps."""

from __future__ import annotations

import operator
from enum import Enum, IntEnum
from typing import Literal, NamedTuple, SupportsIndex

from . import _kingup
from .errors import shown as _shown

__all__ = ["Action", "ChanceStep", "Character", "Floor", "Phase", "Vote"]

_LETTERS = "ABCDEFGILMNOP"


class Character(IntEnum):
    """The 13 characters, by stable id (the id is what counts, not the edition's name)."""

    ALIGHIERO = 0
    BEATRICE = 1
    CLEMENTE = 2
    DARIO = 3
    ERNESTO = 4
    FIORELLO = 5
    GIUSEPPE = 6
    IRINA = 7
    LEONARDO = 8
    MARTINO = 9
    NATALE = 10
    ODESSA = 11
    PIERO = 12

    @property
    def letter(self) -> str:
        """The letter printed on the piece: A B C D E F G I L M N O P (no H, J, K)."""
        return _LETTERS[self.value]

    @property
    def title(self) -> str:
        """The name as printed in the rulebooks, e.g. ``"Beatrice"``."""
        return self.name.capitalize()

    def __str__(self) -> str:
        return self.title

    @classmethod
    def parse(cls, text: str | SupportsIndex) -> Character:
        """A character from its letter (``"B"``), name (``"beatrice"``) or id (``1``)."""
        if isinstance(text, str):
            # Names are short: a longer text is refused without being read.
            key = text.strip().upper() if len(text) <= _kingup.MAX_NAME_CHARS else ""
            if len(key) == 1 and key in _LETTERS:
                return cls(_LETTERS.index(key))
            if key in cls.__members__:
                return cls[key]
            if key.isdecimal() and int(key) < len(cls):
                return cls(int(key))
            raise ValueError(
                f"not a character: {_shown(text)} (expected a letter A B C D E F G I L M N O "
                "P, a name or an id 0-12)"
            )
        if isinstance(text, bool):
            raise TypeError("a character is a letter, a name or an id, not a bool")
        return cls(operator.index(text))


class Floor(IntEnum):
    """The seven floors of the castle, 0 (Servants) to 6 (the Throne)."""

    SERVANTS = 0
    ARTISANS = 1
    MERCHANTS = 2
    OFFICIALS = 3
    DIGNITARIES = 4
    NOBLES = 5
    THRONE = 6

    @property
    def points(self) -> int:
        """Points a character on this floor scores: the floor number, 10 on the throne."""
        return 10 if self is Floor.THRONE else self.value

    @property
    def capacity(self) -> int:
        """Characters the floor holds at most: 4, or 1 on the throne."""
        return 1 if self is Floor.THRONE else 4

    @property
    def title(self) -> str:
        """The floor's name, e.g. ``"Officials"``."""
        return self.name.capitalize()

    def __str__(self) -> str:
        return self.title


class Vote(IntEnum):
    """A vote card."""

    YES = 0
    NO = 1

    def __str__(self) -> str:
        return self.name.capitalize()


class Phase(str, Enum):
    """Where a game stands: each round runs setup, placement, climb and vote, score."""

    SETUP = "setup"
    PLACEMENT = "placement"
    CLIMB = "climb"
    VOTE = "vote"
    SCORE = "score"
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


class Action(int):
    """A player's move, as its dense index (an ``int`` subclass, so it can be passed
    anywhere an action index is expected).

    ======== ==================================================
    index    action
    ======== ==================================================
    0..51    place character ``i // 4`` on floor ``1 + i % 4``
    52..64   climb character ``i - 52``
    65       vote Yes
    66       vote No
    ======== ==================================================

    ``str(action)`` is the core's notation: ``"B4"`` (place Beatrice on floor 4), ``"F"``
    (climb Fiorello), ``"yes"``, ``"no"``; ``Action.parse`` reads it back and
    ``action.describe()`` gives a sentence.
    """

    __slots__ = ()

    COUNT = 67
    CLIMB_BASE = 52
    VOTE_YES = 65
    VOTE_NO = 66

    def __new__(cls, index: SupportsIndex) -> Action:
        if isinstance(index, bool):
            raise TypeError("an action index is an int, not a bool")
        value = operator.index(index)
        if not 0 <= value < cls.COUNT:
            raise ValueError(f"action index {value} is out of range 0..67")
        return super().__new__(cls, value)

    @classmethod
    def place(cls, character: Character | str | SupportsIndex, floor: SupportsIndex) -> Action:
        """Place ``character`` on floor 1 to 4 (placement phase)."""
        if isinstance(floor, bool):
            raise TypeError("a floor is an int, not a bool")
        f = operator.index(floor)
        if not 1 <= f <= 4:
            raise ValueError(f"characters are placed on floors 1 to 4, not {f}")
        return cls(Character.parse(character) * 4 + f - 1)

    @classmethod
    def climb(cls, character: Character | str | SupportsIndex) -> Action:
        """Move ``character`` up one floor (climb phase)."""
        return cls(cls.CLIMB_BASE + Character.parse(character))

    @classmethod
    def vote(cls, vote: Vote | bool) -> Action:
        """Commit a vote: ``Vote.YES``/``True`` or ``Vote.NO``/``False``."""
        if isinstance(vote, bool):
            return cls(cls.VOTE_YES if vote else cls.VOTE_NO)
        return cls(cls.VOTE_YES + Vote(vote))

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written in the core's notation: ``"B4"``, ``"F"``, ``"yes"``, ``"no"``
        (any case, spaces around ignored). Raises ``ValueError`` for anything else."""
        return cls(_kingup.parse_action(text))

    @classmethod
    def all(cls) -> list[Action]:
        """Every action, in index order."""
        return [cls(i) for i in range(cls.COUNT)]

    @property
    def index(self) -> int:
        """The dense index as a plain ``int``."""
        return int(self)

    @property
    def kind(self) -> str:
        """``"place"``, ``"climb"`` or ``"vote"``."""
        if self < self.CLIMB_BASE:
            return "place"
        return "climb" if self < self.VOTE_YES else "vote"

    @property
    def character(self) -> Character | None:
        """The character placed or climbed; ``None`` for a vote."""
        if self < self.CLIMB_BASE:
            return Character(self // 4)
        if self < self.VOTE_YES:
            return Character(self - self.CLIMB_BASE)
        return None

    @property
    def floor(self) -> Floor | None:
        """The floor of a placement; ``None`` otherwise."""
        return Floor(1 + self % 4) if self < self.CLIMB_BASE else None

    @property
    def vote_cast(self) -> Vote | None:
        """The vote of a vote action; ``None`` otherwise."""
        return Vote(self - self.VOTE_YES) if self >= self.VOTE_YES else None

    def describe(self) -> str:
        """The core's sentence for the action, e.g. ``"place Beatrice on Officials (3)"``."""
        return _kingup.action_name(int(self))

    def __str__(self) -> str:
        return _kingup.action_notation(int(self))

    def __repr__(self) -> str:
        return f"Action({int(self)})"

    def __reduce__(self) -> tuple[type[Action], tuple[int]]:
        return (Action, (int(self),))


class ChanceStep(NamedTuple):
    """What the pending chance step decides (``Game.chance_step``).

    ``kind`` is ``"first_player"`` (who starts round 1), ``"deal"`` (``seat``'s objective
    card) or ``"layout"`` (the starting floor of ``character``, random-layout variant);
    ``str()`` is the core's description, e.g. ``"deal seat 2's objective"``.
    """

    kind: Literal["first_player", "deal", "layout"]
    seat: int | None
    """The seat being dealt, for a deal."""
    character: Character | None
    """The character being laid out, for a layout."""
    description: str

    def __str__(self) -> str:
        return self.description
