"""Per-step speed of the Python loop, kingup against OpenSpiel's C++ hearts, and the
batched simulator.

    python kingup-py/bench/bench_steps.py [--seconds 3] [--games 100000]
    python kingup-py/bench/bench_steps.py --instructions               # needs valgrind

Both games are driven by the same loop from Python: while the game is not over, pick a
uniformly random legal action with ``random.Random.choice`` and apply it. kingup resolves
its chance steps itself (``chance="auto"``), so every counted kingup step is a player
action, votes included; hearts has explicit chance nodes (the deal), which the loop
samples with the same ``choice`` over the outcomes and counts as steps. Hearts' rate is
also given for player actions only. Runs alternate between the two games so that load
from other processes affects both alike; the best of the rounds is reported.

On a shared machine the wall-clock ratio moves by a third between runs. ``--fixed N``
plays N games of one loop (``kingup``, ``hearts``, or ``floor``: the same loop over three
trivial C calls, the Python cost alone) from fixed seeds and prints the steps, untimed:
run it under ``valgrind --tool=callgrind`` with N and with 0, and the difference of the
instruction counts over the steps is the cost of a step, whatever the load.
``--instructions`` does exactly that for King Up! (``kingup``), To Court the King
(``court``: random 4-player games, to their end or their 100-round bound) and the floor,
and prints each loop's instructions a step and its ratio to the floor's. Each run first
plays a few short unmeasured games (``WARMUP_GAMES``), so that what is measured is the
interpreter's steady state, as in any long training or simulation loop.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable

import kingup
import kingup.court


def kingup_loop(rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """Random 4-player 3-round games for about ``seconds``: (steps, games, elapsed)."""
    choice = rng.choice
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = kingup.Game(players=4, seed=rng.getrandbits(64))
        while not g.is_over:
            g.apply(choice(g.legal_actions()))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def hearts_loop(rng: random.Random, seconds: float) -> tuple[int, int, int, float]:
    """Random hearts games: (all steps, player steps, games, elapsed)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    choice = rng.choice
    steps = player_steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcome, _ = choice(state.chance_outcomes())
                state.apply_action(outcome)
            else:
                state.apply_action(choice(state.legal_actions()))
                player_steps += 1
            steps += 1
        games += 1
    return steps, player_steps, games, time.perf_counter() - start


def play_kingup(game: kingup.Game, choice: Callable[[list[int]], int]) -> int:
    """Plays ``game`` to its end by ``choice`` over its legal actions; returns the steps."""
    steps = 0
    while not game.is_over:
        game.apply(choice(game.legal_actions()))
        steps += 1
    return steps


def play_court(game: kingup.court.Game, choice: Callable[[list[int]], int]) -> int:
    """``play_kingup`` for To Court the King (the same loop, its own code object)."""
    steps = 0
    while not game.is_over:
        game.apply(choice(game.legal_actions()))
        steps += 1
    return steps


class Floor:
    """The kingup loop's shape over trivial C calls (an attribute, a list copy, an append),
    188 steps a game: what the Python side of a step costs by itself."""

    def __init__(self) -> None:
        self.is_over = False
        self.legal_actions = list(range(10)).copy
        self.played: list[int] = []
        self.apply = self.played.append


def play_floor(fake: Floor, choice: Callable[[list[int]], int]) -> int:
    """``play_kingup`` over a ``Floor``, to 188 steps."""
    steps = 0
    while not fake.is_over and len(fake.played) < 188:
        fake.apply(choice(fake.legal_actions()))
        steps += 1
    return steps


#: Games each loop plays before the measured ones, in every run, so that the measured ones
#: run the interpreter's specialized code: CPython 3.11 specializes a function's calls only
#: after it has been entered 8 times (a loop's backward jumps to a ``while`` condition do
#: not count), so a loop over a few long court games would otherwise run unspecialized.
WARMUP_GAMES = 16


def fixed_loop(which: str, games: int) -> int:
    """Plays ``WARMUP_GAMES`` short games of loop ``which`` (unmeasured: they are the
    same in every run), then ``games`` games from fixed seeds; returns the latter's steps."""
    warmup = random.Random(1)
    rng = random.Random(0)
    choice = rng.choice
    if which == "kingup":
        for _ in range(WARMUP_GAMES):
            play_kingup(kingup.Game(players=4, seed=warmup.getrandbits(64)), warmup.choice)
        return sum(
            play_kingup(kingup.Game(players=4, seed=rng.getrandbits(64)), choice)
            for _ in range(games)
        )
    if which == "court":
        for _ in range(WARMUP_GAMES):
            game = kingup.court.Game(players=4, seed=warmup.getrandbits(64), max_rounds=1)
            play_court(game, warmup.choice)
        return sum(
            play_court(kingup.court.Game(players=4, seed=rng.getrandbits(64)), choice)
            for _ in range(games)
        )
    if which == "hearts":
        import pyspiel

        game = pyspiel.load_game("hearts")
        steps = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcome, _ = choice(state.chance_outcomes())
                    state.apply_action(outcome)
                else:
                    state.apply_action(choice(state.legal_actions()))
                steps += 1
        return steps
    for _ in range(WARMUP_GAMES):
        play_floor(Floor(), warmup.choice)
    return sum(play_floor(Floor(), choice) for _ in range(games))


