"""The kinds of values the effect language's words deal in, as the checker and the compiled
program both need them: what each kind of choice binds, and what an `if ... else` gives."""

from __future__ import annotations

from engine.effects import ast

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


def thing_kind(kind: str, pieces: object = ()) -> str:
    """for each piece: the kind of value `choose`/`for each`/`count KIND X` gives X: a piece
    for `piece` or the name of one of the variant's pieces (`for each runner R`, `pieces`
    its names), else as KIND_OF_CHOICE says (a kind of space it does not know: a property)."""
    if kind == "piece" or kind in pieces:  # type: ignore[operator]
        return "piece"
    return KIND_OF_CHOICE.get(kind, "property")


def parameters(statements: tuple[ast.Stmt, ...]) -> tuple[tuple[str, str], ...]:
    """lang47, parameters: the names a routine or a named test is given and their kinds, from
    its first line (`takes zone C, number N`): (name, kind) pairs; none without one. A kind
    the language does not know is kept as written, for the check to refuse."""
    first = statements[0] if statements else None
    if not isinstance(first, ast.Takes):
        return ()
    return tuple((name, "piece" if kind == "piece" else KIND_OF_CHOICE.get(kind, kind)) for kind, name in first.params)


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
