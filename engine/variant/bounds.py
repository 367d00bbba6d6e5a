"""What a card's tests and choices can come to on any board of a variant, worked out before play.

The variant fixes the board: each property's value and zone, the colour die, the most units a
player ever has, the size of the deck. Everything else (who owns what, who leads, the dice)
changes in play, so a test about it is "unknown" here. What is left is enough to see that a
test can never be true, or that a `choose` can never find anything, on *every* board of the
variant; `lint.py` warns about such cards. engine/game/followable.py asks the related question
of one position during play; this module never needs a position.

Abstract values: a number is a `Span` it stays within; a property a `Props` set it is one of;
a zone a `Zones` set; a player is `PLAYER` (any, or nobody); `ANY` is anything at all. A test
is True, False or None (unknown).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.effects import ast

INF = math.inf


@dataclass(frozen=True, slots=True)
class Span:
    """A number somewhere from `lo` to `hi` (either may be infinite)."""

    lo: float
    hi: float


@dataclass(frozen=True, slots=True)
class Props:
    """A property that is one of these (indices in board order)."""

    items: frozenset[int]


@dataclass(frozen=True, slots=True)
class Zones:
    items: frozenset[str]


PLAYER = "a player"
ANY = "anything"
UNKNOWN_NUMBER = Span(-INF, INF)
Value = Span | Props | Zones | str


@dataclass(frozen=True)
class Board:
    """The facts about a variant that hold on every board of it."""

    values: tuple[int, ...]
    """Each property's value, in board order."""
    zone_of: tuple[str, ...]
    """Each property's zone id, in board order."""
    zone_ids: tuple[str, ...]
    die_zones: frozenset[str]
    """The zones the zone die can give: its zone faces, or every zone when it has the any-zone
    face. (`roll zone` also offers every zone after a hundred faces of neither kind in a row; like
    followable.py, this leaves that out.)"""
    dice: Span
    """The sums the number dice can show."""
    max_units: int
    """The most units one player has, at any player count."""
    max_units_in_play: int
    """The most units of all players together."""
    max_players: int
    deck_size: int
    counters: frozenset[str] = frozenset()
    """The variant's counters: numbers that change in play."""

    def props_in(self, zones: frozenset[str]) -> frozenset[int]:
        return frozenset(i for i, zone in enumerate(self.zone_of) if zone in zones)


class OutOfSteps(Exception):
    """The evaluations sharing a `Steps` budget have taken all of it."""


@dataclass
class Steps:
    """Evaluation steps left for a whole search (lint.py's over every card of a variant):
    each part of an expression worked out is one. An expression's cost is bounded by the
    check, but a thousand cards each near that bound took a minute to look at."""

    left: int

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfSteps


@dataclass
class Facts:
    """Which kinds of fact an evaluation relied on, so a warning can name where they are set:
    "values" (the zones' property values), "units" (the setups), "deck" (card counts)."""

    used: set[str] = field(default_factory=set)
    steps: Steps | None = None
    """The budget the evaluation spends, if any (OutOfSteps when it runs out)."""


# ----- expressions -----------------------------------------------------------------------------


def evaluate(expr: ast.Expr, env: dict[str, Value], board: Board, facts: Facts) -> Value | bool | None:
    """What `expr` can be on any board, with the variables of `env` as given."""
    if facts.steps is not None:
        facts.steps.spend()
    if isinstance(expr, ast.Number):
        return Span(expr.value, expr.value)
    if isinstance(expr, ast.Name):
        return _name(expr.name, env, board)
    if isinstance(expr, ast.Attribute):
        return _attribute(expr.attribute, evaluate(expr.subject, env, board, facts), board, facts)
    if isinstance(expr, ast.OfPlayer):
        return UNKNOWN_NUMBER
    if isinstance(expr, ast.UnitsOn):
        facts.used.add("units")
        return Span(0, board.max_units)
    if isinstance(expr, ast.Count):
        return _count(expr, env, board, facts)
    if isinstance(expr, ast.Arith):
        return _arith(expr.op, evaluate(expr.left, env, board, facts), evaluate(expr.right, env, board, facts))
    if isinstance(expr, ast.Compare):
        return _compare(expr.op, evaluate(expr.left, env, board, facts), evaluate(expr.right, env, board, facts))
    if isinstance(expr, ast.IsSame):
        same = _same(evaluate(expr.left, env, board, facts), evaluate(expr.right, env, board, facts))
        return _negate(same) if expr.negated else same
    if isinstance(expr, ast.Logic):
        return _logic(expr.op, [truth(o, env, board, facts) for o in expr.operands])
    if isinstance(expr, ast.Not):
        return _negate(truth(expr.operand, env, board, facts))
    return None  # vacant, occupied, leader, last, has units: they change in play


