"""``kingup.Engine``: programs that play over the bot protocol (docs/protocol.md) as arena
entrants of both games, beside built-in bots and Python policies: results, forfeits by
reason, refused starts, argument checks, pickles, parts and Ctrl-C."""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable

import pytest

import kingup
from kingup import court

from conftest import REPO

PYTHON = sys.executable
ENGINE = str(REPO / "examples" / "python" / "engine.py")
HOSTILE = str(REPO / "kingup-protocol" / "tests" / "engines" / "hostile.py")

# The engines are Python scripts run by path, and the Ctrl-C test sends SIGINT: POSIX.
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX process handling")


#: A clock no answer comes near, however loaded the machine (the engines answer at once
#: or never): a timeout is then only ever the test's intent, never an accident.
SLACK = {"move_time": 60.0, "game_time": 3600.0}


def reference(name: str = "py", *flags: str, **kwargs: Any) -> kingup.Engine:
    return kingup.Engine(name, [PYTHON, ENGINE, *flags], **{**SLACK, **kwargs})


def hostile(mode: str, **kwargs: Any) -> kingup.Engine:
    return kingup.Engine(mode, [PYTHON, HOSTILE, mode], **{**SLACK, **kwargs})


def first_legal(view: Any) -> int:
    """The first legal action, in index order: what ``engine.py --first`` plays (the
    request's ``legal`` is in index order)."""
    return int(view.legal_actions()[0])


def renamed(results: kingup.ArenaResults, old: str, new: str) -> dict[str, Any]:
    data = results.to_dict()
    for standing in data["standings"]:
        if standing["name"] == old:
            standing["name"] = new
    return data


# --- Playing ---------------------------------------------------------------------------


def test_the_reference_engine_plays_beside_builtin_bots_without_forfeits() -> None:
    results = kingup.arena(["random", reference(), "heuristic"], players=3, deals=4, seed=3, threads=2)
    assert (results.deals, results.games) == (4, 12)
    assert [s.name for s in results.standings] == ["random", "py", "heuristic"]
    for standing in results.standings:
        assert standing.games == 12
        assert standing.forfeits.total == 0
        assert standing.forfeits.to_dict() == {"timeout": 0, "crash": 0, "malformed": 0, "illegal": 0, "total": 0}
    assert "Forfeited" not in str(results)


def test_an_engine_entered_twice_is_numbered_like_a_bot() -> None:
    results = kingup.arena([reference(), reference(), "random"], players=3, deals=1, threads=1)
    assert [s.name for s in results.standings] == ["py#1", "py#2", "random"]
    assert all(s.forfeits.total == 0 for s in results.standings)


def test_a_first_move_engine_plays_as_a_first_move_policy_in_king_up() -> None:
    """Same ratings, win rates, scores and seats: an engine is seeded (bot_seed) where a
    policy is not, and neither --first nor the policy draws anything."""
    options = {"players": 3, "deals": 3, "seed": 11}
    by_engine = kingup.arena(["heuristic", reference("first", "--first"), "random"], threads=2, **options)
    by_policy = kingup.arena(["heuristic", ("first", first_legal), "random"], **options)
    assert by_engine == by_policy
    # The numbers themselves, not only the names, are the same; and something was played.
    assert by_engine.to_dict() == by_policy.to_dict()
    assert by_engine.standings[1].games == 9 and by_engine.standings[1].mean_score > 0


def test_a_first_move_engine_plays_as_a_first_move_policy_in_to_court_the_king() -> None:
    options: dict[str, Any] = {"players": 3, "deals": 2, "seed": 5, "max_rounds": 20}
    engine = reference("engine", "--first")
    by_engine = court.arena(["greedy", engine, "random"], threads=2, **options)
    by_policy = court.arena(["greedy", ("policy", first_legal), "random"], **options)
    assert renamed(by_engine, "engine", "policy") == by_policy.to_dict()
    assert by_engine != by_policy  # the names differ, and only they
    assert by_engine.standings[1].forfeits.total == 0


# --- Forfeits --------------------------------------------------------------------------

#: Each misbehaviour (hostile.py's mode), the engine's settings, and the reason its
#: forfeits must all be counted under.
HOSTILE_CASES = [
    ("silent", {"move_time": 0.05, "game_time": 0.3}, "timeout"),
    ("bad-json", {}, "malformed"),
    ("both", {}, "malformed"),
    ("other-seat", {}, "illegal"),
    ("bad-index", {}, "illegal"),
    ("exit-mid-game", {}, "crash"),
]


