"""Throughput of ``kingup.VectorEnv``: env steps per second for N = 64, 256, 1024.

    python kingup-py/bench/bench_vector.py [--seconds 3] [--rounds 3] [--threads 1 2]

Each step plays one action in every env: a uniformly random legal action per env, chosen
in NumPy from the env's action masks (``pick``: uniform random floats in [1, 2) times the
mask, then argmax, into preallocated arrays); with ``--opponents heuristic`` (any bot spec),
one seat's action and the bots' replies. Reported per N: env steps per second for the whole loop
(NumPy choice included), for ``env.step`` alone, and finished games per second (4
players, 3 rounds, about 188 steps a game). The best of ``--rounds`` runs is reported,
since other jobs on the machine only ever slow a run down.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np
import numpy.typing as npt

import kingup


def pick(
    rng: np.random.Generator,
    masks: npt.NDArray[np.int8],
    noise: npt.NDArray[np.float32],
    scores: npt.NDArray[np.float32],
    actions: npt.NDArray[np.int64],
) -> None:
    """Writes a uniformly random legal action per row of ``masks`` into ``actions``.

    The noise is shifted to [1, 2) before the mask is applied, so a legal action always
    scores more than an illegal one (0): with noise in [0, 1), a legal action whose float
    came out exactly 0.0 tied with the illegal ones, and argmax could pick an illegal
    action (it happened on long runs, and the env refused the step)."""
    rng.random(out=noise, dtype=np.float32)
    np.add(noise, 1.0, out=noise)
    np.multiply(noise, masks, out=scores)
    np.argmax(scores, axis=1, out=actions)


def run(n: int, threads: int, seconds: float, seed: int, opponents: str | None) -> tuple[float, float, float]:
    """(loop steps/s, step()-only steps/s, games/s) over about ``seconds``."""
    env = kingup.VectorEnv(n, players=4, seed=seed, threads=threads, opponents=opponents)
    rng = np.random.default_rng(seed)
    noise = np.empty((n, kingup.NUM_ACTIONS), dtype=np.float32)
    scores = np.empty_like(noise)
    actions = np.empty(n, dtype=np.int64)
    masks = env.action_masks
    dones = env.dones
    for _ in range(20):  # warm up
        pick(rng, masks, noise, scores, actions)
        env.step(actions)
    steps = games = 0
    in_step = 0.0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        pick(rng, masks, noise, scores, actions)
        t = time.perf_counter()
        env.step(actions)
        in_step += time.perf_counter() - t
        games += int(np.count_nonzero(dones))
        steps += n
    return steps / elapsed, steps / in_step, games / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per run")
    parser.add_argument("--rounds", type=int, default=3, help="runs per configuration")
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024])
    parser.add_argument("--threads", type=int, nargs="+", default=[1])
    parser.add_argument(
        "--opponents", help="bots for seats 1-3 (VectorEnv(opponents=)): a step is then seat 0's action and their replies"
    )
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, numpy {np.__version__}, "
        f"load average {os.getloadavg()[0]:.1f}, best of {args.rounds} runs of {args.seconds} s"
    )
    header = f"{'N':>6} {'threads':>7} {'loop steps/s':>14} {'step() steps/s':>15} {'games/s':>10}"
    print(header)
    for threads in args.threads:
        for n in args.sizes:
            results = [run(n, threads, args.seconds, seed, args.opponents) for seed in range(args.rounds)]
            loop = max(r[0] for r in results)
            step = max(r[1] for r in results)
            games = max(r[2] for r in results)
            print(f"{n:>6} {threads:>7} {loop:>14,.0f} {step:>15,.0f} {games:>10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
