"""A misbehaving kingup engine, for testing the referee against every fault of docs/protocol.md.

    python3 hostile.py MODE

It shakes hands properly unless the mode says otherwise, then misbehaves as MODE says:

    silent          never answers a request
    flood           on each request: 10,000 log lines and 10,000 move lines with wrong ids,
                    then the right move (index 0), which the referee must still take in time
    flood-junk      writes non-JSON garbage lines without pause from its ready on (a thread
                    of its own) and answers each request with index 0
    other-seat      answers with an action that is a move in the game's notation but not in
                    the request's legal list
    bad-json        answers with truncated JSON
    bad-index       answers with index len(legal) + 5
    both            answers with both action and index
    exit-mid-game   answers 3 requests of its process, then exits with code 3 when the 4th
                    request comes, without answering it
    huge-line       answers with a 10 MB move line (valid JSON but over the 65,536-byte
                    limit), then with the right move on the next line, which comes too late
    no-handshake    never sends ready
    bad-handshake   sends ready with protocol 99, then answers each request with index 0
    slow            answers correctly, but move_ms + 200 ms after each request (always late)
    crash-at-start  exits at once with code 1

Whatever the mode, it exits 0 on quit or at the end of its input. A thread reads stdin all
the time, one line at a time, so the referee's writes never block on a full pipe even when
the engine has stopped answering or is busy writing. Standard library only.
"""

import json
import os
import queue
import sys
import threading
import time

MODES = (
    "silent", "flood", "flood-junk", "other-seat", "bad-json", "bad-index", "both",
    "exit-mid-game", "huge-line", "no-handshake", "bad-handshake", "slow", "crash-at-start",
)

FLOOD_LINES = 10_000
HUGE_LINE_BYTES = 10 * 1024 * 1024
EXIT_AFTER_REQUESTS = 3

# Writes go straight to the file descriptor under one lock: the garbage thread of flood-junk
# and the answers must never interleave inside a line, and a write blocked on a full pipe
# must not hold a Python buffer that the exit would then wait for.
write_lock = threading.Lock()


def write_bytes(data):
    with write_lock:
        view = memoryview(data)
        while view:
            view = view[os.write(1, view):]


def send(message):
    write_bytes(json.dumps(message, separators=(",", ":")).encode() + b"\n")


def read_stdin(messages):
    """Hands every JSON object on stdin to the main thread; None at the end of input."""
    for raw in sys.stdin.buffer:
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if isinstance(message, dict):
            messages.put(message)
    messages.put(None)


def write_junk():
    """flood-junk's thread: garbage without end, some of it not even UTF-8."""
    junk = [b"garbage line, not JSON", b"{\"type\": \"move\", ", b"\xff\xfe\x00 not utf-8",
            b"]]]", b"}{", b"null null"]
    n = 0
    while True:
        write_bytes(junk[n % len(junk)] + b" %d\n" % n)
        n += 1
        if n % 100 == 0:
            # A breath now and then so the referee's own work still gets the CPU.
            time.sleep(0.001)


def illegal_action(game, legal):
    """A move in the game's notation that is not among `legal` (compared as the referee reads
    notation: any case, spaces ignored)."""
    taken = {" ".join(move.lower().split()) for move in legal}
    if game == "court":
        candidates = ["roll", "pass", "buy king"] + ["keep %d" % face for face in range(1, 7)]
    else:
        letters = "ABCDEFGILMNOP"
        candidates = ["yes", "no"] + [l + str(f) for l in letters for f in range(1, 5)]
        candidates += list(letters)
    for candidate in candidates:
        if candidate.lower() not in taken:
            return candidate
    return "Z9"  # not even notation; unreachable, as no list holds every move above


def answer(mode, game, request):
    """Writes what `mode` answers to `request`."""
    rid = request["id"]
    legal = request["legal"]
    right = {"type": "move", "id": rid, "index": 0}
    if mode == "flood":
        lines = [b'{"type":"log","text":"flood %d"}\n' % k for k in range(FLOOD_LINES)]
        # Ids after this one: never the pending request's, whatever the referee counts from.
        lines += [b'{"type":"move","id":%d,"index":0}\n' % (rid + 1 + k)
                  for k in range(FLOOD_LINES)]
        write_bytes(b"".join(lines))
        send(right)
    elif mode == "other-seat":
        send({"type": "move", "id": rid, "action": illegal_action(game, legal)})
    elif mode == "bad-json":
        write_bytes(b'{"type": "move", "id": \n')
    elif mode == "bad-index":
        send({"type": "move", "id": rid, "index": len(legal) + 5})
    elif mode == "both":
        send({"type": "move", "id": rid, "action": legal[0], "index": 0})
    elif mode == "huge-line":
        head = b'{"type":"move","id":%d,"index":0,"pad":"' % rid
        tail = b'"}\n'
        pad = HUGE_LINE_BYTES - len(head) - len(tail)
        write_bytes(head)
        chunk = b"x" * 65536
        while pad > 0:
            write_bytes(chunk[:pad])
            pad -= len(chunk)
        write_bytes(tail)
        send(right)
    elif mode == "slow":
        time.sleep((request["clock"]["move_ms"] + 200) / 1000)
        send(right)
    else:  # flood-junk, bad-handshake, exit-mid-game: the answer itself is right
        send(right)


def main(argv):
    if len(argv) != 2 or argv[1] not in MODES:
        print("usage: hostile.py MODE\nmodes: " + ", ".join(MODES), file=sys.stderr)
        return 2
    mode = argv[1]
    if mode == "crash-at-start":
        return 1

    messages = queue.Queue()
    threading.Thread(target=read_stdin, args=(messages,), daemon=True).start()
    game = "kingup"
    requests = 0
    while True:
        message = messages.get()
        kind = None if message is None else message.get("type")
        if kind in (None, "quit"):
            # os._exit: the junk thread may be blocked in a write; nothing is left unflushed.
            os._exit(0)
        if kind == "hello":
            game = message.get("game", game)
            if mode == "bad-handshake":
                send({"type": "ready", "protocol": 99, "name": "x"})
            elif mode != "no-handshake":
                send({"type": "ready", "protocol": 1, "name": "hostile-" + mode})
            if mode == "flood-junk":
                threading.Thread(target=write_junk, daemon=True).start()
        elif kind == "request" and mode not in ("silent", "no-handshake"):
            requests += 1
            if mode == "exit-mid-game" and requests > EXIT_AFTER_REQUESTS:
                os._exit(3)
            answer(mode, game, message)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
