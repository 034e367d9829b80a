"""How much faster an arena and a simulation run on Ray with 1 and 2 workers than here on
one thread, with the same results (checked).

Each configuration is timed ``--rounds`` times, alternating, and the median kept; Ray's
start is not counted (each Ray instance is started, warmed up by one small run, then
timed). Usage:

    target/venv-test/bin/python kingup-py/bench/bench_ray.py --deals 40 --games 400000 --rounds 3
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import kingup

ENTRANTS = ["reader:300", "ismcts:300", "heuristic", "random"]


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="arena deals (4 players, 4 games each)")
    parser.add_argument("--games", type=int, default=400_000, help="simulated games")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each configuration")
    args = parser.parse_args()
    import ray

    def arena(**backend: Any) -> kingup.ArenaResults:
        return kingup.arena(ENTRANTS, players=4, deals=args.deals, seed=1, **backend)

    def simulate(**backend: Any) -> kingup.Simulation:
        return kingup.simulate(args.games, players=4, seed=1, **backend)

    jobs: dict[str, Callable[..., Any]] = {"arena": arena, "simulate": simulate}
    here = {name: job(threads=1) for name, job in jobs.items()}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for name, job in jobs.items():
            seconds, _ = timed(lambda: job(threads=1))
            times.setdefault((name, "here, 1 thread"), []).append(seconds)
        for workers in (1, 2):
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            for name, job in jobs.items():
                job(backend="ray")  # workers started and kingup imported
                seconds, result = timed(lambda: job(backend="ray"))
                same = (
                    result == here[name]
                    if name == "arena"
                    else all(np.array_equal(a, b) for a, b in zip(result, here[name]))
                )
                assert same, f"{name} on Ray differs from the local run"
                times.setdefault((name, f"ray, {workers} worker{'s' * (workers > 1)}"), []).append(seconds)
            ray.shutdown()
    print(f"{'job':<10} {'where':<16} {'median s':>9} {'speed-up':>9}")
    for name in jobs:
        base = statistics.median(times[(name, "here, 1 thread")])
        for (job, where), runs in times.items():
            if job == name:
                median = statistics.median(runs)
                print(f"{job:<10} {where:<16} {median:>9.2f} {base / median:>8.2f}x")


if __name__ == "__main__":
    main()
