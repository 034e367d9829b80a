"""Gymnasium environment for King Up! (``pip install kingup[gymnasium]``): one seat
played by the agent, every other seat by a ``kingup.bots`` bot.

>>> import gymnasium, kingup.gym
>>> env = gymnasium.make("kingup/KingUp-v0", players=4, opponents="heuristic")
>>> obs, info = env.reset(seed=1)

- Observation: the seat's ``float32`` tensor (``kingup.OBSERVATION_LEN`` long, values in
  [0, 1], see ``docs/observation.md``); action: ``Discrete(67)``, the dense indices.
- The legal actions: ``info["action_mask"]`` (``int8``, 67) after every ``reset`` and
  ``step``, and ``env.action_masks()`` (``bool``), the method sb3-contrib's
  ``MaskablePPO`` calls.
- Rewards: the project's one vocabulary (``kingup.Game.returns``): ``"win"`` (default)
  the win share at the end, ``"points"`` each round's points when scored, ``"margin"``
  the total minus the mean of the others' at the end. A step pays what changed while the
  agent's action and the bots' replies were played.
- Illegal actions (``illegal=``): ``"terminate"`` (default) ends the episode at once
  with reward ``illegal_reward`` (-1.0) and ``info["illegal_action"] = True``, the game
  left as it was: random exploration, and Gymnasium's ``check_env``, which steps with
  unmasked samples, then gets a clear signal instead of an exception. ``"raise"`` raises
  ``kingup.IllegalActionError`` and changes nothing.
- ``reset(seed=s)``: the same seed gives the same deal, chance and bots' play.
- ``render_mode="ansi"``: ``render()`` returns the castle and scores as text, as the seat
  sees them (no other seat's secret); ``"human"`` prints it after every step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from . import _kingup
from ._kingup import Game
from .bots import HeuristicBot, IsmctsBot, RandomBot, ReaderBot
from .errors import InvalidConfigError, shown

__all__ = ["BotFactory", "GameEnv", "GameVectorEnv", "KingUpEnv", "KingUpVectorEnv"]

BotFactory = Callable[[int], Any]
"""Makes an opponent from a seed (a ``kingup.bots`` or ``kingup.court`` bot class is
one): anything with ``choose(game, seat)``."""

_BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    "reader": ReaderBot,
}
_ILLEGAL = ("terminate", "raise")


class GameEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game against bots: the single-agent environment of both games.
    Subclasses name the game (``GAME``, its bots by name in ``BOTS``, the observation's
    upper bound) and its config arguments (see ``KingUpEnv``, ``kingup.court.gym.CourtEnv``).
    A game that ends at a bound its config set (court's ``max_rounds``) ends the episode
    *truncated*; one that ends by the rules, *terminated*."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}
    GAME: Any = Game
    BOTS: dict[str, BotFactory] = {}
    OBSERVATION_HIGH = 1.0

    def _setup(
        self,
        config: dict[str, Any],
        seat: int,
        opponents: str | BotFactory | Sequence[str | BotFactory],
        reward: str,
        illegal: str,
        illegal_reward: float,
        render_mode: str | None,
    ) -> None:
        self._config = config
        self.game = self.GAME(seed=0, **config)  # validates the rules' parameters
        self.game.returns(reward)  # validates the reward
        players = self.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidConfigError(f"seat must be a seat of the game, not {shown(seat)}")
        if illegal not in _ILLEGAL:
            raise InvalidConfigError(f'illegal must be "terminate" or "raise", not {shown(illegal)}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidConfigError(f"render_mode must be ansi or human, not {shown(render_mode)}")
        chosen: list[str | BotFactory]
        if isinstance(opponents, str) or callable(opponents):
            chosen = [opponents] * (players - 1)
        else:
            chosen = list(opponents)
        if len(chosen) != players - 1:
            raise InvalidConfigError(f"{players - 1} opponents are needed, not {len(chosen)}")
        self._factories = [_factory(o, self.BOTS) for o in chosen]
        self.seat = seat
        self.reward = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        size = self.game.observation(0).shape
        self.observation_space = spaces.Box(0.0, self.OBSERVATION_HIGH, size, np.float32)
        self.action_space = spaces.Discrete(len(self.game.action_mask(0)))
        self.bots: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        seeds = self.np_random.integers(0, 2**63, size=len(self._factories) + 1)
        self.game = self.GAME(seed=int(seeds[0]), **self._config)
        others = [s for s in range(self.game.players) if s != self.seat]
        self.bots = {s: _bot(f, int(x)) for s, f, x in zip(others, self._factories, seeds[1:])}
        self._play_bots()
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self.game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        # An action is an index, as everywhere in the package: not a bool, not a float.
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action must be an int, not {type(action).__name__}")
        if self.illegal == "terminate" and not self.game.is_legal(int(action), self.seat):
            info = {**self._info(), "illegal_action": True}
            return self._observe(), self.illegal_reward, True, False, info
        before = self.game.returns(self.reward)[self.seat]
        self.game.apply(int(action), self.seat)
        self._play_bots()
        reward = self.game.returns(self.reward)[self.seat] - before
        if self.render_mode == "human":
            self.render()
        truncated = self.game.is_truncated
        terminated = self.game.is_over and not truncated
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent's seat (sb3-contrib's convention)."""
        mask: npt.NDArray[np.int8] = self.game.action_mask(self.seat)
        return mask.astype(bool)

    # Gymnasium types a frame with a type variable of `render` alone, which no override can
    # name; this env's frame is its text.
    def render(self) -> str | None:  # type: ignore[override]
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        """The game as the agent's seat may see it, as text."""
        return str(self.game)

    def _play_bots(self) -> None:
        """Lets the bots act until the agent's seat is to act or the game is over."""
        game = self.game
        while not game.is_over and game.to_move != self.seat:
            seat = game.to_move
            assert seat is not None
            game.apply(self.bots[seat].choose(game, seat), seat)

    def _observe(self) -> npt.NDArray[np.float32]:
        observation: npt.NDArray[np.float32] = self.game.observation(self.seat)
        return observation

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.game.action_mask(self.seat)}