def truth(expr: ast.Expr, env: dict[str, Value], board: Board, facts: Facts) -> bool | None:
    value = evaluate(expr, env, board, facts)
    return value if isinstance(value, bool) else None


def _name(name: str, env: dict[str, Value], board: Board) -> Value:
    if name in env:
        return env[name]
    if name == "me":
        return PLAYER
    if name in board.zone_ids:
        return Zones(frozenset({name}))
    return UNKNOWN_NUMBER if name in board.counters else ANY


def _attribute(attribute: str, subject: Value | bool | None, board: Board, facts: Facts) -> Value:
    props = subject.items if isinstance(subject, Props) else frozenset(range(len(board.values)))
    if attribute == "value":
        facts.used.add("values")
        values = [board.values[i] for i in props] or [0]
        return Span(min(values), max(values))
    if attribute == "zone":
        return Zones(frozenset(board.zone_of[i] for i in props))
    if attribute in ("top", "owner"):
        return PLAYER
    facts.used.add({"supply": "units", "height": "units", "cards": "deck"}.get(attribute, "values"))
    highest = {
        "height": board.max_units_in_play,
        "worth": sum(board.values),
        "supply": board.max_units,
        "cards": board.deck_size,
        "properties": len(board.values),
    }.get(attribute)
    return Span(0, highest) if highest is not None else ANY


def _count(expr: ast.Count, env: dict[str, Value], board: Board, facts: Facts) -> Span:
    if expr.total is not None:
        return UNKNOWN_NUMBER
    if expr.kind in ("player", "opponent"):
        fits = expr.where is None or truth(expr.where, {**env, expr.var: PLAYER}, board, facts) is not False
        return Span(0, board.max_players - (expr.kind == "opponent") if fits else 0)
    verdicts = [verdict for _, verdict in each_candidate(expr.kind, expr.var, expr.zone, expr.where, env, board, facts)]
    sure = sum(1 for v in verdicts if v is True) if expr.kind in ("property", "zone") else 0
    if expr.group:  # the spaces kept may stand apart: a group of one, at the least
        sure = min(sure, 1)
    return Span(sure, sum(1 for v in verdicts if v is not False))


def each_candidate(
    kind: str, var: str, zone: ast.Expr | None, where: ast.Expr | None, env: dict[str, Value], board: Board, facts: Facts
) -> Iterator[tuple[str | int, bool | None]]:
    """Each property (or zone) a collection could hold on some board, with what its `where`
    says of it there: True (always kept), False (never) or None (it depends on play)."""
    scoped = dict(env)
    for item in candidates(kind, zone, env, board, facts):
        if where is None:
            yield item, True
            continue
        scoped[var] = Zones(frozenset({item})) if isinstance(item, str) else Props(frozenset({item}))
        yield item, truth(where, scoped, board, facts)


def candidates(kind: str, zone: ast.Expr | None, env: dict[str, Value], board: Board, facts: Facts) -> list[str | int]:
    """What a collection of properties or zones ranges over before its `where`: every zone;
    the properties of the zones its `in` can name (all of them without one)."""
    if kind == "zone":
        return list(board.zone_ids)
    zones = evaluate(zone, env, board, facts) if zone is not None else None
    within = zones.items if isinstance(zones, Zones) else frozenset(board.zone_ids)
    return sorted(board.props_in(within))


def _arith(op: str, left: object, right: object) -> Span:
    if not isinstance(left, Span) or not isinstance(right, Span):
        return UNKNOWN_NUMBER
    if op == "+":
        return Span(left.lo + right.lo, left.hi + right.hi)
    if op == "-":
        return Span(left.lo - right.hi, left.hi - right.lo)
    if op == "/":
        return Span(0, left.hi) if right.lo > 0 and left.lo >= 0 else UNKNOWN_NUMBER
    products = [_times(a, b) for a in (left.lo, left.hi) for b in (right.lo, right.hi)]
    return Span(min(products), max(products))


