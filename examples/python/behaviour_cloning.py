"""Behaviour cloning from recorded games: record heuristic-vs-search King Up! games with
``kingup.dataset``, train a policy to imitate their moves with PyTorch, and measure it
against random players (typed: ``mypy --strict`` checks this file).

    python examples/python/behaviour_cloning.py [--games 100000] [--search ismcts:100]
        [--players 3] [--epochs 2] [--eval-deals 1000] [--backend local|ray] [--out DIR]

1. **Record.** ``--games`` games of ``--players`` seats, one played by the search bot
   (``--search``) and the others by the heuristic bot, the seats rotating game by game
   (``rotate=True``), into Parquet shards (``--out``, by default a temporary folder), on
   ``--backend`` (``ray``: Ray tasks, one part per CPU).
2. **Train.** An MLP (observation -> 256 -> 256 -> one logit per action) learns every
   recorded decision's action by cross-entropy over the legal actions only (the recorded
   mask: illegal logits are set to -inf), with Adam, shard by shard (one shard in memory
   at a time), for ``--epochs`` passes. The last shard's games are held out.
3. **Measure.** The accuracy on the held-out decisions (against choosing uniformly among
   the legal actions, the accuracy of random play), and the cloned policy's win rate
   (mean win share, with a 95% confidence interval over deals) in a ``kingup.arena``
   against random players, against its fair share ``1 / players``.
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
import time
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

import kingup
import kingup.dataset
from kingup import PlayerView


def record(args: argparse.Namespace, out: str) -> kingup.dataset.Dataset:
    bots = [args.search] + ["heuristic"] * (args.players - 1)
    # At least four shards (the last one held out), at most SHARD_GAMES games each.
    shard_games = max(1, min(kingup.dataset.SHARD_GAMES, args.games // 4))
    return kingup.dataset.record(
        out,
        args.games,
        bots,
        players=args.players,
        seed=args.seed,
        rotate=True,
        shard_games=shard_games,
        backend=None if args.backend == "local" else args.backend,
    )


def model(hidden: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Linear(kingup.OBSERVATION_LEN, hidden),
        nn.ReLU(),
        nn.Linear(hidden, hidden),
        nn.ReLU(),
        nn.Linear(hidden, kingup.NUM_ACTIONS),
    )


def masked_logits(net: nn.Module, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    logits: torch.Tensor = net(obs)
    return logits.masked_fill(~mask, -math.inf)


def train(net: nn.Module, data: kingup.dataset.Dataset, shards: list[int], args: argparse.Namespace) -> int:
    """Trains ``net`` on ``shards`` for ``args.epochs`` passes; the decisions seen."""
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    rng = np.random.default_rng(args.seed)
    seen = 0
    for _ in range(args.epochs):
        for shard in rng.permutation(shards):
            part = data.arrays(["observation", "mask", "action"], shards=[int(shard)])
            obs = torch.from_numpy(part["observation"])
            mask = torch.from_numpy(part["mask"])
            action = torch.from_numpy(part["action"].astype(np.int64))
            order = torch.from_numpy(rng.permutation(len(action)))
            for start in range(0, len(order), args.batch):
                batch = order[start : start + args.batch]
                loss = nn.functional.cross_entropy(
                    masked_logits(net, obs[batch], mask[batch]), action[batch]
                )
                optimiser.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call]
                optimiser.step()
            seen += len(action)
    return seen


def held_out_accuracy(net: nn.Module, data: kingup.dataset.Dataset, shard: int) -> tuple[float, float, int]:
    """The cloned policy's accuracy on shard ``shard``'s decisions, the accuracy of a
    uniform choice among the legal actions, and the number of decisions."""
    part = data.arrays(["observation", "mask", "action"], shards=[shard])
    with torch.no_grad():
        logits = masked_logits(
            net, torch.from_numpy(part["observation"]), torch.from_numpy(part["mask"])
        )
    chosen = logits.argmax(dim=1).numpy()
    accuracy = float(np.mean(chosen == part["action"]))
    chance = float(np.mean(1.0 / part["mask"].sum(axis=1)))
    return accuracy, chance, len(chosen)


def greedy_policy(net: nn.Sequential) -> Any:
    """The cloned policy as ``kingup.arena`` calls it: the most likely legal action of a
    seat's view, computed in NumPy (a call costs microseconds, not a torch dispatch)."""
    layers = [m for m in net if isinstance(m, nn.Linear)]
    weights = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in layers]
    obs = np.zeros(kingup.OBSERVATION_LEN, dtype=np.float32)
    mask = np.zeros(kingup.NUM_ACTIONS, dtype=np.int8)

    def policy(view: PlayerView) -> int:
        x: npt.NDArray[np.float32] = view.observation(out=obs)
        for k, (w, b) in enumerate(weights):
            x = x @ w + b
            if k < len(weights) - 1:
                x = np.maximum(x, 0)
        view.action_mask(out=mask)
        return int(np.argmax(np.where(mask > 0, x, -np.inf)))

    return policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--search", default="ismcts:100")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--eval-deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--torch-threads", type=int, default=1)
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--out", help="the dataset's folder (new or empty); default: a temporary one")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    # The batches are small: more threads than one only wait on each other (8x slower on
    # a loaded machine).
    torch.set_num_threads(args.torch_threads)

    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        data = record(args, args.out or os.path.join(scratch, "games"))
        print(
            f"recorded {data.num_games} games ({data.num_steps} decisions, "
            f"bots {data.bots}) in {time.perf_counter() - started:.0f} s"
        )
        shards = list(range(data.manifest["shards"]))
        net = model(args.hidden)
        started = time.perf_counter()
        seen = train(net, data, shards[:-1], args)
        print(f"trained on {seen} decisions ({args.epochs} epochs) in {time.perf_counter() - started:.0f} s")
        accuracy, chance, n = held_out_accuracy(net, data, shards[-1])
        print(f"held-out accuracy {accuracy:.3f} (uniform legal choice {chance:.3f}) over {n} decisions")

    started = time.perf_counter()
    entrants = [("cloned", greedy_policy(net))] + ["random"] * (args.players - 1)
    results = kingup.arena(entrants, players=args.players, deals=args.eval_deals, seed=args.seed + 1)
    cloned = results.standings[0]
    rate, half = cloned.win_rate, cloned.win_rate_ci95
    print(
        f"cloned vs random: win rate {rate:.3f} (95% CI {rate - half:.3f} to {rate + half:.3f}) "
        f"over {cloned.games} games, fair share {1 / args.players:.3f} "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
