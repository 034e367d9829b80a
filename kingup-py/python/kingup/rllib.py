"""RLlib multi-agent environment for King Up! (``pip install kingup[rllib]``), on RLlib's
new API stack with its action-masking module.

>>> from kingup.rllib import KingUpMultiAgentEnv
>>> env = KingUpMultiAgentEnv({"players": 3, "learners": [0], "opponents": "heuristic"})
>>> observations, infos = env.reset(seed=1)
>>> sorted(observations["player_0"])
['action_mask', 'observations']

``KingUpMultiAgentEnv(config)`` is a ``ray.rllib.env.MultiAgentEnv``; RLlib makes it from
``PPOConfig().environment(KingUpMultiAgentEnv, env_config={...})``. Its config keys:

- the game's: ``players`` (3), ``rounds`` (3), ``setup`` (``"placement"``), as
  ``kingup.Game``;
- ``learners``: the seats that are agents, the others played by bots inside ``step``:
  ``"all"`` (default: every seat an agent, for self-play), ``"random"`` (one seat, drawn
  for each episode from the env's generator, so one policy learns every seat), or a
  list of seats;
- ``opponents``: the bots of the other seats, as in ``kingup.gym.KingUpEnv``
  (``"random"``, ``"heuristic"`` (default), ``"ismcts"``, ``"reader"``, a factory ``seed
  -> bot``; one for all or a list, one per other seat in seat order);
- ``reward``: the project's vocabulary (``"win"``, default, ``"points"``, ``"margin"``,
  see ``kingup.Game.returns``); a step pays every agent the change of its return;
- ``illegal``: what an illegal action does. ``"terminate"`` (default) ends the episode
  at once, the game left as it was: the agent that played it is paid ``illegal_reward``
  (-1.0) and gets ``info["illegal_action"] = True``, every agent its final observation.
  RLlib's environment checker, which steps with an unmasked sample of the action space,
  passes (a legal sample plays on, an illegal one ends the episode); a policy behind
  RLlib's masking module never plays one. ``"raise"`` raises
  ``kingup.IllegalActionError`` and changes nothing;
- ``seed`` (0): the generator's seed before the first seeded ``reset``, mixed with the
  ``EnvContext``'s ``worker_index`` and ``vector_index``. ``reset(seed=s)`` restarts it
  from ``s`` alone: the same seed gives the same episode (deal, chance, bots' play, the
  drawn learner seat). RLlib's env runner seeds its envs' first reset only if the
  algorithm has a seed (``config.debugging(seed=...)``, which ``ppo_config`` sets): give
  one, or the sub-envs of a runner, made from the same context, play the same games.

Agents are ``"player_0"`` .. ``"player_{n-1}"`` (the seats; ``possible_agents`` all of
them, ``agents`` the learners of the current episode). Turn-based: ``reset`` and ``step``
return the observation of the one agent to act next, or at the end of the episode the
final observation of every agent. An observation is RLlib's masking layout, a dict of
``"observations"`` (the seat's ``float32`` tensor, ``kingup.OBSERVATION_LEN`` long) and
``"action_mask"`` (``float32``, 1.0 for the legal actions; all zero at the end); actions
are the dense indices ``0..67``. Rewards are paid to every agent at every step (0 mostly);
``terminated["__all__"]`` ends the episode. No seed is in an observation or an info.

``ppo_config(...)`` is an RLlib ``PPOConfig`` set up for it (one shared policy, RLlib's
``ActionMaskingTorchRLModule``), ``arena_policy(module)`` a trained module as a
``kingup.arena`` entrant. ``kingup.court.rllib`` is the same over To Court the King.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from ._kingup import Game
from .errors import InvalidConfigError, shown
from .gym import BotFactory, KingUpEnv, _bot, _factory

__all__ = [
    "MODULE_ID",
    "GameMultiAgentEnv",
    "KingUpMultiAgentEnv",
    "arena_policy",
    "ppo_config",
]

#: The id of the one policy ``ppo_config`` trains for every agent.
MODULE_ID = "shared"

Observation = dict[str, npt.NDArray[np.float32]]
Agents = dict[Any, Any]
"""A dict by agent id (RLlib's ``MultiAgentDict``)."""
_ILLEGAL = ("terminate", "raise")
_COMMON = {
    "learners": "all",
    "opponents": None,
    "reward": "win",
    "illegal": "terminate",
    "illegal_reward": -1.0,
    "seed": 0,
}


class GameMultiAgentEnv(MultiAgentEnv):
    """The RLlib multi-agent environment of both games (see the module). Subclasses name
    the game: ``GAME``, its config keys and defaults (``RULES``), its bots by name
    (``BOTS``) and default opponent, the observation's upper bound."""

    GAME: Any = Game
    RULES: dict[str, Any] = {}
    BOTS: dict[str, BotFactory] = {}
    DEFAULT_OPPONENT = "heuristic"
    OBSERVATION_HIGH = 1.0

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        if config is None:
            config = {}
        if not isinstance(config, Mapping):
            raise TypeError(f"config must be a dict, not {type(config).__name__}")
        unknown = sorted(str(k) for k in config if k not in self.RULES and k not in _COMMON)
        if unknown:
            known = ", ".join([*self.RULES, *_COMMON])
            raise InvalidConfigError(f"unknown config key {shown(unknown[0])} (the keys: {known})")
        settings = {**self.RULES, **_COMMON, **config}
        self._rules = {key: settings[key] for key in self.RULES}
        self.game = self.GAME(seed=0, **self._rules)  # validates the rules' parameters
        players = self.players = self.game.players
        self.reward = settings["reward"]
        self.game.returns(self.reward)  # validates the reward
        self.illegal = settings["illegal"]
        if self.illegal not in _ILLEGAL:
            raise InvalidConfigError(f'illegal must be "terminate" or "raise", not {shown(self.illegal)}')
        illegal_reward = settings["illegal_reward"]
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise TypeError(f"illegal_reward must be a number, not {type(illegal_reward).__name__}")
        self.illegal_reward = float(illegal_reward)
        self.learners = _learners(settings["learners"], players)
        if self.learners == "all":
            others = 0
        elif self.learners == "random":
            others = players - 1
        else:
            others = players - len(self.learners)
        opponents = settings["opponents"]
        if opponents is None:
            opponents = self.DEFAULT_OPPONENT
        chosen: list[str | BotFactory]
        if isinstance(opponents, str) or callable(opponents):
            chosen = [opponents] * others
        elif isinstance(opponents, (list, tuple)):
            chosen = list(opponents)
        else:
            raise TypeError(f"opponents must be a bot name, a factory or a list, not {type(opponents).__name__}")
        if len(chosen) != others:
            raise InvalidConfigError(f"{others} opponents are needed, not {len(chosen)}")
        self._factories = [_factory(o, self.BOTS) for o in chosen]
        self.opponents = opponents
        seed = settings["seed"]
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise InvalidConfigError(f"seed must be a non-negative int, not {shown(seed)}")
        worker = int(getattr(config, "worker_index", 0) or 0)
        vector = int(getattr(config, "vector_index", 0) or 0)
        self._rng = np.random.default_rng([int(seed), worker, vector])

        self._possible: list[str] = [f"player_{seat}" for seat in range(players)]
        self.possible_agents = list(self._possible)
        self._seat = {agent: seat for seat, agent in enumerate(self._possible)}
        mask_len = len(self.game.action_mask(0))
        size = self.game.observation(0).shape
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observations": spaces.Box(0.0, self.OBSERVATION_HIGH, size, np.float32),
                    "action_mask": spaces.Box(0.0, 1.0, (mask_len,), np.float32),
                }
            )
            for agent in self._possible
        }
        # One space each, so that seeding one does not seed the others.
        self.action_spaces = {agent: spaces.Discrete(mask_len) for agent in self._possible}
        self._no_mask = np.zeros(mask_len, np.float32)
        self._agents = self._possible[:] if self.learners == "all" else []
        self.agents = list(self._agents)
        self.bots: dict[int, Any] = {}
        self._paid: dict[str, float] = {}
        self._to_act: str | None = None
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Agents, Agents]:
        """Starts a new game; the same ``seed`` gives the same episode. There are no
        options (``None`` or ``{}``)."""
        if seed is not None:
            if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
            if seed < 0:
                raise InvalidConfigError(f"seed must be non-negative, not {seed}")
            self._rng = np.random.default_rng(int(seed))
        if options:
            raise InvalidConfigError(f"{type(self).__name__}.reset takes no options, not {shown(options)}")
        rng = self._rng
        self.game = self.GAME(seed=int(rng.integers(0, 2**63)), **self._rules)
        if self.learners == "random":
            seats = [int(rng.integers(0, self.players))]
        elif self.learners == "all":
            seats = list(range(self.players))
        else:
            seats = [int(s) for s in self.learners]
        self._agents = [self._possible[s] for s in seats]
        self.agents = list(self._agents)
        others = [s for s in range(self.players) if s not in seats]
        bot_seeds = rng.integers(0, 2**63, size=len(others))
        self.bots = {s: _bot(f, int(x)) for s, f, x in zip(others, self._factories, bot_seeds)}
        self._paid = dict.fromkeys(self._agents, 0.0)
        self._over = False
        self._play_bots()
        if self.game.is_over:  # the bots ended it (it never happens in these games)
            observations, *_ = self._end(None)
            return observations, {}
        self._to_act = self._next_agent()
        return {self._to_act: self._observe(self._to_act, True)}, {}

    def step(  # type: ignore[override]  # RLlib's multi-agent step overrides Gymnasium's
        self, action_dict: Agents
    ) -> tuple[Agents, Agents, Agents, Agents, Agents]:
        """Plays the action of the agent to act, then the bots' until an agent is to act
        or the game is over."""
        if self._over or self._to_act is None:
            raise RuntimeError("the episode is over: call reset()")
        if not isinstance(action_dict, Mapping):
            raise TypeError(f"step() takes a dict of actions by agent, not {type(action_dict).__name__}")
        agent = self._to_act
        others = [a for a in action_dict if a != agent]
        if others:
            raise InvalidConfigError(f"only {agent} is to act, not {shown(others[0])}")
        if agent not in action_dict:
            raise InvalidConfigError(f"{agent} is to act: step() needs its action")
        action = _index(action_dict[agent])
        seat = self._seat[agent]
        if self.illegal == "terminate" and not self.game.is_legal(action, seat):
            return self._end(agent)
        self.game.apply(action, seat)  # raises IllegalActionError for an illegal one
        self._play_bots()
        if self.game.is_over:
            return self._end(None)
        rewards = self._rewards()
        self._to_act = self._next_agent()
        observations = {self._to_act: self._observe(self._to_act, True)}
        return observations, rewards, {"__all__": False}, {"__all__": False}, {}

    def render(self) -> str:  # type: ignore[override]  # RLlib's returns None, Gymnasium's a frame
        """The game as text, as the first learner's seat sees it (no other seat's secret
        in King Up!; everything is public in court)."""
        seat = self._seat[self._agents[0]] if self._agents else 0
        return self._text(seat)

    def _text(self, seat: int) -> str:
        return str(self.game.view(seat))

    def _end(
        self, offender: str | None
    ) -> tuple[Agents, Agents, Agents, Agents, Agents]:
        """The last step of an episode: the game over, or ``offender``'s illegal action."""
        self._over = True
        self._to_act = None
        observations = {a: self._observe(a, False) for a in self._agents}
        if offender is None:
            rewards = self._rewards()
            truncated = self.game.is_truncated
            infos: dict[str, dict[str, Any]] = {}
        else:
            rewards = dict.fromkeys(self._agents, 0.0)
            rewards[offender] = self.illegal_reward
            truncated = False
            infos = {offender: {"illegal_action": True}}
        terminateds = {a: not truncated for a in self._agents}
        truncateds = {a: truncated for a in self._agents}
        terminateds["__all__"], truncateds["__all__"] = not truncated, truncated
        return observations, rewards, terminateds, truncateds, infos

    def _rewards(self) -> dict[str, float]:
        """Every agent's reward: the change of its return since it was last paid."""
        returns = self.game.returns(self.reward)
        rewards = {}
        for agent in self._agents:
            now = returns[self._seat[agent]]
            rewards[agent] = now - self._paid[agent]
            self._paid[agent] = now
        return rewards

    def _next_agent(self) -> str:
        seat = self.game.to_move
        assert seat is not None
        return self._possible[int(seat)]

    def _observe(self, agent: str, acts: bool) -> Observation:
        seat = self._seat[agent]
        mask = self.game.action_mask(seat).astype(np.float32) if acts else self._no_mask.copy()
        return {"observations": self.game.observation(seat), "action_mask": mask}

    def _play_bots(self) -> None:
        """Lets the bots act until an agent is to act or the game is over."""
        game = self.game
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is None:
                return
            game.apply(bot.choose(game, seat), seat)


