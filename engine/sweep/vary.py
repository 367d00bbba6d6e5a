"""`--vary PATH=VALUES`: one parameter of a sweep, read and checked against the domain the
variant declares for it before any game is played.

VALUES is a range of whole numbers, `a..b` (both ends included) or `a..b:step`, or a comma
list: numbers, `yes`/`no`, words of a `one_of` rule, or, for a `some_of` rule, words joined
by `+` (`value+properties,value`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.variant.overrides import CARD, Domain, NotSettable, Value, domain, shown, target

MAX_POINTS = 10_000
"""The most points a sweep may have (and so the most values of one parameter)."""
MAX_VARY = 2_000
"""The longest --vary argument taken: a path and a list of a few hundred values; a longer list
is a range (`a..b:step`). A longer one is refused before any part of it is quoted back, so a
message never repeats thousands of characters (a value of 5,000 digits was quoted twice)."""

_RANGE = re.compile(r"\s*([+-]?\d{1,18})\s*\.\.\s*([+-]?\d{1,18})\s*(?::\s*([+-]?\d{1,18})\s*)?\Z")


class VaryError(ValueError):
    """A --vary that cannot be swept: the message names the argument, and where the domain
    it breaks is declared in the variant's files."""


@dataclass(frozen=True, slots=True)
class Parameter:
    """A swept rule or card count and the values it takes, in the order given."""

    path: str
    values: tuple[Value, ...]
    domain: Domain
    step: int | None = None
    """For a number: the step the trends are told per (a range's step; 1 for a list)."""

    @property
    def numeric(self) -> bool:
        return self.domain.kind == "number"

    @property
    def label(self) -> str:
        """A short name for a column: the rule's name, or 'CARD count'."""
        where = target(self.path)
        return f"{where.name} count" if where.family == CARD else where.name

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "values": [_plain(v) for v in self.values],
            "domain": self.domain.said(),
            "declared_at": str(self.domain.where) if self.domain.where else None,
            "variant_value": None if self.domain.current is None else _plain(self.domain.current),
            "step": self.step,
        }


def _plain(value: Value) -> Any:
    return list(value) if isinstance(value, tuple) else value


def parse_vary(text: str, document: Any, players: int | None = None) -> Parameter:
    """The parameter of one --vary argument, every value checked against its domain in the
    merged variant `document`, whose own value is a game of `players`'s (a setup may give
    the rule one of its own); raises VaryError."""
    if len(text) > MAX_VARY:
        raise VaryError(f"a --vary is at most {MAX_VARY:,} characters long (this one has {len(text):,}): "
                        "give a long list of numbers as a range, a..b:step")
    path, equals, values = text.partition("=")
    path = path.strip()
    if not equals or not path or not values.strip():
        raise VaryError(f"--vary {text}: give PATH=VALUES, e.g. rules.starting_hand=1..4 or deck.cards.hurricane.count=0,2,4")
    try:
        found = domain(document, path, players)
    except NotSettable as refusal:
        raise VaryError(f"--vary {text}: {_placed(refusal, path)}") from None
    try:
        read, step = parse_values(values, found)
    except NotSettable as refusal:
        declared = f", as declared at {found.where}" if found.where else ""
        hint = f"; {refusal.hint}" if refusal.hint else ""
        raise VaryError(f"--vary {text}: {refusal.message}: {path} is {found.said()}{declared}{hint}") from None
    return Parameter(path, read, found, step)


def _placed(refusal: NotSettable, path: str) -> str:
    """The refusal, and where the variant lists what the path could have named."""
    text = refusal.message + (f" ({refusal.hint})" if refusal.hint else "")
    if refusal.loc is None:
        return text
    listed = "its cards are listed" if target(path).family == CARD else "its rules are declared"
    return f"{text}; {listed} at {refusal.loc}"


def parse_values(text: str, found: Domain) -> tuple[tuple[Value, ...], int | None]:
    """The values of VALUES in the domain `found`, and the step of a number's trend;
    raises NotSettable (without a place) for the first value that is not in it."""
    ranged = _RANGE.match(text)
    if ranged:
        if found.kind != "number":
            raise NotSettable(f"a range '{text.strip()}' is only for numbers")
        first, last, step = int(ranged[1]), int(ranged[2]), int(ranged[3] or 1)
        if step < 1:
            raise NotSettable(f"the step of '{text.strip()}' must be at least 1")
        if last < first:
            raise NotSettable(f"the range '{text.strip()}' runs backwards: write the smaller number first")
        count = (last - first) // step + 1
        if count > MAX_POINTS:
            raise NotSettable(f"'{text.strip()}' gives {count:,} values; a sweep has at most {MAX_POINTS:,} points")
        values: tuple[Value, ...] = tuple(range(first, last + 1, step))
        for value in values:
            problem = found.problem(value)
            if problem:
                raise NotSettable(problem)
        return values, step
    words = [word.strip() for word in text.split(",")]
    if any(not word for word in words):
        raise NotSettable(f"'{text.strip()}' has an empty value between its commas")
    values = tuple(found.read(word) for word in words)
    repeated = next((v for i, v in enumerate(values) if v in values[:i]), None)
    if repeated is not None:
        raise NotSettable(f"{shown(repeated)} is given twice")
    return values, 1 if found.kind == "number" else None


def parse_baseline(text: str, parameters: list[Parameter]) -> tuple[Value, ...]:
    """--baseline VALUES: one value per parameter, in --vary's order, comma-separated."""
    words = [word.strip() for word in text.split(",")]
    if len(words) != len(parameters):
        raise VaryError(f"--baseline {text}: give one value for each --vary ({len(parameters)}), separated by commas")
    values = []
    for word, parameter in zip(words, parameters):
        try:
            values.append(parameter.domain.read(word))
        except NotSettable as refusal:
            raise VaryError(f"--baseline {text}: {refusal.message}: {parameter.path} is {parameter.domain.said()}") from None
    return tuple(values)