class KingUpEnv(GameEnv):
    """One seat of King Up! against ``kingup.bots`` bots."""

    BOTS = _BOTS

    def __init__(
        self,
        players: int = 4,
        seat: int = 0,
        opponents: str | BotFactory | Sequence[str | BotFactory] = "heuristic",
        rounds: int = 3,
        setup: str = "placement",
        reward: str = "win",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        config = {"players": players, "rounds": rounds, "setup": setup}
        self._setup(config, seat, opponents, reward, illegal, illegal_reward, render_mode)

    def _text(self) -> str:
        """The castle and scores as the agent's seat sees them (no other seat's secret)."""
        return str(self.game.view(self.seat))


def _bot(factory: BotFactory, seed: int) -> Any:
    """What ``factory`` makes from ``seed``, checked to be a bot (it has ``choose``)."""
    bot = factory(seed)
    if not callable(getattr(bot, "choose", None)):
        name = getattr(factory, "__name__", type(factory).__name__)
        raise TypeError(f"opponent factory {name} made {type(bot).__name__}, which has no choose(game, seat)")
    return bot


def _factory(opponent: str | BotFactory, bots: dict[str, BotFactory]) -> BotFactory:
    if isinstance(opponent, str):
        if opponent not in bots:
            names = ", ".join(bots)
            raise InvalidConfigError(f"opponent must be one of {names}, not {shown(opponent)}")
        return bots[opponent]
    if callable(opponent):
        return opponent
    raise TypeError(f"an opponent is a bot name or a factory, not {type(opponent).__name__}")


gymnasium.register(id="kingup/KingUp-v0", entry_point="kingup.gym:KingUpEnv")


class GameVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """A game's native ``VectorEnv`` as a ``gymnasium.vector.VectorEnv``, for both games
    (``KingUpVectorEnv``, ``kingup.court.gym.CourtVectorEnv``): ``num_envs`` games
    stepped together in Rust, every seat played by the caller (self-play), or, with
    ``opponents=`` (and ``seat=``), one seat by the caller and the others by bots inside
    the step (see ``kingup.VectorEnv``).

    Row ``i`` is env ``i``'s seat to act (``info["seat"]``); ``step(actions)`` plays
    ``actions[i]`` for it, and row ``i``'s reward is what that step paid the seat that
    acted. Autoreset is ``AutoresetMode.SAME_STEP``, as Gymnasium defines it (and as its
    ``SyncVectorEnv`` does it; the tests compare the two): an env whose game ends is
    restarted within the step; its row of the observations and of ``info`` is the next
    game's first decision, ``terminated`` is set, and the finished game is in
    ``info["final_obs"]`` (the final observation of the seat that ended it, in an object
    array, ``None`` for the other envs) and ``info["final_info"]``; each present only at a
    step where a game ended, with its ``_final_obs`` / ``_final_info`` mask. A game that
    ends at a bound its config set (court's ``max_rounds``) sets ``truncated`` instead of
    ``terminated``; King Up!'s games are never truncated.

    ``info`` (every key with its ``_key`` mask, as Gymnasium's vector envs pair them):
    ``action_mask`` (``int8 (num_envs, NUM_ACTIONS)``, the legal actions of the seat to
    act), ``seat`` and ``rewards`` (``float32 (num_envs, players)``: what the step paid
    every seat, not only the one that acted; 0 in a restarted env's row). ``final_info``
    holds, for the envs whose game ended, the step's ``rewards``, ``final_totals``, the
    ``seat`` that acted and an all-zero ``action_mask``. No seed is in ``info``: a policy
    reads ``info``, and a game's seed predicts every deal and die, the other seats' secrets
    among them (the host has them: ``native.game_seeds``). ``action_masks()`` gives the
    masks as ``bool`` (the sb3-contrib convention). The arrays are buffers overwritten by
    the next step: copy what you keep.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}
    NATIVE: Any = _kingup.VectorEnv
    OBSERVATION_HIGH = 1.0

    def __init__(self, num_envs: int, **kwargs: Any) -> None:
        """``num_envs`` and the keyword arguments are the native ``VectorEnv``'s."""
        self._native: Any = self.NATIVE(num_envs, **kwargs)
        n = self.num_envs = self._native.num_envs
        self.players = self._native.players
        size = self._native.observations.shape[1:]
        self._actions = self._native.action_masks.shape[1]
        self.single_observation_space = spaces.Box(0.0, self.OBSERVATION_HIGH, size, np.float32)
        self.single_action_space = spaces.Discrete(self._actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, n)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, n)
        self._rows = np.arange(n)
        self._acted = np.zeros(n, np.int64)
        self._reward = np.zeros(n, np.float32)
        self._paid = np.zeros((n, self.players), np.float32)
        self._truncated = np.zeros(n, bool)
        self._every = np.ones(n, bool)

    @property
    def native(self) -> Any:
        """The native ``VectorEnv`` it steps (``RuntimeError`` once closed)."""
        if self._native is None:
            raise RuntimeError("the env is closed")
        return self._native

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Every env starts a new game. With ``seed`` (an int), env ``i``'s games are
        seeded ``seed + i``, ``seed + num_envs + i``, ...; without, every env goes on to
        its next game (see ``kingup.VectorEnv.reset``). There are no options."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        if options:
            raise InvalidConfigError(f"{type(self).__name__}.reset takes no options, not {shown(options)}")
        observations, *_ = self.native.reset(seed)
        self._paid.fill(0.0)
        return observations, self._info()

    def step(
        self, actions: npt.NDArray[np.integer[Any]]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        native = self.native
        np.copyto(self._acted, native.seats)
        observations, _, rewards, dones, _ = native.step(actions)
        np.copyto(self._reward, rewards[self._rows, self._acted])
        np.copyto(self._paid, rewards)
        info = self._info()
        self._truncated.fill(False)
        terminated = dones
        if dones.any():
            self._paid[dones] = 0.0  # a restarted env's row is the new game's, unpaid
            self._add_final(info, rewards, dones)
            terminated = dones & ~self._truncated
        return observations, self._reward, terminated, self._truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each env's seat to act, ``bool (num_envs, NUM_ACTIONS)``."""
        masks: npt.NDArray[np.int8] = self.native.action_masks
        return masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Drops the native env and its buffers; ``reset`` and ``step`` then raise."""
        self._native = None

    def _info(self) -> dict[str, Any]:
        native, every = self.native, self._every
        return {
            "action_mask": native.action_masks,
            "_action_mask": every,
            "seat": native.seats,
            "_seat": every,
            "rewards": self._paid,
            "_rewards": every,
        }

    def _add_final(
        self, info: dict[str, Any], rewards: npt.NDArray[np.float32], dones: npt.NDArray[np.bool_]
    ) -> None:
        """Adds the games that ended at this step, where Gymnasium's ``SAME_STEP``
        autoreset puts them: ``final_obs`` and ``final_info``; marks those that ended
        truncated in ``self._truncated``."""
        native = self.native
        ended = dones.copy()
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i], self._truncated[i] = native.final_observation(int(i))
        info["final_obs"], info["_final_obs"] = final_obs, ended
        info["final_info"] = {
            "action_mask": np.zeros((self.num_envs, self._actions), np.int8),
            "_action_mask": ended,
            "seat": np.where(ended, self._acted, 0),
            "_seat": ended,
            "rewards": np.where(ended[:, None], rewards, np.float32(0.0)),
            "_rewards": ended,
            "final_totals": native.final_totals.copy(),
            "_final_totals": ended,
        }
        info["_final_info"] = ended


class KingUpVectorEnv(GameVectorEnv):
    """``kingup.VectorEnv`` as a ``gymnasium.vector.VectorEnv`` (see ``GameVectorEnv``):
    ``info["action_mask"]`` is ``int8 (num_envs, 67)``."""

    NATIVE = _kingup.VectorEnv
