"""The words of the language that give a value (expressions), one record each, as statements
have theirs (word.py): the check that gives its kind, the compiler that makes the closure the
game runs, how its cost is counted, and an example. The code stays where it runs (the
checker's `expr_NAME` methods, the compilers of engine/core/expressions.py); the record is the
one list of what a value word touches, and tests/test_value_words.py fails while a word lacks
a facet, or while the checker or the compiler dispatch elsewhere than its record says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import expressions
from engine.effects import ast
from engine.effects.check import Checker

PARTS = "one step, and its parts"
"""The cost of most values: one step to work it out once its parts are known (cost.measure)."""
COLLECTION = "its collection's size, times one and its `where`"
"""The cost of a value that goes through a collection (a count, a total, a largest group)."""


@dataclass(frozen=True, slots=True)
class ValueWord:
    node: type
    check: Callable[..., Any]
    """The Checker's method that gives the value's kind ("number", "player", "bool", ...)."""
    compile: Callable[..., Any]
    """The compiler of engine/core/expressions.py that turns the node into a closure."""
    cost: str
    """How cost.py counts it: PARTS or COLLECTION."""
    example: str
    """A condition of the default variant that uses it: checked, and
    worked out in a game, by the test."""
    needs: str = ""
    """Lines a variant file extending the default adds for the example (a named test's
    `tests:`), where it needs them."""


def _word(node: type, example: str, cost: str = PARTS, needs: str = "") -> ValueWord:
    name = node.__name__
    return ValueWord(node, getattr(Checker, f"expr_{name}"), expressions.compiler_of(node), cost, example, needs)


VALUES: dict[type, ValueWord] = {
    word.node: word
    for word in (
        _word(ast.Number, "3 > 2"),
        _word(ast.Name, "me is leader"),
        _word(ast.Attribute, "worth of me > 5"),
        _word(ast.UnitsOn, "(count property P where units of me on P > 1) > 0"),
        _word(ast.Count, "(count property P in red where P is vacant) > 3", COLLECTION),
        _word(ast.Arith, "worth of me + 2 * cards of me > -5"),
        _word(ast.Compare, "cards of me >= 2"),
        _word(ast.IsAdjective, "me is not last"),
        _word(ast.IsSame, "(count property P where P is occupied and top of P is me) > 0"),
        _word(ast.HasUnits, "(count property P where me has units on P) > 0"),
        _word(ast.Logic, "me is leader or me is last and cards of me > 0"),
        _word(ast.Not, "not me is last"),
        _word(ast.Rule, "cards of me < rule starting_hand"),
        _word(ast.Word, '"deal" is "deal"'),
        _word(ast.HasWord, '(count card K in hand of me where K has "after_roll") >= 0'),
        _word(ast.OfPlayer, "(count card K in hand of me) > 1"),
        _word(ast.TopCard, "(count card K in hand of me where K is top card of hand of me) > 0"),
        _word(ast.SpaceOf, "space 1 of red is vacant"),
        _word(ast.NextTo, "(count property P where P is next to space 1 of red) > 0"),
        _word(ast.Extreme, "highest value of P for each property P where top of P is me >= 0", COLLECTION),  # lang47
        _word(ast.NextPlayer, "next player after me is not me and me is playing"),  # lang47
        _word(ast.NamedTest, "has_hotel_in(red, me) or not has_hotel_in(blue, me)",  # lang47
              needs="tests:\n  has_hotel_in: |\n    takes zone Z, player X\n"
                    "    (count hotel P in Z where top of P is X) > 0\n"),
    )
}
"""Every value word, by its node."""
