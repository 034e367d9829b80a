"""A policy-gradient agent that learns to play one seat of King Up! against fixed
opponents, in NumPy alone (typed: ``mypy --strict`` checks this file).

    python examples/python/train_policy_gradient.py [--updates 300] [--opponents random]
        [--players 3] [--envs 128] [--eval-games 4000] [--plot curve.png]

The agent: a softmax over the legal actions only (the action mask) of logits that are
linear in its features plus a one-hidden-layer (tanh) MLP of them, trained by REINFORCE
with a learned value baseline (linear) and Adam. Its features are the seat's observation
and, per character, the character's position crossed with whether it is in the seat's
objective (so that "vote No on a candidate I do not hold" is linear in them).

Each update plays one game in each of ``--envs`` envs of a ``kingup.VectorEnv``: the agent
is seat 0 of every env; the env's bots play the other seats inside each step
(``opponents=``: ``random``, ``kingup.bots.RandomBot``, or ``heuristic``,
``kingup.bots.HeuristicBot``, in Rust, seeded from each game's seed). Each of the agent's
decisions is credited with its round's margin: its points minus the mean of the others'
that round (objectives are dealt again each round, so a round's points owe little to
the other rounds' decisions).

It prints the agent's win rate before and after training, over ``--eval-games`` games
each, with a 95% confidence interval: the win rate is the mean win share (1 for a win,
1/k for a k-way tie), its interval the normal one (mean +- 1.96 standard errors). With
``--plot``, it saves the learning curve (the training games' win rate per update) as a
PNG (needs matplotlib).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from dataclasses import dataclass, field

# The matrices are small: BLAS threads would only wait on each other (4x slower here).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import kingup  # noqa: E402

Floats = npt.NDArray[np.float64]


OBJECTIVE = kingup.observation_field("objective")  # the seat's characters, 13
CASTLE = kingup.observation_field("castle")  # per character: floor 0-6, eliminated, outside
FEATURES = kingup.OBSERVATION_LEN + CASTLE.stop - CASTLE.start


def features(obs: npt.NDArray[np.float32]) -> Floats:
    """The observation, and each character's position crossed with whether it is one of
    the seat's objective: what the seat's points depend on ("vote No on a candidate I do
    not hold" is then linear)."""
    own = obs[:, OBJECTIVE, None] * obs[:, CASTLE].reshape(len(obs), -1, 9)
    return np.concatenate([obs, own.reshape(len(obs), -1)], axis=1, dtype=np.float64)


@dataclass
class Policy:
    """Masked softmax over a one-hidden-layer (tanh) MLP, with Adam's moments."""

    params: dict[str, Floats]
    moments: dict[str, tuple[Floats, Floats]] = field(default_factory=dict)
    steps: int = 0

    @staticmethod
    def new(hidden: int, rng: np.random.Generator) -> Policy:
        n_in, n_out = FEATURES, kingup.NUM_ACTIONS
        params = {
            # A linear path besides the hidden layer: "climb the characters of my
            # objective" is linear in the observation.
            "w0": np.zeros((n_in, n_out)),
            "w1": rng.normal(0.0, 1.0 / math.sqrt(n_in), (n_in, hidden)),
            "b1": np.zeros(hidden),
            # Zero output weights: the untrained agent plays uniformly at random.
            "w2": np.zeros((hidden, n_out)),
            "b2": np.zeros(n_out),
            # The value: linear over the observation and the hidden layer.
            "wv": np.zeros(n_in),
            "wh": np.zeros(hidden),
            "bv": np.zeros(()),
        }
        return Policy(params)

    def forward(
        self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]
    ) -> tuple[Floats, Floats]:
        """(hidden activations, action probabilities), illegal actions at 0."""
        p = self.params
        x = features(obs)
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        logits = x @ p["w0"] + hidden @ p["w2"] + p["b2"]
        logits = np.where(masks == 1, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        return hidden, probs

    def act(
        self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.int8], rng: np.random.Generator
    ) -> npt.NDArray[np.int64]:
        """An action per row, drawn from the policy (Gumbel-max: the argmax of the log
        probabilities plus Gumbel noise; an illegal action's is -inf, never the max, since
        the most likely legal action has a probability of at least 1/67)."""
        _, probs = self.forward(obs, masks)
        with np.errstate(divide="ignore"):
            logp = np.log(probs)
        gumbel = -np.log(-np.log(rng.uniform(np.finfo(float).tiny, 1.0, probs.shape)))
        actions: npt.NDArray[np.int64] = np.argmax(logp + gumbel, axis=1).astype(np.int64)
        return actions

    def update(
        self,
        obs: npt.NDArray[np.float32],
        masks: npt.NDArray[np.int8],
        actions: npt.NDArray[np.int64],
        returns: Floats,
        lr: float,
        entropy: float,
    ) -> None:
        """One Adam step on -mean(advantage * log pi(action)) - entropy * H(pi), and on the
        value's squared error. The advantage is the return minus the value (a linear
        baseline over the observation and the hidden layer, which predicts the return
        from what the seat knows: its objective, the castle), scaled to unit variance."""
        p = self.params
        hidden, probs = self.forward(obs, masks)
        n = len(obs)
        x = features(obs)
        value = x @ p["wv"] + hidden @ p["wh"] + p["bv"]
        advantages = returns - value
        advantages /= advantages.std() + 1e-8
        dvalue = (value - returns) / n
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), actions] = 1.0
        # d(-A log pi(a)) / d logits = A (pi - onehot); the entropy's gradient through the
        # softmax is pi (log pi + H), on the legal actions.
        logp = np.log(np.where(probs > 0, probs, 1.0))
        ent = -(probs * logp).sum(axis=1, keepdims=True)
        dlogits = advantages[:, None] * (probs - onehot) + entropy * probs * (logp + ent)
        dlogits /= n
        grads = {
            "w0": x.T @ dlogits,
            "w2": hidden.T @ dlogits,
            "b2": dlogits.sum(axis=0),
            "wv": x.T @ dvalue,
            "wh": hidden.T @ dvalue,
            "bv": np.array(dvalue.sum()),
        }
        dhidden = (dlogits @ p["w2"].T) * (1.0 - hidden**2)
        grads["w1"] = x.T @ dhidden
        grads["b1"] = dhidden.sum(axis=0)
        self.steps += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for name, g in grads.items():
            m, v = self.moments.get(name, (np.zeros_like(g), np.zeros_like(g)))
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            self.moments[name] = (m, v)
            m_hat = m / (1 - b1**self.steps)
            v_hat = v / (1 - b2**self.steps)
            p[name] -= lr * m_hat / (np.sqrt(v_hat) + eps)


