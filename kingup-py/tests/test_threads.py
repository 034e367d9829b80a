"""Objects shared between threads: each call runs whole, as if alone. A call that lets
another thread run in its middle (a user's ``__index__`` that sleeps, a step or search
with the GIL released) no longer makes the other thread's calls fail with PyO3's
"Already borrowed" RuntimeError: they run before it or wait for it."""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import kingup
from kingup import IllegalActionError
from kingup.bots import IsmctsBot


class SlowIndex:
    """An action (or seat) whose ``__index__`` waits for the test, the GIL released."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.reading = threading.Event()
        self.go = threading.Event()

    def __index__(self) -> int:
        self.reading.set()
        self.go.wait(10)
        return self.value


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    """Starts ``call`` on a thread; the list gets its result or the exception it raised."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as err:  # noqa: BLE001 - handed to the test
            out.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def test_a_game_is_usable_while_another_thread_reads_an_argument() -> None:
    game = kingup.Game(players=4, seed=9, first_player=0)
    move = game.legal_actions()[0]
    slow = SlowIndex(move)
    thread, out = in_thread(lambda: game.apply(slow))
    assert slow.reading.wait(10)
    # Thread 1 is inside `apply`, reading its argument: this thread uses the game freely.
    assert game.legal_actions()[0] == move and not game.is_over
    assert kingup.Game.from_json(game.to_json()) == game
    game.apply(move)  # seat 0 plays the very move the other thread is about to send
    slow.go.set()
    thread.join(10)
    # The other thread's move is checked against the game as it now is: seat 1's turn.
    assert len(out) == 1 and isinstance(out[0], IllegalActionError), out
    twin = kingup.Game(players=4, seed=9, first_player=0)
    twin.apply(move)
    assert game == twin and game.to_json() == twin.to_json()


def test_a_seat_argument_read_slowly_does_not_block_the_game() -> None:
    game = kingup.Game(players=3, seed=4, first_player=0)
    slow = SlowIndex(0)
    thread, out = in_thread(lambda: game.view(slow))
    assert slow.reading.wait(10)
    game.apply(game.legal_actions()[0])
    slow.go.set()
    thread.join(10)
    assert out[0] == game.view(0)  # read after the move: the view of the game as it is


def test_threads_playing_one_game_take_turns() -> None:
    game = kingup.Game(players=4, seed=12)
    played = [0] * 4
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible

    def player(k: int) -> None:
        rng = random.Random(k)
        while not game.is_over:
            legal = game.legal_actions()
            if not legal:
                continue
            try:
                game.apply(rng.choice(legal))
            except IllegalActionError:
                continue  # another thread moved between the two calls
            played[k] += 1

    try:
        threads = [threading.Thread(target=player, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        sys.setswitchinterval(interval)
    assert game.is_over
    steps = [s for s in game.history() if s[0] is not None]
    assert sum(played) == len(steps)
    again = kingup.Game.from_json(game.to_json())
    assert again == game and again.events(None) == game.events(None)


def test_a_vector_env_step_waits_for_another_threads_step() -> None:
    env = kingup.VectorEnv(30_000, seed=1)
    rng = np.random.default_rng(0)
    masks = env.action_masks
    actions = np.where(masks == 1, rng.random(masks.shape), -1.0).argmax(axis=1)
    thread, out = in_thread(lambda: env.step(actions))
    seen: list[Any] = []
    while thread.is_alive():
        # With the other thread inside `step` (GIL released), these wait for it.
        seen.append((env.seed, env.view(7).seat))
        time.sleep(0.001)
    thread.join()
    assert len(out) == 1 and not isinstance(out[0], BaseException), out
    assert seen and all(s[0] == 1 for s in seen)
    # The same actions again: legal or refused whole, never a half step.
    try:
        env.step(actions)
    except IllegalActionError:
        pass
    for i in range(0, 30_000, 997):
        np.testing.assert_array_equal(env.view(i).observation(), env.observations[i])


def test_a_bot_shared_by_two_threads_decides_for_one_at_a_time() -> None:
    game = kingup.Game(players=3, seed=5)
    bot = IsmctsBot(seed=3, iterations=3000)
    seat = game.to_move
    threads = [in_thread(lambda: bot.choose(game, seat)) for _ in range(2)]
    results = []
    for thread, out in threads:
        thread.join(60)
        results.extend(out)
    assert len(results) == 2
    for r in results:
        assert not isinstance(r, BaseException), r
        assert game.is_legal(r, seat)
    # Two searches ran one after the other: the bot's stream moved twice, like a twin's.
    twin = IsmctsBot(seed=3, iterations=3000)
    first, second = twin.choose(game, seat), twin.choose(game, seat)
    assert sorted(results) == sorted([first, second])


@pytest.mark.parametrize("kind", ["game", "env", "bot"])
def test_pickled_and_copied_objects_are_independent(kind: str) -> None:
    # Copies get locks of their own: using one never waits for the other.
    if kind == "game":
        game = kingup.Game(seed=2)
        copy = game.clone()
        copy.apply(copy.legal_actions()[0])
        assert copy != game
    elif kind == "env":
        env = kingup.VectorEnv(2, seed=2)
        assert env.view(0) == kingup.VectorEnv(2, seed=2).view(0)
    else:
        bot = IsmctsBot(seed=1, iterations=10)
        assert bot.choose(kingup.Game(seed=1)) == IsmctsBot(seed=1, iterations=10).choose(kingup.Game(seed=1))
