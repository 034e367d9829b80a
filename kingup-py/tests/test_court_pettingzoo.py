"""The PettingZoo AEC environment of To Court the King (``kingup.court.env``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import kingup  # noqa: E402
from kingup import court  # noqa: E402
from kingup.court.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_api_test(players: int) -> None:
    api_test(env(players=players, max_rounds=5), num_cycles=300)


def test_api_test_variants_and_the_module_level_env() -> None:
    api_test(court.env(players=3, unlimited_jesters=True, preroll_abilities=False), num_cycles=300)


def test_seed_test() -> None:
    seed_test(lambda: env(players=4, max_rounds=5), num_cycles=100)


def test_a_won_game_pays_the_winner_and_terminates() -> None:
    e = raw_env(players=3, max_rounds=100)
    e.reset(seed=3)
    greedy = court.GreedyBot()  # it reaches the King in nearly every game
    total: dict[str, float] = {}
    ended: dict[str, tuple[bool, bool]] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            ended[agent] = (terminated, truncated)
        else:
            assert obs["action_mask"][greedy.choose(e.game)] == 1
        e.step(None if terminated or truncated else greedy.choose(e.game))
    assert e.game.is_over and e.game.winner is not None
    assert total == {f"player_{s}": float(s == e.game.winner) for s in range(3)}
    assert ended == {f"player_{s}": (True, False) for s in range(3)}


def test_a_truncated_game_truncates_every_agent() -> None:
    e = raw_env(players=2, max_rounds=1)
    e.reset(seed=1)
    done = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            done[agent] = (terminated, truncated, reward)
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))  # never buys the King
    assert e.game.is_truncated
    assert done == {"player_0": (False, True, 0.0), "player_1": (False, True, 0.0)}


def test_observations_and_masks() -> None:
    e = raw_env(players=4)
    e.reset(seed=7)
    agent = e.agent_selection
    obs = e.observe(agent)
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (257,)
    assert obs["action_mask"].dtype == np.int8 and list(np.flatnonzero(obs["action_mask"])) == [0]
    seat = e.seat_of(agent)
    assert (obs["observation"] == e.game.observation(seat)).all()
    other = next(a for a in e.agents if a != agent)
    assert not e.observe(other)["action_mask"].any()
    assert e.observation_space(agent).contains(obs)


def test_illegal_actions_raise_and_change_nothing() -> None:
    e = raw_env(players=3)
    e.reset(seed=2)
    before = e.game.to_json()
    with pytest.raises(court.IllegalActionError) as info:
        e.step(court.parse_action("buy king"))
    assert info.value.reason == court.IllegalReason.WRONG_PHASE
    with pytest.raises(TypeError):
        e.step(None)
    assert e.game.to_json() == before
    with pytest.raises(kingup.SeatError) as seat_error:
        e.observe("player_7")
    assert seat_error.value.seat == 7
    with pytest.raises(kingup.SeatError):
        e.action_space("bob")
    with pytest.raises(kingup.InvalidConfigError):
        raw_env(players=6)
    with pytest.raises(kingup.InvalidConfigError):
        raw_env(render_mode="movie")


def test_render() -> None:
    e = raw_env(players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.startswith("<kingup.court.Game: 2 players")


@pytest.mark.parametrize("reward", ["win", "points", "margin"])
def test_parallel_api_test(reward: str) -> None:
    from pettingzoo.test import parallel_api_test

    parallel_api_test(court.pettingzoo.parallel_env(players=3, max_rounds=5, reward=reward), num_cycles=300)


def test_parallel_env_moves_the_seat_to_move_and_truncates() -> None:
    e = court.pettingzoo.parallel_env(players=2, max_rounds=1)
    observations, _ = e.reset(seed=1)
    steps = 0
    while e.agents:
        acting = [a for a, o in observations.items() if o["action_mask"].any()]
        assert acting == [f"player_{e.game.to_move}"]
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in acting}
        observations, rewards, terminations, truncations, _ = e.step(actions)
        steps += 1
    assert e.game.is_truncated and steps == sum(seat is not None for seat, _ in e.game.history())
    assert truncations == {"player_0": True, "player_1": True}
    assert terminations == {"player_0": False, "player_1": False}


def test_points_pay_each_card_as_it_is_bought() -> None:
    e = raw_env(players=3, max_rounds=100, reward="points")
    e.reset(seed=3)
    greedy = court.GreedyBot()
    total: dict[str, float] = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        total[agent] = total.get(agent, 0.0) + reward
        e.step(None if terminated or truncated else greedy.choose(e.game))
    assert total == {f"player_{s}": float(len(e.game.cards(s))) for s in range(3)}
    with pytest.raises(kingup.InvalidConfigError):
        raw_env(reward="cards")
