"""kingup.bots: the engine's bots from Python, alone and as PettingZoo / OpenSpiel players."""

from __future__ import annotations

import math
import sys
import threading
import time
from typing import Any

import numpy as np
import pytest

import kingup
from kingup import IllegalActionError, IllegalReason, Phase
from kingup.bots import (
    Bot,
    HeuristicBot,
    IsmctsBot,
    RandomBot,
    ReaderBot,
    pettingzoo_action,
    policy,
)

from conftest import play_until


def play(game: kingup.Game, bots: list[Bot]) -> list[tuple[int | None, int]]:
    """Plays ``game`` to the end, each seat by its bot; returns the history."""
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game, seat), seat)
    return game.history()


def lineup(seed: int) -> list[Bot]:
    return [HeuristicBot(seed), RandomBot(seed + 1), IsmctsBot(seed + 2, iterations=30)]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_bots_play_a_game_to_the_end(players: int) -> None:
    game = kingup.Game(players=players, seed=players)
    bots = [lineup(10)[s % 3] for s in range(players)]
    play(game, bots)
    assert game.is_over and game.winners
    assert all(0 <= t <= 99 for t in game.totals)


def test_same_seed_same_game_other_seed_other_game() -> None:
    first = play(kingup.Game(players=3, seed=5), lineup(1))
    again = play(kingup.Game(players=3, seed=5), lineup(1))
    other = play(kingup.Game(players=3, seed=5), lineup(2))
    assert first == again
    assert first != other


def test_each_bot_is_deterministic_for_a_seed() -> None:
    game = play_until(kingup.Game(players=4, seed=3), __import__("random").Random(1), Phase.CLIMB)
    for make in (
        RandomBot,
        HeuristicBot,
        lambda s: IsmctsBot(s, iterations=50),
        lambda s: ReaderBot(s, iterations=20),
    ):
        a, b = make(7), make(7)
        assert [a.choose(game) for _ in range(5)] == [b.choose(game) for _ in range(5)]


def test_choose_view_is_choose() -> None:
    game = kingup.Game(players=4, seed=8)
    a, b = HeuristicBot(4), HeuristicBot(4)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        action = a.choose(game)
        assert action == b.choose_view(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)


@pytest.mark.parametrize(
    "make",
    [
        RandomBot,
        HeuristicBot,
        lambda s: IsmctsBot(s, iterations=40),
        lambda s: ReaderBot(s, iterations=20),
    ],
)
def test_a_bot_sees_only_its_seats_view(make: Any) -> None:
    """Other games that the seat cannot tell apart (other objectives, other votes) get the
    same decision from the same bot state: the bot reads nothing but the view."""
    rng = __import__("random").Random(2)
    game = play_until(kingup.Game(players=4, seed=21), rng, Phase.VOTE)
    game.apply(kingup.Action.VOTE_NO, 0)  # a committed vote seat 1 must not see
    seat = 1
    expected = make(99).choose(game, seat)
    for k in range(5):
        other = game.sample(seat, seed=k)
        assert other.view(seat) == game.view(seat)
        assert make(99).choose(other, seat) == expected


def test_vote_for_any_voter_in_any_order() -> None:
    game = play_until(kingup.Game(players=4, seed=11), __import__("random").Random(12345), Phase.VOTE)
    bot = HeuristicBot(0)
    for seat in [3, 1, 0]:
        game.apply(bot.choose(game, seat), seat)
    assert game.voters == [2]
    assert bot.choose(game) in (65, 66)


def unchanged_bot(make: Any, call: Any, error: type[BaseException]) -> BaseException:
    """``call(bot)`` raises ``error`` and leaves the bot's stream as it was."""
    bot, twin = make(3), make(3)
    with pytest.raises(error) as info:
        call(bot)
    game = kingup.Game(players=3, seed=4)
    assert [bot.choose(game, game.to_move) for _ in range(3)] == [
        twin.choose(game, game.to_move) for _ in range(3)
    ]
    return info.value


