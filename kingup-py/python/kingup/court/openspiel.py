"""OpenSpiel game for To Court the King (``pip install kingup[openspiel]``).

Importing this module registers ``"python_kingup_court"`` with ``pyspiel``:

>>> import pyspiel, kingup.court.openspiel
>>> game = pyspiel.load_game("python_kingup_court", {"players": 3, "max_rounds": 2})

Parameters: ``players`` (2 to 5, default 4), ``max_rounds`` (normal rounds after which a
game without a King ends, truncated; default ``kingup.court.SIMULATION_ROUNDS``, 100: an
OpenSpiel game needs a bounded length), ``unlimited_jesters`` and ``preroll_abilities``
(the named variants, as ``kingup.court.Game``).

The game is sequential, with perfect information and explicit chance: the first player
(when drawn) and every die rolled are chance nodes, with the engine's outcome indices
(``0..6`` a die's face 1 to 6, ``6..12`` the first player) and probabilities (1/6 a face,
1/players a seat). The returns are the win: 1 for the winner, 0 for the others, and 0 for
everyone in a truncated game (general-sum), paid at the end (OpenSpiel's ``TERMINAL``
reward model, as its MCTS needs).

Observers: the observation tensor is the seat's ``Game.observation`` (everything is
public; the seat only orders the seat slots) and its string the state's summary from that
seat; the information state (perfect recall) is a string only, every step so far in the
core's notation.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from .. import _kingup
from .._kingup import CourtGame as Game
from ..errors import InvalidConfigError

__all__ = ["GAME_TYPE", "CourtGame", "CourtState", "load"]

_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "max_rounds": _kingup.COURT_SIMULATION_ROUNDS,
    "unlimited_jesters": False,
    "preroll_abilities": True,
}

#: Decisions one turn takes at most: 7 pre-roll cards, 19 rolls (each after the first
#: needs a die set aside), 18 set-asides (at most 18 dice a turn), 20 cards used (each
#: once), 3 x 18 dice picked for the Merchant, Noblewoman and Nobleman, and the purchase.
_TURN_DECISIONS = 7 + 19 + 18 + 20 + 3 * 18 + 1


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name="python_kingup_court",
        long_name="Python To Court the King (Alla corte del Re)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_kingup.COURT_MAX_PLAYERS,
        min_num_players=_kingup.COURT_MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_DEFAULTS,
    )


GAME_TYPE = _game_type()


class CourtGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game: parameters, sizes, and a factory for states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = {**_DEFAULTS, **(params or {})}
        unknown = set(config) - set(_DEFAULTS)
        if unknown:
            raise InvalidConfigError(f"unknown parameters: {sorted(unknown)}")
        self.config = config
        probe = Game(chance="explicit", **config)  # validates the parameters (the core)
        players = probe.players
        rounds = probe.max_rounds
        if rounds is None:  # unreachable through pyspiel, whose ints are never None
            raise InvalidConfigError("max_rounds must be an int: an OpenSpiel game is bounded")
        # Every normal round (the King round among them) and the final round: one turn a
        # seat each.
        max_length = (rounds + 1) * players * _TURN_DECISIONS
        super().__init__(
            GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=_kingup.COURT_NUM_ACTIONS,
                max_chance_outcomes=_kingup.COURT_NUM_CHANCE_OUTCOMES,
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=max_length,
            ),
            config,
        )

    def new_initial_state(self) -> CourtState:
        return CourtState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CourtObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return CourtObserver(bool(kind.perfect_recall))


class CourtState(pyspiel.State):  # type: ignore[misc]
    """A state: a ``kingup.court.Game`` with explicit chance."""

    def __init__(self, game: CourtGame) -> None:
        super().__init__(game)
        self.game = Game(chance="explicit", **game.config)

    def current_player(self) -> int:
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.game.to_move
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.game.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.game.is_chance:
            self.game.apply_chance(action)
        else:
            self.game.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return _kingup.court_chance_notation(action)
        return _kingup.court_action_notation(action)

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> npt.NDArray[np.float64]:
        return np.array(self.game.returns())

    def rewards(self) -> npt.NDArray[np.float64]:
        """The win, paid when the game ends (terminal rewards)."""
        return self.returns()

    def __str__(self) -> str:
        return summary(self.game)


def summary(game: Game) -> str:
    """The whole state in one line: who moves, the dice, every seat's cards, the display."""
    seats = "; ".join(
        f"seat {s}: {','.join(game.cards(s)) or '-'}" for s in range(game.players)
    )
    supply = ",".join("-" if n is None else str(n) for n in game.supply)
    return (
        f"{game!r} active {game.active} aside {game.aside} picked {game.picked} "
        f"used {','.join(game.used) or '-'}; {seats}; king {game.king} queen {game.queen} "
        f"best {game.best}; supply {supply}"
    )


class CourtObserver:
    """Observation tensors and strings, information-state strings (OpenSpiel's
    PyObserver)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        length = 0 if perfect_recall else _kingup.COURT_OBSERVATION_LEN
        self.tensor = np.zeros(length, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not perfect_recall:
            start = 0
            for name, size in _kingup.COURT_OBSERVATION_FIELDS:
                self.dict[name] = self.tensor[start : start + size]
                start += size

    def set_from(self, state: CourtState, player: int) -> None:
        if not self.perfect_recall:
            state.game.observation(player, out=self.tensor)

    def string_from(self, state: CourtState, player: int) -> str:
        if self.perfect_recall:
            return f"seat {player}: " + "; ".join(state.game.steps())
        return f"seat {player}: {summary(state.game)}"


def load(**params: Any) -> Any:
    """``pyspiel.load_game("python_kingup_court", params)``."""
    return pyspiel.load_game("python_kingup_court", params)


pyspiel.register_game(GAME_TYPE, CourtGame)
