"""What each of a variant's scores reads of a game, found once from its expression, so that
a score worked out in one position can be remembered for every position that agrees with it
there (Table.score).

A bot judges every option it tries by the variant's scores, and most options change nothing a
given score reads: a bid in an auction moves money, not the buildings that `building points`
count from the island's stacks. Worked out afresh, Monopoly Builder's scores were most of the
greedy bot's time. The reads are what the key of a remembered value is made of; a score that
reads anything this module cannot name (the turn's player, a leader, the card being played, a
word it does not know) is not remembered at all, so an expression the analysis misses costs
speed, never a wrong score. tests/test_score_reads.py checks, in random games of every
bundled and test variant, that every score remembered equals the score worked out afresh.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.effects import ast
from engine.variant.model import Variant

STACKS, FIELD, COUNTER, GAME_COUNTER, PILE, PIECES = range(6)
"""The kinds of state a score may read: the spaces' stacks, a list of the game's by its field
name (who holds each space, the players' worth, supply, properties held, token positions, the
turn order), a counter of each player or space (by name), a counter of the game's (by name),
a pile's every slot (by name), and where the pieces of one name stand (by name: Table.pieces)."""


@dataclass(frozen=True, slots=True)
class Read:
    """One piece of state a score reads: its kind, and the field's, counter's or pile's name."""

    kind: int
    name: str = ""
    each: str = ""
    """A pile's `each` (player, space or the table's): how many slots it has in a game."""


_ATTRIBUTE_READS = {
    "top": (Read(STACKS),), "height": (Read(STACKS),), "owner": (Read(STACKS), Read(FIELD, "holder")),
    "worth": (Read(FIELD, "worth"),), "supply": (Read(FIELD, "supply"),), "properties": (Read(FIELD, "held"),),
    "position": (Read(FIELD, "positions"),), "value": (), "zone": (), "space": (),
}
"""What each `ATTRIBUTE of X` reads (a card's value, zone and space are fixed: none). `cards of
X` is left out: it reads the hand, which a score reading is rare enough not to name."""

_LOOPS_READ = {"player": (Read(FIELD, "order"),), "opponent": (Read(FIELD, "order"),), "zone": (), "property": (),
               "occupied property": (Read(STACKS),), "vacant property": (Read(STACKS),), "card": ()}
"""What a `count`/`total` reads to know what it ranges over, besides its `in` place: players
in turn order, occupied or vacant spaces by their stacks (a zone's spaces, and zones, are fixed)."""


class _Unnamed(Exception):
    """The expression reads something no `Read` names: its score is not remembered."""


def score_reads(variant: Variant) -> dict[str, tuple[Read, ...]]:
    """The scores worth remembering, each with what it reads, in a fixed order. A score is
    remembered when it runs a loop of its own (a `count` or `total`): the others are a few
    sums of other scores and counters, cheaper worked out than looked up."""
    names = _Names(variant)
    found: dict[str, tuple[Read, ...]] = {}
    for score in variant.scores:
        if not any(isinstance(node, ast.Count) for node in ast.walk([score.expression])):
            continue
        try:
            reads = names.reads(score.expression, frozenset({"X"}), (score.id,))
        except _Unnamed:
            continue
        found[score.id] = tuple(sorted(reads, key=lambda r: (r.kind, r.name)))
    return found


