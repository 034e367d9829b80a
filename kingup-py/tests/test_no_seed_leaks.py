"""No output a learner or a seat can read holds a game's seed or its generator's state: a
seed predicts every deal and die, the other seats' secrets among them. Every env and
adapter of both games is played a while and everything it hands out — observations,
rewards, infos (final infos included), rendered text, per-seat views and their pickles —
is searched for the seeds and the generator states of the games it played."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import kingup
from kingup import court

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import kingup.court.gym  # noqa: E402
import kingup.gym  # noqa: E402


class Secrets:
    """The seeds and generator states a search looks for."""

    def __init__(self) -> None:
        self.seeds: set[int] = set()
        self.states: set[str] = set()

    def add_game(self, game: Any) -> None:
        self.states.add(json.loads(game.to_json())["generator"])

    def add_seed(self, seed: int) -> None:
        self.seeds.add(int(seed))


def parts(value: Any) -> Iterator[Any]:
    """Every leaf of an output: the items of dicts, lists, tuples and object arrays."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from parts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from parts(item)
    elif isinstance(value, np.ndarray) and value.dtype == object:
        for item in value.ravel():
            yield from parts(item)
    else:
        yield value


def assert_no_leak(output: Any, secrets: Secrets, where: str) -> None:
    seeds = secrets.seeds
    # Text forms of seeds long enough not to turn up by chance (the tests seed with such).
    long = [s for s in seeds if s >= 10**9]
    texts = {str(s) for s in long} | {f"{s:x}" for s in long} | secrets.states
    raw = {s.to_bytes(8, "little") for s in seeds}
    for leaf in parts(output):
        if isinstance(leaf, np.ndarray):
            if leaf.dtype.kind in "iu":
                assert not np.isin(leaf.astype(np.uint64, copy=False), list(seeds)).any(), where
            continue
        if isinstance(leaf, (int, np.integer)) and not isinstance(leaf, bool):
            assert int(leaf) not in seeds, f"{where}: a seed"
        elif isinstance(leaf, (str, bytes)):
            text = leaf if isinstance(leaf, str) else leaf.decode("latin-1")
            for secret in texts:
                assert secret not in text, f"{where}: {secret[:12]}... in {text[:60]!r}"
            if isinstance(leaf, bytes):
                assert not any(r in leaf for r in raw), f"{where}: a seed's bytes"


