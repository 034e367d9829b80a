"""Long Rust calls hear Ctrl-C: a real SIGINT, sent from a timer thread, stops them
within a generous bound (a functional check, not a benchmark), and leaves nothing half
applied. The Python signal handler runs in the main thread, where pytest runs tests."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import kingup
from kingup.bots import IsmctsBot

# On Windows os.kill(pid, SIGINT) terminates the process instead of signalling it.
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no SIGINT to send on Windows")

#: How long after the signal the call must have stopped (it takes milliseconds).
BOUND = 2.0


@contextmanager
def sigint_after(delay: float) -> Iterator[list[float]]:
    """Sends SIGINT to this process after ``delay`` seconds; yields a list that then holds
    the time it was sent."""
    sent: list[float] = []

    def send() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, send)
    timer.start()
    try:
        yield sent
    finally:
        timer.cancel()
        timer.join()


@pytest.fixture(autouse=True)
def python_sigint_handler() -> Iterator[None]:
    """Python's own SIGINT handler for each test, whatever the runner inherited (a shell
    runs a background job with SIGINT ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def stops_promptly(call: Callable[[], object], delay: float = 0.3) -> None:
    """``call`` (which would run for minutes) raises KeyboardInterrupt soon after SIGINT."""
    with sigint_after(delay) as sent:
        with pytest.raises(KeyboardInterrupt):
            call()
        stopped = time.monotonic()
    assert sent, "the call ended before the signal"
    assert stopped - sent[0] < BOUND, f"stopped {stopped - sent[0]:.2f} s after the signal"


@pytest.mark.parametrize("threads", [1, 2])
def test_simulate_stops_on_sigint(threads: int) -> None:
    # Ten million games take minutes; the call must give up within the bound.
    stops_promptly(lambda: kingup.simulate(10_000_000, threads=threads))
    assert kingup.simulate(3).lengths.shape == (3,)  # and works again afterwards


def test_court_simulate_stops_on_sigint() -> None:
    from kingup import court

    stops_promptly(lambda: court.simulate(10_000_000, threads=2))
    assert court.simulate(3).lengths.shape == (3,)


def test_an_ismcts_search_stops_on_sigint() -> None:
    game = kingup.Game(players=4, seed=3)
    # Seconds of search. (The abandoned search runs out on its thread: kingup-bots has no
    # way to stop one, so the test keeps it short.)
    bot = IsmctsBot(seed=8, iterations=200_000)
    stops_promptly(lambda: bot.choose(game))
    assert game == kingup.Game(players=4, seed=3)
    # The bot is free again at once (the abandoned search runs out on its own thread).
    quick = IsmctsBot(seed=8, iterations=5)
    assert game.is_legal(quick.choose(game))


def test_a_court_tree_search_stops_on_sigint() -> None:
    from kingup import court

    game = court.Game(players=3, seed=3)
    game.apply(court.parse_action("roll"))  # a choice among the dice rolled
    assert len(game.legal_actions()) > 1
    before = game.clone()
    stops_promptly(lambda: court.MctsBot(seed=8, iterations=300_000).choose(game))
    assert game == before
    assert game.is_legal(court.MctsBot(seed=8, iterations=5).choose(game))


@pytest.mark.parametrize("python", [False, True])
def test_an_arena_stops_on_sigint(python: bool) -> None:
    # A million deals take hours; the arena must give up within the bound, with or without
    # a Python entrant (whose policy runs on the arena's thread with the GIL taken).
    first: Any = ("first", lambda view: view.legal_actions()[0]) if python else "heuristic"
    entrants = [first, "random", "random"]
    stops_promptly(lambda: kingup.arena(entrants, players=3, deals=1_000_000, threads=2))
    assert kingup.arena(entrants, players=3, deals=2).games == 6  # and works again


class Interrupted(Exception):
    """Raised by the test's SIGINT handler instead of KeyboardInterrupt, so that a signal
    arriving outside the call under test fails the test rather than the whole run."""


@contextmanager
def sigint_raises_interrupted() -> Iterator[None]:
    def handler(signum: int, frame: Any) -> None:
        raise Interrupted

    old = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def env_state(env: kingup.VectorEnv) -> list[npt.NDArray[Any]]:
    arrays = (env.observations, env.action_masks, env.rewards, env.dones, env.seats,
              env.final_totals, env.game_seeds)
    return [a.copy() for a in arrays]


