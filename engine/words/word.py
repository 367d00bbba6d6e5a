"""One record per statement of the effect language: everything about a word in one place.

A word of the language is more than its grammar line. The checker needs what it may name and
what kinds it wants; the machine needs it ready to run; the look-ahead (followable.py) needs
to carry it out on trial, to know whether a card using it does anything; the check's budget
needs the events it tells; the machine needs to know whether it can ask, push a frame or stop;
a saved game needs the names it binds; the docs need an example. Each word's module in
engine/words/ holds all of these, and `StatementWord` collects them: a word without one of
them does not load (a test runs every word's example, and every statement of the grammar has
a record).

This is Ludii's "one class per ludeme" in the shape of plain records of functions, so that the
machine's tables (ops, trial steps) are made from them once per variant, at load.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

QUIET = "quiet"
"""Never asks, pushes a frame, stops the effect nor ends the game: after it, the machine runs
the next statement without looking (no settling, so no hook)."""
INLINE = "inline"
"""Never asks nor pushes a frame, but may stop the effect or end the game: a block of only
such statements runs to its end in one step."""
MAY_ASK = "may ask"
"""May ask a question or push a frame (a choice, a loop, a build session, an `if` whose
sides may)."""

FLOWS = (QUIET, INLINE, MAY_ASK)


@dataclass(frozen=True)
class StatementWord:
    """A statement of the effect language, whole."""

    node: type
    """Its record in the syntax tree (engine/effects/ast.py)."""
    check: Callable[[Any, Any, Any], None]
    """`check(checker, node, scope)`: reports what it names wrongly, binds what it makes."""
    run: Callable[[Any, Any, tuple[int, ...]], Any]
    """`run(node, book, bodies)` -> the op the machine runs: `op(game, frame, root)`, its
    expressions compiled and its bodies' blocks looked up once (interpreter.Op)."""
    look_ahead: Callable[[Any, Any, tuple[int, ...]], Any]
    """`look_ahead(node, book, bodies)` -> its trial step (engine/core/trial.py's TrialStep);
    one that changes nothing says so with `trial.nothing`."""
    told: int | str
    """The most events one run tells (its body aside): a number, or how cost.py works it out
    ("count", "stack", "settle", "rerolls", "roll off")."""
    flow: str
    """QUIET, INLINE or MAY_ASK."""
    example: str
    """An effect using the word, which a test checks and runs."""
    events: tuple[str, ...] = ()
    """The kinds of event it tells (each told in words by its EventText record, in its family's
    EVENT_TEXTS: engine/core/event_text.py)."""
    binds: Callable[[Any, Callable[[Any], str | None], Any], list[tuple[str, str]]] | None = None
    """`binds(node, kind_of, context)` -> the names it gives a value in its block and their
    kinds (what a saved game's variables are checked against); None: it binds none.
    `kind_of(expression)` is the checker's kind of an expression."""

    def __post_init__(self) -> None:
        if self.flow not in FLOWS:
            raise ValueError(f"{self.node.__name__}: flow {self.flow!r} is not one of {FLOWS}")