def mask_pick(mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("make", [kingup.gym.KingUpEnv, court.gym.CourtEnv])
def test_single_agent_envs(make: Any) -> None:
    env = make(players=3, render_mode="ansi")
    secrets = Secrets()
    for seed in (5, 6):
        obs, info = env.reset(seed=seed)
        rng, _ = gymnasium.utils.seeding.np_random(seed)
        secrets.add_seed(rng.integers(0, 2**63, size=3)[0])  # the game's seed, as reset draws it
        outputs: list[Any] = [obs, info, env.render(), repr(env)]
        for _ in range(40):
            secrets.add_game(env.game)
            obs, reward, terminated, truncated, info = env.step(mask_pick(info["action_mask"]))
            outputs += [obs, reward, info, env.render()]
            if terminated or truncated:
                break
        assert_no_leak(outputs, secrets, make.__name__)


@pytest.mark.parametrize("game", ["king_up", "court"])
def test_vector_envs(game: str) -> None:
    from kingup.court.gym import CourtVectorEnv
    from kingup.court.sb3 import CourtVecEnv
    from kingup.gym import KingUpVectorEnv
    from kingup.sb3 import KingUpVecEnv

    gym_env, sb3_env = (KingUpVectorEnv, KingUpVecEnv) if game == "king_up" else (CourtVectorEnv, CourtVecEnv)
    config: dict[str, Any] = {"players": 3}
    config.update({"rounds": 1} if game == "king_up" else {"max_rounds": 2})
    secrets = Secrets()
    envs = gym_env(4, opponents="random", seat=0, **config)
    outputs: list[Any] = list(envs.reset(seed=123_456_789_013))
    for _ in range(150):
        secrets.seeds.update(int(s) for s in envs.native.game_seeds)
        outputs += list(envs.step(envs.action_masks().argmax(axis=1)))
    secrets.seeds.update(int(s) for s in envs.native.game_seeds)
    assert_no_leak(outputs, secrets, gym_env.__name__)

    vec = sb3_env(4, seed=987_654_321_011, **config)
    secrets = Secrets()
    outputs = [vec.reset()]
    for _ in range(150):
        secrets.seeds.update(int(s) for s in vec.native.game_seeds)
        outputs += list(vec.step(vec.action_masks().argmax(axis=1)))
    secrets.seeds.update(int(s) for s in vec.native.game_seeds)
    outputs += [vec.get_attr(name) for name in ("seat", "players", "reward", "opponents")]
    assert_no_leak(outputs, secrets, sb3_env.__name__)


@pytest.mark.parametrize("module", ["kingup.pettingzoo", "kingup.court.pettingzoo"])
def test_pettingzoo_envs(module: str) -> None:
    import importlib

    zoo = importlib.import_module(module)
    config: dict[str, Any] = {"players": 3}
    config.update({"rounds": 1} if module == "kingup.pettingzoo" else {"max_rounds": 2})
    secrets = Secrets()
    env = zoo.raw_env(render_mode="ansi", **config)
    env.reset(seed=13)
    secrets.add_seed(random.Random(13).getrandbits(64))  # the game's seed, as reset draws it
    outputs: list[Any] = []
    for agent in env.agent_iter(max_iter=200):
        secrets.add_game(env.game)
        obs, reward, terminated, truncated, info = env.last()
        outputs += [obs, reward, info, env.render()]
        env.step(None if terminated or truncated else mask_pick(obs["action_mask"]))
    assert_no_leak(outputs, secrets, f"{module} AEC")

    parallel = zoo.parallel_env(**config)
    observations, infos = parallel.reset(seed=17)
    secrets = Secrets()
    secrets.add_seed(random.Random(17).getrandbits(64))
    outputs = [observations, infos]
    while parallel.agents:
        secrets.add_game(parallel.game)
        actions = {a: mask_pick(o["action_mask"]) if o["action_mask"].any() else 0 for a, o in observations.items()}
        observations, *rest = parallel.step(actions)
        outputs += [observations, *rest]
    assert_no_leak(outputs, secrets, f"{module} parallel")


def test_per_seat_objects_of_king_up() -> None:
    """A seat's view and its events, in every form a program may hand to a player."""
    game = kingup.Game(players=4, seed=8_675_309_123)
    secrets = Secrets()
    secrets.add_seed(8_675_309_123)
    for _ in range(30):
        secrets.add_game(game)
        seat = game.to_move
        view = game.view(seat)
        outputs = [
            repr(view), str(view), view.to_json(), pickle.dumps(view), view.observation(),
            view.info_state(), [repr(e) for e in game.events(seat)], pickle.dumps(game.events(seat)),
        ]
        assert_no_leak(outputs, secrets, "PlayerView")
        game.apply(game.legal_actions()[0])


def test_per_seat_and_public_objects_of_both_games() -> None:
    """Every per-seat and public object a seat may be handed, in every text and byte form:
    views (a game's and a vector env's, final views included), public views, events of
    both games, and the pickles of those that pickle."""
    secrets = Secrets()
    game = kingup.Game(players=3, seed=8_675_309_124)
    secrets.add_seed(8_675_309_124)
    outputs: list[Any] = []
    while not game.is_over:
        secrets.add_game(game)
        public = game.public_view()
        outputs += [repr(public), str(public), public.to_json(), public.to_dict(), pickle.dumps(public)]
        for seat in range(game.players):
            view = game.view(seat)
            outputs += [view.to_dict(), pickle.dumps(view.public), view.info_state_key()]
        for event in game.events(None)[-3:]:
            outputs += [repr(event), str(event), event.to_json(), event.to_dict(), pickle.dumps(event)]
        game.apply(game.legal_actions()[0])
    assert_no_leak(outputs, secrets, "King Up! views and events")

    envs = kingup.VectorEnv(2, players=3, rounds=1, seat=0, opponents="random", seed=555_555_555_555)
    envs.reset(555_555_555_555)
    secrets = Secrets()
    outputs = []
    for _ in range(80):
        secrets.seeds.update(int(s) for s in envs.game_seeds)
        for i in range(len(envs)):
            view = envs.view(i)
            outputs += [repr(view), view.to_json(), pickle.dumps(view)]
            if envs.dones[i]:
                final = envs.final_view(i)
                outputs += [repr(final), final.to_json(), pickle.dumps(final), envs.final_observation(i)]
        envs.step(envs.action_masks.argmax(axis=1))
    assert_no_leak(outputs, secrets, "VectorEnv views")

    secrets = Secrets()
    match = court.Game(players=3, seed=8_675_309_125)
    secrets.add_seed(8_675_309_125)
    outputs = []
    while not match.is_over and match.num_events < 300:
        secrets.add_game(match)
        for seat in (None, 0, 1, 2):
            for event in match.events(seat)[-3:]:
                outputs += [repr(event), str(event), event.to_json(), event.to_dict()]
        match.apply(match.legal_actions()[0]) if not match.is_chance else match.resolve_chance()
    assert_no_leak(outputs, secrets, "court events")


def test_exception_messages() -> None:
    """The errors a seat's program may meet, as text and pickled: refused actions (of a
    game, a vector env, a single-agent env), malformed views."""
    secrets = Secrets()
    outputs: list[Any] = []

    def caught(call: Any) -> None:
        with pytest.raises(Exception) as info:
            call()
        outputs.extend([str(info.value), repr(info.value), pickle.dumps(info.value)])

    for make, seed in ((kingup.Game, 7_777_777_777_1), (court.Game, 7_777_777_777_2)):
        game = make(players=3, seed=seed)
        secrets.add_seed(seed)
        secrets.add_game(game)
        caught(lambda: game.apply(10_000))
        illegal = next(a for a in range(game.legal_mask().size if hasattr(game, "legal_mask") else 67)
                       if not game.is_legal(a))
        caught(lambda: game.apply(illegal))
        caught(lambda: game.apply(game.legal_actions()[0], (game.to_move + 1) % 3))
        caught(lambda: game.undo(0))
    for cls in (kingup.VectorEnv, court.VectorEnv):
        envs = cls(2, players=3, seat=0, opponents="random", seed=6_666_666_666_1)
        envs.reset(6_666_666_666_1)
        secrets.seeds.update(int(s) for s in envs.game_seeds)
        caught(lambda: envs.step([10_000, 10_000]))
        caught(lambda: envs.step(np.where(envs.action_masks == 0)[1][:1].repeat(2)))
    for env_class in (kingup.gym.KingUpEnv, court.gym.CourtEnv):
        env = env_class(players=3, illegal="raise")
        env.reset(seed=9)
        secrets.add_game(env.game)
        caught(lambda: env.step(int(np.flatnonzero(env.game.action_mask(0) == 0)[0])))
    view = kingup.Game(players=3, seed=7_777_777_777_3).view(0)
    secrets.add_seed(7_777_777_777_3)
    caught(lambda: kingup.PlayerView.from_json(view.to_json().replace('"seat":0', '"seat":7')))
    assert_no_leak(outputs, secrets, "exceptions")


@pytest.mark.parametrize("module", ["kingup.openspiel", "kingup.court.openspiel"])
def test_openspiel_adapters(module: str) -> None:
    """OpenSpiel's states of both games, played from chance drawn by a seeded generator:
    every observer's string and tensor for every seat, action strings, the state's text,
    and states resampled from a seat's information set (seeded from a sampler)."""
    import importlib

    pyspiel = pytest.importorskip("pyspiel")
    adapter = importlib.import_module(module)
    game = adapter.load(players=3)
    secrets = Secrets()
    chance_seed = 4_444_444_444_4
    rng = np.random.default_rng(chance_seed)
    secrets.add_seed(chance_seed)
    observers = [
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=recall))
        for recall in (False, True)
    ]
    state = game.new_initial_state()
    outputs: list[Any] = []
    draws = iter(rng.random(10_000))
    for _ in range(120):
        if state.is_terminal():
            break
        for observer in observers:
            for player in range(3):
                observer.set_from(state, player)
                outputs += [observer.tensor.copy(), observer.string_from(state, player)]
        player = state.current_player()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            action = int(rng.choice(outcomes, p=probabilities))
        elif player == pyspiel.PlayerId.SIMULTANEOUS:
            action = 0
        else:
            action = state.legal_actions(player)[0]
            if hasattr(state, "resample_from_infostate"):
                sampled = state.resample_from_infostate(player, lambda: float(next(draws)))
                outputs += [str(sampled), sampled.information_state_string(player)]
        outputs += [state.action_to_string(player, action), str(state)]
        state.apply_action(action)
    assert_no_leak(outputs, secrets, module)