@pytest.mark.parametrize(("mode", "settings", "reason"), HOSTILE_CASES, ids=[c[0] for c in HOSTILE_CASES])
def test_a_misbehaving_engine_finishes_the_arena_with_its_forfeits_counted(
    mode: str, settings: dict[str, float], reason: str
) -> None:
    results = kingup.arena(["random", hostile(mode, **settings), "heuristic"], players=3, deals=2, seed=1, threads=3)
    assert results.games == 6
    random_bot, engine, heuristic = results.standings
    assert engine.games == 6
    counts = engine.forfeits.to_dict()
    assert counts[reason] > 0, counts
    assert counts["total"] == engine.forfeits.total == counts[reason]
    if mode != "exit-mid-game":
        # Every request of every game was forfeited (a crash forfeits the rest of a game
        # at once, but the first three requests of each process are answered).
        assert engine.forfeits.total >= 6 * 5
    assert random_bot.forfeits.total == heuristic.forfeits.total == 0
    table = str(results)
    assert "Forfeited moves (played at random for the engine):" in table
    assert f"{mode:<14}  {engine.forfeits.total} ({reason} {engine.forfeits.total})" in table
    assert repr(engine.forfeits) == f"<kingup.Forfeits: {engine.forfeits.total} ({reason} {engine.forfeits.total})>"


def test_a_misbehaving_engine_in_to_court_the_king() -> None:
    results = court.arena(["greedy", hostile("bad-json")], players=2, deals=2, seed=4, max_rounds=20)
    assert results.games == 4
    assert results.standings[1].forfeits.malformed == results.standings[1].forfeits.total > 0
    assert results.standings[0].forfeits.total == 0
    assert "Forfeited moves" in str(results)


def test_forfeits_survive_json_pickles_and_parts() -> None:
    entrants = ["random", hostile("other-seat"), "heuristic"]
    whole = kingup.arena(entrants, players=3, deals=3, seed=9, threads=2)
    assert whole.standings[1].forfeits.illegal > 0
    assert kingup.ArenaResults.from_json(whole.to_json()) == whole
    assert pickle.loads(pickle.dumps(whole)) == whole
    assert whole.to_dict()["standings"][1]["forfeits"]["illegal"] == whole.standings[1].forfeits.illegal
    # The forfeited moves are drawn from bot_seed: parts played apart are the whole.
    parts = [kingup._kingup.arena_part(entrants, start=a, stop=b, players=3, deals=3, seed=9) for a, b in [(0, 1), (1, 3)]]
    back = [pickle.loads(pickle.dumps(p)) for p in parts]
    assert back == parts
    assert kingup.ArenaResults.join(back) == whole


def test_an_arena_in_parts_on_an_executor_is_the_whole_arena() -> None:
    for play, entrants, options in [
        (kingup.arena, ["random", hostile("bad-index"), reference()], {"players": 3}),
        (court.arena, ["greedy", hostile("both"), reference("first", "--first")], {"players": 3, "max_rounds": 20}),
    ]:
        whole = play(entrants, deals=4, seed=2, **options)  # type: ignore[operator]
        assert whole.standings[1].forfeits.total > 0
        with ProcessPoolExecutor(2) as pool:
            joined = play(entrants, deals=4, seed=2, backend=pool, parts=2, **options)  # type: ignore[operator]
        assert joined == whole


def test_an_arena_with_engines_on_ray_is_the_whole_arena(ray_local: Any) -> None:
    """Each Ray task starts its own engine processes from the pickled ``Engine``."""
    entrants = ["heuristic", hostile("other-seat"), reference("first", "--first")]
    whole = kingup.arena(entrants, players=3, deals=4, seed=8)
    assert whole.standings[1].forfeits.illegal > 0
    assert kingup.arena(entrants, players=3, deals=4, seed=8, backend="ray", parts=3) == whole


