"""Stable-Baselines3 vector env for To Court the King (``pip install kingup[sb3]``):
``num_envs`` court games stepped together in Rust, one seat of each played by the learning
agent and every other seat by a court bot, inside the step.

>>> from sb3_contrib import MaskablePPO
>>> from kingup.court.sb3 import CourtVecEnv
>>> env = CourtVecEnv(8, players=3, opponents="greedy")
>>> model = MaskablePPO("MlpPolicy", env, n_steps=64).learn(1_024)

It is ``kingup.sb3``'s ``GameVecEnv`` over ``kingup.court.VectorEnv(opponents=...,
seat=...)``: the same ``reset``, ``step``, ``action_masks``, ``get_attr`` (``seat``,
``players``, ``max_rounds``, ``reward``, ``opponents``) and ``env_method`` as
``kingup.sb3.KingUpVecEnv``. A game that reaches ``max_rounds`` (default 100) without a
King ends with ``infos[i]["TimeLimit.truncated"] = True``, SB3's mark of a truncation.
"""

from __future__ import annotations

from .. import _kingup
from ..sb3 import GameVecEnv

__all__ = ["CourtVecEnv"]


class CourtVecEnv(GameVecEnv):
    """One seat of To Court the King in each of ``num_envs`` games, against court bots,
    as a Stable-Baselines3 ``VecEnv``."""

    ATTRIBUTES = (*GameVecEnv.ATTRIBUTES, "max_rounds")
    OBSERVATION_HIGH = float("inf")

    def __init__(
        self,
        num_envs: int = 8,
        *,
        players: int = 4,
        seat: int = 0,
        opponents: str | list[str] | tuple[str, ...] = "greedy",
        max_rounds: int = _kingup.COURT_SIMULATION_ROUNDS,
        unlimited_jesters: bool = False,
        preroll_abilities: bool = True,
        reward: str = "win",
        seed: int = 0,
        threads: int = 1,
    ) -> None:
        """``opponents`` is a court bot (``"greedy"``, ``"random"``, ``"mcts"``) for every
        other seat or one per other seat in seat order; the other arguments are
        ``kingup.court.VectorEnv``'s."""
        native = _kingup.CourtVectorEnv(
            num_envs,
            players=players,
            seed=seed,
            max_rounds=max_rounds,
            unlimited_jesters=unlimited_jesters,
            preroll_abilities=preroll_abilities,
            reward=reward,
            threads=threads,
            opponents=opponents,
            seat=seat,
        )
        self._start(native, seat)
