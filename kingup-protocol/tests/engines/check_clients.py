"""Checks the reference engines (examples/python/engine.py, examples/c/engine.c) against
docs/protocol.md, by playing scripted sessions with them as the referee would.

    python3 check_clients.py [C_ENGINE]

C_ENGINE is the compiled examples/c/engine.c (else $KINGUP_C_ENGINE; else this script
compiles it with ${CC:-cc} -std=c99 into a temporary directory). For each engine it checks
the ready line, one valid move with the request's id per request (a legal index or action,
in the reply form the engine promises), that messages needing no answer get none, that
--first answers index 0, that the random mode plays the same moves for the same bot_seed
(across runs and across games of one session) and others for another seed, and that the
engine exits 0 on quit and at the end of its input. Exits 1 with a message at the first
failure. Standard library only.
"""

import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
TIMEOUT_S = 10  # generous: a first Python start on a loaded CI machine can take seconds

SEED_A = 18446744073709551615  # 2^64 - 1: the seed must be read as unsigned 64-bit
SEED_B = 6794282093347305213


class Failure(Exception):
    pass


def compact(message):
    return json.dumps(message, separators=(",", ":"))


class Engine:
    """One engine process, spoken to line by line, the way the referee does."""

    def __init__(self, label, argv):
        self.label = label
        # Without PYTHONUNBUFFERED, so that a Python engine that forgets to flush fails.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode(errors="replace"))

    def fail(self, what):
        self.proc.kill()
        self.proc.wait()
        tail = "".join(self.stderr[-10:])
        raise Failure(f"{self.label}: {what}" + (f"\n  its stderr:\n{tail}" if tail else ""))

    def send(self, message, spaced=False):
        # The referee writes compact JSON; spaced=True writes json.dumps' ", " and ": ",
        # which an engine must read too.
        text = json.dumps(message) if spaced else compact(message)
        try:
            self.proc.stdin.write(text.encode() + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.fail(f"exited before reading {text[:60]}...")

    def read(self, waiting_for):
        # A line that never comes within the timeout is also how an unflushed answer shows.
        try:
            line = self.lines.get(timeout=TIMEOUT_S)
        except queue.Empty:
            self.fail(f"no line within {TIMEOUT_S} s, waiting for {waiting_for}")
        if line is None:
            self.fail(f"closed its output, waiting for {waiting_for}")
        if not line.endswith(b"\n"):
            self.fail(f"a line without its newline: {line[:80]!r}")
        try:
            message = json.loads(line)
        except ValueError:
            self.fail(f"not JSON, waiting for {waiting_for}: {line[:80]!r}")
        if not isinstance(message, dict):
            self.fail(f"not a JSON object: {line[:80]!r}")
        return message

    def handshake(self, game, name):
        self.send({"type": "hello", "protocol": 1, "game": game, "options": {"iterations": 5}})
        ready = self.read("ready")
        if ready != {"type": "ready", "protocol": 1, "name": name}:
            self.fail(f"wrong ready: {ready} (expected name {name!r}, protocol 1)")

    def request(self, message, form, spaced=False):
        """Sends a request; returns the index of the answer's move in its legal list."""
        self.send(message, spaced)
        move = self.read(f"the move for request {message['id']}")
        legal = message["legal"]
        if move.get("type") != "move" or move.get("id") != message["id"]:
            self.fail(f"answered request {message['id']} with {move}")
        if ("action" in move) == ("index" in move):
            self.fail(f"a move needs exactly one of action and index: {move}")
        if form not in move:
            self.fail(f"answered with {move}, expected the {form!r} form")
        if "index" in move:
            index = move["index"]
            if type(index) is not int or not 0 <= index < len(legal):
                self.fail(f"index {index!r} out of range for {len(legal)} legal moves")
            return index
        if move["action"] not in legal:
            self.fail(f"action {move['action']!r} is not one of {legal}")
        return legal.index(move["action"])

    def finish(self, quit=True):
        """Sends quit (or closes the input) and checks a clean exit with nothing more said."""
        # After quit the input stays open: the engine must leave on quit alone.
        if quit:
            self.send({"type": "quit"})
        else:
            self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.fail("still running " + ("after quit" if quit else "at the end of its input"))
        self.proc.stdin.close()
        # Anything left on stdout is an answer to a message that needed none.
        extra = self.lines.get(timeout=TIMEOUT_S)
        if extra is not None:
            raise Failure(f"{self.label}: an unexpected line: {extra[:80]!r}")
        if code != 0:
            raise Failure(f"{self.label}: exit code {code}, expected 0")


def event(kind, text, **fields):
    return {"event": {"type": kind, **fields}, "text": text}


def new_game(seed, seat=1):
    return {"type": "new_game", "game": "kingup", "seat": seat, "players": 3,
            "config": {"players": 3, "rounds": 3, "setup": "placement"},
            "bot_seed": seed, "clock": {"move_ms": 2000, "game_ms": 60000}}


def scripted_requests():
    """Five requests and two messages between them that need no answer, as (message,
    spaced): JSON an engine must read right, whatever the order and spacing of the keys."""
    placements = [c + str(f) for c in "ABCDEFGILMNOP" for f in range(1, 5)]
    tricky_text = 'seat 0 said "B4 \\" }], {\\"type\\":\\"quit\\"}" and left \\\\'
    view = {
        # Keys the engine must not take for the top-level ones: nested type, id, legal.
        "type": "game_over", "id": 99, "legal": ["x"] * 9, "seat": 1,
        "public": {"round": 1, "phase": {"type": "placement"}, "castle": [[], ["B"], [], []],
                   "note": tricky_text},
        "objective_card": None, "vote": None,
    }
    clock = {"move_ms": 2000, "game_ms": 58412}
    return [
        # View and events before "type" and "id"; nested objects with their own "type".
        ({"view": view, "events": [event("placed", tricky_text, seat=0, character="B", floor=2),
                                   event("dealt", "seat 1 was dealt an objective", seat=1)],
          "type": "request", "id": 0, "seat": 1, "text": "round 1/3 \"placement\"\n" + tricky_text,
          "legal": ["A1", "A2", "B3", "C4", "F1"], "clock": clock}, False),
        # A forfeit and a message type of a later version: neither gets an answer.
        ({"type": "forfeit", "id": 0, "reason": "timeout", "action": "A2"}, False),
        ({"type": "shiny_new_thing", "data": {"type": "request", "id": 5, "legal": ["A1"]}},
         False),
        # Spaces after ':' and ',', legal first and the id last, an id over 32 bits.
        ({"legal": ["yes", "no"], "type": "request", "seat": 1, "view": view, "text": "vote",
          "events": [], "clock": clock, "id": 4294967301}, True),
        # A single legal move, as in a forced vote.
        ({"type": "request", "id": 2, "seat": 1, "view": view, "text": "vote", "legal": ["no"],
          "events": [event("vote_cast", "seat 0 voted", seat=0)], "clock": clock}, False),
        # Every placement (52 moves) and a view of some 40 KB, longer than any first buffer.
        ({"type": "request", "id": 3, "seat": 1,
          "view": dict(view, history=[tricky_text] * 600), "text": "x" * 1000,
          "legal": placements, "events": [], "clock": clock}, False),
        # To Court the King's notation: spaces and '>' inside the moves.
        ({"type": "request", "id": 41, "seat": 1, "view": {"seat": 1, "dice": [4, 6, 1]},
          "text": "roll or keep", "legal": ["roll", "keep 4", "maid 4>6", "buy king", "pass"],
          "steps": ["0: roll", "chance: die 4"], "events": [], "clock": clock}, False),
    ]


def scripted_session(engine, form):
    """new_game, the five requests and what comes between, game_over; returns the indices
    played."""
    played = []
    engine.send(new_game(SEED_A))
    for message, spaced in scripted_requests():
        if message["type"] == "request":
            played.append(engine.request(message, form, spaced))
        else:
            engine.send(message, spaced)
    engine.send({"type": "game_over", "seat": 1, "view": {"type": "request", "id": 1},
                 "text": "over", "events": [], "scores": [12, 9, 15], "winners": [2],
                 "forfeits": 1})
    return played


def many_requests(engine, form, seed, first_id, count=150):
    """One game of `count` requests whose legal lists cycle through 2, 3 and 5 moves."""
    engine.send(new_game(seed))
    played = []
    for k in range(count):
        legal = ["A1", "B2", "C3", "D4", "yes"][: (2, 3, 5)[k % 3]]
        played.append(engine.request(
            {"type": "request", "id": first_id + k, "seat": 1, "view": {"seat": 1},
             "text": "", "legal": legal, "events": [],
             "clock": {"move_ms": 2000, "game_ms": 60000}}, form))
    engine.send({"type": "game_over", "seat": 1, "view": {}, "text": "", "events": [],
                 "scores": [1, 2, 3], "winners": [2], "forfeits": 0})
    return played


def seeded_games(label, argv, name, form):
    """A session of three games seeded A, B, A; returns their moves."""
    engine = Engine(label, argv)
    engine.handshake("kingup", name)
    games = [many_requests(engine, form, seed, 1000 * n)
             for n, seed in enumerate((SEED_A, SEED_B, SEED_A))]
    engine.finish()
    return games


def check_engine(label, argv, random_name, first_name, random_form):
    # The scripted session, in both modes; --first must pick index 0 every time.
    engine = Engine(label, argv)
    engine.handshake("kingup", random_name)
    scripted_session(engine, random_form)
    engine.finish()

    engine = Engine(label + " --first", argv + ["--first"])
    engine.handshake("kingup", first_name)
    played = scripted_session(engine, "index")
    if played != [0] * len(played):
        engine.fail(f"--first played {played}, expected index 0 every time")
    engine.finish()

    # --name, with characters JSON must escape; To Court the King; the end of input as quit.
    name = 'my "bot" \\ 2'
    engine = Engine(label + " --name", argv + ["--name", name])
    engine.handshake("court", name)
    engine.request({"type": "request", "id": 1, "seat": 0, "view": {}, "text": "",
                    "legal": ["roll"], "events": [], "clock": {"move_ms": 5, "game_ms": 5}},
                   random_form)
    engine.finish(quit=False)

    # The random mode: the same seed gives the same moves, in another run and in another
    # game of the same session; another seed gives others; every move gets its turn.
    first = seeded_games(label, argv, random_name, random_form)
    again = seeded_games(label + " (second run)", argv, random_name, random_form)
    if first != again:
        raise Failure(f"{label}: two runs with the same bot_seeds played differently")
    if first[0] != first[2]:
        raise Failure(f"{label}: two games seeded {SEED_A} played differently")
    if first[0] == first[1]:
        raise Failure(f"{label}: seeds {SEED_A} and {SEED_B} played the same 150 moves")
    for k, size in enumerate((2, 3, 5)):
        chosen = set(first[0][k::3]) | set(first[1][k::3])
        if chosen != set(range(size)):
            raise Failure(f"{label}: of {size} legal moves it only ever played {sorted(chosen)}")
    print(f"check_clients: {label}: ok")


def c_engine(build_dir):
    """The C engine's path: argv, $KINGUP_C_ENGINE, else compiled here."""
    if len(sys.argv) > 1:
        return sys.argv[1]
    if os.environ.get("KINGUP_C_ENGINE"):
        return os.environ["KINGUP_C_ENGINE"]
    compiler = os.environ.get("CC", "cc")
    if not shutil.which(compiler):
        raise Failure(f"no C compiler {compiler!r}: give the compiled engine.c as argument")
    exe = os.path.join(build_dir, "engine")
    subprocess.run([compiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2",
                    str(REPO / "examples/c/engine.c"), "-o", exe], check=True)
    return exe


def main():
    if len(sys.argv) > 2 or sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        check_engine("python", [sys.executable, str(REPO / "examples/python/engine.py")],
                     "python-random", "python-first", "action")
        with tempfile.TemporaryDirectory() as build_dir:
            check_engine("c", [c_engine(build_dir)], "c-random", "c-first", "index")
    except (Failure, subprocess.CalledProcessError, OSError) as error:
        print(f"check_clients: FAIL: {error}", file=sys.stderr)
        return 1
    print("check_clients: all engines ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
