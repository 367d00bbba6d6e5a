"""How one kind of event is told in words: its record, and the bits of English the records share.

An event's text lives with the words that tell it: each family of words in engine/words/
keeps, beside its words, an `EVENT_TEXTS` tuple of `EventText` records, one per kind of event
it tells (the kernel's own kinds, such as `turn` or `discard`, sit with the family they
belong to). engine/words/table.py gathers them into one table by kind, and `Texts`
(messages.py) is given it: `Event.describe` looks its kind up there. A new kind of event gets
its text by a record in its family's `EVENT_TEXTS`; tests/test_api_kinds.py fails while a
kind the code tells has no record, or two, or data other than docs/api.md's table gives it.

This module imports nothing of the engine, so that the words, which the language's checker
loads, can make their records without loading the kernel's messages.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game.messages import Texts


@dataclass(frozen=True)
class EventText:
    """One kind of event, told in words."""

    kind: str
    keys: tuple[str, ...]
    """The names of the data an event of this kind may carry (docs/api.md's table)."""
    tell: Callable[[dict[str, Any], Texts, bool], str]
    """`tell(data, texts, hidden)`: the event in plain English, built from the variant's names
    (`texts`); `hidden` when its card is kept from the viewer, who is then told 'a card'."""


def counted(count: int, word: str, plural: str | None = None) -> str:
    """A number and a noun that agrees with it: '1 unit', '2 units', '1 property'.

    >>> counted(1, "unit"), counted(0, "card"), counted(2, "property", "properties")
    ('1 unit', '0 cards', '2 properties')
    """
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def listed(names: list[str]) -> str:
    """Names in a sentence: 'Red, Blue and Green' (two or more).

    >>> listed(["Red", "Blue", "Green"]), listed(["Red", "Blue"])
    ('Red, Blue and Green', 'Red and Blue')
    """
    return ", ".join(names[:-1]) + " and " + names[-1]


def counter_words(shown: str, value: str) -> str:
    """A counter's words ('has {} flips left') with its value; a plural noun right after a
    value of 1 made singular, the one agreement a template cannot write itself, of one word or
    of two ('has {} dump trucks').

    >>> counter_words("has {} flips left", "1"), counter_words("has {} flips left", "3")
    ('has 1 flip left', 'has 3 flips left')
    >>> counter_words("has {} dump trucks", "1")
    'has 1 dump truck'
    """
    words = shown.replace("{}", value)
    if value == "1":
        words = re.sub(r"(?<![\w$])1 ((?:\w+ )?\w+?[^s])s\b", r"1 \1", words)
    return words