#: Games each loop plays under callgrind: about 56,000 steps each.
CALLGRIND_GAMES = {"kingup": 300, "court": 8, "floor": 300}


def instructions(which: str, games: int) -> tuple[int, int]:
    """(instructions, steps) of ``--fixed games --loop which`` under callgrind."""
    # No BLAS threads spinning at import; a fixed hash seed, so that dict layouts (and the
    # instructions they cost) are the same from run to run.
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", PYTHONHASHSEED="0")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--fixed", str(games), "--loop", which],
        capture_output=True, text=True, check=True, env=env,
    )
    collected = re.search(r"Collected : (\d+)", run.stderr)
    steps = re.search(r": (\d+) steps", run.stdout)
    assert collected and steps, run.stderr[-2000:]
    return int(collected.group(1)), int(steps.group(1))


def per_step(which: str) -> float:
    """Instructions a step of loop ``which``: its games minus none, over the steps."""
    full, steps = instructions(which, CALLGRIND_GAMES[which])
    empty, _ = instructions(which, 0)
    return (full - empty) / steps


def report_instructions() -> None:
    floor = per_step("floor")
    print(f"{'floor':<8} {floor:8,.0f} instructions a step")
    for which in ("kingup", "court"):
        cost = per_step(which)
        print(f"{which:<8} {cost:8,.0f} instructions a step, {cost / floor:.3f}x the floor")


def best(runs: list[float]) -> float:
    return max(runs)


def bench_simulate(games: int, threads: int) -> tuple[float, float]:
    """Games per wall-clock second, and per CPU second of this process (all threads):
    the second is what one core gives when other jobs share the machine."""
    kingup.simulate(1000, seed=0, threads=threads)  # warm up
    wall, cpu = time.perf_counter(), time.process_time()
    kingup.simulate(games, seed=1, threads=threads)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per run and game")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per game")
    parser.add_argument("--games", type=int, default=100_000, help="for simulate")
    parser.add_argument("--fixed", type=int, metavar="N", help="play N games untimed (callgrind)")
    parser.add_argument("--loop", choices=["kingup", "court", "hearts", "floor"], default="kingup")
    parser.add_argument(
        "--instructions", action="store_true", help="instructions a step, under callgrind"
    )
    args = parser.parse_args()
    if args.instructions:
        report_instructions()
        return 0
    if args.fixed is not None:
        print(f"{args.loop}: {fixed_loop(args.loop, args.fixed)} steps")
        return 0
    rng = random.Random(0)
    k_rates: list[float] = []
    h_rates: list[float] = []
    h_player_rates: list[float] = []
    have_hearts = True
    for _ in range(args.rounds):
        steps, games, elapsed = kingup_loop(rng, args.seconds)
        k_rates.append(steps / elapsed)
        k_steps_per_game = steps / games
        try:
            h_steps, h_player, h_games, h_elapsed = hearts_loop(rng, args.seconds)
        except ImportError:
            have_hearts = False
            continue
        h_rates.append(h_steps / h_elapsed)
        h_player_rates.append(h_player / h_elapsed)
        h_steps_per_game = h_steps / h_games
    row: Callable[[str, str], None] = lambda name, value: print(f"{name:<52} {value:>14}")
    print(f"python {sys.version.split()[0]}, best of {args.rounds} runs of {args.seconds} s")
    row("kingup Python loop, steps/s", f"{best(k_rates):,.0f}")
    row("  steps per 4-player game", f"{k_steps_per_game:.1f}")
    if have_hearts:
        row("OpenSpiel hearts Python loop, steps/s (chance incl.)", f"{best(h_rates):,.0f}")
        row("  player steps/s only", f"{best(h_player_rates):,.0f}")
        row("  steps per game", f"{h_steps_per_game:.1f}")
        row("ratio kingup / hearts (all steps)", f"{best(k_rates) / best(h_rates):.2f}x")
        row("ratio kingup / hearts (player steps)", f"{best(k_rates) / best(h_player_rates):.2f}x")
    else:
        row("OpenSpiel hearts", "pyspiel not installed")
    for threads in (1, 2):
        rate, per_cpu = bench_simulate(args.games, threads)
        row(f"kingup.simulate({args.games:,}, threads={threads}), games/s", f"{rate:,.0f}")
        row("  games per CPU second", f"{per_cpu:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