class KingUpMultiAgentEnv(GameMultiAgentEnv):
    """King Up! as an RLlib ``MultiAgentEnv`` (see the module)."""

    RULES = {"players": 3, "rounds": 3, "setup": "placement"}
    BOTS = KingUpEnv.BOTS
    DEFAULT_OPPONENT = "heuristic"


def _learners(learners: Any, players: int) -> str | tuple[int, ...]:
    if learners in ("all", "random"):
        return str(learners)
    if isinstance(learners, str):
        raise InvalidConfigError(f'learners must be "all", "random" or a list of seats, not {shown(learners)}')
    if not isinstance(learners, (list, tuple)):
        raise TypeError(f'learners must be "all", "random" or a list of seats, not {type(learners).__name__}')
    seats = []
    for seat in learners:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < players:
            raise InvalidConfigError(f"a learner must be a seat of the game (0 to {players - 1}), not {shown(seat)}")
        seats.append(int(seat))
    if not seats or len(set(seats)) != len(seats):
        raise InvalidConfigError(f"learners must be distinct seats, at least one, not {shown(learners)}")
    return tuple(sorted(seats))


def _index(action: Any) -> int:
    """An action index: an int, a NumPy integer or a 0-d integer array; not a bool."""
    if isinstance(action, (bool, np.bool_)) or (isinstance(action, np.ndarray) and action.dtype == bool):
        raise TypeError("an action must be an int, not bool")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action must be an int, not {type(action).__name__}") from None


