"""kingup.VectorEnv: N games stepped in Rust into the env's own NumPy buffers."""

from __future__ import annotations

import pickle
import sys
import threading
import time
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import kingup
from kingup import IllegalActionError, IllegalReason, VectorEnv


def random_actions(env: VectorEnv, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal action per env, chosen in NumPy from the masks."""
    masks = env.action_masks
    return np.where(masks == 1, rng.random(masks.shape), -1.0).argmax(axis=1)


def snapshot(env: VectorEnv) -> list[npt.NDArray[Any]]:
    return [
        a.copy()
        for a in (
            env.observations,
            env.action_masks,
            env.rewards,
            env.dones,
            env.seats,
            env.final_totals,
            env.game_seeds,
        )
    ]


def same(a: list[npt.NDArray[Any]], b: list[npt.NDArray[Any]]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_shapes_and_dtypes() -> None:
    env = VectorEnv(5, players=3, seed=1)
    expected = [
        ("observations", (5, kingup.OBSERVATION_LEN), np.float32),
        ("action_masks", (5, kingup.NUM_ACTIONS), np.int8),
        ("rewards", (5, 3), np.float32),
        ("dones", (5,), np.bool_),
        ("seats", (5,), np.int64),
        ("final_totals", (5, 3), np.int32),
        ("game_seeds", (5,), np.uint64),
    ]
    for name, shape, dtype in expected:
        array = getattr(env, name)
        assert array.shape == shape and array.dtype == dtype, name
        assert not array.flags.writeable, name
        assert array.flags.c_contiguous, name
    assert (len(env), env.num_envs, env.players, env.rounds, env.setup) == (5, 5, 3, 3, "placement")
    assert (env.reward, env.threads, env.seed) == ("win", 1, 1)
    assert not env.dones.any() and not env.rewards.any()
    assert env.action_masks.sum(axis=1).min() > 0
    assert list(env.game_seeds) == [1, 2, 3, 4, 5]
    assert repr(env) == "<kingup.VectorEnv: 5 envs, 3 players, 3 rounds, placement setup>"


def test_step_writes_into_the_same_buffers() -> None:
    env = VectorEnv(4, seed=0)
    views = (env.observations, env.action_masks, env.rewards, env.dones, env.seats)
    first = env.reset()
    assert all(a is b for a, b in zip(first, views, strict=True))
    rng = np.random.default_rng(0)
    before = env.observations.copy()
    out = env.step(random_actions(env, rng))
    assert all(a is b for a, b in zip(out, views, strict=True))
    assert not np.array_equal(before, env.observations)  # updated in place
    with pytest.raises(ValueError):
        env.observations[0, 0] = 1.0  # read-only


def test_determinism_for_a_seed() -> None:
    def run(seed: int, threads: int = 1) -> list[list[npt.NDArray[Any]]]:
        env = VectorEnv(64, players=4, seed=seed, threads=threads)
        rng = np.random.default_rng(7)
        out = [snapshot(env)]
        for _ in range(300):
            env.step(random_actions(env, rng))
            out.append(snapshot(env))
        return out

    a, b, c = run(3), run(3), run(4)
    assert all(same(x, y) for x, y in zip(a, b, strict=True))
    assert not same(a[-1], c[-1])
    # More threads, the same games.
    d = run(3, threads=2)
    assert all(same(x, y) for x, y in zip(a, d, strict=True))


@pytest.mark.parametrize(
    "config",
    [
        {"players": 3},
        {"players": 4, "rounds": 1, "reward": "margin"},
        {"players": 6, "rounds": 1, "setup": "random"},
        {"players": 5, "first_player": 2, "reward": "points"},
    ],
)
def test_every_env_is_the_seeded_game(config: dict[str, Any]) -> None:
    """Env ``i`` plays ``Game(seed=game_seeds[i])``: observations, masks, seats, the end of
    each game, its rewards and totals all agree with ``Game`` driven by the same actions."""
    n = 6
    env = VectorEnv(n, seed=100, **config)
    game_config = {k: v for k, v in config.items() if k != "reward"}
    games = [kingup.Game(seed=int(s), **game_config) for s in env.game_seeds]
    rng = np.random.default_rng(1)
    ends = 0
    episodes = [0] * n
    for _ in range(700):
        for i, g in enumerate(games):
            seat = g.to_move
            assert seat is not None and env.seats[i] == seat
            assert env.action_masks[i].tolist() == g.action_mask().tolist()
            assert list(np.flatnonzero(env.action_masks[i])) == g.legal_actions()
            np.testing.assert_array_equal(env.observations[i], g.observation(seat))
            assert env.view(i) == g.view(seat)
        actions = random_actions(env, rng)
        env.step(actions)
        reward = config.get("reward", "win")
        for i, g in enumerate(games):
            before = np.array(g.returns(reward))
            g.apply(int(actions[i]))
            assert env.dones[i] == g.is_over
            paid = np.array(g.returns(reward)) - before
            np.testing.assert_allclose(env.rewards[i], paid, atol=1e-5)  # Game.returns' change
            if not g.is_over:
                assert not env.final_totals[i].any()
                continue
            ends += 1
            totals = np.array(g.totals)
            assert env.final_totals[i].tolist() == g.totals
            if config.get("reward") == "margin":
                others = (totals.sum() - totals) / (g.players - 1)
                np.testing.assert_allclose(env.rewards[i], totals - others, atol=1e-5)
                assert abs(float(env.rewards[i].sum())) < 1e-3
            elif reward == "win":
                winners = g.winners or []
                share = [1 / len(winners) if s in winners else 0.0 for s in range(g.players)]
                np.testing.assert_allclose(env.rewards[i], share)
            # Auto-reset: the env already plays its next game, seeded seed + e * n + i.
            episodes[i] += 1
            assert int(env.game_seeds[i]) == 100 + episodes[i] * n + i
            games[i] = kingup.Game(seed=int(env.game_seeds[i]), **game_config)
    assert ends >= n


def test_auto_reset_seeds_and_reset() -> None:
    n = 3
    env = VectorEnv(n, players=3, rounds=1, seed=10)
    rng = np.random.default_rng(2)
    episodes = [0] * n
    for _ in range(400):
        env.step(random_actions(env, rng))
        for i in np.flatnonzero(env.dones):
            episodes[i] += 1
            assert int(env.game_seeds[i]) == 10 + episodes[i] * n + i
            assert env.final_totals[i].sum() > 0 and env.rewards[i].sum() >= 1
    assert min(episodes) >= 2
    # reset() goes on to each env's next game; reset(seed) starts the sequence again.
    env.reset()
    assert [int(s) for s in env.game_seeds] == [10 + (e + 1) * n + i for i, e in enumerate(episodes)]
    assert not env.dones.any() and not env.rewards.any() and not env.final_totals.any()
    env.reset(seed=10)
    fresh = VectorEnv(n, players=3, rounds=1, seed=10)
    assert same(snapshot(env), snapshot(fresh))
    env.reset(seed=np.uint64(2**64 - 1))
    assert [int(s) for s in env.game_seeds] == [2**64 - 1, 0, 1]  # wraps


@pytest.mark.parametrize(
    "dtype", [np.int64, np.int32, np.int16, np.int8, np.uint8, np.uint16, np.uint32, np.uint64]
)
def test_any_integer_array_and_lists(dtype: Any) -> None:
    a, b = VectorEnv(8, seed=5), VectorEnv(8, seed=5)
    rng = np.random.default_rng(0)
    for _ in range(50):
        actions = random_actions(a, rng)
        a.step(actions)
        b.step(actions.astype(dtype))
    assert same(snapshot(a), snapshot(b))
    actions = random_actions(a, rng)
    a.step(actions.tolist())
    b.step(tuple(int(x) for x in actions))
    wide = np.zeros(16, dtype=np.int64)
    actions = random_actions(a, rng)
    wide[::2] = actions
    a.step(actions)
    b.step(wide[::2])  # not contiguous
    assert same(snapshot(a), snapshot(b))


def refused(
    num_envs: int, players: int, seed: int, actions: Any, error: type[BaseException]
) -> BaseException:
    """After 40 steps, ``env.step(actions)`` (a value, or a function of the env) raises
    ``error`` and changes no env: the env then plays on exactly like a twin that never
    saw the bad call."""
    env = VectorEnv(num_envs, players=players, seed=seed)
    twin = VectorEnv(num_envs, players=players, seed=seed)
    rng = np.random.default_rng(9)
    for _ in range(40):
        actions_ok = random_actions(twin, rng)
        twin.step(actions_ok)
        env.step(actions_ok)
    before = snapshot(env)
    with pytest.raises(error) as info:
        env.step(actions(env) if callable(actions) else actions)
    assert same(before, snapshot(env))
    for _ in range(30):
        actions_ok = random_actions(twin, rng)
        twin.step(actions_ok)
        env.step(actions_ok)
    assert same(snapshot(env), snapshot(twin))
    return info.value


def test_an_illegal_action_names_its_env_and_changes_nothing() -> None:
    def one_illegal(env: VectorEnv) -> npt.NDArray[np.int64]:
        actions = random_actions(env, np.random.default_rng(0))
        actions[4] = int(np.flatnonzero(env.action_masks[4] == 0)[0])
        return actions

    err = refused(6, 4, 3, one_illegal, IllegalActionError)
    assert isinstance(err, IllegalActionError)
    assert err.env == 4 and err.seat is not None and err.action is not None
    assert err.reason is not IllegalReason.NO_SUCH_ACTION
    assert str(err).startswith("env 4: seat ")


@pytest.mark.parametrize("bad", [67, -1, 10**6])
def test_out_of_range_actions(bad: int) -> None:
    def with_bad(env: VectorEnv) -> npt.NDArray[np.int64]:
        actions = random_actions(env, np.random.default_rng(0))
        actions[2] = bad
        return actions

    err = refused(3, 3, 1, with_bad, IllegalActionError)
    assert isinstance(err, IllegalActionError)
    assert err.reason is IllegalReason.NO_SUCH_ACTION and err.env == 2 and err.action == bad
    huge = np.full(3, 2**64 - 1, dtype=np.uint64)
    err = refused(3, 3, 1, huge, IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.env == 0


@pytest.mark.parametrize(
    ("actions", "error"),
    [
        (np.zeros(2, dtype=np.int64), ValueError),  # too short
        (np.zeros(4, dtype=np.int64), ValueError),  # too long
        (np.zeros((3, 1), dtype=np.int64), ValueError),  # 2-D
        (np.zeros(3, dtype=np.float64), TypeError),
        (np.zeros(3, dtype=np.float32), TypeError),
        (np.zeros(3, dtype=bool), TypeError),
        (np.array(["0", "1", "2"]), TypeError),
        ([0, 1], ValueError),
        ([0, 1, "2"], TypeError),
        ([True, False, True], TypeError),
        ([0.0, 1.0, 2.0], TypeError),
        ("012", TypeError),
        (None, TypeError),
        (7, TypeError),
        ({0: 1}, TypeError),
    ],
)
def test_bad_action_input(actions: Any, error: type[BaseException]) -> None:
    refused(3, 3, 2, actions, error)


def test_bad_configuration() -> None:
    for kwargs in [
        {"num_envs": 0},
        {"num_envs": 2_000_000},
        {"num_envs": 2, "players": 7},
        {"num_envs": 2, "rounds": 2},
        {"num_envs": 2, "setup": "other"},
        {"num_envs": 2, "reward": "money"},
        {"num_envs": 2, "threads": 0},
    ]:
        with pytest.raises(kingup.InvalidConfigError):
            VectorEnv(**kwargs)
    for kwargs in [{"num_envs": "2"}, {"num_envs": 2, "reward": 1}, {"num_envs": 2.0}]:
        with pytest.raises(TypeError):
            VectorEnv(**kwargs)
    with pytest.raises(ValueError, match="seed"):
        VectorEnv(2, seed=-1)
    env = VectorEnv(2)
    for index in (2, -1):
        with pytest.raises(ValueError, match="out of range"):
            env.view(index)


def test_a_bot_plays_in_the_vector_env() -> None:
    from kingup.bots import HeuristicBot

    env = VectorEnv(4, players=3, rounds=1, seed=0)
    bot = HeuristicBot(0)
    for _ in range(200):
        env.step(np.array([bot.choose_view(env.view(i)) for i in range(4)]))
    assert env.game_seeds.max() >= 4  # games were finished and restarted


def test_the_error_pickles_with_its_env() -> None:
    env = VectorEnv(2, players=3, seed=0)
    with pytest.raises(IllegalActionError) as info:
        env.step(np.array([int(np.flatnonzero(env.action_masks[0])[0]), 67]))
    copy = pickle.loads(pickle.dumps(info.value))
    assert (copy.env, copy.action, copy.reason, str(copy)) == (1, 67, info.value.reason, str(info.value))


def test_step_releases_the_gil() -> None:
    """With a 10 s switch interval a thread keeps the GIL until it blocks, so the main
    thread wakes while the worker is inside ``step`` only if the step releases it."""
    env = VectorEnv(30_000, players=4, seed=0)
    actions = np.argmax(env.action_masks, axis=1)
    started, done = threading.Event(), threading.Event()

    def work() -> None:
        started.set()
        env.step(actions)
        done.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(10.0)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        started.wait()
        ticks = 0
        while not done.is_set():
            time.sleep(0.001)
            ticks += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert ticks >= 3


def test_the_benchmarks_random_choice_never_picks_an_illegal_action() -> None:
    """``bench_vector.pick`` with noise that comes out exactly 0.0 (float32 does, on long
    runs): a legal action must still win over every illegal one."""
    import importlib.util

    from conftest import REPO

    spec = importlib.util.spec_from_file_location("bench_vector", REPO / "kingup-py" / "bench" / "bench_vector.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    class ZeroNoise:
        def random(self, out: npt.NDArray[np.float32], dtype: Any) -> None:
            out.fill(0.0)

    masks = np.zeros((3, kingup.NUM_ACTIONS), dtype=np.int8)
    masks[0, 65] = 1
    masks[1, [3, 9]] = 1
    masks[2, 66] = 1
    noise = np.empty(masks.shape, dtype=np.float32)
    scores = np.empty_like(noise)
    actions = np.empty(3, dtype=np.int64)
    bench.pick(ZeroNoise(), masks, noise, scores, actions)
    assert all(masks[i, a] == 1 for i, a in enumerate(actions)), actions
    # With real noise, every legal action comes up, and only those.
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(200):
        bench.pick(rng, masks, noise, scores, actions)
        seen.add(int(actions[1]))
        assert all(masks[i, a] == 1 for i, a in enumerate(actions))
    assert seen == {3, 9}
