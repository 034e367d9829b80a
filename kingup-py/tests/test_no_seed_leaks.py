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
