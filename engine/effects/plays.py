"""Which cards a card can play (`play K`), and the cycles among them that the check refuses.

A card played by another starts its own effect, with its own count of statements. A card that
plays itself (`play this`), or two that can play each other, would start again and again
within one move; the game's work budget (limits.MAX_WORK_PER_ACTION) stops that during play,
but a cycle the check can see is refused before any game, at the `play` that closes it.

What the check can see: `play this`, and `play K` where K was chosen, looped over or named by
`let` from `this` or among cards with given tags (`choose card K in hand of me where K has
"nope"`): those are the cards with every one of those tags. A card from a pile with no tag
asked (`play top card of chance_deck`) could be any card, which would make every deck a
cycle; the budget alone stands guard there.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.effects import ast
from engine.effects.cycles import circles

Names = dict[str, "ast.Node | tuple[ast.Node, ...]"]
"""What each variable was made by where a statement stands: the choose, for each or let that
named it, or each of them where the two sides of an `if` name it differently."""


@dataclass(frozen=True)
class Play:
    """One `play` statement of a card, and the cards it can be seen to play."""

    card: str
    node: ast.PlayCard
    targets: frozenset[str]
    tags: frozenset[str]
    """The tags that pick the targets (empty for `this`)."""


@dataclass(frozen=True)
class Cycle:
    """Cards that can play one another without end, in the order they play: each `plays[i]`
    plays the card of `plays[i + 1]`, and the last plays the first's card."""

    plays: tuple[Play, ...]

    def describe(self) -> str:
        first = self.plays[0]
        if len(self.plays) == 1:
            if not first.tags:
                return f"card '{first.card}' plays itself ('play this'): its effect would start again without end"
            return (f"card '{first.card}' can play itself: it plays a card {_tagged(first.tags)}, and it is one, "
                    "so its effect could start again without end")
        steps = ", ".join(
            f"'{play.card}' plays '{following.card}' ({_tagged(play.tags) if play.tags else 'this'})"
            for play, following in zip(self.plays, self.plays[1:] + self.plays[:1])
        )
        return f"cards can play one another without end: {steps}"

    def hint(self) -> str:
        if len(self.plays) == 1 and not self.plays[0].tags:
            return "to do part of a card again, put it inside 'repeat N times:' or 'repeat while ...:'"
        return "play cards of another tag here, or take the tag off a card of the cycle"


def _tagged(tags: frozenset[str]) -> str:
    return "tagged " + " and ".join(f'"{tag}"' for tag in sorted(tags))


def scoped(statements: tuple[ast.Stmt, ...], names: Names | None = None) -> Iterator[tuple[ast.Stmt, Names]]:
    """Each statement of an effect, in order and into every block, with the `Names` where it
    stands. (A name is made once per effect, but the same letter may be made again in
    another block: `for each card K in row` here, `choose card K in deck` there.)"""
    known: Names = dict(names or {})
    for statement in statements:
        yield statement, known
        if isinstance(statement, ast.If):
            yield from scoped(statement.then, known)
            yield from scoped(statement.otherwise, known)
        elif isinstance(statement, ast.ForEach):
            yield from scoped(statement.body, {**known, statement.var: statement})
        elif isinstance(statement, ast.Repeat):
            yield from scoped(statement.body, known)
        elif isinstance(statement, ast.TakeTurns):
            yield from scoped(statement.body, {**known, statement.var: statement})
        elif isinstance(statement, ast.ChooseNumber) and statement.on_pass:  # pilewords: what a pass runs
            yield from scoped(statement.on_pass, known)
        known = _after(statement, known)


def _after(statement: ast.Stmt, known: Names) -> Names:
    """The names known after a statement: what it makes, and after an `if`, what its two
    sides make (None where they make it differently)."""
    if isinstance(statement, (ast.Choose, ast.Let)):
        return {**known, statement.var: statement}
    if isinstance(statement, ast.If):
        then, otherwise = _made_in(statement.then), _made_in(statement.otherwise)
        made: Names = {}
        for var in then.keys() & otherwise.keys():  # a name only one side makes is not known after
            sides = _alternatives(then[var]) + _alternatives(otherwise[var])
            made[var] = sides[0] if len(set(sides)) == 1 else tuple(dict.fromkeys(sides))
        return {**known, **made}
    return known


def _alternatives(made: ast.Node | tuple[ast.Node, ...]) -> tuple[ast.Node, ...]:
    return made if isinstance(made, tuple) else (made,)


def _made_in(block: tuple[ast.Stmt, ...]) -> Names:
    """The names a block's own statements make, as at its end."""
    made: Names = {}
    for statement in block:
        made = _after(statement, made)
    return made


def plays_of(card: str, program: ast.Program, tags_of: dict[str, frozenset[str]]) -> list[Play]:
    """Every `play` of the card's effect whose card can be seen, with the cards it can play."""
    found = []
    for statement, names in scoped(program.statements):
        if isinstance(statement, ast.PlayCard):
            seen = _seen(statement.card, card, names, tags_of, depth=0)
            if seen is not None:
                targets, tags = seen
                found.append(Play(card, statement, targets, tags))
    return found


def _seen(
    expr: ast.Expr, card: str, binding: Names, tags_of: dict[str, frozenset[str]], depth: int
) -> tuple[frozenset[str], frozenset[str]] | None:
    """The cards `expr` can name and the tags that pick them, or None when it could be any."""
    if not isinstance(expr, ast.Name) or depth > len(binding):
        return None
    if expr.name == "this":
        return frozenset({card}), frozenset()
    bound = binding.get(expr.name)
    if isinstance(bound, tuple):  # made differently on the two sides of an `if`: either
        found = [_seen(expr, card, {**binding, expr.name: side}, tags_of, depth + 1) for side in bound]
        if any(side is None for side in found):
            return None
        return frozenset().union(*(f[0] for f in found if f)), frozenset().union(*(f[1] for f in found if f))
    if isinstance(bound, ast.Let):
        return _seen(bound.value, card, binding, tags_of, depth + 1)
    if isinstance(bound, (ast.Choose, ast.ForEach)) and bound.kind == "card" and bound.where is not None:
        wanted = frozenset(required_tags(bound.where, bound.var))
        if wanted:
            return frozenset(name for name, tags in tags_of.items() if wanted <= tags), wanted
    return None


def required_tags(condition: ast.Expr, var: str) -> list[str]:
    """The tags `condition` asks `var` to have whatever else holds: `var has "t"`, alone or
    among the parts of an `and`."""
    if isinstance(condition, ast.HasWord) and isinstance(condition.subject, ast.Name) and condition.subject.name == var:
        return [condition.word]
    if isinstance(condition, ast.Logic) and condition.op == "and":
        return [tag for part in condition.operands for tag in required_tags(part, var)]
    return []


def cycles(plays: list[Play]) -> list[Cycle]:
    """Each cycle of cards playing one another, once (from the card that comes first in
    `plays`' order), the shortest through that card."""
    by_card: dict[str, list[Play]] = {}
    for play in plays:
        by_card.setdefault(play.card, []).append(play)

    def edges(card: str) -> list[tuple[Play, str]]:
        return [(play, target) for play in by_card.get(card, ()) for target in sorted(play.targets)]

    return [Cycle(tuple(play for _, play in path)) for path in circles(by_card, edges)]
