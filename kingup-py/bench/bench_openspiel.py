"""Cost of the OpenSpiel adapter's tensors: the information-state tensor against the
observation tensor, in the same run, on the same state.

    python kingup-py/bench/bench_openspiel.py [--moves 200] [--calls 300]

A 4-player game with a sequential vote is played ``--moves`` random steps in; then each
call is timed ``--calls`` times, best of three rounds (the machine is shared). Two paths:
OpenSpiel's observer (``make_py_observer(...).set_from``, which fills the observer's NumPy
tensor: what a learner reading ``observer.tensor`` pays) and ``state.…_tensor(player)``,
where pyspiel also copies the tensor into a Python list.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import pyspiel

from kingup import openspiel  # noqa: F401  (registers python_kingup)


def best_us(call: Callable[[], object], calls: int) -> float:
    """The best of three rounds of ``calls`` calls, in microseconds a call."""
    call()
    rounds = []
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        rounds.append((time.perf_counter() - start) / calls * 1e6)
    return min(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args()
    game = pyspiel.load_game("python_kingup", {"players": 4, "vote": "sequential"})
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(args.moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = max(state.current_player(), 0)
    info = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    obs = game.make_py_observer()
    moves = sum(1 for step in state.game.history() if step[0] is not None)
    print(f"state: {moves} player moves; tensors of {info.tensor.size} and {obs.tensor.size} floats")
    rows = [
        ("observer, information state", lambda: info.set_from(state, player)),
        ("observer, observation", lambda: obs.set_from(state, player)),
        ("state.information_state_tensor", lambda: state.information_state_tensor(player)),
        ("state.observation_tensor", lambda: state.observation_tensor(player)),
    ]
    costs = {name: best_us(call, args.calls) for name, call in rows}
    for name, cost in costs.items():
        print(f"{name:32} {cost:8.1f} us")
    ratio = costs["observer, information state"] / costs["observer, observation"]
    print(f"information state / observation (observer): {ratio:.1f}x")


if __name__ == "__main__":
    main()
