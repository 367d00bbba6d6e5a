"""What values each counter of a variant can ever hold, worked out from the variant before any
game, from every statement that changes a counter. `restore` holds a snapshot to it
(snapshot_check), as it holds the cards to their homes (homes.py): a value no statement of the
game could have given (a Bank never paid into, below 0; a flag set only to 0 or 1, at 2) was
written by hand.

Two facts are worked out, each erring towards more values, never fewer, so a position play
can reach is never refused:

- the counters that are *never negative*: they start at 0 (and a counter reset each turn goes
  back to 0), and every statement that changes one keeps it at 0 or more. A `transfer` and an
  accepted `offer trade` never take more than a counter holds, so they always do; a `set` does
  when its value is never negative, and an `add` when its amount is never negative. A value
  is never negative when it is made only of numbers and rules of 0 or more, counts, heights,
  units, values of spaces and cards of 0 or more, and counters that are never negative, with
  `+`, `*` and `/`. This is worked out until nothing changes, since one counter's value may
  be read from another's.
- the counters that hold *only a few values*: every statement that changes one is a `set` to
  a value known before play (a number or a rule); it holds 0, where it starts, or one of them.

With every counter of a `conserved` amount never negative, the sum check bounds each from
above too (invariants.py): none holds more than the amount.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.effects import ast
from engine.variant.model import Variant

_NEVER_NEGATIVE_FACTS = frozenset({"height", "supply", "cards", "properties"})
"""Facts of a player or a space that are counts of things (`worth` and `value` depend on the
values of the board, checked apart)."""


@dataclass(frozen=True)
class CounterBounds:
    never_negative: frozenset[str]
    """The counters no statement of the game makes negative."""
    only: dict[str, frozenset[int]]
    """Counters that only ever hold these values (0 among them)."""


@dataclass(frozen=True)
class _Change:
    """One way a statement changes a counter: set to, added to by, or moved by (a transfer or
    an offer, which never take more than is held)."""

    counter: str
    how: str  # "set" | "add" | "move"
    value: ast.Expr | None


def counter_bounds(variant: Variant, statements: Iterable[ast.Stmt]) -> CounterBounds:
    """The bounds of the counters of `variant`, whose programs, routines and cards are made of
    `statements` (each statement once, those of every body among them: the Rulebook's blocks)."""
    changes = [change for statement in statements for change in _changes(statement)]
    facts = _Facts(variant)
    kept = {counter.id for counter in variant.counters}
    while True:  # a counter is never negative while what is written to it is not
        broken = {c.counter for c in changes if c.counter in kept and not _keeps_sign(c, facts, kept)}
        if not broken:
            break
        kept -= broken
    only: dict[str, set[int] | None] = {counter.id: {0} for counter in variant.counters}
    for change in changes:  # a counter holds only a few values while each change sets one known
        values, known = only.get(change.counter), _known(change.value, variant) if change.how == "set" else None
        if values is not None and known is not None:
            values |= known
        elif values is not None:
            only[change.counter] = None
    return CounterBounds(frozenset(kept), {name: frozenset(values) for name, values in only.items() if values is not None})


def _changes(statement: ast.Stmt) -> Iterator[_Change]:
    if isinstance(statement, ast.SetCounter):
        yield _Change(statement.counter, "set", statement.value)
    elif isinstance(statement, ast.AddTo):
        yield _Change(statement.counter, "add", statement.amount)
    elif isinstance(statement, ast.Transfer):
        yield _Change(statement.source, "move", None)
        yield _Change(statement.target, "move", None)
    elif isinstance(statement, ast.OfferTrade):
        yield from (_Change(good, "move", None) for good in statement.goods)


def _keeps_sign(change: _Change, facts: _Facts, kept: set[str]) -> bool:
    return change.how == "move" or (change.value is not None and facts.never_negative(change.value, kept))


class _Facts:
    """What a value can be before any game: the variant's numbers that an expression reads."""

    def __init__(self, variant: Variant):
        self.variant = variant
        self.board_values = all(p.value >= 0 for p in variant.properties)
        self.card_values = all((card.value or 0) >= 0 for card in variant.cards)
        numbers = [n for zone in variant.zones for _, n in zone.numbers]
        numbers += [n for prop in variant.properties for _, n in prop.numbers]
        self.space_numbers = frozenset(name for zone in variant.zones for name, _ in zone.numbers) | frozenset(
            name for prop in variant.properties for name, _ in prop.numbers
        )
        self.numbers_never_negative = all(n >= 0 for n in numbers)

    def never_negative(self, expr: ast.Expr, kept: set[str]) -> bool:
        """Whether `expr` is 0 or more in every position (False where that cannot be seen)."""
        if isinstance(expr, ast.Number):
            return expr.value >= 0
        if isinstance(expr, ast.Rule):  # in every game: the setups may give it other values
            return all(type(value) is int and value >= 0 for value in self.variant.rule_range(expr.name))
        if isinstance(expr, ast.Name):  # a counter of the game; a variable may be anything
            return expr.name in kept
        if isinstance(expr, ast.OfPlayer):
            if expr.counter in self.space_numbers:
                return self.numbers_never_negative
            return expr.counter in kept
        if isinstance(expr, ast.Count):
            return expr.total is None or self.never_negative(expr.total, kept)
        if isinstance(expr, ast.UnitsOn):
            return True
        if isinstance(expr, ast.Attribute):
            if expr.attribute in _NEVER_NEGATIVE_FACTS:
                return True
            if expr.attribute in ("value", "worth"):
                return self.board_values and self.card_values
            return False
        if isinstance(expr, ast.Arith):
            return expr.op in ("+", "*", "/") and self.never_negative(expr.left, kept) and self.never_negative(expr.right, kept)
        return False


def _known(expr: ast.Expr | None, variant: Variant) -> frozenset[int] | None:
    """The values a number known before play can have: a number, a rule's number (one for
    each setup that gives the rule a value of its own), or one negated."""
    if isinstance(expr, ast.Number):
        return frozenset((expr.value,))
    if isinstance(expr, ast.Rule):
        values = variant.rule_range(expr.name)
        return frozenset(values) if all(type(value) is int for value in values) else None
    if isinstance(expr, ast.Arith) and expr.op == "-" and isinstance(expr.left, ast.Number) and expr.left.value == 0:
        inner = _known(expr.right, variant)
        return None if inner is None else frozenset(-value for value in inner)
    return None
