"""The int subclasses an effect's values may be: a card held by a variable, a pile named.

They live apart from `expressions.py` because an int subclass with a field must stay an
ordinary Python class when the kernel is compiled (scripts/build_accel.py); this module is
never compiled.
"""

from __future__ import annotations

from typing import Any

IN_PLAY = -1_000_000
"""CardRef.place of a card being played."""


class CardRef(int):
    """A card held by a variable: its code (piles.card_code), marked as a card so that
    `value of` and `owner of` read the card's, not a property's of the same number. It also
    remembers where it was when the effect named it (`place`: a pile slot, -1 - a space, or
    IN_PLAY; None if unknown), because copies of a card are alike but not in one place:
    `put K on P` takes the very card chosen from the row, not its twin in the deck.
    Equal to its code, so copies compare and count as one.

    Made by `expressions.card_ref`, compiled: a `__new__` written here would run as plain
    Python at every card an effect reads (a quarter of a monopoly-chance playout's time)."""

    place: int | None = None
    """Set once, when made: `put` binds a new CardRef, since copies of a game share them."""


class PileRef(int):
    """A pile an effect names (`deck`, `hand of X`): its slot in `Game.piles`, marked so that
    `put` and `card K in` tell it from a space of the same number."""

    __slots__ = ()


Ref = Any
"""A value an effect computed that may be a CardRef, a PileRef or a plain int. Typed Any on
purpose: the compiled kernel (engine/accel.py) stores what is typed `int` as a machine
integer, which would drop the mark and a CardRef's place."""
