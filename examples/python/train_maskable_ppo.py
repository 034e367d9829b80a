"""Trains sb3-contrib's MaskablePPO to play seat 0 of King Up! against fixed bots, on
``kingup.sb3.KingUpVecEnv``, and reports its win rate against them before and after.

    python examples/python/train_maskable_ppo.py [--steps 300000] [--opponents random]

Training pays ``--reward`` (by default the margin: the agent's total minus the mean of
the others', at the end; scaled by SB3's ``VecNormalize``); evaluation plays in an env
that pays the win share at the end of each game (``reward="win"``), so the mean reward of
finished games is the agent's win rate; the 95% intervals are normal ones over the
evaluation games, played from seeds the training never saw. Needs ``kingup[sb3]``.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecNormalize

from kingup.sb3 import KingUpVecEnv


def evaluate(model: MaskablePPO, args: argparse.Namespace, seed: int) -> tuple[float, float, float, int]:
    """The agent's win rate over ``args.eval_games`` games: (mean, low, high, games)."""
    env = KingUpVecEnv(args.envs, players=args.players, rounds=args.rounds, opponents=args.opponents, seed=seed)
    obs = env.reset()
    shares: list[float] = []
    while len(shares) < args.eval_games:
        actions, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
        obs, rewards, dones, _ = env.step(actions)
        shares.extend(float(r) for r in rewards[dones])
    x = np.array(shares[: args.eval_games])
    half = 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x))
    return float(x.mean()), float(x.mean()) - half, float(x.mean()) + half, len(x)


def report(label: str, result: tuple[float, float, float, int]) -> None:
    mean, low, high, games = result
    print(f"{label}: win rate {mean:.3f} (95% CI {low:.3f} to {high:.3f}) over {games} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300_000, help="agent decisions to train on")
    parser.add_argument("--opponents", choices=["random", "heuristic"], default="random")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--n-steps", type=int, default=64, help="rollout length per env")
    parser.add_argument("--reward", choices=["win", "points", "margin"], default="margin", help="what training pays")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--eval-games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"opponents {args.opponents}, {args.players} players, {args.rounds} rounds, seat 0 learns")
    env = KingUpVecEnv(
        args.envs, players=args.players, rounds=args.rounds, opponents=args.opponents, reward=args.reward, seed=args.seed
    )
    batch = min(256, args.envs * args.n_steps)
    # Rewards scaled by a running estimate of the returns' spread (SB3's usual remedy for
    # rewards of tens of points); the observations are already in [0, 1].
    model = MaskablePPO(
        "MlpPolicy", VecNormalize(env, norm_obs=False), learning_rate=args.lr, n_steps=args.n_steps, batch_size=batch, seed=args.seed, verbose=0
    )
    held_out = 10**12 + args.seed  # evaluation seeds, far from the training ones
    report("before", evaluate(model, args, held_out))
    start = time.process_time()
    model.learn(args.steps)
    print(f"trained on {model.num_timesteps} decisions in {time.process_time() - start:.0f} s of CPU")
    report("after", evaluate(model, args, held_out))


if __name__ == "__main__":
    main()
