"""``kingup.gym.KingUpVectorEnv`` is a ``gymnasium.vector.VectorEnv`` with ``SAME_STEP``
autoreset exactly as Gymnasium defines it: it is compared, step by step, with
Gymnasium's own ``SyncVectorEnv(autoreset_mode=SAME_STEP)`` over single-game envs
written here from ``kingup.Game`` (observations, rewards, flags, and every ``info``
key and mask, ``final_obs`` and ``final_info`` included)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import kingup  # noqa: E402
from kingup.gym import KingUpVectorEnv  # noqa: E402


class OneGame(gymnasium.Env):  # type: ignore[type-arg]
    """Env ``index`` of ``n`` as a single self-play env: the observation is the seat to
    act's, the reward what the step paid the seat that acted; a reset with seed ``s``
    starts the sequence ``s, s + n, s + 2n, ...``, a reset without goes on in it."""

    def __init__(self, n: int, reward: str = "win", **config: Any) -> None:
        self.n, self.reward, self.config = n, reward, config
        self.observation_space = spaces.Box(0.0, 1.0, (kingup.OBSERVATION_LEN,), np.float32)
        self.action_space = spaces.Discrete(kingup.NUM_ACTIONS)
        self.next_seed = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        if seed is not None:
            self.next_seed = seed
        self.seed_now = self.next_seed % 2**64
        self.next_seed += self.n
        self.game = kingup.Game(seed=self.seed_now, **self.config)
        seat = self.game.to_move
        info = self.info(seat, np.zeros(self.game.players, np.float32))
        return self.game.observation(seat), info

    def info(self, seat: int, paid: npt.NDArray[np.float32]) -> dict[str, Any]:
        over = self.game.is_over
        return {
            "action_mask": self.game.action_mask(seat) if not over else np.zeros(67, np.int8),
            "seat": seat,
            "rewards": paid,
        }

    def step(self, action: Any) -> Any:
        acted = self.game.to_move
        before = np.array(self.game.returns(self.reward))
        self.game.apply(int(action), acted)
        paid = (np.array(self.game.returns(self.reward)) - before).astype(np.float32)
        over = self.game.is_over
        seat = acted if over else self.game.to_move
        info = self.info(seat, paid)
        if over:
            info["final_totals"] = np.array(self.game.totals, np.int32)
        return self.game.observation(seat), float(paid[acted]), over, False, info


def reference(n: int, **config: Any) -> SyncVectorEnv:
    return SyncVectorEnv(
        [lambda: OneGame(n, **config) for _ in range(n)], autoreset_mode=AutoresetMode.SAME_STEP
    )


def assert_same(a: Any, b: Any, where: str) -> None:
    """``a`` (ours) and ``b`` (Gymnasium's) hold the same keys and values."""
    if isinstance(b, dict):
        assert isinstance(a, dict) and sorted(a) == sorted(b), (where, sorted(a), sorted(b))
        for key in b:
            assert_same(a[key], b[key], f"{where}[{key!r}]")
    elif isinstance(b, np.ndarray) and b.dtype == object:
        assert a.dtype == object and a.shape == b.shape, where
        for x, y in zip(a, b, strict=True):
            assert (x is None) == (y is None), where
            if y is not None:
                np.testing.assert_array_equal(x, y, err_msg=where)
    else:
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), atol=1e-5, err_msg=where)
        assert np.asarray(a).shape == np.asarray(b).shape, where


@pytest.mark.parametrize(
    "config",
    [
        {"players": 3, "rounds": 1},
        {"players": 4, "rounds": 1, "reward": "margin"},
        {"players": 5, "rounds": 1, "reward": "points", "setup": "random"},
        {"players": 4, "reward": "points"},
    ],
)
def test_same_as_gymnasiums_sync_vector_env(config: dict[str, Any]) -> None:
    n = 5
    ours, theirs = KingUpVectorEnv(n, **config), reference(n, **config)
    assert ours.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = ours.reset(seed=2**64 - 3)  # the seeds wrap past 2**64
    ref_obs, ref_info = theirs.reset(seed=2**64 - 3)
    np.testing.assert_array_equal(obs, ref_obs)
    assert_same(info, ref_info, "reset info")
    rng = np.random.default_rng(0)
    ended = 0
    for t in range(900 if config.get("rounds") == 1 else 600):
        mask = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        obs, reward, terminated, truncated, info = ours.step(actions)
        ref = theirs.step(actions)
        np.testing.assert_array_equal(obs, ref[0])
        np.testing.assert_allclose(reward, ref[1], atol=1e-5)
        np.testing.assert_array_equal(terminated, ref[2])
        np.testing.assert_array_equal(truncated, ref[3])
        assert_same(info, ref[4], f"step {t} info")
        assert ours.observation_space.contains(obs)
        ended += int(terminated.sum())
    assert ended >= 2 * n  # every env finished games, so final_obs and final_info were compared
    # reset() without a seed goes on to each env's next game in both.
    assert_same(ours.reset()[1], theirs.reset()[1], "reset info")


