"""A kingup engine that writes down every line the referee sends it, for the
hidden-information test of the protocol's messages.

    python3 record.py FILE

It appends each line it reads, as read, to FILE, and answers every request with its first
legal move. Standard library only.
"""

import json
import sys


def main():
    with open(sys.argv[1], "a", encoding="utf-8") as log:
        for line in sys.stdin:
            log.write(line)
            log.flush()
            message = json.loads(line)
            if message["type"] == "hello":
                answer = {"type": "ready", "protocol": 1, "name": "record"}
            elif message["type"] == "request":
                answer = {"type": "move", "id": message["id"], "index": 0}
            elif message["type"] == "quit":
                return
            else:
                continue
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
