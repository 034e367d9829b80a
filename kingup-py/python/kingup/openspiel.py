"""OpenSpiel game for King Up! (``pip install kingup[openspiel]``).

Importing this module registers ``"python_kingup"`` with ``pyspiel``:

>>> import pyspiel, kingup.openspiel
>>> game = pyspiel.load_game("python_kingup", {"players": 4})

Parameters: ``players`` (3 to 6, default 4), ``rounds`` (3 or 1), ``setup``
(``"placement"`` or ``"random"``), ``reward`` and ``vote``:

- ``reward``: the project's one reward vocabulary (``kingup.Game.returns``). ``"win"``
  (default): the win share at the end (1 split among tied winners; constant-sum 1);
  ``"points"``: each round's points when it is scored, returns the totals (general-sum);
  ``"margin"``: at the end, the total minus the mean of the others' (zero-sum). Rewards
  are paid at the step that earns them, so they add up to the returns.
- ``start``: ``""`` (default), or a save document (``kingup.Game.to_json()``) of a game
  with ``chance="explicit"`` and the same players, rounds and setup: every state starts
  from that position (an endgame, say, for algorithms that cannot search a whole game,
  such as external-sampling MCCFR). The game keeps it as ``b64:`` and the document in
  URL-safe base64, a form OpenSpiel's game strings can hold, so such a game and its states
  serialize and reload (``pyspiel.serialize_game_and_state``); either form is accepted.
- ``vote``: ``"simultaneous"`` (default): the vote is a simultaneous node where every
  seat picks Yes (65) or No (66); ``"sequential"``: the voters act one at a time, lowest
  seat first, each seeing none of the votes committed before its own (the game is then
  sequential, for algorithms that need it: ISMCTS, MCCFR).

Chance steps (first player, deals, random layout) are chance nodes with the engine's
outcome indices and probabilities; placements and climbs are sequential.

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

Observers (``make_py_observer``, OpenSpiel's ``IIGObservationType``):

- observation (not perfect recall), string and tensor: the seat's view
  (``PlayerView.info_state()`` and ``PlayerView.observation()``, see
  ``docs/observation.md``): everything public plus the seat's own objective and vote, a
  Markov summary. Public only (``private_info=NONE``): the same with the seat's secrets
  blanked; private only (``public_info=False``): the secrets alone.
- information state (perfect recall): the string is the seat's event log in order
  (``Game.events(seat)``: its own actions and every public event, its own committed vote
  included, other seats' secrets redacted); the tensor is the observation followed by
  every placement, climb and vote in order (``history``: per move, the mover's seat
  relative to the viewer, one-hot 6, then the action, one-hot 67; another seat's vote
  stays blank until the reveal). Public only: the spectator's log and tensor.

``state.resample_from_infostate(player, sampler)`` is the core's information-set sampling
(``kingup.Game.sample``): a state drawn uniformly among those the player cannot tell
from this one, seeded from ``sampler``.
"""

from __future__ import annotations

import base64
import binascii
import operator
from typing import Any, Callable

import numpy as np
import numpy.typing as npt
import pyspiel

from . import _kingup
from ._kingup import Bot, Game
from ._types import Action, Character, Phase
from .errors import IllegalActionError, IllegalReason, InvalidConfigError, shown

__all__ = ["GAME_TYPE", "KingUpBot", "KingUpGame", "KingUpState", "load"]

_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "rounds": 3,
    "setup": "placement",
    "reward": "win",
    "vote": "simultaneous",
    "start": "",
}
_RULES = ("players", "rounds", "setup")
_UTILITY = {
    "win": pyspiel.GameType.Utility.CONSTANT_SUM,
    "points": pyspiel.GameType.Utility.GENERAL_SUM,
    "margin": pyspiel.GameType.Utility.ZERO_SUM,
}
_REWARD_MODEL = {
    True: pyspiel.GameType.RewardModel.REWARDS,
    False: pyspiel.GameType.RewardModel.TERMINAL,
}
_DYNAMICS = {
    "simultaneous": pyspiel.GameType.Dynamics.SIMULTANEOUS,
    "sequential": pyspiel.GameType.Dynamics.SEQUENTIAL,
}
# Per move in the information-state tensor's history: mover (relative seat), action.
_SEAT_SLOTS = _kingup.MAX_PLAYERS
_MOVE_LEN = _SEAT_SLOTS + _kingup.NUM_ACTIONS


def _game_type(vote: str = "simultaneous", reward: str = "win") -> Any:
    return pyspiel.GameType(
        short_name="python_kingup",
        long_name="Python King Up! (Viva il Re!)",
        dynamics=_DYNAMICS[vote],
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[reward],
        # Only points are paid along the way; the other returns are terminal (as
        # OpenSpiel's MCTS needs).
        reward_model=_REWARD_MODEL[reward == "points"],
        max_num_players=_kingup.MAX_PLAYERS,
        min_num_players=_kingup.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=_DEFAULTS,
    )


