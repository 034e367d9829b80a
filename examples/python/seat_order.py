"""How much does seat order matter in King Up!?

A researcher's experiment: 100,000 random games for each player count, played in Rust
by ``kingup.simulate``; for each seat *position* (0 = the player who starts round 1,
1 = the next one clockwise, ...) it prints the share of wins (a tie shares the win),
its 95% confidence interval, the mean final score, and whether the position differs
from a fair ``1/players`` share (a two-sided test at 5% for the whole player count:
Bonferroni-corrected over its positions, so chance alone rarely says "yes").

    python examples/python/seat_order.py [--games 100000] [--seed 0]

The players pick uniformly among their legal moves: this measures what the rules alone
give each position, not what skilled players make of it.
"""

from __future__ import annotations

import argparse
import time
from statistics import NormalDist
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

import kingup


class Row(NamedTuple):
    players: int
    position: int
    win_share: float
    ci95: float
    mean_score: float
    significant: bool


def by_position(sim: kingup.Simulation) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Win shares and scores re-indexed by position from the first player: column ``k``
    is the seat ``k`` places clockwise from round 1's first player."""
    games, players = sim.scores.shape
    seats = (sim.first_player[:, None].astype(np.int64) + np.arange(players)) % players
    rows = np.arange(games)[:, None]
    winners = sim.winners.astype(np.float64)
    shares = winners / winners.sum(axis=1, keepdims=True)
    return shares[rows, seats], sim.scores.astype(np.float64)[rows, seats]


def experiment(players: int, games: int, seed: int) -> list[Row]:
    sim = kingup.simulate(games, players=players, seed=seed)
    shares, scores = by_position(sim)
    fair = 1 / players
    z95 = NormalDist().inv_cdf(0.975)
    z_test = NormalDist().inv_cdf(1 - 0.05 / (2 * players))
    rows = []
    for k in range(players):
        share = float(shares[:, k].mean())
        stderr = float(shares[:, k].std(ddof=1)) / np.sqrt(games)
        differs = abs(share - fair) > z_test * stderr
        rows.append(Row(players, k, share, z95 * stderr, float(scores[:, k].mean()), differs))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="Does seat order matter in King Up!?")
    parser.add_argument("--games", type=int, default=100_000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.games:,} random games per player count (3 rounds, standard placement)\n")
    print(f"{'players':>7} {'position':>8} {'win share':>10} {'95% CI':>8} {'fair':>6} "
          f"{'mean score':>10}  differs?")
    start = time.perf_counter()
    for players in (3, 4, 5, 6):
        for row in experiment(players, args.games, args.seed):
            print(f"{row.players:>7} {row.position:>8} {row.win_share:>10.2%} "
                  f"{'±' + format(row.ci95, '.2%'):>8} {1 / row.players:>6.1%} "
                  f"{row.mean_score:>10.2f}  {'yes' if row.significant else 'no'}")
        print()
    elapsed = time.perf_counter() - start
    print(f"{4 * args.games:,} games in {elapsed:.1f} s ({4 * args.games / elapsed:,.0f} games/s)")
    print("position 0 starts round 1; later rounds start left of the previous crown holder")


if __name__ == "__main__":
    main()
