"""The syntax errors of the effect language: what a pass of the parser reports (`Failure`),
with the error it found, and how the recovery may go on past it (recovery.py)."""

from __future__ import annotations

from dataclasses import dataclass


class EffectSyntaxError(Exception):
    """An effect text that does not parse; line and col are 1-based within the text."""

    def __init__(self, message: str, line: int, col: int, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.hint = hint


@dataclass(frozen=True)
class Failure:
    """One syntax error found by a pass over an effect, and how `recovery.py` may go on past it.

    action, starting from `line`:
    - "statement": the statement on that line is wrong; stand something harmless in its place.
    - "block": the header just before that line has no block under it; give it one.
    - "indented": that line is indented for no block; leave it out, with the lines under it.
    - "lines": that line's indentation is wrong; leave it out, with the lines at least as deep.
    - "fatal": nothing more can be learnt from this text (too deep for the parser itself).
    """

    error: EffectSyntaxError
    action: str
    line: int