def same(a: list[npt.NDArray[Any]], b: list[npt.NDArray[Any]]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_an_interrupted_vector_step_is_undone_whole() -> None:
    """Steps of 40,000 envs run in chunks with signals checked between; SIGINT comes in
    the middle of some step. After it the env is exactly the env after the steps that
    completed: the interrupted one is undone (or, if the signal came just after a step,
    that step is whole)."""
    n = 40_000  # more than one chunk
    env = kingup.VectorEnv(n, seed=5, reward="margin")
    rng = np.random.default_rng(1)
    history: list[npt.NDArray[np.int64]] = []
    started = time.monotonic()
    with sigint_raises_interrupted(), sigint_after(0.4) as sent:
        with pytest.raises(Interrupted):
            while time.monotonic() - started < 60:
                masks = env.action_masks
                actions = np.where(masks == 1, rng.random(masks.shape), -1.0).argmax(axis=1)
                history.append(actions)
                env.step(actions)
        stopped = time.monotonic()
    assert sent and stopped - sent[0] < BOUND
    after = env_state(env)
    twin = kingup.VectorEnv(n, seed=5, reward="margin")
    for actions in history[:-1]:
        twin.step(actions)
    if not same(after, env_state(twin)):
        twin.step(history[-1])  # the signal came after the last step had finished
        assert same(after, env_state(twin)), "a step was half applied"
    # And it plays on like the twin.
    masks = env.action_masks
    actions = np.where(masks == 1, rng.random(masks.shape), -1.0).argmax(axis=1)
    env.step(actions)
    twin.step(actions)
    assert same(env_state(env), env_state(twin))


def test_an_interrupted_reset_is_undone_whole() -> None:
    n = 40_000
    env = kingup.VectorEnv(n, seed=2)
    seeds = iter(range(10**6))
    done = 0
    started = time.monotonic()
    with sigint_raises_interrupted(), sigint_after(0.3):
        with pytest.raises(Interrupted):
            while time.monotonic() - started < 60:
                env.reset(seed=next(seeds))
                done += 1
    assert env.seed in (done - 1, done) or (done == 0 and env.seed in (2, 0))
    fresh = kingup.VectorEnv(n, seed=env.seed)
    assert same(env_state(env), env_state(fresh)), "a reset was half applied"


#: A public view the reachability search cannot explain within its budget: reading it runs
#: the whole budget (about a second of one core in a release build, a minute in a debug
#: one) before refusing it (the slowest input fuzzing found).
SLOW_VIEW = os.path.join(
    os.path.dirname(__file__), "..", "..", "fuzz", "slow", "decode_json", "edited-snapshot-13s.json"
)


def slow_views() -> tuple[str, str]:
    import json

    with open(SLOW_VIEW, encoding="utf-8") as file:
        public = file.read()
    # Seat 1 holds an objective of round 2 (card 0, not revealed): a view the quick checks
    # pass, so that reading it runs the search too.
    player = json.dumps({"seat": 1, "public": json.loads(public), "objective_card": 0, "vote": None})
    return public, player


@pytest.mark.parametrize("kind", ["PublicView", "PlayerView"])
def test_reading_a_view_stops_on_sigint(kind: str) -> None:
    # The search is Rust work that cannot be told to stop: the call must raise
    # KeyboardInterrupt while it runs, not InvalidStateError once it is done.
    text = slow_views()[kind == "PlayerView"]
    stops_promptly(lambda: getattr(kingup, kind).from_json(text), delay=0.1)


def test_reading_a_view_lets_other_threads_run() -> None:
    from kingup.errors import InvalidStateError

    ticks: list[float] = []
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        time.sleep(0.05)
        start = time.monotonic()
        with pytest.raises(InvalidStateError, match="budget"):
            kingup.PublicView.from_json(slow_views()[0])
        end = time.monotonic()
    finally:
        stop.set()
        counter.join()
    # The search ran with the GIL released: the other thread went on counting meanwhile.
    during = [t for t in ticks if start < t < end]
    assert len(during) > 10, f"{len(during)} ticks in {end - start:.2f} s"


def exits_promptly_on_sigint(code: str) -> str:
    """Runs ``code`` in a Python of its own, sends it SIGINT once it has printed ``ready``
    and half a second has passed, and checks that it ends with KeyboardInterrupt within a
    generous bound (the call under test would run for many seconds more); returns its
    standard error. A process of its own, so that nothing the call left running (a blocked
    policy, a search) outlives the test."""
    import subprocess

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        assert proc.poll() is None, "the call ended before the signal"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            pytest.fail("still running 5 s after SIGINT")
        stopped = time.monotonic() - sent
    finally:
        proc.kill()
        _, stderr = proc.communicate()
    assert "KeyboardInterrupt" in stderr, stderr
    assert stopped < 5.0, f"stopped {stopped:.2f} s after the signal"
    return stderr


def test_an_arena_whose_policy_blocks_stops_on_sigint() -> None:
    # The policy sleeps 20 s at its first decision: SIGINT must interrupt the sleep itself
    # (policies run on the calling thread, where Python delivers signals), not wait it out.
    exits_promptly_on_sigint(
        "import time, kingup\n"
        "def slow(view):\n"
        "    time.sleep(20)\n"
        "    return view.legal_actions()[0]\n"
        "print('ready')\n"
        "kingup.arena([('slow', slow), 'random', 'random'], players=3, deals=10)\n"
    )


def test_a_vector_env_with_search_opponents_stops_on_sigint_while_it_starts() -> None:
    # Starting the envs plays the opponents' first moves: ISMCTS searches of 200,000
    # iterations, seconds each (minutes in a debug build).
    exits_promptly_on_sigint(
        "import kingup\n"
        "print('ready')\n"
        "kingup.VectorEnv(8, players=4, seat=0, opponents='ismcts:200000', seed=1)\n"
    )
