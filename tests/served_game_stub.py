"""A stand-in for `boardwalk play` under `boardwalk serve`, for tests/test_serve.py: it speaks
the pipe protocol of Textual's web driver as little as the server needs, and reports on its
screen every terminal size it is given, exactly as it arrived, so a test reads through the
websocket what a game would have seen. Starts in a few hundredths of a second; Textual and the
engine are never imported.

On its screen (each a data packet): `size W H` at the start (COLUMNS and ROWS) and after each
resize (W and H as JSON: a string would be quoted); `key TEXT` for what the tab typed. It
quits when told to or when its input ends; typed `!`, it ends at once with status 3 (a
crash), and typed `~`, it ignores being told to quit (a game that hangs)."""

from __future__ import annotations

import json
import os
import sys


def send(text: str) -> None:
    payload = text.encode()
    sys.stdout.buffer.write(b"D" + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def main() -> int:
    sys.stdout.buffer.write(b"__GANGLION__\n")
    send(f"size {os.environ.get('COLUMNS')} {os.environ.get('ROWS')}")
    read = sys.stdin.buffer.read
    stubborn = False
    while len(head := read(5)) == 5:
        payload = read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"D":
            if payload == b"!":
                return 3
            stubborn = stubborn or payload == b"~"
            send(f"key {payload.decode()}")
            continue
        meta = json.loads(payload)
        if meta["type"] == "resize":
            send(f"size {json.dumps(meta['width'])} {json.dumps(meta['height'])}")
        elif meta["type"] == "quit" and not stubborn:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