@pytest.mark.parametrize("module", ["kingup.rllib", "kingup.court.rllib"])
def test_rllib_envs(module: str) -> None:
    """RLlib's multi-agent envs of both games (learners against bots, and self-play): every
    observation, reward, flag and info, rendered text, an illegal action's end, and the
    errors of ``illegal="raise"``."""
    import importlib

    pytest.importorskip("ray.rllib")
    rllib = importlib.import_module(module)
    env_class = rllib.KingUpMultiAgentEnv if module == "kingup.rllib" else rllib.CourtMultiAgentEnv
    rules: dict[str, Any] = {"players": 3}
    rules.update({"rounds": 1} if module == "kingup.rllib" else {"max_rounds": 2})
    for config, seed in (({"learners": "random", "opponents": "random", "seed": 3_333_333_333_1}, 3_333_333_333_2),
                         ({"learners": "all", "illegal": "raise"}, 3_333_333_333_3)):
        env = env_class({**rules, **config})
        secrets = Secrets()
        if "seed" in config:
            secrets.add_seed(config["seed"])
        secrets.add_seed(seed)
        # The game's seed and the bots', as reset draws them from the episode's generator.
        draws = np.random.default_rng(seed)
        secrets.add_seed(draws.integers(0, 2**63))
        for _ in range(rules["players"]):
            secrets.add_seed(draws.integers(0, 2**63))
        observations, infos = env.reset(seed=seed)
        outputs: list[Any] = [observations, infos, env.render()]
        for _ in range(300):
            secrets.add_game(env.game)
            ((agent, obs),) = observations.items()
            observations, *rest = env.step({agent: mask_pick(obs["action_mask"])})
            outputs += [observations, *rest, env.render()]
            if rest[1]["__all__"] or rest[2]["__all__"]:
                break
        observations, infos = env.reset()
        secrets.add_game(env.game)
        ((agent, obs),) = observations.items()
        illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        try:
            outputs += list(env.step({agent: illegal}))
        except kingup.KingupError as error:
            outputs += [str(error), repr(error), pickle.dumps(error)]
        assert_no_leak(outputs, secrets, module)
