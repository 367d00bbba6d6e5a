"""Effect expressions compiled once into plain Python closures `f(game, env, me) -> value`.

Walking the syntax tree for every `where` test of every property was the interpreter's main
cost; a closure per node does the same work with one call and no type dispatch. Values:
players and properties are ints, zones are their ids, numbers ints, nobody is None.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from itertools import filterfalse
from typing import TYPE_CHECKING, Any

from engine.effects import ast
from engine.effects.limits import MAX_NUMBER, clamp

if TYPE_CHECKING:
    from engine.game.game import Game

Fn = Callable[["Game", dict, int], Any]

_COMPARE = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt, "=": operator.eq, "!=": operator.ne}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def compile_expr(expr: ast.Expr, cache: dict[int, Fn]) -> Fn:
    """The closure for `expr`, made once per node (the cache is keyed by node identity)."""
    fn = cache.get(id(expr))
    if fn is None:
        fn = cache[id(expr)] = _COMPILERS[type(expr)](expr, cache)
    return fn


def constant(value: Any) -> Fn:
    """The closure of a value known before play (a rule's, see Rulebook)."""
    return lambda g, env, me: value


def player_fact(expr: ast.Expr, var: str) -> Callable[[Game, int], Any] | None:
    """The reader of a plain fact of the player `var` stands for (`worth of X`), or None for
    any other expression: a score that is one needs no variables and no tree of closures."""
    if not (isinstance(expr, ast.Attribute) and isinstance(expr.subject, ast.Name) and expr.subject.name == var):
        return None
    return _ATTRIBUTES[expr.attribute] if expr.attribute in _PLAYER_FACTS else None


def _number(e: ast.Number, cache) -> Fn:
    value = e.value
    return lambda g, env, me: value


def _name(e: ast.Name, cache) -> Fn:
    name = e.name
    if name == "me":
        return lambda g, env, me: me
    if name == "turn_player":
        return lambda g, env, me: g.turn_player

    def named(g, env, me):
        """A variable, or else a counter, or else a zone id or a die's symbol (the checker
        forbids variables named like any of these)."""
        if name in env:
            return env[name]
        counters = g.counters
        return counters.get(name, name)

    return named


def _variable(expr: ast.Expr) -> str | None:
    """The variable an expression is, if it is a bare variable (the common case in filters)."""
    if isinstance(expr, ast.Name) and expr.name not in ("me", "turn_player"):
        return expr.name
    return None


def _attribute(e: ast.Attribute, cache) -> Fn:
    subject = compile_expr(e.subject, cache)
    getter = _ATTRIBUTES[e.attribute]
    empty = None if e.attribute in ("top", "owner", "zone") else 0
    name = _variable(e.subject)
    if e.attribute == "top" and name is not None:
        def top_of_variable(g, env, me):
            stack = g.stacks[env[name]]
            return stack[-1] if stack else None

        return top_of_variable
    if isinstance(e.subject, ast.Name) and e.subject.name == "me":  # `supply of me`: no call for `me`
        return lambda g, env, me: empty if me is None else getter(g, me)

    def attribute(g, env, me):
        value = subject(g, env, me)
        return empty if value is None else getter(g, value)

    return attribute


def _top(g: Game, prop: int):
    stack = g.stacks[prop]
    return stack[-1] if stack else None


_ATTRIBUTES: dict[str, Callable[[Game, int], Any]] = {
    "value": lambda g, p: g.book.value[p],
    "top": _top,
    "owner": lambda g, p: g.owner_of(p),
    "zone": lambda g, p: g.book.zone_of[p],
    "height": lambda g, p: len(g.stacks[p]),
    "worth": lambda g, x: g.worth[x],
    "supply": lambda g, x: g.supply[x],
    "cards": lambda g, x: len(g.hand(x)),
    "properties": lambda g, x: g.held[x],
}


_PLAYER_FACTS = frozenset({"worth", "supply", "cards", "properties"})
"""The attributes of a player: `player_fact` reads them straight from the game."""


def _units_on(e: ast.UnitsOn | ast.HasUnits, cache) -> Fn:
    player = compile_expr(e.player, cache)
    prop = compile_expr(e.property, cache)

    def units_on(g, env, me):
        x, p = player(g, env, me), prop(g, env, me)
        return 0 if x is None or p is None else g.stacks[p].count(x)

    return units_on


def _has_units(e: ast.HasUnits, cache) -> Fn:
    count = _units_on(e, cache)
    return lambda g, env, me: count(g, env, me) > 0


def _count(e: ast.Count, cache) -> Fn:
    zone = None if e.zone is None else compile_expr(e.zone, cache)
    where = None if e.where is None else compile_expr(e.where, cache)
    kind, var = e.kind, e.var
    if e.total is None:
        return lambda g, env, me: len(collection(g, kind, var, zone, where, env, me))
    value = compile_expr(e.total, cache)

    def total(g, env, me):
        scoped = dict(env)
        result = 0
        for item in collection(g, kind, var, zone, where, env, me):
            scoped[var] = item
            result += value(g, scoped, me) or 0
        return clamp(result)

    return total


def _arith(e: ast.Arith, cache) -> Fn:
    """Every result is held within ±MAX_NUMBER: arithmetic is where a number can grow, since
    numbers written in effects and the game's own values are small. In bounds it costs one
    chained comparison (about 15 ns), so the hot path stays cheap."""
    left, right, op = compile_expr(e.left, cache), compile_expr(e.right, cache), _ARITH[e.op]
    low, high = -MAX_NUMBER, MAX_NUMBER

    def arith(g, env, me):
        value = op(left(g, env, me) or 0, right(g, env, me) or 0)
        return value if low <= value <= high else clamp(value)

    return arith


def _compare(e: ast.Compare, cache) -> Fn:
    left, right, op = compile_expr(e.left, cache), compile_expr(e.right, cache), _COMPARE[e.op]
    if isinstance(e.right, ast.Number):  # `value of P <= 5`: the number is read once, here
        number = e.right.value or 0
        return lambda g, env, me: op(left(g, env, me) or 0, number)
    return lambda g, env, me: op(left(g, env, me) or 0, right(g, env, me) or 0)


def _is_adjective(e: ast.IsAdjective, cache) -> Fn:
    subject = compile_expr(e.subject, cache)
    negated = e.negated
    adjective = e.adjective
    if adjective == "vacant":
        test = lambda g, s: s is None or not g.stacks[s]  # noqa: E731
    elif adjective == "occupied":
        test = lambda g, s: s is not None and bool(g.stacks[s])  # noqa: E731
    elif adjective == "leader":
        test = lambda g, s: s is not None and g.is_leader(s)  # noqa: E731
    else:
        test = lambda g, s: s is not None and g.is_last(s)  # noqa: E731
    return lambda g, env, me: test(g, subject(g, env, me)) != negated


def _is_same(e: ast.IsSame, cache) -> Fn:
    left, right, negated = compile_expr(e.left, cache), compile_expr(e.right, cache), e.negated
    a, b = _variable(e.left), _variable(e.right)
    if a is not None and b is not None:
        return lambda g, env, me: (env.get(a, a) == env.get(b, b)) != negated
    if isinstance(e.right, ast.Name) and e.right.name == "me":
        return lambda g, env, me: (left(g, env, me) == me) != negated
    return lambda g, env, me: (left(g, env, me) == right(g, env, me)) != negated


def _logic(e: ast.Logic, cache) -> Fn:
    operands = tuple(compile_expr(o, cache) for o in e.operands)
    if len(operands) == 2:  # the usual case, without a generator per test
        a, b = operands
        if e.op == "and":
            return lambda g, env, me: bool(a(g, env, me) and b(g, env, me))
        return lambda g, env, me: bool(a(g, env, me) or b(g, env, me))
    if e.op == "and":
        return lambda g, env, me: all(o(g, env, me) for o in operands)
    return lambda g, env, me: any(o(g, env, me) for o in operands)


def _not(e: ast.Not, cache) -> Fn:
    operand = compile_expr(e.operand, cache)
    return lambda g, env, me: not operand(g, env, me)


def _rule(e: ast.Rule, cache) -> Fn:
    name = e.name
    return lambda g, env, me: g.variant.rules[name]


def _word(e: ast.Word, cache) -> Fn:
    text = e.text
    return lambda g, env, me: text


def _has_word(e: ast.HasWord, cache) -> Fn:
    subject, word = compile_expr(e.subject, cache), e.word
    return lambda g, env, me: word in (subject(g, env, me) or ())


_COMPILERS: dict[type, Callable[[Any, dict[int, Fn]], Fn]] = {
    ast.Rule: _rule,
    ast.Word: _word,
    ast.HasWord: _has_word,
    ast.Number: _number,
    ast.Name: _name,
    ast.Attribute: _attribute,
    ast.UnitsOn: _units_on,
    ast.HasUnits: _has_units,
    ast.Count: _count,
    ast.Arith: _arith,
    ast.Compare: _compare,
    ast.IsAdjective: _is_adjective,
    ast.IsSame: _is_same,
    ast.Logic: _logic,
    ast.Not: _not,
}


def is_static(expr: ast.Expr, var: str) -> bool:
    """True when `expr` depends on nothing but the fixed facts (value, zone) of `var`: such a
    filter ("value of P <= 5") gives the same properties all game and is computed once."""
    if isinstance(expr, ast.Number):
        return True
    if isinstance(expr, ast.Name):
        return expr.name == var
    if isinstance(expr, ast.Attribute):
        return expr.attribute in ("value", "zone") and isinstance(expr.subject, ast.Name) and expr.subject.name == var
    if isinstance(expr, (ast.Compare, ast.Arith)):
        return is_static(expr.left, var) and is_static(expr.right, var)
    if isinstance(expr, ast.Logic):
        return all(is_static(o, var) for o in expr.operands)
    if isinstance(expr, ast.Not):
        return is_static(expr.operand, var)
    return False


def collection(g: Game, kind: str, var: str, zone: Fn | None, where: Fn | None, env: dict, me: int) -> list:
    """The players, properties or zones a choose/for each/count ranges over, in order:
    players in turn order from `me`, properties and zones in board order."""
    items = candidates(g, kind, zone, env, me)
    if where is None:
        return items
    scoped = dict(env)
    kept = []
    for item in items:
        scoped[var] = item
        if where(g, scoped, me):
            kept.append(item)
    return kept


def each_of(g: Game, kind: str, var: str, zone: Fn | None, where: Fn | None, env: dict, me: int) -> Iterator:
    """`collection`, one at a time: a search that needs one good item stops testing there."""
    items = candidates(g, kind, zone, env, me)
    if where is None:
        yield from items
        return
    scoped = dict(env)
    for item in items:
        scoped[var] = item
        if where(g, scoped, me):
            yield item


def candidates(g: Game, kind: str, zone: Fn | None, env: dict, me: int) -> list:
    """What a collection ranges over before its `where`."""
    items: list[Any]
    if kind == "player" or kind == "opponent":
        items = g.players_from(me)
        if kind == "opponent":
            items = [p for p in items if p != me]
    elif kind == "zone":
        items = list(g.book.zone_ids)
    else:  # hotels and vacant lots sorted by their stacks without a Python loop (the explorer's commonest list)
        stacks = g.stacks
        board = g.book.zone_props[zone(g, env, me)] if zone is not None else range(len(stacks))
        if kind == "hotel":
            items = list(filter(stacks.__getitem__, board))
        elif kind == "vacant lot":
            items = list(filterfalse(stacks.__getitem__, board))
        else:
            items = list(board)
    return items