def _times(a: float, b: float) -> float:
    """a * b, where 0 times infinity is 0: a factor known to be 0 makes the product 0."""
    return 0 if a == 0 or b == 0 else a * b


def _compare(op: str, left: object, right: object) -> bool | None:
    if not isinstance(left, Span) or not isinstance(right, Span):
        return None
    always = {
        "<": left.hi < right.lo,
        "<=": left.hi <= right.lo,
        ">": left.lo > right.hi,
        ">=": left.lo >= right.hi,
        "=": left.lo == left.hi == right.lo == right.hi,
        "!=": left.hi < right.lo or left.lo > right.hi,
    }[op]
    never = {
        "<": left.lo >= right.hi,
        "<=": left.lo > right.hi,
        ">": left.hi <= right.lo,
        ">=": left.hi < right.lo,
        "=": left.hi < right.lo or left.lo > right.hi,
        "!=": left.lo == left.hi == right.lo == right.hi,
    }[op]
    return True if always else False if never else None


def _same(left: object, right: object) -> bool | None:
    """Whether two properties or two zones are the same one, when the sets say so."""
    if type(left) is not type(right) or not isinstance(left, Props | Zones):
        return None
    assert isinstance(right, Props | Zones)
    if not left.items & right.items:
        return False
    if len(left.items) == len(right.items) == 1:
        return True
    return None


def _logic(op: str, operands: list[bool | None]) -> bool | None:
    decisive, other = (False, True) if op == "and" else (True, False)
    if decisive in operands:
        return decisive
    return other if all(o is other for o in operands) else None


def _negate(value: bool | None) -> bool | None:
    return None if value is None else not value


# ----- statements ------------------------------------------------------------------------------


def bind(statement: ast.Node, env: dict[str, Value], board: Board, facts: Facts) -> Value | None:
    """What the name a statement makes can stand for; None for a statement that makes none."""
    if isinstance(statement, ast.Let):
        value = evaluate(statement.value, env, board, facts)
        return value if not isinstance(value, bool) and value is not None else ANY
    if isinstance(statement, ast.Choose | ast.ForEach):
        return _collection(statement, env, board, facts)
    if isinstance(statement, ast.RollZone):
        return Zones(board.die_zones)
    if isinstance(statement, ast.RollDice):
        return board.dice
    if isinstance(statement, ast.ChooseNumber):
        low, high = evaluate(statement.low, env, board, facts), evaluate(statement.high, env, board, facts)
        if isinstance(low, Span) and isinstance(high, Span):
            return Span(low.lo, high.hi)
        return UNKNOWN_NUMBER
    if isinstance(statement, ast.RollOff):
        return PLAYER
    return None


def _collection(statement: ast.Choose | ast.ForEach, env: dict[str, Value], board: Board, facts: Facts) -> Value:
    if statement.kind in ("player", "opponent"):
        return PLAYER
    kept = [
        item
        for item, verdict in each_candidate(statement.kind, statement.var, statement.zone, statement.where, env, board, facts)
        if verdict is not False
    ]
    if statement.kind == "zone":
        return Zones(frozenset(str(item) for item in kept))
    return Props(frozenset(int(item) for item in kept))


def finds_nothing(statement: ast.Choose, env: dict[str, Value], board: Board, facts: Facts) -> bool:
    """True when the `choose` has nothing to choose from on any board of the variant."""
    if statement.kind in ("player", "opponent"):
        if statement.kind == "opponent" and board.max_players < 2:
            return True
        return statement.where is not None and truth(statement.where, {**env, statement.var: PLAYER}, board, facts) is False
    found = bind(statement, env, board, facts)
    return isinstance(found, Props | Zones) and not found.items


def bindings(statements: tuple[ast.Stmt, ...], board: Board, facts: Facts) -> dict[str, Value]:
    """What every name of an effect can stand for. Names are made once per effect (the
    checker sees to it), so one pass in source order, into every block, finds them all."""
    env: dict[str, Value] = {}
    for node in ast.walk(list(statements)):
        if isinstance(node, ast.STATEMENT_TYPES):
            value = bind(node, env, board, facts)
            if value is not None:
                env[getattr(node, "var")] = value  # noqa: B009 - every statement bind() answers for makes a name
    return env