def test_spaces_masks_and_final_observation() -> None:
    env = KingUpVectorEnv(4, players=3, rounds=1)
    assert env.single_observation_space == spaces.Box(0.0, 1.0, (kingup.OBSERVATION_LEN,), np.float32)
    assert env.single_action_space == spaces.Discrete(kingup.NUM_ACTIONS)
    assert env.observation_space.shape == (4, kingup.OBSERVATION_LEN)
    assert env.action_space == spaces.MultiDiscrete([kingup.NUM_ACTIONS] * 4)
    _, info = env.reset(seed=0)
    masks = env.action_masks()
    assert masks.dtype == bool and masks.shape == (4, kingup.NUM_ACTIONS)
    np.testing.assert_array_equal(masks, info["action_mask"].astype(bool))
    # Play env 0's game by hand in a Game, to check its final observation.
    assert "game_seed" not in info  # a policy reads info: no seed there
    game = kingup.Game(players=3, rounds=1, seed=int(env.native.game_seeds[0]))
    while True:
        actions = np.argmax(env.action_masks(), axis=1)
        seat = int(info["seat"][0])
        game.apply(int(actions[0]), seat)
        _, _, terminated, _, info = env.step(actions)
        if terminated[0]:
            break
        with pytest.raises(ValueError, match="did not end"):
            env.native.final_view(0)
    assert game.is_over
    np.testing.assert_array_equal(info["final_obs"][0], game.observation(seat))
    assert env.native.final_view(0) == game.view(seat)
    assert info["final_info"]["final_totals"][0].tolist() == game.totals
    assert info["final_info"]["seat"][0] == seat
    env.reset()
    with pytest.raises(ValueError, match="did not end"):
        env.native.final_view(0)


def test_reset_seed_reproducible_and_bad_arguments() -> None:
    def run(seed: int) -> list[npt.NDArray[Any]]:
        env = KingUpVectorEnv(6, players=4, rounds=1)
        obs, info = env.reset(seed=seed)
        out = [obs.copy()]
        for _ in range(150):
            obs, reward, *_ = env.step(np.argmax(info["action_mask"], axis=1))
            out += [obs.copy(), reward.copy()]
        return out

    a, b, c = run(11), run(11), run(12)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))
    env = KingUpVectorEnv(2, players=3)
    with pytest.raises(TypeError):
        env.reset(seed=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError):
        env.reset(options={"x": 1})
    with pytest.raises(kingup.IllegalActionError):
        env.step(np.array([67, 67]))


def test_close() -> None:
    env = KingUpVectorEnv(2, players=3)
    env.reset(seed=0)
    env.close()
    assert env.closed
    with pytest.raises(RuntimeError, match="closed"):
        env.step(np.zeros(2, np.int64))
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()
    env.close()  # twice is fine


def test_gymnasiums_vector_wrappers() -> None:
    """``RecordEpisodeStatistics`` reads the autoreset mode: its episode lengths are the
    games' steps and its returns what the rows were paid, as over the reference env."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    n = 3
    ours = RecordEpisodeStatistics(KingUpVectorEnv(n, players=3, rounds=1, reward="margin"))
    theirs = RecordEpisodeStatistics(reference(n, players=3, rounds=1, reward="margin"))
    _, info = ours.reset(seed=4)
    theirs.reset(seed=4)
    episodes = 0
    for _ in range(300):
        actions = np.argmax(info["action_mask"], axis=1)
        *_, info = ours.step(actions)
        *_, ref = theirs.step(actions)
        assert ("episode" in info) == ("episode" in ref)
        if "episode" in info:
            episodes += int(info["_episode"].sum())
            np.testing.assert_array_equal(info["episode"]["l"], ref["episode"]["l"])
            np.testing.assert_allclose(info["episode"]["r"], ref["episode"]["r"], atol=1e-4)
            assert (info["episode"]["l"][info["_episode"]] > 20).all()
    assert episodes >= n


def test_one_seat_against_bots() -> None:
    """With ``opponents=``, every row is the learner's seat, its reward is what the seat
    was paid, and a finished game's final observation is that seat's."""
    envs = KingUpVectorEnv(4, players=3, rounds=1, opponents="random", seat=1, reward="win")
    obs, info = envs.reset(seed=3)
    assert (info["seat"] == 1).all()
    ended = 0
    for _ in range(200):
        obs, reward, terminated, _, info = envs.step(envs.action_masks().argmax(axis=1))
        assert (info["seat"] == 1).all()
        # "win" pays only when a game ends: the learner's win share, in its own row.
        paid = info["final_info"]["rewards"][:, 1] if terminated.any() else np.zeros(4)
        np.testing.assert_array_equal(reward, paid)
        for i in np.flatnonzero(terminated):
            ended += 1
            np.testing.assert_array_equal(info["final_obs"][i], envs.native.final_view(int(i)).observation())
            assert envs.native.final_view(int(i)).seat == 1
    assert ended > 0
