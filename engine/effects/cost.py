"""How much work an expression can take, worked out before play from the size of the board.

A card's condition is evaluated at every decision where its player could play it, and a
`where` once per thing it filters; a `count ... where` inside another multiplies the work by
the size of what each ranges over. The check measures each expression's worst case in
*steps* (one per part evaluated, one per thing a collection takes in) and refuses those past
MAX_EXPRESSION_COST, naming the collections that nest.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.effects import ast

_PLURALS = {
    "property": "properties",
    "occupied property": "occupied properties",
    "vacant property": "vacant properties",
    "zone": "zones",
    "player": "players",
    "opponent": "opponents",
    "card": "cards",
}
_WORDING = {
    ast.Count: "a count over", ast.Choose: "a choice among", ast.ForEach: "a 'for each' over",
    ast.Extreme: "a highest or lowest among",
}


@dataclass(frozen=True, slots=True)
class Sizes:
    """How many of each thing a collection can range over; the defaults are the largest the
    schema allows (26 zones of 20 properties, 8 players)."""

    properties: int = 520
    largest_zone: int = 20
    zones: int = 26
    players: int = 8
    cards: int = 1_000
    """Every copy of every card, at the largest player count: the most a pile can hold (the
    check refuses a game of more, variant.load.MAX_CARDS)."""
    units: int = 8_000
    """Every unit of every player, at the largest player count: the most a stack can hold."""
    routines: tuple[tuple[str, int, int], ...] = ()
    """Each routine's worst case, worked out before the effects that call it: (name, steps as
    `program_cost` counts them, work as `program_work` does). A routine not listed counts 0
    (one the check refused: the variant does not build anyway)."""

    holds: tuple[tuple[str, int], ...] = ()
    """The piles that say how many cards they can hold (a pile's `holds`), each with it: a
    collection of the cards of one counts that many, not every card of the game (issue 47,
    item 2: a hand of 6 counted as the deck's 60)."""

    pieces: tuple[tuple[str, int], ...] = ()
    """for each piece: every piece of each name at the largest player count (`pieces:`, its
    `count` for the table or for each player), what `for each NAME R` ranges over; `for each
    piece R` ranges over them all."""

    space_holds: int | None = None
    """A space's capacity (`board.holds`): the most cards a space's stack holds, what a
    collection of the cards of a space counts (issue 47, item 2: a step's stack counted every
    card of the game); None: every card of the game."""
    piles: frozenset[str] = frozenset()
    """The names of the variant's piles, which a place named so is (any other place of cards
    is a space)."""

    def in_place(self, place: ast.Expr | None) -> int:
        """How many cards a collection of the cards of `place` can range over: what the pile
        holds at most when it says so (`NAME` or `NAME of X`), what a space holds when the
        board says so, else every card of the game."""
        name = place.name if isinstance(place, ast.Name) else place.counter if isinstance(place, ast.OfPlayer) else None
        most = next((held for pile, held in self.holds if pile == name), self.cards) if name is not None else self.cards
        if self.space_holds is not None and place is not None and name not in self.piles:  # a space's capacity
            most = self.space_holds
        return min(most, self.cards)

    def over(self, kind: str, place: ast.Expr | None) -> int:
        """How many things a collection of `kind` [in `place`] ranges over, at most."""
        return self.in_place(place) if kind == "card" else self.of(kind, place is not None)

    tests: tuple[tuple[str, int], ...] = ()
    """lang47, named tests: each named test's worst case in steps, worked out before the effects
    that use it (a test not listed counts 0: one the check refused)."""

    def test(self, name: str) -> int:
        """A named test's steps, for each place that uses it."""
        return next((steps for known, steps in self.tests if known == name), 0)

    def routine(self, name: str) -> tuple[int, int]:
        """A routine's (steps, work), for a `do` that runs it."""
        return next(((cost, work) for known, cost, work in self.routines if known == name), (0, 0))

    def of(self, kind: str, in_zone: bool) -> int:
        if kind == "card":
            return self.cards
        if kind == "piece" or any(name == kind for name, _ in self.pieces):  # for each piece
            return sum(copies for name, copies in self.pieces if kind in ("piece", name))
        if kind in ("player", "opponent"):
            return self.players - (kind == "opponent")
        if kind == "zone":
            return self.zones
        return self.largest_zone if in_zone else self.properties


@dataclass(frozen=True, slots=True)
class Cost:
    steps: int
    nesting: tuple[tuple[ast.Node, str], ...] = ()
    """The collections on the dearest path, outermost first, each with its description."""

    def describe(self) -> str:
        """'a count over 20 properties inside a choice among 4 players', innermost first."""
        return " inside ".join(words for _, words in reversed(self.nesting))


def measure(node: ast.Node, sizes: Sizes) -> Cost:
    """The worst-case steps of evaluating an expression, or a choose or for each statement's
    collection (its body is measured statement by statement, not here)."""
    if isinstance(node, (ast.Count, ast.Choose, ast.ForEach, ast.Extreme)):
        return _collection(node, sizes)
    parts = [measure(child, sizes) for child in ast.children(node)]
    dearest = max(parts, key=lambda cost: cost.steps, default=Cost(0))
    if isinstance(node, ast.NamedTest):  # lang47: what the named test costs, each time it is used
        steps = sizes.test(node.name)
        told = ((node, f"the test '{node.name}' ({steps:,} steps each time)"),)
        return Cost(1 + steps + sum(cost.steps for cost in parts), told + dearest.nesting)
    return Cost(1 + sum(cost.steps for cost in parts), dearest.nesting)


def _collection(node: ast.Count | ast.Choose | ast.ForEach | ast.Extreme, sizes: Sizes) -> Cost:
    if isinstance(node, ast.Count) and node.kind == "card" and node.where is None and node.total is None:
        # the size of a pile or stack, read at once (expressions._count)
        return Cost(1 + (measure(node.zone, sizes).steps if node.zone is not None else 0))
    count = sizes.over(node.kind, node.zone)
    where = Cost(0) if node.where is None else measure(node.where, sizes)
    total = node.by if isinstance(node, ast.Extreme) else getattr(node, "total", None)
    if total is not None:
        added = measure(total, sizes)
        where = Cost(where.steps + added.steps, where.nesting + added.nesting)
    extra = sum(measure(e, sizes).steps for e in (node.zone, getattr(node, "chooser", None)) if e is not None)
    piece = node.kind == "piece" or any(name == node.kind for name, _ in sizes.pieces)  # for each piece
    in_zone = " of one zone" if node.zone is not None and node.kind != "card" else ""
    what = "pieces" if piece else _PLURALS.get(node.kind, "properties") + in_zone
    grouped = getattr(node, "group", False)
    words = f"{'a largest group among' if grouped else _WORDING[type(node)]} {count} {what}"
    joined = count * 5 if grouped else 0  # each space kept, then looked at from each of its four sides
    return Cost(1 + extra + joined + count * (1 + where.steps), ((node, words),) + where.nesting)


def measured_parts(nodes: list[ast.Node]) -> list[ast.Node]:
    """What gets evaluated as one piece: each statement's expressions, a choose or for each
    with its `where`, or the given expressions themselves (a card's condition)."""
    parts: list[ast.Node] = []
    for node in ast.walk(nodes):
        if isinstance(node, (ast.Choose, ast.ForEach)):
            parts.append(node)
        elif not isinstance(node, ast.EXPRESSION_TYPES):
            parts.extend(c for c in ast.children(node) if isinstance(c, ast.EXPRESSION_TYPES))
    parts.extend(node for node in nodes if isinstance(node, ast.EXPRESSION_TYPES))
    return parts


def program_cost(statements: tuple[ast.Stmt, ...], sizes: Sizes, times: int = 1) -> int:
    """The worst-case steps of playing a whole effect: each statement's own cost times how
    often the loops around it can run it (a `repeat` its count, or MAX_REPEAT when the count
    is not a number written out; a `for each` the size of what it ranges over), never more
    often than a card may carry out statements. Both branches of an `if` count."""
    from engine.effects.limits import MAX_EFFECT_STEPS

    total = 0
    for statement in statements:
        runs = min(times, MAX_EFFECT_STEPS)
        total += runs * (1 + sum(measure(part, sizes).steps for part in _own_parts(statement)))
        if isinstance(statement, ast.If):
            total += program_cost(statement.then, sizes, times) + program_cost(statement.otherwise, sizes, times)
        elif isinstance(statement, ast.ForEach):
            total += program_cost(statement.body, sizes, times * sizes.over(statement.kind, statement.zone))
        elif isinstance(statement, ast.Repeat):
            total += program_cost(statement.body, sizes, times * repeat_rounds(statement))
        elif isinstance(statement, ast.TakeTurns):
            total += program_cost(statement.body, sizes, times * window_turns(statement))
        elif isinstance(statement, ast.ChooseNumber):  # pilewords: what a pass runs
            total += program_cost(statement.on_pass, sizes, times)
        elif isinstance(statement, ast.Do):
            total += runs * sizes.routine(statement.routine)[0]
    return total


def program_work(statements: tuple[ast.Stmt, ...], sizes: Sizes, times: int = 1) -> int:
    """The worst-case work of one run of an effect, as the game's budget counts it during play
    (limits.MAX_WORK_PER_ACTION): each statement carried out, and each event it tells, times
    how often the loops around it can run it. Unlike `program_cost`, runs are not cut at the
    effect's own statement limit: a program that only that limit would stop (a thousand
    turns of ten thousand lines) is one the check refuses. Both branches of an `if` count."""

    total = 0
    for statement in statements:
        total += times * (1 + told_by(statement, sizes))
        if isinstance(statement, ast.If):
            total += program_work(statement.then, sizes, times) + program_work(statement.otherwise, sizes, times)
        elif isinstance(statement, ast.ForEach):
            total += program_work(statement.body, sizes, times * sizes.over(statement.kind, statement.zone))
        elif isinstance(statement, ast.Repeat):
            total += program_work(statement.body, sizes, times * repeat_rounds(statement))
        elif isinstance(statement, ast.TakeTurns):
            total += program_work(statement.body, sizes, times * window_turns(statement))
        elif isinstance(statement, ast.ChooseNumber):  # pilewords: what a pass runs
            total += program_work(statement.on_pass, sizes, times)
        elif isinstance(statement, ast.Do):
            total += times * sizes.routine(statement.routine)[1]
    return total


def repeat_rounds(statement: ast.Repeat) -> int:
    """The most rounds a `repeat` can run, as the check counts them: its count written out,
    else its `at most K`, else MAX_REPEAT (a count worked out in play, or `repeat while`)."""
    from engine.effects.limits import MAX_REPEAT

    rounds = statement.times.value if isinstance(statement.times, ast.Number) else MAX_REPEAT
    if statement.most is not None:
        rounds = min(rounds, statement.most)
    return max(0, min(rounds, MAX_REPEAT))


def window_turns(statement: ast.TakeTurns) -> int:
    """The most turns a window can last, as the check counts them: its `at most K`, else
    MAX_WINDOW_TURNS."""
    from engine.effects.limits import MAX_WINDOW_TURNS

    return MAX_WINDOW_TURNS if statement.most is None else max(0, min(statement.most, MAX_WINDOW_TURNS))


def told_by(statement: ast.Stmt, sizes: Sizes) -> int:
    """The most events one run of `statement` tells itself (its body aside): what the game's
    log gets from it, which the budget counts like the work."""
    from engine.effects.limits import MAX_REPEAT, MAX_REROLLS
    from engine.words.table import STATEMENTS  # the words are above the language's arithmetic

    told = STATEMENTS[type(statement)].told
    if told == "count":  # one per card drawn or discarded, and a reshuffle or an empty deck each
        count = getattr(statement, "count")  # noqa: B009 - Draw and Discard both have one
        cards = count.value if isinstance(count, ast.Number) else MAX_REPEAT
        return 2 * max(0, min(cards, MAX_REPEAT))
    if told == "stack":  # each unit taken off
        return sizes.units
    if told == "settle":  # each property changing hands, each token moving
        return sizes.properties + sizes.players
    if told == "rerolls":  # a roll each time the die shows what cannot be kept, and the choice
        return MAX_REROLLS + 1
    if told == "roll off":  # every player still tied rolls again, round after round
        return MAX_REROLLS * (sizes.players + 1)
    if told == "pile":  # pilewords: each card of the pile moved, a put or a full pile told for each
        return sizes.in_place(getattr(statement, "source"))  # noqa: B009 - PutEvery's
    assert isinstance(told, int)
    return told


def _own_parts(statement: ast.Stmt) -> list[ast.Node]:
    """What one statement evaluates itself, its body aside."""
    if isinstance(statement, (ast.Choose, ast.ForEach)):
        return [statement]
    return [child for child in ast.children(statement) if isinstance(child, ast.EXPRESSION_TYPES)]