GAME_TYPE = _game_type()


def _max_moves(players: int, rounds: int, vote: str) -> int:
    """Moves a game can take at most: per round 13 placements, 6 climbs per character,
    and at most 13 votes (each No eliminates one), each one simultaneous move or one
    move per seat."""
    votes = 13 if vote == "simultaneous" else 13 * players
    return rounds * (13 + 13 * 6 + votes)


class KingUpGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game: parameters, sizes, and a factory for states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = {**_DEFAULTS, **(params or {})}
        unknown = set(config) - set(_DEFAULTS)
        if unknown:
            raise InvalidConfigError(f"unknown parameters: {sorted(unknown)}")
        self.config = {k: config[k] for k in _RULES}
        self.vote = config["vote"]
        if self.vote not in _DYNAMICS:
            message = f'vote must be "simultaneous" or "sequential", not {shown(self.vote)}'
            raise InvalidConfigError(message)
        probe = Game(chance="explicit", **self.config)  # validates the rules' parameters
        self.start = _start(config["start"], probe)
        # OpenSpiel writes a game as `python_kingup(name=value,...)`, which a save's commas
        # would break: the game keeps its start in a form without them.
        config["start"] = _start_param(self.start)
        self.reward = config["reward"]
        probe.returns(self.reward)  # validates the reward (the core's vocabulary)
        players, rounds = probe.players, probe.rounds
        self.max_moves = _max_moves(players, rounds, self.vote)
        most = 33.0 * rounds
        low, high, total = {"win": (0.0, 1.0, 1.0), "points": (0.0, most, None)}.get(
            self.reward, (-most, most, 0.0)
        )
        super().__init__(
            _game_type(self.vote, self.reward),
            pyspiel.GameInfo(
                num_distinct_actions=_kingup.NUM_ACTIONS,
                max_chance_outcomes=_kingup.NUM_CHANCE_OUTCOMES,
                num_players=players,
                min_utility=low,
                max_utility=high,
                utility_sum=total,
                max_game_length=self.max_moves,
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
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return KingUpObserver(kind, self.max_moves)


class KingUpState(pyspiel.State):  # type: ignore[misc]
    """A state: a ``kingup.Game`` with explicit chance."""

    def __init__(self, game: KingUpGame, start: Game | None = None) -> None:
        super().__init__(game)
        if start is None:
            start = game.start.clone() if game.start else Game(chance="explicit", **game.config)
        self.game = start
        self._reward = game.reward
        self._simultaneous = game.vote == "simultaneous"
        self._rewards = np.zeros(self.game.players)

    def current_player(self) -> int:
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        if self._simultaneous and self.game.phase is Phase.VOTE:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        seat = self.game.to_move  # in a sequential vote, the lowest seat still to vote
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
        before = self.game.returns(self._reward)
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
            if seat in voters or action != pyspiel.INVALID_ACTION:
                # The engine raises for an illegal vote, or a seat that may not vote now.
                trial.apply(action, seat)
        before = self.game.returns(self._reward)
        self.game = trial
        self._set_rewards(before)

    def _set_rewards(self, before: list[float]) -> None:
        self._rewards = np.array(self.game.returns(self._reward)) - before

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return _kingup.chance_outcome_name(action)
        return Action(action).describe()

    def is_terminal(self) -> bool:
        return self.game.is_over

    def rewards(self) -> npt.NDArray[np.float64]:
        return self._rewards

    def returns(self) -> npt.NDArray[np.float64]:
        return np.array(self.game.returns(self._reward))

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> KingUpState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one
        (the core's ``Session::sample``), seeded by two draws of ``probability_sampler``."""
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        state = KingUpState(self.get_game(), self.game.sample(player_id, seed=seed))
        state._rewards = self._rewards.copy()
        return state

    def __str__(self) -> str:
        """The full state, secrets included (for debugging, as OpenSpiel's games do)."""
        cards = [self.game.view(s).objective_card for s in range(self.game.players)]
        return f"{self.game}objective cards: {cards}"


#: Prefix of the ``start`` parameter in the form OpenSpiel's game strings can hold.
_START_PREFIX = "b64:"


def _start_param(start: Game | None) -> str:
    """The ``start`` parameter as the game keeps it: ``""``, or ``b64:`` and the save
    document in URL-safe base64 without padding (no comma, parenthesis or ``=``)."""
    if start is None:
        return ""
    encoded = base64.urlsafe_b64encode(start.to_json().encode()).decode().rstrip("=")
    return _START_PREFIX + encoded


def _start(save: str, probe: Game) -> Game | None:
    """The game of the ``start`` parameter (``None`` for ``""``): a save document with
    explicit chance and the parameters' rules, as JSON or as ``_start_param`` writes it."""
    if not isinstance(save, str):
        raise TypeError(f"start must be a str, not {type(save).__name__}")
    if save == "":
        return None
    if save.startswith(_START_PREFIX):
        text = save[len(_START_PREFIX) :]
        try:
            padded = text + "=" * (-len(text) % 4)
            save = base64.b64decode(padded, altchars=b"-_", validate=True).decode()
        except (binascii.Error, UnicodeDecodeError) as e:
            raise InvalidConfigError(f"start is not a b64: save document: {e}") from None
    game = Game.from_json(save)
    rules = ("players", "rounds", "setup", "chance")
    if any(getattr(game, r) != getattr(probe, r) for r in rules):
        found = ", ".join(f"{r} {getattr(game, r)!r}" for r in rules)
        message = f"start must be a save of this game with explicit chance, not one of {found}"
        raise InvalidConfigError(message)
    return game


class KingUpObserver:
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver)."""

    def __init__(self, iig_obs_type: Any, max_moves: int) -> None:
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not self.public and (self.perfect_recall or not self.private):
            raise ValueError(f"unsupported observation type: {iig_obs_type}")
        if self.public:
            fields = [("observation", _kingup.OBSERVATION_LEN)]
            if self.perfect_recall:
                fields.append(("history", max_moves * _MOVE_LEN))
        else:
            lengths = dict(_kingup.OBSERVATION_FIELDS)
            fields = [(name, lengths[name]) for name in _SECRETS]
        self.tensor = np.zeros(sum(n for _, n in fields), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, length in fields:
            self.dict[name] = self.tensor[start : start + length]
            start += length
        if "history" in self.dict:
            self.dict["history"] = self.dict["history"].reshape(max_moves, _MOVE_LEN)

    def set_from(self, state: KingUpState, player: int) -> None:
        view = state.game.view(player)
        observation = view.observation()
        if not self.public:
            for name in _SECRETS:
                self.dict[name][:] = observation[_field(name)]
            return
        if not self.private:
            _hide_private(observation, view)
        self.dict["observation"][:] = observation
        if self.perfect_recall:
            viewer = player if self.private else None
            _write_history(self.dict["history"], state.game, player, viewer)

    def string_from(self, state: KingUpState, player: int) -> str:
        if self.perfect_recall:
            viewer = player if self.private else None
            events = "; ".join(str(e) for e in state.game.events(viewer))
            return f"seat {player}: {events}"
        text = state.game.view(player).info_state()
        if self.public and self.private:
            return text
        public, _, private = text.rpartition(" own ")
        if not self.public:
            return f"seat {player} own {private}"
        return public.split("; ", 1)[1]  # without "seat N", the same for every seat


# The observation fields that only the seat itself knows.
_SECRETS = ("objective", "vote")


def _field(name: str) -> slice:
    start = 0
    for field, length in _kingup.OBSERVATION_FIELDS:
        if field == name:
            return slice(start, start + length)
        start += length
    raise KeyError(name)


def _hide_private(tensor: npt.NDArray[np.float32], view: Any) -> None:
    """Blanks a seat's own secrets from its observation (for public-only observers)."""
    for name in _SECRETS:
        tensor[_field(name)] = 0
    card = view.objective_card
    revealed = view.public.revealed_objective(view.public.round, view.seat)
    if card is not None and revealed is None:
        tensor[_field("seen_cards").start + card] = 0


def _write_history(
    history: npt.NDArray[np.float32], game: Game, player: int, viewer: int | None
) -> None:
    """Every player move of ``game`` in order: the mover relative to ``player``, and the
    action, blank for a vote ``viewer`` has not seen (another seat's, or any for a public
    viewer, in the election still being held: votes are revealed when it ends)."""
    history.fill(0)
    moves = np.array([step for step in game.history() if step[0] is not None], dtype=np.int64)
    if not len(moves):
        return
    seats, actions = moves[:, 0], moves[:, 1]
    rows = np.arange(len(moves))
    history[rows, (seats - player) % game.players] = 1
    shown = np.ones(len(moves), dtype=bool)
    if game.phase is Phase.VOTE:
        # The votes since the last placement or climb are the election in progress.
        votes = actions >= int(Action.VOTE_YES)
        last = int(np.flatnonzero(~votes)[-1]) + 1 if (~votes).any() else 0
        shown[last:] = seats[last:] == viewer
    history[rows[shown], _SEAT_SLOTS + actions[shown]] = 1


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