class _Names:
    """The variant's names an expression may use, by what they stand for."""

    def __init__(self, variant: Variant):
        self.counters = {c.id: c.each for c in variant.counters}
        self.piles = {p.id: p.each for p in variant.piles}
        self.scores = {s.id: s.expression for s in variant.scores}
        self.numbers = {key for prop in variant.properties for key, _ in prop.numbers}
        self.numbers |= {key for zone in variant.zones for key, _ in zone.numbers}
        self.fixed = {zone.id for zone in variant.zones}
        self.fixed |= {str(face) for die in variant.dice for face in die.faces}
        self.tests = {test.name: test for test in variant.tests}
        self.pieces = tuple(piece.id for piece in variant.pieces)

    def _test(self, name: str, scores: tuple[str, ...]) -> set[Read]:
        """What the body of the named test `name` reads, its parameters bound (a test used in
        a score: Can't Stop's `marker_at(X, P)`, on a space's stack). A test that uses itself
        again, or is not the variant's, is not named."""
        test = self.tests.get(name)
        if test is None or f"test {name}" in scores:
            raise _Unnamed(name)
        return self.reads(test.expression, frozenset(param for param, _ in test.params), (*scores, f"test {name}"))

    def reads(self, expr: ast.Expr, bound: frozenset[str], scores: tuple[str, ...]) -> set[Read]:
        """What `expr` reads, with `bound` the variables in scope and `scores` the scores
        being read (a score that reads itself again is refused by the checker; here it is
        simply not remembered)."""
        if isinstance(expr, (ast.Number, ast.Rule, ast.Word)):
            return set()
        if isinstance(expr, ast.Name):
            return self._name(expr.name, bound)
        if isinstance(expr, ast.Attribute):
            if expr.attribute not in _ATTRIBUTE_READS:
                raise _Unnamed(expr.attribute)
            return self.reads(expr.subject, bound, scores) | set(_ATTRIBUTE_READS[expr.attribute])
        if isinstance(expr, ast.OfPlayer):
            return self.reads(expr.subject, bound, scores) | self._of(expr.counter, bound, scores)
        if isinstance(expr, (ast.UnitsOn, ast.HasUnits)):
            return self.reads(expr.player, bound, scores) | self.reads(expr.property, bound, scores) | {Read(STACKS)}
        if isinstance(expr, ast.TopCard):
            return self.reads(expr.subject, bound, scores) | {Read(STACKS)}
        if isinstance(expr, ast.Count):
            if expr.kind in self.pieces or expr.kind == "piece":  # where they stand: all a piece's attributes read
                loop = {Read(PIECES, name) for name in self.pieces if expr.kind in (name, "piece")}
            elif expr.kind in _LOOPS_READ:
                loop = set(_LOOPS_READ[expr.kind])
            else:
                raise _Unnamed(expr.kind)
            inner = bound | {expr.var}
            found = loop
            if expr.zone is not None:
                found |= self.reads(expr.zone, bound, scores)
                if expr.kind == "card" and not self._is_pile(expr.zone):
                    found.add(Read(STACKS))  # the cards of a space are its stack
            for part in (expr.where, expr.total):
                if part is not None:
                    found |= self.reads(part, inner, scores)
            return found
        if isinstance(expr, (ast.Arith, ast.Compare, ast.IsSame, ast.NextTo)):
            return self.reads(expr.left, bound, scores) | self.reads(expr.right, bound, scores)
        if isinstance(expr, ast.Logic):
            found = set()
            for operand in expr.operands:
                found |= self.reads(operand, bound, scores)
            return found
        if isinstance(expr, ast.Not):
            return self.reads(expr.operand, bound, scores)
        if isinstance(expr, ast.HasWord):
            return self.reads(expr.subject, bound, scores)
        if isinstance(expr, ast.SpaceOf):
            return self.reads(expr.number, bound, scores) | self.reads(expr.zone, bound, scores)
        if isinstance(expr, ast.NamedTest):
            found = self._test(expr.name, scores)
            for arg in expr.args:
                found |= self.reads(arg, bound, scores)
            return found
        if isinstance(expr, ast.IsAdjective) and expr.adjective in ("vacant", "occupied"):
            return self.reads(expr.subject, bound, scores) | {Read(STACKS)}
        if isinstance(expr, ast.IsAdjective) and expr.adjective == "off":
            if isinstance(expr.subject, ast.Name) and expr.subject.name in bound:
                return set()  # a piece a loop of pieces went through, whose key holds where they stand
            return self.reads(expr.subject, bound, scores) | {Read(PIECES, name) for name in self.pieces}
        raise _Unnamed(type(expr).__name__)  # a leader or the last (the standing), or a new kind of node

    def _is_pile(self, place: ast.Expr) -> bool:
        """Whether a card's place is a pile by its name (`deeds of X`, `discard`), not a space."""
        if isinstance(place, ast.OfPlayer):
            return place.counter in self.piles
        return isinstance(place, ast.Name) and place.name in self.piles

    def _name(self, name: str, bound: frozenset[str]) -> set[Read]:
        """A bare name: a variable, `me` (the player scored), a counter of the game's, a pile
        of the table's, or a fixed name (a zone, a die's face)."""
        if name in bound or name == "me":
            return set()
        if name in ("turn_player", "this"):
            raise _Unnamed(name)
        if self.counters.get(name) == "game":
            return {Read(GAME_COUNTER, name)}
        if name in self.piles:
            return {Read(PILE, name, self.piles[name])}
        if name in self.fixed:
            return set()
        raise _Unnamed(name)

    def _of(self, name: str, bound: frozenset[str], scores: tuple[str, ...]) -> set[Read]:
        """`NAME of X`: a number of a space or zone (fixed), a counter of each player or space,
        a pile, or another score (what that one reads)."""
        if name in self.numbers:
            return set()
        if name in self.counters and self.counters[name] != "game":
            return {Read(COUNTER, name)}
        if name in self.piles:
            return {Read(PILE, name, self.piles[name])}
        if name in self.scores and name not in scores:
            return self.reads(self.scores[name], frozenset({"X"}), (*scores, name))
        raise _Unnamed(name)