@pytest.mark.parametrize(
    "make",
    [
        RandomBot,
        HeuristicBot,
        lambda s: IsmctsBot(s, iterations=20),
        lambda s: ReaderBot(s, iterations=20),
    ],
)
def test_a_seat_that_may_not_act(make: Any) -> None:
    game = kingup.Game(players=4, seed=1, first_player=0)
    err = unchanged_bot(make, lambda b: b.choose(game, 2), IllegalActionError)
    assert isinstance(err, IllegalActionError)
    assert err.reason is IllegalReason.NOT_YOUR_TURN and err.seat == 2 and err.action is None
    assert "seat 2 may not act now: it is seat 0's turn" in str(err)
    err = unchanged_bot(make, lambda b: b.choose_view(game.view(3)), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.NOT_YOUR_TURN

    voting = play_until(kingup.Game(players=4, seed=11), __import__("random").Random(1), Phase.VOTE)
    voting.apply(65, 2)
    err = unchanged_bot(make, lambda b: b.choose(voting, 2), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.ALREADY_VOTED

    over = kingup.Game(players=3, seed=2)
    over.play_random()
    for call in (lambda b: b.choose(over), lambda b: b.choose(over, 1)):
        err = unchanged_bot(make, call, IllegalActionError)
        assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.GAME_OVER

    chance = kingup.Game(players=3, chance="explicit")
    err = unchanged_bot(make, lambda b: b.choose(chance), IllegalActionError)
    assert isinstance(err, IllegalActionError) and err.reason is IllegalReason.CHANCE_PENDING


@pytest.mark.parametrize("seat", [3, -1, 10**30])
def test_no_such_seat(seat: int) -> None:
    game = kingup.Game(players=3, seed=1)
    err = unchanged_bot(RandomBot, lambda b: b.choose(game, seat), kingup.SeatError)
    assert isinstance(err, kingup.SeatError)


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.choose("game"),
        lambda b: b.choose(None),
        lambda b: b.choose(kingup.Game(players=3, seed=1).view(0)),
        lambda b: b.choose(kingup.Game(players=3, seed=1), "0"),
        lambda b: b.choose(kingup.Game(players=3, seed=1), True),
        lambda b: b.choose(kingup.Game(players=3, seed=1), 0.0),
        lambda b: b.choose_view(kingup.Game(players=3, seed=1)),
        lambda b: b.choose_view(None),
    ],
)
def test_wrong_types(call: Any) -> None:
    unchanged_bot(RandomBot, call, TypeError)


def test_numpy_seats_and_seeds() -> None:
    game = kingup.Game(players=3, seed=1)
    seat = game.to_move
    assert seat is not None
    assert RandomBot(np.uint64(5)).choose(game, np.int8(seat)) == RandomBot(5).choose(game, seat)


def test_bad_construction() -> None:
    with pytest.raises(TypeError):
        Bot()  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="seed"):
        RandomBot(-1)
    with pytest.raises(TypeError):
        HeuristicBot("seed")  # type: ignore[arg-type]
    with pytest.raises(kingup.InvalidConfigError, match="rollout must be"):
        IsmctsBot(1, rollout="smart")
    for bad in (1.5, True, "10"):
        with pytest.raises(TypeError, match="iterations must be an int"):
            IsmctsBot(1, iterations=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        IsmctsBot(1, exploration="high")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "reason", "message"),
    [
        ({"iterations": 0}, "iterations", "iterations must be 1 to 1000000, not 0"),
        ({"iterations": 1_000_001}, "iterations", "iterations must be 1 to 1000000, not 1000001"),
        ({"iterations": 2**40}, "iterations", f"not {2**40}"),
        ({"iterations": -3}, "iterations", "iterations must be 1 to 1000000, not -3"),
        ({"exploration": -1.0}, "exploration", "finite number >= 0, not -1"),
        ({"exploration": math.nan}, "exploration", "not NaN"),
        ({"exploration": math.inf}, "exploration", "not inf"),
        ({"time_limit": 0.0}, "time_limit", "more than 0 and at most 3600 s"),
        ({"time_limit": 3601.0}, "time_limit", "at most 3600 s"),
        ({"time_limit": -1.0}, "time_limit", "at most 3600 s, not -1 s"),
        ({"time_limit": math.nan}, "time_limit", "not NaN s"),
    ],
)
def test_search_settings_out_of_range(kwargs: dict[str, Any], reason: str, message: str) -> None:
    """The limits are kingup-bots' (BotSpec::validate), with its messages and codes."""
    with pytest.raises(kingup.InvalidConfigError) as info:
        IsmctsBot(1, **kwargs)
    assert info.value.reason == reason
    assert message in str(info.value), str(info.value)


