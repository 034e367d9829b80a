"""OpenSpiel game for King Up! (``pip install kingup[openspiel]``).

Importing this module registers ``"python_kingup"`` with ``pyspiel``:

>>> import pyspiel, kingup.openspiel
>>> game = pyspiel.load_game("python_kingup", {"players": 4})

Parameters: ``players`` (3 to 6, default 4), ``rounds`` (3 or 1), ``setup``
(``"placement"`` or ``"random"``). Chance steps (first player, deals, random layout) are
chance nodes with the engine's outcome indices and probabilities; the vote is a
simultaneous node where every seat picks Yes (65) or No (66); placements and climbs are
sequential. Rewards are the points each seat scores when a round is scored; returns
are the totals.

Joint actions follow OpenSpiel's convention. ``apply_actions(actions)`` takes one entry
per player: the seat's vote, or ``pyspiel.INVALID_ACTION`` (-1) for a seat with no legal
action (one that already voted, which happens only if ``state.game`` was played
directly). The whole joint action is checked before any of it is applied: a wrong length
raises ``IllegalActionError`` with reason ``not_a_joint_action``, an illegal entry the
engine's ``IllegalActionError`` for its seat, and the state is then unchanged. At the
vote, ``legal_actions()`` (no player) lists the flat joint actions and
``apply_action(flat)`` applies one: the digits of ``flat`` in the radix of each seat's
legal action count, seat 0 least significant (OpenSpiel's
``FlatJointActionToActions``).

- observation string and tensor: the seat's view (``PlayerView.info_state()`` and
  ``PlayerView.observation()``, see ``docs/observation.md``): everything public plus
  the seat's own objective and vote, summarised (not perfect recall).
- information state string: perfect recall, the seat's whole redacted event log in order.
- information state tensor: the observation tensor (a summary: it does not keep the
  order of moves; use the string where perfect recall matters).
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from . import _kingup
from ._kingup import Bot, Game
from ._types import Action, Phase
from .errors import IllegalActionError, IllegalReason, shown

__all__ = ["GAME_TYPE", "KingUpBot", "KingUpGame", "KingUpState", "load"]

_DEFAULTS: dict[str, Any] = {"players": 4, "rounds": 3, "setup": "placement"}

GAME_TYPE = pyspiel.GameType(
    short_name="python_kingup",
    long_name="Python King Up! (Viva il Re!)",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=_kingup.MAX_PLAYERS,
    min_num_players=_kingup.MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_DEFAULTS,
)


def _max_game_length(players: int, rounds: int) -> int:
    """Moves a game can take at most: per round 13 placements, 6 climbs per character,
    and at most 13 votes (each a simultaneous move) since each No eliminates one."""
    return rounds * (13 + 13 * 6 + 13)


class KingUpGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game: parameters, sizes, and a factory for states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = {**_DEFAULTS, **(params or {})}
        self.config = {k: config[k] for k in _DEFAULTS}
        probe = Game(chance="explicit", **self.config)  # validates the parameters
        players, rounds = probe.players, probe.rounds
        super().__init__(
            GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=_kingup.NUM_ACTIONS,
                max_chance_outcomes=_kingup.NUM_CHANCE_OUTCOMES,
                num_players=players,
                min_utility=0.0,
                max_utility=33.0 * rounds,
                utility_sum=None,
                max_game_length=_max_game_length(players, rounds),
            ),
            config,
        )

    def new_initial_state(self) -> KingUpState:
        return KingUpState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KingUpObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return KingUpObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class KingUpState(pyspiel.State):  # type: ignore[misc]
    """A state: a ``kingup.Game`` with explicit chance."""

    def __init__(self, game: KingUpGame) -> None:
        super().__init__(game)
        self.game = Game(chance="explicit", **game.config)
        self._rewards = np.zeros(self.game.players)

    def current_player(self) -> int:
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.phase is Phase.VOTE:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        seat = self.game.to_move
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            return list(range(self._joint_action_count()))
        return self.game.legal_actions(player)

    def _joint_action_count(self) -> int:
        """Flat joint actions at the vote: the product of the voters' legal counts."""
        count = 1
        for seat in range(self.game.players):
            count *= len(self.game.legal_actions(seat)) or 1
        return count

    def _flat_to_joint(self, flat: int) -> list[int]:
        """OpenSpiel's ``FlatJointActionToActions``: seat 0 the least significant digit,
        ``INVALID_ACTION`` for a seat without legal actions."""
        count = self._joint_action_count()
        if not 0 <= flat < count:
            message = f"flat joint action {flat} is out of range 0..{count}"
            raise IllegalActionError(message, None, flat, IllegalReason.NO_SUCH_ACTION.value)
        joint = []
        for seat in range(self.game.players):
            legal = self.game.legal_actions(seat)
            if legal:
                joint.append(legal[flat % len(legal)])
                flat //= len(legal)
            else:
                joint.append(pyspiel.INVALID_ACTION)
        return joint

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            self._apply_actions(self._flat_to_joint(action))
            return
        if self.game.is_chance:
            # Chance scores nothing; the points of the round just scored stay readable
            # until the next player decision, where OpenSpiel collects rewards.
            self.game.apply_chance(action)
            return
        before = self.game.totals
        self.game.apply(action)
        self._set_rewards(before)

    def _apply_actions(self, actions: list[int]) -> None:
        """Applies a joint action, whole or not at all: it is played on a copy of the game,
        which replaces the game only once every entry has been accepted."""
        players = self.game.players
        if len(actions) != players:
            message = (
                f"a joint action holds one entry per player ({players}), not "
                f"{len(actions)}: {shown(actions)}"
            )
            raise IllegalActionError(message, None, None, IllegalReason.NOT_A_JOINT_ACTION.value)
        voters = set(self.game.voters)
        trial = self.game.clone()
        for seat, action in enumerate(actions):
            if seat in voters:
                trial.apply(action, seat)  # raises the engine's error for an illegal vote
            elif action != pyspiel.INVALID_ACTION:
                # A seat that may not vote now: the engine raises, saying why.
                trial.apply(action, seat)
        before = self.game.totals
        self.game = trial
        self._set_rewards(before)

    def _set_rewards(self, before: list[int]) -> None:
        self._rewards = np.array(self.game.totals, dtype=np.float64) - before

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return _kingup.chance_outcome_name(action)
        return Action(action).describe()

    def is_terminal(self) -> bool:
        return self.game.is_over

    def rewards(self) -> npt.NDArray[np.float64]:
        return self._rewards

    def returns(self) -> npt.NDArray[np.float64]:
        return np.array(self.game.totals, dtype=np.float64)

    def __str__(self) -> str:
        """The full state, secrets included (for debugging, as OpenSpiel's games do)."""
        cards = [self.game.view(s).objective_card for s in range(self.game.players)]
        return f"{self.game}objective cards: {cards}"


