"""Effect expressions compiled once into plain Python closures `f(game, env, me) -> value`.

Walking the syntax tree for every `where` test of every property was the interpreter's main
cost; a closure per node does the same work with one call and no type dispatch. Values:
players and properties are ints, zones are their ids, numbers ints, nobody is None.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from engine.core.piece_refs import is_piece, pieces_of, split_ref
from engine.core.refs import IN_PLAY, CardRef, PileRef, Ref
from engine.effects import ast
from engine.effects.limits import MAX_NUMBER, clamp

if TYPE_CHECKING:
    from engine.game.game_state import GameState

Fn = Callable[["GameState", dict, int], Any]

_COMPARE = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt, "=": operator.eq, "!=": operator.ne}
def _divide(a: int, b: int) -> int:
    """Whole numbers, rounded down; dividing by 0 gives 0 (the check refuses a written 0)."""
    return a // b if b else 0


_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": _divide}


Compiled = dict[int, tuple[ast.Expr, Fn]]
"""Closures made, by the identity of the node each was made from, with the node itself: an
entry holds its node, so its id is never another's while the entry lasts, and a lookup checks
it is the very node (a node made for a moment, parsed by a tool or a test, gets a closure of
its own, never one left by an earlier node that had its id)."""


def compile_expr(expr: ast.Expr, cache: Compiled) -> Fn:
    """The closure for `expr`, made once per node."""
    found = cache.get(id(expr))
    if found is not None and found[0] is expr:
        return found[1]
    fn = _COMPILERS[type(expr)](expr, cache)
    cache[id(expr)] = (expr, fn)
    return fn


def constant(value: Any) -> Fn:
    """The closure of a value known before play (a rule's, see Rulebook)."""
    return lambda g, env, me: value


def player_fact(expr: ast.Expr, var: str) -> Callable[[GameState, int], Any] | None:
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
    if name == "this":
        return _this

    def named(g: GameState, env: dict, me: int) -> Any:
        """A variable, or else a counter, or else a zone id or a die's symbol (the checker
        forbids variables named like any of these)."""
        if name in env:
            return env[name]
        counters = g.counters
        if name in counters:
            return counters[name]
        if name in g.pieces:  # the table's piece: the space it stands on, None off the board (issue 47, 5)
            place = g.pieces[name][0]
            return None if place < 0 else place
        slot = g.layout.base.get(name)
        return name if slot is None else PileRef(slot)

    return named


def _this(g: GameState, env: dict, me: int) -> CardRef | None:
    """The card whose effect this is: the nearest card being played on the stack."""
    for frame in reversed(g.frames):
        if frame.kind == "card":
            return card_ref(frame.c, IN_PLAY)  # type: ignore[attr-defined]
    return None


def _variable(expr: ast.Expr) -> str | None:
    """The variable an expression is, if it is a bare variable (the common case in filters)."""
    if isinstance(expr, ast.Name) and expr.name not in ("me", "turn_player", "this"):
        return expr.name
    return None


def _attribute(e: ast.Attribute, cache) -> Fn:
    subject = compile_expr(e.subject, cache)
    getter = _ATTRIBUTES[e.attribute]
    empty = None if e.attribute in ("top", "owner", "zone", "position", "space", "kind") else 0
    name = _variable(e.subject)
    if e.attribute == "top" and name is not None:
        def top_of_variable(g: GameState, env: dict, me: int) -> Any:
            stack = g.stacks[env[name]]
            if not stack:
                return None
            return g.owner_of_card(stack[-1]) if g.book.cards_stacked else stack[-1]

        return top_of_variable
    if e.attribute == "value" and name is not None:  # `value of K > value of P`, in every filter
        def value_of_variable(g: GameState, env: dict, me: int) -> Any:
            x = env[name] if name in env else subject(g, env, me)
            if x is None:
                return 0
            if type(x) is CardRef:
                return g.book.card_value[x % g.book.kinds]
            return g.book.value[x]

        return value_of_variable
    if isinstance(e.subject, ast.Name) and e.subject.name == "me":  # `supply of me`: no call for `me`
        if e.attribute in ("worth", "supply", "properties"):  # a list of the game's, read in place
            field = "held" if e.attribute == "properties" else e.attribute
            return lambda g, env, me: empty if me is None else getattr(g, field)[me]
        return lambda g, env, me: empty if me is None else getter(g, me)

    def attribute(g: GameState, env: dict, me: int) -> Any:
        value = subject(g, env, me)
        return empty if value is None else getter(g, value)

    return attribute


def _top(g: GameState, prop: int):
    stack = g.stacks[prop]
    if not stack:
        return None
    return g.owner_of_card(stack[-1]) if g.book.cards_stacked else stack[-1]


def _value(g: GameState, x: Ref) -> int:
    if type(x) is CardRef:
        return g.book.card_value[x % g.book.kinds]
    return g.book.value[x]


def _owner(g: GameState, x: Ref) -> int | None:
    if type(x) is str:  # for each piece: whose piece it is, nobody for the table's
        return _piece_owner(g, x)
    return g.owner_of_card(x) if type(x) is CardRef else g.owner_of(x)


def _zone(g: GameState, x: Ref) -> str | None:
    if type(x) is str:  # for each piece: the zone it stands in
        place = _piece_space(g, x)
        return None if place is None else g.book.zone_of[place]
    return g.book.card_zone[x % g.book.kinds] if type(x) is CardRef else g.book.zone_of[x]


def _space(g: GameState, x: Ref) -> int | None:
    if type(x) is str:  # for each piece: the space it stands on
        return _piece_space(g, x)
    return g.book.card_space[x % g.book.kinds]


def _piece_space(g: GameState, ref: str) -> int | None:
    """for each piece: where a piece an effect holds stands, None off the board."""
    name, at = split_ref(ref)
    place = g.pieces[name][at]
    return None if place < 0 else place


def _piece_owner(g: GameState, ref: str) -> int | None:
    """for each piece: whose a piece is (model.Piece.owner_at), None for the table's."""
    name, at = split_ref(ref)
    return g.book.piece_specs[name].owner_at(at)


def _kind(g: GameState, x: Ref) -> str:
    """Which card it is, whichever copy: its id (`kind of C`, compared with `choose kind`)."""
    return g.book.card_ids[x % g.book.kinds]


_ATTRIBUTES: dict[str, Callable[[GameState, Ref], Any]] = {
    "value": _value,
    "top": _top,
    "owner": _owner,
    "zone": _zone,
    "height": lambda g, p: len(g.stacks[p]),
    "worth": lambda g, x: g.worth[x],
    "supply": lambda g, x: g.supply[x],
    "cards": lambda g, x: len(g.hand(x)),
    "properties": lambda g, x: g.held[x],
    "position": lambda g, x: g.book.loop[g.positions[x]],
    "space": _space,
    "kind": _kind,
}


_PLAYER_FACTS = frozenset({"worth", "supply", "cards", "properties"})
"""The attributes of a player: `player_fact` reads them straight from the game."""


def _units_on(e: ast.UnitsOn | ast.HasUnits, cache) -> Fn:
    player = compile_expr(e.player, cache)
    prop = compile_expr(e.property, cache)

    def units_on(g: GameState, env: dict, me: int) -> Any:
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
    if kind == "card" and where is None and e.total is None and isinstance(e.zone, ast.OfPlayer):
        return _size_of_pile(compile_expr(e.zone.subject, cache), e.zone.counter)
    if kind == "card" and where is None and e.total is None and zone is not None:
        def size_of(g: GameState, env: dict, me: int) -> Any:  # how many cards a pile or a space holds: no list is made
            place = zone(g, env, me)
            if place is None:
                return 0
            return len(g.piles[place]) if type(place) is PileRef else len(g.stacks[place])

        return size_of
    if kind == "card" and zone is not None and e.total is None and _card_has_word(e.where, var):
        word = e.where.word  # type: ignore[union-attr]
        return _count_with_word(zone, word)
    if e.group:
        return lambda g, env, me: largest_group(g.book.neighbours, collection(g, kind, var, zone, where, env, me))
    if e.total is None:
        return lambda g, env, me: len(collection(g, kind, var, zone, where, env, me))
    if kind == "card" and zone is not None and where is None and _value_of(e.total, var):
        return _total_value(zone)
    value = compile_expr(e.total, cache)

    def total(g: GameState, env: dict, me: int) -> Any:
        scoped = dict(env)
        result = 0
        for item in collection(g, kind, var, zone, where, env, me):
            scoped[var] = item
            result += value(g, scoped, me) or 0
        return clamp(result)

    return total


def _extreme(e: ast.Extreme, cache) -> Fn:
    """lang47, highest / lowest (issue 47, item 2): the collection gone through once, in its
    order, keeping the first thing whose number beats every one before it (so the first of
    those tied); `unless tied`, nobody when a later one equals it."""
    zone = None if e.zone is None else compile_expr(e.zone, cache)
    where = None if e.where is None else compile_expr(e.where, cache)
    value = compile_expr(e.by, cache)
    kind, var, highest, thing, unless_tied = e.kind, e.var, e.highest, e.thing, e.unless_tied

    def extreme(g: GameState, env: dict, me: int) -> Any:
        scoped = dict(env)
        best: Any = None
        best_value = 0
        found = tied = False
        for item in collection(g, kind, var, zone, where, env, me):
            scoped[var] = item
            number = value(g, scoped, me) or 0
            if not found or (number > best_value if highest else number < best_value):
                best, best_value, found, tied = item, number, True, False
            elif number == best_value:
                tied = True
        if not thing:
            return best_value
        return None if unless_tied and tied else best

    return extreme


def _named_test(e: ast.NamedTest, cache) -> Fn:
    """lang47, named tests (issue 47, item 1): the test the variant names, compiled once with
    the variant (Rulebook.tests), worked out with what it takes given the arguments here."""
    name = e.name
    args = [compile_expr(arg, cache) for arg in e.args]

    def named_test(g: GameState, env: dict, me: int) -> Any:
        names, test = g.book.tests[name]
        given = {}
        for param, arg in zip(names, args):
            given[param] = arg(g, env, me)
        return bool(test(g, given, me))

    return named_test


def _next_player(e: ast.NextPlayer, cache) -> Fn:
    """lang47, players out of the round (issue 47, item 6): the first player after X in turn
    order who is not dropped; X when nobody else plays, nobody when nobody does."""
    subject = compile_expr(e.subject, cache)

    def next_player(g: GameState, env: dict, me: int) -> Any:
        player = subject(g, env, me)
        if player is None:
            return None
        ahead = g.players_from(player)
        for other in ahead[1:] + ahead[:1]:
            if other not in g.dropped:
                return other
        return None

    return next_player


def largest_group(neighbours: tuple[frozenset[int], ...], spaces: list) -> int:
    """The size of the largest group of `spaces` joined through one another's neighbours."""
    left = set(spaces)
    best = 0
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            space = todo.pop()
            size += 1
            for near in neighbours[space]:
                if near in left:
                    left.discard(near)
                    todo.append(near)
        best = max(best, size)
    return best


def _next_to(e: ast.NextTo, cache) -> Fn:
    left, right, negated = compile_expr(e.left, cache), compile_expr(e.right, cache), e.negated

    def next_to(g: GameState, env: dict, me: int) -> Any:
        a, b = left(g, env, me), right(g, env, me)
        return (a is not None and b in g.book.neighbours[a]) != negated

    return next_to


def _size_of_pile(subject: Fn, pile: str) -> Fn:
    """`count card X in NAME of P` (nopes of a property, buildings of a street, a player's
    deck): the length of that pile, found without making a reference to it."""

    def size_of_pile(g: GameState, env: dict, me: int) -> Any:
        owner = subject(g, env, me)
        if owner is None:
            return 0
        return len(g.piles[g.layout.base[pile] + owner])

    return size_of_pile


_NO_CARDS: list[int] = []


def _codes_at(g: GameState, place: Ref) -> list[int]:
    """The card codes a pile or a space's stack holds, bottom to top (none for nobody's)."""
    if place is None:
        return _NO_CARDS
    if type(place) is PileRef:
        if g.watching >= 0:
            peek(g, place)
        return g.piles[place]
    return g.stacks[place]


def peek(g: GameState, slot: int) -> None:
    """Note that a look-ahead for `g.watching` read which cards a pile holds that they may not
    see (engine/game/followable.py: such a path may go either way)."""
    if g.layout.hidden_from[g.watching][slot]:
        g.peeked = True


def _card_has_word(where: ast.Expr | None, var: str) -> bool:
    """Whether a filter is `VAR has "WORD"` of the card counted (`count card L in hand of me
    where L has "lucky"`): counted from the pile's codes, without a card value for each."""
    return isinstance(where, ast.HasWord) and _variable(where.subject) == var


def _count_with_word(zone: Fn, word: str) -> Fn:
    def count_with_word(g: GameState, env: dict, me: int) -> Any:
        held = _codes_at(g, zone(g, env, me))
        tags, kinds = g.book.card_tags, g.book.kinds
        found = 0
        for code in held:
            if word in tags[code % kinds]:
                found += 1
        return found

    return count_with_word


def _value_of(expr: ast.Expr, var: str) -> bool:
    """Whether an expression is `value of VAR`."""
    return isinstance(expr, ast.Attribute) and expr.attribute == "value" and _variable(expr.subject) == var


def _total_value(zone: Fn) -> Fn:
    """`total value of B for each card B in PLACE` (the worth of a pile, scored at every step
    a bot looks ahead): summed from the pile's codes."""

    def total_value(g: GameState, env: dict, me: int) -> Any:
        held = _codes_at(g, zone(g, env, me))
        values, kinds = g.book.card_value, g.book.kinds
        result = 0
        for code in held:
            result += values[code % kinds]
        return clamp(result)

    return total_value


def _arith(e: ast.Arith, cache) -> Fn:
    """Every result is held within ±MAX_NUMBER: arithmetic is where a number can grow, since
    numbers written in effects and the game's own values are small. In bounds it costs one
    chained comparison (about 15 ns), so the hot path stays cheap."""
    left, right, op = compile_expr(e.left, cache), compile_expr(e.right, cache), _ARITH[e.op]
    low, high = -MAX_NUMBER, MAX_NUMBER

    def arith(g: GameState, env: dict, me: int) -> Any:
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
    elif adjective == "playing":  # lang47, players out of the round
        test = lambda g, s: s is not None and s not in g.dropped  # noqa: E731
    elif adjective == "off":  # for each piece: a piece off the board
        test = lambda g, s: is_piece(s) and _piece_space(g, s) is None  # noqa: E731
    elif adjective == "nobody":  # pilewords (issue 47): no player, card, space or zone
        test = lambda g, s: s is None  # noqa: E731
    else:
        test = lambda g, s: s is not None and g.is_last(s)  # noqa: E731
    return lambda g, env, me: test(g, subject(g, env, me)) != negated


def _is_same(e: ast.IsSame, cache) -> Fn:
    left, right, negated = compile_expr(e.left, cache), compile_expr(e.right, cache), e.negated
    a, b = _variable(e.left), _variable(e.right)
    if a is not None and b is not None:
        # two bare names: variables read at once; any other name (a zone, a counter, the table's
        # piece `robber`: the space it stands on) as the name compiles
        def same_names(g: GameState, env: dict, me: int) -> bool:
            x = env[a] if a in env else left(g, env, me)
            y = env[b] if b in env else right(g, env, me)
            return (x == y) != negated

        return same_names
    if isinstance(e.right, ast.Name) and e.right.name == "me":
        return lambda g, env, me: (left(g, env, me) == me) != negated
    return lambda g, env, me: (left(g, env, me) == right(g, env, me)) != negated


def _logic(e: ast.Logic, cache) -> Fn:
    """`a and b and c` as a chain of two-operand tests, without a generator per test (a
    `where` with three conditions is tested for every space of a board)."""
    operands: list[Fn] = [compile_expr(o, cache) for o in e.operands]
    both = _and if e.op == "and" else _or
    chained = operands[-1]
    for operand in operands[-2::-1]:  # the last but one down to the first
        chained = both(operand, chained)
    return chained


def _and(a: Fn, b: Fn) -> Fn:
    return lambda g, env, me: bool(a(g, env, me) and b(g, env, me))


def _or(a: Fn, b: Fn) -> Fn:
    return lambda g, env, me: bool(a(g, env, me) or b(g, env, me))


def _not(e: ast.Not, cache) -> Fn:
    operand = compile_expr(e.operand, cache)
    return lambda g, env, me: not operand(g, env, me)


def _rule(e: ast.Rule, cache) -> Fn:
    name = e.name
    return lambda g, env, me: g.variant.rules[name]


def _of_player(e: ast.OfPlayer, cache) -> Fn:
    subject, counter = compile_expr(e.subject, cache), e.counter

    def counter_of(g: GameState, env: dict, me: int) -> Any:
        player = subject(g, env, me)
        return 0 if player is None else g.player_counters[counter][player]

    def pile_of(g: GameState, env: dict, me: int) -> Any:
        owner = subject(g, env, me)
        return None if owner is None else PileRef(g.layout.base[counter] + owner)

    def score_of(g: GameState, env: dict, me: int) -> Any:
        player = subject(g, env, me)
        return 0 if player is None else g.score(counter, player)

    def number_of(g: GameState, env: dict, me: int) -> Any:
        place = subject(g, env, me)
        return 0 if place is None else g.book.numbers[counter].get(place, 0)

    def piece_of(g: GameState, env: dict, me: int) -> Any:
        player = subject(g, env, me)
        place = -1 if player is None else g.pieces[counter][player]
        return None if place < 0 else place

    def of_player(g: GameState, env: dict, me: int) -> Any:
        """A counter or a pile of the player (or space), or a number of a space or a zone, or
        where the player's piece stands (issue 47, 5);
        which one is known once a game has its piles, so the first call picks and the rest
        go straight there."""
        nonlocal of_player
        if counter in g.book.numbers:
            of_player = number_of
        elif counter in g.player_counters:
            of_player = counter_of
        elif counter in g.layout.base:
            of_player = pile_of
        elif counter in g.pieces:
            of_player = piece_of
        else:  # a score (whose name no counter or pile takes)
            of_player = score_of
        return of_player(g, env, me)

    return lambda g, env, me: of_player(g, env, me)


def _top_card(e: ast.TopCard, cache) -> Fn:
    subject = compile_expr(e.subject, cache)

    def top_card(g: GameState, env: dict, me: int) -> Any:
        place = subject(g, env, me)
        if place is None:
            return None
        if type(place) is PileRef:
            held, where = g.piles[place], int(place)
            if g.watching >= 0:
                peek(g, where)
        else:
            held, where = g.stacks[place], -1 - place
        return card_ref(held[-1], where) if held else None

    return top_card


def cards_in(g: GameState, place: Ref) -> list[CardRef]:
    """The cards of a pile or of a space's stack, bottom to top."""
    if type(place) is PileRef:
        if g.watching >= 0:
            peek(g, int(place))
        slot = int(place)
        return [card_ref(code, slot) for code in g.piles[place]]
    return [card_ref(code, -1 - place) for code in g.stacks[place]]


def card_ref(code: int, place: int | None) -> CardRef:
    """A card an effect names, remembering where it lay (refs.CardRef), made here, where it is
    compiled, rather than by a `__new__` in refs.py that would run as plain Python."""
    ref = CardRef(code)
    ref.place = place
    return ref


def held_at(g: GameState, place: int) -> list[int]:
    """The list a CardRef.place stands for."""
    if place == IN_PLAY:
        return g.in_play
    return g.piles[place] if place >= 0 else g.stacks[-1 - place]


def _word(e: ast.Word, cache) -> Fn:
    text = e.text
    return lambda g, env, me: text


def _has_word(e: ast.HasWord, cache) -> Fn:
    subject, word = compile_expr(e.subject, cache), e.word

    def has_word(g: GameState, env: dict, me: int) -> Any:
        value = subject(g, env, me)
        if type(value) is CardRef:
            return word in g.book.card_tags[value % g.book.kinds]
        return word in (value or ())

    return has_word


def _space_of(e: ast.SpaceOf, cache) -> Fn:
    number, zone = compile_expr(e.number, cache), compile_expr(e.zone, cache)

    def space_of(g: GameState, env: dict, me: int) -> Any:
        spaces = g.book.zone_props.get(zone(g, env, me), ())
        n = number(g, env, me) or 0
        return spaces[n - 1] if 1 <= n <= len(spaces) else None

    return space_of


_COMPILERS: dict[type, Callable[[Any, Compiled], Fn]] = {
    ast.Extreme: _extreme,  # lang47, highest / lowest
    ast.NamedTest: _named_test,  # lang47, named tests
    ast.NextPlayer: _next_player,  # lang47, players out of the round
    ast.SpaceOf: _space_of,
    ast.NextTo: _next_to,
    ast.Rule: _rule,
    ast.OfPlayer: _of_player,
    ast.TopCard: _top_card,
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


def compiler_of(node: type) -> Callable[[Any, Compiled], Fn]:
    """The compiler of one kind of expression node (engine/words/values.py lists them)."""
    return _COMPILERS[node]


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


def collection(g: GameState, kind: str, var: str, zone: Fn | None, where: Fn | None, env: dict, me: int) -> list:
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


def each_of(g: GameState, kind: str, var: str, zone: Fn | None, where: Fn | None, env: dict, me: int) -> Iterator:
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


def candidates(g: GameState, kind: str, zone: Fn | None, env: dict, me: int) -> list:
    """What a collection ranges over before its `where`."""
    items: list[Any]
    if kind == "player" or kind == "opponent":
        items = g.players_from(me)
        if kind == "opponent":
            items = [p for p in items if p != me]
    elif kind == "zone":
        items = list(g.book.zone_ids)
    elif kind == "card":
        place = zone(g, env, me) if zone is not None else None
        items = [] if place is None else cards_in(g, place)
    elif kind == "piece" or kind in g.pieces:  # for each piece: every piece, or those of one name
        where = zone(g, env, me) if zone is not None else None
        items = [] if zone is not None and where is None else pieces_of(g.pieces, kind, g.book.zone_of, where)
    else:  # occupied and vacant spaces: the explorer's commonest lists, in loops the kernel compiles
        stacks: list[list[int]] = g.stacks
        if zone is None:
            if kind == "occupied property":
                items = [p for p in range(len(stacks)) if stacks[p]]
            elif kind == "vacant property":
                items = [p for p in range(len(stacks)) if not stacks[p]]
            else:
                items = list(range(len(stacks)))
        else:
            board: tuple[int, ...] = g.book.zone_props[zone(g, env, me)]
            if kind == "occupied property":
                items = [p for p in board if stacks[p]]
            elif kind == "vacant property":
                items = [p for p in board if not stacks[p]]
            else:
                items = list(board)
    return items