def test_search_settings_at_the_limits() -> None:
    bot = IsmctsBot(1, iterations=1_000_000, exploration=0.0, time_limit=3600.0)
    assert (bot.iterations, bot.exploration, bot.time_limit) == (1_000_000, 0.0, 3600.0)
    assert IsmctsBot(1, iterations=1).iterations == 1


def test_properties() -> None:
    bot = IsmctsBot(4, iterations=77, exploration=1.5, rollout="random", time_limit=2.5)
    assert (bot.seed, bot.name, bot.iterations, bot.exploration) == (4, "ismcts", 77, 1.5)
    assert (bot.rollout, bot.time_limit) == ("random", 2.5)
    assert IsmctsBot(4).iterations == 1000 and IsmctsBot(4).time_limit is None
    assert repr(RandomBot(3)) == "<kingup.bots.RandomBot: seed 3>"
    assert HeuristicBot(9).name == "heuristic" and isinstance(HeuristicBot(9), Bot)
    assert isinstance(RandomBot().seed, int)  # drawn from the OS


def test_a_reader_bot_is_an_ismcts_bot_with_the_reader_preset() -> None:
    bot = ReaderBot(4, iterations=20, exploration=1.5, time_limit=60.0)
    assert isinstance(bot, IsmctsBot) and isinstance(bot, Bot)
    assert (bot.seed, bot.name, bot.iterations, bot.exploration) == (4, "reader", 20, 1.5)
    assert bot.time_limit == 60.0
    assert repr(bot) == "<kingup.bots.ReaderBot: seed 4, 20 iterations>"
    assert IsmctsBot(4).name == "ismcts"
    with pytest.raises(kingup.InvalidConfigError) as info:
        ReaderBot(1, iterations=0)
    assert info.value.reason == "iterations"


def test_reader_bots_play_a_legal_game_the_same_way_twice() -> None:
    def game(seed: int) -> list[int]:
        g = kingup.Game(players=3, seed=seed)
        bots = [ReaderBot(seed * 10 + s, iterations=15) for s in range(3)]
        played: list[int] = []
        while not g.is_over:
            seat = g.to_move
            assert seat is not None
            action = bots[seat].choose(g, seat)
            assert action in g.legal_actions(seat)
            g.apply(action, seat)
            played.append(action)
        return played

    first = game(2)
    assert first and game(2) == first
    assert game(3) != first


def test_ismcts_releases_the_gil() -> None:
    """With a 10 s switch interval a thread keeps the GIL until it blocks, so the main
    thread wakes while the worker searches only if the search releases it."""
    game = play_until(kingup.Game(players=4, seed=2), __import__("random").Random(3), Phase.CLIMB)
    bot = IsmctsBot(1, iterations=1_000_000, time_limit=0.3)
    started, done = threading.Event(), threading.Event()

    def search() -> None:
        started.set()
        bot.choose(game)
        done.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(10.0)
    try:
        worker = threading.Thread(target=search)
        start = time.perf_counter()
        worker.start()
        started.wait()
        ticks = 0
        while not done.is_set():
            time.sleep(0.005)
            ticks += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert time.perf_counter() - start >= 0.25
    # Holding the GIL for the whole search would allow no tick at all.
    assert ticks >= 5


def test_heuristic_beats_random_at_three_players() -> None:
    """300 three-player games, one HeuristicBot against two RandomBots, its seat rotating.
    A bot no better than random wins a third of them (ties share the win, counted as
    wins: a little more). The assertion needs a margin of 6 standard errors."""
    games, wins, margin = 300, 0, 0.0
    for i in range(games):
        seat = i % 3
        bots: list[Bot] = [RandomBot(1000 + 3 * i + s) for s in range(3)]
        bots[seat] = HeuristicBot(i)
        game = kingup.Game(players=3, seed=i)
        play(game, bots)
        winners = game.winners
        assert winners is not None
        wins += seat in winners
        totals = game.totals
        margin += totals[seat] - (sum(totals) - totals[seat]) / 2
    rate = wins / games
    # Under the null hypothesis (win probability at most 0.4 with ties), 6 SE above it.
    null = 0.4
    se = math.sqrt(null * (1 - null) / games)
    assert rate > null + 6 * se, (rate, margin / games)
    assert margin / games > 5, margin / games