# --- Starting --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        (kingup.Engine("ghost", ["/nonexistent/kingup-engine"]), "could not start"),
        (hostile("crash-at-start"), "did not shake hands: it exited"),
        (hostile("no-handshake", handshake_time=0.2), "did not shake hands: no answer within 200 ms"),
        (hostile("bad-handshake"), "it speaks protocol 99, not 1"),
    ],
    ids=["missing", "crash-at-start", "no-handshake", "bad-handshake"],
)
def test_an_engine_that_cannot_start_is_refused_before_play(engine: kingup.Engine, says: str) -> None:
    for play in (kingup.arena, court.arena):
        with pytest.raises(kingup.EngineError) as raised:
            play(["random", engine, "random"], players=3, deals=1)  # type: ignore[operator]
        assert raised.value.entrant == engine.name
        assert f'engine "{engine.name}" could not start' in str(raised.value)
        assert says in str(raised.value)
        assert isinstance(raised.value, kingup.EntrantError) and isinstance(raised.value, ValueError)
        assert pickle.loads(pickle.dumps(raised.value)).entrant == engine.name


class CountingExecutor(ThreadPoolExecutor):
    """An executor that counts the parts it is given."""

    submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        CountingExecutor.submitted += 1
        return super().submit(fn, *args, **kwargs)


def test_an_engine_that_cannot_start_is_refused_before_parts_are_sent_away() -> None:
    with CountingExecutor(2) as pool, pytest.raises(kingup.EngineError, match="ghost"):
        kingup.arena(["random", kingup.Engine("ghost", ["/nonexistent/x"]), "random"], players=3, backend=pool, parts=2)
    assert CountingExecutor.submitted == 0


# --- Arguments -------------------------------------------------------------------------


def test_an_engine_reads_its_arguments() -> None:
    engine = kingup.Engine("py", "python3 'my engine.py' --first", options={"depth": 3, "w": 0.5, "s": "x", "b": False}, move_time=1, game_time=2.5, handshake_time=3)
    assert engine.name == "py"
    assert engine.command == ["python3", "my engine.py", "--first"]
    assert engine.options == {"depth": 3, "w": 0.5, "s": "x", "b": False}
    assert type(engine.options["b"]) is bool and type(engine.options["depth"]) is int
    assert (engine.move_time, engine.game_time, engine.handshake_time) == (1.0, 2.5, 3.0)
    assert repr(engine) == (
        "kingup.Engine('py', ['python3', 'my engine.py', '--first'], "
        # The options in key order, as the hello sends them.
        "options={'b': False, 'depth': 3, 's': 'x', 'w': 0.5}, "
        "move_time=1.0, game_time=2.5, handshake_time=3.0)"
    )
    defaults = kingup.Engine("e", ("prog",))
    assert (defaults.move_time, defaults.game_time, defaults.handshake_time) == (2.0, 60.0, 10.0)
    assert defaults.options == {} and defaults.command == ["prog"]
    assert repr(defaults) == "kingup.Engine('e', ['prog'], move_time=2.0, game_time=60.0, handshake_time=10.0)"
    assert kingup.Engine("a" * 32, "p").name == "a" * 32
    assert kingup.court.Engine is kingup.Engine


def test_an_engine_pickles() -> None:
    engine = kingup.Engine("py", [PYTHON, ENGINE], options={"n": 2**63, "x": -1.5e-300, "t": True}, move_time=0.05, game_time=7)
    back = pickle.loads(pickle.dumps(engine))
    assert back == engine and back is not engine
    assert repr(back) == repr(engine)
    assert back.options == {"n": 2**63, "x": -1.5e-300, "t": True}
    assert engine != kingup.Engine("py", [PYTHON, ENGINE], move_time=0.05, game_time=7)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(engine, protocol)) == engine
    with pytest.raises(TypeError):
        hash(engine)


