"""Shared helpers for the kingup tests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import kingup

REPO = Path(__file__).resolve().parents[2]


def play_until(game: kingup.Game, rng: random.Random, stop: object = None) -> kingup.Game:
    """Plays random legal actions until the phase is ``stop`` (or the end)."""
    while not game.is_over and game.phase != stop:
        if game.is_chance:
            outcomes = game.chance_outcomes()
            game.apply_chance(rng.choice(outcomes)[0])
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture
def rng() -> random.Random:
    return random.Random(12345)


@pytest.fixture
def vote_game(rng: random.Random) -> kingup.Game:
    """A 4-player game in its first vote."""
    return play_until(kingup.Game(players=4, seed=11), rng, kingup.Phase.VOTE)


@pytest.fixture(scope="session")
def ray_local() -> object:
    """A local Ray instance for the whole test session, limited to this machine's two
    cores (started once: a start takes seconds); shut down at the end."""
    ray = pytest.importorskip("ray")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()
