"""A kingup engine in Python: plays King Up! or To Court the King over the bot protocol.

The protocol (docs/protocol.md) is line-based JSON on stdin and stdout; the referee owns
the game and sends, with each request, the list of legal moves, which is all this engine
reads. Enter it in an arena beside the built-in bots:

    kingup arena --players 3 --entrants heuristic,random --engine "py=python3 examples/python/engine.py"

Modes:

    python3 engine.py              a uniformly random legal move, answered as "action"
    python3 engine.py --first      always the first legal move, answered as "index"
    python3 engine.py --name NAME  the name sent in "ready"

The random mode seeds its generator with each game's bot_seed, so the same seed and the
same requests give the same moves. Standard library only, Python 3.9 or later.
"""

from __future__ import annotations

import argparse
import json
import random
import sys


def send(message: dict[str, object]) -> None:
    # One object per line, flushed at once: the referee times the answer to its newline,
    # and a line left in our buffer would count as no answer at all.
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description="A kingup engine (docs/protocol.md).")
    parser.add_argument("--first", action="store_true", help="always play the first legal move")
    parser.add_argument("--name", help="the engine's name in the handshake")
    args = parser.parse_args()
    name = args.name or ("python-first" if args.first else "python-random")

    # A generator of its own, so the engine never shares state with anything else; a game
    # with no new_game before its requests (not expected) still gets a fixed seed.
    rng = random.Random(0)

    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            print(f"{name}: not JSON, ignored: {line[:80]!r}", file=sys.stderr)
            continue
        if not isinstance(message, dict):
            continue
        kind = message.get("type")

        if kind == "hello":
            send({"type": "ready", "protocol": 1, "name": name})
        elif kind == "new_game":
            # bot_seed is an unsigned 64-bit number; Python's int holds it exactly.
            rng = random.Random(message["bot_seed"])
        elif kind == "request":
            legal = message["legal"]
            if args.first:
                send({"type": "move", "id": message["id"], "index": 0})
            else:
                send({"type": "move", "id": message["id"], "action": rng.choice(legal)})
        elif kind == "forfeit":
            # The referee played another move for us; say so where a person can see it.
            print(f"{name}: move {message.get('id')} forfeited ({message.get('reason')})",
                  file=sys.stderr)
        elif kind == "quit":
            break
        # game_over and any type a later protocol version adds need no answer.


if __name__ == "__main__":
    main()
