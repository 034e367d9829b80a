"""Bots and the vectorised environment, typed (``mypy --strict`` checks this file).

    python examples/python/bots_and_vector_env.py [--envs 64] [--steps 500]

First an ISMCTS bot, a reader bot, a heuristic bot and a random bot play one 4-player
game; then
``kingup.VectorEnv`` steps many 4-player games at once with random legal actions chosen
in NumPy, and a heuristic bot plays seat 0 of every env from that seat's view.
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

import kingup
from kingup.bots import Bot, HeuristicBot, IsmctsBot, RandomBot, ReaderBot


def bot_game(seed: int) -> list[int]:
    game = kingup.Game(players=4, seed=seed)
    bots: list[Bot] = [
        IsmctsBot(seed, iterations=200),
        ReaderBot(seed, iterations=200),
        HeuristicBot(seed),
        RandomBot(seed),
    ]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game, seat), seat)
    print(f"bots {[b.name for b in bots]} scored {game.totals}; winners {game.winners}")
    return game.totals


def vector_run(envs: int, steps: int, seed: int) -> npt.NDArray[np.int64]:
    """Seat 0 plays heuristically, every other seat at random; returns seat 0's wins."""
    env = kingup.VectorEnv(envs, players=4, seed=seed, reward="win")
    rng = np.random.default_rng(seed)
    bot = HeuristicBot(seed)
    wins = np.zeros(4, dtype=np.int64)
    games = 0
    for _ in range(steps):
        masks = env.action_masks
        # Random legal actions: illegal ones score -1, below any legal one's noise.
        actions = np.argmax(np.where(masks == 1, rng.random(masks.shape), -1.0), axis=1)
        for i in np.flatnonzero(env.seats == 0):
            actions[i] = bot.choose_view(env.view(int(i)))
        _, _, rewards, dones, _ = env.step(actions)
        wins += rewards[dones].sum(axis=0).astype(np.int64)
        games += int(dones.sum())
    print(f"{games} games finished in {envs} envs; wins per seat {wins.tolist()} (seat 0 heuristic)")
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    bot_game(args.seed)
    vector_run(args.envs, args.steps, args.seed)


if __name__ == "__main__":
    main()
