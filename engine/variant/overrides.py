"""Values set from outside a variant's files: a rule (`rules.NAME`) or how many copies of a
card the deck holds (`deck.cards.CARD_ID.count`), as `boardwalk sweep --vary` sets them.

They are set in the merged document, before the schema and every later stage of the check
(load.check_variant), so a variant with settings is checked exactly as a house rule that
wrote them would be: a value the rest of the variant cannot take is a located problem like
any other. A value keeps the place of the one it replaces, so a message about it points at
the line of the files that set the rule or the count.

These two are what a variant declares a domain for: a rule's kind in `rule_kinds` (a number
from .. to, yes or no, one word of a list, some words of a list), and a card's count, a whole
number the schema bounds. Anything else a variant holds (a zone's value, a die's faces) has
no declared domain, so it is not offered here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.diagnostics import Diagnostic, Loc, did_you_mean
from engine.variant.schema import file_schema, rule_spec
from engine.variant.yamlsource import LocDict, LocList

Value = bool | int | str | tuple[str, ...]
"""A rule's value (true or false, a number, a word, some words) or a card's count."""

PATHS = "rules.NAME (a rule) or deck.cards.CARD_ID.count (how many copies of a card the deck holds)"
"""What may be set, in the words a message gives."""

RULES, CARD = "rules", "card"


@dataclass(frozen=True, slots=True)
class Setting:
    """One value set from outside: `path` as written (`rules.starting_hand`), and the value."""

    path: str
    value: Value

    def plain(self) -> list:
        """[path, value] as JSON values (some words as a list)."""
        return [self.path, list(self.value) if isinstance(self.value, tuple) else self.value]

    @classmethod
    def from_plain(cls, data: list) -> Setting:
        path, value = data
        return cls(str(path), tuple(value) if isinstance(value, list) else value)


class NotSettable(ValueError):
    """A path that names nothing the variant lets be set, or a value outside its domain:
    a message, the place in the files to look at (when there is one) and a hint."""

    def __init__(self, message: str, loc: Loc | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.hint = hint

    def __str__(self) -> str:
        where = f"{self.loc}: " if self.loc is not None else ""
        return f"{where}{self.message}" + (f" ({self.hint})" if self.hint else "")


@dataclass(frozen=True, slots=True)
class Target:
    """What a path names: a rule, or a card's count, by its name or id."""

    family: str
    """RULES or CARD."""
    name: str


_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


def target(path: str) -> Target:
    """The rule or card a path names, from its words alone (whether the variant has it is
    `domain`'s question).

    >>> target("rules.starting_hand"), target("deck.cards.hurricane.count")
    (Target(family='rules', name='starting_hand'), Target(family='card', name='hurricane'))
    """
    parts = path.split(".")
    if len(parts) == 2 and parts[0] == "rules" and _NAME.match(parts[1]):
        return Target(RULES, parts[1])
    if len(parts) == 4 and parts[:2] == ["deck", "cards"] and parts[3] == "count" and _NAME.match(parts[2]):
        return Target(CARD, parts[2])
    raise NotSettable(f"'{path}' names nothing that can be set", hint=f"give {PATHS}")