@dataclass
class Batch:
    """The agent's decisions in one game per env: observation, mask, action, env, round."""

    obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    masks: list[npt.NDArray[np.int8]] = field(default_factory=list)
    actions: list[npt.NDArray[np.int64]] = field(default_factory=list)
    envs: list[npt.NDArray[np.int64]] = field(default_factory=list)
    rounds: list[npt.NDArray[np.int64]] = field(default_factory=list)


ROUND = kingup.observation_field("round")  # the round index, one-hot


def play(
    env: kingup.VectorEnv,
    policy: Policy,
    rng: np.random.Generator,
    seed: int,
    batch: Batch | None = None,
) -> tuple[Floats, Floats]:
    """Plays one game in every env (reset with ``seed``; the env pays ``"points"`` and its
    bots play every seat but 0), seat 0 by ``policy``. Returns every seat's points in each
    round, ``(envs, rounds, players)``, and seat 0's win share in each game."""
    n, players = env.num_envs, env.players
    obs, masks, rewards, dones, _ = env.reset(seed=seed)
    finished = np.zeros(n, dtype=bool)
    points = np.zeros((n, env.rounds, players))
    wins = np.zeros(n)
    rows = np.arange(n)
    while not finished.all():
        # The round of each decision: a step's points are that round's, scored after the
        # agent's last decision in it (every seat acts in every round).
        rounds = np.argmax(obs[:, ROUND], axis=1)
        actions = policy.act(obs, masks, rng)
        live = ~finished
        if batch is not None:
            keep = rows[live]
            batch.obs.append(obs[keep].copy())
            batch.masks.append(masks[keep].copy())
            batch.actions.append(actions[keep])
            batch.envs.append(keep)
            batch.rounds.append(rounds[keep])
        obs, masks, rewards, dones, _ = env.step(actions)
        points[rows[live], rounds[live]] += rewards[live]
        for i in np.flatnonzero(dones & live):
            wins[i] = win_share(env, int(i))
        finished |= dones
    return points, wins