# --- PettingZoo ---------------------------------------------------------------------


def test_bots_play_the_pettingzoo_env_to_the_end() -> None:
    pytest.importorskip("pettingzoo")
    from kingup.pettingzoo import env

    e = env(players=3, reward="points")
    e.reset(seed=4)
    bots = [HeuristicBot(1), RandomBot(2), IsmctsBot(3, iterations=30)]
    acts = [policy(b) for b in bots]
    twins = [HeuristicBot(1), RandomBot(2), IsmctsBot(3, iterations=30)]
    rewards = [0.0] * 3
    steps = 0
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        seat = int(agent.split("_")[1])
        rewards[seat] += reward
        action = acts[seat](e, agent)
        if terminated or truncated:
            assert action is None
        else:
            # The bot sees exactly the agent's view, and the agent's mask allows its move.
            assert action == twins[seat].choose_view(e.unwrapped.game.view(seat))
            assert e.observe(agent)["action_mask"][action] == 1
            steps += 1
        e.step(action)
    game = e.unwrapped.game
    assert game.is_over and rewards == game.totals and steps > 50


def test_pettingzoo_action_refuses_what_the_env_would() -> None:
    pytest.importorskip("pettingzoo")
    from kingup.pettingzoo import raw_env

    e = raw_env(players=4)
    e.reset(seed=1)
    bot = RandomBot(0)
    selected = e.agent_selection
    other = next(a for a in e.possible_agents if a != selected)
    with pytest.raises(IllegalActionError) as info:
        pettingzoo_action(bot, e, other)
    assert info.value.reason is IllegalReason.NOT_YOUR_TURN
    with pytest.raises(ValueError, match="not an agent"):
        pettingzoo_action(bot, e, "player_9")
    assert pettingzoo_action(bot, e) in e.game.legal_actions()


# --- OpenSpiel ----------------------------------------------------------------------


def test_bots_play_openspiel_through_evaluate_bots() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import evaluate_bots

    import kingup.openspiel  # noqa: F401  (registers python_kingup)
    from kingup.bots import openspiel_bot

    game = pyspiel.load_game("python_kingup", {"players": 3, "reward": "points"})

    def run(seed: int) -> list[float]:
        bots = [
            openspiel_bot(HeuristicBot(seed), 0),
            openspiel_bot(RandomBot(seed), 1),
            openspiel_bot(IsmctsBot(seed, iterations=30), 2),
        ]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
        assert state.is_terminal() and list(returns) == state.game.totals
        return list(returns)

    assert run(1) == run(1)
    assert bots_ids_are_seats()
    # OpenSpiel's C++ driver accepts them too.
    bots = [openspiel_bot(HeuristicBot(1), 0)] + [openspiel_bot(RandomBot(p), p) for p in (1, 2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert len(returns) == 3 and max(returns) > 0


def bots_ids_are_seats() -> bool:
    from kingup.bots import openspiel_bot

    return [openspiel_bot(RandomBot(0), p).player_id() for p in range(3)] == [0, 1, 2]


def test_openspiel_bot_in_a_simultaneous_vote() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import kingup.openspiel  # noqa: F401  (registers python_kingup)
    from kingup.bots import openspiel_bot

    game = pyspiel.load_game("python_kingup", {"players": 4})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_simultaneous_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    bots = [openspiel_bot(HeuristicBot(p), p) for p in range(4)]
    votes = [bot.step(state) for bot in bots]
    assert set(votes) <= {65, 66}
    state.apply_actions(votes)
    with pytest.raises(TypeError):
        bots[0].step(object())
    with pytest.raises(TypeError):
        openspiel_bot("bot", 0)  # type: ignore[arg-type]