@dataclass(frozen=True, slots=True)
class Domain:
    """The values a rule or a count may take, where that is declared, and the variant's own."""

    kind: str
    """"number", "yes_no", "one_of" or "some_of"."""
    low: int = 0
    high: int = 0
    words: tuple[str, ...] = ()
    where: Loc | None = None
    """Where the domain is declared: the rule's kind in `rule_kinds`, or the card's count."""
    current: Value | None = None
    """The value the variant's files give."""

    def said(self) -> str:
        """The domain in words: 'a whole number from 0 to 20'."""
        if self.kind == "number":
            return f"a whole number from {self.low} to {self.high}"
        if self.kind == "yes_no":
            return "yes or no"
        if self.kind == "one_of":
            return f"one of {', '.join(self.words)}"
        return f"one or more of {', '.join(self.words)}, joined by '+'"

    def problem(self, value: Value) -> str | None:
        """Why `value` is outside the domain ('21 is too large'), or None when it is inside."""
        if self.kind == "number":
            if type(value) is not int:
                return f"'{shown(value)}' is not a whole number"
            if value < self.low or value > self.high:
                return f"{value} is too {'small' if value < self.low else 'large'}"
            return None
        if self.kind == "yes_no":
            return None if isinstance(value, bool) else f"'{shown(value)}' is not yes or no"
        if self.kind == "one_of":
            return None if isinstance(value, str) and value in self.words else f"'{shown(value)}' is not one of its words"
        if not isinstance(value, tuple) or not value or "" in value:
            return f"'{shown(value)}' is not a list of its words"
        if len(set(value)) < len(value):
            return f"'{shown(value)}' names a word twice"
        wrong = [word for word in value if word not in self.words]
        return f"'{wrong[0]}' is not one of its words" if wrong else None

    def read(self, text: str) -> Value:
        """A value of this domain as a person types it ('3', 'yes', 'seat', 'value+properties');
        raises NotSettable when it is not one (without a place: the caller knows it)."""
        if self.kind == "number":
            if not re.fullmatch(r"[+-]?\d{1,18}", text.strip()):
                raise NotSettable(f"'{text}' is not a whole number")
            value: Value = int(text)
        elif self.kind == "yes_no":
            words = {"yes": True, "true": True, "no": False, "false": False}
            if text.strip().lower() not in words:
                raise NotSettable(f"'{text}' is not yes or no")
            value = words[text.strip().lower()]
        elif self.kind == "one_of":
            value = text.strip()
        else:
            value = tuple(word.strip() for word in text.split("+"))
        problem = self.problem(value)
        if problem is not None:
            hint = did_you_mean(text.strip(), list(self.words)) if self.kind == "one_of" else None
            raise NotSettable(problem, hint=hint)
        return value


def shown(value: Value) -> str:
    """A value as a person types it: `yes`, `3`, `seat`, `value+properties`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "+".join(value)
    return str(value)


def domain(document: Any, path: str, players: int | None = None) -> Domain:
    """The domain of what `path` names in a merged variant document; raises NotSettable,
    placed where the variant lists what it has, when the path names nothing in it. Its
    `current` is a game of `players`'s value, where the setup for that count gives one."""
    where = target(path)
    if where.family == RULES:
        return _rule_domain(document, where.name, players)
    return _count_domain(document, where.name)


def _setup_value(document: Any, name: str, players: int | None) -> Any:
    """The value the setup for `players` gives the rule `name` (`players.setups[].rules`),
    or None where it gives none."""
    part = document.get("players") if isinstance(document, dict) else None
    for setup in part.get("setups", ()) if isinstance(part, dict) and players is not None else ():
        own = setup.get("rules") if isinstance(setup, dict) and setup.get("players") == players else None
        if isinstance(own, dict) and name in own:
            return own[name]
    return None


def _rule_domain(document: Any, name: str, players: int | None = None) -> Domain:
    kinds = document.get("rule_kinds") if isinstance(document, dict) else None
    rules = document.get("rules") if isinstance(document, dict) else None
    if not isinstance(kinds, LocDict) or name not in kinds:
        declared = list(kinds) if isinstance(kinds, dict) else []
        hint = did_you_mean(name, declared) or (f"its rules: {', '.join(declared)}" if declared else None)
        loc = document.key_locs.get("rule_kinds") if isinstance(document, LocDict) else None
        raise NotSettable(f"the variant has no rule '{name}'", loc, hint)
    spec = rule_spec(kinds[name]) or {}
    loc = kinds.value_locs[name].loc
    current = _setup_value(document, name, players)
    if current is None:
        current = rules.get(name) if isinstance(rules, dict) else None
    current_value: Value | None = tuple(current) if isinstance(current, list) else current
    if spec.get("type") == "integer":
        return Domain("number", spec["minimum"], spec["maximum"], where=loc, current=current_value)
    if spec.get("type") == "boolean":
        return Domain("yes_no", where=loc, current=current_value)
    if "enum" in spec:
        return Domain("one_of", words=tuple(spec["enum"]), where=loc, current=current_value)
    if "items" in spec:
        return Domain("some_of", words=tuple(spec["items"]["enum"]), where=loc, current=current_value)
    raise NotSettable(f"the rule '{name}' has a kind that declares no values", loc)