def win_share(env: kingup.VectorEnv, i: int) -> float:
    """Seat 0's win share in the game env ``i`` finished at the last step (the winners
    are public: any seat's final view has them)."""
    winners = env.final_view(i).public.winners or []
    return 1.0 / len(winners) if 0 in winners else 0.0


def interval(x: Floats) -> tuple[float, float, float]:
    """Mean and its normal 95% confidence interval."""
    mean = float(x.mean())
    half = 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x))
    return mean, mean - half, mean + half


def evaluate(
    args: argparse.Namespace, policy: Policy, rng: np.random.Generator, seed: int
) -> tuple[float, float, float]:
    env = make_env(args)
    games = []
    for k in range(math.ceil(args.eval_games / args.envs)):
        games.append(play(env, policy, rng, seed + k * args.envs)[1])
    return interval(np.concatenate(games)[: args.eval_games])


def make_env(args: argparse.Namespace) -> kingup.VectorEnv:
    """``--envs`` games paying each round's points, seat 0 the agent's, the others bots."""
    return kingup.VectorEnv(
        args.envs, players=args.players, rounds=args.rounds, reward="points", opponents=args.opponents
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=300, help="policy updates (one game per env each)")
    parser.add_argument("--opponents", choices=["random", "heuristic"], default="random")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--envs", type=int, default=128, help="games per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=5e-3)
    parser.add_argument("--entropy", type=float, default=0.03)
    parser.add_argument("--eval-games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", help="save the learning curve as this PNG (needs matplotlib)")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    policy = Policy.new(args.hidden, rng)
    # Evaluation games use seeds far from the training games'.
    eval_seed = 10**12 + args.seed * 10**9
    start = time.perf_counter()
    before = evaluate(args, policy, rng, eval_seed)
    print(f"opponents {args.opponents}, {args.players} players, {args.rounds} rounds, seat 0 learns")
    print(f"before: win rate {before[0]:.3f} (95% CI {before[1]:.3f} to {before[2]:.3f}) over {args.eval_games} games")

    env = make_env(args)
    curve: list[float] = []
    for u in range(args.updates):
        batch = Batch()
        seed = args.seed * 10**9 + u * args.envs
        points, wins = play(env, policy, rng, seed, batch)
        curve.append(float(wins.mean()))
        # A decision is credited with its round's margin (seat 0's points minus the mean
        # of the others'), in tens of points: the objectives are dealt again each round,
        # so a round's points owe little to the decisions of the others.
        margins = (points[:, :, 0] - points[:, :, 1:].mean(axis=2)) / 10.0
        policy.update(
            np.concatenate(batch.obs),
            np.concatenate(batch.masks),
            np.concatenate(batch.actions),
            margins[np.concatenate(batch.envs), np.concatenate(batch.rounds)],
            args.lr,
            args.entropy,
        )
        if (u + 1) % max(1, args.updates // 10) == 0:
            recent = np.mean(curve[-max(1, args.updates // 10) :])
            print(f"update {u + 1}: training win rate {recent:.3f}")

    after = evaluate(args, policy, rng, eval_seed)
    print(f"after: win rate {after[0]:.3f} (95% CI {after[1]:.3f} to {after[2]:.3f}) over {args.eval_games} games")
    print(f"{args.updates} updates of {args.envs} games in {time.perf_counter() - start:.0f} s")
    if args.plot:
        save_curve(curve, args)


def save_curve(curve: list[float], args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    window = max(1, len(curve) // 30)
    smooth = np.convolve(curve, np.ones(window) / window, mode="valid")
    ax.plot(np.arange(1, len(curve) + 1), curve, color="0.8", label="per update")
    ax.plot(np.arange(window, len(curve) + 1), smooth, label=f"mean of {window}")
    ax.axhline(1 / args.players, color="0.5", linestyle="--", label="chance")
    ax.set_xlabel(f"update ({args.envs} games each)")
    ax.set_ylabel("win rate of the agent")
    ax.set_title(f"REINFORCE vs {args.opponents} opponents, {args.players} players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.plot)
    print(f"learning curve saved to {args.plot}")


if __name__ == "__main__":
    main()