class KingUpObserver:
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver)."""

    def __init__(self, iig_obs_type: Any) -> None:
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(_kingup.OBSERVATION_LEN, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KingUpState, player: int) -> None:
        view = state.game.view(player)
        self.tensor[:] = view.observation()
        if not self.private:
            _hide_private(self.tensor, view)

    def string_from(self, state: KingUpState, player: int) -> str:
        if self.perfect_recall:
            viewer = player if self.private else None
            events = "; ".join(str(e) for e in state.game.events(viewer))
            return f"seat {player}: {events}"
        view = state.game.view(player)
        text = view.info_state()
        if not self.private:
            text = text.rsplit(" own ", 1)[0]
        return text


def _hide_private(tensor: npt.NDArray[np.float32], view: Any) -> None:
    """Blanks a seat's own secrets from its observation (for public-only observers)."""
    start = 0
    fields = {}
    for name, length in _kingup.OBSERVATION_FIELDS:
        fields[name] = slice(start, start + length)
        start += length
    tensor[fields["objective"]] = 0
    tensor[fields["vote"]] = 0
    card = view.objective_card
    revealed = view.public.revealed_objective(view.public.round, view.seat)
    if card is not None and revealed is None:
        tensor[fields["seen_cards"].start + card] = 0


class KingUpBot(pyspiel.Bot):  # type: ignore[misc]
    """A ``kingup.bots`` bot playing seat ``player_id`` of the ``python_kingup`` game as a
    ``pyspiel.Bot`` (``evaluate_bots`` and OpenSpiel's other bot drivers accept it).

    At each decision, the vote included, it asks ``bot.choose(state.game, player_id)``:
    the bot sees only that seat's view of the state.
    """

    def __init__(self, bot: Bot, player_id: int) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(bot, Bot):
            raise TypeError(f"bot must be a kingup.bots.Bot, not {type(bot).__name__}")
        if isinstance(player_id, bool) or not hasattr(player_id, "__index__"):
            raise TypeError(f"player_id must be an int, not {type(player_id).__name__}")
        self.bot = bot
        self._player_id = operator.index(player_id)

    def player_id(self) -> int:
        return self._player_id

    def provides_policy(self) -> bool:
        return False

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot keeps no memory of the game beyond the view."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the next view holds what the bot may know of the action."""

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        """Nothing to do (see ``inform_action``)."""

    def step(self, state: Any) -> int:
        if not isinstance(state, KingUpState):
            raise TypeError(f"state must be a python_kingup state, not {type(state).__name__}")
        return self.bot.choose(state.game, self._player_id)


def load(**params: Any) -> Any:
    """``pyspiel.load_game("python_kingup", params)``."""
    return pyspiel.load_game("python_kingup", params)


pyspiel.register_game(GAME_TYPE, KingUpGame)
