"""The kinds of values the effect language's words deal in, as the checker and the compiled
program both need them: what each kind of choice binds, and what an `if ... else` gives."""

from __future__ import annotations

KIND_OF_CHOICE = {
    "property": "property",
    "occupied property": "property",
    "vacant property": "property",
    "zone": "zone",
    "player": "player",
    "opponent": "player",
    "card": "card",
}
"""The kind of value each `choose KIND X` (and `for each`, `count`) gives X."""


def given_on_both_sides(before: dict[str, str], then: dict[str, str], otherwise: dict[str, str]) -> dict[str, str]:
    """The names an `if ... else` gives a value on both of its sides (of one kind): known after
    it, as `let Z = C` and `choose zone Z` in the two sides of the turn."""
    return {
        name: kind for name, kind in then.items() if name not in before and otherwise.get(name) == kind
    }


def either_of(words: frozenset[str]) -> str:
    """'a', 'a or b', 'a, b or c': the words in order, for a message."""
    ordered = sorted(words)
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " or " + ordered[-1]
