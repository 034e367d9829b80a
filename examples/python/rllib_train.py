"""Trains RLlib's PPO, with its action-masking module, on King Up! (or To Court the King)
against built-in bots, and reports the policy's win rate against them in the arena
before and after training.

    python examples/python/rllib_train.py [--game kingup|court] [--seconds 150]

The env is ``kingup.rllib.KingUpMultiAgentEnv`` (``kingup.court.rllib.CourtMultiAgentEnv``
with ``--game court``): one learner seat, drawn for each episode, against ``--opponents``
bots played inside the env; one policy for every agent (``kingup.rllib.ppo_config``:
RLlib's ``ActionMaskingTorchRLModule``, so no illegal action is ever sampled). Training
pays ``--reward`` (by default the margin: the seat's total minus the mean of the
others', at the end) and stops after ``--seconds`` of training or ``--iterations``
iterations, whichever comes first. The win rates are ``kingup.arena``'s (or
``kingup.court.arena``'s): the policy (its most likely legal action) and the bots at one
table, every deal of ``--deals`` played under every rotation of the seats, a shared win
counting 1/winners, with the arena's 95% confidence interval; the same deals before and
after. Needs ``kingup[rllib]``. ``--address`` trains on a running Ray cluster (``ray
start --head`` on one machine, ``ray start --address=HEAD:6379`` on the others) with
``--env-runners`` sampling workers; without it, a local Ray of ``--cpus`` CPUs.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import ray
import torch

import kingup
from kingup import court
from kingup.court.rllib import CourtMultiAgentEnv
from kingup.rllib import KingUpMultiAgentEnv, arena_policy, ppo_config

DEFAULT_OPPONENTS = {"kingup": "heuristic", "court": "greedy"}
DEFAULT_PLAYERS = {"kingup": 3, "court": 2}


def evaluate(algo: Any, args: argparse.Namespace) -> tuple[float, float]:
    """The policy's win rate and its 95% CI half-width against ``args.opponents``."""
    policy = arena_policy(algo)
    bots = [args.opponents] * (args.players - 1)
    if args.game == "kingup":
        results = kingup.arena([*bots, ("ppo", policy)], players=args.players, deals=args.deals, seed=args.seed + 1)
    else:
        results = court.arena(
            [*bots, ("ppo", policy)], players=args.players, deals=args.deals, seed=args.seed + 1, max_rounds=args.max_rounds
        )
    standing = results.standings[-1]
    return standing.win_rate, standing.win_rate_ci95


def report(label: str, result: tuple[float, float], games: int) -> None:
    rate, half = result
    print(f"{label}: win rate {rate:.3f} (95% CI {rate - half:.3f} to {rate + half:.3f}) over {games} games", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["kingup", "court"], default="kingup")
    parser.add_argument("--opponents", help="the bots' name (default: heuristic; court: greedy)")
    parser.add_argument("--players", type=int, help="default 3 (court: 2)")
    parser.add_argument("--max-rounds", type=int, default=court.SIMULATION_ROUNDS, help="court's round bound")
    parser.add_argument("--reward", choices=["win", "points", "margin"], default="margin", help="what training pays")
    parser.add_argument("--seconds", type=float, default=150.0, help="training time (evaluation not counted)")
    parser.add_argument("--iterations", type=int, default=1000, help="most PPO iterations")
    parser.add_argument("--batch", type=int, default=4000, help="agent steps per iteration")
    parser.add_argument("--envs", type=int, default=32, help="envs per env runner")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--deals", type=int, default=300, help="arena deals per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpus", type=int, default=2, help="a local Ray's CPUs")
    parser.add_argument("--address", help='a running Ray cluster\'s address ("auto", or HEAD:6379)')
    parser.add_argument("--env-runners", type=int, default=0, help="sampling workers (0: on the driver)")
    args = parser.parse_args()
    args.opponents = args.opponents or DEFAULT_OPPONENTS[args.game]
    args.players = args.players or DEFAULT_PLAYERS[args.game]

    # One torch thread: on a small, shared machine torch's thread pool fights the other
    # processes for the cores, and the small batches here gain nothing from it (with two
    # threads, on the 2-core test machine, an iteration took six times as long).
    torch.set_num_threads(1)
    started = not ray.is_initialized()  # a Ray already up (a test's, say) is used as it is
    if started and args.address:
        ray.init(address=args.address)
    elif started:
        ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)

    env: type[KingUpMultiAgentEnv] | type[CourtMultiAgentEnv]
    env_config: dict[str, Any] = {"players": args.players, "learners": "random", "opponents": args.opponents}
    env_config["reward"] = args.reward
    if args.game == "kingup":
        env = KingUpMultiAgentEnv
    else:
        env = CourtMultiAgentEnv
        env_config["max_rounds"] = args.max_rounds
    config = (
        ppo_config(env, env_config, seed=args.seed, hiddens=(128, 128))
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(512, args.batch),
            num_epochs=4,
            lr=args.lr,
            entropy_coeff=0.01,
        )
        .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=args.envs)
    )
    algo = config.build_algo()
    games = args.deals * args.players
    print(f"{args.game}: {args.players} players, a learner seat against {args.opponents}, reward {args.reward}")
    report("before", evaluate(algo, args), games)

    wall, cpu = time.perf_counter(), time.process_time()
    steps = iterations = 0
    while iterations < args.iterations and time.perf_counter() - wall < args.seconds:
        result = algo.train()
        iterations += 1
        steps = int(result["env_runners"].get("num_env_steps_sampled_lifetime", 0))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"trained: {iterations} iterations, {steps} steps, {wall:.0f} s ({cpu:.0f} s CPU in this process)")
    report("after", evaluate(algo, args), games)
    algo.stop()
    if started:
        ray.shutdown()


if __name__ == "__main__":
    main()