BAD_ARGUMENTS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"name": 3}, TypeError, "an engine's name must be a str, not int"),
    ({"name": ""}, kingup.InvalidConfigError, "1 to 32 visible characters"),
    ({"name": "a" * 33}, kingup.InvalidConfigError, "1 to 32 visible characters"),
    ({"name": "two words"}, kingup.InvalidConfigError, "1 to 32 visible characters"),
    ({"name": "tab\there"}, kingup.InvalidConfigError, "1 to 32 visible characters"),
    ({"command": []}, kingup.InvalidConfigError, 'the command of engine "e" is empty'),
    ({"command": ""}, kingup.InvalidConfigError, "is empty or its quotes do not close"),
    ({"command": "   "}, kingup.InvalidConfigError, "is empty or its quotes do not close"),
    ({"command": "python3 'open"}, kingup.InvalidConfigError, "is empty or its quotes do not close"),
    ({"command": [""]}, kingup.InvalidConfigError, "is empty"),
    ({"command": ["python3", "a\0b"]}, kingup.InvalidConfigError, "NUL"),
    ({"command": 3}, TypeError, "must be a str or a sequence of str, not int"),
    ({"command": b"python3"}, TypeError, "must be a str or a sequence of str, not bytes"),
    ({"command": {"python3": 1}}, TypeError, "must be a str or a sequence of str, not dict"),
    ({"command": ["python3", 3]}, TypeError, "must hold only str, not int"),
    ({"options": [("a", 1)]}, TypeError, 'the options of engine "e" must be a dict, not list'),
    ({"options": {1: 1}}, TypeError, "must have str keys, not int"),
    ({"options": {"a": None}}, TypeError, 'option "a" of engine "e" must be an int, float, str or bool, not NoneType'),
    ({"options": {"a": [1]}}, TypeError, "not list"),
    ({"options": {"a": float("nan")}}, kingup.InvalidConfigError, "must be a finite float"),
    ({"options": {"a": 2**64}}, kingup.InvalidConfigError, "must be an int in -2**63..2**64"),
    ({"move_time": 0}, kingup.InvalidConfigError, "move_time must be above 0 and at most 3,600 seconds, not 0"),
    ({"move_time": -1.0}, kingup.InvalidConfigError, "move_time must be above 0"),
    ({"game_time": 3600.5}, kingup.InvalidConfigError, "game_time must be above 0 and at most 3,600"),
    ({"handshake_time": float("inf")}, kingup.InvalidConfigError, "handshake_time must be above 0"),
    ({"move_time": float("nan")}, kingup.InvalidConfigError, "move_time must be above 0"),
    ({"game_time": 10**400}, kingup.InvalidConfigError, "game_time must be above 0"),
    ({"move_time": "2"}, TypeError, "move_time must be a number, not str"),
    ({"handshake_time": True}, TypeError, "handshake_time must be a number, not bool"),
]


@pytest.mark.parametrize(("change", "error", "says"), BAD_ARGUMENTS, ids=[str(c[0])[:40] for c in BAD_ARGUMENTS])
def test_bad_arguments_are_refused_with_typed_errors(change: dict[str, Any], error: type[Exception], says: str) -> None:
    arguments: dict[str, Any] = {"name": "e", "command": ["prog"], **change}
    with pytest.raises(error) as raised:
        kingup.Engine(**arguments)
    assert says in str(raised.value)


def test_an_arena_refuses_other_entrant_types_naming_engines() -> None:
    with pytest.raises(TypeError, match=r"a bot spec \(str\), a kingup.Engine or a \(name, policy\) tuple, not int"):
        kingup.arena(["random", 3, "random"], players=3, deals=1)
    with pytest.raises(TypeError):
        kingup.Engine("e")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        kingup.Engine("e", "p", 1.0)  # type: ignore[misc]


# --- Ctrl-C ----------------------------------------------------------------------------


@pytest.fixture
def python_sigint_handler() -> Iterator[None]:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_an_arena_whose_engine_never_answers(python_sigint_handler: None) -> None:
    """The referee waits a move's time at most: the arena stops within a second of the
    signal, though the engine would take a minute a game."""
    silent = hostile("silent", move_time=0.5)
    sent: list[float] = []

    def send() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(1.0, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            kingup.arena(["random", silent, "heuristic"], players=3, deals=1000, threads=2)
        stopped = time.monotonic()
    finally:
        timer.cancel()
        timer.join()
    assert sent, "the arena ended before the signal"
    assert stopped - sent[0] < 1.5, f"stopped {stopped - sent[0]:.2f} s after the signal"


def test_ctrl_c_stops_an_arena_whose_engine_does_not_shake_hands(python_sigint_handler: None) -> None:
    """The start of an engine is waited for with signals heard: Ctrl-C does not wait for
    the handshake's time (the start runs out on a thread of its own)."""
    mute = hostile("no-handshake", handshake_time=3.0)
    sent: list[float] = []

    def send() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            kingup.arena(["random", mute, "heuristic"], players=3, deals=1)
        stopped = time.monotonic()
    finally:
        timer.cancel()
        timer.join()
    assert sent, "the arena ended before the signal"
    assert stopped - sent[0] < 1.0, f"stopped {stopped - sent[0]:.2f} s after the signal"
