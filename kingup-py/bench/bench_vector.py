"""Throughput of ``kingup.VectorEnv`` and ``kingup.court.VectorEnv``: env steps per
CPU-second of this thread.

    python kingup-py/bench/bench_vector.py [--games kingup court] [--sizes 64 256 1024]
        [--seconds 2] [--repeats 3] [--threads 1] [--players 4]

Each step plays one action in every env: a uniformly random legal action per env, chosen
in NumPy from the env's action masks (``pick``: uniform random floats in [1, 2) times the
mask, then argmax, into preallocated arrays); with ``--opponents`` (a bot spec of the game),
one seat's action and the bots' replies. Time is ``time.thread_time()`` (this thread's CPU
time: the machine is shared, and other jobs only lengthen wall time), so with
``--threads`` above 1 the step's worker threads are not counted: keep 1 to compare.

Reported per game and N, as min / median / max over ``--repeats`` runs of about
``--seconds`` CPU-seconds each: env steps per CPU-second of ``env.step`` alone, of the
whole loop (NumPy choice included), and finished games per CPU-second of the loop. The
games' runs alternate within a repeat.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

import numpy as np
import numpy.typing as npt

import kingup
import kingup.court


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


def make(game: str, n: int, players: int, seed: int, threads: int, opponents: str | None) -> tuple[Any, int]:
    """The game's vector env and its number of actions."""
    module: Any = kingup if game == "kingup" else kingup.court
    env = module.VectorEnv(n, players=players, seed=seed, threads=threads, opponents=opponents)
    return env, module.NUM_ACTIONS


def run(game: str, n: int, players: int, threads: int, seconds: float, seed: int, opponents: str | None) -> tuple[float, float, float]:
    """(step()-only steps/s, loop steps/s, games/s) over about ``seconds`` of CPU time."""
    env, actions_len = make(game, n, players, seed, threads, opponents)
    rng = np.random.default_rng(seed)
    noise = np.empty((n, actions_len), dtype=np.float32)
    scores = np.empty_like(noise)
    actions = np.empty(n, dtype=np.int64)
    masks = env.action_masks
    dones = env.dones
    for _ in range(200):  # warm up: the games spread over their lengths
        pick(rng, masks, noise, scores, actions)
        env.step(actions)
    steps = games = 0
    in_step = 0.0
    clock = time.thread_time
    start = clock()
    while (elapsed := clock() - start) < seconds:
        pick(rng, masks, noise, scores, actions)
        t = clock()
        env.step(actions)
        in_step += clock() - t
        games += int(np.count_nonzero(dones))
        steps += n
    return steps / in_step, steps / elapsed, games / elapsed


def spread(values: list[float], unit: float, digits: int) -> str:
    """min / median / max, in ``unit``s."""
    return " / ".join(f"{v / unit:5.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=["kingup", "court"], default=["kingup", "court"])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU-seconds per run")
    parser.add_argument("--repeats", "--rounds", type=int, default=3, help="runs per configuration")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1024])
    parser.add_argument("--threads", type=int, nargs="+", default=[1])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", help="bots for the other seats (VectorEnv(opponents=))")
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, numpy {np.__version__}, load average "
        f"{os.getloadavg()[0]:.1f}, {args.repeats} repeats of {args.seconds} CPU-s, "
        f"{args.players} players; M env steps (games: games) "
        "per CPU-second, min / median / max"
    )
    print(f"{'game':>7} {'N':>6} {'threads':>7} {'step() alone':>20} {'whole loop':>20} {'games':>20}")
    for threads in args.threads:
        for n in args.sizes:
            results: dict[str, list[tuple[float, float, float]]] = {g: [] for g in args.games}
            for repeat in range(args.repeats):
                for game in args.games:
                    results[game].append(run(game, n, args.players, threads, args.seconds, repeat, args.opponents))
            for game in args.games:
                rows = results[game]
                units = [(1e6, 2), (1e6, 2), (1.0, 0)]
                cols = [spread([r[i] for r in rows], *unit) for i, unit in enumerate(units)]
                print(f"{game:>7} {n:>6} {threads:>7} {cols[0]:>20} {cols[1]:>20} {cols[2]:>20}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
