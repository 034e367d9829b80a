"""``kingup.VectorEnv(opponents=..., seat=...)``: one seat per env played by the caller,
the others by ``kingup.bots`` bots inside the step."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import kingup
from kingup import InvalidConfigError, SeatError, VectorEnv
from kingup.bots import HeuristicBot, IsmctsBot, RandomBot, ReaderBot

BOTS: dict[str, Any] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts-20": lambda seed: IsmctsBot(seed=seed, iterations=20),
    "reader-20": lambda seed: ReaderBot(seed=seed, iterations=20),
}


def bot_seed(game_seed: int, seat: int) -> int:
    """The documented seed of the bot in ``seat`` of the game seeded ``game_seed``."""
    return (game_seed + (seat + 1) * 0x9E3779B97F4A7C15) % 2**64


@pytest.mark.parametrize(
    "config",
    [
        {"players": 3, "opponents": "heuristic"},
        {"players": 3, "rounds": 1, "opponents": ["ismcts:20", "heuristic"], "seat": 0},
        {"players": 3, "rounds": 1, "opponents": "reader:20", "seat": 1},
        {"players": 4, "opponents": "random", "seat": 2, "reward": "points"},
        {"players": 5, "opponents": ["random", "heuristic", "heuristic", "random"], "seat": 4},
        {"players": 6, "rounds": 1, "opponents": "heuristic", "seat": 3, "reward": "margin"},
    ],
)
def test_every_env_is_the_seeded_game_with_its_bots(config: dict[str, Any]) -> None:
    """Env ``i`` plays ``Game(seed=game_seeds[i])`` with each other seat's bot seeded as
    documented: the caller always acts for the learner's seat, and observations, masks,
    rewards (the change over the action and every bot reply) and the ends of games agree
    with a ``Game`` driven in Python by the same actions and the same bots."""
    n = 4
    env = VectorEnv(n, seed=50, **config)
    learner = config.get("seat", 0)
    reward = config.get("reward", "win")
    game_config = {k: v for k, v in config.items() if k in ("players", "rounds")}
    players = config["players"]
    names = config["opponents"]
    names = [names] * (players - 1) if isinstance(names, str) else names
    names = [name.replace(":", "-") for name in names]  # the labels
    kinds = dict(zip([s for s in range(players) if s != learner], names))
    assert env.seat == learner
    assert env.opponents == [kinds.get(s) for s in range(players)]

    def start(i: int) -> tuple[kingup.Game, dict[int, Any]]:
        seed = int(env.game_seeds[i])
        game = kingup.Game(seed=seed, **game_config)
        return game, {s: BOTS[k](seed=bot_seed(seed, s)) for s, k in kinds.items()}

    def bots_reply(game: kingup.Game, bots: dict[int, Any]) -> None:
        while not game.is_over and game.to_move != learner:
            seat = game.to_move
            assert seat is not None
            game.apply(bots[seat].choose(game, seat), seat)

    tables = [start(i) for i in range(n)]
    for game, bots in tables:
        bots_reply(game, bots)
    rng = np.random.default_rng(3)
    ends = 0
    for _ in range(300):
        for i, (game, _) in enumerate(tables):
            assert game.to_move == learner and env.seats[i] == learner
            assert env.action_masks[i].tolist() == game.action_mask(learner).tolist()
            np.testing.assert_array_equal(env.observations[i], game.observation(learner))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks])
        env.step(actions)
        for i, (game, bots) in enumerate(tables):
            before = np.array(game.returns(reward))
            game.apply(int(actions[i]), learner)
            bots_reply(game, bots)
            np.testing.assert_allclose(env.rewards[i], np.array(game.returns(reward)) - before, atol=1e-5)
            assert env.dones[i] == game.is_over
            if game.is_over:
                ends += 1
                assert env.final_totals[i].tolist() == game.totals
                assert env.final_view(i) == game.view(learner)
                tables[i] = start(i)
                bots_reply(*tables[i])
    assert ends >= n


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"seat": 1}, InvalidConfigError, "needs opponents="),
        ({"opponents": ["random"]}, InvalidConfigError, "3 opponents are needed"),
        ({"opponents": ["random"] * 4}, InvalidConfigError, "3 opponents are needed"),
        ({"opponents": 3}, TypeError, "opponents must be a bot spec"),
        ({"opponents": iter(["random"] * 3)}, TypeError, "opponents must be a bot spec"),
        ({"opponents": "alphazero"}, InvalidConfigError, "unknown bot"),
        ({"opponents": ["random", 7, "random"]}, TypeError, "a bot spec"),
        ({"opponents": "ismcts:0"}, InvalidConfigError, "ismcts:N and reader:N take"),
        ({"opponents": "reader:0"}, InvalidConfigError, "ismcts:N and reader:N take"),
        ({"opponents": "random", "seat": 4}, SeatError, "no seat 4"),
        ({"opponents": "random", "seat": "0"}, TypeError, "seat"),
    ],
)
def test_bad_opponents_are_refused(kwargs: dict[str, Any], error: type[Exception], text: str) -> None:
    with pytest.raises(error, match=text):
        VectorEnv(2, players=4, **kwargs)


def test_self_play_has_no_learner() -> None:
    env = VectorEnv(3, players=4)
    assert env.seat is None and env.opponents is None


def test_the_thread_count_does_not_change_the_games() -> None:
    envs = [VectorEnv(256, players=4, seed=9, opponents="heuristic", seat=3, threads=t) for t in (1, 2)]
    rng = np.random.default_rng(4)
    for _ in range(60):
        masks = envs[0].action_masks
        np.testing.assert_array_equal(masks, envs[1].action_masks)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        for env in envs:
            env.step(actions)
        np.testing.assert_array_equal(envs[0].observations, envs[1].observations)
        np.testing.assert_array_equal(envs[0].rewards, envs[1].rewards)