def _count_domain(document: Any, card_id: str) -> Domain:
    card, cards = _card(document, card_id)
    if card is None:
        ids = [str(item["id"]) for item in cards if isinstance(item, dict) and isinstance(item.get("id"), str)]
        hint = did_you_mean(card_id, ids)
        loc = cards.loc.loc if isinstance(cards, LocList) and cards.loc is not None else None
        raise NotSettable(f"the deck has no card '{card_id}'", loc, hint)
    count = file_schema()["definitions"]["card"]["properties"]["count"]
    loc = card.value_locs["count"].loc if "count" in card.value_locs else card.loc.loc if card.loc else None
    current = card.get("count")
    return Domain("number", count["minimum"], count["maximum"], where=loc,
                  current=current if type(current) is int else None)


def _card(document: Any, card_id: str) -> tuple[LocDict | None, list]:
    """The deck's card of that id in a merged document (None when it has none), and the
    deck's list of cards."""
    deck = document.get("deck") if isinstance(document, dict) else None
    cards = deck.get("cards") if isinstance(deck, dict) else None
    if not isinstance(cards, list):
        return None, []
    found = next((item for item in cards if isinstance(item, LocDict) and item.get("id") == card_id), None)
    return found, cards


def apply(document: LocDict, settings: tuple[Setting, ...]) -> list[Diagnostic]:
    """Set each value in the merged document, in place, where the files set what it
    replaces; a path the document has no place for is a problem (at the document's start),
    and the value a problem of the schema's if outside its domain."""
    problems = []
    for setting in settings:
        try:
            where = target(setting.path)
            domain(document, setting.path)  # it exists
        except NotSettable as refusal:
            loc = refusal.loc or (document.loc.loc if document.loc else Loc("?"))
            problems.append(Diagnostic(loc, f"cannot set {setting.path}: {refusal.message}", refusal.hint))
            continue
        if where.family == RULES:
            rules = document.get("rules")
            if not isinstance(rules, LocDict):
                problems.append(Diagnostic(document.loc.loc if document.loc else Loc("?"),
                                           f"cannot set {setting.path}: the variant has no 'rules'"))
                continue
            _set(rules, where.name, setting.value, document["rule_kinds"].value_locs[where.name])
            _unset_in_setups(document, where.name)
        else:
            card, _ = _card(document, where.name)
            assert card is not None  # domain() found it
            _set(card, "count", setting.value, card.value_locs.get("count") or card.loc)
    return problems


def _unset_in_setups(document: LocDict, name: str) -> None:
    """A value set from outside is the rule's in every game: the values the setups give it
    for their numbers of players (`players.setups[].rules`) are taken out (rulings.md, 89)."""
    players = document.get("players")
    for setup in players.get("setups", ()) if isinstance(players, dict) else ():
        own = setup.get("rules") if isinstance(setup, dict) else None
        if isinstance(own, dict) and name in own:
            del own[name]
            if isinstance(own, LocDict):
                own.key_locs.pop(name, None)
                own.value_locs.pop(name, None)


def _set(mapping: Any, key: str, value: Value, fallback: Any) -> None:
    """mapping[key] = value, keeping the place of the value it replaces (or `fallback`'s)."""
    place = mapping.value_locs.get(key) or fallback
    if isinstance(value, tuple):
        words = LocList(value, loc=place)
        words.value_locs = [place] * len(value)
        mapping[key] = words
    else:
        mapping[key] = value
    mapping.value_locs[key] = place
    if key not in mapping.key_locs and place is not None:
        mapping.key_locs[key] = place.loc