def ppo_config(
    env: type[GameMultiAgentEnv] = KingUpMultiAgentEnv,
    env_config: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    hiddens: Sequence[int] = (256, 256),
) -> Any:
    """An RLlib ``PPOConfig`` for ``env``: one policy (``MODULE_ID``) shared by every
    agent, RLlib's ``ActionMaskingTorchRLModule`` with ``hiddens`` as its layers, sampling
    on the driver (``num_env_runners=0``; raise it to sample on Ray workers), and
    ``seed`` for RLlib (its env runners seed the envs' first resets with it). Change
    anything else with the config's own methods (``.training(lr=...)``, ...)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    if not (isinstance(env, type) and issubclass(env, GameMultiAgentEnv)):
        raise TypeError(f"env must be a GameMultiAgentEnv class, not {shown(env)}")
    env(env_config)  # validates the config here, not in a worker
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidConfigError(f"seed must be a non-negative int, not {shown(seed)}")
    layers = list(hiddens)
    if not layers or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in layers):
        raise InvalidConfigError(f"hiddens must be positive layer sizes, not {shown(hiddens)}")
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"fcnet_hiddens": layers, "head_fcnet_hiddens": [], "vf_share_layers": False},
    )
    return (
        PPOConfig()  # type: ignore[no-untyped-call]
        .environment(env, env_config=dict(env_config or {}))
        .multi_agent(
            policies={MODULE_ID},
            policy_mapping_fn=_shared,
            policies_to_train=[MODULE_ID],
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={MODULE_ID: module}))
        .env_runners(num_env_runners=0)
        .debugging(seed=seed)
    )


def _shared(agent_id: Any, episode: Any, **kwargs: Any) -> str:
    """Every agent plays the one shared policy."""
    return MODULE_ID


def arena_policy(
    source: Any, *, module_id: str = MODULE_ID, explore: bool = False, seed: int = 0
) -> Callable[[Any], int]:
    """A trained policy as a ``kingup.arena`` (or ``kingup.court.arena``) entrant:
    ``policy(view) -> action`` from the seat's view alone (its observation and legal
    actions). ``source`` is an RLlib ``Algorithm`` (its ``module_id`` module is taken) or
    an ``RLModule`` with the masking layout. ``explore=False`` plays the most likely legal
    action; ``explore=True`` samples the policy's distribution over the legal actions with
    a generator seeded ``seed``."""
    import torch

    module = source.get_module(module_id) if hasattr(source, "get_module") else source
    if module is None or not callable(getattr(module, "forward_inference", None)):
        raise TypeError(f"source must be an RLlib Algorithm or RLModule, not {type(source).__name__}")
    rng = np.random.default_rng(seed)

    def policy(view: Any) -> int:
        mask = view.action_mask()
        legal = np.flatnonzero(mask)
        if len(legal) == 0:
            raise ValueError(f"seat {view.seat} has no legal action: it is not to act")
        batch = {
            "obs": {
                "observations": torch.from_numpy(view.observation()[None, :]),
                "action_mask": torch.from_numpy(mask[None, :].astype(np.float32)),
            }
        }
        with torch.no_grad():
            logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
        scores = logits[legal].astype(np.float64)
        if not explore:
            return int(legal[int(np.argmax(scores))])
        p = np.exp(scores - scores.max())
        return int(legal[rng.choice(len(legal), p=p / p.sum())])

    return policy
