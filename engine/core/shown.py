"""Text built from values: a `say`, a question's `asking` words and a word's label, with the
values in braces worked out and shown by their kinds (issue 47, 3).

A value is shown as the game's log shows it: a player, a space or a zone by its name, a card
by its name, a number as written, `as money` in the variant's money. A card is shown only to
whom it lies in sight: a question's words to the one asked, a `say` to every seat; otherwise
it is 'a card' (docs/rulings.md, "A text names only the cards its reader may see"). Nothing
is evaluated but the language's own expressions, checked before play like every other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.core.expressions import compile_expr
from engine.core.refs import IN_PLAY
from engine.effects import ast

if TYPE_CHECKING:
    from engine.game.game_state import GameState

HIDDEN_CARD = "a card"
"""What a text shows for a card its reader may not see."""


def shown_text(game: GameState, text: ast.Text, env: dict, me: int, readers: Iterable[int]) -> str:
    """`text` with its values shown, for `readers` (the seats that will read it): a card is
    named only when every one of them may see where it lies."""
    seats = tuple(readers)
    said: list[str] = []
    for part in text.parts:
        if isinstance(part, str):
            said.append(part)
            continue
        value = compile_expr(part.value, game.book.compiled)(game, env, me)
        said.append(value_words(game, game.book.shown_kinds.get(id(part)), value, part.money, seats))
    return "".join(said)


def value_words(game: GameState, kind: str | None, value: Any, money: bool, readers: tuple[int, ...]) -> str:
    """One value in words, by the kind the check gave its expression (None where the rulebook
    could not tell: then by what it holds, a number or a word)."""
    texts = game.texts
    if value is None:
        return "nobody" if kind == "player" else "nothing"
    if kind == "card":
        return texts.card_name(value) if all(card_in_sight(game, value, seat) for seat in readers) else HIDDEN_CARD
    if kind in ("player", "property", "zone", "kind"):
        return texts.value(kind, value)
    if (kind == "money" or money) and type(value) is int:
        return texts.money(value)
    if type(value) is str:
        return texts.zones.get(value, value) if kind == "face" else value
    return str(value)


def card_in_sight(game: GameState, card: Any, seat: int) -> bool:
    """Whether the card lies where `seat` sees it: on a space, in play, or in a pile they see.
    A variable's card remembers where it lay when taken (CardRef.place); one with no place
    is told of no one."""
    place = getattr(card, "place", None)
    if place is None:
        return False
    if place == IN_PLAY or place < 0:
        return True
    return game.layout.seen(place, seat)
