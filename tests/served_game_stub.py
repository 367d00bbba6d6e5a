"""A stand-in for `boardwalk play` under `boardwalk serve`, for tests/test_serve.py: it speaks
the pipe protocol of Textual's web driver as little as the server needs, and reports on its
screen every terminal size it is given, exactly as it arrived, so a test reads through the
websocket what a game would have seen. Starts in a few hundredths of a second; Textual and the
engine are never imported.

On its screen (each a data packet): `size W H` at the start (COLUMNS and ROWS) and after each
resize (W and H as JSON: a string would be quoted); `key TEXT` for what the tab typed. It
quits when told to or when its input ends; typed `!`, it crashes as a Textual app does (its
screen closes; then, as it exits, told to or not, a traceback of 320 KB goes to its error
output, an escape sequence in a value, and it ends with status 3); and typed `~`, it ignores
being told to quit (a game that hangs); typed `@`, when told to quit it first draws 2 MB
more (a game busy drawing a large screen as its tab closes)."""

from __future__ import annotations

import json
import os
import sys


def send(text: str) -> None:
    payload = text.encode()
    sys.stdout.buffer.write(b"D" + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def crash() -> int:
    os.close(sys.stdout.fileno())  # the screen closes: sys.stdout.close() would leave the pipe open
    while len(head := sys.stdin.buffer.read(5)) == 5:  # until told to quit
        if b'"quit"' in sys.stdin.buffer.read(int.from_bytes(head[1:], "big")):
            break
    for line in range(4000):  # 320 KB, five times what a pipe holds
        sys.stderr.write(f"| {line:5} | self = Content('\x1b]0;owned\x07')  tab_size = 8  width = 0  y = 0 |\n")
    sys.stderr.write("ValueError: range() arg 3 must not be zero in '\x1b]0;owned\x07'\n\nNOTE: 1 of 4 errors shown.\n")
    return 3


def main() -> int:
    sys.stdout.buffer.write(b"__GANGLION__\n")
    send(f"size {os.environ.get('COLUMNS')} {os.environ.get('ROWS')}")
    read = sys.stdin.buffer.read
    stubborn = drawing = False
    while len(head := read(5)) == 5:
        payload = read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"D":
            if payload == b"!":
                return crash()
            stubborn = stubborn or payload == b"~"
            drawing = drawing or payload == b"@"
            send(f"key {payload.decode()}")
            continue
        meta = json.loads(payload)
        if meta["type"] == "resize":
            send(f"size {json.dumps(meta['width'])} {json.dumps(meta['height'])}")
        elif meta["type"] == "quit" and not stubborn:
            for _ in range(drawing * 512):
                send("#" * 4096)
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
